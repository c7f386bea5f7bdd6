"""Candid against ic-py (PyPI ic-py, its candid module) on thousands of random types and values:
values written as Candid text are type-checked and encoded by Airsign (airsign-testkit
candid_encode) and decoded by ic-py to the same values; values ic-py encodes are decoded by
Airsign (candid_decode) to the same values. Types cover every primitive, opt, vec and blob,
records with named, numbered and tuple fields, variants, function and service references, and
recursive types. Both sides are compared in one normal form: [kind, payload…]."""
import struct
import sys
from pathlib import Path

from ic.candid import Types, decode as ic_decode, encode as ic_encode
from ic.principal import Principal

sys.path.insert(0, str(Path(__file__).parent))
from ic_spec import principal_text  # noqa: E402

CASES = 2500
KEYWORDS = {"type", "import", "service", "func", "query", "oneway", "composite_query", "opt", "vec", "record", "variant",
            "blob", "principal", "null", "bool", "nat", "int", "nat8", "nat16", "nat32", "nat64", "int8", "int16", "int32",
            "int64", "float32", "float64", "text", "reserved", "empty", "true", "false"}
FIXED = {"nat8": (0, 2**8 - 1), "nat16": (0, 2**16 - 1), "nat32": (0, 2**32 - 1), "nat64": (0, 2**64 - 1),
         "int8": (-2**7, 2**7 - 1), "int16": (-2**15, 2**15 - 1), "int32": (-2**31, 2**31 - 1), "int64": (-2**63, 2**63 - 1)}
PRIMS = ["null", "bool", "nat", "int", *FIXED, "float32", "float64", "text", "principal"]


def label_hash(name):
    h = 0
    for b in name.encode():
        h = (h * 223 + b) % 2**32
    return h


# --- Random types. A type is a tuple: ("prim", name), ("opt", t), ("vec", t), ("record", [(label, t)]),
# ("variant", [(label, t)]), ("func", [args], [results], annotation), ("service", [(name, func)]), ("ref", name).
# Labels are names (str) or ids (int); tuple records use ids 0, 1, ….

class Gen:
    def __init__(self, rng, ic_py_encodes):
        self.rng = rng
        self.defs = {}  # name -> type, recursive ones
        # ic-py cannot encode `reserved`, and writes services its own way (below).
        self.ic_py_encodes = ic_py_encodes

    def name(self):
        rng = self.rng
        if rng.random() < 0.1:
            return rng.choice(["☃", "名前", "with space", "type", "🐂"])
        while True:
            n = rng.choice("abcdefghijklmnopqrstuvwxyzABCXYZ") + "".join(
                rng.choice("abcdefghijklmnopqrstuvwxyz0123456789_") for _ in range(rng.randint(0, 8)))
            if n not in KEYWORDS:
                return n

    def labels(self, count, allow_tuple):
        rng = self.rng
        if allow_tuple and rng.random() < 0.25:
            return list(range(count))
        out, ids = [], set()
        for _ in range(count):
            label = self.name() if rng.random() < 0.7 else rng.randint(0, 2**32 - 1)
            lid = label if isinstance(label, int) else label_hash(label)
            if lid not in ids:
                ids.add(lid)
                out.append(label)
        return out

    def type(self, depth):
        rng = self.rng
        if depth <= 0 or rng.random() < 0.3:
            prims = PRIMS + ([] if self.ic_py_encodes else ["reserved"])
            return ("prim", rng.choice(prims))
        kind = rng.choice(["opt", "vec", "vec", "blob", "record", "record", "variant", "func", "service", "rec", "optempty"])
        if kind == "opt":
            return ("opt", self.type(depth - 1))
        if kind == "optempty":
            return ("opt", ("prim", "empty"))
        if kind == "vec":
            return ("vec", self.type(depth - 1))
        if kind == "blob":
            return ("vec", ("prim", "nat8"))
        if kind == "record":
            labels = self.labels(rng.randint(0, 4), True)
            return ("record", [(label, self.type(depth - 1)) for label in labels])
        if kind == "variant":
            labels = self.labels(rng.randint(1, 4), False)
            return ("variant", [(label, self.type(depth - 1) if rng.random() < 0.7 else ("prim", "null")) for label in labels])
        if kind == "func":
            return self.func(depth)
        if kind == "service":
            names = sorted({self.name() for _ in range(rng.randint(0, 3))}, key=lambda n: n.encode())
            if self.ic_py_encodes and [label_hash(n) for n in names] != sorted(map(label_hash, names)):
                # ic-py writes a service's methods in the order of their hashes, not of their names
                # as the spec says (and as we require): keep to services where the two agree.
                names = names[:1]
            return ("service", [(n, self.func(depth)) for n in names])
        # A recursive list or tree of some element type.
        name = f"R{len(self.defs)}"
        self.defs[name] = None  # taken before the element type, which may define others
        element = self.type(depth - 1)
        if rng.random() < 0.5:
            self.defs[name] = ("opt", ("record", [("head", element), ("tail", ("ref", name))]))
        else:
            self.defs[name] = ("variant", [("leaf", element), ("node", ("record", [(0, ("ref", name)), (1, ("ref", name))]))])
        return ("ref", name)

    def func(self, depth):
        rng = self.rng
        args = [self.type(min(depth - 1, 1)) for _ in range(rng.randint(0, 2))]
        results = [self.type(min(depth - 1, 1)) for _ in range(rng.randint(0, 2))]
        return ("func", args, results, rng.choice([None, "query"]))

    def resolve(self, t):
        while t[0] == "ref":
            t = self.defs[t[1]]
        return t

    # --- Random values of a type.

    def value(self, t, depth=0):
        rng = self.rng
        t = self.resolve(t)
        kind = t[0]
        if kind == "prim":
            p = t[1]
            if p in ("null", "reserved"):
                return None
            if p == "bool":
                return rng.random() < 0.5
            if p == "nat":
                return rng.choice([0, 1, 127, 128, rng.randint(0, 2**64), rng.randint(0, 2**200)])
            if p == "int":
                return rng.choice([0, -1, -64, 63, -65, rng.randint(-2**64, 2**64), rng.randint(-2**200, 2**200)])
            if p in FIXED:
                lo, hi = FIXED[p]
                return rng.choice([lo, hi, 0, rng.randint(lo, hi)])
            if p == "float32":
                while True:
                    f = struct.unpack("<f", rng.randbytes(4))[0]
                    if f == f and abs(f) != float("inf"):
                        return f
            if p == "float64":
                while True:
                    f = struct.unpack("<d", rng.randbytes(8))[0]
                    if f == f and abs(f) != float("inf"):
                        return rng.choice([f, 0.5, -3.0, 1e300])
            if p == "text":
                alphabet = "ab \"\\\n\t'é☃🐂\u0000\u007f\u2028z"
                return "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12)))
            if p == "principal":
                return rng.randbytes(rng.choice([0, 1, 10, 29]))
            raise ValueError(p)
        if kind == "opt":
            if t[1] == ("prim", "empty") or depth > 6 or rng.random() < 0.4:
                return []
            return [self.value(t[1], depth + 1)]
        if kind == "vec":
            if t[1] == ("prim", "nat8"):
                return list(rng.randbytes(rng.randint(0, 20)))
            n = 0 if depth > 6 else rng.randint(0, 3)
            return [self.value(t[1], depth + 1) for _ in range(n)]
        if kind == "record":
            return {label: self.value(ft, depth + 1) for label, ft in t[1]}
        if kind == "variant":
            cases = t[1]
            if depth > 6:  # end a recursive tree at its first (leaf) case
                cases = cases[:1]
            label, ft = rng.choice(cases)
            return (label, self.value(ft, depth + 1))
        if kind == "func":
            return (rng.randbytes(rng.choice([1, 10])), rng.choice(["m", "go", "🐂", "with space"]))
        if kind == "service":
            return rng.randbytes(10)
        raise ValueError(kind)


# --- Candid text of a type and of a value at it.

def name_text(label):
    if isinstance(label, int):
        return str(label)
    if label.isascii() and (label[0].isalpha() or label[0] == "_") and all(c.isalnum() or c == "_" for c in label) \
            and label not in KEYWORDS:
        return label
    return text_literal(label)


def text_literal(s):
    out = ['"']
    for c in s:
        if c == '"':
            out.append('\\"')
        elif c == "\\":
            out.append("\\\\")
        elif c == "\n":
            out.append("\\n")
        elif c == "\t":
            out.append("\\t")
        elif " " <= c <= "~" or (ord(c) > 0x7f and c.isprintable()):
            out.append(c)
        else:
            out.append("\\u{%x}" % ord(c))
    return "".join(out) + '"'


def type_text(t):
    kind = t[0]
    if kind == "prim":
        return t[1]
    if kind == "ref":
        return t[1]
    if kind == "opt":
        return "opt " + type_text(t[1])
    if kind == "vec":
        return "vec " + type_text(t[1])
    if kind in ("record", "variant"):
        fields = "; ".join(f"{name_text(label)} : {type_text(ft)}" for label, ft in t[1])
        return f"{kind} {{ {fields} }}"
    if kind == "func":
        return "func " + func_sig(t)
    if kind == "service":
        return "service { " + "; ".join(f"{name_text(n)} : {func_sig(f)}" for n, f in t[1]) + " }"
    raise ValueError(kind)


def func_sig(f):
    _, args, results, annotation = f
    sig = "(" + ", ".join(map(type_text, args)) + ") -> (" + ", ".join(map(type_text, results)) + ")"
    return sig + (" " + annotation if annotation else "")


def number_text(n, rng):
    if n >= 0 and rng.random() < 0.2:
        return hex(n)
    digits = str(abs(n))
    if rng.random() < 0.3:  # underscores between groups
        digits = "{:,}".format(abs(n)).replace(",", "_")
    return ("-" if n < 0 else "") + digits


def value_text(g, t, v, rng):
    t = g.resolve(t)
    kind = t[0]
    if kind == "prim":
        p = t[1]
        if p == "null":
            return "null"
        if p == "reserved":
            return rng.choice(["null", "42", '"ignored"'])
        if p == "bool":
            return "true" if v else "false"
        if p in ("nat", "int") or p in FIXED:
            return number_text(v, rng)
        if p in ("float32", "float64"):
            return repr(float(v))
        if p == "text":
            return text_literal(v)
        if p == "principal":
            return f'principal "{principal_text(v)}"'
    if kind == "opt":
        return "null" if not v else "opt " + value_text(g, t[1], v[0], rng)
    if kind == "vec":
        if t[1] == ("prim", "nat8") and rng.random() < 0.7:
            return 'blob "' + "".join("\\%02x" % b for b in v) + '"'
        return "vec { " + "; ".join(value_text(g, t[1], x, rng) for x in v) + " }"
    if kind == "record":
        return "record { " + "; ".join(f"{name_text(label)} = {value_text(g, ft, v[label], rng)}" for label, ft in t[1]) + " }"
    if kind == "variant":
        label, inner = v
        ft = dict(t[1])[label]
        if ft == ("prim", "null") and rng.random() < 0.5:
            return f"variant {{ {name_text(label)} }}"
        return f"variant {{ {name_text(label)} = {value_text(g, ft, inner, rng)} }}"
    if kind == "func":
        return f'func "{principal_text(v[0])}".{name_text(v[1])}'
    if kind == "service":
        return f'service "{principal_text(v)}"'
    raise ValueError(kind)


# --- The normal form both sides are compared in (airsign-testkit's candidJSON).

def label_id(label):
    return label if isinstance(label, int) else label_hash(label)


def normal(g, t, v):
    t = g.resolve(t)
    kind = t[0]
    if kind == "prim":
        p = t[1]
        if p == "null":
            return ["null"]
        if p == "reserved":
            return ["reserved"]
        if p == "bool":
            return ["bool", v]
        if p in ("nat", "int") or p in FIXED:
            return [p, str(v)]
        if p == "float32":
            return ["float32", "%x" % struct.unpack("<I", struct.pack("<f", v))[0]]
        if p == "float64":
            return ["float64", "%x" % struct.unpack("<Q", struct.pack("<d", v))[0]]
        if p == "text":
            return ["text", v]
        if p == "principal":
            return ["principal", principal_text(v)]
    if kind == "opt":
        return ["opt", normal(g, t[1], v[0]) if v else None]
    if kind == "vec":
        if g.resolve(t[1]) == ("prim", "nat8"):
            return ["blob", bytes(v).hex()]
        return ["vec", [normal(g, t[1], x) for x in v]]
    if kind == "record":
        fields = sorted((label_id(label), normal(g, ft, v[label])) for label, ft in t[1])
        return ["record", [list(f) for f in fields]]
    if kind == "variant":
        label, inner = v
        return ["variant", [label_id(label), normal(g, dict(t[1])[label], inner)]]
    if kind == "func":
        return ["func", principal_text(v[0]), v[1]]
    if kind == "service":
        return ["service", principal_text(v)]
    raise ValueError(kind)


# --- ic-py's side: its types and values, and its decoded output read back into the normal form.

def icpy_key(label):
    return f"_{label}" if isinstance(label, int) else label


class IcPy:
    def __init__(self, g):
        self.g = g
        self.recs = {}

    def type(self, t):
        kind = t[0]
        if kind == "prim":
            return {"null": Types.Null, "bool": Types.Bool, "nat": Types.Nat, "int": Types.Int, "nat8": Types.Nat8,
                    "nat16": Types.Nat16, "nat32": Types.Nat32, "nat64": Types.Nat64, "int8": Types.Int8,
                    "int16": Types.Int16, "int32": Types.Int32, "int64": Types.Int64, "float32": Types.Float32,
                    "float64": Types.Float64, "text": Types.Text, "principal": Types.Principal,
                    "empty": Types.Empty, "reserved": Types.Reserved}[t[1]]
        if kind == "ref":
            if t[1] not in self.recs:
                rec = Types.Rec()
                self.recs[t[1]] = rec
                rec.fill(self.type(self.g.defs[t[1]]))
            return self.recs[t[1]]
        if kind == "opt":
            return Types.Opt(self.type(t[1]))
        if kind == "vec":
            return Types.Vec(self.type(t[1]))
        if kind == "record":
            return Types.Record({icpy_key(label): self.type(ft) for label, ft in t[1]})
        if kind == "variant":
            return Types.Variant({icpy_key(label): self.type(ft) for label, ft in t[1]})
        if kind == "func":
            return Types.Func([self.type(a) for a in t[1]], [self.type(r) for r in t[2]], [t[3]] if t[3] else [])
        if kind == "service":
            return Types.Service({n: self.type(f) for n, f in t[1]})
        raise ValueError(kind)

    def value(self, t, v):
        t = self.g.resolve(t)
        kind = t[0]
        if kind == "prim":
            return principal_text(v) if t[1] == "principal" else v
        if kind == "opt":
            return [self.value(t[1], v[0])] if v else []
        if kind == "vec":
            return [self.value(t[1], x) for x in v]
        if kind == "record":
            return {icpy_key(label): self.value(ft, v[label]) for label, ft in t[1]}
        if kind == "variant":
            label, inner = v
            return {icpy_key(label): self.value(dict(t[1])[label], inner)}
        if kind == "func":
            return [principal_text(v[0]), v[1]]
        if kind == "service":
            return principal_text(v)
        raise ValueError(kind)

    def normal(self, t, out):
        """ic-py's decoded value (of the wire type it read) in the normal form, guided by `t`."""
        g = self.g
        t = g.resolve(t)
        kind = t[0]
        if kind == "prim":
            p = t[1]
            if p in ("null", "reserved"):
                assert out is None, out
                return [p]
            if p == "principal":
                return ["principal", out.to_str()]
            return normal(g, t, out)
        if kind == "opt":
            assert isinstance(out, list) and len(out) <= 1, out
            return ["opt", self.normal(t[1], out[0]) if out else None]
        if kind == "vec":
            if g.resolve(t[1]) == ("prim", "nat8"):
                return ["blob", bytes(out).hex()]
            return ["vec", [self.normal(t[1], x) for x in out]]
        if kind == "record":
            fields = sorted(t[1], key=lambda f: label_id(f[0]))
            if isinstance(out, list):  # ic-py reads fields _0, _1, … as a tuple
                values = dict(zip((label_id(label) for label, _ in fields), out))
            else:
                values = {int(k[1:]): x for k, x in out.items()}
            return ["record", [[label_id(label), self.normal(ft, values[label_id(label)])] for label, ft in fields]]
        if kind == "variant":
            [(key, inner)] = out.items()
            lid = int(key[1:])
            ft = next(ft for label, ft in t[1] if label_id(label) == lid)
            return ["variant", [lid, self.normal(ft, inner)]]
        if kind == "func":
            return ["func", out[0].to_str(), out[1]]
        if kind == "service":
            return ["service", out.to_str()]
        raise ValueError(kind)


def defs_text(g):
    return "".join(f"type {name} = {type_text(t)};\n" for name, t in g.defs.items())


def test_values_we_encode_from_text_decode_in_ic_py(testkit, rng):
    cases = []
    for _ in range(CASES):
        g = Gen(rng, ic_py_encodes=False)
        types = [g.type(rng.randint(0, 4)) for _ in range(rng.randint(0, 3))]
        values = [g.value(t) for t in types]
        args = "(" + ", ".join(value_text(g, t, v, rng) for t, v in zip(types, values)) + ")"
        cases.append((g, types, values, args))
    answers = testkit.batch([{"op": "candid_encode", "defs": defs_text(g), "types": "(" + ", ".join(map(type_text, types)) + ")",
                              "args": args} for g, types, _, args in cases])
    for (g, types, values, args), answer in zip(cases, answers):
        assert "error" not in answer, (args, answer)
        decoded = ic_decode(bytes.fromhex(answer["hex"]))
        assert len(decoded) == len(types)
        got = [IcPy(g).normal(t, d["value"]) for t, d in zip(types, decoded)]
        assert got == [normal(g, t, v) for t, v in zip(types, values)], (args, answer["hex"])


def test_values_ic_py_encodes_decode_here(testkit, rng):
    cases = []
    for _ in range(CASES):
        g = Gen(rng, ic_py_encodes=True)
        types = [g.type(rng.randint(0, 4)) for _ in range(rng.randint(0, 3))]
        values = [g.value(t) for t in types]
        icpy = IcPy(g)
        params = [{"type": icpy.type(t), "value": icpy.value(t, v)} for t, v in zip(types, values)]
        cases.append((g, types, values, ic_encode(params)))
    answers = testkit.batch([{"op": "candid_decode", "hex": blob.hex()} for _, _, _, blob in cases])
    for (g, types, values, blob), answer in zip(cases, answers):
        assert "error" not in answer, (blob.hex(), answer)
        assert answer["values"] == [normal(g, t, v) for t, v in zip(types, values)], blob.hex()


def test_text_round_trips_through_our_rendering(testkit, rng):
    """What we print for a decoded message is Candid text that checks and encodes back to the
    same values (the review's text is the value, not a paraphrase)."""
    cases = []
    for _ in range(500):
        g = Gen(rng, ic_py_encodes=False)
        types = [g.type(rng.randint(0, 4)) for _ in range(rng.randint(1, 3))]
        values = [g.value(t) for t in types]
        args = "(" + ", ".join(value_text(g, t, v, rng) for t, v in zip(types, values)) + ")"
        cases.append((g, types, args))
    tuple_types = ["(" + ", ".join(map(type_text, types)) + ")" for _, types, _ in cases]
    first = testkit.batch([{"op": "candid_encode", "defs": defs_text(g), "types": tt, "args": args}
                           for (g, _, args), tt in zip(cases, tuple_types)])
    second = testkit.batch([{"op": "candid_encode", "defs": defs_text(g), "types": tt, "args": a["text"]}
                            for (g, _, _), tt, a in zip(cases, tuple_types, first)])
    for a, b in zip(first, second):
        assert "error" not in b, (a["text"], b)
        assert a["hex"] == b["hex"], a["text"]


def test_principal_helper_matches_ic_py():
    for raw in [b"", b"\x04", bytes(range(29))]:
        assert Principal(raw).to_str() == principal_text(raw)
