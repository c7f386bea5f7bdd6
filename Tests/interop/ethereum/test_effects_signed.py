"""The effects the signer counts for typed data that moves value are what the signed bytes do:
eth-account hashes the document to the digest shown and recovers the signer from the signature;
eth-abi decodes a Safe transaction's inner call to the recipient and amount the review shows
(leaving the Safe, not the signing account); an EIP-3009 authorization's recipient and amount
are the total and the recipient shown."""

from eth_abi import decode, encode
from eth_account import Account
from eth_account.messages import _hash_eip191_message, encode_typed_data
from eth_utils import to_checksum_address

from eth_support import rand_key
from test_review import TOKENS, exact, line, review_and_sign, typed_request

ZERO = "0x" + "00" * 20
SAFE_TX = [{"name": n, "type": t} for n, t in [("to", "address"), ("value", "uint256"), ("data", "bytes"), ("operation", "uint8"),
                                               ("safeTxGas", "uint256"), ("baseGas", "uint256"), ("gasPrice", "uint256"),
                                               ("gasToken", "address"), ("refundReceiver", "address"), ("nonce", "uint256")]]
AUTHORIZATION = [{"name": n, "type": t} for n, t in [("from", "address"), ("to", "address"), ("value", "uint256"), ("validAfter", "uint256"),
                                                     ("validBefore", "uint256"), ("nonce", "bytes32")]]


def signed_digest(out, key, document):
    signable = encode_typed_data(full_message=document)
    assert line(out, "digest")[0] == "0x" + bytes(_hash_eip191_message(signable)).hex()
    assert Account.recover_message(signable, signature=bytes.fromhex(out["signature"][2:])) == Account.from_key(key).address


def test_a_safe_transactions_token_transfer_leaves_the_safe(testkit, rng):
    cases, documents = [], []
    for _ in range(100):
        key = rand_key(rng)
        safe, token = to_checksum_address(rng.randbytes(20)), rng.choice(list(TOKENS))
        data = bytes.fromhex("a9059cbb") + encode(["address", "uint256"], [to_checksum_address(rng.randbytes(20)), rng.randrange(2**128)])
        document = {"types": {"EIP712Domain": [{"name": "chainId", "type": "uint256"}, {"name": "verifyingContract", "type": "address"}],
                              "SafeTx": SAFE_TX},
                    "primaryType": "SafeTx", "domain": {"chainId": 1, "verifyingContract": safe},
                    "message": {"to": token, "value": 0, "data": "0x" + data.hex(), "operation": 0, "safeTxGas": 0, "baseGas": 0,
                                "gasPrice": 0, "gasToken": ZERO, "refundReceiver": ZERO, "nonce": rng.randrange(1000)}}
        cases.append((key, typed_request(key, document)))
        documents.append(document)
    for (key, _), document, out in zip(cases, documents, review_and_sign(testkit, cases)):
        signed_digest(out, key, document)
        message = document["message"]
        recipient, amount = decode(["address", "uint256"], bytes.fromhex(message["data"][10:]))
        symbol, decimals = TOKENS[message["to"]]
        assert line(out, "Safe")[0] == f"{document['domain']['verifyingContract']} (not in your contacts)"
        assert line(out, "token recipient", level=1)[0] == f"{to_checksum_address(recipient)} (not in your contacts)"
        assert line(out, "token amount", level=1)[0] == f"{exact(amount, decimals)} {symbol} ({amount} base units)"
        # The only total is the Safe's token amount: nothing of the signing account's leaves.
        assert out["totals"] == [{"id": message["to"], "symbol": symbol, "amount": str(amount)}]
        assert not any("does not understand" in l["value"] for l in out["lines"])


def test_an_eip3009_authorization_is_the_payment_it_signs(testkit, rng):
    cases, documents = [], []
    for _ in range(100):
        key = rand_key(rng)
        token = rng.choice(list(TOKENS))
        document = {"types": {"EIP712Domain": [{"name": "name", "type": "string"}, {"name": "version", "type": "string"},
                                               {"name": "chainId", "type": "uint256"}, {"name": "verifyingContract", "type": "address"}],
                              rng.choice(["TransferWithAuthorization", "ReceiveWithAuthorization"]): AUTHORIZATION},
                    "domain": {"name": "Token", "version": "2", "chainId": 1, "verifyingContract": token},
                    "message": {"from": Account.from_key(key).address, "to": to_checksum_address(rng.randbytes(20)), "value": rng.randrange(2**128),
                                "validAfter": 0, "validBefore": rng.randrange(2**40), "nonce": "0x" + rng.randbytes(32).hex()}}
        document["primaryType"] = next(name for name in document["types"] if name != "EIP712Domain")
        cases.append((key, typed_request(key, document)))
        documents.append(document)
    for (key, _), document, out in zip(cases, documents, review_and_sign(testkit, cases)):
        signed_digest(out, key, document)
        message, token = document["message"], document["domain"]["verifyingContract"]
        symbol, decimals = TOKENS[token]
        assert line(out, "token recipient")[0] == f"{message['to']} (not in your contacts)"
        assert line(out, "token amount")[0] == f"{exact(message['value'], decimals)} {symbol} ({message['value']} base units)"
        assert {"id": token, "symbol": symbol, "amount": str(message["value"])} in out["totals"]
        assert line(out, "valid before")[0].startswith(f"{message['validBefore']} (")
