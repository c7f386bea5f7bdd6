"""The contract ABI codec (issue 21) against eth-abi: thousands of random types (every
elementary type, T[], T[k], tuples, nested) and random values encode to the same bytes in both,
our strict decoder reads eth-abi's bytes back to the same values, bytes we accept eth-abi reads
the same way, and selectors of random signatures (names and spaces included) are eth-utils'."""

import pytest
from eth_abi import decode, encode
from eth_utils import function_signature_to_4byte_selector, to_checksum_address

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


def test_what_we_accept_eth_abi_reads_the_same_and_strictness(testkit, rng):
    """Corruptions of valid encodings: whatever our strict decoder accepts, eth-abi decodes to
    the same values (we are never more lenient); dirty high bits, offsets that are not the
    canonical ones and trailing bytes are refused by us."""
    requests, meta = [], []
    for _ in range(1500):
        types = [random_type(rng) for _ in range(rng.randint(1, 3))]
        data = bytearray(encode(types, [random_value(rng, t)[0] for t in types]))
        kind = rng.choice(["flip", "append", "truncate", "word"])
        if kind == "flip" and data:
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        elif kind == "append":
            data += rng.randbytes(rng.choice([1, 32]))
        elif kind == "truncate" and data:
            del data[rng.randrange(len(data)):]
        elif kind == "word" and len(data) >= 32:
            i = rng.randrange(len(data) // 32) * 32
            data[i:i + 32] = rng.choice([b"\xff" * 32, (2**255).to_bytes(32, "big"), (64).to_bytes(32, "big"), rng.randbytes(32)])
        requests.append(dict(op="eth_abi_decode", types=types, hex="0x" + bytes(data).hex()))
        meta.append((types, bytes(data), kind))
    answers = testkit.batch(requests)
    accepted = 0
    for (types, data, kind), ours in zip(meta, answers):
        if kind == "append":
            assert "error" in ours and "trailing" in ours["error"], ours
        if "values" in ours:
            accepted += 1
            theirs = decode(types, data, strict=True)
            assert ours["values"] == [as_json(t, v) for t, v in zip(types, theirs)], (types, data.hex())
            # and it is exactly the canonical encoding of those values
            assert encode(types, list(theirs)) == data
    assert accepted > 0


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
