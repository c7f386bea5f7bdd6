"""Substrate signing payloads, signatures and extrinsics against scalecodec, py-sr25519-bindings,
PyNaCl and coincurve, on thousands of random SignerPayloadJSONs.

For each random payload (random extension subset and order, era, nonce, tip, asset id, metadata
hash mode, call bytes of random length across the 256-byte boundary) the signer's chain module
(via airsign-testkit: review, then sign) must:
- sign exactly the bytes this file assembles from the spec's rule with scalecodec's encoders
  (method ‖ extras ‖ additionals, in the payload's own extension order: no random runtime is
  in the signer's runtime table, so the request's list is the one used, and shown as such);
- produce a MultiSignature that verifies with the reference library of its scheme over the
  payload, or its BLAKE2b-256 when longer than 256 bytes (ecdsa: secp256k1 over BLAKE2b-256);
- return a v4 extrinsic that scalecodec decodes back to the same signer, signature, extras and call.
"""
import hashlib
import json

import coincurve
import nacl.exceptions
import nacl.signing
import sr25519
from scalecodec.base import RuntimeConfiguration, ScaleBytes
from scalecodec.type_registry import load_type_registry_preset
from scalecodec.utils.ss58 import ss58_encode

N = 3000
POLKADOT = bytes.fromhex("91b171bb158e2d3848fa23a9f1c25182fb8e20313b2c1eb49219da7a70ce90c3")
EMPTY = ["CheckNonZeroSender", "CheckWeight", "AuthorizeCall", "WeightReclaim", "StorageWeightReclaim",
         "PrevalidateAttests", "CheckBlockGasLimit"]
CANONICAL = ["AuthorizeCall", "CheckNonZeroSender", "CheckSpecVersion", "CheckTxVersion", "CheckGenesis",
             "CheckMortality", "CheckNonce", "CheckWeight", "ChargeTransactionPayment", "ChargeAssetTxPayment",
             "PrevalidateAttests", "CheckMetadataHash", "WeightReclaim"]
OLD_NAMES = {"CheckSpecVersion": "CheckVersion", "CheckMortality": "CheckEra"}

RC = RuntimeConfiguration()
RC.update_type_registry(load_type_registry_preset("legacy"))


def enc(type_string, value) -> bytes:
    return bytes(RC.create_scale_object(type_string).encode(value).data)


def dec(type_string, data: bytes):
    obj = RC.create_scale_object(type_string, ScaleBytes(data))
    value = obj.decode(check_remaining=False)
    return value, obj.data.offset


def blake256(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=32).digest()


def keypair(scheme, seed):
    """(public key, 32-byte account id) by the reference libraries."""
    if scheme == "sr25519":
        public, _ = sr25519.pair_from_seed(seed)
        return public, public
    if scheme == "ed25519":
        public = bytes(nacl.signing.SigningKey(seed).verify_key)
        return public, public
    public = coincurve.PrivateKey(seed).public_key.format(compressed=True)
    return public, blake256(public)


def verify(scheme, signature: bytes, message: bytes, public: bytes) -> bool:
    if scheme == "sr25519":
        return sr25519.verify(signature, message, public)
    if scheme == "ed25519":
        try:
            nacl.signing.VerifyKey(public).verify(message, signature)
            return True
        except nacl.exceptions.BadSignatureError:
            return False
    recovered = coincurve.PublicKey.from_signature_and_message(signature, blake256(message), hasher=None)
    return recovered.format(compressed=True) == public


def be_hex(value, width):
    return "0x" + value.to_bytes(width, "big").hex()


def random_case(rng):
    scheme = rng.choice(["sr25519", "ed25519", "ecdsa"])
    seed = rng.randbytes(32)
    public, account = keypair(scheme, seed)
    names = [n for n in CANONICAL if rng.random() < 0.6]
    if "ChargeAssetTxPayment" in names and "ChargeTransactionPayment" in names:
        names.remove(rng.choice(["ChargeAssetTxPayment", "ChargeTransactionPayment"]))
    names = [OLD_NAMES.get(n, n) if rng.random() < 0.2 else n for n in names]
    if rng.random() < 0.2:
        rng.shuffle(names)
    genesis = POLKADOT if rng.random() < 0.3 else rng.randbytes(32)
    if rng.random() < 0.25:
        era, block_hash, block_number = "0x00", genesis, 0
    else:
        current = rng.randrange(2**32)
        era = "0x" + enc("Era", {"period": rng.randint(1, 70000), "current": current}).hex()
        block_hash, block_number = rng.randbytes(32), current
    mode = rng.choice([0, 1]) if "CheckMetadataHash" in names else 0
    metadata_hash = rng.randbytes(32) if mode == 1 else None
    asset = ("0x01" + rng.randbytes(rng.randint(1, 12)).hex()) if "ChargeAssetTxPayment" in names and rng.random() < 0.5 else None
    # Call bytes whose payload straddles 256 bytes; a transaction version the built-in call
    # table does not know, so random calls are shown raw rather than decoded.
    method = rng.randbytes(rng.randint(2, 330))
    tip = rng.choice([0, rng.randrange(2**16), rng.randrange(2**128)])
    payload = {
        "address": ss58_encode(account, rng.choice([0, 2, 42, rng.randrange(64, 16384)])),
        "assetId": asset, "blockHash": "0x" + block_hash.hex(), "blockNumber": be_hex(block_number, 4), "era": era,
        "genesisHash": "0x" + genesis.hex(), "metadataHash": "0x" + metadata_hash.hex() if metadata_hash else None,
        "method": "0x" + method.hex(), "mode": mode, "nonce": be_hex(rng.randrange(2**32), 4),
        "signedExtensions": names, "specVersion": be_hex(rng.randrange(2**32), 4), "tip": be_hex(tip, 16),
        "transactionVersion": be_hex(rng.randrange(1000, 2**32), 4), "version": 4,
        "withSignedTransaction": rng.random() < 0.5,
    }
    return scheme, seed, public, account, payload


def extension_parts(name, p):
    """(extra, additional) of one extension, encoded with scalecodec's types."""
    n = OLD_NAMES_REVERSE.get(name, name)
    if n in EMPTY:
        return b"", b""
    if n == "CheckSpecVersion":
        return b"", enc("u32", int(p["specVersion"], 16))
    if n == "CheckTxVersion":
        return b"", enc("u32", int(p["transactionVersion"], 16))
    if n == "CheckGenesis":
        return b"", bytes.fromhex(p["genesisHash"][2:])
    if n == "CheckMortality":
        era = bytes.fromhex(p["era"][2:])
        value, _ = dec("Era", era)
        assert enc("Era", value) == era, "scalecodec re-encodes the era differently"
        return era, bytes.fromhex(p["blockHash"][2:])
    if n == "CheckNonce":
        return enc("Compact<u32>", int(p["nonce"], 16)), b""
    if n == "ChargeTransactionPayment":
        return enc("Compact<Balance>", int(p["tip"], 16)), b""
    if n == "ChargeAssetTxPayment":
        asset = bytes.fromhex(p["assetId"][2:]) if p["assetId"] else b"\x00"
        return enc("Compact<Balance>", int(p["tip"], 16)) + asset, b""
    if n == "CheckMetadataHash":
        hash_ = "0x" + p["metadataHash"][2:] if p["mode"] == 1 else None
        return enc("u8", p["mode"]), enc("Option<H256>", hash_)
    raise AssertionError(name)


OLD_NAMES_REVERSE = {v: k for k, v in OLD_NAMES.items()}


def reference_payload(p):
    extras, additionals = b"", b""
    for name in p["signedExtensions"]:
        extra, additional = extension_parts(name, p)
        extras += extra
        additionals += additional
    return bytes.fromhex(p["method"][2:]) + extras + additionals, extras


def decode_extrinsic(data: bytes):
    """Decodes a signed v4 extrinsic with scalecodec's types: (account, scheme, signature, rest)."""
    length, offset = dec("Compact<u32>", data)
    body = data[offset:]
    assert length == len(body), "the length prefix is not the body's length"
    assert body[0] == 0x84, "not a signed v4 extrinsic"
    address, used = dec("MultiAddress", body[1:])
    rest = body[1 + used:]
    signature, used = dec("MultiSignature", rest)
    (scheme, value), = signature.items()
    return bytes.fromhex(address[2:]), scheme.lower(), bytes.fromhex(value[2:]), rest[used:]


def test_random_payloads_match_scalecodec_and_verify(testkit, rng):
    cases = [random_case(rng) for _ in range(N)]
    outs = testkit.batch([{"op": "substrate_sign_extrinsic", "signer_payload": p, "scheme": s, "seed": seed.hex(),
                           "address": p["address"]} for s, seed, _, _, p in cases])
    long_payloads = 0
    for (scheme, seed, public, account, p), out in zip(cases, outs):
        assert "error" not in out, (p, out)
        assert out["public"] == public.hex()
        payload, extras = reference_payload(p)
        assert out["signed"] == payload.hex(), json.dumps(p)
        assert out["confirmation"] == "explicit"  # random calls are never decoded
        message = blake256(payload) if len(payload) > 256 else payload
        long_payloads += len(payload) > 256
        signature = bytes.fromhex(out["signature"][2:])
        decoded, used = dec("MultiSignature", signature)
        assert used == len(signature)
        (kind, raw), = decoded.items()
        assert kind.lower() == scheme
        assert verify(scheme, bytes.fromhex(raw[2:]), message, public), (scheme, p)
        assert not verify(scheme, bytes.fromhex(raw[2:]), message + b"\x00", public)
        # The extrinsic decodes back to the same signer, signature, extras and call.
        signer, sig_scheme, sig_bytes, rest = decode_extrinsic(bytes.fromhex(out["extrinsic"][2:]))
        assert signer == account
        assert sig_scheme == kind.lower() and sig_bytes.hex() == raw[2:]
        assert rest == extras + bytes.fromhex(p["method"][2:])
    assert long_payloads > N // 5 and long_payloads < N - N // 5, "the 256-byte boundary was not straddled"


def test_unknown_extensions_are_refused_by_name(testkit, rng):
    cases = []
    for _ in range(200):
        scheme, seed, _, _, p = random_case(rng)
        name = "Check" + "".join(rng.choice("ABCXYZabc") for _ in range(8))
        p["signedExtensions"].insert(rng.randint(0, len(p["signedExtensions"])), name)
        cases.append((name, {"op": "substrate_sign_extrinsic", "signer_payload": p, "scheme": scheme, "seed": seed.hex(),
                             "address": p["address"]}))
    for (name, _), out in zip(cases, testkit.batch([c for _, c in cases])):
        assert name in out.get("error", ""), out


def test_sign_raw_bytes_and_payload(testkit, rng):
    cases = []
    for _ in range(600):
        scheme = rng.choice(["sr25519", "ed25519", "ecdsa"])
        seed = rng.randbytes(32)
        public, account = keypair(scheme, seed)
        data = rng.randbytes(rng.randint(0, 400))
        if rng.random() < 0.2:
            data = b"<Bytes>" + data + b"</Bytes>"
        kind = rng.choice(["bytes", "payload"]) if data else "bytes"
        raw = {"address": ss58_encode(account, 0), "data": "0x" + data.hex(), "type": kind}
        cases.append((scheme, public, data, kind, {"op": "substrate_sign_raw", "signer_payload_raw": raw, "scheme": scheme,
                                                    "seed": seed.hex(), "address": raw["address"]}))
    for (scheme, public, data, kind, _), out in zip(cases, testkit.batch([c[-1] for c in cases])):
        assert "error" not in out, out
        signature = bytes.fromhex(out["signature"][2:])
        if kind == "bytes":
            wrapped = data if data.startswith(b"<Bytes>") and data.endswith(b"</Bytes>") else b"<Bytes>" + data + b"</Bytes>"
            assert out["signed"] == wrapped.hex()
            assert verify(scheme, signature, wrapped, public)
        else:
            decoded, _ = dec("MultiSignature", signature)
            (_, raw), = decoded.items()
            message = blake256(data) if len(data) > 256 else data
            assert verify(scheme, bytes.fromhex(raw[2:]), message, public)
