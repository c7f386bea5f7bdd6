"""The IC interface spec's representation-independent hash and principal text, written here
from the spec's prose (shared by the icp tests and the boundary-node fixture)."""
import base64
import hashlib
import zlib


def leb128(n):
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def h(b):
    return hashlib.sha256(b).digest()


def hash_value(v):
    """blob/text: H(bytes); nat: H(LEB128); array: H(concatenated element hashes); map: hash_of_map."""
    if isinstance(v, bytes):
        return h(v)
    if isinstance(v, str):
        return h(v.encode())
    if isinstance(v, int):
        if v < 0:
            raise ValueError("negative integers do not occur in requests")
        return h(leb128(v))
    if isinstance(v, (list, tuple)):
        return h(b"".join(hash_value(x) for x in v))
    if hasattr(v, "items"):
        return hash_of_map(v)
    raise TypeError(type(v))


def hash_of_map(m):
    """H(sorted(H(key) ‖ hash_value(value)) concatenated): a request id."""
    return h(b"".join(sorted(h(k.encode()) + hash_value(v) for k, v in m.items())))


def principal_text(b):
    raw = zlib.crc32(b).to_bytes(4, "big") + b
    s = base64.b32encode(raw).decode().lower().rstrip("=")
    return "-".join(s[i:i + 5] for i in range(0, len(s), 5))
