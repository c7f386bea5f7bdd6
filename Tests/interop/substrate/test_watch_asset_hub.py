"""An Asset Hub transfer whose fee and tip are paid in USDT, end to end through both programs
(issue 33): `airsign-watch substrate transfer --fee-asset` builds it on today's runtime
(todays_runtime.py, read with --metadata) with a metadata proof, `airsign-signer` reviews and
signs it as a native request and, through `substrate uos`, as the UOS code 06 frames
polkadot-js sends, and `substrate finalize` assembles the extrinsic. scalecodec encodes the same
call and extension data from the metadata's own types: the extrinsic must carry exactly that
data, and its signature must verify (py-sr25519-bindings) over the payload scalecodec builds.
"""
import json

import pytest
import sr25519
from codec_support import to_scalecodec
from scalecodec.utils.ss58 import ss58_encode

from conftest import run_program, unwrapped
from test_import import machines  # noqa: F401 (a fixture: //Alice in a signer and a watch)
from test_substrate_payloads import blake256, decode_extrinsic
from test_todays_asset_hub import (BLOCK_HASH, BLOCK_NUMBER, BOB, GENESIS, TODAYS_SPEC, TX_VERSION, USDT, extension_parts,  # noqa: F401
                                   today, transfer)
from test_watch_uos import assemble, emit

run = run_program


def fee_asset_option(m):
    """ChargeAssetTxPayment's `asset_id` (an Option of the asset type) of USDT's location,
    encoded by scalecodec: 01 ‖ the location."""
    fee_type = next(e for e in m.extensions if e["identifier"] == "ChargeAssetTxPayment")["ty"]
    asset_type = m.types[fee_type]["def"]["composite"]["fields"][1]["type"]
    return m.encode(asset_type, to_scalecodec(m, asset_type, USDT))


def issue(machines, tmp_path, blob, *extra):
    env, _, address, _ = machines
    (tmp_path / "metadata.hex").write_text("0x" + blob.hex())
    return run("airsign-watch", "substrate", "transfer", "--from", address, "--network", "polkadot-asset-hub",
               "--spec-version", str(TODAYS_SPEC), "--tx-version", str(TX_VERSION), "--metadata", str(tmp_path / "metadata.hex"),
               "--nonce", "7", "--era", "64", "--block-hash", "0x" + BLOCK_HASH.hex(), "--block-number", str(BLOCK_NUMBER),
               "--to", ss58_encode(BOB, 0), "--amount", "1.5", "--out", str(tmp_path / "request.json"), *extra, env=env)


@pytest.mark.parametrize("fee_asset", ["json", "hex"])
@pytest.mark.parametrize("uos", [False, True], ids=["native", "uos"])
def test_asset_paid_transfer_signs_end_to_end(machines, tmp_path, today, uos, fee_asset):
    env, pin, _, public = machines
    blob, m = today
    option = fee_asset_option(m)
    assert option[0] == 1
    given = json.dumps(USDT) if fee_asset == "json" else "0x" + option[1:].hex()
    out = issue(machines, tmp_path, blob, "--fee-asset", given, "--tip", "5000")
    assert out.returncode == 0, out.stderr
    request = json.loads((tmp_path / "request.json").read_text().splitlines()[0])
    payload_json = request["payload"]["signerPayload"]
    assert payload_json["assetId"] == "0x" + option.hex()
    assert int(payload_json["tip"], 16) == 5000
    digest = bytes.fromhex(payload_json["metadataHash"][2:])
    method = transfer(m, 15_000_000_000)
    assert payload_json["method"] == "0x" + method.hex()

    if uos:
        frames = emit(machines, tmp_path, request["id"])
        assert assemble(frames)[:3] == bytes([0x53, 0x01, 0x06])
        sign = ["--scan", str(tmp_path / "frames") + "/"]
    else:
        sign = [str(tmp_path / "request.json")]
    out = run("airsign-signer", "sign", *sign, "--yes", "--pin-file", str(pin), "--out", str(tmp_path / "answer.txt"),
              "--qr", str(tmp_path / "answer.png"), env=env)
    assert out.returncode == 0, out.stderr
    review = [" ".join(line.split()) for line in unwrapped(out.stderr).splitlines()]
    assert "tip 5000 base units of asset 1984 of pallet 50" in review, out.stderr
    assert "fees paid in asset 1984 of pallet 50 (XCM location: PalletInstance 50, GeneralIndex 1984)" in review, out.stderr
    assert "call Balances.transfer_keep_alive" in review, out.stderr

    # The Vault-style answer is one hex signature for this request; a native answer names its request.
    finalize = ["substrate", "finalize", request["id"], "--scan", str(tmp_path / "answer.png")] if uos else ["finalize", str(tmp_path / "answer.txt")]
    out = run("airsign-watch", *finalize, "--out", str(tmp_path / "final.json"), env=env)
    assert out.returncode == 0, out.stderr
    final = json.loads((tmp_path / "final.json").read_text())
    account, scheme, signature, rest = decode_extrinsic(bytes.fromhex(final["result"]["extrinsic"][2:]))
    extra, additional = extension_parts(m, TODAYS_SPEC, 7, 5000, USDT, digest)
    assert account == public and scheme == "sr25519" and rest == extra + method
    signed = method + extra + additional
    assert sr25519.verify(signature, blake256(signed) if len(signed) > 256 else signed, public)


@pytest.mark.parametrize("given, says", [
    ('{"parents": 0, "interior": {"X9": []}}', "--fee-asset"),
    ('{"parents": 0', "--fee-asset is neither JSON nor 0x hex"),
    ("0x", "--fee-asset 0x… is the asset id's SCALE bytes in hex"),
])
def test_a_bad_fee_asset_is_one_line_and_no_file(machines, tmp_path, today, given, says):
    blob, _ = today
    out = issue(machines, tmp_path, blob, "--fee-asset", given)
    assert out.returncode == 3, out.stderr
    errors = [line for line in out.stderr.splitlines() if "error:" in line]
    assert len(errors) == 1 and says in errors[0], out.stderr
    assert not (tmp_path / "request.json").exists()


def test_a_tip_in_the_fee_asset_is_in_base_units(machines, tmp_path, today):
    blob, _ = today
    out = issue(machines, tmp_path, blob, "--fee-asset", json.dumps(USDT), "--tip", "0.5")
    assert out.returncode == 3, out.stderr
    assert "--tip (in the fee asset's base units) 0.5 has more than 0 decimal places" in out.stderr, out.stderr
    assert not (tmp_path / "request.json").exists()
