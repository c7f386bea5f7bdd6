"""`icp account-balance` and `icp call --args` without --did against the local boundary node
(boundary_node.py): unsigned anonymous envelopes, a balance query answered by ic-py's Candid,
and a canister's candid:service metadata read from the state tree and used to type-check and
encode the arguments (decoded back by ic-py)."""
import json
import os
import sys
import time
from pathlib import Path

import cbor2
from ic.candid import decode as ic_decode
from ic.candid import labelHash
from ic.utils import to_request_id as ic_request_id
import pytest

sys.path.insert(0, str(Path(__file__).parent))
from boundary_node import BoundaryNode  # noqa: E402
from certification import TEST_ROOT_KEY_DER_HEX  # noqa: E402
from conftest import run_program  # noqa: E402
from ic_spec import hash_of_map  # noqa: E402
from test_watch_flows import PRINCIPAL, Machines  # noqa: E402

ACCOUNT_ID = "345f723e9e619934daac6ae0f4be13a7b0ba57d6a608e511a00fd0ded5866752"
CANISTER = "qoctq-giaaa-aaaaa-aaaea-cai"


def run(tmp_path, *args):
    return run_program("airsign-watch", *args, timeout=120, env=dict(os.environ, AIRSIGN_WATCH_HOME=str(tmp_path / "watch"),
                                                                   AIRSIGN_ICP_ROOT_KEY=TEST_ROOT_KEY_DER_HEX))


def test_account_balance(tmp_path):
    with BoundaryNode(time.time) as node:
        node.balances[ACCOUNT_ID] = 150_000_000
        node.balances["2vxsx-fae"] = 7
        result = run(tmp_path, "icp", "account-balance", ACCOUNT_ID, "--url", node.url)
        assert result.returncode == 0, result.stderr
        answer = json.loads(result.stdout)
        assert answer["balance"] == "150000000" and answer["formatted"] == "1.5 ICP" and answer["method"] == "account_balance"
        assert "signed by the node keys" in result.stderr and "not certified" not in result.stderr
        result = run(tmp_path, "icp", "account-balance", "2vxsx-fae", "--url", node.url)
        assert json.loads(result.stdout)["formatted"] == "0.00000007 ICP"
        assert json.loads(result.stdout)["method"] == "icrc1_balance_of"


@pytest.mark.parametrize("mode, reason", [
    ("none", "carries no node signatures"),
    ("forge", "signature does not verify over this answer"),
    ("bad_signature", "signature does not verify over this answer"),
    ("unknown_node", "is not a node of subnet"),
])
def test_account_balance_refuses_answers_the_node_keys_do_not_sign(tmp_path, mode, reason):
    with BoundaryNode(time.time) as node:
        node.balances[ACCOUNT_ID] = 150_000_000
        node.query_signing = mode
        result = run(tmp_path, "icp", "account-balance", ACCOUNT_ID, "--url", node.url)
        assert result.returncode == 9, result.stderr
        assert result.stdout == "" and "ICP" not in result.stderr.replace("AIRSIGN_ICP", "")
        assert reason in result.stderr and len(result.stderr.strip().splitlines()) <= 2, result.stderr


def test_account_balance_refuses_node_keys_from_a_certificate_that_fails(tmp_path):
    with BoundaryNode(time.time) as node:
        node.balances[ACCOUNT_ID] = 150_000_000
        node.certifier.forge = True
        result = run(tmp_path, "icp", "account-balance", ACCOUNT_ID, "--url", node.url)
        assert result.returncode == 9 and result.stdout == "" and "does not verify" in result.stderr, result.stderr


def test_query_signed_hash_matches_ic_py_request_id():
    """The hash a node signs over a (flat) rejected answer, as the fixture computes it, against
    ic-py's own request-id hash (ic-py's does not take nested maps, so a replied answer is
    checked end to end above, by the watch verifying the fixture's signature)."""
    answer = {"status": "rejected", "reject_code": 3, "reject_message": "no such query method",
              "timestamp": 1_700_000_000_000_000_000, "request_id": bytes(range(32))}
    assert hash_of_map(answer) == ic_request_id(answer)


def test_call_arguments_checked_against_the_canisters_metadata(tmp_path):
    machines = Machines(tmp_path)
    with BoundaryNode(time.time) as node:
        node.metadata[CANISTER] = "type G = record { to : principal; times : nat8 }; service : { greet : (G) -> (text) }"
        request = tmp_path / "greet.json"
        machines.watch("icp", "call", CANISTER, "greet", "--from", PRINCIPAL, "--args", '(record { to = principal "2vxsx-fae"; times = 3 })',
                       "--url", node.url, "--root-key", TEST_ROOT_KEY_DER_HEX, "--out", str(request))
        sent = json.loads(request.read_text())
        assert sent["payload"]["interface"] == "type G = record { to : principal; times : nat8 };\nservice : {\n  greet : (G) -> (text);\n}\n"
        content = cbor2.loads(bytes.fromhex(sent["payload"]["content"]))
        [arg] = ic_decode(content["arg"])
        assert arg["value"]["_%d" % labelHash("times")] == 3
        assert arg["value"]["_%d" % labelHash("to")].to_str() == "2vxsx-fae"
        bad = run(tmp_path, "icp", "call", CANISTER, "greet", "--from", PRINCIPAL,
                  "--args", '(record { to = principal "2vxsx-fae"; times = 300 })', "--url", node.url)
        assert bad.returncode == 3 and "times" in bad.stderr and "nat8" in bad.stderr, bad.stderr
        # A canister without metadata: the watch asks for --did.
        none = run(tmp_path, "icp", "call", "2vxsx-fae", "greet", "--from", PRINCIPAL, "--args", "()", "--url", node.url)
        assert none.returncode != 0 and "--did" in none.stderr, none.stderr


def test_metadata_in_a_certificate_that_does_not_verify_is_refused(tmp_path):
    Machines(tmp_path)  # the watch-only account
    with BoundaryNode(time.time) as node:
        node.metadata[CANISTER] = "service : { greet : (text) -> (text) }"
        node.certifier.forge = True
        result = run(tmp_path, "icp", "call", CANISTER, "greet", "--from", PRINCIPAL, "--args", '("x")', "--url", node.url,
                     "--out", str(tmp_path / "greet.json"))
        assert result.returncode == 9 and "the IC's certificate does not verify" in result.stderr, result.stderr
        assert not (tmp_path / "greet.json").exists()
