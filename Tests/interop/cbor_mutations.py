"""Mutations of a valid CBOR encoding, for the differential test: blind ones (byte flips,
truncations, insertions, deletions, a copied slice) and ones aimed at a data item found by
`items` (its argument spelt longer than needed, a length moved, the major type changed, a
definite length made indefinite, a map key repeated, an item replaced by a float or a simple
value, a tag or a stray "break" added, reserved additional information). Each returns
(name, mutated bytes)."""
import struct
from dataclasses import dataclass

from blind_mutations import BlindMutations


@dataclass
class Item:
    start: int
    head_end: int
    end: int
    major: int
    argument: int
    keys: list = None  # a map's keys as (start, end)


def head(data, pos):
    ib = data[pos]
    major, info = ib >> 5, ib & 0x1f
    if info < 24:
        return major, info, info, pos + 1
    size = 1 << (info - 24)
    return major, info, int.from_bytes(data[pos + 1:pos + 1 + size], "big"), pos + 1 + size


def items(data):
    """Every data item of a valid definite-length encoding, in order."""
    out = []

    def walk(pos):
        major, info, argument, end = head(data, pos)
        item = Item(pos, end, end, major, argument)
        out.append(item)
        if major in (2, 3):
            end += argument
        elif major == 4:
            for _ in range(argument):
                end = walk(end)
        elif major == 5:
            item.keys = []
            for _ in range(argument):
                key_end = walk(end)
                item.keys.append((end, key_end))
                end = walk(key_end)
        elif major == 6:
            end = walk(end)
        item.end = end
        return end

    assert walk(0) == len(data)
    return out


def encode_head(major, argument, info=None):
    """A head; `info` 24–27 forces a longer argument than needed (if the value fits)."""
    if info is None:
        info = argument if argument < 24 else 24 if argument < 0x100 else 25 if argument < 0x10000 else \
            26 if argument < 0x1_0000_0000 else 27
    if info < 24:
        return bytes([major << 5 | info])
    return bytes([major << 5 | info]) + argument.to_bytes(1 << (info - 24), "big")


def m_longer_head(data, its, rng):
    item = rng.choice([i for i in its if i.major != 7])
    info = rng.choice([i for i in (24, 25, 26, 27) if item.argument < 1 << (8 << (i - 24))])
    return "longer-head", data[:item.start] + encode_head(item.major, item.argument, info) + data[item.head_end:]


def m_argument(data, its, rng):
    item = rng.choice([i for i in its if i.major != 7])
    a = item.argument
    new = rng.choice([a + 1, max(a - 1, 0), a + 2, 0, rng.randint(0, 30), 2 ** rng.randint(8, 64) - 1])
    return "argument", data[:item.start] + encode_head(item.major, min(new, 2 ** 64 - 1)) + data[item.head_end:]


def m_major(data, its, rng):
    item = rng.choice(its)
    major = rng.choice([m for m in range(8) if m != item.major])
    return "major", data[:item.start] + bytes([major << 5 | data[item.start] & 0x1f]) + data[item.start + 1:]


def m_indefinite(data, its, rng):
    item = rng.choice([i for i in its if i.major in (2, 3, 4, 5)])
    if item.major in (2, 3):  # the string as the one chunk of an indefinite-length string
        body = bytes([item.major << 5 | 31]) + data[item.start:item.end] + b"\xff"
    else:
        body = bytes([item.major << 5 | 31]) + data[item.head_end:item.end] + b"\xff"
    return "indefinite", data[:item.start] + body + data[item.end:]


def m_duplicate_key(data, its, rng):
    item = rng.choice([i for i in its if i.keys and len(i.keys) > 1])
    (a0, a1), (b0, b1) = rng.sample(item.keys, 2)
    if a0 > b0:
        (a0, a1), (b0, b1) = (b0, b1), (a0, a1)
    return "duplicate-key", data[:b0] + data[a0:a1] + data[b1:]


def float_bytes(rng):
    kind = rng.choice(["half", "single", "double"])
    special = {"half": [0x7e00, 0x7c00, 0xfc00, 0x7c01, 0x8000, 0x3c00, 0x0001],
               "single": [0x7fc00000, 0x7f800001, 0x3f800000, 0x80000000, 0x00000001],
               "double": [0x7ff8000000000000, 0x7ff0000000000001, 0x3ff0000000000000, struct.unpack("<Q", struct.pack("<d", 1.5))[0]]}
    width = {"half": 2, "single": 4, "double": 8}[kind]
    bits = rng.choice(special[kind]) if rng.random() < 0.5 else rng.getrandbits(8 * width)
    return bytes([0xf9 + ["half", "single", "double"].index(kind)]) + bits.to_bytes(width, "big")


def m_replace(data, its, rng):
    item = rng.choice(its)
    new = rng.choice([float_bytes(rng), float_bytes(rng), bytes([0xf8, rng.randrange(256)]), bytes([0xe0 | rng.randrange(24)]),
                      bytes([rng.randrange(8) << 5 | rng.choice([28, 29, 30])])])
    return "replace", data[:item.start] + new + data[item.end:]


def m_tag(data, its, rng):
    item = rng.choice(its)
    tag = rng.choice([0, 1, 2, 3, 4, 5, 24, 25, 28, 29, 30, 37, 256, 55799, rng.randrange(2 ** 64)])
    return "tag", data[:item.start] + encode_head(6, tag) + data[item.start:]


def m_break(data, its, rng):
    item = rng.choice(its)
    at = rng.choice([item.start, item.end])
    return "break", data[:at] + b"\xff" + data[at:]


blind = BlindMutations(inserts=(0, 0x18, 0x5f, 0x9f, 0xbf, 0xff, 0xf9), max_delete=3)



def mutate(data, rng):
    """One mutation of the valid encoding `data`, sometimes followed by a blind one."""
    its = items(data)
    aimed = [m_replace, m_tag, m_break, m_major]
    if any(i.major != 7 for i in its):
        aimed += [m_longer_head, m_longer_head, m_argument]
    if any(i.major in (2, 3, 4, 5) for i in its):
        aimed += [m_indefinite]
    if any(i.keys and len(i.keys) > 1 for i in its):
        aimed += [m_duplicate_key, m_duplicate_key]
    name, out = rng.choice(aimed)(data, its, rng) if rng.random() < 0.65 else blind(data, rng)
    if out and rng.random() < 0.15:
        second, out = blind(out, rng)
        name += "+" + second
    return name, out
