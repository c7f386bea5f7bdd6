"""Mutations of valid SCALE encodings for the differential tests: byte flips, truncations,
insertions, deletions, trailing bytes, and structure-aware ones (another variant of an enum, of
MultiAddress, of the pallet or call index; a compact or a length rewritten).

The structure-aware ones need to know where a value's enum indices, compacts and lengths sit.
`marks` finds them by walking a valid encoding along the runtime's types (as scalecodec read them
into codec_support.Metadata). It only places mutations: whether the result decodes, and to what,
is for the decoders under comparison to say.
"""
from codec_support import Metadata

SIZES = {"bool": 1, "char": 4, "u8": 1, "u16": 2, "u32": 4, "u64": 8, "u128": 16, "u256": 32,
         "i8": 1, "i16": 2, "i32": 4, "i64": 8, "i128": 16, "i256": 32}


def read_compact(data: bytes, at: int):
    """(value, end) of the compact at `at`."""
    mode = data[at] & 3
    if mode == 0:
        return data[at] >> 2, at + 1
    if mode == 1:
        return int.from_bytes(data[at:at + 2], "little") >> 2, at + 2
    if mode == 2:
        return int.from_bytes(data[at:at + 4], "little") >> 2, at + 4
    n = (data[at] >> 2) + 4
    return int.from_bytes(data[at + 1:at + 1 + n], "little"), at + 1 + n


def compact(n: int, mode=None) -> bytes:
    """n as a compact, in its smallest mode or in `mode` (0–3) when that mode can hold it."""
    smallest = 0 if n < 1 << 6 else 1 if n < 1 << 14 else 2 if n < 1 << 30 else 3
    mode = smallest if mode is None else max(mode, smallest)
    if mode == 0:
        return bytes([n << 2])
    if mode == 1:
        return (n << 2 | 1).to_bytes(2, "little")
    if mode == 2:
        return (n << 2 | 2).to_bytes(4, "little")
    raw = n.to_bytes(max(4, (n.bit_length() + 7) // 8), "little")
    return bytes([(len(raw) - 4) << 2 | 3]) + raw


def noncanonical_compact_at(walker, types, data: bytes, at: int) -> bool:
    """Whether the values of `types` that `data` holds (as the chain's types lay them out) have
    a compact or a length at `at` written in a larger mode than its value needs, or in the
    big-integer mode with a zero top byte: parity-scale-codec's `Compact<T>::decode` refuses
    both ("out of range"), so the chain never reads such bytes as a value."""
    try:
        marks, _ = walker.marks(types, data)
    except (IndexError, StopIteration, KeyError):
        return False
    if not any(kind in ("compact", "length") and offset == at for kind, offset, _ in marks):
        return False
    mode = data[at] & 3
    try:
        value, end = read_compact(data, at)
    except IndexError:
        return False
    if end > len(data):
        return False
    if mode == 3 and data[end - 1] == 0:
        return True
    return len(compact(value)) < end - at


class Walker:
    """Where the enum indices, compacts and sequence lengths of a valid encoding sit."""

    def __init__(self, m: Metadata):
        self.m = m

    def marks(self, types, data: bytes):
        """[(kind, offset, type id)] for kind in variant, compact, length, of values of `types`
        (one type id or a list, one value each, back to back); and the end offset."""
        found = []
        at = 0
        for type_id in types if isinstance(types, list) else [types]:
            at = self._walk(type_id, data, at, found)
        return found, at

    def _walk(self, type_id, data, at, found):
        if at > len(data):
            raise IndexError("past the end")
        d = self.m.definition(type_id)
        if "primitive" in d:
            if d["primitive"] == "str":
                found.append(("length", at, type_id))
                n, at = read_compact(data, at)
                return at + n
            return at + SIZES[d["primitive"]]
        if "compact" in d:
            if self.m.compact_scalar(d["compact"]["type"]) is None:
                return at  # Compact<()>: no bytes
            found.append(("compact", at, type_id))
            return read_compact(data, at)[1]
        if "composite" in d:
            for field in d["composite"]["fields"]:
                at = self._walk(field["type"], data, at, found)
            return at
        if "variant" in d:
            index = data[at]
            found.append(("variant", at, type_id))
            variant = next(v for v in d["variant"]["variants"] if v["index"] == index)
            at += 1
            for field in variant["fields"]:
                at = self._walk(field["type"], data, at, found)
            return at
        if "sequence" in d or "array" in d:
            element = d["sequence"]["type"] if "sequence" in d else d["array"]["type"]
            if "sequence" in d:
                found.append(("length", at, type_id))
                count, at = read_compact(data, at)
                if count > len(data) - at:  # a mutated length: not walked (elements of no bytes would never end)
                    raise IndexError("a length longer than the input")
            else:
                count = d["array"]["len"]
            if self.m.definition(element).get("primitive") == "u8":
                return at + count
            for _ in range(count):
                at = self._walk(element, data, at, found)
            return at
        if "tuple" in d:
            for member in d["tuple"]:
                at = self._walk(member, data, at, found)
            return at
        if "bitsequence" in d:
            found.append(("length", at, type_id))
            bits, at = read_compact(data, at)
            store = SIZES[self.m.definition(d["bitsequence"]["bit_store_type"])["primitive"]]
            return at + -(-bits // (8 * store)) * store
        raise ValueError(d)


class Mutator:
    """Mutations of valid encodings of one type of one runtime, chosen by `rng`."""

    KINDS = ["flip", "truncate", "insert", "delete", "append", "variant", "address", "call index", "compact", "length"]

    def __init__(self, m: Metadata, rng):
        self.m = m
        self.rng = rng
        self.walker = Walker(m)
        self.pallet_calls = {v["fields"][0]["type"] for v in m.definition(m.call_type)["variant"]["variants"] if v["fields"]}

    def is_address(self, type_id):
        return self.m.types[type_id]["path"][-1:] == ["MultiAddress"]

    def mutate(self, types, data: bytes):
        """(what was done, the mutated bytes), one or two mutations of `data`, the encoding of
        values of `types` (one type id or a list)."""
        done = []
        for _ in range(1 if self.rng.random() < 0.8 else 2):
            kind = self.rng.choice(self.KINDS)
            try:
                marks, _ = self.walker.marks(types, data)
            except (IndexError, StopIteration, KeyError):
                marks = []  # no longer a valid encoding after a first mutation
            kind, data = self.apply(kind, data, marks)
            done.append(kind)
        return "+".join(done), data

    def apply(self, kind, data: bytes, marks):
        rng = self.rng
        variants = [(at, t) for k, at, t in marks if k == "variant"]
        if kind == "address":
            variants = [(at, t) for at, t in variants if self.is_address(t)]
        elif kind == "call index":
            variants = [(at, t) for at, t in variants if t == self.m.call_type or t in self.pallet_calls]
        if kind in ("variant", "address", "call index") and variants:
            at, t = rng.choice(variants)
            indices = [v["index"] for v in self.m.definition(t)["variant"]["variants"]]
            others = [i for i in indices if i != data[at]]
            new = rng.choice(others) if others and rng.random() < 0.85 else rng.randrange(256)
            return f"{kind} {data[at]}→{new} at {at}", data[:at] + bytes([new]) + data[at + 1:]
        numbers = [(k, at) for k, at, _ in marks if k in ("compact", "length")]
        if kind == "length":
            numbers = [(k, at) for k, at in numbers if k == "length"]
        if kind in ("compact", "length") and numbers:
            _, at = rng.choice(numbers)
            value, end = read_compact(data, at)
            r = rng.random()
            if r < 0.4:  # the same value in a larger mode than it needs: non-canonical
                new = compact(value, rng.randint(0, 3))
            elif r < 0.8:
                new = compact(max(0, value + rng.choice([-2, -1, 1, 2])))
            else:
                new = compact(rng.choice([0, 1, 63, 64, 16383, 16384, (1 << 30) - 1, 1 << 30, (1 << 32) - 1, 1 << 32, (1 << 128) - 1]))
            return f"{kind} {value}→{new.hex()} at {at}", data[:at] + new + data[end:]
        if not data:
            return "append", bytes([rng.randrange(256)])
        at = rng.randrange(len(data))
        if kind == "truncate":
            cut = rng.randrange(len(data))
            return f"truncate to {cut}", data[:cut]
        if kind == "insert":
            extra = rng.randbytes(rng.choice([1, 1, 1, 2, 4]))
            return f"insert {extra.hex()} at {at}", data[:at] + extra + data[at:]
        if kind == "delete":
            return f"delete at {at}", data[:at] + data[at + 1:]
        if kind == "append":
            return "append", data + rng.randbytes(rng.choice([1, 1, 2, 33]))
        mask = 1 << rng.randrange(8) if rng.random() < 0.6 else rng.randrange(1, 256)
        return f"flip {mask:#x} at {at}", data[:at] + bytes([data[at] ^ mask]) + data[at + 1:]
