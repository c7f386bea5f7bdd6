"""ERC-4337 user operations against references we did not write: random PackedUserOperations
hashed with eth-abi (EntryPoint v0.7's abi.encode) and eth-account's EIP-712 encoder (v0.8's
typed data), then signed by the signer's request path (review, then sign) to eth-account's
signature: v0.7 an EIP-191 signature of the userOpHash (encode_defunct), v0.8 the digest
itself (sign_typed_data). The calls of execute/executeBatch are built with eth-abi and must
come back in the review as the calls they are."""
import json

from eth_abi import encode
from eth_account import Account
from eth_account.messages import encode_defunct, encode_typed_data
from eth_utils import keccak, to_checksum_address

from eth_support import rand_key

COUNT = 100
NOW = 1_767_225_600
ENTRY_POINTS = {"0.7": "0x0000000071727De22E5E9d8BAf0edAc6f37da032", "0.8": "0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108"}
TYPES = {
    "EIP712Domain": [{"name": "name", "type": "string"}, {"name": "version", "type": "string"},
                     {"name": "chainId", "type": "uint256"}, {"name": "verifyingContract", "type": "address"}],
    "PackedUserOperation": [{"name": "sender", "type": "address"}, {"name": "nonce", "type": "uint256"},
                            {"name": "initCode", "type": "bytes"}, {"name": "callData", "type": "bytes"},
                            {"name": "accountGasLimits", "type": "bytes32"},
                            {"name": "preVerificationGas", "type": "uint256"}, {"name": "gasFees", "type": "bytes32"},
                            {"name": "paymasterAndData", "type": "bytes"}],
}


def selector(signature):
    return keccak(text=signature)[:4]


def rand_calls(rng):
    """Account calls built with eth-abi, one of the interfaces the signer reads, or random bytes."""
    calls = [(to_checksum_address(rng.randbytes(20)), rng.choice([0, rng.randrange(2**64)]),
              rng.randbytes(rng.choice([0, 4, rng.randint(0, 100)]))) for _ in range(rng.randint(1, 3))]
    form = rng.randrange(4)
    if form == 0:
        to, value, data = calls[0]
        return selector("execute(address,uint256,bytes)") + encode(["address", "uint256", "bytes"], [to, value, data]), calls[:1]
    if form == 1:
        return selector("executeBatch((address,uint256,bytes)[])") + encode(["(address,uint256,bytes)[]"], [calls]), calls
    if form == 2:
        return selector("executeBatch(address[],uint256[],bytes[])") + encode(
            ["address[]", "uint256[]", "bytes[]"], [[c[0] for c in calls], [c[1] for c in calls], [c[2] for c in calls]]), calls
    return rng.randbytes(rng.randint(0, 40)), None


def rand_op(rng, sender):
    call_data, calls = rand_calls(rng)
    op = {"sender": sender, "nonce": rng.choice([0, rng.randrange(2**64), rng.randrange(2**256)]),
          "initCode": b"" if rng.random() < 0.7 else rng.randbytes(20) + rng.randbytes(rng.randint(0, 40)),
          "callData": call_data, "accountGasLimits": rng.randbytes(32),
          "preVerificationGas": rng.randrange(2**rng.choice([16, 64, 256])), "gasFees": rng.randbytes(32),
          "paymasterAndData": b"" if rng.random() < 0.7 else rng.randbytes(52 + rng.randint(0, 30))}
    if op["initCode"][:2] == b"\x77\x02":
        op["initCode"] = b""
    return op, calls


def wire(op):
    return {k: (hex(v) if isinstance(v, int) else ("0x" + v.hex() if isinstance(v, bytes) else v)) for k, v in op.items()}


def v07_hash(op, chain_id):
    packed = encode(["address", "uint256", "bytes32", "bytes32", "bytes32", "uint256", "bytes32", "bytes32"],
                    [op["sender"], op["nonce"], keccak(op["initCode"]), keccak(op["callData"]), op["accountGasLimits"],
                     op["preVerificationGas"], op["gasFees"], keccak(op["paymasterAndData"])])
    return keccak(encode(["bytes32", "address", "uint256"], [keccak(packed), ENTRY_POINTS["0.7"], chain_id]))


def typed(op, chain_id):
    return {"types": TYPES, "primaryType": "PackedUserOperation",
            "domain": {"name": "ERC4337", "version": "1", "chainId": chain_id, "verifyingContract": ENTRY_POINTS["0.8"]},
            "message": op}


def request(key, payload, chain_id):
    acct = Account.from_key(key)
    return json.dumps({"airsign": "sign-request", "version": 1, "id": "11111111-1111-4111-8111-111111111111",
                       "chain": "ethereum", "network": f"eip155:{chain_id}",
                       "account": {"address": acct.address, "publicKey": "0x04" + acct._key_obj.public_key.to_bytes().hex()},
                       "payload": payload})


def test_random_user_operations_hash_and_sign_as_the_references(testkit, rng):
    cases = []
    for _ in range(COUNT):
        key = rand_key(rng)
        chain_id = rng.choice([1, 10, 8453, 11155111])
        sender = rng.choice([Account.from_key(key).address, to_checksum_address(rng.randbytes(20))])
        op, calls = rand_op(rng, sender)
        version = rng.choice(["0.7", "0.8"])
        payload = {"type": "user_operation", "entryPoint": ENTRY_POINTS[version], "userOperation": wire(op)}
        cases.append((key, chain_id, op, calls, version, request(key, payload, chain_id)))
    outs = testkit.batch([{"op": "eth_review_sign", "request": text, "key": key.hex(), "now": NOW}
                          for key, _, _, _, _, text in cases])
    for (key, chain_id, op, calls, version, text), out in zip(cases, outs):
        assert "error" not in out, (out, text)
        lines = {line["label"]: line["value"] for line in out["lines"]}
        if version == "0.7":
            digest = v07_hash(op, chain_id)
            expected = Account.sign_message(encode_defunct(primitive=digest), key).signature
        else:
            message = encode_typed_data(full_message=typed(op, chain_id))
            digest = keccak(b"\x19\x01" + message.header + message.body)
            expected = Account.sign_typed_data(key, full_message=typed(op, chain_id)).signature
        assert lines["userOpHash"] == "0x" + digest.hex(), text
        assert out["signature"] == "0x" + bytes(expected).hex(), text
        if calls is not None:
            # Each call is shown with its target, in order.
            targets = [line["value"].split(" ")[0] for line in out["lines"] if line["label"] == "to" and line["level"] == 2]
            assert targets == [c[0] for c in calls], (targets, calls)


def test_v08_typed_data_form_signs_as_eth_account(testkit, rng):
    """The same operations sent as v0.8 EIP-712 typed data: recognised, and signed to
    eth-account's sign_typed_data signature."""
    cases = []
    for _ in range(50):
        key = rand_key(rng)
        op, _ = rand_op(rng, Account.from_key(key).address)
        document = typed(wire(op), 1)
        cases.append((key, op, request(key, {"type": "typed_data", "typedData": document}, 1)))
    outs = testkit.batch([{"op": "eth_review_sign", "request": text, "key": key.hex(), "now": NOW} for key, _, text in cases])
    for (key, op, text), out in zip(cases, outs):
        assert "error" not in out, (out, text)
        assert any(line["label"] == "user operation" for line in out["lines"]), out["lines"]
        expected = Account.sign_typed_data(key, full_message=typed(op, 1)).signature
        assert out["signature"] == "0x" + bytes(expected).hex()
