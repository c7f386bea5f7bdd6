"""What the signer shows for a Substrate transaction, against the runtime's own reading of the
signed bytes (issue 18: what you see is what you sign).

Polkadot's real runtime metadata (V14 at spec 1002005, kept in ../shared/data; the tests are
skipped with a message when it is absent) drives scalecodec, the reference decoder:
- random valid Polkadot requests (transfers, transfer_all, batches; random nonce, tip, era,
  checkpoint, metadata-hash mode) are reviewed and signed by the signer's chain module through
  airsign-testkit; scalecodec reads the signing payload the way the runtime does (the call, then
  every extension's extra and additional data in the metadata's order and types, nothing left)
  and the returned extrinsic, and every value the review shows (genesis, call, recipient,
  amounts, era and checkpoint, nonce, tip, versions, metadata hash, total) must equal that
  reading; the signature must verify over the payload;
- the attack of the issue: a request that moves ChargeTransactionPayment before CheckNonce with
  nonce 10^12 and tip 5 is refused, and scalecodec shows what signing the request's order would
  have meant (nonce 5, a 100 DOT tip);
- a runtime the signer has no table for is shown with the request's list and needs --blind;
- signRaw data with the Ethereum prefix or holding a transaction payload needs --blind, and the
  signed bytes are what the review's signing line says.
"""
import hashlib
from pathlib import Path

import pytest
import sr25519
from conftest import ROOT
from scalecodec.base import RuntimeConfigurationObject, ScaleBytes
from scalecodec.type_registry import load_type_registry_preset
from scalecodec.utils.ss58 import ss58_encode

N = 400
METADATA = ROOT.parent / "shared" / "data" / "polkadot-metadata-v14.hex"
POLKADOT = bytes.fromhex("91b171bb158e2d3848fa23a9f1c25182fb8e20313b2c1eb49219da7a70ce90c3")
RELAY = ["CheckNonZeroSender", "CheckSpecVersion", "CheckTxVersion", "CheckGenesis", "CheckMortality", "CheckNonce",
         "CheckWeight", "ChargeTransactionPayment", "PrevalidateAttests", "CheckMetadataHash"]
KEEP_ALIVE = {True: "yes (leaves the existential deposit)", False: "no (may reap the account)"}


@pytest.fixture(scope="module")
def runtime():
    """scalecodec configured with Polkadot's metadata: (configuration, metadata, extensions)."""
    if not METADATA.exists():
        pytest.skip(f"{METADATA} is absent; the review-against-metadata checks are SKIPPED")
    rc = RuntimeConfigurationObject()
    rc.update_type_registry(load_type_registry_preset("core"))
    metadata = rc.create_scale_object("MetadataVersioned", ScaleBytes(METADATA.read_text().strip()))
    metadata.decode()
    rc.add_portable_registry(metadata)
    extensions = [(e["identifier"].value, e["ty"].value, e["additional_signed"].value)
                  for e in metadata[1][1]["extrinsic"]["signed_extensions"]]
    assert [name for name, _, _ in extensions] == RELAY
    return rc, metadata, extensions


def dot(planck: int) -> str:
    whole, fraction = divmod(planck, 10**10)
    text = f"{fraction:010d}".rstrip("0")
    return f"{whole}.{text} DOT" if text else f"{whole} DOT"


def read_payload(runtime, payload: bytes):
    """The runtime's reading of a signing payload: the call, then every extension's extra, then
    every extension's additional data, by the metadata's types; nothing may be left."""
    rc, metadata, extensions = runtime
    data = ScaleBytes(payload)
    call = rc.create_scale_object("Call", data, metadata=metadata)
    call.decode(check_remaining=False)
    extra = {name: rc.create_scale_object(f"scale_info::{ty}", data).decode(check_remaining=False) for name, ty, _ in extensions}
    additional = {name: rc.create_scale_object(f"scale_info::{ty}", data).decode(check_remaining=False) for name, _, ty in extensions}
    assert data.offset == len(payload), "bytes left after the runtime's reading"
    return call.value, extra, additional


def random_call(rng, runtime, depth=0):
    """(call value for scalecodec, planck stated, moves the whole balance)."""
    kind = rng.choice(["transfer_keep_alive", "transfer_allow_death", "transfer_all"] + (["batch", "batch_all"] if depth == 0 else []))
    if kind in ("batch", "batch_all"):
        inner = [random_call(rng, runtime, depth + 1) for _ in range(rng.randint(1, 4))]
        return ({"call_module": "Utility", "call_function": kind, "call_args": {"calls": [c for c, _, _ in inner]}},
                sum(a for _, a, _ in inner), any(w for _, _, w in inner))
    dest = {"Id": "0x" + rng.randbytes(32).hex()}
    if kind == "transfer_all":
        return {"call_module": "Balances", "call_function": kind, "call_args": {"dest": dest, "keep_alive": rng.random() < 0.5}}, 0, True
    value = rng.choice([0, 1, rng.randrange(10**12), rng.randrange(2**128)])
    return {"call_module": "Balances", "call_function": kind, "call_args": {"dest": dest, "value": value}}, value, False


def expected_call_lines(call, level=0):
    """The review lines the call must show, from scalecodec's reading: (level, label, value)."""
    args = {a["name"]: a["value"] for a in call["call_args"]}
    name = f"{call['call_module']}.{call['call_function']}"
    if call["call_module"] == "Utility":
        lines = [] if level else [(0, "call", name + " (call indices from the built-in table)")]
        for position, inner in enumerate(args["calls"], 1):
            lines.append((level + 1, f"call {position}", f"{inner['call_module']}.{inner['call_function']}"))
            lines += expected_call_lines(inner, level + 1)
        return lines
    lines = [] if level else [(0, "call", name + " (call indices from the built-in table)")]
    lines.append((level + 1, "to", ss58_encode(bytes.fromhex(args["dest"][2:]), 0)))
    if call["call_function"] == "transfer_all":
        lines += [(level + 1, "amount", "the whole transferable balance"), (level + 1, "keep alive", KEEP_ALIVE[args["keep_alive"]])]
    else:
        lines.append((level + 1, "amount", dot(args["value"])))
    return lines


def without_hashes(value):
    """A decoded call without scalecodec's call_hash (it hashes the bytes it was given, which
    for a payload run on past the call)."""
    if isinstance(value, dict):
        return {k: without_hashes(v) for k, v in value.items() if k != "call_hash"}
    if isinstance(value, list):
        return [without_hashes(v) for v in value]
    return value


def shown(line):
    """A line's value without the address label the review adds ("… (not in your contacts)")."""
    value = line["value"]
    return value.split(" (")[0] if line["label"] in ("to", "from") else value


def random_request(rng, runtime):
    rc, metadata, _ = runtime
    seed = rng.randbytes(32)
    public, _ = sr25519.pair_from_seed(seed)
    call, stated, whole = random_call(rng, runtime)
    method = bytes(rc.create_scale_object("Call", metadata=metadata).encode(call).data)
    mortal = rng.random() < 0.8
    block_number = rng.randrange(2**32)
    if mortal:
        period = 1 << rng.randint(2, 16)
        quantum = max(period >> 12, 1)
        phase = block_number % period // quantum * quantum
        era = rc.create_scale_object("Era").encode((period, phase)).data
        checkpoint = rng.randbytes(32)
    else:
        era, checkpoint, block_number = b"\x00", POLKADOT, 0
    mode = rng.choice([0, 1])
    nonce, tip = rng.randrange(2**32), rng.choice([0, rng.randrange(10**10), rng.randrange(2**128)])
    payload = {
        "address": ss58_encode(public, 0), "assetId": None, "blockHash": "0x" + checkpoint.hex(),
        "blockNumber": "0x" + block_number.to_bytes(4, "big").hex(), "era": "0x" + bytes(era).hex(),
        "genesisHash": "0x" + POLKADOT.hex(), "metadataHash": "0x" + rng.randbytes(32).hex() if mode else None,
        "method": "0x" + method.hex(), "mode": mode, "nonce": "0x" + nonce.to_bytes(4, "big").hex(), "signedExtensions": RELAY,
        "specVersion": "0x" + rng.randint(1_002_005, 2_000_000).to_bytes(4, "big").hex(), "tip": "0x" + tip.to_bytes(16, "big").hex(),
        "transactionVersion": "0x0000001a", "version": 4,
    }
    op = {"op": "substrate_sign_extrinsic", "signer_payload": payload, "scheme": "sr25519", "seed": seed.hex(), "address": payload["address"]}
    return op, public, stated, whole


def test_every_shown_value_is_the_runtimes_reading(testkit, rng, runtime):
    rc, metadata, _ = runtime
    cases = [random_request(rng, runtime) for _ in range(N)]
    outs = testkit.batch([op for op, _, _, _ in cases])
    for (op, public, stated, whole), out in zip(cases, outs):
        assert "error" not in out, (op, out)
        assert out["confirmation"] == "standard"
        payload = bytes.fromhex(out["signed"])
        call, extra, additional = read_payload(runtime, payload)
        lines = {line["label"]: line for line in out["lines"] if line["level"] == 0}
        era = extra["CheckMortality"]
        checkpoint = additional["CheckMortality"]
        if era == "00":
            assert lines["era"]["value"] == "immortal"
            assert checkpoint == "0x" + POLKADOT.hex()
        else:
            period, phase = era
            assert lines["era"]["value"] == f"valid for {period} blocks from the block with hash {checkpoint} (phase {phase})"
            claimed = int(op["signer_payload"]["blockNumber"], 16)
            assert lines["block number"] == {"label": "block number", "value": f"#{claimed} (the watch's claim)", "level": 0, "source": "request"}
        assert lines["nonce"]["value"] == str(extra["CheckNonce"])
        assert lines["tip"]["value"] == dot(extra["ChargeTransactionPayment"])
        assert lines["spec version"]["value"] == str(additional["CheckSpecVersion"])
        assert lines["transaction version"]["value"] == str(additional["CheckTxVersion"])
        assert lines["genesis"]["value"] == additional["CheckGenesis"]
        assert lines["network name"] == {"label": "network name", "value": "Polkadot", "level": 0, "source": "signerTable"}
        mode, hash_ = extra["CheckMetadataHash"]["mode"], additional["CheckMetadataHash"]
        assert lines["metadata hash"]["value"] == ("disabled (mode 0)" if mode == "Disabled" else f"enabled (mode 1), {hash_}")
        assert lines["signed extensions"]["source"] == "signerTable"
        assert lines["signed extensions"]["value"].startswith(", ".join(RELAY) + " (Polkadot's runtime")
        call_lines = [(line["level"], line["label"], shown(line)) for line in out["lines"]
                      if line["label"] in ("call", "to", "amount", "keep alive") or line["label"].startswith("call ")]
        assert call_lines == expected_call_lines(call), (call, call_lines)
        # The tip is signed, the fee is not: the total names it.
        assert out["totals"] == [dot(stated + extra["ChargeTransactionPayment"]) + (" + the whole transferable balance" if whole else "")
                                 + " + the fee"]
        assert any("transfer_all" in w for w in out["warnings"]) == whole
        # The signature verifies over the payload (its BLAKE2b-256 above 256 bytes), and the
        # extrinsic carries the same extras and call.
        message = hashlib.blake2b(payload, digest_size=32).digest() if len(payload) > 256 else payload
        signature = bytes.fromhex(out["signature"][4:])
        assert out["signature"][:4] == "0x01" and sr25519.verify(signature, message, public)
        extrinsic = rc.create_scale_object("Extrinsic", ScaleBytes(out["extrinsic"]), metadata=metadata)
        value = extrinsic.decode()
        assert value["nonce"] == extra["CheckNonce"] and value["tip"] == extra["ChargeTransactionPayment"]
        assert without_hashes(value["call"]) == without_hashes(call)


def test_reordered_nonce_and_tip_are_refused(testkit, rng, runtime):
    op, _, _, _ = random_request(rng, runtime)
    p = op["signer_payload"]
    order = list(RELAY)
    order[5], order[7] = order[7], order[5]  # ChargeTransactionPayment before CheckNonce
    p.update(signedExtensions=order, nonce="0x000000e8d4a51000", tip="0x" + (5).to_bytes(16, "big").hex())
    out = testkit.call(**op)
    assert "error" in out
    assert f"signedExtensions is [{', '.join(order)}], but Polkadot's runtime" in out["error"] and f"signs [{', '.join(RELAY)}]" in out["error"]
    # What the request's order would have signed, read by the runtime: nonce 5 and a 100 DOT tip.
    method = bytes.fromhex(p["method"][2:])
    era = bytes.fromhex(p["era"][2:])
    compact = lambda n: bytes(runtime[0].create_scale_object("Compact<u128>").encode(n).data)
    extras = era + compact(5) + compact(10**12) + bytes([p["mode"]])
    additional = (int(p["specVersion"], 16).to_bytes(4, "little") + (26).to_bytes(4, "little") + POLKADOT
                  + bytes.fromhex(p["blockHash"][2:]) + (b"\x01" + bytes.fromhex(p["metadataHash"][2:]) if p["mode"] else b"\x00"))
    _, extra, _ = read_payload(runtime, method + extras + additional)
    assert extra["CheckNonce"] == 5 and dot(extra["ChargeTransactionPayment"]) == "100 DOT"


def test_unknown_runtime_shows_the_requests_list_and_needs_blind(testkit, rng, runtime):
    op, _, _, _ = random_request(rng, runtime)
    op["signer_payload"]["specVersion"] = "0x001e8481"  # 2000001: past the table
    out = testkit.call(**op)
    assert out["confirmation"] == "explicit"
    lines = {line["label"]: line for line in out["lines"]}
    assert lines["signed extensions"]["source"] == "request" and lines["signed extensions"]["value"] == ", ".join(RELAY)
    assert lines["call"]["value"].endswith("(not decoded: no runtime table for this network and runtime)")
    # The values shown are still the bytes' reading by that (here correct) list.
    _, extra, _ = read_payload(runtime, bytes.fromhex(out["signed"]))
    assert lines["nonce"]["value"] == str(extra["CheckNonce"])


def test_sign_raw_that_is_not_a_plain_message_needs_blind(testkit, rng, runtime):
    seed = rng.randbytes(32)
    public, _ = sr25519.pair_from_seed(seed)
    op, _, _, _ = random_request(rng, runtime)
    transaction = bytes.fromhex(testkit.call(**op)["signed"])
    ethereum = b"\x19Ethereum Signed Message:\n5hello"
    cases = [(ethereum, "explicit", ethereum, "message (Ethereum prefix, not <Bytes> wrapped)"),
             (transaction, "explicit", b"<Bytes>" + transaction + b"</Bytes>", "message (<Bytes> wrapped)"),
             (b"hello", "standard", b"<Bytes>hello</Bytes>", "message (<Bytes> wrapped)")]
    outs = testkit.batch([{"op": "substrate_sign_raw", "scheme": "sr25519", "seed": seed.hex(), "address": ss58_encode(public, 0),
                           "signer_payload_raw": {"address": ss58_encode(public, 0), "data": "0x" + data.hex(), "type": "bytes"}}
                          for data, _, _, _ in cases])
    for (data, confirmation, signed, label), out in zip(cases, outs):
        assert out["confirmation"] == confirmation, (data, out)
        assert out["label"] == label and bytes.fromhex(out["signed"]) == signed
        assert sr25519.verify(bytes.fromhex(out["signature"][2:]), signed, public)
