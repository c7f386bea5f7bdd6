"""JSON against Python's json module, in both directions and on mutated documents.

Python's json.loads is lenient by default, so the reference here is made strict the way RFC 8259
reads: input decoded as UTF-8 first (a BOM is then refused by json.loads itself), NaN and
Infinity refused (parse_constant), duplicate keys refused (object_pairs_hook). What is left that
differs from our parser, and is allowed below:

- lone surrogate escapes ("\\ud800" without its pair): Python accepts them into a str that is
  not valid Unicode; we refuse them (there is no character to decode them to).
- integer literals longer than Python's int_max_str_digits (4300 by default): Python refuses
  them (ValueError), we keep the text. Random documents here stay far below that.

Values come back from airsign-testkit in a tagged form that keeps number texts and member order
(see Sources/airsign-testkit/JSONHandlers.swift); both sides are compared as `model` tuples, so
True is not 1, 1.0 is a float, and object members compare in order.
"""
import json
import re

N = 1500
INT = re.compile(r"-?[0-9]+")

TRICKY = ['"', "\\", "/", "\x00", "\x01", "\x08", "\x09", "\x0a", "\x0c", "\x0d", "\x1b", "\x1f", "\x7f",
          "\u00e9", "e\u0301", "\u20ac", "\u2028", "\u2029", "\ufeff", "\ue000", "\ufdd0", "\uffff",
          "\U0001d11e", "\U0001f600", "\U0010ffff"]


def random_text(rng):
    out = []
    for _ in range(rng.randint(0, 12)):
        r = rng.random()
        if r < 0.4:
            out.append(chr(rng.randint(0x20, 0x7e)))
        elif r < 0.7:
            out.append(rng.choice(TRICKY))
        elif r < 0.85:
            c = rng.randint(0xa0, 0xfffd)
            out.append(chr(c) if not 0xd800 <= c <= 0xdfff else "x")
        else:
            out.append(chr(rng.randint(0x10000, 0x10ffff)))
    return "".join(out)


def random_number(rng):
    kind = rng.randrange(7)
    if kind == 0:
        return rng.randint(-100, 100)
    if kind == 1:
        return rng.randint(-2**63, 2**64)
    if kind == 2:
        digits = rng.randint(100, 200)
        return rng.choice([1, -1]) * rng.randint(10**(digits - 1), 10**digits - 1)
    if kind == 3:
        return rng.uniform(-1e6, 1e6)
    if kind == 4:
        return rng.choice([0.0, -0.0, 5.0, 1e16, 1e-7, 1.7976931348623157e308, 5e-324, 0.1])
    return rng.choice([1, -1]) * rng.random() * 10.0 ** rng.randint(-300, 300)


def random_doc(rng, depth=0):
    kinds = ["null", "bool", "number", "number", "string", "string"]
    if depth < 5:
        kinds += ["array", "object"]
    kind = rng.choice(kinds)
    if kind == "null":
        return None
    if kind == "bool":
        return rng.random() < 0.5
    if kind == "number":
        return random_number(rng)
    if kind == "string":
        return random_text(rng)
    if kind == "array":
        return [random_doc(rng, depth + 1) for _ in range(rng.randint(0, 5))]
    return {random_text(rng) if rng.random() < 0.7 else str(rng.randint(0, 9)): random_doc(rng, depth + 1)
            for _ in range(rng.randint(0, 5))}


def random_dumps(rng, doc):
    """Python's json.dumps in one of its many styles: escaped or raw Unicode, indented or not,
    sorted or not, with or without spaces after separators."""
    indent = rng.choice([None, None, 0, 2, "\t"])
    separators = rng.choice([None, (",", ":"), (", ", ": "), (" , ", " : ")])
    return json.dumps(doc, ensure_ascii=rng.random() < 0.5, indent=indent, separators=separators,
                      sort_keys=rng.random() < 0.5)


class Pairs(list):
    """An object as Python's json read it: members in order."""


def refuse_duplicates(pairs):
    keys = [k for k, _ in pairs]
    if len(set(keys)) != len(keys):
        raise ValueError("duplicate key")
    return Pairs(pairs)


def refuse_constant(name):
    raise ValueError(f"{name} is not JSON")


def strict_loads(data: bytes):
    """Python's json as a strict RFC 8259 parser (raises ValueError on refusal)."""
    return json.loads(data.decode("utf-8"), object_pairs_hook=refuse_duplicates, parse_constant=refuse_constant)


def model(v):
    if v is None:
        return ("null",)
    if v is True or v is False:
        return ("bool", v)
    if isinstance(v, int):
        return ("int", v)
    if isinstance(v, float):
        return ("float", v)
    if isinstance(v, str):
        return ("str", v)
    if isinstance(v, dict):
        return ("obj", tuple((k, model(x)) for k, x in v.items()))
    if isinstance(v, Pairs):
        return ("obj", tuple((k, model(x)) for k, x in v))
    if isinstance(v, list):
        return ("arr", tuple(model(x) for x in v))
    raise TypeError(type(v))


def sorted_model(m):
    """`m` with object members in code point order of their keys (Python's str order)."""
    if m[0] == "arr":
        return ("arr", tuple(sorted_model(x) for x in m[1]))
    if m[0] == "obj":
        return ("obj", tuple(sorted(((k, sorted_model(x)) for k, x in m[1]), key=lambda kv: kv[0])))
    return m


def from_tagged(t):
    tag = t["t"]
    if tag == "null":
        return ("null",)
    if tag == "bool":
        return ("bool", t["v"])
    if tag == "number":
        # How Python's json turns the same literal into a value.
        return ("int", int(t["v"])) if INT.fullmatch(t["v"]) else ("float", float(t["v"]))
    if tag == "string":
        return ("str", bytes.fromhex(t["v"]).decode("utf-8"))
    if tag == "array":
        return ("arr", tuple(from_tagged(x) for x in t["v"]))
    if tag == "object":
        return ("obj", tuple((bytes.fromhex(k).decode("utf-8"), from_tagged(x)) for k, x in t["v"]))
    raise ValueError(tag)


def to_tagged(v):
    if v is None:
        return {"t": "null"}
    if v is True or v is False:
        return {"t": "bool", "v": v}
    if isinstance(v, (int, float)):
        return {"t": "number", "v": json.dumps(v)}
    if isinstance(v, str):
        return {"t": "string", "v": v.encode("utf-8").hex()}
    if isinstance(v, list):
        return {"t": "array", "v": [to_tagged(x) for x in v]}
    return {"t": "object", "v": [[k.encode("utf-8").hex(), to_tagged(x)] for k, x in v.items()]}


def has_lone_surrogate(v) -> bool:
    if isinstance(v, str):
        return any(0xD800 <= ord(c) <= 0xDFFF for c in v)
    if isinstance(v, Pairs):
        return any(has_lone_surrogate(k) or has_lone_surrogate(x) for k, x in v)
    if isinstance(v, list):
        return any(has_lone_surrogate(x) for x in v)
    return False


def test_we_parse_what_python_writes(testkit, rng):
    docs = [random_doc(rng) for _ in range(N)]
    texts = [random_dumps(rng, d) for d in docs]
    outs = testkit.batch([{"op": "json_parse", "hex": t.encode("utf-8").hex()} for t in texts])
    for doc, text, out in zip(docs, texts, outs):
        assert "error" not in out, (text, out)
        python = model(strict_loads(text.encode("utf-8")))
        assert sorted_model(python) == sorted_model(model(doc))
        # Member order as written, number values (big integers exactly) as Python reads them.
        assert from_tagged(out["value"]) == python, text


def test_python_reads_what_we_write(testkit, rng):
    docs = [random_doc(rng) for _ in range(N)]
    styles = [(rng.random() < 0.5, rng.random() < 0.5) for _ in docs]
    outs = testkit.batch([{"op": "json_serialize", "value": to_tagged(d), "sortKeys": s, "pretty": p}
                          for d, (s, p) in zip(docs, styles)])
    for doc, (sort_keys, pretty), out in zip(docs, styles, outs):
        ours = bytes.fromhex(out["hex"])
        expected = model(doc)
        assert model(strict_loads(ours)) == (sorted_model(expected) if sort_keys else expected), ours
        # Byte for byte what Python writes with the same choices: the same escapes (only
        # what RFC 8259 requires, lower-case \u00XX), the same key order, the same layout.
        python = json.dumps(doc, ensure_ascii=False, sort_keys=sort_keys, indent=2 if pretty else None,
                            separators=(",", ": ") if pretty else (",", ":"))
        assert ours == python.encode("utf-8")
        assert pretty or b"\n" not in ours


def mutate(rng, data: bytes) -> bytes:
    kind = rng.randrange(9)
    if kind == 0 and data:
        return data[:rng.randrange(len(data))]
    if kind == 1 and data:
        i = rng.randrange(len(data))
        return data[:i] + bytes([data[i] ^ (1 << rng.randrange(8))]) + data[i + 1:]
    if kind == 2:
        i = rng.randint(0, len(data))
        token = rng.choice([b'"', b",", b"[", b"]", b"{", b"}", b":", b"\\", b"\\u", b"0", b"-", b".", b"e", b"+",
                            b" ", b"\t", b"\x0b", b"\x00", b"NaN", b"Infinity", b"\xc3", b"\xed\xa0\x80", b"//"])
        return data[:i] + token + data[i:]
    if kind == 3 and data:
        i = rng.randrange(len(data))
        return data[:i] + data[i + 1:]
    if kind == 4:
        # A duplicate key, directly or through an escape.
        key = rng.choice(['"a"', '"\\u0061"', '"\\u00e9"', '"\u00e9"', '"\\ud834\\udd1e"'])
        second = rng.choice([key, '"a"', '"\u00e9"', '"e\u0301"', '"\U0001d11e"'])
        return b"[" + f"{{{key}:1,{second}:2}}".encode("utf-8") + b"," + data + b"]"
    if kind == 5:
        # A lone surrogate, or a pair: the documented difference, and the case that is not one.
        escape = rng.choice(["\\ud800", "\\udc00", "\\udbff", "\\ud834\\udd1e", "\\udd1e\\ud834", "\\ud800\\n", "\\ud800x"])
        return b'["' + escape.encode() + b'",' + data + b"]"
    if kind == 6:
        return rng.choice([b"\xef\xbb\xbf", b" ", b"\r\n", b"[", b"NaN,"]) + data
    if kind == 7:
        return data + rng.choice([b" ", b"\n", b",", b"]", b"x", b"\x00", b"/**/"])
    return rng.randbytes(rng.randint(0, 12))


def test_mutated_documents_refused_alike(testkit, rng):
    inputs = [mutate(rng, random_dumps(rng, random_doc(rng)).encode("utf-8")) for _ in range(3 * N)]
    outs = testkit.batch([{"op": "json_parse", "hex": data.hex()} for data in inputs])
    counts = {"both accept": 0, "both refuse": 0, "lone surrogate": 0}
    for data, out in zip(inputs, outs):
        try:
            python = strict_loads(data)
        except ValueError:
            assert "error" in out, f"we accepted what Python refuses: {data!r}"
            counts["both refuse"] += 1
            continue
        if "error" in out:
            assert has_lone_surrogate(python), f"we refused what Python accepts: {data!r}: {out['error']}"
            counts["lone surrogate"] += 1
            continue
        assert from_tagged(out["value"]) == model(python), data
        counts["both accept"] += 1
    print(counts)
    assert all(counts.values()), counts


def test_json_lines(testkit, rng):
    batches = []
    for _ in range(200):
        lines = [json.dumps(random_doc(rng), ensure_ascii=rng.random() < 0.5) for _ in range(rng.randint(0, 6))]
        text = ""
        for line in lines:
            text += rng.choice(["", "\n", " \r\n", "\t\n"]) + line + rng.choice(["\n", "\r\n", " \n"])
        batches.append(text)
    outs = testkit.batch([{"op": "json_parse_sequence", "hex": t.encode("utf-8").hex()} for t in batches])
    for text, out in zip(batches, outs):
        expected = [model(strict_loads(line.encode("utf-8"))) for line in text.split("\n") if line.strip(" \t\r")]
        assert [from_tagged(v) for v in out["values"]] == expected, text
    # One value spread over lines is not JSON lines.
    assert "line 1" in testkit.call("json_parse_sequence", hex=b'[\n1\n]'.hex())["error"]
