"""UOS from the polkadot-js side (issue 23): the signer as the "QR signer" of polkadot-js apps.

The requests are built here exactly as ../shared/specs/substrate/uos.md describes what
polkadot-js sends (`53 ‖ crypto ‖ cmd ‖ public key ‖ payload ‖ genesis`, framed as
`00 ‖ u16 count ‖ u16 index ‖ ≤1024 bytes`, every payload framed, even a one-frame one),
rendered to PNG by segno (not our QR writer), shuffled with repeats, and scanned by
`airsign-signer sign --scan`. The answer QR is read back with zbarimg, and what polkadot-js
would do with it is checked: `0x` + its text is a MultiSignature (transactions) or a bare
signature (messages) that verifies with py-sr25519-bindings or PyNaCl over what the chain (or
polkadot-js' signatureVerify) checks. Bad inputs (a missing frame, two requests interleaved,
inconsistent counts, an unknown payload code, a key that is not ours, a hash without --blind,
a crypto byte of another scheme, an immortal era with another checkpoint, a tampered proof, a
RaptorQ frame of another request) are refused with exactly one error line, exit 3, and nothing
is written.
"""
import hashlib
import json
import os
import random
from pathlib import Path

import nacl.signing
import pytest
import segno
import sr25519
from conftest import run_program, zbar_qr

POLKADOT = bytes.fromhex("91b171bb158e2d3848fa23a9f1c25182fb8e20313b2c1eb49219da7a70ce90c3")
WESTEND = bytes.fromhex("e143f23803ac50e8f6f8e62695d1ce9e4e1d68aa36c1cd2cfd15340213f3423e")
DEV_SEED = "0xfac7959dbfe72f052e5a0c3c8d6530f202b02fd8f9f5ca3580ec8deb7797479e"
ALICE = bytes.fromhex("d43593c715fdd31c61141abd04a99fd6822c8558854ccde39a5684e7a56da27d")
BOB = bytes.fromhex("8eaf04151687736326c9fea17e25fc5287613693c912909cb226aa4794f26a48")
FRAME_SIZE = 1024  # polkadot-js react-qr constants.ts
SPEC, TX_VERSION = 1_002_005, 26  # a Polkadot runtime the signer's table covers


@pytest.fixture(scope="module")
def signer(tmp_path_factory):
    """A signer holding the dev seed's //Alice (sr25519) and //Eve (ed25519) on Polkadot:
    (environment, PIN file, {name: public key})."""
    home = tmp_path_factory.mktemp("uos")
    env = dict(os.environ, AIRSIGN_SIGNER_HOME=str(home / "signer"))
    pin, seed = home / "pin", home / "seed"
    pin.write_text("correct horse\n")
    seed.write_text(DEV_SEED + "\n")
    os.chmod(pin, 0o600)
    os.chmod(seed, 0o600)
    for args in [["init", "--kdf", "interactive"],
                 ["key", "import", "dev", "--kind", "substrate-seed", "--from", str(seed)],
                 ["account", "add", "dev", "--chain", "substrate", "--path", "//Alice"],
                 ["account", "add", "dev", "--chain", "substrate", "--path", "//Eve", "--scheme", "ed25519"]]:
        out = run_program("airsign-signer", *args, "--pin-file", str(pin), env=env)
        assert out.returncode == 0, (args, out.stderr)
    out = run_program("airsign-signer", "account", "export", "dev", "--out", "-", env=env)
    assert out.returncode == 0, out.stderr
    keys = {json.loads(line)["path"]: bytes.fromhex(json.loads(line)["publicKey"][2:]) for line in out.stdout.splitlines()}
    assert keys["//Alice"] == ALICE
    return env, pin, {"sr25519": keys["//Alice"], "ed25519": keys["//Eve"]}


def compact(n: int) -> bytes:
    if n < 1 << 6:
        return bytes([n << 2])
    if n < 1 << 14:
        return ((n << 2) | 1).to_bytes(2, "little")
    if n < 1 << 30:
        return ((n << 2) | 2).to_bytes(4, "little")
    raw = n.to_bytes((n.bit_length() + 7) // 8, "little")
    return bytes([((len(raw) - 4) << 2) | 3]) + raw


def transfer(rng) -> bytes:
    """Balances.transfer_keep_alive (pallet 5, call 3) to a random account."""
    return bytes([5, 3, 0]) + rng.randbytes(32) + compact(rng.randrange(1, 10**14))


def batch(rng, count) -> bytes:
    """Utility.batch_all (pallet 26, call 2) of `count` transfers."""
    return bytes([26, 2]) + compact(count) + b"".join(transfer(rng) for _ in range(count))


def mortal_era(rng):
    period = 64
    phase = rng.randrange(period)
    encoded = min(max((period - 1).bit_length() - 1, 1), 15) | ((phase // max(period >> 12, 1)) << 4)
    return encoded.to_bytes(2, "little")


def signing_payload(rng, call: bytes, nonce: int, tip: int) -> bytes:
    """polkadot-js ExtrinsicPayload.toU8a() for Polkadot's extension list, without its leading
    compact (that one is the request's): call ‖ era ‖ nonce ‖ tip ‖ mode ‖ spec ‖ tx version ‖
    genesis ‖ checkpoint ‖ metadata hash None."""
    return (call + mortal_era(rng) + compact(nonce) + compact(tip) + b"\x00" + SPEC.to_bytes(4, "little")
            + TX_VERSION.to_bytes(4, "little") + POLKADOT + rng.randbytes(32) + b"\x00")


def uos(crypto: int, cmd: int, key: bytes, body: bytes, genesis=POLKADOT) -> bytes:
    """polkadot-js createSignPayload: 53 ‖ crypto ‖ cmd ‖ key ‖ payload ‖ genesis."""
    return bytes([0x53, crypto, cmd]) + key + body + genesis


def frames(payload: bytes):
    """polkadot-js createFrames: every payload framed, 1024 data bytes a frame."""
    chunks = [payload[i:i + FRAME_SIZE] for i in range(0, len(payload), FRAME_SIZE)]
    return [b"\x00" + len(chunks).to_bytes(2, "big") + i.to_bytes(2, "big") + c for i, c in enumerate(chunks)]


def write_frames(directory: Path, shown, rng):
    """The frames as PNG files, byte-mode QR with error correction M as polkadot-js draws them,
    in a shuffled order with repeats (a camera sees some frames twice and starts anywhere)."""
    directory.mkdir(parents=True, exist_ok=True)
    order = list(shown) + [rng.choice(shown) for _ in range(len(shown) // 2)]
    rng.shuffle(order)
    for n, frame in enumerate(order):
        segno.make_qr(frame, mode="byte", error="m", boost_error=False).save(str(directory / f"shot-{n:03d}.png"), scale=4, border=4)


def sign(signer, tmp_path, shown, rng, *extra):
    env, pin, _ = signer
    write_frames(tmp_path / "frames", shown, rng)
    return run_program("airsign-signer", "sign", "--scan", str(tmp_path / "frames") + "/", "--yes", "--pin-file", str(pin),
                       "--out", str(tmp_path / "answer.txt"), "--qr", str(tmp_path / "answer.png"), *extra, env=env)


def answer(tmp_path) -> bytes:
    """What polkadot-js resolves: `0x` + the QR's text, as bytes; the file holds the same text."""
    text = zbar_qr(tmp_path / "answer.png")
    assert text == (tmp_path / "answer.txt").read_bytes()
    assert text == text.lower() and all(c in b"0123456789abcdef" for c in text)
    return bytes.fromhex(text.decode())


def verify(scheme, key, message, signature) -> bool:
    if scheme == "sr25519":
        return sr25519.verify(signature, message, key)
    try:
        nacl.signing.VerifyKey(key).verify(message, signature)
        return True
    except nacl.exceptions.BadSignatureError:
        return False


@pytest.mark.parametrize("scheme", ["sr25519", "ed25519"])
@pytest.mark.parametrize("cmd", [0, 2])
def test_transactions_one_and_several_frames(signer, tmp_path, scheme, cmd, rng):
    """Transfers (one frame) and batches of up to 60 transfers (several frames), random nonce,
    tip and era: the MultiSignature verifies over the payload (its BLAKE2b-256 above 256 bytes)."""
    key = signer[2][scheme]
    for case in range(4):
        call = transfer(rng) if case == 0 else batch(rng, rng.randrange(2, 60))
        payload = signing_payload(rng, call, rng.randrange(0, 10**6), rng.randrange(0, 10**9))
        request = uos(1, cmd, key, compact(len(call)) + payload)  # polkadot-js sends 01 whatever the scheme
        directory = tmp_path / f"{case}"
        out = sign(signer, directory, frames(request), rng)
        assert out.returncode == 0, out.stderr
        assert "Format: UOS (polkadot-js / Polkadot Vault)" in out.stderr
        assert f"{len(frames(request))} QR frame" in out.stderr or "1 QR code" in out.stderr
        signature = answer(directory)
        assert signature[0] == {"ed25519": 0, "sr25519": 1}[scheme] and len(signature) == 65
        message = payload if len(payload) <= 256 else hashlib.blake2b(payload, digest_size=32).digest()
        assert verify(scheme, key, message, signature[1:]), (scheme, case)


def test_message_signed_with_bytes_wrapping(signer, tmp_path, rng):
    """signRaw (cmd 3): the bare signature verifies over `<Bytes>…</Bytes>` (what polkadot-js'
    signatureVerify and Vault check); already wrapped data is signed as it is."""
    key = signer[2]["sr25519"]
    for n, data in enumerate([b"Sign in to example.org, nonce 42", b"<Bytes>already wrapped</Bytes>"]):
        directory = tmp_path / f"{n}"
        out = sign(signer, directory, frames(uos(1, 3, key, data)), rng)
        assert out.returncode == 0, out.stderr
        signature = answer(directory)
        assert len(signature) == 64
        wrapped = data if data.startswith(b"<Bytes>") else b"<Bytes>" + data + b"</Bytes>"
        assert verify("sr25519", key, wrapped, signature)


def test_hash_only_needs_blind(signer, tmp_path, rng):
    """cmd 1 (polkadot-js for very large calls): refused without --blind; with it the 32 bytes
    are signed as they are, which is what the chain checks for a payload over 256 bytes."""
    key = signer[2]["sr25519"]
    payload = signing_payload(rng, batch(rng, 80), 1, 0)
    digest = hashlib.blake2b(payload, digest_size=32).digest()
    shown = frames(uos(1, 1, key, digest))
    out = sign(signer, tmp_path / "plain", shown, rng)
    assert out.returncode == 3, out.stderr
    assert "--blind" in out.stderr and not (tmp_path / "plain" / "answer.txt").exists()
    out = sign(signer, tmp_path / "blind", shown, rng, "--blind")
    assert out.returncode == 0, out.stderr
    signature = answer(tmp_path / "blind")
    assert signature[0] == 1 and verify("sr25519", key, digest, signature[1:])


def refusal(signer, tmp_path, shown, rng, pin=None):
    """Signs `shown` expecting a refusal: exit 3 (input refused, docs/exit-codes.md), exactly one
    `airsign-signer: error:` line on stderr and it the last, no answer written; the line's text."""
    if pin is not None:
        signer = (signer[0], pin, signer[2])
    out = sign(signer, tmp_path, shown, rng)
    assert out.returncode == 3, (out.returncode, out.stderr)
    errors = [line for line in out.stderr.splitlines() if line.startswith("airsign-signer: error:")]
    assert len(errors) == 1 and out.stderr.rstrip("\n").splitlines()[-1] == errors[0], out.stderr
    assert not (tmp_path / "answer.txt").exists() and not (tmp_path / "answer.png").exists()
    return errors[0]


def test_bad_inputs_are_refused_with_one_line(signer, tmp_path, rng):
    key = signer[2]["sr25519"]

    def request(calls):
        call = batch(rng, calls)
        return uos(1, 2, key, compact(len(call)) + signing_payload(rng, call, 1, 0))

    shown = frames(request(50))
    assert len(shown) >= 2
    line = refusal(signer, tmp_path / "missing", shown[:1] + shown[2:], rng)
    assert f"incomplete message: {len(shown) - 1} frames read, about {len(shown)} needed" in line, line
    other = frames(request(50))
    assert len(other) == len(shown)
    line = refusal(signer, tmp_path / "interleaved", shown + other[:1], rng)
    assert "two requests are mixed" in line, line
    line = refusal(signer, tmp_path / "counts", shown + frames(request(100))[:1], rng)
    assert "mixed" in line, line
    line = refusal(signer, tmp_path / "code", frames(uos(1, 0x09, key, b"\x00" * 40)), rng)
    assert "payload code 09 is unknown" in line, line
    stranger = hashlib.blake2b(b"not ours", digest_size=32).digest()
    call = transfer(rng)
    line = refusal(signer, tmp_path / "stranger", frames(uos(1, 2, stranger, compact(len(call)) + signing_payload(rng, call, 1, 0))), rng)
    assert "not one of this keystore's Substrate accounts" in line, line


def test_a_scheme_or_checkpoint_the_account_cannot_sign_is_refused_before_the_pin(signer, tmp_path, rng):
    """Crypto 00 (ed25519) for the sr25519 account, and an immortal era whose checkpoint is not
    the genesis hash: refused with one line (exit 3) even with a wrong PIN, which would exit 4
    had a key been unlocked."""
    env, pin, keys = signer
    wrong = tmp_path / "wrong-pin"
    wrong.write_text("not the pin\n")
    os.chmod(wrong, 0o600)
    call = transfer(rng)
    line = refusal(signer, tmp_path / "scheme", frames(uos(0, 2, keys["sr25519"], compact(len(call)) + signing_payload(rng, call, 1, 0))), rng,
                   pin=wrong)
    assert "asks for an ed25519 signature (crypto 00)" in line and "signs with sr25519" in line, line
    checkpoint = rng.randbytes(32)
    immortal = (call + b"\x00" + compact(1) + compact(0) + b"\x00" + SPEC.to_bytes(4, "little") + TX_VERSION.to_bytes(4, "little")
                + POLKADOT + checkpoint + b"\x00")
    line = refusal(signer, tmp_path / "immortal", frames(uos(1, 2, keys["sr25519"], compact(len(call)) + immortal)), rng, pin=wrong)
    assert f"the era is immortal, so CheckMortality signs the genesis hash 0x{POLKADOT.hex()}, but the block hash signed is 0x{checkpoint.hex()}" in line, line


def test_published_example_is_read_and_needs_blind(signer, tmp_path, rng):
    """UOS.md's example (Alice → Bob on Westend, whose runtime the signer has no table for): read,
    shown as undecodable, signed only with --blind, and the signature verifies."""
    example = bytes.fromhex(json.loads((Path(__file__).resolve().parents[3] / "vectors" / "substrate-uos.json").read_text())["cases"][0]["payload"])
    env, pin, _ = signer
    out = run_program("airsign-signer", "account", "add", "dev", "--chain", "substrate", "--path", "//Alice", "--network", "westend",
                      "--pin-file", str(pin), env=env)
    assert out.returncode == 0 or "already has" in out.stderr, out.stderr
    out = sign(signer, tmp_path / "plain", frames(example), rng)
    assert out.returncode == 3 and "whose signed extensions this signer cannot read" in out.stderr, out.stderr
    out = sign(signer, tmp_path / "blind", frames(example), rng, "--blind")
    assert out.returncode == 0, out.stderr
    signature = answer(tmp_path / "blind")
    signed = example[36:-32]  # call ‖ extensions, without the compact length (UOS.md's positions)
    assert signature[0] == 1 and verify("sr25519", ALICE, signed, signature[1:])


def test_transaction_with_metadata_proof(tmp_path, rng):
    """Code 06 (Vault's transaction with an RFC-0078 proof): the proof and payload of a request
    the watch builds against Kusama 1002006's metadata, put in UOS form by hand, decode with the
    proof's types (the review names the staking calls), and the MultiSignature verifies over
    the payload that signs the proof's digest; one changed byte in the proof is refused."""
    from test_substrate_rfc78 import KUSAMA_GENESIS, KusamaNode, kusama_metadata, setup_accounts
    from test_substrate_node import serve

    server = serve(KusamaNode(kusama_metadata()))
    url = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        env, pin = setup_accounts(tmp_path)
        from scalecodec.utils.ss58 import ss58_encode
        args = {"calls": [{"pallet": "Staking", "call": "bond", "args": {"value": "1500000000000", "payee": "Staked"}},
                          {"pallet": "Staking", "call": "nominate", "args": {"targets": [{"Id": ss58_encode(BOB, 2)}]}}]}
        (tmp_path / "args.json").write_text(json.dumps(args))
        out = run_program("airsign-watch", "substrate", "call", "--rpc", url, "--from", ss58_encode(ALICE, 2), "--pallet", "Utility",
                          "--call", "batch_all", "--args-file", str(tmp_path / "args.json"), "--out", str(tmp_path / "request.json"), env=env)
        assert out.returncode == 0, out.stderr
    finally:
        server.shutdown()
    request = json.loads((tmp_path / "request.json").read_text())["payload"]
    p, proof = request["signerPayload"], bytes.fromhex(request["metadataProof"][2:])
    method = bytes.fromhex(p["method"][2:])
    extensions = (bytes.fromhex(p["era"][2:]) + compact(int(p["nonce"], 16)) + compact(int(p["tip"], 16)) + b"\x01"
                  + int(p["specVersion"], 16).to_bytes(4, "little") + int(p["transactionVersion"], 16).to_bytes(4, "little")
                  + KUSAMA_GENESIS + bytes.fromhex(p["blockHash"][2:]) + b"\x01" + bytes.fromhex(p["metadataHash"][2:]))
    signed = method + extensions
    payload = uos(1, 6, ALICE, proof + compact(len(method)) + signed, genesis=KUSAMA_GENESIS)
    signer = (env, pin, {})
    out = sign(signer, tmp_path / "ok", frames(payload), rng)
    assert out.returncode == 0, out.stderr
    review = " ".join(out.stderr.split())
    assert "Staking.bond" in review and "Staking.nominate" in review and "payload code 06" in review, out.stderr
    signature = answer(tmp_path / "ok")
    message = signed if len(signed) <= 256 else hashlib.blake2b(signed, digest_size=32).digest()
    assert signature[0] == 1 and verify("sr25519", ALICE, message, signature[1:])
    at = 40 + rng.randrange(len(proof) - 80)
    tampered = proof[:at] + bytes([proof[at] ^ 0x01]) + proof[at + 1:]
    line = refusal(signer, tmp_path / "tampered", frames(uos(1, 6, ALICE, tampered + compact(len(method)) + signed, genesis=KUSAMA_GENESIS)), rng)
    # Where the flip lands decides the reason: a length or index stops the proof decoding, a type
    # or an extension name fails a check on it, a hash changes its digest. Each names the proof.
    assert "metadata proof" in line, line
    # The proof's last byte (the last letter of ExtraInfo's token symbol) changed: it still
    # decodes, but its digest is not the metadata hash the payload signs.
    renamed = proof[:-1] + bytes([proof[-1] ^ 0x01])
    line = refusal(signer, tmp_path / "renamed", frames(uos(1, 6, ALICE, renamed + compact(len(method)) + signed, genesis=KUSAMA_GENESIS)), rng)
    assert f"metadataHash {p['metadataHash']} is not the digest of its metadata proof 0x" in line, line


def test_the_format_is_detected_and_said(signer, tmp_path):
    """Without a flag: an Airsign request as one binary QR, as ur:bytes frames and as UR text
    in a file; a UR of a type no chain reads (refused by name, exit 3); UOS bytes in a file."""
    from scalecodec.utils.ss58 import ss58_encode
    env, pin, keys = signer
    alice = ss58_encode(keys["sr25519"], 0)
    request = {"airsign": "sign-request", "version": 1, "id": "33333333-3333-4333-8333-333333333333", "chain": "substrate",
               "network": "polkadot:" + POLKADOT[:16].hex(), "account": {"address": alice, "publicKey": "0x" + keys["sr25519"].hex()},
               "payload": {"type": "raw", "signerPayloadRaw": {"address": alice, "data": "0x" + b"hello " .hex() * 40, "type": "bytes"}}}
    (tmp_path / "request.json").write_text(json.dumps(request))

    def inspect(*args):
        return run_program("airsign-signer", "inspect", *args, env=env)

    out = run_program("airsign-signer", "qr", "encode", str(tmp_path / "request.json"), "--qr", str(tmp_path / "one.png"), "--max-version", "40", env=env)
    assert out.returncode == 0, out.stderr
    out = inspect("--scan", str(tmp_path / "one.png"))
    assert out.returncode == 0 and "Format: Airsign request, 1 QR code (binary)" in out.stderr, out.stderr

    out = run_program("airsign-signer", "qr", "encode", str(tmp_path / "request.json"), "--qr", str(tmp_path / "ur") + "/", "--max-version", "5", env=env)
    assert out.returncode == 0, out.stderr
    parts = [frame["ur"] for frame in json.loads((tmp_path / "ur" / "index.json").read_text())["frames"]]
    assert len(parts) > 2 and all(part.startswith("UR:BYTES/") for part in parts)
    out = inspect("--scan", str(tmp_path / "ur") + "/")
    assert out.returncode == 0 and "Format: Airsign request, ur:bytes in" in out.stderr, out.stderr
    (tmp_path / "parts.txt").write_text("\n".join(part.lower() for part in parts) + "\n")
    out = inspect(str(tmp_path / "parts.txt"))
    assert out.returncode == 0 and "Format: Airsign request, ur:bytes in" in out.stderr, out.stderr

    # The same parts under a type no chain reads (a single part's checksum covers its CBOR, not its type;
    # eth-sign-request is read since ERC-4527 came).
    (tmp_path / "foreign.txt").write_text("\n".join(part.replace("UR:BYTES/", "UR:CRYPTO-PSBT/") for part in parts))
    out = inspect(str(tmp_path / "foreign.txt"))
    assert out.returncode == 3, out.stderr
    assert out.stderr.strip().splitlines()[-1] == \
        'airsign-signer: error: field "ur:crypto-psbt": no chain of this signer reads this UR type', out.stderr

    call = bytes([5, 3, 0]) + BOB + compact(10**10)
    rng = random.Random(7)
    (tmp_path / "uos.bin").write_bytes(uos(1, 2, keys["sr25519"], compact(len(call)) + signing_payload(rng, call, 3, 0)))
    out = inspect(str(tmp_path / "uos.bin"))
    assert out.returncode == 0, out.stderr
    assert "Format: UOS (polkadot-js / Polkadot Vault)" in out.stderr and "Balances.transfer_keep_alive" in out.stderr, out.stderr


def ss58_prefix(address: str) -> int:
    """The SS58 prefix of a simple-format address (prefixes below 64: the first byte)."""
    from scalecodec.utils.ss58 import ss58_decode
    ss58_decode(address)  # checks the checksum
    alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
    number = 0
    for char in address:
        number = number * 58 + alphabet.index(char)
    return number.to_bytes(35, "big")[0]


def test_pairing_export_is_what_polkadot_js_imports(signer, tmp_path):
    """`account export --format substrate`: `substrate:ADDRESS:0xGENESIS` (polkadot-js react-qr
    createAddressPayload) as text, one line an account, and as a QR code read back by zbarimg;
    the address decodes (scalecodec) to the account's key on the network's prefix."""
    from scalecodec.utils.ss58 import ss58_decode
    env, pin, keys = signer
    alice = keys["sr25519"]
    out = run_program("airsign-signer", "account", "export", "dev", "--format", "substrate", env=env)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert all(line.count(":") == 2 and line.startswith("substrate:") for line in lines), lines
    # Each line's genesis is its account's network's: Polkadot for the accounts added by default
    # (SS58 prefix 0), Westend for the one another test adds there (prefix 42).
    genesis = {0: POLKADOT, 42: WESTEND}
    for line in lines:
        address = line.split(":")[1]
        assert line.split(":")[2] == "0x" + genesis[ss58_prefix(address)].hex(), line
    mine = [line for line in lines if ss58_decode(line.split(":")[1]) == alice.hex() and line.endswith(POLKADOT.hex())]
    assert len(mine) == 1, lines
    address = mine[0].split(":")[1]
    out = run_program("airsign-signer", "account", "export", address, "--format", "substrate", "--qr", str(tmp_path / "pair.png"), env=env)
    assert out.returncode == 0, out.stderr
    assert zbar_qr(tmp_path / "pair.png") == mine[0].encode()
    # Airsign's own descriptors stay the default.
    out = run_program("airsign-signer", "account", "export", address, env=env)
    assert out.returncode == 0 and json.loads(out.stdout)["address"] == address, out.stdout


def raptorq_frames(payload: bytes, rng, chunk=128, extra=0):
    """Vault's RaptorQ frames (qrcode_rtx make_data_packs): `raptorq` Encoder.with_defaults with
    as many repair packets as source ones (and `extra` more), each prefixed by u32 BE
    (0x80000000 | size)."""
    import raptorq
    packets = raptorq.Encoder.with_defaults(payload, chunk).get_encoded_packets(len(payload) // chunk + extra)
    return [(0x80000000 | len(payload)).to_bytes(4, "big") + bytes(packet) for packet in packets]


def test_raptorq_frames_from_the_raptorq_crate_decode(signer, tmp_path, rng):
    """RaptorQ frames from PyPI `raptorq` (the crate Vault uses), with a random third of them lost
    and the rest shuffled, decode through liblcrq; the signature verifies."""
    key = signer[2]["sr25519"]
    for case in range(3):
        call = batch(rng, rng.randrange(3, 40))
        payload = signing_payload(rng, call, rng.randrange(10**6), rng.randrange(10**9))
        request = uos(1, 2, key, compact(len(call)) + payload)
        shown = raptorq_frames(request, rng)
        # Up to a third lost, but two packets more than the source symbols kept: RFC 6330 puts
        # a decode with one extra symbol at up to 1e-4 failures, which a fixed set cannot retry.
        source = -(-len(request) // 128)
        kept = rng.sample(shown, max(len(shown) - len(shown) // 3, min(len(shown), source + 2)))
        directory = tmp_path / f"{case}"
        out = sign(signer, directory, kept, rng)
        assert out.returncode == 0, (len(request), len(shown), len(kept), out.stderr)
        signature = answer(directory)
        message = payload if len(payload) <= 256 else hashlib.blake2b(payload, digest_size=32).digest()
        assert verify("sr25519", key, message, signature[1:])
    # Two requests' RaptorQ frames mixed (different sizes): refused with one line.
    other = uos(1, 2, key, compact(len(call)) + signing_payload(rng, call, 1, 0) + b"")
    mixed = raptorq_frames(request, rng) + raptorq_frames(other + bytes(8), rng)[:1]
    line = refusal(signer, tmp_path / "mixed", mixed, rng)
    assert "mixed" in line, line
    # A frame of another request of the same size, wherever the shuffle puts it: the decoded
    # payload is re-encoded and the frame is not one of its symbols (or, used in the decoding,
    # the genuine frames are not), so it is refused rather than ignored. Its symbol id is one
    # the genuine frames do not use, so only that check can catch it.
    same_size = request[:40] + rng.randbytes(32) + request[72:]
    line = refusal(signer, tmp_path / "same-size", raptorq_frames(request, rng) + raptorq_frames(same_size, rng, extra=4)[-1:], rng)
    assert "frames of two requests are mixed" in line, line
