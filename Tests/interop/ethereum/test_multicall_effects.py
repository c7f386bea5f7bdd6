"""Multicall3's aggregate3Value pays the transaction's ether on to its calls: what the signer
shows for each call (its target and value) and counts in the totals is what the signed bytes
do. Requests are built with eth-abi and eth-account, reviewed and signed by our Ethereum module
(through airsign-testkit), and the signed raw transaction is decoded again with eth-account and
eth-abi: each call's target, value and allowFailure flag must be the review's "call N" and
"value" lines, the ether total the transaction's value plus its maximum fee (the calls' values
add up to it, or the review warns that Multicall3 reverts), and a transferFrom of the signing
account's tokens in the batch a total of that token."""

from eth_abi import decode, encode
from eth_account import Account
from eth_utils import keccak, to_checksum_address

from eth_support import rand_key
from test_review import TOKENS, USDC, exact, review_and_sign, signed_transaction, transaction_request

MULTICALL3 = "0xcA11bde05977b3631167028862bE2a173976CA11"
CALL3_VALUE = "(address,bool,uint256,bytes)[]"
SELECTOR = keccak(text=f"aggregate3Value({CALL3_VALUE})")[:4]
ETHER = 10**18


def calls_of(out, level=0):
    """The review's calls at `level`, in order: (target text, value text)."""
    lines = [l for l in out["lines"] if l["level"] in (level, level + 1)]
    calls = []
    for l in lines:
        if l["level"] == level and l["label"].startswith("call ") and l["label"][5:].isdigit():
            calls.append([l["value"], None])
        elif l["level"] == level + 1 and l["label"] == "value" and calls and calls[-1][1] is None:
            calls[-1][1] = l["value"]
    return [tuple(c) for c in calls]


def ether_total(out):
    found = [t for t in out["totals"] if t["id"] == "native"]
    assert len(found) == 1, out["totals"]
    return int(found[0]["amount"])


def test_aggregate3value_pays_what_the_review_shows(testkit, rng):
    cases, expected = [], []
    for _ in range(60):
        key = rand_key(rng)
        signer = Account.from_key(key).address
        calls, pulled = [], None
        for _ in range(rng.randint(1, 5)):
            target = to_checksum_address(rng.randbytes(20))
            value = rng.choice([0, rng.randrange(ETHER), rng.randrange(10**24)])
            data = rng.choice([b"", rng.randbytes(rng.randint(4, 40))])
            if rng.random() < 0.3:
                # The account's own tokens, taken by Multicall3 through its allowance: counted.
                target, amount = USDC, rng.randrange(10**12)
                data = bytes.fromhex("23b872dd") + encode(["address", "address", "uint256"], [signer, to_checksum_address(rng.randbytes(20)), amount])
                pulled = (pulled or 0) + amount
            calls.append((target, rng.random() < 0.5, value, data))
        total = sum(c[2] for c in calls)
        # Mostly the exact sum; sometimes more or less, which Multicall3 reverts.
        sent = rng.choice([total, total, total, total + rng.randint(1, ETHER), max(0, total - rng.randint(1, ETHER))])
        tx = {"type": 2, "chainId": 1, "nonce": rng.randrange(2**20), "maxPriorityFeePerGas": 10**9, "maxFeePerGas": 30 * 10**9,
              "gas": rng.randint(100_000, 1_000_000), "value": sent, "to": MULTICALL3,
              "data": "0x" + (SELECTOR + encode([CALL3_VALUE], [calls])).hex(), "accessList": []}
        cases.append((key, transaction_request(key, tx)))
        expected.append(pulled)
    for (key, _), pulled, out in zip(cases, expected, review_and_sign(testkit, cases)):
        signed = signed_transaction(out, key)
        data = bytes(signed["data"])
        assert to_checksum_address(signed["to"]) == MULTICALL3 and data[:4] == SELECTOR
        (decoded,) = decode([CALL3_VALUE], data[4:])
        shown = calls_of(out)
        assert len(shown) == len(decoded), (shown, decoded)
        for (target, allow_failure, value, _), (target_text, value_text) in zip(decoded, shown):
            assert target_text == f"{to_checksum_address(target)} (not in your contacts)" + (" (allowed to fail)" if allow_failure else "")
            assert value_text == f"{exact(value, 18)} ETH"
        value, total = signed["value"], sum(c[2] for c in decoded)
        # What leaves in ether is the transaction's value and its maximum fee, whether or not
        # the calls' values add up to it.
        assert ether_total(out) == value + signed["gas"] * signed["maxFeePerGas"]
        mismatch = [w for w in out["warnings"] if "aggregate3Value calls send" in w]
        if total == value:
            assert mismatch == [] and not any("any caller can take" in w for w in out["warnings"])
        else:
            assert mismatch == [f"the Multicall3 aggregate3Value calls send {exact(total, 18)} ETH in all, but the transaction sends it "
                                f"{exact(value, 18)} ETH: Multicall3 reverts a batch whose values do not add up to what it receives"
                                + (f"; the {exact(value, 18)} ETH the transaction sends is counted as sent to Multicall3" if value else "")]
        symbol, _ = TOKENS[USDC]
        tokens = [t for t in out["totals"] if t["id"] == USDC]
        assert tokens == ([] if pulled is None else [{"id": USDC, "symbol": symbol, "amount": str(pulled)}])
