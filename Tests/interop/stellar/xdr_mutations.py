"""Mutations of valid Stellar XDR for the differential test, aimed where decoders differ.

Besides blind byte flips, truncations, insertions and deletions, the structure-aware mutations
act on the words that steer decoding, found by re-encoding stellar-sdk's object with a packer
that records where each one went: union discriminants and enum values (swapped for another
member of the same enum, or one past the end), variable lengths of arrays, strings and opaques
(nudged, zeroed or made huge), and optional-presence flags (flipped, or set to 2).
"""
import linecache
import sys
from enum import IntEnum

from xdrlib3 import Packer

DISCRIMINANT, LENGTH, FLAG = "discriminant", "length", "flag"


class _RecordingPacker(Packer):
    """A Packer that notes the offset and kind of every steering word it writes. The kind is
    read off the generated code that writes it: an IntEnum's own `pack`, `Integer(self.v)` for
    the `int`-switched extension unions, `pack_uint(len(…))` / `pack_uint(size)` for lengths,
    `pack_uint(0)` / `pack_uint(1)` for optional flags."""

    def __init__(self):
        super().__init__()
        self.marks = []

    def _offset(self):
        return self._Packer__buf.tell()

    def pack_int(self, value):
        caller = sys._getframe(1)
        owner = caller.f_locals.get("self")
        if isinstance(owner, IntEnum):
            self.marks.append((self._offset(), DISCRIMINANT, type(owner)))
        elif _line(sys._getframe(2)).startswith("Integer(self.v)"):
            self.marks.append((self._offset(), DISCRIMINANT, None))
        super().pack_int(value)

    def pack_uint(self, value):
        line = _line(sys._getframe(1))
        if "len(" in line or line == "packer.pack_uint(size)":
            self.marks.append((self._offset(), LENGTH, None))
        elif line in ("packer.pack_uint(0)", "packer.pack_uint(1)"):
            self.marks.append((self._offset(), FLAG, None))
        super().pack_uint(value)


def _line(frame) -> str:
    return linecache.getline(frame.f_code.co_filename, frame.f_lineno).strip()


def layout(xdr_object):
    """(bytes, [(offset, kind, enum class or None)]) of an sdk XDR object."""
    packer = _RecordingPacker()
    xdr_object.pack(packer)
    return packer.get_buffer(), packer.marks


def _word(raw: bytearray, offset: int, value: int, signed=False):
    raw[offset:offset + 4] = value.to_bytes(4, "big", signed=signed)


def _structured(rng, raw: bytearray, marks):
    """One structure-aware mutation; its name."""
    offset, kind, enum = rng.choice(marks)
    current = int.from_bytes(raw[offset:offset + 4], "big", signed=True)
    if kind == DISCRIMINANT:
        if enum is not None and rng.random() < 0.85:
            others = [m.value for m in enum if m.value != current]
            value = rng.choice(others) if others else current + 1
        else:
            value = rng.choice([current + 1, current - 1, max(m.value for m in enum) + 1 if enum else 2, -1])
        _word(raw, offset, value, signed=True)
        return "variant swap"
    if kind == LENGTH:
        current &= 0xFFFFFFFF
        value = rng.choice([current + 1, current - 1, current + 4, current - 4, 0, current * 2 + 1, 0xFFFFFFFF, 0x7FFFFFFF,
                            rng.randrange(2**32)])
        _word(raw, offset, value % 2**32)
        return "length change"
    _word(raw, offset, rng.choice([0, 1, 2, 0x100, 0xFFFFFFFF]))
    return "flag change"


def mutate(rng, data: bytes, marks):
    """A mutation of `data`: (bytes, what was done)."""
    raw = bytearray(data)
    k = rng.randrange(10)
    if k < 4 and marks:
        what = _structured(rng, raw, marks)
        return bytes(raw), what
    if k < 6 and raw:
        for _ in range(rng.choice([1, 1, 1, 2, 3])):
            raw[rng.randrange(len(raw))] ^= rng.randrange(1, 256)
        return bytes(raw), "byte flip"
    if k == 6:
        cut = rng.choice([rng.randrange(len(raw) + 1), len(raw) - rng.randint(1, 8), len(raw) // 4 * 4 - 4])
        return bytes(raw[:max(cut, 0)]), "truncation"
    if k in (7, 8):
        at = rng.randrange(len(raw) + 1)
        if rng.random() < 0.5:
            at -= at % 4
            inserted = rng.choice([bytes(4), b"\0\0\0\1", rng.randbytes(4), rng.randbytes(8)])
        else:
            inserted = rng.randbytes(rng.randint(1, 7))
        return bytes(raw[:at] + inserted + raw[at:]), "insertion"
    at = rng.randrange(len(raw) + 1)
    width = rng.choice([1, 2, 4, 4, 8])
    return bytes(raw[:at] + raw[at + width:]), "deletion"
