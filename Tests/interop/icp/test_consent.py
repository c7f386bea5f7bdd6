"""ICRC-21 end to end through the local boundary node (boundary_node.py), whose canister
`qoctq-giaaa-aaaaa-aaaea-cai` speaks ICRC-21: `airsign-watch icp call` sees it in
icrc10_supported_standards, fetches the consent message for exactly the call as an anonymous
update call and attaches the certificate of its reply; the signer (given the fixture's root key
in AIRSIGN_ICP_ROOT_KEY, as a person would for a local replica) verifies it, shows it as the
canister's certified words and signs without --blind; the watch sends the signed call. Without
the consent message (--no-consent) the same call needs --blind. `icp send` also reads a
certificate whose delegation states its canister ranges in the newer sharded layout."""
import json
import sys
import time
from pathlib import Path

import pytest
from ic.candid import decode as ic_decode

sys.path.insert(0, str(Path(__file__).parent))
from boundary_node import BoundaryNode  # noqa: E402
from certification import TEST_ROOT_KEY_DER_HEX  # noqa: E402
from conftest import run_program, unwrapped  # noqa: E402
from test_watch_flows import PRINCIPAL, Machines  # noqa: E402

CANISTER = "qoctq-giaaa-aaaaa-aaaea-cai"
ARG = "4449444c0001710d48656c6c6f2c20776f726c6421"  # ("Hello, world!")


def greeting(method, arg):
    [value] = ic_decode(arg)
    return f"# Greet\n\nThe canister will call **{method}** and greet:\n\n{value['value']}\n"


@pytest.fixture
def machines(tmp_path):
    m = Machines(tmp_path)
    m.env["AIRSIGN_ICP_ROOT_KEY"] = TEST_ROOT_KEY_DER_HEX
    return m


def build(m, node, out, *extra):
    return m.watch("icp", "call", CANISTER, "greet", "--arg-hex", ARG, "--from", PRINCIPAL, "--url", node.url,
                   "--root-key", TEST_ROOT_KEY_DER_HEX, "--out", str(out), *extra)


def test_a_certified_consent_message_is_shown_signed_and_sent(machines, tmp_path):
    m = machines
    with BoundaryNode(time.time) as node:
        node.consent[CANISTER] = greeting
        built = build(m, node, tmp_path / "request.json")
        assert "Consent message of qoctq-giaaa-aaaaa-aaaea-cai for greet fetched" in built.stderr
        request = json.loads((tmp_path / "request.json").read_text())
        assert set(request["payload"]["consent"]) == {"request", "certificate"}
        signed = m.signer("sign", str(tmp_path / "request.json"), "--yes", "--pin-file", str(m.pin),
                          "--out", str(tmp_path / "response.json"))
        review = unwrapped(signed.stderr)
        assert "the canister's consent message, certified by the IC" in review, review
        assert "| The canister will call **greet** and greet:" in review, review
        assert "| Hello, world!" in review
        assert "not counted in the totals" in review
        final = tmp_path / "final.json"
        m.watch("finalize", str(tmp_path / "response.json"), "--out", str(final))
        [response] = [json.loads(line) for line in final.read_text().splitlines() if line.strip()]
        messages = response["result"]["messages"]
        sent_file = tmp_path / "signed.json"
        sent_file.write_text(json.dumps(messages))
        sent = m.watch("icp", "send", str(sent_file), "--url", node.url, "--root-key", TEST_ROOT_KEY_DER_HEX)
        assert "status:     replied" in sent.stderr
        assert len(node.accepted) == 1


def test_without_the_consent_message_the_call_is_blind(machines, tmp_path):
    m = machines
    with BoundaryNode(time.time) as node:
        node.consent[CANISTER] = greeting
        build(m, node, tmp_path / "request.json", "--no-consent")
        assert "consent" not in json.loads((tmp_path / "request.json").read_text())["payload"]
        refused = run_program("airsign-signer", "sign", str(tmp_path / "request.json"), "--yes", "--pin-file",
                              str(m.pin), "--out", str(tmp_path / "response.json"), env=m.env)
        assert refused.returncode != 0
        assert "--blind" in unwrapped(refused.stderr)
        assert not (tmp_path / "response.json").exists()


def test_a_consent_message_for_another_call_is_refused(machines, tmp_path):
    m = machines
    with BoundaryNode(time.time) as node:
        node.consent[CANISTER] = greeting
        build(m, node, tmp_path / "request.json")
    request = json.loads((tmp_path / "request.json").read_text())
    other = tmp_path / "other.json"
    build_other = dict(request)
    # The consent of this call attached to a call with another argument.
    with BoundaryNode(time.time) as node:
        node.consent[CANISTER] = greeting
        m.watch("icp", "call", CANISTER, "greet", "--arg-hex", "4449444c000171026869", "--from", PRINCIPAL,
                "--url", node.url, "--root-key", TEST_ROOT_KEY_DER_HEX, "--out", str(other), "--no-consent")
    forged = json.loads(other.read_text())
    forged["payload"]["consent"] = build_other["payload"]["consent"]
    other.write_text(json.dumps(forged))
    refused = run_program("airsign-signer", "inspect", str(other), env=m.env)
    assert refused.returncode == 3, refused.stderr
    assert "consent message is refused" in unwrapped(refused.stderr)


def test_send_reads_sharded_canister_ranges(testkit, tmp_path):
    from test_send import send, signed_file
    path, messages = signed_file(testkit, tmp_path, int(time.time()), 1)
    with BoundaryNode(time.time) as node:
        node.certifier.ranges_layout = "sharded"
        result = send(path, node.url)
        assert result.returncode == 0, result.stderr
        assert "status:     replied" in result.stderr


LEDGER = "ryjl3-tyaaa-aaaaa-aaaba-cai"
TO = "345f723e9e619934daac6ae0f4be13a7b0ba57d6a608e511a00fd0ded5866752"


@pytest.mark.parametrize("stated, disagrees", [("1.25", False), ("9", True)])
def test_a_ledger_transfer_shows_both_readings(machines, tmp_path, stated, disagrees):
    m = machines
    with BoundaryNode(time.time) as node:
        node.consent[LEDGER] = lambda method, arg: f"# Send ICP\n\n**Amount:** {stated} ICP\n\n**Fee:** 0.0001 ICP\n\n**To:** {TO}\n"
        m.watch("icp", "transfer", "--from", PRINCIPAL, "--to", TO, "--amount", "1.25", "--consent", "--url", node.url,
                "--root-key", TEST_ROOT_KEY_DER_HEX, "--out", str(tmp_path / "request.json"))
    shown = run_program("airsign-signer", "inspect", str(tmp_path / "request.json"), env=m.env)
    assert shown.returncode == 0, shown.stderr
    review = unwrapped(shown.stdout + shown.stderr)
    assert "the canister's consent message, certified by the IC" in review
    assert f"| **Amount:** {stated} ICP" in review
    assert ("disagree: the interface reads 1.2501 ICP sent" in review) == disagrees, review
    assert "described" not in review  # the built-in reading counts it: the totals are its own
