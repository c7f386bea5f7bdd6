"""`airsign-watch import` from the polkadot-js side (issue 23 item 6): a SignerPayloadJSON as a
dapp hands it to polkadot-js' signer (`signPayload`), and a SignerPayloadRaw (`signRaw`), go
import → signer → finalize. The finalized extrinsic is decoded with scalecodec and its sr25519
signature verified with py-sr25519-bindings over the payload scalecodec assembles from the same
JSON; the raw signature over `<Bytes>…</Bytes>`. A payload for an account the watch lacks is
refused with one line, nothing stored.
"""
import json

import pytest
import sr25519
from scalecodec.utils.ss58 import ss58_encode

from conftest import import_sign_finalize, make_machines, run_program
from test_substrate_payloads import blake256, decode_extrinsic, enc, reference_payload

DEV_SEED = "0xfac7959dbfe72f052e5a0c3c8d6530f202b02fd8f9f5ca3580ec8deb7797479e"
POLKADOT = "0x91b171bb158e2d3848fa23a9f1c25182fb8e20313b2c1eb49219da7a70ce90c3"
EXTENSIONS = ["CheckNonZeroSender", "CheckSpecVersion", "CheckTxVersion", "CheckGenesis", "CheckMortality", "CheckNonce",
              "CheckWeight", "ChargeTransactionPayment", "PrevalidateAttests", "CheckMetadataHash"]


run = run_program


@pytest.fixture(scope="module")
def machines(tmp_path_factory):
    """A signer with the dev seed's //Alice on Polkadot, a watch that imported it."""
    env, pin, accounts = make_machines(tmp_path_factory.mktemp("substrate-import"), "dev", "substrate-seed", DEV_SEED,
                                       steps=[["account", "add", "dev", "--chain", "substrate", "--path", "//Alice"]])
    alice = next(a for a in accounts if a["path"] == "//Alice")
    return env, pin, alice["address"], bytes.fromhex(alice["publicKey"][2:])


def round_trip(machines, tmp_path, artifact):
    env, pin, _, _ = machines
    return import_sign_finalize(env, pin, tmp_path, json.dumps(artifact))


def test_signer_payload_json_round_trips(machines, tmp_path, rng):
    _, _, address, public = machines
    call = bytes([5, 3, 0]) + rng.randbytes(32) + enc("Compact<Balance>", rng.randrange(1, 10**14))
    current = rng.randrange(2**24)
    payload = {
        "address": address, "assetId": None, "blockHash": "0x" + rng.randbytes(32).hex(), "blockNumber": "0x%08x" % current,
        "era": "0x" + enc("Era", {"period": 64, "current": current}).hex(), "genesisHash": POLKADOT, "metadataHash": None,
        "method": "0x" + call.hex(), "mode": 0, "nonce": "0x%08x" % rng.randrange(1000), "signedExtensions": EXTENSIONS,
        "specVersion": "0x%08x" % 1_002_005, "tip": "0x%032x" % 0, "transactionVersion": "0x%08x" % 26, "version": 4,
        "withSignedTransaction": True,
    }
    final = round_trip(machines, tmp_path, payload)
    signer, scheme, signature, rest = decode_extrinsic(bytes.fromhex(final["result"]["extrinsic"][2:]))
    assert signer == public and scheme == "sr25519"
    signed, extras = reference_payload(payload)
    assert rest == extras + call
    message = blake256(signed) if len(signed) > 256 else signed
    assert sr25519.verify(signature, message, public)


def test_signer_payload_raw_round_trips(machines, tmp_path):
    _, _, address, public = machines
    data = b"Sign in to a polkadot-js dapp"
    final = round_trip(machines, tmp_path, {"address": address, "data": "0x" + data.hex(), "type": "bytes"})
    # signRaw's answer: the bare sr25519 signature, over the data wrapped as polkadot-js wraps it.
    signature = bytes.fromhex(final["signature"][2:])
    assert len(signature) == 64
    assert sr25519.verify(signature, b"<Bytes>" + data + b"</Bytes>", public)


def test_a_payload_for_another_account_is_refused(machines, tmp_path, rng):
    env, _, _, _ = machines
    source = tmp_path / "other.json"
    source.write_text(json.dumps({"address": ss58_encode(rng.randbytes(32), 0), "data": "0x00", "type": "bytes"}))
    out = run("airsign-watch", "import", str(source), "--out", str(tmp_path / "req.json"), env=env)
    assert out.returncode == 3, out.stderr
    assert len([line for line in out.stderr.splitlines() if "error:" in line]) == 1
    assert not (tmp_path / "req.json").exists()
