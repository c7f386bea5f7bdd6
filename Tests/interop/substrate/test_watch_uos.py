"""The watch speaks UOS (issue 23 item 4, Substrate half): `airsign-watch substrate uos ID`
writes a stored request as the legacy multipart frames polkadot-js sends a QR signer, and
`airsign-watch substrate finalize ID` reads the signer's hex answer back. Here Airsign's own
signer plays the Vault-style signer: the frames' PNGs (read first with zbar, not our scanner)
are scanned by `airsign-signer sign --scan`, its answer QR goes to finalize, and the extrinsic
is decoded with scalecodec and its signature verified with py-sr25519-bindings over the payload
scalecodec builds from the same SignerPayloadJSON. The frames' payload is checked byte for byte
against the UOS layout of ../shared/specs/substrate/uos.md. A wrong signature and another
account's answer are refused with one line, nothing written.
"""
import json

import pytest
import sr25519

from conftest import run_program, zbar_qr
from test_import import EXTENSIONS, POLKADOT, machines  # noqa: F401 (a fixture: //Alice in a signer and a watch)
from test_substrate_payloads import blake256, decode_extrinsic, enc, reference_payload
from test_substrate_uos import batch, transfer

run = run_program


def stored(machines, tmp_path, artifact) -> str:
    """`airsign-watch import` of a polkadot-js payload: the stored request's id."""
    env = machines[0]
    source, request = tmp_path / "payload.json", tmp_path / "request.json"
    source.write_text(json.dumps(artifact))
    out = run("airsign-watch", "import", str(source), "--out", str(request), env=env)
    assert out.returncode == 0, out.stderr
    return json.loads(request.read_text().splitlines()[0])["id"]


def emit(machines, tmp_path, request_id):
    """`substrate uos ID`: the frames (hex lines), each PNG's bytes as zbar reads them equal to them."""
    out = run("airsign-watch", "substrate", "uos", request_id, "--out", str(tmp_path / "frames.txt"),
              "--qr", str(tmp_path / "frames") + "/", env=machines[0])
    assert out.returncode == 0, out.stderr
    frames = [bytes.fromhex(line) for line in (tmp_path / "frames.txt").read_text().splitlines()]
    pictures = sorted((tmp_path / "frames").glob("frame-*.png"))
    assert [zbar_qr(p) for p in pictures] == frames
    return frames


def assemble(frames) -> bytes:
    """polkadot-js framing read back: 00 ‖ u16 BE count ‖ u16 BE index ‖ ≤1024 bytes, in order."""
    count = int.from_bytes(frames[0][1:3], "big")
    assert len(frames) == count == (sum(len(f) - 5 for f in frames) + 1023) // 1024
    for index, frame in enumerate(frames):
        assert frame[0] == 0 and int.from_bytes(frame[1:3], "big") == count and int.from_bytes(frame[3:5], "big") == index
        assert len(frame) - 5 == 1024 or index == count - 1
    return b"".join(frame[5:] for frame in frames)


def sign(machines, tmp_path):
    env, pin = machines[0], machines[1]
    out = run("airsign-signer", "sign", "--scan", str(tmp_path / "frames") + "/", "--yes", "--pin-file", str(pin),
              "--out", str(tmp_path / "answer.txt"), "--qr", str(tmp_path / "answer.png"), env=env)
    assert out.returncode == 0, out.stderr
    assert "UOS" in out.stderr


def finalize(machines, tmp_path, request_id, *source):
    return run("airsign-watch", "substrate", "finalize", request_id, *source, "--out", str(tmp_path / "final.json"), env=machines[0])


def payload_json(address, call, rng):
    current = rng.randrange(2**24)
    return {
        "address": address, "assetId": None, "blockHash": "0x" + rng.randbytes(32).hex(), "blockNumber": "0x%08x" % current,
        "era": "0x" + enc("Era", {"period": 64, "current": current}).hex(), "genesisHash": POLKADOT, "metadataHash": None,
        "method": "0x" + call.hex(), "mode": 0, "nonce": "0x%08x" % rng.randrange(1000), "signedExtensions": EXTENSIONS,
        "specVersion": "0x%08x" % 1_002_005, "tip": "0x%032x" % rng.randrange(10**6), "transactionVersion": "0x%08x" % 26,
        "version": 4, "withSignedTransaction": True,
    }


@pytest.mark.parametrize("transfers", [1, 40], ids=["one-frame", "several-frames"])
def test_transaction_frames_sign_and_finalize(machines, tmp_path, rng, transfers):
    _, _, address, public = machines
    call = transfer(rng) if transfers == 1 else batch(rng, transfers)
    payload = payload_json(address, call, rng)
    request_id = stored(machines, tmp_path, payload)
    frames = emit(machines, tmp_path, request_id)
    assert (len(frames) > 1) == (transfers > 1)
    signed, extras = reference_payload(payload)
    # polkadot-js createSignPayload: 53 ‖ 01 (sr25519) ‖ 02 ‖ account ‖ compact(len(call)) ‖ payload ‖ genesis
    assert assemble(frames) == b"\x53\x01\x02" + public + enc("Compact<u32>", len(call)) + signed + bytes.fromhex(POLKADOT[2:])
    sign(machines, tmp_path)
    out = finalize(machines, tmp_path, request_id, "--scan", str(tmp_path / "answer.png"))
    assert out.returncode == 0, out.stderr
    final = json.loads((tmp_path / "final.json").read_text())
    account, scheme, signature, rest = decode_extrinsic(bytes.fromhex(final["result"]["extrinsic"][2:]))
    assert account == public and scheme == "sr25519" and rest == extras + call
    assert sr25519.verify(signature, blake256(signed) if len(signed) > 256 else signed, public)


def test_message_frames_sign_and_finalize(machines, tmp_path):
    _, _, address, public = machines
    data = b"Sign in to a polkadot-js dapp, through a QR signer"
    request_id = stored(machines, tmp_path, {"address": address, "data": "0x" + data.hex(), "type": "bytes"})
    frames = emit(machines, tmp_path, request_id)
    assert assemble(frames) == b"\x53\x01\x03" + public + data + bytes.fromhex(POLKADOT[2:])
    sign(machines, tmp_path)
    out = finalize(machines, tmp_path, request_id, str(tmp_path / "answer.txt"))
    assert out.returncode == 0, out.stderr
    signature = bytes.fromhex(json.loads((tmp_path / "final.json").read_text())["signature"][2:])
    assert sr25519.verify(signature, b"<Bytes>" + data + b"</Bytes>", public)


def refused(out, tmp_path):
    assert out.returncode == 3, out.stderr
    assert len([line for line in out.stderr.splitlines() if "error:" in line]) == 1, out.stderr
    assert not (tmp_path / "final.json").exists()


def test_a_wrong_signature_and_another_accounts_answer_are_refused(machines, tmp_path, rng):
    _, _, address, _ = machines
    payload = payload_json(address, transfer(rng), rng)
    request_id = stored(machines, tmp_path, payload)
    emit(machines, tmp_path, request_id)
    sign(machines, tmp_path)
    good = bytearray.fromhex((tmp_path / "answer.txt").read_text())
    good[10] ^= 1
    (tmp_path / "wrong.txt").write_text(good.hex())
    refused(finalize(machines, tmp_path, request_id, str(tmp_path / "wrong.txt")), tmp_path)
    # Another sr25519 key's valid signature over the very payload the request asks to sign.
    other_public, other_secret = sr25519.pair_from_seed(rng.randbytes(32))
    signed, _ = reference_payload(payload)
    other = b"\x01" + sr25519.sign((other_public, other_secret), blake256(signed) if len(signed) > 256 else signed)
    (tmp_path / "other.txt").write_text(other.hex())
    refused(finalize(machines, tmp_path, request_id, str(tmp_path / "other.txt")), tmp_path)
