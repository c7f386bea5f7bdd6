"""EIP-7702 against eth-account 0.14 (sign_authorization, type-4 sign_transaction): random
authorizations, chain id 0 and revocations among them, signed by the signer's own request path
(review, then sign) to eth-account's bytes; random type-4 transactions signed to the same raw
bytes and decoded back to the same fields and authorities; eth-account's unsigned type-4 bytes
decoded; corrupted type-4 bytes either refused or read as eth-account reads them."""
import json

import rlp
from eth_account import Account
from eth_account.typed_transactions import TypedTransaction
from eth_utils import keccak, to_checksum_address
from hexbytes import HexBytes

from eth_support import mutate, rand_key, unsigned_preimage

COUNT = 200
NOW = 1_767_225_600
ZERO = "0x" + "00" * 20


def rand_chain_id(rng):
    choice = rng.random()
    if choice < 0.25:
        return 0
    if choice < 0.5:
        return rng.choice([1, 10, 8453, 11155111])
    if choice < 0.8:
        return rng.randint(1, 2**64 - 1)
    return rng.randint(1, 2**256 - 1)


def rand_nonce(rng):
    return rng.choice([0, 1, rng.randrange(2**16), rng.randrange(2**64 - 1)])


def rand_delegate(rng):
    return ZERO if rng.random() < 0.15 else to_checksum_address(rng.randbytes(20))


def account(key):
    acct = Account.from_key(key)
    return acct.address, "0x04" + acct._key_obj.public_key.to_bytes().hex()


def auth_request(key, chain_id, delegate, nonce, network):
    """A sign request whose preimage is built here from EIP-7702's definition and checked
    against eth-account's authorization hash."""
    preimage = b"\x05" + rlp.encode([chain_id, bytes.fromhex(delegate[2:]), nonce])
    address, public_key = account(key)
    return json.dumps({"airsign": "sign-request", "version": 1, "id": "11111111-1111-4111-8111-111111111111",
                       "chain": "ethereum", "network": f"eip155:{network}",
                       "account": {"address": address, "publicKey": public_key},
                       "payload": {"type": "authorization", "authorization": "0x" + preimage.hex()}}), preimage


def test_random_authorizations_sign_as_eth_account(testkit, rng):
    cases = []
    for _ in range(COUNT):
        key = rand_key(rng)
        chain_id, delegate, nonce = rand_chain_id(rng), rand_delegate(rng), rand_nonce(rng)
        network = chain_id or rng.choice([1, 137, 2**64 + 5])
        text, preimage = auth_request(key, chain_id, delegate, nonce, network)
        theirs = Account.sign_authorization({"chainId": chain_id, "address": delegate, "nonce": nonce}, key)
        assert keccak(preimage) == bytes(theirs.authorization_hash)
        cases.append((key, text, theirs, chain_id, delegate, nonce))
    outs = testkit.batch([{"op": "eth_review_sign", "request": text, "key": key.hex(), "now": NOW}
                          for key, text, *_ in cases])
    zero_chains = revocations = 0
    for (key, text, theirs, chain_id, delegate, nonce), out in zip(cases, outs):
        assert "error" not in out, (out, text)
        assert out["signature"] == "0x" + theirs.r.to_bytes(32, "big").hex() + theirs.s.to_bytes(32, "big").hex() \
            + bytes([theirs.y_parity]).hex(), text
        assert out["address"] == to_checksum_address(delegate) and int(out["chainId"], 16) == chain_id
        assert int(out["nonce"], 16) == nonce and int(out["yParity"], 16) == theirs.y_parity
        assert int(out["r"], 16) == theirs.r and int(out["s"], 16) == theirs.s
        assert to_checksum_address(theirs.authority) == Account.from_key(key).address
        lines = {line["label"]: line["value"] for line in out["lines"]}
        if chain_id == 0:
            zero_chains += 1
            assert lines["valid on"] == "every chain (chain id 0)"
            assert any("chain id 0" in w and "every EVM chain" in w for w in out["warnings"]), out["warnings"]
        if delegate == ZERO:
            revocations += 1
            assert lines["delegate"].startswith("none: the zero address clears")
            assert "blind" not in out
        else:
            # Nothing is installed on the testkit's signer: every delegate is unknown.
            assert "not on this signer's delegate list" in out["blind"], out
    assert zero_chains > 0 and revocations > 0


def rand_type4(rng, sender_key):
    """(eth-account dict, testkit wire dict, authorities): a type-4 transaction with one to
    four authorizations signed by eth-account, none by the sender (whose nonce rule the review
    checks apart)."""
    chain_id = rng.choice([1, 10, rng.randint(1, 2**64 - 1)])
    tuples, wire_tuples, authorities = [], [], []
    for _ in range(rng.randint(1, 4)):
        key = rand_key(rng)
        auth_chain = rng.choice([0, chain_id, chain_id, rng.randint(1, 2**64)])
        signed = Account.sign_authorization(
            {"chainId": auth_chain, "address": rand_delegate(rng), "nonce": rand_nonce(rng)}, key)
        tuples.append(signed)
        wire_tuples.append({"chainId": hex(signed.chain_id), "address": to_checksum_address(signed.address),
                            "nonce": hex(signed.nonce), "yParity": hex(signed.y_parity), "r": hex(signed.r),
                            "s": hex(signed.s)})
        authorities.append(Account.from_key(key).address)
    data = rng.randbytes(rng.choice([0, 4, rng.randint(0, 300)]))
    to = to_checksum_address(rng.randbytes(20))
    ours = {"type": 4, "chainId": chain_id, "nonce": rng.randrange(2**64), "gas": rng.randrange(2**40),
            "value": int.from_bytes(rng.randbytes(rng.randint(0, 32)), "big"),
            "maxPriorityFeePerGas": int.from_bytes(rng.randbytes(rng.randint(0, 16)), "big"),
            "maxFeePerGas": int.from_bytes(rng.randbytes(rng.randint(0, 16)), "big")}
    access = [{"address": to_checksum_address(rng.randbytes(20)),
               "storageKeys": ["0x" + rng.randbytes(32).hex() for _ in range(rng.randint(0, 2))]}
              for _ in range(rng.choice([0, 1, 2]))]
    theirs = dict(ours, to=to, data="0x" + data.hex(), accessList=access, authorizationList=tuples)
    wire = {k: (hex(v) if k != "type" else v) for k, v in ours.items()}
    wire.update(to=to, data="0x" + data.hex(), accessList=access, authorizationList=wire_tuples)
    return theirs, wire, authorities


def strip_authority(tx):
    out = dict(tx)
    out["authorizationList"] = [{k: v for k, v in t.items() if k not in ("authority", "skipped")}
                                for t in tx.get("authorizationList", [])]
    return out


def test_random_type4_transactions_sign_identically_and_decode(testkit, rng):
    cases = []
    for _ in range(COUNT):
        key = rand_key(rng)
        theirs, wire, authorities = rand_type4(rng, key)
        cases.append((key, theirs, wire, authorities))
    signed = testkit.batch([{"op": "eth_tx_sign", "tx": wire, "key": key.hex()} for key, _, wire, _ in cases])
    decoded = testkit.batch([{"op": "eth_tx_decode_signed", "raw": r.get("raw", "")} for r in signed])
    unsigned = testkit.batch([{"op": "eth_tx_decode_unsigned", "hex": unsigned_preimage(theirs).hex()}
                              for _, theirs, _, _ in cases])
    for (key, theirs, wire, authorities), ours, back, plain in zip(cases, signed, decoded, unsigned):
        assert "error" not in ours, (ours, wire)
        reference = Account.sign_transaction(theirs, key)
        assert ours["raw"] == "0x" + bytes(reference.raw_transaction).hex(), wire
        assert ours["hash"] == "0x" + bytes(reference.hash).hex()
        assert ours["unsigned"] == "0x" + unsigned_preimage(theirs).hex()
        assert Account.recover_transaction(ours["raw"]) == Account.from_key(key).address == back["from"]
        assert strip_authority(back["tx"]) == wire, back
        assert strip_authority(plain["tx"]) == wire, plain
        # Each tuple's authority, recovered by us, is the key eth-account signed it with.
        assert [t.get("authority") for t in back["tx"]["authorizationList"]] == authorities


def test_eth_account_reads_type4_fields_as_we_do(testkit, rng):
    """eth-account decodes our signed bytes to the same fields, tuple by tuple."""
    cases = [(rand_key(rng),) + rand_type4(rng, None) for _ in range(50)]
    signed = testkit.batch([{"op": "eth_tx_sign", "tx": wire, "key": key.hex()} for key, _, wire, _ in cases])
    for (key, theirs, wire, _), ours in zip(cases, signed):
        fields = TypedTransaction.from_bytes(HexBytes(ours["raw"])).as_dict()
        assert fields["nonce"] == int(wire["nonce"], 16) and fields["chainId"] == int(wire["chainId"], 16)
        got = [(t["chainId"], to_checksum_address(t["address"]), t["nonce"], t["yParity"], t["r"], t["s"])
               for t in fields["authorizationList"]]
        want = [(int(t["chainId"], 16), t["address"], int(t["nonce"], 16), int(t["yParity"], 16), int(t["r"], 16),
                 int(t["s"], 16)) for t in wire["authorizationList"]]
        assert got == want


def test_corrupted_type4_refused_or_read_as_eth_account_reads_it(testkit, rng):
    raws = []
    for _ in range(100):
        key = rand_key(rng)
        theirs, _, _ = rand_type4(rng, key)
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
        # Accepted: eth-account must read the same sender and the same tuples. One known
        # difference: EIP-7702 (and geth's uint8 V) lets a y_parity up to 255 into a valid
        # transaction, its tuple skipped; eth-account refuses the transaction. We read it as the
        # chain does, and show the tuple as skipped.
        try:
            sender = Account.recover_transaction(raw)
        except ValueError:
            skipped = [t.get("skipped", "") for t in out["tx"]["authorizationList"]]
            assert any("y_parity" in reason for reason in skipped), (out, raw.hex())
            continue
        assert sender == out["from"]
        fields = TypedTransaction.from_bytes(HexBytes(raw)).as_dict()
        assert [(t["chainId"], t["nonce"], t["r"], t["s"]) for t in fields["authorizationList"]] == \
            [(int(t["chainId"], 16), int(t["nonce"], 16), int(t["r"], 16), int(t["s"], 16))
             for t in out["tx"]["authorizationList"]]
    assert refused > len(raws) // 2


def test_corrupted_authorizations_refused_or_read_as_pyrlp_reads_them(testkit, rng):
    """Authorization preimages built from EIP-7702's definition, corrupted: what the signer's
    strict decoder accepts, pyrlp's strict decoder reads as the same three fields."""
    texts, preimages = [], []
    for _ in range(COUNT):
        key = rand_key(rng)
        _, preimage = auth_request(key, rand_chain_id(rng), rand_delegate(rng), rand_nonce(rng), 1)
        for _ in range(5):
            mutated = mutate(rng, preimage)
            text, _ = auth_request(key, 0, ZERO, 0, 1)
            request = json.loads(text)
            request["payload"]["authorization"] = "0x" + mutated.hex()
            texts.append((key, json.dumps(request)))
            preimages.append(mutated)
    outs = testkit.batch([{"op": "eth_review_sign", "request": text, "now": NOW} for _, text in texts])
    refused = 0
    for preimage, out in zip(preimages, outs):
        if "error" in out:
            refused += 1
            continue
        assert preimage[0] == 5
        chain_id, address, nonce = rlp.decode(preimage[1:], strict=True)
        lines = {line["label"]: line["value"] for line in out["lines"]}
        assert lines["nonce"].startswith(f"{int.from_bytes(nonce, 'big')}:"), (lines, preimage.hex())
        assert len(address) == 20 and int.from_bytes(chain_id, "big") in (0, 1)
    assert refused > len(preimages) // 2
