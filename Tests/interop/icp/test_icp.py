"""ICP cross-checks: random ledger transfers and icrc1_transfers built, reviewed and signed by
ICPChain (through airsign-testkit) are decoded by cbor2, their request ids recomputed by a
representation-independent hash written here from the interface spec and by ic-py, their
signatures verified by coincurve (secp256k1) and PyNaCl (Ed25519), their Candid arguments
decoded by ic-py."""
import hashlib
import json
import zlib
import base64
import sys
from pathlib import Path

import cbor2
import coincurve
import nacl.signing
from coincurve.ecdsa import cdata_to_der, deserialize_compact
from ic.candid import decode as ic_decode
from ic.utils import to_request_id as ic_request_id

sys.path.insert(0, str(Path(__file__).parent))
from ic_spec import h, hash_of_map, principal_text  # noqa: E402

TRANSFERS = 2000
LEDGER = bytes.fromhex("00000000000000020101")
DOMAIN = b"\x0aic-request"
SECP256K1_ORDER = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141


# --- Accounts, from the ICRC-1 standard and ic-js (the spec's hash and principal text: ic_spec.py).

def account_id(owner, sub):
    digest = hashlib.sha224(b"\x0aaccount-id" + owner + sub).digest()
    return zlib.crc32(digest).to_bytes(4, "big") + digest


def icrc1_text(owner, sub):
    if sub is None or sub == bytes(32):
        return principal_text(owner)
    crc = base64.b32encode(zlib.crc32(owner + sub).to_bytes(4, "big")).decode().lower().rstrip("=")
    return f"{principal_text(owner)}-{crc}.{sub.hex().lstrip('0')}"


def rand_key(rng, scheme):
    if scheme == "ed25519":
        return rng.randbytes(32)
    while True:
        k = rng.randbytes(32)
        if 0 < int.from_bytes(k, "big") < SECP256K1_ORDER:
            return k


def rand_sub(rng):
    choice = rng.random()
    if choice < 0.5:
        return None
    if choice < 0.6:
        return bytes(32)
    if choice < 0.8:
        return bytes(31) + bytes([rng.randint(1, 255)])
    return rng.randbytes(32)


def rand_transfer(rng):
    scheme = "ed25519" if rng.random() < 0.3 else "secp256k1"
    method = rng.choice(["transfer", "icrc1_transfer"])
    owner = rng.randbytes(rng.choice([1, 10, 29]))
    to_sub = rand_sub(rng)
    from_sub = rand_sub(rng)
    created = rng.choice([None, rng.randint(0, 2**64 - 1)])
    expiry = rng.randint(10**18, 2**63)
    case = {"scheme": scheme, "key": rand_key(rng, scheme), "method": method, "owner": owner, "to_sub": to_sub,
            "from_sub": from_sub, "created": created, "expiry": expiry, "windows": rng.choice([1, 1, 1, 3])}
    if case["windows"] > 1 and created is None:
        case["created"] = rng.randint(0, 2**64 - 1)
    if method == "transfer":
        case["to"] = account_id(owner, to_sub or bytes(32)).hex()
        case["amount"] = rng.randint(0, 2**64 - 1)
        case["fee"] = rng.choice([10_000, rng.randint(0, 2**64 - 1)])
        case["memo"] = rng.randint(0, 2**64 - 1)
    else:
        case["to"] = icrc1_text(owner, to_sub)
        case["amount"] = rng.randint(0, 2 ** rng.choice([8, 64, 128, 300]))
        case["fee"] = rng.choice([None, 10_000, rng.randint(0, 2**80)])
        case["memo"] = rng.choice([None, rng.randbytes(rng.randint(1, 32))])  # "" means absent on the wire to testkit
    return case


def request_for(case):
    memo = case["memo"]
    return {
        "op": "icp_sign", "scheme": case["scheme"], "key": case["key"].hex(), "method": case["method"], "to": case["to"],
        "amount": str(case["amount"]), "fee": "" if case["fee"] is None else str(case["fee"]),
        "memo": (str(memo) if isinstance(memo, int) else "" if memo is None else memo.hex()),
        "from_subaccount": "" if case["from_sub"] is None else case["from_sub"].hex(),
        "created_at": "" if case["created"] is None else str(case["created"]),
        "expiry": str(case["expiry"]), "windows": case["windows"], "now": case["expiry"] // 10**9 - 60,
    }


def der_and_verifier(case):
    if case["scheme"] == "secp256k1":
        pub = coincurve.PrivateKey(case["key"]).public_key.format(compressed=False)
        der = bytes.fromhex("3056301006072a8648ce3d020106052b8104000a034200") + pub

        def verify(sig, message):
            assert len(sig) == 64
            s = int.from_bytes(sig[32:], "big")
            assert s <= SECP256K1_ORDER // 2, "high-s signature"
            return coincurve.PublicKey(pub).verify(cdata_to_der(deserialize_compact(sig)), message, hasher=lambda m: h(m))
    else:
        pub = bytes(nacl.signing.SigningKey(case["key"]).verify_key)
        der = bytes.fromhex("302a300506032b6570032100") + pub

        def verify(sig, message):
            nacl.signing.VerifyKey(pub).verify(message, sig)
            return True
    return der, verify


def plain(v):
    """cbor2's immutable containers (frozendict, tuples) as dicts and lists."""
    if isinstance(v, (dict,)) or hasattr(v, "items"):
        return {k: plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [plain(x) for x in v]
    return v


def check_envelope(hex_envelope, der, verify, expected_sender):
    raw = bytes.fromhex(hex_envelope)
    # cbor2 consumes the self-describe tag 55799 itself; check it is there, then decode.
    assert raw[:3] == b"\xd9\xd9\xf7"
    envelope = plain(cbor2.loads(raw))
    assert set(envelope) == {"content", "sender_pubkey", "sender_sig"}
    assert envelope["sender_pubkey"] == der
    content = envelope["content"]
    assert content["sender"] == expected_sender
    rid = hash_of_map(content)
    assert ic_request_id(content) == rid
    assert verify(envelope["sender_sig"], DOMAIN + rid)
    return content, rid


def check_arg(case, arg):
    [decoded] = ic_decode(arg)
    v = decoded["value"]
    from_sub = [] if case["from_sub"] is None else [list(case["from_sub"])]
    created = case["created"]
    if case["method"] == "transfer":
        assert bytes(v["_25979"]) == bytes.fromhex(case["to"])
        assert v["_3573748184"] == {"_5035232": case["amount"]}
        assert v["_5094982"] == {"_5035232": case["fee"]}
        assert v["_1213809850"] == case["memo"]
        assert v["_1835347746"] == from_sub
        assert v["_3258775938"] == ([] if created is None else [{"_268680022": created}])
    else:
        to = v["_25979"]
        assert to["_947296307"].bytes == case["owner"]
        assert to["_1349681965"] == ([] if case["to_sub"] is None or case["to_sub"] == bytes(32) else [list(case["to_sub"])])
        assert v["_3573748184"] == case["amount"]
        assert v["_5094982"] == ([] if case["fee"] is None else [case["fee"]])
        assert v["_1213809850"] == ([] if case["memo"] is None else [list(case["memo"])])
        assert v["_1835347746"] == from_sub
        assert v["_3258775938"] == ([] if created is None else [created])


def test_random_transfers_decode_hash_and_verify(testkit, rng):
    cases = [rand_transfer(rng) for _ in range(TRANSFERS)]
    answers = testkit.batch([request_for(c) for c in cases])
    checked = 0
    for case, answer in zip(cases, answers):
        assert "error" not in answer, (case, answer)
        der, verify = der_and_verifier(case)
        sender = hashlib.sha224(der).digest() + b"\x02"
        assert answer["principal"] == principal_text(sender)
        arg = bytes.fromhex(answer["arg"])
        check_arg(case, arg)
        messages = json.loads(answer["result"])["messages"]
        assert len(messages) == case["windows"]
        assert len(answer["signatures"]) == 2 * case["windows"]
        for i, message in enumerate(messages):
            content, rid = check_envelope(message["ingress"]["content"], der, verify, sender)
            assert set(content) == {"request_type", "ingress_expiry", "sender", "canister_id", "method_name", "arg"}
            assert content["request_type"] == "call" and content["canister_id"] == LEDGER
            assert content["method_name"] == case["method"] and content["arg"] == arg
            assert content["ingress_expiry"] == case["expiry"] + i * 300 * 10**9
            assert message["ingress"]["request_id"] == rid.hex()
            assert message["ingress"]["call_type"] == "update"
            assert message["ingress"]["role"] == "nns:ledger"
            status = message["request_status"]
            assert status["canister_id"] == "ryjl3-tyaaa-aaaaa-aaaba-cai" and status["request_id"] == rid.hex()
            read, _ = check_envelope(status["content"], der, verify, sender)
            assert read == {"request_type": "read_state", "ingress_expiry": content["ingress_expiry"], "sender": sender,
                            "paths": [[b"request_status", rid]]}
        checked += 1
    assert checked == TRANSFERS


def test_spec_hash_matches_the_published_example():
    # The interface spec's request-id example, so the hash above is not only self-consistent.
    content = {"request_type": "call", "sender": b"\x04", "ingress_expiry": 1685570400000000000,
               "canister_id": bytes.fromhex("00000000000004d2"), "method_name": "hello", "arg": bytes.fromhex("4449444c00fd2a")}
    assert hash_of_map(content).hex() == "1d1091364d6bb8a6c16b203ee75467d59ead468f523eb058880ae8ec80e2b101"
    assert ic_request_id(content) == hash_of_map(content)


def test_refused_inputs(testkit):
    base = {"op": "icp_sign", "scheme": "secp256k1", "key": "11" * 32, "method": "transfer",
            "to": "345f723e9e619934daac6ae0f4be13a7b0ba57d6a608e511a00fd0ded5866752", "amount": "1", "fee": "10000",
            "memo": "0", "from_subaccount": "", "created_at": "", "expiry": "1669074180000000000", "windows": 1,
            "now": 1669074180 - 60}
    bad_checksum = dict(base, to="345f723e9e619934daac6ae0f4be13a7b0ba57d6a608e511a00fd0ded5866753")
    expired = dict(base, now=1669074180 + 1)
    series_without_time = dict(base, windows=2)
    answers = testkit.batch([bad_checksum, expired, series_without_time])
    assert "checksum" in answers[0]["error"]
    assert "expired" in answers[1]["error"]
    assert "several expiry windows" in answers[2]["error"]
