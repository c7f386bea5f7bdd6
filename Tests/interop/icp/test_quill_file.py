"""`airsign-watch icp quill` writes what `quill send` reads (../shared/specs/icp/quill.md,
"Signed message JSON format"): serde_json's compact `Vec<IngressWithRequestId>`, keys in quill's
struct order, lower-case hex without 0x; for a one-hour series one window only, the one valid
now or the one `--window N` names. Each envelope is decoded by cbor2, its request id recomputed
by ic-py and by the spec's hash, its signature verified by coincurve."""
import json
import os
import sys
import time
from pathlib import Path

import cbor2
import coincurve
from coincurve.ecdsa import cdata_to_der, deserialize_compact
from ic.utils import to_request_id as ic_request_id

sys.path.insert(0, str(Path(__file__).parent))
from conftest import run_program  # noqa: E402
from ic_spec import h, hash_of_map  # noqa: E402
from test_send import KEY, signed_file  # noqa: E402

DOMAIN = b"\x0aic-request"
PUB = coincurve.PrivateKey(bytes.fromhex(KEY)).public_key.format(compressed=False)


def quill(path, *args):
    return run_program("airsign-watch", "icp", "quill", str(path), *args, timeout=60,
                       env=dict(os.environ, AIRSIGN_WATCH_HOME=str(path.parent / "watch")))


def checked_envelope(hex_content, ic_py=True):
    """The envelope's content and request id, after the tag, the request id and the signature check
    (ic-py's request-id hash reads calls only, not read_state paths)."""
    assert hex_content == hex_content.lower()
    raw = bytes.fromhex(hex_content)
    assert raw[:3] == b"\xd9\xd9\xf7"  # the self-describe tag ic-agent writes
    envelope = cbor2.loads(raw)
    assert set(envelope) == {"content", "sender_pubkey", "sender_sig"}
    content = dict(envelope["content"])
    rid = hash_of_map(content)
    assert not ic_py or ic_request_id(content) == rid
    assert envelope["sender_pubkey"] == bytes.fromhex("3056301006072a8648ce3d020106052b8104000a034200") + PUB
    assert coincurve.PublicKey(PUB).verify(cdata_to_der(deserialize_compact(envelope["sender_sig"])), DOMAIN + rid,
                                           hasher=lambda m: h(m))
    return content, rid


def read_quill_file(text):
    """Parses the file as quill's serde structs do, checking it is serde_json's own output."""
    assert text.endswith("\n") and text.count("\n") == 1
    array = json.loads(text)
    assert json.dumps(array, separators=(",", ":")) + "\n" == text  # compact, in this key order
    assert isinstance(array, list) and len(array) == 1
    [item] = array
    assert list(item) == ["ingress", "request_status"]
    assert list(item["ingress"]) == ["call_type", "request_id", "content", "role"]
    assert list(item["request_status"]) == ["canister_id", "request_id", "content"]
    ingress, status = item["ingress"], item["request_status"]
    assert ingress["call_type"] == "update" and ingress["role"] == "nns:ledger"
    call, rid = checked_envelope(ingress["content"])
    assert call["request_type"] == "call" and call["method_name"] == "transfer"
    assert ingress["request_id"] == status["request_id"] == rid.hex()
    assert status["canister_id"] == "ryjl3-tyaaa-aaaaa-aaaba-cai"
    read, _ = checked_envelope(status["content"], ic_py=False)
    assert read["request_type"] == "read_state" and [list(p) for p in read["paths"]] == [[b"request_status", rid]]
    return call


def test_writes_the_window_valid_now(testkit, tmp_path):
    signed_at = int(time.time()) - 40 * 60
    path, messages = signed_file(testkit, tmp_path, signed_at, 12)
    out = tmp_path / "quill.json"
    result = quill(path, "--out", str(out))
    assert result.returncode == 0, result.stderr
    call = read_quill_file(out.read_text())
    now_ns = time.time_ns()
    assert now_ns + 20 * 10**9 <= call["ingress_expiry"] <= now_ns + 360 * 10**9
    index = [m["ingress"]["request_id"] for m in messages].index(json.loads(out.read_text())[0]["ingress"]["request_id"])
    assert index in (8, 9), index
    assert f"Window {index + 1} of 12" in result.stderr
    # Standard output by default, the same bytes.
    again = quill(path)
    assert again.returncode == 0 and again.stdout == out.read_text()


def test_window_n_and_its_errors(testkit, tmp_path):
    path, messages = signed_file(testkit, tmp_path, int(time.time()) - 3 * 3600, 12)
    first = quill(path, "--window", "1")
    assert first.returncode == 0, first.stderr
    read_quill_file(first.stdout)
    assert json.loads(first.stdout)[0]["ingress"]["content"] == messages[0]["ingress"]["content"]
    for n in ("0", "13"):
        bad = quill(path, "--window", n)
        assert bad.returncode == 3 and bad.stdout == ""
        assert "--window" in bad.stderr and "(1…12)" in bad.stderr and len(bad.stderr.strip().splitlines()) == 1
    expired = quill(path)
    assert expired.returncode == 3 and expired.stdout == ""
    assert "every signed message has expired" in expired.stderr
