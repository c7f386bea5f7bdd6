"""Ethereum cross-checks against eth-account: transactions of every type signed to the same bytes
(RFC 6979 is deterministic), our signed transactions decoded and recovered by eth-account,
EIP-712 digests and signatures for random typed data, personal_sign, and amount parsing."""
import json
import random
from decimal import Decimal

import pytest
import rlp
from eth_account import Account
from eth_account._utils.legacy_transactions import Transaction
from eth_account.messages import _hash_eip191_message, encode_defunct, encode_typed_data
from eth_account.typed_transactions import TypedTransaction
from eth_utils import keccak, to_checksum_address, to_wei
from hexbytes import HexBytes

from eth_support import mutate, rand_key, unsigned_preimage

TX_COUNT = 1000  # per type


def rand_uint(rng, max_bytes):
    return int.from_bytes(rng.randbytes(rng.randint(0, max_bytes)), "big")


def rand_chain_id(rng):
    """Small well-known ids, 64-bit ids, and large ones up to 2^240 (legacy v then needs 31 bytes)."""
    choice = rng.random()
    if choice < 0.3:
        return rng.choice([1, 5, 10, 56, 137, 1337, 31337, 11155111])
    if choice < 0.7:
        return rng.randint(1, 2**64 - 1)
    return rng.randint(1, 2**240)


def rand_tx(rng, tx_type):
    """(eth-account dict, testkit dict) for one random transaction."""
    data = rng.randbytes(rng.choice([0, rng.randint(0, 8), rng.randint(0, 600)]))
    to = None if rng.random() < 0.15 else to_checksum_address(rng.randbytes(20))
    ours = {"type": tx_type, "chainId": rand_chain_id(rng), "nonce": rand_uint(rng, 8), "gas": rand_uint(rng, 8),
            "value": rand_uint(rng, 32), "data": data}
    if tx_type == 2:
        ours["maxPriorityFeePerGas"] = rand_uint(rng, 32)
        ours["maxFeePerGas"] = rand_uint(rng, 32)
    else:
        ours["gasPrice"] = rand_uint(rng, 32)
    theirs = dict(ours, data="0x" + data.hex())
    if tx_type == 0:
        del theirs["type"]
    if tx_type in (1, 2):
        access = [{"address": to_checksum_address(rng.randbytes(20)),
                   "storageKeys": ["0x" + rng.randbytes(32).hex() for _ in range(rng.randint(0, 3))]}
                  for _ in range(rng.choice([0, 0, 1, rng.randint(1, 5)]))]
        theirs["accessList"] = access
    if to is not None:
        theirs["to"] = to
    wire = {k: (hex(v) if isinstance(v, int) and k != "type" else v) for k, v in ours.items()}
    wire["data"] = "0x" + data.hex()
    wire["to"] = to or ""
    wire["accessList"] = theirs.get("accessList", [])
    return theirs, wire


def decode_theirs(raw: bytes):
    """eth-account's decoding of a raw signed transaction: (fields dict, signing hash)."""
    if raw[0] >= 0xC0:
        return rlp.decode(raw, Transaction).as_dict(), None
    typed = TypedTransaction.from_bytes(HexBytes(raw))
    return typed.as_dict(), typed.hash()


@pytest.mark.parametrize("tx_type", [0, 1, 2])
def test_random_transactions_sign_identically_and_decode(testkit, rng, tx_type):
    cases = []
    for _ in range(TX_COUNT):
        key = rand_key(rng)
        theirs, wire = rand_tx(rng, tx_type)
        cases.append((key, theirs, wire))
    responses = testkit.batch([{"op": "eth_tx_sign", "tx": wire, "key": key.hex()} for key, _, wire in cases])
    decoded = testkit.batch([{"op": "eth_tx_decode_signed", "raw": r["raw"]} for r in responses])
    for (key, theirs, wire), ours, back in zip(cases, responses, decoded):
        assert "error" not in ours, (ours, wire)
        signed = Account.sign_transaction(theirs, key)
        raw = bytes(signed.raw_transaction)
        assert ours["raw"] == "0x" + raw.hex(), wire
        assert ours["hash"] == "0x" + bytes(signed.hash).hex()
        sender = Account.from_key(key).address
        assert ours["from"] == sender
        # eth-account decodes and recovers our bytes.
        assert Account.recover_transaction(ours["raw"]) == sender
        fields, signing_hash = decode_theirs(raw)
        assert fields["nonce"] == int(wire["nonce"], 16) and fields["value"] == int(wire["value"], 16)
        assert bytes(fields["data"]) == bytes.fromhex(wire["data"][2:])
        if signing_hash is not None:
            assert ours["unsigned"] == "0x" + (bytes([tx_type]) + rlp.encode(
                list(rlp.decode(raw[1:]))[:-3])).hex()
            assert keccak(hexstr=ours["unsigned"]) == bytes(signing_hash)
        # Our decoder returns the same transaction.
        assert back.get("tx") == wire, back
        assert back["from"] == sender and back["hash"] == ours["hash"]


def test_eth_account_transactions_decode_unsigned(testkit, rng):
    """eth-account's unsigned serializations decode to the transaction it was built from."""
    cases = []
    for tx_type in (0, 1, 2):
        for _ in range(300):
            theirs, wire = rand_tx(rng, tx_type)
            cases.append((wire, unsigned_preimage(theirs)))
    requests = [{"op": "eth_tx_decode_unsigned", "hex": preimage.hex()} for _, preimage in cases]
    for (wire, preimage), out in zip(cases, testkit.batch(requests)):
        assert out.get("tx") == wire, out
        assert out["signingHash"] == "0x" + keccak(preimage).hex()


def test_corrupted_transactions_refused_like_a_strict_decoder(testkit, rng):
    """Whatever our decoder accepts from corrupted signed bytes, eth-account decodes to the same
    sender; most corruptions are refused with a message."""
    raws = []
    for tx_type in (0, 1, 2):
        for _ in range(100):
            key = rand_key(rng)
            theirs, _ = rand_tx(rng, tx_type)
            raw = bytearray(Account.sign_transaction(theirs, key).raw_transaction)
            for _ in range(5):
                raws.append(mutate(rng, raw))
    outs = testkit.batch([{"op": "eth_tx_decode_signed", "raw": r.hex()} for r in raws])
    refused = 0
    for raw, out in zip(raws, outs):
        if "error" in out:
            refused += 1
            assert out["error"].startswith("Ethereum transaction"), out
            continue
        assert Account.recover_transaction(raw) == out["from"]
    assert refused > len(raws) // 2


TYPES_ATOMIC = ["address", "bool", "string", "bytes"] + [f"uint{8 * i}" for i in (1, 2, 4, 8, 16, 32)] + \
    [f"int{8 * i}" for i in (1, 3, 8, 32)] + [f"bytes{n}" for n in (1, 4, 20, 32)]


def rand_value(rng, type_name, types):
    if type_name.endswith("]"):
        inner, _, count = type_name[:-1].rpartition("[")
        n = int(count) if count else rng.randint(0, 3)
        return [rand_value(rng, inner, types) for _ in range(n)]
    if type_name in types:
        return {f["name"]: rand_value(rng, f["type"], types) for f in types[type_name]}
    if type_name == "address":
        return to_checksum_address(rng.randbytes(20))
    if type_name == "bool":
        return rng.random() < 0.5
    if type_name == "string":
        return "".join(rng.choice("abcXYZ é€😀 ") for _ in range(rng.randint(0, 20)))
    if type_name == "bytes":
        return "0x" + rng.randbytes(rng.randint(0, 70)).hex()
    if type_name.startswith("bytes"):
        return "0x" + rng.randbytes(int(type_name[5:])).hex()
    if type_name.startswith("uint"):
        bits = int(type_name[4:])
        return rng.choice([0, 2**bits - 1, rng.randrange(2**bits)])
    bits = int(type_name[3:])
    return rng.choice([-(2 ** (bits - 1)), 2 ** (bits - 1) - 1, -1, rng.randrange(-(2 ** (bits - 1)), 2 ** (bits - 1))])


def rand_typed_data(rng):
    count = rng.randint(1, 4)
    names = [f"T{rng.randrange(1000)}x{i}" for i in range(count)]
    types = {}
    for i, name in enumerate(names):
        members = []
        for j in range(rng.randint(1, 5)):
            if i + 1 < count and rng.random() < 0.3:
                base = rng.choice(names[i + 1:])  # only later types: acyclic
            else:
                base = rng.choice(TYPES_ATOMIC)
            suffix = rng.choice(["", "", "", "[]", f"[{rng.randint(1, 3)}]", "[][2]"])
            members.append({"name": f"f{j}", "type": base + suffix})
        types[name] = members
    # Every later type must be reachable or eth-account complains about unused types? Keep them reachable.
    for i in range(1, count):
        if not any(m["type"].split("[")[0] == names[i] for n in names[:i] for m in types[n]):
            types[names[i - 1]].append({"name": f"r{i}", "type": names[i]})
    domain_fields = [("name", "string"), ("version", "string"), ("chainId", "uint256"),
                     ("verifyingContract", "address"), ("salt", "bytes32")]
    chosen = [f for f in domain_fields if rng.random() < 0.7] or [domain_fields[0]]
    types["EIP712Domain"] = [{"name": n, "type": t} for n, t in chosen]
    domain = {n: rand_value(rng, t, types) for n, t in chosen}
    if "chainId" in domain:
        domain["chainId"] = rng.randint(1, 2**64)
    message = rand_value(rng, names[0], types)
    return {"types": types, "primaryType": names[0], "domain": domain, "message": message}


def test_random_typed_data_digests_and_signatures(testkit, rng):
    documents = [rand_typed_data(rng) for _ in range(1000)]
    keys = [rand_key(rng) for _ in documents]
    outs = testkit.batch([{"op": "eth_typed_data", "json": json.dumps(d), "key": k.hex()} for d, k in zip(documents, keys)])
    for document, key, out in zip(documents, keys, outs):
        assert "error" not in out, (out, document)
        signable = encode_typed_data(full_message=document)
        assert out["digest"] == "0x" + bytes(_hash_eip191_message(signable)).hex(), document
        assert out["domainSeparator"] == "0x" + bytes(signable.header).hex()
        assert out["signature"] == "0x" + bytes(Account.sign_message(signable, key).signature).hex()


DOMAIN_FIELDS = [("name", "string"), ("version", "string"), ("chainId", "uint256"), ("verifyingContract", "address"), ("salt", "bytes32")]


def test_domain_hashing_with_and_without_each_field_matches_eth_account(testkit, rng):
    """The EIP712Domain hashing of the native JSON path, against eth-account's, for every subset
    of the five standard fields (salt included; the empty domain too), random values: typed data
    without an EIP712Domain type (as dapps' `eth_signTypedData_v4` may send it; we derive the type
    as `TypedDataDomain.withDomainType` does, eth-account as `hash_domain` does) and with the type
    declared in the standard order. Domain separator, digest and signature must be byte-exact."""
    documents, derive = [], []
    for mask in range(32):
        for declared in (False, True):
            chosen = [field for i, field in enumerate(DOMAIN_FIELDS) if mask >> i & 1]
            domain = {name: rand_value(rng, type_name, {}) for name, type_name in chosen}
            if "chainId" in domain:
                domain["chainId"] = rng.choice([1, 137, rng.randint(1, 2**64)])
            types = {"Mail": [{"name": "contents", "type": "string"}, {"name": "to", "type": "address"}]}
            if declared:
                types["EIP712Domain"] = [{"name": name, "type": type_name} for name, type_name in chosen]
            documents.append({"types": types, "primaryType": "Mail", "domain": domain,
                              "message": {"contents": rand_value(rng, "string", {}), "to": rand_value(rng, "address", {})}})
            derive.append(not declared)
    keys = [rand_key(rng) for _ in documents]
    # A declared domain type is read as given (the plain path); only an undeclared one is derived.
    outs = testkit.batch([{"op": "eth_typed_data", "json": json.dumps(d), "key": k.hex(), "deriveDomainType": derived}
                          for d, k, derived in zip(documents, keys, derive)])
    for document, key, out, derived in zip(documents, keys, outs, derive):
        assert "error" not in out, (out, document)
        signable = encode_typed_data(full_message=document)
        assert out["domainSeparator"] == "0x" + bytes(signable.header).hex(), (derived, document["domain"])
        assert out["digest"] == "0x" + bytes(_hash_eip191_message(signable)).hex(), document
        assert out["signature"] == "0x" + bytes(Account.sign_message(signable, key).signature).hex()


def test_personal_sign(testkit, rng):
    messages = [rng.randbytes(rng.choice([0, 1, 32, rng.randint(0, 300)])) for _ in range(500)]
    keys = [rand_key(rng) for _ in messages]
    outs = testkit.batch([{"op": "eth_personal_sign", "message": m.hex(), "key": k.hex()} for m, k in zip(messages, keys)])
    for message, key, out in zip(messages, keys, outs):
        signed = Account.sign_message(encode_defunct(primitive=message), key)
        assert out["signature"] == "0x" + bytes(signed.signature).hex()
        assert out["hash"] == "0x" + bytes(signed.message_hash).hex()
        assert out["recovered"] == Account.from_key(key).address


def test_amounts_match_to_wei(testkit, rng):
    texts = []
    for _ in range(500):
        unit, decimals = rng.choice([("ether", 18), ("gwei", 9), ("wei", 0)])
        whole = str(rng.randrange(10 ** rng.randint(1, 20)))
        frac_len = rng.randint(0, decimals)
        text = whole + ("." + "".join(rng.choice("0123456789") for _ in range(frac_len)) if frac_len else "") + unit
        texts.append((text, unit, whole + ("." + text[len(whole) + 1:-len(unit)] if frac_len else "")))
    outs = testkit.batch([{"op": "eth_parse_amount", "text": t} for t, _, _ in texts])
    for (text, unit, number), out in zip(texts, outs):
        assert out.get("wei") == str(to_wei(Decimal(number), unit)), text
    for bad in ["0.5wei", "1.0000000001gwei", "1.5", "-1ether", "1e18wei"]:
        assert "error" in testkit.call("eth_parse_amount", text=bad)
