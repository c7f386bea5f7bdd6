"""BIP39/BIP32/SLIP-10 and per-chain accounts against bip-utils (and pyca/cryptography for key files).

For random phrases and passphrases, bip-utils must derive the same seeds, extended keys,
Ethereum (m/44'/60'/0'/0/i) and Stellar (SEP-5 m/44'/148'/i') addresses and ICP
(m/44'/223'/0'/0/i secp256k1) keys as Airsign. bip-utils has no ICP coin, so the principal and
account identifier are computed here from its key with hashlib/zlib, per the IC spec.
"""
import base64
import binascii
import hashlib
import zlib

from bip_utils import (Bip32Secp256k1, Bip32Slip10Ed25519, Bip39MnemonicGenerator, Bip39SeedGenerator,
                       Bip44, Bip44Changes, Bip44Coins, EthAddrEncoder)
from Crypto.Hash import RIPEMD160
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519

from conftest import rand_bytes

N = 60  # each case costs a few PBKDF2 runs on both sides

WORDS_ALPHABET = "abcdefghijklmnopqrstuvwxyz ÄäöüßéñçЖжあア漢字😀\u00a0"


def random_phrase(rng):
    entropy = rng.randbytes(rng.choice([16, 20, 24, 28, 32]))
    return entropy, str(Bip39MnemonicGenerator().FromEntropy(entropy))


def random_passphrase(rng):
    if rng.random() < 0.3:
        return ""
    return "".join(rng.choice(WORDS_ALPHABET) for _ in range(rng.randint(1, 20)))


def random_path(rng, hardened_only=False, depth=None):
    steps = []
    for _ in range(depth if depth is not None else rng.randint(0, 6)):
        index = rng.randrange(2**31)
        hardened = hardened_only or rng.random() < 0.5
        marker = rng.choice(["'", "h", "H"]) if hardened else ""
        steps.append(f"{index}{marker}")
    return "/".join(["m"] + steps)


def ref_path(path: str) -> str:
    """Our path notation for bip-utils, which takes only ' for hardened steps."""
    return path.replace("H", "'").replace("h", "'")


def principal_text(data: bytes) -> str:
    raw = base64.b32encode(zlib.crc32(data).to_bytes(4, "big") + data).decode().rstrip("=").lower()
    return "-".join(raw[i:i + 5] for i in range(0, len(raw), 5))


SPKI_SECP256K1 = bytes.fromhex("3056301006072a8648ce3d020106052b8104000a034200")
SPKI_ED25519 = bytes.fromhex("302a300506032b6570032100")


def icp_ids(der: bytes):
    principal = hashlib.sha224(der).digest() + b"\x02"
    h = hashlib.sha224(b"\x0aaccount-id" + principal + bytes(32)).digest()
    return principal_text(principal), (zlib.crc32(h).to_bytes(4, "big") + h).hex()


def strkey(version: int, payload: bytes) -> str:
    data = bytes([version]) + payload
    return base64.b32encode(data + binascii.crc_hqx(data, 0).to_bytes(2, "little")).decode()


def test_bip39_phrases_and_seeds(testkit, rng):
    cases = [(*random_phrase(rng), random_passphrase(rng)) for _ in range(N)]
    outs = testkit.batch([{"op": "bip39", "phrase": m, "passphrase": p} for _, m, p in cases])
    for (entropy, mnemonic, passphrase), out in zip(cases, outs):
        assert out["phrase"] == mnemonic and out["entropy"] == entropy.hex()
        assert out["seed"] == Bip39SeedGenerator(mnemonic).Generate(passphrase).hex(), (mnemonic, passphrase)
    entropies = [rng.randbytes(rng.choice([16, 20, 24, 28, 32])) for _ in range(500)]
    outs = testkit.batch([{"op": "bip39_from_entropy", "entropy": e.hex()} for e in entropies])
    for e, out in zip(entropies, outs):
        assert out["phrase"] == str(Bip39MnemonicGenerator().FromEntropy(e))


def test_bip39_rejects_what_bip_utils_rejects(testkit, rng):
    from bip_utils import Bip39MnemonicValidator
    cases = []
    for _ in range(300):
        words = random_phrase(rng)[1].split()
        i = rng.randrange(len(words))
        words[i] = rng.choice(["zoo", "abandon", "able", "zzzz", words[(i + 1) % len(words)]])
        cases.append(" ".join(words))
    outs = testkit.batch([{"op": "bip39", "phrase": m, "passphrase": ""} for m in cases])
    for mnemonic, out in zip(cases, outs):
        assert ("error" not in out) == Bip39MnemonicValidator().IsValid(mnemonic), mnemonic


def test_bip32_extended_keys(testkit, rng):
    cases = [(rand_bytes(rng, 16, 64), random_path(rng)) for _ in range(400)]
    outs = testkit.batch([{"op": "bip32", "seed": s.hex(), "path": p} for s, p in cases])
    for (seed, path), out in zip(cases, outs):
        ref = Bip32Secp256k1.FromSeed(seed).DerivePath(ref_path(path))
        assert out["xprv"] == ref.PrivateKey().ToExtended(), path
        assert out["xpub"] == ref.PublicKey().ToExtended(), path


def test_bip32_public_derivation(testkit, rng):
    cases = []
    for _ in range(300):
        xpub = Bip32Secp256k1.FromSeed(rng.randbytes(32)).DerivePath(ref_path(random_path(rng, depth=2))).PublicKey().ToExtended()
        steps = [str(rng.randrange(2**31)) for _ in range(rng.randint(1, 4))]
        cases.append((xpub, steps))
    outs = testkit.batch([{"op": "bip32_public", "xpub": x, "path": "/".join(["m"] + s)} for x, s in cases])
    for (xpub, steps), out in zip(cases, outs):
        assert out["xpub"] == Bip32Secp256k1.FromExtendedKey(xpub).DerivePath("/".join(steps)).PublicKey().ToExtended()
    # Hardened steps from an xpub are refused by both.
    assert "error" in testkit.call("bip32_public", xpub=cases[0][0], path="m/0'")


def test_slip10_ed25519(testkit, rng):
    cases = [(rand_bytes(rng, 16, 64), random_path(rng, hardened_only=True)) for _ in range(400)]
    outs = testkit.batch([{"op": "slip10_ed25519", "seed": s.hex(), "path": p} for s, p in cases])
    for (seed, path), out in zip(cases, outs):
        ref = Bip32Slip10Ed25519.FromSeed(seed).DerivePath(ref_path(path))
        assert out["private_key"] == ref.PrivateKey().Raw().ToHex()
        assert "00" + out["public_key"] == ref.PublicKey().RawCompressed().ToHex()


def test_accounts_from_random_phrases(testkit, rng):
    cases = []
    for _ in range(N):
        _, mnemonic = random_phrase(rng)
        cases.append((mnemonic, random_passphrase(rng), rng.choice([0, 1, rng.randrange(2**31)])))
    requests = []
    for m, p, i in cases:
        for chain in ("ethereum", "stellar", "icp"):
            requests.append({"op": "account_from_phrase", "phrase": m, "passphrase": p, "chain": chain, "index": i})
    outs = iter(testkit.batch(requests))
    for mnemonic, passphrase, index in cases:
        seed = Bip39SeedGenerator(mnemonic).Generate(passphrase)
        eth, xlm, icp = next(outs), next(outs), next(outs)
        ref = Bip44.FromSeed(seed, Bip44Coins.ETHEREUM).Purpose().Coin().Account(0).Change(Bip44Changes.CHAIN_EXT).AddressIndex(index)
        assert eth["address"] == ref.PublicKey().ToAddress()
        assert eth["path"] == f"m/44'/60'/0'/0/{index}"
        ref = Bip44.FromSeed(seed, Bip44Coins.STELLAR).Purpose().Coin().Account(index)
        assert xlm["address"] == ref.PublicKey().ToAddress()
        assert xlm["path"] == f"m/44'/148'/{index}'"
        ref = Bip32Secp256k1.FromSeed(seed).DerivePath(f"m/44'/223'/0'/0/{index}")
        uncompressed = ref.PublicKey().RawUncompressed().ToBytes()
        assert icp["public_key"] == uncompressed.hex()
        assert icp["private_key"] == ref.PrivateKey().Raw().ToHex()
        principal, account_id = icp_ids(SPKI_SECP256K1 + uncompressed)
        assert icp["address"] == principal and icp["account_id"] == account_id


def test_imports(testkit, rng):
    requests, expected = [], []
    for _ in range(100):
        k = ec.generate_private_key(ec.SECP256K1())
        raw = k.private_numbers().private_value.to_bytes(32, "big")
        uncompressed = k.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        for fmt in (serialization.PrivateFormat.TraditionalOpenSSL, serialization.PrivateFormat.PKCS8):
            pem = k.private_bytes(serialization.Encoding.PEM, fmt, serialization.NoEncryption()).decode()
            requests.append({"op": "account_from_import", "kind": "icp_pem", "secret": pem, "chain": "icp", "index": 0})
            expected.append(("icp", icp_ids(SPKI_SECP256K1 + uncompressed)[0]))
        hex_key = rng.choice(["0x", ""]) + raw.hex()
        requests.append({"op": "account_from_import", "kind": "ethereum", "secret": hex_key, "chain": "ethereum", "index": 0})
        expected.append(("ethereum", EthAddrEncoder.EncodeKey(uncompressed)))
        e = ed25519.Ed25519PrivateKey.generate()
        pub = e.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
        pem = e.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()).decode()
        requests.append({"op": "account_from_import", "kind": "icp_pem", "secret": pem, "chain": "icp", "index": 0})
        expected.append(("icp", icp_ids(SPKI_ED25519 + pub)[0]))
        seed = e.private_bytes(serialization.Encoding.Raw, serialization.PrivateFormat.Raw, serialization.NoEncryption())
        requests.append({"op": "account_from_import", "kind": "stellar", "secret": strkey(18 << 3, seed) + "\n", "chain": "stellar", "index": 0})
        expected.append(("stellar", strkey(6 << 3, pub)))
    for (chain, address), out in zip(expected, testkit.batch(requests)):
        assert out.get("address") == address, (chain, out)


def test_ripemd160(testkit, rng):
    inputs = [rand_bytes(rng, 0, 300) for _ in range(2000)] + [bytes(n) for n in range(50, 70)]
    outs = testkit.batch([{"op": "ripemd160", "data": d.hex()} for d in inputs])
    for d, out in zip(inputs, outs):
        assert out["hex"] == RIPEMD160.new(d).hexdigest()
