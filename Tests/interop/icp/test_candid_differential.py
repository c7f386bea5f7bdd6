"""Differential decoding of Candid: Airsign's decoder (airsign-testkit candid_decode) against
ic-py's (`ic.candid.decode`, run through icpy_oracle) on valid messages from test_candid's random
types and values (encoded half by ic-py, half by Airsign from Candid text) and on mutations of them
(candid_mutations: byte flips, truncations, insertions, LEB128 lengths and counts changed or spelt
with redundant bytes, type references, opcodes and field ids replaced, variant indexes swapped,
tags changed). The signer must read a message exactly as the canister will, or a person could
approve one thing and sign another.

Our decoder runs twice on each message: with the spec's reading (`mode: spec`), which must agree
with ic-py, and with the signer's own (the default), which must read the same values or refuse
for one of its two deliberate extra rules. Agreement means both refuse, or both accept with the
same values in one normal form. ic-py is laxer than the spec in places (icpy_oracle lists them
with the spec's and the Candid crate's rule): a message ic-py accepts while breaking one of those
rules must be refused by us. It is stricter in one (future types, below). Every other difference
fails with the seed and the message in hex."""
import os
import random
import sys
from collections import Counter
from pathlib import Path

from ic.candid import encode as ic_encode

sys.path.insert(0, str(Path(__file__).parent))
import icpy_oracle  # noqa: E402
from candid_layout import header, layout  # noqa: E402
from candid_mutations import mutate  # noqa: E402
from test_candid import Gen, IcPy, defs_text, normal, type_text, value_text  # noqa: E402

ORIGINALS = 700  # each with MUTANTS mutations
MUTANTS = 5


# --- Named exceptions, each a rule one side keeps and the other does not.

def signer_refuses_redundant_leb128(error):
    """The signer's CandidDecoder refuses LEB128 numbers with redundant bytes (`80 00` for 0), which
    the spec accepts (test/prim.test.did "nat: leb overlong"): one spelling per message, so what
    is reviewed is what is hashed. Refusing is safe; reading another value would not be."""
    return "redundant" in error


def signer_refuses_future_types(data, error):
    """The signer refuses future types (opcodes below -24), which the spec says to skip
    (spec "Deserialisation of future types"): it cannot show what it cannot read."""
    return any(e[0] == "future" for e in header(data).entries) and "not a composite type this decoder reads" in error


def icpy_refuses_future_types(data):
    """ic-py refuses a type table entry with an opcode below -24 ("Illegal op_code"); the spec
    reads it as a future type: a length and that many bytes, its values a length, a count of
    references and that many bytes (spec "Deserialisation of future types"; crate FutureType)."""
    return any(e[0] == "future" for e in header(data).entries)


def our_value_budget(error):
    """Our decoder stops after 200_000 values (CandidDecoder.Limits.maxValues): `vec null` and
    empty records decode to huge values from a few bytes, and the spec asks implementations to
    self-meter (spec "Note on implementation"; test/spacebomb.test.did). ic-py has no budget."""
    return "value limit" in error or "more than 200000 values" in error


def seeded(name):
    seed = int(os.environ.get("AIRSIGN_TEST_SEED", random.SystemRandom().randrange(2**63)))
    print(f"[{name}] random seed {seed} (replay with AIRSIGN_TEST_SEED={seed})")
    return random.Random(seed), f"AIRSIGN_TEST_SEED={seed}"


def seeded_cases(rng, testkit):
    """The valid messages: (bytes, expected normal form) pairs."""
    out = []
    for _ in range(ORIGINALS // 2):
        g = Gen(rng, ic_py_encodes=True)
        types = [g.type(rng.randint(0, 4)) for _ in range(rng.randint(0, 3))]
        values = [g.value(t) for t in types]
        icpy = IcPy(g)
        blob = ic_encode([{"type": icpy.type(t), "value": icpy.value(t, v)} for t, v in zip(types, values)])
        out.append((blob, [normal(g, t, v) for t, v in zip(types, values)]))
    ours = []
    for _ in range(ORIGINALS - ORIGINALS // 2):
        g = Gen(rng, ic_py_encodes=False)
        types = [g.type(rng.randint(0, 4)) for _ in range(rng.randint(0, 3))]
        values = [g.value(t) for t in types]
        args = "(" + ", ".join(value_text(g, t, v, rng) for t, v in zip(types, values)) + ")"
        ours.append(({"op": "candid_encode", "defs": defs_text(g), "types": "(" + ", ".join(map(type_text, types)) + ")",
                      "args": args}, [normal(g, t, v) for t, v in zip(types, values)]))
    for (request, expected), answer in zip(ours, testkit.batch([r for r, _ in ours])):
        assert "error" not in answer, (request, answer)
        out.append((bytes.fromhex(answer["hex"]), expected))
    return out


def test_candid_decoders_agree_with_ic_py(testkit):
    rng, seed = seeded("candid-differential")
    cases = []  # (name, bytes, expected values or None)
    for blob, expected in seeded_cases(rng, testkit):
        cases.append(("valid", blob, expected))
        spans = layout(blob)
        for _ in range(MUTANTS):
            name, mutated = mutate(blob, spans, rng)
            cases.append((name, mutated, None))
    requests = [{"op": "candid_decode", "hex": blob.hex(), "mode": mode} for _, blob, _ in cases for mode in ("spec", "signer")]
    answers = testkit.batch(requests)
    tally, lax_rules = Counter(), Counter()
    for i, (name, blob, expected) in enumerate(cases):
        spec, signer = answers[2 * i], answers[2 * i + 1]
        ic = icpy_oracle.decode(blob)
        where = f"{name} message {blob.hex()} ({seed}): ours (spec) {spec}, ours (signer) {signer}, ic-py {ic}"
        if expected is not None:
            assert spec.get("values") == signer.get("values") == ic.values == expected, where
            assert not ic.lax, where
            tally["valid, all three read the values encoded"] += 1
            continue
        # Our spec reading against ic-py.
        if "error" not in spec and ic.error is None:
            assert not ic.lax, f"we accept a message breaking {ic.lax}: " + where
            assert spec["values"] == ic.values, "different values: " + where
            tally["both accepted with the same values"] += 1
        elif "error" in spec and ic.error is None:
            if ic.lax:
                lax_rules.update(ic.lax)
                tally["refused by us, accepted by ic-py breaking a rule it does not check"] += 1
            else:
                assert our_value_budget(spec["error"]), "we refuse what the spec accepts: " + where
                tally["refused by our value budget"] += 1
        elif "error" not in spec:
            if ic.bounded:
                raise AssertionError("we accept a message ic-py ran past the work bound on: " + where)
            assert icpy_refuses_future_types(blob), "we accept what ic-py refuses: " + where
            tally["accepted by us (spec reading), ic-py refuses future types"] += 1
        else:
            tally["both refused"] += 1
        # The signer's reading against our spec reading.
        if "error" not in signer:
            assert spec.get("values") == signer["values"], "the signer accepts what the spec reading does not, or reads it differently: " + where
        elif "error" not in spec:
            assert signer_refuses_redundant_leb128(signer["error"]) or signer_refuses_future_types(blob, signer["error"]), \
                "the signer refuses for no rule of its own: " + where
            tally["refused only by the signer's own rules"] += 1
    counts = ", ".join(f"{n} {what}" for what, n in tally.most_common())
    print(f"[candid ic-py] {len(cases)} cases: {counts}; ic-py's unchecked rules: {dict(lax_rules)}")
    assert tally["both accepted with the same values"] > len(cases) // 20
    assert tally["both refused"] > len(cases) // 10
