"""The contract ABI codec (issue 21) against eth-abi: thousands of random types (every
elementary type, T[], T[k], tuples, nested) and random values encode to the same bytes in both,
our strict decoder reads eth-abi's bytes back to the same values, bytes we accept eth-abi reads
the same way, and selectors of random signatures (names and spaces included) are eth-utils'."""

from collections import Counter

import pytest
from eth_abi import decode, encode
from eth_utils import function_signature_to_4byte_selector, to_checksum_address

from eth_support import seeded

ELEMENTARY = (["address", "bool", "bytes", "string"] + [f"uint{8 * i}" for i in range(1, 33)]
              + [f"int{8 * i}" for i in range(1, 33)] + [f"bytes{i}" for i in range(1, 33)])


def random_type(rng, depth=0):
    roll = rng.random()
    if depth >= 3 or roll < 0.55:
        return rng.choice(ELEMENTARY)
    if roll < 0.75:
        return random_type(rng, depth + 1) + "[]"
    if roll < 0.87:
        return random_type(rng, depth + 1) + f"[{rng.randint(1, 3)}]"
    return "(" + ",".join(random_type(rng, depth + 1) for _ in range(rng.randint(1, 3))) + ")"


def split_top(inner):
    parts, depth, current = [], 0, ""
    for c in inner:
        if c == "," and depth == 0:
            parts.append(current)
            current = ""
            continue
        depth += c == "("
        depth -= c == ")"
        current += c
    parts.append(current)
    return parts


def random_text(rng):
    alphabet = "abcXYZ 09,()[]\"\\é€中😀\u0000\n"
    return "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40)))


def random_value(rng, t):
    """(python value for eth-abi, JSON value for the testkit)."""
    if t.endswith("]"):
        base, _, count = t[:-1].rpartition("[")
        n = int(count) if count else rng.randint(0, 3)
        pairs = [random_value(rng, base) for _ in range(n)]
        return [p for p, _ in pairs], [j for _, j in pairs]
    if t.startswith("("):
        pairs = [random_value(rng, c) for c in split_top(t[1:-1])]
        return tuple(p for p, _ in pairs), [j for _, j in pairs]
    if t == "address":
        raw = rng.randbytes(20)
        return to_checksum_address(raw), "0x" + raw.hex()
    if t == "bool":
        b = rng.random() < 0.5
        return b, b
    if t == "string":
        s = random_text(rng)
        return s, s
    if t == "bytes":
        b = rng.randbytes(rng.choice([0, 1, 31, 32, 33, 64, rng.randint(0, 100)]))
        return b, "0x" + b.hex()
    if t.startswith("bytes"):
        b = rng.randbytes(int(t[5:]))
        return b, "0x" + b.hex()
    bits = int(t[4:] if t.startswith("uint") else t[3:])
    if t.startswith("uint"):
        v = rng.choice([0, 1, 2 ** bits - 1, rng.randrange(2 ** bits)])
    else:
        v = rng.choice([0, -1, 2 ** (bits - 1) - 1, -(2 ** (bits - 1)), rng.randrange(-(2 ** (bits - 1)), 2 ** (bits - 1))])
    return v, str(v)


def as_json(t, value):
    """eth-abi's decoded value in the testkit's JSON form."""
    if t.endswith("]"):
        base = t[:t.rindex("[")]
        return [as_json(base, v) for v in value]
    if t.startswith("("):
        return [as_json(c, v) for c, v in zip(split_top(t[1:-1]), value)]
    if t == "address":
        return value.lower()
    if t == "bool" or t == "string":
        return value
    if t.startswith("bytes"):
        return "0x" + value.hex()
    return str(value)


def test_random_types_and_values_encode_and_decode_as_eth_abi(testkit, rng):
    cases = []
    for _ in range(3000):
        types = [random_type(rng) for _ in range(rng.randint(0, 4))]
        pairs = [random_value(rng, t) for t in types]
        cases.append((types, [p for p, _ in pairs], [j for _, j in pairs]))
    requests = [dict(op="eth_abi_encode", types=types, values=js) for types, _, js in cases]
    encoded = testkit.batch(requests)
    references = [encode(types, values) for types, values, _ in cases]
    for (types, _, _), ours, theirs in zip(cases, encoded, references):
        assert ours.get("hex") == "0x" + theirs.hex(), (types, ours)
    decoded = testkit.batch([dict(op="eth_abi_decode", types=types, hex="0x" + ref.hex()) for (types, _, _), ref in zip(cases, references)])
    for (types, _, js), ours, reference in zip(cases, decoded, references):
        assert ours.get("values") == js, (types, ours)
        assert ours["values"] == [as_json(t, v) for t, v in zip(types, decode(types, reference))]


def nested_dynamic_type(rng, depth=0):
    """A type with dynamic values inside containers: tuples of arrays of bytes, fixed arrays of
    strings, arrays of tuples holding bytes[], so offsets nest inside offsets."""
    roll = rng.random()
    if depth >= 3 or roll < 0.15:
        return rng.choice(["bytes", "string", "bytes[]", "string[2]", "bytes32", "uint8"])
    if roll < 0.5:
        parts = [nested_dynamic_type(rng, depth + 1) if rng.random() < 0.6 else rng.choice(ELEMENTARY)
                 for _ in range(rng.randint(1, 4))]
        return "(" + ",".join(parts) + ")"
    if roll < 0.75:
        return nested_dynamic_type(rng, depth + 1) + "[]"
    return nested_dynamic_type(rng, depth + 1) + f"[{rng.randint(1, 3)}]"


def random_types(rng, lo):
    """A top-level type list: half of them built to nest dynamic types."""
    pick = nested_dynamic_type if rng.random() < 0.5 else random_type
    return [pick(rng) for _ in range(rng.randint(lo, 3))]


def corrupt(rng, data):
    """(mutated bytes, the mutation's name): a bit flip, bytes appended, a truncation, a word
    replaced or nudged by ±1 or ±32 (offsets and lengths land elsewhere), a word inserted,
    removed or swapped with another."""
    data = bytearray(data)
    words = len(data) // 32
    kind = rng.choice(["none", "flip", "append", "truncate", "word", "nudge", "insert", "delete", "swap"])
    if kind == "flip" and data:
        data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
    elif kind == "append":
        data += rng.randbytes(rng.choice([1, 31, 32, 64]))
    elif kind == "truncate" and data:
        del data[rng.randrange(len(data)):]
    elif kind in ("word", "nudge") and words:
        i = rng.randrange(words) * 32
        current = int.from_bytes(data[i:i + 32], "big")
        if kind == "word":
            new = rng.choice([2**256 - 1, 2**255, 0, 32, 64, 96, len(data), len(data) - 32, int.from_bytes(rng.randbytes(32), "big")])
        else:
            new = (current + rng.choice([-32, -1, 1, 32])) % 2**256
        data[i:i + 32] = new.to_bytes(32, "big")
    elif kind == "insert":
        i = rng.randint(0, words) * 32
        data[i:i] = rng.choice([bytes(32), rng.randbytes(32)])
    elif kind == "delete" and words:
        i = rng.randrange(words) * 32
        del data[i:i + 32]
    elif kind == "swap" and words >= 2:
        i, j = (k * 32 for k in rng.sample(range(words), 2))
        data[i:i + 32], data[j:j + 32] = data[j:j + 32], data[i:i + 32]
    else:
        kind = "none"
    return bytes(data), kind


def eth_abi_reading(types, data):
    """eth-abi's strict decoding of `data`, or None when it refuses."""
    try:
        return decode(types, data, strict=True)
    except Exception:  # any refusal by the reference
        return None


def test_what_we_accept_eth_abi_reads_the_same_and_strictness(testkit):
    """Valid encodings and corruptions of them (half of the types nesting dynamic values):
    whatever our strict decoder accepts, eth-abi decodes to the same values and it is exactly
    their canonical encoding; whatever we refuse, eth-abi refuses too or reads values whose
    canonical encoding is other bytes. The signer reads only canonical encodings, one reading
    per byte string; Solidity's decoder also follows offsets that point elsewhere and ignores
    trailing bytes, so those are the one named difference."""
    rng, seed = seeded("eth-abi")
    requests, meta = [], []
    # eth-abi parses each new type string with a PEG grammar (milliseconds each): cases share
    # a pool of type lists and differ in values and corruptions.
    pool = [random_types(rng, 1) for _ in range(400)]
    for _ in range(3000):
        types = rng.choice(pool)
        data, kind = corrupt(rng, encode(types, [random_value(rng, t)[0] for t in types]))
        requests.append(dict(op="eth_abi_decode", types=types, hex="0x" + data.hex()))
        meta.append((types, data, kind))
    tally = Counter()
    for (types, data, kind), ours in zip(meta, testkit.batch(requests)):
        where = f"{seed}; {kind}; types {types}; data {data.hex()}; ours {ours}"
        theirs = eth_abi_reading(types, data)
        if kind == "append":
            assert "error" in ours and "trailing" in ours["error"], where
        if kind == "none":
            assert "values" in ours, where
        if "values" in ours:
            assert theirs is not None, f"eth-abi refuses what we read: {where}"
            assert ours["values"] == [as_json(t, v) for t, v in zip(types, theirs)], where
            assert encode(types, list(theirs)) == data, f"we read bytes that are not canonical: {where}"
            tally["both read the same values"] += 1
        elif theirs is None:
            tally["both refused"] += 1
        else:
            assert encode(types, list(theirs)) != data, f"we refused the canonical encoding of what eth-abi reads: {where}"
            tally["refused by us: not the canonical encoding of eth-abi's reading"] += 1
    print("[eth-abi] 3000 cases: " + ", ".join(f"{n} {k}" for k, n in tally.most_common()))
    assert all(tally[k] > 100 for k in ("both read the same values", "both refused", "refused by us: not the canonical encoding of eth-abi's reading"))


def test_calls_read_as_the_contract_reads_their_arguments(testkit):
    """Call boundaries: calldata (selector, arguments, perhaps a frontend's tag after them) read
    as the clear-signing resolver reads it, against eth-abi. The selector must be the
    signature's; the values we show must be eth-abi's reading of the arguments (which is what
    the contract decodes: it ignores bytes after them), their canonical encoding must be exactly
    the bytes before the suffix we show, and the whole-data decoder must accept exactly when
    there is no suffix. What we refuse under the right selector, eth-abi refuses or reads as
    values whose canonical encoding does not start the arguments."""
    rng, seed = seeded("eth-abi calls")
    requests, meta = [], []
    pool = [random_types(rng, 0) for _ in range(300)]  # as above: eth-abi's type parsing is slow
    for _ in range(2000):
        types = rng.choice(pool)
        signature = f"{rng.choice(['f', 'multicall', 'swap_2', '$x'])}({','.join(types)})"
        selector = function_signature_to_4byte_selector(signature)
        arguments, kind = corrupt(rng, encode(types, [random_value(rng, t)[0] for t in types]))
        data = selector + arguments
        roll = rng.random()
        if roll < 0.3:
            data += rng.randbytes(rng.choice([1, 4, 20, 32, 33, 64]))  # a frontend's tag
            kind += "+suffix"
        elif roll < 0.4:
            data = bytearray(data)
            data[rng.randrange(4)] ^= 1 << rng.randrange(8)
            data, kind = bytes(data), kind + "+selector"
        elif roll < 0.45:
            data, kind = data[:rng.randrange(4)], "cut inside the selector"
        requests.append(dict(op="eth_abi_decode_call", signature=signature, hex="0x" + data.hex()))
        meta.append((types, selector, data, kind))
    tally = Counter()
    for (types, selector, data, kind), ours in zip(meta, testkit.batch(requests)):
        where = f"{seed}; {kind}; types {types}; calldata {data.hex()}; ours {ours}"
        if data[:4] != selector:
            assert "error" in ours and "selector" in ours["error"], where
            tally["both refused: another selector"] += 1
            continue
        arguments = data[4:]
        if "values" in ours:
            suffix = bytes.fromhex(ours["suffix"][2:])
            assert arguments.endswith(suffix), where
            prefix = arguments[:len(arguments) - len(suffix)]
            theirs = eth_abi_reading(types, prefix)
            assert theirs is not None and ours["values"] == [as_json(t, v) for t, v in zip(types, theirs)], where
            assert encode(types, list(theirs)) == prefix, f"the values we show are not what the bytes before the suffix encode: {where}"
            assert eth_abi_reading(types, arguments) == theirs, f"the contract would read other arguments: {where}"
            assert ours["strict"] == (suffix == b""), where
            tally["both read the same arguments" + (", a suffix shown" if suffix else "")] += 1
            continue
        theirs = eth_abi_reading(types, arguments)
        if theirs is None:
            tally["both refused"] += 1
        else:
            assert not arguments.startswith(encode(types, list(theirs))), f"we refused canonical arguments eth-abi reads: {where}"
            tally["refused by us: not the canonical encoding of eth-abi's reading"] += 1
    print("[eth-abi calls] 2000 cases: " + ", ".join(f"{n} {k}" for k, n in tally.most_common()))
    assert tally["both read the same arguments"] > 100 and tally["both read the same arguments, a suffix shown"] > 100


@pytest.mark.parametrize("bad,reason", [
    (("uint8", "00" * 31 + "ff"), None),
    (("uint8", "00" * 30 + "01ff"), "dirty high bits"),
    (("address", "01" + "00" * 11 + "22" * 20), "dirty high bits"),
    (("bool", "00" * 31 + "02"), "a bool is 0 or 1"),
    (("bytes2", "abcd" + "00" * 29 + "01"), "dirty low bytes"),
    (("int8", "00" * 31 + "80"), "sign-extended"),
    (("bytes", "00" * 31 + "40" + "00" * 31 + "01" + "aa" + "00" * 31), "offset 64"),
    (("bytes", "00" * 31 + "20" + "00" * 31 + "01" + "aa" + "00" * 30 + "01"), "nonzero padding"),
    (("bytes", "00" * 31 + "20" + "00" * 31 + "41" + "aa" * 32), "runs past the end"),
    (("uint256[]", "00" * 31 + "20" + "ff" * 32), "larger than the data"),
    (("string", "00" * 31 + "20" + "00" * 31 + "01" + "ff" + "00" * 31), "not valid UTF-8"),
])
def test_named_refusals(testkit, bad, reason):
    t, hexdata = bad
    ours = testkit.call("eth_abi_decode", types=[t], hex="0x" + hexdata)
    if reason is None:
        assert ours["values"] == [str(int(hexdata, 16))]
    else:
        assert reason in ours["error"], ours


def test_selectors_of_random_signatures_are_eth_utils(testkit, rng):
    cases = []
    for i in range(1000):
        types = [random_type(rng) for _ in range(rng.randint(0, 4))]
        name = rng.choice(["f", "transfer", "swap_2", "$x", "deposit"])
        canonical = f"{name}({','.join(types)})"
        # As people write it: names after types, spaces after commas, a data location.
        written = f"{name}(" + ", ".join(f"{t}{' memory' if rng.random() < 0.2 else ''} a{j}" for j, t in enumerate(types)) + ")"
        cases.append((canonical, written))
    answers = testkit.batch([dict(op="eth_abi_function", signature=w) for _, w in cases])
    for (canonical, written), ours in zip(cases, answers):
        assert ours["canonical"] == canonical, (written, ours)
        assert ours["selector"] == "0x" + function_signature_to_4byte_selector(canonical).hex(), written
