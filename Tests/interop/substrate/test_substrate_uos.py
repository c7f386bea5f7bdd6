"""UOS from the polkadot-js side (issue 23): the signer as the "QR signer" of polkadot-js apps.

The requests are built here exactly as ../shared/specs/substrate/uos.md describes what
polkadot-js sends (`53 ‖ crypto ‖ cmd ‖ public key ‖ payload ‖ genesis`, framed as
`00 ‖ u16 count ‖ u16 index ‖ ≤1024 bytes`, every payload framed, even a one-frame one),
rendered to PNG by segno (not our QR writer), shuffled with repeats, and scanned by
`airsign-signer sign --scan`. The answer QR is read back with zbarimg, and what polkadot-js
would do with it is checked: `0x` + its text is a MultiSignature (transactions) or a bare
signature (messages) that verifies with py-sr25519-bindings or PyNaCl over what the chain (or
polkadot-js' signatureVerify) checks. Bad inputs (a missing frame, two requests interleaved,
inconsistent counts, an unknown payload code, a key that is not ours, a hash without --blind)
are refused with one line and nothing is written.
"""
import hashlib
import json
import os
import random
import subprocess
from pathlib import Path

import nacl.signing
import pytest
import segno
import sr25519
from conftest import bin_dir

POLKADOT = bytes.fromhex("91b171bb158e2d3848fa23a9f1c25182fb8e20313b2c1eb49219da7a70ce90c3")
WESTEND = bytes.fromhex("e143f23803ac50e8f6f8e62695d1ce9e4e1d68aa36c1cd2cfd15340213f3423e")
DEV_SEED = "0xfac7959dbfe72f052e5a0c3c8d6530f202b02fd8f9f5ca3580ec8deb7797479e"
ALICE = bytes.fromhex("d43593c715fdd31c61141abd04a99fd6822c8558854ccde39a5684e7a56da27d")
BOB = bytes.fromhex("8eaf04151687736326c9fea17e25fc5287613693c912909cb226aa4794f26a48")
FRAME_SIZE = 1024  # polkadot-js react-qr constants.ts
SPEC, TX_VERSION = 1_002_005, 26  # a Polkadot runtime the signer's table covers


def run(program, *args, env):
    return subprocess.run([str(bin_dir() / program), *args], env=env, capture_output=True, text=True, timeout=300)


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
        out = run("airsign-signer", *args, "--pin-file", str(pin), env=env)
        assert out.returncode == 0, (args, out.stderr)
    out = run("airsign-signer", "account", "export", "dev", "--out", "-", env=env)
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
    return run("airsign-signer", "sign", "--scan", str(tmp_path / "frames") + "/", "--yes", "--pin-file", str(pin),
               "--out", str(tmp_path / "answer.txt"), "--qr", str(tmp_path / "answer.png"), *extra, env=env)


def zbar(path: Path) -> bytes:
    out = subprocess.run(["zbarimg", "--quiet", "--raw", "-Sbinary", str(path)], capture_output=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return out.stdout.rstrip(b"\n")


def answer(tmp_path) -> bytes:
    """What polkadot-js resolves: `0x` + the QR's text, as bytes; the file holds the same text."""
    text = zbar(tmp_path / "answer.png")
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


def refusal(signer, tmp_path, shown, rng):
    out = sign(signer, tmp_path, shown, rng)
    assert out.returncode != 0
    assert not (tmp_path / "answer.txt").exists() and not (tmp_path / "answer.png").exists()
    return out.stderr.strip().splitlines()[-1]


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


def test_published_example_is_read_and_needs_blind(signer, tmp_path, rng):
    """UOS.md's example (Alice → Bob on Westend, whose runtime the signer has no table for): read,
    shown as undecodable, signed only with --blind, and the signature verifies."""
    example = bytes.fromhex(json.loads((Path(__file__).resolve().parents[3] / "vectors" / "substrate-uos.json").read_text())["cases"][0]["payload"])
    env, pin, _ = signer
    out = run("airsign-signer", "account", "add", "dev", "--chain", "substrate", "--path", "//Alice", "--network", "westend",
              "--pin-file", str(pin), env=env)
    assert out.returncode == 0 or "already has" in out.stderr, out.stderr
    out = sign(signer, tmp_path / "plain", frames(example), rng)
    assert out.returncode == 3 and "whose signed extensions this signer cannot read" in out.stderr, out.stderr
    out = sign(signer, tmp_path / "blind", frames(example), rng, "--blind")
    assert out.returncode == 0, out.stderr
    signature = answer(tmp_path / "blind")
    signed = example[36:-32]  # call ‖ extensions, without the compact length (UOS.md's positions)
    assert signature[0] == 1 and verify("sr25519", ALICE, signed, signature[1:])
