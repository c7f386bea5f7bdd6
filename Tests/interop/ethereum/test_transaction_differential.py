"""Raw Ethereum transactions (legacy, EIP-2930, EIP-1559), decoded by the signer's strict
decoders (`EthereumTransaction.decodeUnsigned`, the signer's path for transaction requests, and
`SignedEthereumTransaction.decode`, the watch's for results) against eth-account's RLP sedes,
`TypedTransaction.from_bytes` and `Account.recover_transaction` (tx_rules.py), on valid
encodings and mutations of them (tx_mutations.py): bytes flipped, cut, inserted, fields
changed, dropped or added, type bytes swapped, signatures altered, RLP written non-canonically.

Both refuse, or both read the same transaction (every field, the access list, the sender of a
signed one) and the signing hash / transaction hash is keccak of exactly the input. Where the
signer is stricter than eth-account, tx_rules.RULES names the rule and the signer must refuse.

Unsigned inputs are eth-account's own serializations (eth_support.unsigned_preimage); signed
ones are signed by the testkit, whose signatures test_ethereum.py checks byte for byte against
eth-account's (eth-account's pure-Python signing would cost seconds here)."""
from collections import Counter

from eth_utils import keccak

from eth_support import rand_key, seeded, unsigned_preimage
from test_ethereum import rand_tx
from tx_mutations import mutate
from tx_rules import broken_rules, signed_reading, unsigned_reading

UNSIGNED = 3000
SIGNED_BASES, MUTATIONS_EACH = 250, 4  # eth-account recovers senders in pure Python (~10 ms each)


class Verdicts:
    """Judges each case and counts the outcomes; `seed` names the run in failure messages."""

    def __init__(self, name, seed):
        self.name, self.seed = name, seed
        self.tally, self.laxer = Counter(), Counter()

    def judge(self, raw, kind, ours, rules, reading, compare):
        """`rules`: the tx_rules.RULES the input breaks; `reading()`: eth-account's reading or
        None; `compare(ours, theirs, where)` asserts both readings are the same."""
        where = f"{self.seed}; {kind}; input {raw.hex()}; ours {ours}"
        if kind == "none":
            assert "error" not in ours, f"we refused a valid transaction: {where}"
        theirs = reading()
        if rules:
            assert "error" in ours, f"we accepted a transaction breaking {sorted(rules)}: {where}"
            if theirs is None:
                self.tally["both refused"] += 1
            else:
                self.tally["refused by us under a rule eth-account does not enforce"] += 1
                self.laxer.update(rules)
            return
        if theirs is None:
            assert "error" in ours, f"we accepted what eth-account refuses: {where}"
            self.tally["both refused"] += 1
            return
        assert "error" not in ours, f"we refused what eth-account reads: {where}; theirs {theirs}"
        compare(ours, theirs, where)
        self.tally["both read the same transaction"] += 1

    def report(self, count, kinds):
        print(f"[{self.name}] {count} cases: " + ", ".join(f"{n} {k}" for k, n in self.tally.most_common()))
        print(f"[{self.name}] eth-account read while we refused, by rule: " + ", ".join(f"{k} {n}" for k, n in self.laxer.most_common()))
        print(f"[{self.name}] mutations: {len(kinds)} kinds, " + ", ".join(f"{k} {n}" for k, n in kinds.most_common(12)) + ", ...")
        assert self.tally["both read the same transaction"] > count // 10 and self.tally["both refused"] > count // 4


def test_unsigned_transactions_decode_as_eth_account(testkit):
    rng, seed = seeded("eth-tx unsigned")
    cases = []
    for i in range(UNSIGNED):
        raw = unsigned_preimage(rand_tx(rng, i % 3)[0])
        cases.append(mutate(rng, raw, signed=False) if rng.random() < 0.8 else (raw, "none"))
    answers = testkit.batch([{"op": "eth_tx_decode_unsigned", "hex": raw.hex()} for raw, _ in cases])
    verdicts = Verdicts("eth-tx unsigned", seed)
    for (raw, kind), ours in zip(cases, answers):
        def compare(ours, theirs, where, raw=raw):
            assert (ours["tx"], ours["signingHash"]) == (theirs, "0x" + keccak(raw).hex()), where
        verdicts.judge(raw, kind, ours, broken_rules(raw, signed=False), lambda: unsigned_reading(raw), compare)
    verdicts.report(UNSIGNED, Counter(kind for _, kind in cases))


def test_signed_transactions_decode_and_recover_as_eth_account(testkit):
    rng, seed = seeded("eth-tx signed")
    bases = [rand_tx(rng, i % 3)[1] for i in range(SIGNED_BASES)]
    signed = testkit.batch([{"op": "eth_tx_sign", "tx": wire, "key": rand_key(rng).hex()} for wire in bases])
    cases = []
    for answer in signed:
        raw = bytes.fromhex(answer["raw"][2:])
        cases.append((raw, "none"))
        cases += [mutate(rng, raw, signed=True) for _ in range(MUTATIONS_EACH)]
    answers = testkit.batch([{"op": "eth_tx_decode_signed", "raw": raw.hex()} for raw, _ in cases])
    verdicts = Verdicts("eth-tx signed", seed)

    def compare(ours, theirs, where):
        # eth-account's (fields, sender, keccak of the input) against ours.
        assert (ours["tx"], ours["from"], ours["hash"]) == theirs, where

    for (raw, kind), ours in zip(cases, answers):
        verdicts.judge(raw, kind, ours, broken_rules(raw, signed=True), lambda: signed_reading(raw), compare)
    verdicts.report(len(cases), Counter(kind for _, kind in cases))
