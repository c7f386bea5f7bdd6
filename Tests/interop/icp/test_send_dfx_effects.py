"""The ICP ledger's `send_dfx` (issue 31, ICP danger list: every ledger method that moves ICP is in
the totals with a labelled destination), held against ic-py.

The SendArgs record (memo, amount, fee, from_subaccount, to as the account identifier's hex
text, created_at_time) is encoded by ic-py's Candid encoder, never by ours; airsign-testkit's
icp_review_call builds the ledger call from those bytes as icp_sign does (the request
test_send.py signs), and the ICP chain module reviews and signs it. Then, with nothing of ours,
cbor2 opens the signed envelope and ic-py decodes the argument the signature covers: the
review's one effect must be that much ICP (amount + fee, in e8s) leaving for exactly that
account identifier, labelled (contact or not in your contacts), and the totals must say the same.

A mutated request (another destination, another amount) gets a review whose effect the original
arguments contradict, and an effect edited after the review is caught the same way: the
comparison is not one that anything passes. A random-seeded generator (seed printed by the `rng`
fixture; replay with AIRSIGN_TEST_SEED) draws the arguments.
"""
import hashlib
import json
import time
import zlib

import cbor2
import coincurve
from coincurve.ecdsa import cdata_to_der, deserialize_compact
from ic.candid import Types, decode, encode
from ic.utils import to_request_id

KEY = "9b9631ce015fb2d696dd07dfce01c817d72251394c84580d0dd5b0c1f40f9421"  # quill's test identity (as test_send.py)
LEDGER = "ryjl3-tyaaa-aaaaa-aaaba-cai"
LEDGER_ID = bytes.fromhex("00000000000000020101")
N = 60
PUBLIC = coincurve.PrivateKey(bytes.fromhex(KEY)).public_key.format(compressed=False)

SEND_ARGS = Types.Record({
    "to": Types.Text, "fee": Types.Record({"e8s": Types.Nat64}), "memo": Types.Nat64,
    "from_subaccount": Types.Opt(Types.Vec(Types.Nat8)),
    "created_at_time": Types.Opt(Types.Record({"timestamp_nanos": Types.Nat64})), "amount": Types.Record({"e8s": Types.Nat64}),
})


def account_identifier(principal: bytes, subaccount: bytes = bytes(32)) -> str:
    """The ledger's AccountIdentifier: CRC32 (big-endian) of SHA-224("\\x0aaccount-id" ‖
    principal ‖ subaccount), then that hash; as the 64 hex digits send_dfx takes."""
    digest = hashlib.sha224(b"\x0aaccount-id" + principal + subaccount).digest()
    return (zlib.crc32(digest).to_bytes(4, "big") + digest).hex()


def send_args(to, amount, fee=10_000, memo=0, from_subaccount=None, created_at=None):
    """SendArgs in ic-py's value form (opt as [] or [value])."""
    return {"to": to, "fee": {"e8s": fee}, "memo": memo,
            "from_subaccount": [] if from_subaccount is None else [list(from_subaccount)],
            "created_at_time": [] if created_at is None else [{"timestamp_nanos": created_at}], "amount": {"e8s": amount}}


def icp(e8s: int) -> str:
    whole, fraction = divmod(e8s, 10**8)
    text = f"{fraction:08d}".rstrip("0")
    return f"{whole}.{text} ICP" if text else f"{whole} ICP"


def review_op(args, now, contacts=()):
    arg = encode([{"type": SEND_ARGS, "value": args}])
    return {"op": "icp_review_call", "scheme": "secp256k1", "key": KEY, "method": "send_dfx", "arg": arg.hex(),
            "expiry": str((now + 240) * 10**9), "now": now, "contacts": [list(c) for c in contacts]}


def signed_arguments(answer):
    """What the signature covers, read by cbor2 and ic-py: (method, canister, SendArgs). The
    signature must verify (coincurve) over ic-py's request id of that content."""
    messages = json.loads(answer["result"])["messages"]
    assert len(messages) == 1
    envelope = cbor2.loads(bytes.fromhex(messages[0]["ingress"]["content"]))
    content = dict(envelope["content"])
    assert content["request_type"] == "call"
    request_id = to_request_id(content)
    assert messages[0]["ingress"]["request_id"] == request_id.hex()
    assert envelope["sender_pubkey"][-65:] == PUBLIC
    signature = envelope["sender_sig"]
    assert coincurve.PublicKey(PUBLIC).verify(cdata_to_der(deserialize_compact(signature)), b"\x0aic-request" + request_id,
                                              hasher=lambda m: hashlib.sha256(m).digest())
    [value] = decode(content["arg"], SEND_ARGS)
    return content["method_name"], content["canister_id"], value["value"]


def mismatches(args, answer, contacts=()):
    """Where the review's effects and totals say something other than what the decoded
    arguments do: an empty list when they agree."""
    names = dict((address, name) for name, address in contacts)
    label = f'contact "{names[args["to"]]}"' if args["to"] in names else "not in your contacts"
    moved = args["amount"]["e8s"] + args["fee"]["e8s"]
    expected = {"kind": "outflow", "amount": str(moved), "to": f"{args['to']} ({label})", "from": None,
                "asset": {"id": LEDGER, "symbol": "ICP", "decimals": 8}, "unstated": [], "up_to": False}
    found = []
    outflows = [e for e in answer["effects"] if e["kind"] == "outflow"]
    if len(outflows) != 1:
        return [f"{len(outflows)} outflows"]
    [effect] = outflows
    for key, value in expected.items():
        shown = effect[key]
        if key == "asset":
            shown = {k: shown[k] for k in value}
        if shown != value:
            found.append(f"{key}: review {shown!r}, arguments {value!r}")
    if answer["totals"] != [icp(moved)]:
        found.append(f"totals: review {answer['totals']!r}, arguments {icp(moved)!r}")
    if answer["unknowns"]:
        found.append(f"unknowns: {answer['unknowns']!r}")
    return found


def check(args, answer, contacts=()):
    assert "error" not in answer, answer
    method, canister, signed = signed_arguments(answer)
    assert method == "send_dfx" and canister == LEDGER_ID
    # ic-py reads back exactly the arguments it encoded: the signer signed the suite's bytes.
    assert signed == args, (signed, args)
    assert mismatches(signed, answer, contacts) == []
    # The lines say the same as the effect.
    lines = {line["label"]: line["value"] for line in answer["lines"]}
    assert lines["to"] == answer["effects"][0]["to"]
    assert lines["amount"] == icp(args["amount"]["e8s"]) and lines["fee"] == icp(args["fee"]["e8s"])
    assert answer["title"] == "ICP transfer (ledger send_dfx)"


def test_send_dfx_effects_are_what_ic_py_reads(testkit):
    now = int(time.time())
    alice = account_identifier(b"\x01" * 29)
    stranger = account_identifier(bytes(range(10)), bytes([7]) * 32)
    contacts = [("Alice", alice)]
    cases = [
        send_args(alice, 125_000_000, memo=7, created_at=now * 10**9),
        send_args(stranger, 1, fee=0, from_subaccount=bytes([9]) * 32),
        send_args(stranger, 2**64 - 1 - 10_000, memo=2**64 - 1, created_at=0),
    ]
    answers = testkit.batch([review_op(args, now, contacts) for args in cases])
    for args, answer in zip(cases, answers):
        check(args, answer, contacts)
    assert answers[0]["effects"][0]["to"] == f'{alice} (contact "Alice")'
    assert answers[1]["effects"][0]["to"] == f"{stranger} (not in your contacts)"
    # Amount plus fee at 2^64 − 1 e8s: the sum is exact, not wrapped.
    assert answers[2]["effects"][0]["amount"] == str(2**64 - 1)


def test_a_lying_review_would_be_caught(testkit):
    """The comparison is meaningful: a request with another destination or amount has a review
    the original arguments contradict, and an effect edited after the review is caught."""
    now = int(time.time())
    alice, mallory = account_identifier(b"\x01" * 29), account_identifier(b"\x02" * 29)
    contacts = [("Alice", alice)]
    original = send_args(alice, 500_000_000, created_at=now * 10**9)
    redirected = dict(original, to=mallory)
    inflated = dict(original, amount={"e8s": 500_000_001})
    answers = testkit.batch([review_op(a, now, contacts) for a in (original, redirected, inflated)])
    check(original, answers[0], contacts)
    check(redirected, answers[1], contacts)
    check(inflated, answers[2], contacts)
    # What was signed differs from the original arguments, and the comparison says where.
    assert signed_arguments(answers[1])[2]["to"] != alice
    assert [m.split(":")[0] for m in mismatches(original, answers[1], contacts)] == ["to"]
    assert signed_arguments(answers[2])[2]["amount"] != original["amount"]
    assert [m.split(":")[0] for m in mismatches(original, answers[2], contacts)] == ["amount", "totals"]
    # A review that showed the stranger as the contact, or one e8s less, would fail.
    lied = json.loads(json.dumps(answers[1]))
    lied["effects"][0]["to"] = f'{mallory} (contact "Alice")'
    assert mismatches(redirected, lied, contacts) == [f"to: review {lied['effects'][0]['to']!r}, arguments '{mallory} (not in your contacts)'"]
    lied = json.loads(json.dumps(answers[0]))
    lied["effects"][0]["amount"] = str(500_010_000 - 1)
    assert [m.split(":")[0] for m in mismatches(original, lied, contacts)] == ["amount"]


def test_random_send_dfx_arguments(testkit, rng):
    now = int(time.time())
    contacts = [(f"Friend{i}", account_identifier(rng.randbytes(29), rng.randbytes(32))) for i in range(3)]
    cases = []
    for _ in range(N):
        to = rng.choice([c[1] for c in contacts] + [account_identifier(rng.randbytes(rng.randint(0, 29)), rng.randbytes(32))])
        fee = rng.choice([0, 10_000, rng.randrange(2**32)])
        amount = rng.choice([0, 1, rng.randrange(10**12), rng.randrange(2**64 - fee)])
        cases.append(send_args(to, amount, fee=fee, memo=rng.randrange(2**64),
                               from_subaccount=rng.choice([None, rng.randbytes(32)]),
                               created_at=rng.choice([None, now * 10**9 - rng.randrange(10**11)])))
    answers = testkit.batch([review_op(args, now, contacts) for args in cases])
    for args, answer in zip(cases, answers):
        check(args, answer, contacts)
        assert ("the amount is zero" in answer["warnings"]) == (args["amount"]["e8s"] == 0)
