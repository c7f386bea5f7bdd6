"""Where the parts of a Candid message lie, read straight from the spec's binary format (dfinity/candid
spec/Candid.md, "Binary Format"), independently of both decoders under test:

- `header(data)` reads the type table and argument types of any input and names the rules of the
  spec (as the Candid crate enforces them, rust/candid/src/binary_parser.rs) that its function and
  service entries break. ic-py reads those entries without checking them, so this is how the
  differential test tells ic-py's laxness from a disagreement.
- `layout(data)` walks a valid message's values too and returns the span of every number, length,
  index, flag and type reference, so mutations can change a field and not just a byte.

Lengths and numbers are read as the spec reads them (redundant LEB128 bytes allowed)."""
from dataclasses import dataclass, field

PRIMITIVES = set(range(-17, 0)) | {-24}
FIXED_SIZES = {-5: 1, -6: 2, -7: 4, -8: 8, -9: 1, -10: 2, -11: 4, -12: 8, -13: 4, -14: 8}


class Malformed(Exception):
    """The input is not a Candid message (used only where the input was expected to be one)."""


class Reader:
    def __init__(self, data, spans):
        self.data, self.pos, self.spans = data, 0, spans

    def byte(self, kind=None):
        if self.pos >= len(self.data):
            raise Malformed(f"ends at byte {self.pos}")
        b = self.data[self.pos]
        if kind:
            self.spans.append(Span(kind, self.pos, self.pos + 1, b))
        self.pos += 1
        return b

    def take(self, n):
        if n > len(self.data) - self.pos:
            raise Malformed(f"{n} bytes needed at byte {self.pos}")
        self.pos += n
        return self.data[self.pos - n:self.pos]

    def leb(self, kind=None, info=None):
        return self._number(kind, info, signed=False)

    def sleb(self, kind=None, info=None):
        return self._number(kind, info, signed=True)

    def _number(self, kind, info, signed):
        """A LEB128 number (SLEB128 when `signed`), recorded as a span of `kind` if given."""
        start, value, shift = self.pos, 0, 0
        while True:
            b = self.byte()
            value |= (b & 0x7f) << shift
            shift += 7
            if b < 0x80:
                break
        if signed and b & 0x40:
            value -= 1 << shift
        if kind:
            self.spans.append(Span(kind, start, self.pos, value, info))
        return value


@dataclass
class Span:
    kind: str  # count, length, field-id, type-ref, opcode, nat, int, variant-index, opt-flag, bool, ref-tag
    start: int
    end: int
    value: int
    info: object = None  # variant-index: the number of cases


@dataclass
class Header:
    entries: list
    args: list
    end: int
    spans: list
    # Spec rules the function and service entries break (names as in the differential test).
    broken: set = field(default_factory=set)


def header(data):
    spans = []
    r = Reader(data, spans)
    if r.take(4) != b"DIDL":
        raise Malformed("no DIDL")
    entries, broken = [], set()
    n = r.leb("count")

    def valid_ref(ref):
        return ref in PRIMITIVES or 0 <= ref < n

    for _ in range(n):
        op = r.sleb("opcode")
        if op in (-18, -19):
            entries.append(("opt" if op == -18 else "vec", r.sleb("type-ref")))
        elif op in (-20, -21):
            fields = [(r.leb("field-id"), r.sleb("type-ref")) for _ in range(r.leb("count"))]
            entries.append(("record" if op == -20 else "variant", fields))
        elif op == -22:
            args = [r.sleb("type-ref") for _ in range(r.leb("count"))]
            results = [r.sleb("type-ref") for _ in range(r.leb("count"))]
            if not all(map(valid_ref, args + results)):
                broken.add("func-type-reference")
            count_byte = data[r.pos] if r.pos < len(data) else None
            annotations = list(r.take(r.leb("count")))
            # The crate reads the count as one byte of at most 1, each annotation 1, 2 or 3.
            if count_byte is not None and count_byte > 1 or any(a not in (1, 2, 3) for a in annotations):
                broken.add("func-annotations")
            entries.append(("func", args, results, annotations))
        elif op == -23:
            methods = [(bytes(r.take(r.leb("length"))), r.sleb("type-ref")) for _ in range(r.leb("count"))]
            entries.append(("service", methods))
        elif op < -24:  # a future type: its length and that many bytes (spec, "Deserialisation of future types")
            r.take(r.leb("length"))
            entries.append(("future", op))
        else:
            raise Malformed(f"opcode {op} in the type table")
    for entry in entries:
        if entry[0] == "service":
            names = [name for name, _ in entry[1]]
            try:
                [name.decode("utf-8") for name in names]
                ordered = all(a < b for a, b in zip(names, names[1:]))
            except UnicodeDecodeError:
                ordered = False
            if not ordered:
                broken.add("service-method-names")
            # Each method's type is an index of a function entry (spec: "must denote a function type").
            if not all(0 <= ref < n and entries[ref][0] == "func" for _, ref in entry[1]):
                broken.add("service-method-types")
    args = [r.sleb("type-ref") for _ in range(r.leb("count"))]
    return Header(entries, args, r.pos, spans, broken)


def layout(data):
    """Every span of a valid message: the header's and its values'. Raises Malformed otherwise."""
    h = header(data)
    if h.broken:
        raise Malformed(f"breaks {h.broken}")
    r = Reader(data, h.spans)
    r.pos = h.end

    def value(ref, depth):
        if depth > 200:
            raise Malformed("too deep")
        if ref < 0:
            if ref in FIXED_SIZES:
                r.take(FIXED_SIZES[ref])
            elif ref == -2:
                r.byte("bool")
            elif ref == -3:
                r.leb("nat")
            elif ref == -4:
                r.sleb("int")
            elif ref == -15:
                r.take(r.leb("length"))
            elif ref == -24:
                principal()
            elif ref == -17:
                raise Malformed("a value of type empty")
            return  # null, reserved
        entry = h.entries[ref]
        kind = entry[0]
        if kind == "opt":
            if r.byte("opt-flag"):
                value(entry[1], depth + 1)
        elif kind == "vec":
            for _ in range(r.leb("length")):
                value(entry[1], depth + 1)
        elif kind == "record":
            for _, t in entry[1]:
                value(t, depth + 1)
        elif kind == "variant":
            i = r.leb("variant-index", len(entry[1]))
            value(entry[1][i][1], depth + 1)
        elif kind == "func":
            r.byte("ref-tag")
            principal()
            r.take(r.leb("length"))
        elif kind == "service":
            principal()
        else:
            raise Malformed(kind)

    def principal():
        r.byte("ref-tag")
        r.take(r.leb("length"))

    for t in h.args:
        value(t, 0)
    if r.pos != len(data):
        raise Malformed("bytes after the values")
    return h
