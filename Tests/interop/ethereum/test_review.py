"""What the signer shows is what it signs (issue 18), checked with the reference libraries:
requests are built with eth-account and eth-abi, reviewed and signed by our Ethereum module
(through airsign-testkit), and the signed bytes are decoded again with eth-account and eth-abi.
The token recipient and amount, the approval and its spender, the access list, the calldata
words and the typed data's digest and values must be exactly what the review showed.

Token facts below are the signer's list's (Uniswap's default token list, see
scripts/gen-evm-tokens): USDC 6, USDT 6, WBTC 8 and DAI 18 decimals on mainnet."""
import json

from eth_abi import decode, encode
from eth_account import Account
from eth_account.messages import _hash_eip191_message, encode_typed_data
from eth_account.typed_transactions import TypedTransaction
from eth_utils import to_checksum_address
from hexbytes import HexBytes

from conftest import unwrapped
from eth_support import rand_key, unsigned_preimage

NOW = 1_767_225_600  # 2026-01-01T00:00:00Z
TOKENS = {  # mainnet contract: (symbol, decimals)
    "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48": ("USDC", 6),
    "0xdAC17F958D2ee523a2206206994597C13D831ec7": ("USDT", 6),
    "0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599": ("WBTC", 8),
    "0x6B175474E89094C44Da98b954EedeAC495271d0F": ("DAI", 18),
}
USDC = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
PERMIT2 = "0x000000000022D473030F116dDEE9F6B43aC78BA3"
UNLIMITED = 2**128 - 1  # Allowance.unlimitedThreshold
SELECTORS = {"transfer": "a9059cbb", "approve": "095ea7b3"}
# NoteCheck's warning for a note of 12.5 USDC over calldata moving 12,500,000 USDC (the token
# amount line and the batch total both show the signed amount).
CONTRADICTION = "the note says 12.5 USDC, but the signed lines show 12500000 USDC: the note contradicts what is signed"


def account(key):
    acct = Account.from_key(key)
    return acct.address, "0x04" + acct._key_obj.public_key.to_bytes().hex()


def request(key, payload, chain_id=1, note=None):
    address, public_key = account(key)
    message = {"airsign": "sign-request", "version": 1, "id": "11111111-1111-4111-8111-111111111111",
               "chain": "ethereum", "network": f"eip155:{chain_id}", "account": {"address": address, "publicKey": public_key},
               "payload": payload}
    if note is not None:
        message["note"] = note
    return json.dumps(message)


def transaction_request(key, tx, note=None):
    return request(key, {"type": "transaction", "transaction": "0x" + unsigned_preimage(tx).hex()}, tx["chainId"], note)


def eip1559(rng, to, data=b"", value=0, access_list=()):
    tx = {"type": 2, "chainId": 1, "nonce": rng.randrange(2**20), "maxPriorityFeePerGas": 10**9, "maxFeePerGas": 30 * 10**9,
          "gas": 90_000, "value": value, "data": "0x" + data.hex(), "accessList": list(access_list)}
    if to is not None:
        tx["to"] = to
    return tx


def review_and_sign(testkit, cases):
    """cases: (key, request JSON); every one must be reviewed and signed."""
    outs = testkit.batch([{"op": "eth_review_sign", "request": text, "key": key.hex(), "now": NOW} for key, text in cases])
    for (_, text), out in zip(cases, outs):
        assert "error" not in out, (out, text)
    return outs


def signed_transaction(out, key):
    """eth-account's decoding of the signed raw transaction, after checking its sender."""
    assert Account.recover_transaction(out["rawTransaction"]) == Account.from_key(key).address
    return TypedTransaction.from_bytes(HexBytes(out["rawTransaction"])).as_dict()


def line(out, label, level=0):
    found = [(l["value"], l["source"]) for l in out["lines"] if l["label"] == label and l["level"] == level]
    assert len(found) == 1, (label, out["lines"])
    return found[0]


def exact(amount, decimals):
    """amount / 10^decimals exactly, no exponent, no trailing zeros (the review's AmountFormat),
    cut as digits: Decimal would round past its 28-digit context."""
    if decimals == 0:
        return str(amount)
    digits = str(amount).rjust(decimals + 1, "0")
    whole, fraction = digits[:-decimals], digits[-decimals:].rstrip("0")
    return f"{whole}.{fraction}" if fraction else whole


def base_units(amount):
    """Near a power of two above the threshold, "2^k − d"; else the digits."""
    if amount >= UNLIMITED:
        k = amount.bit_length()
        if 2**k - amount < 2**32:
            return f"2^{k} − {2**k - amount}"
        if amount == 2 ** (k - 1):
            return f"2^{k - 1}"
    return str(amount)


def allowance_text(amount, token):
    symbol_decimals = TOKENS.get(token)
    if amount >= UNLIMITED:
        return f"Unlimited {symbol_decimals[0]} ({base_units(amount)} base units)" if symbol_decimals else f"Unlimited ({base_units(amount)} base units)"
    if symbol_decimals:
        return f"{exact(amount, symbol_decimals[1])} {symbol_decimals[0]} ({amount} base units)"
    return f"{amount} base units"


def rand_amount(rng):
    return rng.choice([0, 1, rng.randrange(10**6), rng.randrange(10**30), rng.randrange(2**256), UNLIMITED - 1, UNLIMITED,
                       2**160 - 1, 2**256 - rng.randint(1, 5), 2**255])


def test_token_transfers_show_the_signed_recipient_and_amount(testkit, rng):
    cases, expected = [], []
    for _ in range(200):
        key = rand_key(rng)
        token = rng.choice(list(TOKENS) + [to_checksum_address(rng.randbytes(20))])
        recipient, amount = to_checksum_address(rng.randbytes(20)), rand_amount(rng)
        data = bytes.fromhex(SELECTORS["transfer"]) + encode(["address", "uint256"], [recipient, amount])
        cases.append((key, transaction_request(key, eip1559(rng, token, data))))
        expected.append(token)
    for (key, _), token, out in zip(cases, expected, review_and_sign(testkit, cases)):
        signed = signed_transaction(out, key)
        data = bytes(signed["data"])
        assert data[:4].hex() == SELECTORS["transfer"] and to_checksum_address(signed["to"]) == token
        recipient, amount = decode(["address", "uint256"], data[4:])
        assert line(out, "token recipient")[0] == f"{to_checksum_address(recipient)} (not in your contacts)"
        shown, source = line(out, "token amount")
        if token in TOKENS:
            symbol, decimals = TOKENS[token]
            assert (shown, source) == (f"{exact(amount, decimals)} {symbol} ({amount} base units)", "signerTable")
            assert {"id": token, "symbol": symbol, "amount": str(amount)} in out["totals"]
        else:
            assert (shown, source) == (f"{amount} base units", "signed")
            # A token the list lacks still leaves: counted in base units of its contract.
            assert {"id": token, "symbol": f"base units of token {token}", "amount": str(amount)} in out["totals"]
            assert any("is not in the signer's token list" in w for w in out["warnings"])


def test_a_note_contradicting_the_calldata_is_flagged(testkit, rng):
    key = rand_key(rng)
    recipient = to_checksum_address(rng.randbytes(20))
    data = bytes.fromhex(SELECTORS["transfer"]) + encode(["address", "uint256"], [recipient, 12_500_000 * 10**6])
    out = review_and_sign(testkit, [(key, transaction_request(key, eip1559(rng, USDC, data), note="12.5 USDC"))])[0]
    _, amount = decode(["address", "uint256"], bytes(signed_transaction(out, key)["data"])[4:])
    assert amount == 12_500_000 * 10**6
    assert line(out, "token amount")[0] == "12500000 USDC (12500000000000 base units)"
    assert CONTRADICTION in out["warnings"]
    # … and the person sees it, on a warning line of the rendered review.
    assert f"\n  warning   {CONTRADICTION}\n" in unwrapped(out["text"])


def test_approvals_show_the_signed_spender_and_allowance(testkit, rng):
    cases, tokens = [], []
    for _ in range(200):
        key = rand_key(rng)
        token = rng.choice(list(TOKENS) + [to_checksum_address(rng.randbytes(20))])
        data = bytes.fromhex(SELECTORS["approve"]) + encode(["address", "uint256"], [to_checksum_address(rng.randbytes(20)), rand_amount(rng)])
        cases.append((key, transaction_request(key, eip1559(rng, token, data))))
        tokens.append(token)
    for (key, _), token, out in zip(cases, tokens, review_and_sign(testkit, cases)):
        spender, amount = decode(["address", "uint256"], bytes(signed_transaction(out, key)["data"])[4:])
        spender = f"{to_checksum_address(spender)} (not in your contacts)"
        assert line(out, "spender")[0] == spender
        # approve(address,uint256) is ERC-721's too: for a contract the list lacks, the number
        # may be a token id, and token id 0 is a token.
        maybe_nft = token not in TOKENS
        if maybe_nft and amount < UNLIMITED:
            assert line(out, "allowance")[0] == f"{amount} base units, or ERC-721 token id {amount}: the signer's token list does not have this contract"
        else:
            assert line(out, "allowance")[0] == allowance_text(amount, token)
        # An allowance of zero revokes an ERC-20's: it grants nothing and is not counted.
        assert [(a["spender"], a["unlimited"]) for a in out["approvals"]] == ([(spender, amount >= UNLIMITED)] if amount or maybe_nft else [])
        assert any(w.startswith("UNLIMITED approval") for w in out["warnings"]) == (amount >= UNLIMITED)


def test_access_lists_show_every_signed_address_and_key_count(testkit, rng):
    cases = []
    for _ in range(100):
        key = rand_key(rng)
        access = [{"address": to_checksum_address(rng.randbytes(20)), "storageKeys": ["0x" + rng.randbytes(32).hex() for _ in range(rng.randint(0, 4))]}
                  for _ in range(rng.randint(0, 5))]
        cases.append((key, transaction_request(key, eip1559(rng, to_checksum_address(rng.randbytes(20)), value=rng.randrange(10**18), access_list=access))))
    for (key, _), out in zip(cases, review_and_sign(testkit, cases)):
        access = signed_transaction(out, key)["accessList"]
        shown = [l["value"] for l in out["lines"] if l["label"] == "address" and l["level"] == 1]
        counts = [len(entry["storageKeys"]) for entry in access]
        assert shown == [f"{to_checksum_address(e['address'])} (not in your contacts): {n} storage key{'' if n == 1 else 's'}"
                         for e, n in zip(access, counts)]
        if access:
            addresses = "1 address" if len(access) == 1 else f"{len(access)} addresses"
            keys = sum(counts)
            assert line(out, "access list")[0] == f"{addresses}, {keys} storage key{'' if keys == 1 else 's'}"
        else:
            assert line(out, "access list")[0] == "none"


def test_blind_calldata_is_shown_word_for_word(testkit, rng):
    cases = []
    for _ in range(100):
        key = rand_key(rng)
        data = bytes([0xDE, 0xAD]) + rng.randbytes(rng.randint(2, 400))
        cases.append((key, transaction_request(key, eip1559(rng, to_checksum_address(rng.randbytes(20)), data))))
    for (key, _), out in zip(cases, review_and_sign(testkit, cases)):
        data = bytes(signed_transaction(out, key)["data"])
        assert out["blind"] == "contract call data that no descriptor the signer has describes"
        assert line(out, "call")[0].startswith(f"selector 0x{data[:4].hex()}, not a known call, then {len(data) - 4} byte")
        words = [l for l in out["lines"] if l["level"] == 1]
        shown = b"".join(bytes.fromhex(l["value"].split(" ")[0][2:]) for l in words)
        assert shown == data[4:]
        assert [l["label"] for l in words] == [f"word {i}" for i in range((len(data) - 4) // 32)] + (["rest"] if (len(data) - 4) % 32 else [])


def test_a_creation_without_code_that_sends_ether_is_warned_about(testkit, rng):
    key = rand_key(rng)
    value = rng.randrange(1, 10**20)
    out = review_and_sign(testkit, [(key, transaction_request(key, eip1559(rng, None, value=value)))])[0]
    signed = signed_transaction(out, key)
    assert signed["to"] in (b"", None, "") and bytes(signed["data"]) == b"" and signed["value"] == value
    assert out["warnings"] == [f"a contract creation with no init code: no contract is created, and the {exact(value, 18)} ETH sent goes to an address no key and no code controls; it is lost"]


def typed_request(key, document):
    return request(key, {"type": "typed_data", "typedData": document})


def permit2_domain():
    return {"name": "Permit2", "chainId": 1, "verifyingContract": PERMIT2}


DOMAIN_TYPES = [{"name": "name", "type": "string"}, {"name": "chainId", "type": "uint256"}, {"name": "verifyingContract", "type": "address"}]


def permits(rng, owner):
    """(document, [(token, amount)], spender, deadline) for each kind of permit the signer reads."""
    spender = to_checksum_address(rng.randbytes(20))
    token = rng.choice(list(TOKENS) + [to_checksum_address(rng.randbytes(20))])
    deadline = NOW + rng.randrange(10**8)
    value = rand_amount(rng)
    eip2612 = {
        "types": {"EIP712Domain": [{"name": "name", "type": "string"}, {"name": "version", "type": "string"}] + DOMAIN_TYPES[1:],
                  "Permit": [{"name": "owner", "type": "address"}, {"name": "spender", "type": "address"}, {"name": "value", "type": "uint256"},
                             {"name": "nonce", "type": "uint256"}, {"name": "deadline", "type": "uint256"}]},
        "primaryType": "Permit", "domain": {"name": "Token", "version": "1", "chainId": 1, "verifyingContract": token},
        "message": {"owner": owner, "spender": spender, "value": value, "nonce": 0, "deadline": deadline}}
    details_type = [{"name": "token", "type": "address"}, {"name": "amount", "type": "uint160"}, {"name": "expiration", "type": "uint48"},
                    {"name": "nonce", "type": "uint48"}]
    amount160 = rng.choice([2**160 - 1, rng.randrange(2**160), UNLIMITED, UNLIMITED - 1])
    single = {
        "types": {"EIP712Domain": DOMAIN_TYPES, "PermitDetails": details_type,
                  "PermitSingle": [{"name": "details", "type": "PermitDetails"}, {"name": "spender", "type": "address"},
                                   {"name": "sigDeadline", "type": "uint256"}]},
        "primaryType": "PermitSingle", "domain": permit2_domain(),
        "message": {"details": {"token": token, "amount": amount160, "expiration": deadline, "nonce": 3}, "spender": spender, "sigDeadline": deadline}}
    batch_tokens = [(rng.choice(list(TOKENS)), rng.randrange(2**160)) for _ in range(rng.randint(1, 3))]
    batch = {
        "types": {"EIP712Domain": DOMAIN_TYPES, "PermitDetails": details_type,
                  "PermitBatch": [{"name": "details", "type": "PermitDetails[]"}, {"name": "spender", "type": "address"},
                                  {"name": "sigDeadline", "type": "uint256"}]},
        "primaryType": "PermitBatch", "domain": permit2_domain(),
        "message": {"details": [{"token": t, "amount": a, "expiration": deadline, "nonce": 0} for t, a in batch_tokens],
                    "spender": spender, "sigDeadline": deadline}}
    transfer = {
        "types": {"EIP712Domain": DOMAIN_TYPES, "TokenPermissions": [{"name": "token", "type": "address"}, {"name": "amount", "type": "uint256"}],
                  "PermitTransferFrom": [{"name": "permitted", "type": "TokenPermissions"}, {"name": "spender", "type": "address"},
                                         {"name": "nonce", "type": "uint256"}, {"name": "deadline", "type": "uint256"}]},
        "primaryType": "PermitTransferFrom", "domain": permit2_domain(),
        "message": {"permitted": {"token": token, "amount": value}, "spender": spender, "nonce": 7, "deadline": deadline}}
    return [(eip2612, [(token, value)], spender), (single, [(token, amount160)], spender), (batch, batch_tokens, spender),
            (transfer, [(token, value)], spender)]


def test_permits_show_the_signed_digest_spender_and_allowances(testkit, rng):
    cases, expected = [], []
    for _ in range(60):
        key = rand_key(rng)
        for document, grants, spender in permits(rng, Account.from_key(key).address):
            cases.append((key, typed_request(key, document)))
            expected.append((document, grants, spender))
    for (key, _), (document, grants, spender), out in zip(cases, expected, review_and_sign(testkit, cases)):
        signable = encode_typed_data(full_message=document)
        assert line(out, "digest")[0] == "0x" + bytes(_hash_eip191_message(signable)).hex()
        assert Account.recover_message(signable, signature=bytes.fromhex(out["signature"][2:])) == Account.from_key(key).address
        labelled = f"{spender} (not in your contacts)"
        assert line(out, "spender")[0] == labelled
        assert [(a["spender"], a["unlimited"]) for a in out["approvals"]] == [(labelled, amount >= UNLIMITED) for _, amount in grants if amount]
        label = {"Permit": "allowance", "PermitTransferFrom": "up to"}.get(document["primaryType"], "allowance")
        level = 0 if document["primaryType"] == "Permit" else 1
        shown = [l["value"] for l in out["lines"] if l["label"] == label and l["level"] == level]
        assert shown == [allowance_text(amount, token) for token, amount in grants]
        deadline = document["message"].get("deadline", document["message"].get("sigDeadline"))
        assert any(l["value"].startswith(f"{deadline} (") for l in out["lines"] if l["label"] in ("deadline", "sig deadline"))


def test_typed_data_without_a_chain_id_is_valid_everywhere(testkit, rng):
    key = rand_key(rng)
    document = {"types": {"EIP712Domain": [{"name": "name", "type": "string"}], "Mail": [{"name": "contents", "type": "string"}]},
                "primaryType": "Mail", "domain": {"name": "Ether Mail"}, "message": {"contents": "hello"}}
    out = review_and_sign(testkit, [(key, typed_request(key, document))])[0]
    signable = encode_typed_data(full_message=document)
    assert line(out, "digest")[0] == "0x" + bytes(_hash_eip191_message(signable)).hex()
    assert out["warnings"] == ["the typed data's domain has no chainId: the signature is valid on every chain, not only on eip155:1",
                               "the typed data's domain names neither a chain nor a contract: any contract on any chain that accepts this type may take the signature"]
