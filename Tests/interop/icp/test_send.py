"""`airsign-watch icp send` against the local boundary node (boundary_node.py): a signed
transfer is accepted and reported replied, with the reply decoded; of a one-hour series signed
40 minutes before the node's clock, send picks the window the node accepts (the first windows
have expired there, and the node refuses them). The node certifies its answers as a subnet the
test root key delegates to; send reports a status only from a certificate that verifies, and a
forged answer, another root key, a stale /time or a canister outside the subnet's ranges end it
with exit 9 and nothing on standard output."""
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from boundary_node import BoundaryNode  # noqa: E402
from conftest import run_program  # noqa: E402
from certification import DER_PREFIX, TEST_ROOT_KEY_DER_HEX, public_key, secret  # noqa: E402

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


def send(path, url, root_key=TEST_ROOT_KEY_DER_HEX):
    return run_program("airsign-watch", "icp", "send", str(path), "--url", url, "--root-key", root_key, timeout=120,
                       env=dict(os.environ, AIRSIGN_WATCH_HOME=str(path.parent / "watch")))


def test_send_reports_replied(testkit, tmp_path):
    now = int(time.time())
    path, messages = signed_file(testkit, tmp_path, now, 1)
    with BoundaryNode(time.time) as node:
        result = send(path, node.url)
        assert result.returncode == 0, result.stderr
        assert "status:     replied" in result.stderr
        assert "reply:      (variant { Ok = 42 })" in result.stderr
        assert json.loads(result.stdout) == {"requestId": messages[0]["ingress"]["request_id"], "status": "replied", "certified": True,
                                             "reply": "(variant { Ok = 42 })", "replyJSON": {"Ok": "42"}}
        assert "Certified: the status comes from a certificate verified against the root key given" in result.stderr
        assert [rid.hex() for rid, _ in node.accepted] == [messages[0]["ingress"]["request_id"]]


def test_a_synchronous_reject_is_reported_as_uncertified(testkit, tmp_path):
    path, messages = signed_file(testkit, tmp_path, int(time.time()), 1)
    with BoundaryNode(time.time) as node:
        node.reject_calls = True
        result = send(path, node.url)
        assert result.returncode == 9, result.stderr
        assert "reject:     code 5 (IC0503): canister trapped" in result.stderr
        assert "the boundary node's own answer to the call (not certified)" in result.stderr
        assert "Certified:" not in result.stderr
        assert json.loads(result.stdout) == {"requestId": messages[0]["ingress"]["request_id"], "status": "rejected",
                                             "certified": False}


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
        result = send(path, node.url)
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
        result = send(path, node.url)
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
        result = send(path, node.url)
        assert result.returncode == 3, result.stderr
        assert node.accepted == []


def refused(node, tmp_path, testkit, root_key=TEST_ROOT_KEY_DER_HEX):
    """Sends a fresh transfer to `node`; the watch's result, which must be a refusal (exit 9)."""
    path, messages = signed_file(testkit, tmp_path, int(time.time()), 1)
    result = send(path, node.url, root_key)
    assert result.returncode == 9, result.stderr
    assert result.stdout == "", result.stdout
    assert "status:" not in result.stderr and "reply:" not in result.stderr, result.stderr
    # The call itself went out (the node accepted it); only its status was not believed.
    assert [rid.hex() for rid, _ in node.accepted] == [messages[0]["ingress"]["request_id"]]
    return result.stderr


def test_a_forged_reply_is_refused(testkit, tmp_path):
    with BoundaryNode(time.time) as node:
        node.certifier.forge = True
        assert "the IC's certificate does not verify: the signature does not verify under subnet" in refused(node, tmp_path, testkit)


def test_another_root_key_is_refused(testkit, tmp_path):
    other = (DER_PREFIX + public_key(secret(b"not the fixture's root"))).hex()
    with BoundaryNode(time.time) as node:
        stderr = refused(node, tmp_path, testkit, root_key=other)
        assert "does not verify under the root key (the delegation's certificate)" in stderr, stderr
    # Without --root-key the watch uses the IC mainnet key, which did not sign the fixture's delegation.
    with BoundaryNode(time.time) as node:
        path, _ = signed_file(testkit, tmp_path, int(time.time()), 1)
        result = run_program("airsign-watch", "icp", "send", str(path), "--url", node.url, timeout=120,
                             env={k: v for k, v in dict(os.environ, AIRSIGN_WATCH_HOME=str(tmp_path / "watch")).items() if k != "AIRSIGN_ICP_ROOT_KEY"})
        assert result.returncode == 9 and result.stdout == "" and "the root key" in result.stderr, result.stderr


def test_a_stale_certificate_is_refused(testkit, tmp_path):
    with BoundaryNode(time.time) as node:
        node.certifier.time_offset_s = -10 * 60
        assert "the IC's certificate is not current" in refused(node, tmp_path, testkit)


def test_a_canister_outside_the_subnets_ranges_is_refused(testkit, tmp_path):
    with BoundaryNode(time.time) as node:
        node.certifier.ranges = [(b"\x00\x00\x00\x00\x00\x10\x00\x00\x01\x01", b"\x00\x00\x00\x00\x00\x1f\xff\xff\x01\x01")]
        stderr = refused(node, tmp_path, testkit)
        assert "which may not certify for canister ryjl3-tyaaa-aaaaa-aaaba-cai" in stderr, stderr


def test_a_bad_root_key_is_a_usage_error(testkit, tmp_path):
    path, _ = signed_file(testkit, tmp_path, int(time.time()), 1)
    with BoundaryNode(time.time) as node:
        result = send(path, node.url, root_key=TEST_ROOT_KEY_DER_HEX[:-2])
        assert result.returncode == 3 and "root key" in result.stderr, result.stderr
        assert node.accepted == []
