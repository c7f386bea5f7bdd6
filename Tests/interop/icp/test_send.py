"""`airsign-watch icp send` against the local boundary node (boundary_node.py): a signed
transfer is accepted and reported replied, with the reply decoded; of a one-hour series signed
40 minutes before the node's clock, send picks the window the node accepts (the first windows
have expired there, and the node refuses them)."""
import json
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from boundary_node import BoundaryNode  # noqa: E402

import cbor2  # noqa: E402

KEY = "9b9631ce015fb2d696dd07dfce01c817d72251394c84580d0dd5b0c1f40f9421"  # quill's test identity


def signed_file(testkit, tmp_path, signed_at, windows):
    answer = testkit.call("icp_sign", scheme="secp256k1", key=KEY, method="transfer",
                          to="345f723e9e619934daac6ae0f4be13a7b0ba57d6a608e511a00fd0ded5866752", amount="125000000",
                          fee="10000", memo="7", from_subaccount="", created_at=str(signed_at * 10**9),
                          expiry=str((signed_at + 300) * 10**9), windows=windows, now=signed_at)
    assert "error" not in answer, answer
    path = tmp_path / "signed.json"
    path.write_text(json.dumps(json.loads(answer["result"])["messages"]))
    return path, json.loads(answer["result"])["messages"]


def send(bin_dir, path, url):
    return subprocess.run([str(bin_dir / "airsign-watch"), "icp", "send", str(path), "--url", url],
                          capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, AIRSIGN_WATCH_HOME=str(path.parent / "watch")))


def bin_dir():
    return Path(os.environ["AIRSIGN_BIN_DIR"])


def test_send_reports_replied(testkit, tmp_path):
    now = int(time.time())
    path, messages = signed_file(testkit, tmp_path, now, 1)
    with BoundaryNode(time.time) as node:
        result = send(bin_dir(), path, node.url)
        assert result.returncode == 0, result.stderr
        assert "status:     replied" in result.stderr
        assert "reply:      (variant { Ok = 42 })" in result.stderr
        assert json.loads(result.stdout) == {"requestId": messages[0]["ingress"]["request_id"], "status": "replied",
                                             "reply": "(variant { Ok = 42 })", "replyJSON": {"Ok": "42"}}
        assert "BLS signature was NOT verified" in result.stderr
        assert [rid.hex() for rid, _ in node.accepted] == [messages[0]["ingress"]["request_id"]]


def test_valid_for_picks_a_window_the_node_accepts(testkit, tmp_path):
    # Signed as `--valid-for 1h` would be (12 windows of 5 minutes), 40 minutes before now:
    # relative to the signing clock, the node's clock is 40 minutes ahead.
    signed_at = int(time.time()) - 40 * 60
    path, messages = signed_file(testkit, tmp_path, signed_at, 12)
    with BoundaryNode(time.time) as node:
        # The first window has expired for the node: sending it directly is refused.
        first = bytes.fromhex(messages[0]["ingress"]["content"])
        status, _ = node.handle("ryjl3-tyaaa-aaaaa-aaaba-cai", "call", first)
        assert status == 400 and "not within 5 minutes" in node.refused[-1]
        result = send(bin_dir(), path, node.url)
        assert result.returncode == 0, result.stderr
        assert "status:     replied" in result.stderr
        [(rid, expiry)] = node.accepted
        index = [m["ingress"]["request_id"] for m in messages].index(rid.hex())
        assert index in (8, 9), index  # windows 9–10 of 12 cover 40–45 minutes after signing
        assert f"Sent message {index + 1} of 12" in result.stderr
        assert node.now_ns() < expiry <= node.now_ns() + 300 * 10**9


def test_expired_series_is_refused_before_sending(testkit, tmp_path):
    path, _ = signed_file(testkit, tmp_path, int(time.time()) - 3 * 3600, 12)
    with BoundaryNode(time.time) as node:
        result = send(bin_dir(), path, node.url)
        assert result.returncode == 3, result.stderr
        assert "every signed message has expired" in result.stderr
        assert node.accepted == [] and node.refused == []


def test_tampered_envelope_is_refused_before_sending(testkit, tmp_path):
    path, messages = signed_file(testkit, tmp_path, int(time.time()), 1)
    envelope = cbor2.loads(bytes.fromhex(messages[0]["ingress"]["content"]))
    content = dict(envelope["content"])
    content["arg"] = content["arg"][:-1] + bytes([content["arg"][-1] ^ 1])
    forged = cbor2.dumps(cbor2.CBORTag(55799, {"content": content, "sender_pubkey": envelope["sender_pubkey"],
                                               "sender_sig": envelope["sender_sig"]}))
    messages[0]["ingress"]["content"] = forged.hex()
    path.write_text(json.dumps(messages))
    with BoundaryNode(time.time) as node:
        result = send(bin_dir(), path, node.url)
        assert result.returncode == 3, result.stderr
        assert node.accepted == []
