"""Differential decoding of CBOR: Airsign's decoder (airsign-testkit cbor_decode, CBORDecoder with
its default options, as the ICP envelope and request decoders use it) against cbor2 on valid
encodings of test_codecs' random values and on mutations of them (cbor_mutations: byte flips,
truncations, insertions, arguments spelt longer or changed, major types changed, lengths made
indefinite, map keys repeated, floats, simple values, tags and breaks put in). The signer reads
ICP envelopes with this decoder: it must see the item the IC sees, with the same values.

cbor2 runs as a generic decoder: its tag-specific conversions are turned off (each tag it would
interpret comes back as a plain CBORTag, as ours keeps it), and two rules our decoder keeps are
turned on in cbor2 too, so cbor2 checks them independently: no indefinite-length items (ours
refuses them unless asked: RFC 8949 §4.2.1's deterministic encoding excludes them, and a signer
has no use for two spellings of a length) and no duplicate map keys (RFC 8949 §5.6: not valid
CBOR; the IC interface spec: "no duplicate keys"). Agreement means both refuse, or both accept the same item
with the same value. Where cbor2 is still laxer or reads keys differently, a named predicate
below says why; every other difference fails with the seed and the input in hex.

Non-shortest heads (`18 01` for 1) are accepted by both: the IC's decoder accepts them and the
request id hashes values, not their spelling."""
import io
import json
import os
import random
import struct
import sys
from collections import Counter
from pathlib import Path

import cbor2

sys.path.insert(0, str(Path(__file__).parent))
from cbor_mutations import mutate  # noqa: E402
from test_codecs import random_cbor, to_json  # noqa: E402

ORIGINALS = 700  # each with MUTANTS mutations
MUTANTS = 5
# The tags cbor2 6.2 converts to Python objects (datetime, bignum, Fraction, shared values,
# string references, sets, …), found by decoding every tag below 1100 and the registered ones
# above; each is handed back unconverted.
SEMANTIC_TAGS = [0, 1, 2, 3, 4, 5, 25, 28, 29, 30, 35, 36, 37, 52, 54, 100, 256, 258, 260, 261, 1004, 43000, 55799]
PLAIN = {n: (lambda n: lambda value, immutable: cbor2.CBORTag(n, value))(n) for n in SEMANTIC_TAGS}


def seeded(name):
    seed = int(os.environ.get("AIRSIGN_TEST_SEED", random.SystemRandom().randrange(2**63)))
    print(f"[{name}] random seed {seed} (replay with AIRSIGN_TEST_SEED={seed})")
    return random.Random(seed), f"AIRSIGN_TEST_SEED={seed}"


def cbor2_decode(data):
    """(value, error, bytes read): one data item as cbor2 reads it, reading byte by byte so the
    position afterwards is where the item ended."""
    fp = io.BytesIO(data)
    decoder = cbor2.CBORDecoder(fp, semantic_decoders=PLAIN, allow_indefinite=False, allow_duplicate_keys=False, read_size=1)
    try:
        return decoder.decode(immutable=False), None, fp.tell()
    except cbor2.CBORError as e:
        return None, f"{type(e).__name__}: {e}", fp.tell()


def ours_form(v):
    """cbor2's value in airsign-testkit's tagged JSON (CBORHandlers.swift)."""
    if v is True or v is False:
        return {"simple": "true" if v else "false"}
    if v is None:
        return {"simple": "null"}
    if v is cbor2.undefined:
        return {"simple": "undefined"}
    if isinstance(v, cbor2.CBORSimpleValue):
        return {"simple": str(v.value)}
    if isinstance(v, int):
        return {"uint": str(v)} if v >= 0 else {"nint": str(v)}
    if isinstance(v, float):
        return {"float": "%x" % struct.unpack("<Q", struct.pack("<d", v))[0]}
    if isinstance(v, bytes):
        return {"bytes": v.hex()}
    if isinstance(v, str):
        return {"text": v}
    if isinstance(v, (list, tuple)):
        return {"array": [ours_form(x) for x in v]}
    if isinstance(v, cbor2.CBORTag):
        return {"tag": str(v.tag), "value": ours_form(v.value)}
    if hasattr(v, "items"):  # dict, or cbor2's frozendict for a map used as a key
        return {"map": [[ours_form(k), ours_form(x)] for k, x in v.items()]}
    raise AssertionError(f"cbor2 value {v!r}")


def python_value(j):
    """Our tagged JSON as the Python value cbor2 would make of it (as a map key)."""
    if "uint" in j or "nint" in j:
        return int(j.get("uint", j.get("nint")))
    if "float" in j:
        return struct.unpack("<d", struct.pack("<Q", int(j["float"], 16)))[0]
    if "bytes" in j:
        return bytes.fromhex(j["bytes"])
    if "text" in j:
        return j["text"]
    if "array" in j:
        return tuple(python_value(x) for x in j["array"])
    if "map" in j:
        return tuple((python_value(k), python_value(x)) for k, x in j["map"])
    if "tag" in j:
        return cbor2.CBORTag(int(j["tag"]), python_value(j["value"]))
    s = j["simple"]
    return {"true": True, "false": False, "null": None, "undefined": cbor2.undefined}.get(s) if not s.isdigit() \
        else cbor2.CBORSimpleValue(int(s))


def maps(j):
    """Every map in our tagged JSON value, as its list of [key, value] pairs."""
    if "map" in j:
        yield j["map"]
        for k, x in j["map"]:
            yield from maps(k)
            yield from maps(x)
    elif "array" in j:
        for x in j["array"]:
            yield from maps(x)
    elif "tag" in j:
        yield from maps(j["value"])


# --- Named exceptions, each a rule one side keeps and the other does not.

def cbor2_ignores_trailing_bytes(read, data):
    """cbor2 reads one data item from a stream and leaves what follows. An envelope is one data
    item, not a CBOR sequence (RFC 8742), so our decoder refuses bytes after it: one body, one
    spelling of where it ends."""
    return read < len(data)


def python_equates_distinct_keys(ours):
    """Two keys that are different data items but equal Python values (1, 1.0, true, simple(1)
    and -0.0/0.0): cbor2 compares keys in a Python dict and calls them duplicates; RFC 8949
    §5.6.1 compares data items, so they are distinct keys, as our decoder has them."""
    for entries in maps(ours):
        keys = [python_value(k) for k, _ in entries]
        if any(a == b for i, a in enumerate(keys) for b in keys[i + 1:]):
            return True
    return False


def nan_keys_in(value):
    """Two NaN keys in one map: cbor2 keeps both (NaN never equals NaN in Python); our decoder
    compares keys by their deterministic encodings (RFC 8949 §4.2.1), where every NaN is f97e00,
    so they are one key written twice, and it refuses the map."""
    if isinstance(value, dict):
        if sum(1 for k in value if isinstance(k, float) and k != k) > 1:
            return True
        return any(nan_keys_in(k) or nan_keys_in(x) for k, x in value.items())
    if isinstance(value, (list, tuple)):
        return any(nan_keys_in(x) for x in value)
    if isinstance(value, cbor2.CBORTag):
        return nan_keys_in(value.value)
    return False


def cbor2_quiets_signalling_nans(ours, theirs):
    """The same value once every signalling NaN of ours has its quiet bit set: cbor2 widens a
    half-precision float through the CPU, which quiets a signalling NaN; our decoder widens it
    bit for bit (RFC 8949 Appendix D leaves NaN payloads to the application; nothing on the
    signer's path has floats)."""
    def quieted(j):
        if "float" in j:
            bits = int(j["float"], 16)
            nan = bits & 0x7ff0000000000000 == 0x7ff0000000000000 and bits & 0x000fffffffffffff
            return {"float": "%x" % (bits | 0x0008000000000000 if nan else bits)}
        if "map" in j:
            return {"map": [[quieted(k), quieted(x)] for k, x in j["map"]]}
        if "array" in j:
            return {"array": [quieted(x) for x in j["array"]]}
        if "tag" in j:
            return {"tag": j["tag"], "value": quieted(j["value"])}
        return j
    return ours != quieted(ours) and quieted(ours) == theirs


def test_cbor_decoder_agrees_with_cbor2(testkit):
    rng, seed = seeded("cbor-differential")
    cases = []  # (name, bytes, expected JSON or None)
    for _ in range(ORIGINALS):
        v = random_cbor(rng)
        data = cbor2.dumps(v, canonical=rng.random() < 0.3)
        cases.append(("valid", data, to_json(v)))
        for _ in range(MUTANTS):
            name, mutated = mutate(data, rng)
            cases.append((name, mutated, None))
    answers = testkit.batch([{"op": "cbor_decode", "hex": data.hex()} for _, data, _ in cases])
    tally = Counter()
    for (name, data, expected), ours in zip(cases, answers):
        value, error, read = cbor2_decode(data)
        where = f"{name} input {data.hex()} ({seed}): ours {ours}, cbor2 {error or repr(value)} after {read} bytes"
        if expected is not None:
            assert error is None and read == len(data) and "error" not in ours, where
            assert ours["value"] == ours_form(value) and maps_sorted(ours["value"]) == maps_sorted(expected), where
            tally["valid, both read the value encoded"] += 1
        elif "error" not in ours and error is None:
            assert read == len(data), "cbor2 ends the item elsewhere: " + where
            if ours["value"] == ours_form(value):
                tally["both accepted the same value"] += 1
            else:
                assert cbor2_quiets_signalling_nans(ours["value"], ours_form(value)), "different values: " + where
                tally["both accepted the same value but a signalling NaN cbor2 quiets"] += 1
        elif "error" in ours and error is None:
            if cbor2_ignores_trailing_bytes(read, data):
                tally["refused by us for trailing bytes cbor2 ignores"] += 1
            else:
                assert nan_keys_in(value), "we refuse what cbor2 accepts: " + where
                tally["refused by us: two NaN keys"] += 1
        elif "error" not in ours:
            assert python_equates_distinct_keys(ours["value"]), "we accept what cbor2 refuses: " + where
            tally["accepted by us: keys cbor2 equates in Python"] += 1
        else:
            tally["both refused"] += 1
    counts = ", ".join(f"{n} {what}" for what, n in tally.most_common())
    print(f"[cbor cbor2] {len(cases)} cases: {counts}")
    assert tally["both accepted the same value"] > len(cases) // 20
    assert tally["both refused"] > len(cases) // 10


def maps_sorted(j):
    """Our tagged JSON with every map's entries in one order: cbor2's canonical mode reorders the
    generated maps, and the value is the same map."""
    if "map" in j:
        return {"map": sorted(([maps_sorted(k), maps_sorted(x)] for k, x in j["map"]), key=json.dumps)}
    if "array" in j:
        return {"array": [maps_sorted(x) for x in j["array"]]}
    if "tag" in j:
        return {"tag": j["tag"], "value": maps_sorted(j["value"])}
    return j
