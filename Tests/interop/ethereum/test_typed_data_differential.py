"""EIP-712 typed data, decoded and hashed by the signer's codec (TypedData, through the testkit's
`eth_typed_data` op) against eth-account's `encode_typed_data(full_message=...)` and
`_hash_eip191_message`, on random valid documents (struct graphs with nested structs, T[] and
T[n] arrays nested, every atomic type, random values and spellings) and mutations of them
(typed_data_mutations.py). The signer signs the digest of what it shows, so it must refuse
whatever the reference refuses, and hash whatever both read to the same domain separator and
digest. Where eth-account is laxer than EIP-712 or departs from it, typed_data_rules.py names
the rule and decides instead (a rule broken: the signer must refuse; a departure: the digest is
EIP-712's, by eth-account's own hash_struct over the declared types).

Each document is read the way the signer's review reads it (`TypedData(json:)`, EIP712Domain
declared) or, for a share of them and for every document without an EIP712Domain type, the way
the native import does (`TypedDataDomain.withDomainType` first)."""
import json
from collections import Counter

from eth_support import seeded
from typed_data_gen import dumps_pairs, valid_document
from typed_data_mutations import duplicate_key, mutate
from typed_data_rules import eip712_hashes, eth_account_hashes, judge

CASES = 3000


def make_case(rng):
    """(JSON text, derive the domain type, mutation names)."""
    doc, _ = valid_document(rng)
    count = rng.choice([0, 1, 1, 1, 2])
    names = mutate(rng, doc, count) if count else []
    types = doc.get("types")
    declared = isinstance(types, dict) and "EIP712Domain" in types
    # Mostly the way each path meets such documents; the rest checks the other path's refusals.
    derive = rng.random() < (0.25 if declared else 0.9)
    dump = json.dumps
    if rng.random() < 0.03:
        doc, dump = duplicate_key(rng, doc), dumps_pairs
        names.append("duplicate key")
    text = dump(doc, ensure_ascii=rng.random() < 0.5)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate travels as its \u escape, as JSON allows
        text = dump(doc, ensure_ascii=True)
    return text, derive, names


def test_typed_data_decodes_and_hashes_as_eth_account(testkit):
    rng, seed = seeded("eip712")
    cases = [make_case(rng) for _ in range(CASES)]
    answers = testkit.batch([{"op": "eth_typed_data", "json": text, "deriveDomainType": derive} for text, derive, _ in cases])
    tally, laxer, departed, mutations = Counter(), Counter(), Counter(), Counter()
    for (text, derive, names), ours in zip(cases, answers):
        where = f"{seed}; deriveDomainType={derive}; mutations {names}; input {text!r}; ours {ours}"
        broken, departures, doc = judge(text, derive)
        theirs = eth_account_hashes(json.loads(text))
        mutations.update(names or ["none"])
        if broken:
            # An EIP-712 rule eth-account does not enforce: the signer refuses, eth-account may not.
            assert "error" in ours, f"we accepted a document breaking {sorted(broken)}: {where}"
            if theirs is None:
                tally["both refused"] += 1
            else:
                tally["refused by us under an EIP-712 rule eth-account does not enforce"] += 1
                laxer.update(broken)
            continue
        expected = eip712_hashes(doc, derive) if departures else theirs
        if departures:
            departed.update(departures)
        if expected is None:
            assert "error" in ours, f"we accepted what the reference refuses: {where}"
            tally["both refused"] += 1
            continue
        assert "error" not in ours, f"we refused what the reference reads: {where}"
        separator, digest = expected
        assert ours["domainSeparator"] == "0x" + separator.hex(), f"domain separators differ: {where}"
        assert ours["digest"] == "0x" + digest.hex(), f"digests differ: {where}"
        tally["both accepted, same digest" + (" (EIP-712 reference)" if departures else "")] += 1
    print(f"[eip712] {CASES} cases: " + ", ".join(f"{n} {k}" for k, n in tally.most_common()))
    print("[eip712] eth-account accepted while we refused, by rule: " + ", ".join(f"{k} {n}" for k, n in laxer.most_common()))
    print("[eip712] judged by EIP-712 where eth-account departs: " + ", ".join(f"{k} {n}" for k, n in departed.most_common()))
    print("[eip712] mutations: " + ", ".join(f"{k} {n}" for k, n in sorted(mutations.items())))
    # The generator must keep reaching every verdict, or the comparison has gone hollow.
    assert tally["both accepted, same digest"] > CASES // 5 and tally["both refused"] > CASES // 10
    assert tally["refused by us under an EIP-712 rule eth-account does not enforce"] > CASES // 20
    assert tally["both accepted, same digest (EIP-712 reference)"] > CASES // 100
