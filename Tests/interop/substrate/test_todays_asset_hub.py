"""Polkadot Asset Hub as it runs today (issue 33), held against scalecodec and py-sr25519-bindings.

1. Today's runtime (todays_runtime.py: the real Asset Hub V15 snapshot carrying the V16
   snapshot's 13 transaction extensions with their real types, spec 2003001). A transfer with a
   metadata proof, native fees and then fees paid in the relay token and in USDT (an XCM
   Location in ChargeAssetTxPayment), is reviewed and signed by the signer's chain module
   (airsign-testkit substrate_review_proven, which builds the proof from the same metadata, as
   the watch does), as a SignerPayloadJSON and as the UOS code 06 request polkadot-js sends. The
   signing payload is rebuilt here by scalecodec from the metadata's own extension types (with
   the digest the signer signs) and must be the signed bytes, and the signature must verify
   over it with py-sr25519-bindings. The review lists the extensions whose explicit and
   implicit parts are empty, and shows the tip in the asset that pays.
2. The real Asset Hub V15 metadata: 200 random calls by name (every argument random, generated
   from the metadata) encode to scalecodec's bytes (airsign-testkit substrate_codec), and each,
   as a request with a proof, is reviewed by its name (`Pallet.call`).

../shared/data supplies the metadata; each test is SKIPPED, and says so, when a file is absent.
Random draws print their seed (replay with AIRSIGN_TEST_SEED).
"""
import hashlib
import json
import os
import random

import pytest
import sr25519
from codec_support import Generator, Metadata, shared_blob, to_scalecodec
from scalecodec.utils.ss58 import ss58_encode
from todays_runtime import TODAYS_EXTENSIONS, TODAYS_SPEC, todays_metadata

SEED = hashlib.blake2b(b"airsign todays asset hub", digest_size=32).digest()
PUBLIC, _ = sr25519.pair_from_seed(SEED)
BOB = bytes.fromhex("8eaf04151687736326c9fea17e25fc5287613693c912909cb226aa4794f26a48")
GENESIS = bytes.fromhex("68d56f15f85d3136970ec16946040bc1752654e906147f7e43e9d539d7c3de2f")
BLOCK_HASH = hashlib.blake2b(b"airsign head", digest_size=32).digest()
BLOCK_NUMBER = 9_000_000
TX_VERSION = 15
PLACEHOLDER_HASH = bytes(32)  # what the proof is built over; the request signs the real digest
RELAY_TOKEN = {"parents": 1, "interior": "Here"}
USDT = {"parents": 0, "interior": {"X2": [{"PalletInstance": 50}, {"GeneralIndex": 1984}]}}
EMPTY = "AuthorizeCall, CheckNonZeroSender, CheckWeight, PrevalidateAttests, EthSetOrigin, StorageWeightReclaim"
CALLS = int(os.environ.get("AIRSIGN_ASSET_HUB_CALLS", "200"))


@pytest.fixture(scope="module")
def today():
    blob = todays_metadata()
    if blob is None:
        pytest.skip("../shared/data lacks asset-hub-polkadot-metadata-v15.hex or -v16.hex: today's Asset Hub runtime checks are SKIPPED")
    return blob, Metadata(blob)


@pytest.fixture(scope="module")
def asset_hub():
    blob = shared_blob("asset-hub-polkadot-metadata-v15.hex")
    if blob is None:
        pytest.skip("../shared/data/asset-hub-polkadot-metadata-v15.hex is absent: the Asset Hub calls-by-name checks are SKIPPED")
    return blob, Metadata(blob)


def era_bytes(period, block):
    """A mortal era of `period` blocks from `block`, as scalecodec encodes it."""
    from scalecodec.base import RuntimeConfigurationObject
    from scalecodec.type_registry import load_type_registry_preset
    rc = RuntimeConfigurationObject()
    rc.update_type_registry(load_type_registry_preset("core"))
    quantum = max(period >> 12, 1)
    return bytes(rc.create_scale_object("Era").encode((period, block % period // quantum * quantum)).data)


def extension_values(name, spec, nonce, tip, asset, digest):
    """(explicit, implicit) of extension `name` in our JSON shape; None for a part of no data."""
    return {
        "CheckSpecVersion": (None, spec), "CheckTxVersion": (None, TX_VERSION), "CheckGenesis": (None, "0x" + GENESIS.hex()),
        "CheckMortality": ("era", "0x" + BLOCK_HASH.hex()), "CheckNonce": (nonce, None),
        "ChargeAssetTxPayment": ({"tip": tip, "asset_id": asset}, None),
        "CheckMetadataHash": ({"mode": "Enabled"}, "0x" + digest.hex()),
    }.get(name, (None, None))


def signing_payload(m, spec, method, nonce, tip, asset, digest):
    """call ‖ every extension's explicit data ‖ every one's implicit data."""
    extra, additional = extension_parts(m, spec, nonce, tip, asset, digest)
    return method + extra + additional


def extension_parts(m, spec, nonce, tip, asset, digest):
    """(every extension's explicit data, every one's implicit data), each encoded by scalecodec
    from the metadata's type for it (the era, 2 bytes, as the Era enum reads them)."""
    extra, additional = b"", b""
    for e in m.extensions:
        explicit, implicit = extension_values(e["identifier"], spec, nonce, tip, asset, digest)
        for value, type_id, part in ((explicit, e["ty"], "extra"), (implicit, e["additional_signed"], "additional")):
            if value is None:
                assert m.is_void(type_id), (e["identifier"], part)  # no data: an empty struct or ()
                encoded = b""
            elif value == "era":
                encoded = era_bytes(64, BLOCK_NUMBER)
            else:
                encoded = m.encode(type_id, to_scalecodec(m, type_id, value))
            if part == "extra":
                extra += encoded
            else:
                additional += encoded
    return extra, additional


def transfer(m, amount):
    return m.encode(m.call_type, to_scalecodec(m, m.call_type, {"pallet": "Balances", "call": "transfer_keep_alive",
                                                                "args": {"dest": {"Id": "0x" + BOB.hex()}, "value": amount}}))


def item(m, spec, method, nonce=7, tip=0, asset=None, asset_bytes=None, uos=False):
    signer_payload = {
        "address": ss58_encode(PUBLIC, 0), "assetId": None if asset_bytes is None else "0x" + asset_bytes.hex(),
        "blockHash": "0x" + BLOCK_HASH.hex(), "blockNumber": "0x" + BLOCK_NUMBER.to_bytes(4, "big").hex(),
        "era": "0x" + era_bytes(64, BLOCK_NUMBER).hex(), "genesisHash": "0x" + GENESIS.hex(), "metadataHash": None,
        "method": "0x" + method.hex(), "mode": 1, "nonce": "0x" + nonce.to_bytes(4, "big").hex(),
        "signedExtensions": [e["identifier"] for e in m.extensions], "specVersion": "0x" + spec.to_bytes(4, "big").hex(),
        "tip": "0x" + tip.to_bytes(16, "big").hex(), "transactionVersion": "0x" + TX_VERSION.to_bytes(4, "big").hex(), "version": 4,
    }
    prove = signing_payload(m, spec, method, nonce, tip, asset, PLACEHOLDER_HASH)
    return {"signer_payload": signer_payload, "prove": "0x" + prove.hex(), **({"uos": True} if uos else {})}


def review(testkit, blob, items):
    out = testkit.call("substrate_review_proven", metadata=blob.hex(), decimals=10, symbol="DOT", scheme="sr25519", seed=SEED.hex(),
                       address=ss58_encode(PUBLIC, 0), contacts=[["Bob", ss58_encode(BOB, 0)]], items=items)
    assert "error" not in out, out
    return bytes.fromhex(out["digest"][2:]), out["results"]


def verify(result, payload):
    """The signature (a MultiSignature, 01 ‖ sr25519) verifies over `payload` (hashed when
    longer than 256 bytes) with py-sr25519-bindings."""
    signature = bytes.fromhex(result["signature"].removeprefix("0x"))
    assert signature[0] == 1 and len(signature) == 65, result["signature"]
    message = payload if len(payload) <= 256 else hashlib.blake2b(payload, digest_size=32).digest()
    assert sr25519.verify(signature[1:], message, PUBLIC)


def shown(result):
    return [f"{line['level']} {line['label']}: {line['value']}" for line in result["lines"]]


def test_todays_runtime_is_the_v16_snapshots_extensions(today):
    _, m = today
    assert [e["identifier"] for e in m.extensions] == TODAYS_EXTENSIONS
    # EthSetOrigin's types are V16's: pallet_revive's SetOrigin, an empty struct, and ().
    eth = next(e for e in m.extensions if e["identifier"] == "EthSetOrigin")
    assert m.types[eth["ty"]]["path"] == ["pallet_revive", "evm", "tx_extension", "SetOrigin"] and m.is_void(eth["ty"])
    fee = next(e for e in m.extensions if e["identifier"] == "ChargeAssetTxPayment")
    assert [f["name"] for f in m.types[fee["ty"]]["def"]["composite"]["fields"]] == ["tip", "asset_id"]


@pytest.mark.parametrize("uos", [False, True], ids=["native", "uos"])
@pytest.mark.parametrize("fee", ["native", "relay-token", "usdt"])
def test_transfer_on_todays_runtime_signs_with_a_proof(testkit, today, fee, uos):
    blob, m = today
    method = transfer(m, 15_000_000_000)
    asset = {"native": None, "relay-token": RELAY_TOKEN, "usdt": USDT}[fee]
    fee_type = next(e for e in m.extensions if e["identifier"] == "ChargeAssetTxPayment")["ty"]
    asset_type = m.types[fee_type]["def"]["composite"]["fields"][1]["type"]
    asset_bytes = None if asset is None else m.encode(asset_type, to_scalecodec(m, asset_type, asset))
    tip = {"native": 1_000_000, "relay-token": 1_000_000, "usdt": 5000}[fee]
    digest, [result] = review(testkit, blob, [item(m, TODAYS_SPEC, method, tip=tip, asset=asset, asset_bytes=asset_bytes, uos=uos)])
    assert "error" not in result, result
    payload = signing_payload(m, TODAYS_SPEC, method, 7, tip, asset, digest)
    assert bytes.fromhex(result["signed"]) == payload
    verify(result, payload)
    lines = shown(result)
    assert "0 call: Balances.transfer_keep_alive" in lines, lines
    assert f"0 extensions without data: {EMPTY} (explicit and implicit parts empty by the metadata proof's types)" in lines, lines
    assert ("0 signed extensions: " + ", ".join(TODAYS_EXTENSIONS) + " (the metadata proof's runtime, bound by the signed metadata hash)") in lines
    if fee == "usdt":
        assert "0 tip: 5000 base units of asset 1984 of pallet 50" in lines, lines
        assert "0 fees paid in: asset 1984 of pallet 50 (XCM location: PalletInstance 50, GeneralIndex 1984)" in lines, lines
        assert sorted(result["totals"]) == ["1.5 DOT", "5000 base units of asset 1984 of pallet 50 + the fee, in that asset"], result["totals"]
    else:
        assert "0 tip: 0.0001 DOT" in lines, lines
        assert ("0 fees paid in: DOT (XCM location: the relay chain)" in lines) == (fee == "relay-token"), lines
        assert result["totals"] == ["1.5001 DOT + the fee"], result["totals"]
    assert result["confirmation"] == "standard", result
    if uos:
        # polkadot-js' code 06: 53 01 06 ‖ account ‖ proof ‖ compact(len) call ‖ extensions ‖ genesis.
        uos_bytes = bytes.fromhex(result["uos"])
        assert uos_bytes[:3] == bytes([0x53, 0x01, 0x06]) and uos_bytes[3:35] == PUBLIC and uos_bytes.endswith(payload + GENESIS)


def test_random_calls_by_name_on_asset_hub_match_scalecodec_and_are_reviewed_by_name(testkit, asset_hub):
    blob, m = asset_hub
    seed = int(os.environ.get("AIRSIGN_TEST_SEED", random.randrange(1 << 63)))
    print(f"[asset hub calls by name] random seed {seed} (replay with AIRSIGN_TEST_SEED={seed})")
    rng = random.Random(seed)
    generator = Generator(m, rng)
    # A call with an argument of an enum without variants (System.do_task's RuntimeTask on this
    # runtime) can never be made: there is no value to give it.
    def uninhabited(type_id):
        d = m.definition(type_id)
        return "variant" in d and not d["variant"]["variants"]
    calls = [c for c in m.calls() if not any(uninhabited(f["type"]) for f in c[2])]
    values = []
    for _ in range(CALLS):
        pallet, call, fields = rng.choice(calls)
        values.append({"pallet": pallet, "call": call, "args": generator.named(fields, 1)})
    out = testkit.call("substrate_codec", metadata=blob.hex(), calls=[json.dumps(v) for v in values], ss58=0)
    assert "error" not in out, out
    methods = []
    for value, result in zip(values, out["results"]):
        assert "error" not in result, (value, result)
        ours = bytes.fromhex(result["bytes"])
        assert ours == m.encode(m.call_type, to_scalecodec(m, m.call_type, value)), value
        methods.append(ours)
    # The V15 snapshot's own runtime: spec 2000000 and its nine extensions.
    _, results = review(testkit, blob, [item(m, 2_000_000, method, nonce=n) for n, method in enumerate(methods)])
    reviewed = 0
    for value, method, result in zip(values, methods, results):
        assert "error" not in result, (value, result)
        assert f"0 call: {value['pallet']}.{value['call']}" in shown(result), (value, shown(result)[:3])
        reviewed += 1
    assert reviewed == CALLS
