"""Mutations of raw Ethereum transactions (legacy, EIP-2930, EIP-1559; unsigned preimages and
signed envelopes) for the transaction differential: byte flips, truncations, insertions, and
mutations aware of the RLP structure (a field's integer with a leading zero or wider than 256
or 64 bits, fields dropped or added, a byte string swapped for a list, access-list entries
malformed, the type byte swapped, the signature's v / yParity / r / s changed) and RLP written
non-canonically (a long-form length for a short item, a single byte as a string, a length with
a leading zero). Each returns the new bytes and the mutation's name."""
import rlp

SECP256K1_N = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141


def header(base, length, quirk):
    """The RLP length prefix; `quirk` writes it non-canonically."""
    if quirk in ("long form", "length with a leading zero") or length > 55:
        size = length.to_bytes(max(1, (length.bit_length() + 7) // 8), "big")
        if quirk == "length with a leading zero":
            size = b"\x00" + size
        return bytes([base + 55 + len(size)]) + size
    return bytes([base + length])


def encode(item, quirk=None, target=(), path=()):
    """RLP of a tree of bytes and lists; the item at `target` written with `quirk`."""
    here = quirk if path == target else None
    if isinstance(item, list):
        payload = b"".join(encode(c, quirk, target, path + (i,)) for i, c in enumerate(item))
        return header(0xC0, len(payload), here) + payload
    if len(item) == 1 and item[0] < 0x80 and here is None:
        return item
    return header(0x80, len(item), here) + item


def split(raw):
    """(type byte or None for legacy, decoded field tree)."""
    if raw[0] >= 0xC0:
        return None, rlp.decode(raw)
    return raw[0], rlp.decode(raw[1:])


def join(type_byte, fields, quirk=None, target=()):
    return (b"" if type_byte is None else bytes([type_byte])) + encode(fields, quirk, target)


def paths(item, path=()):
    yield path
    if isinstance(item, list):
        for i, c in enumerate(item):
            yield from paths(c, path + (i,))


def integer(value):
    return value.to_bytes((value.bit_length() + 7) // 8, "big")


def byte_level(rng, raw):
    data = bytearray(raw)
    kind = rng.choice(["flip", "truncate", "insert", "delete", "append"])
    if kind == "flip":
        data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
    elif kind == "truncate":
        del data[rng.randrange(len(data)):]
    elif kind == "insert":
        data.insert(rng.randint(0, len(data)), rng.randrange(256))
    elif kind == "delete":
        del data[rng.randrange(len(data))]
    else:
        data += rng.randbytes(rng.choice([1, 2, 32]))
    return bytes(data), kind


def field_mutation(rng, fields, signed, type_byte):
    """Edits `fields` (the top-level list) in place; the mutation's name."""
    i = rng.randrange(len(fields))
    kind = rng.choice(["leading zero", "257 bits", "65 bits", "64 bits", "zero", "dropped", "added", "list for bytes",
                       "address length", "access list", "signature"])
    if kind == "signature" and signed:
        # v / yParity, r, s are the last three fields of every layout.
        j = len(fields) - rng.randint(1, 3)
        value = int.from_bytes(fields[j], "big") if isinstance(fields[j], bytes) else 0
        if j == len(fields) - 3:
            new = rng.choice([value + 1, value - 1 if value else 2, 27, 28, 35, 36, 2, 0, 1])
        elif j == len(fields) - 1:
            new = rng.choice([SECP256K1_N - value, 0, SECP256K1_N, SECP256K1_N // 2, SECP256K1_N // 2 + 1])
        else:
            new = rng.choice([0, SECP256K1_N, SECP256K1_N - 1, 2**256 - 1])
        fields[j] = integer(max(new, 0))
        return "signature field"
    if kind == "access list" and type_byte in (1, 2):
        j = 7 if type_byte == 1 else 8
        entries = fields[j]
        if not entries or rng.random() < 0.2:
            entries.append([bytes(20), [bytes(32)]] if rng.random() < 0.5 else [bytes(19), []])
            return "access list entry added"
        entry = rng.choice(entries)
        sub = rng.choice(["key 31", "key 33", "address 19", "third item", "keys as bytes", "entry as bytes"])
        if sub in ("key 31", "key 33") and entry[1]:
            entry[1][rng.randrange(len(entry[1]))] = bytes(int(sub[4:]))
        elif sub == "address 19":
            entry[0] = entry[0][:19]
        elif sub == "third item":
            entry.append(b"")
        elif sub == "keys as bytes":
            entry[1] = b""
        else:
            entries[entries.index(entry)] = b"\x01"
        return "access list " + sub
    if kind == "address length":
        # `to` sits at index 3 (legacy), 4 (type 1) or 5 (type 2).
        j = {None: 3, 1: 4, 2: 5}.get(type_byte, 3)
        if j < len(fields) and isinstance(fields[j], bytes):
            fields[j] = fields[j] + b"\x00" if fields[j] and rng.random() < 0.5 else fields[j][:19] or bytes(19)
            return "to of the wrong length"
    if not isinstance(fields[i], bytes):
        fields[i] = b""
        return "bytes for a list"
    if kind == "leading zero":
        fields[i] = b"\x00" + fields[i]
    elif kind == "257 bits":
        fields[i] = b"\x01" + rng.randbytes(32)
    elif kind == "65 bits":
        fields[i] = integer(2**64 + rng.randrange(2**16))
    elif kind == "64 bits":
        fields[i] = integer(2**64 - 1)
    elif kind == "zero":
        fields[i] = b""
    elif kind == "dropped":
        del fields[i]
    elif kind == "added":
        fields.insert(i, rng.choice([b"", b"\x01", rng.randbytes(20)]))
    else:
        fields[i] = []
    return "field " + kind


def mutate(rng, raw, signed):
    """(mutated bytes, name): a byte-level change, a field change, a type byte swap, or RLP
    written non-canonically."""
    roll = rng.random()
    if roll < 0.3:
        return byte_level(rng, raw)
    type_byte, fields = split(raw)
    if roll < 0.7:
        name = field_mutation(rng, fields, signed, type_byte)
        return join(type_byte, fields), name
    if roll < 0.82:
        new = rng.choice([None, 0, 1, 2, 3, 4, 0x7F, 0x80])
        return join(new, fields), f"type byte {type_byte} -> {new}"
    target = rng.choice(list(paths(fields)))
    quirk = rng.choice(["long form", "length with a leading zero", "single byte as a string"])
    return join(type_byte, fields, quirk, target), "non-canonical RLP: " + quirk
