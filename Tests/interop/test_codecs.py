"""CBOR against cbor2 and RLP against pyrlp, in both directions, on random values.

Values cross to airsign-testkit in a small tagged JSON form (see `to_json`), so every CBOR major
type and every RLP shape is unambiguous on the way.
"""
import cbor2
import rlp
from rlp.exceptions import DecodingError

N = 1500
UNDEFINED = cbor2.undefined


def random_cbor(rng, depth=0):
    kinds = ["uint", "nint", "bytes", "text", "simple"]
    if depth < 4:
        kinds += ["array", "map", "tag"]
    kind = rng.choice(kinds)
    if kind == "uint":
        return rng.choice([rng.randint(0, 30), rng.randint(0, 2**16), rng.randint(0, 2**64 - 1)])
    if kind == "nint":
        return -rng.choice([rng.randint(1, 30), rng.randint(1, 2**32), rng.randint(1, 2**64)])
    if kind == "bytes":
        return rng.randbytes(rng.choice([0, 5, 23, 24, 300]))
    if kind == "text":
        return "".join(rng.choice("aé€𝄞Z0 ") for _ in range(rng.randint(0, 30)))
    if kind == "simple":
        return rng.choice([True, False, None, UNDEFINED])
    if kind == "array":
        return [random_cbor(rng, depth + 1) for _ in range(rng.randint(0, 5))]
    if kind == "tag":
        # cbor2 gives tags 0-5, 55799 and others meaning; stay with ones it keeps as CBORTag.
        return cbor2.CBORTag(rng.choice([6, 7, 24 + 1000, 40000, 2**40]), random_cbor(rng, depth + 1))
    keys = {}
    for _ in range(rng.randint(0, 5)):
        k = rng.choice([rng.randint(-100, 100), "k" + str(rng.randint(0, 99)), rng.randbytes(2)])
        keys[k] = random_cbor(rng, depth + 1)
    return keys


def to_json(v):
    if v is True or v is False:
        return {"simple": "true" if v else "false"}
    if v is None:
        return {"simple": "null"}
    if v is UNDEFINED:
        return {"simple": "undefined"}
    if isinstance(v, int):
        return {"uint": str(v)} if v >= 0 else {"nint": str(v)}
    if isinstance(v, bytes):
        return {"bytes": v.hex()}
    if isinstance(v, str):
        return {"text": v}
    if isinstance(v, list):
        return {"array": [to_json(x) for x in v]}
    if isinstance(v, dict):
        return {"map": [[to_json(k), to_json(x)] for k, x in v.items()]}
    if isinstance(v, cbor2.CBORTag):
        return {"tag": str(v.tag), "value": to_json(v.value)}
    raise TypeError(type(v))


def plain(v):
    """cbor2 decodes containers inside tags as immutable types (tuple, frozendict); compare the
    contents, not the Python container types."""
    if isinstance(v, (list, tuple)):
        return [plain(x) for x in v]
    if isinstance(v, dict) or type(v).__name__ == "frozendict":
        return {k: plain(x) for k, x in v.items()}
    if isinstance(v, cbor2.CBORTag):
        return cbor2.CBORTag(v.tag, plain(v.value))
    return v


def map_keys_sorted_bytewise(v) -> bool:
    if isinstance(v, dict):
        encoded = [cbor2.dumps(k) for k in v]
        return encoded == sorted(encoded) and all(map_keys_sorted_bytewise(x) for x in v.values())
    if isinstance(v, list):
        return all(map_keys_sorted_bytewise(x) for x in v)
    if isinstance(v, cbor2.CBORTag):
        return map_keys_sorted_bytewise(v.value)
    return True


def test_cbor_we_encode_what_cbor2_encodes_and_it_reads_ours(testkit, rng):
    values = [random_cbor(rng) for _ in range(N)]
    outs = testkit.batch([{"op": "cbor_encode", "value": to_json(v), "deterministic": False} for v in values])
    for v, out in zip(values, outs):
        ours = bytes.fromhex(out["hex"])
        # Both use shortest-form heads, definite lengths and the map order given.
        assert ours == cbor2.dumps(v), repr(v)
        assert plain(cbor2.loads(ours)) == v


def test_cbor_deterministic_mode_sorts_keys_bytewise(testkit, rng):
    values = [random_cbor(rng) for _ in range(N)]
    outs = testkit.batch([{"op": "cbor_encode", "value": to_json(v), "deterministic": True} for v in values])
    for v, out in zip(values, outs):
        decoded = cbor2.loads(bytes.fromhex(out["hex"]))
        assert plain(decoded) == v
        assert map_keys_sorted_bytewise(plain(decoded))


def test_cbor_we_decode_what_cbor2_encodes(testkit, rng):
    values = [random_cbor(rng) for _ in range(N)]
    outs = testkit.batch([{"op": "cbor_decode", "hex": cbor2.dumps(v).hex()} for v in values])
    for v, out in zip(values, outs):
        assert out["value"] == to_json(v), repr(v)


def random_rlp(rng, depth=0):
    if depth < 4 and rng.random() < 0.3:
        return [random_rlp(rng, depth + 1) for _ in range(rng.randint(0, 6))]
    return rng.randbytes(rng.choice([0, 1, 1, 2, 55, 56, 57, 300, 70000 if rng.random() < 0.01 else 3]))


def rlp_to_json(item):
    return [rlp_to_json(x) for x in item] if isinstance(item, list) else item.hex()


def test_rlp_matches_pyrlp_both_ways(testkit, rng):
    items = [random_rlp(rng) for _ in range(N)]
    outs = testkit.batch([{"op": "rlp_encode", "item": rlp_to_json(i)} for i in items])
    for item, out in zip(items, outs):
        assert out["hex"] == rlp.encode(item).hex()
        assert rlp.decode(bytes.fromhex(out["hex"])) == item
    outs = testkit.batch([{"op": "rlp_decode", "hex": rlp.encode(i).hex()} for i in items])
    for item, out in zip(items, outs):
        assert out["item"] == rlp_to_json(item)


def test_rlp_strictness_agrees_with_pyrlp_on_corrupted_input(testkit, rng):
    """Both decoders must accept and refuse the same mutated encodings (canonical RLP only)."""
    inputs = []
    for _ in range(N):
        enc = bytearray(rlp.encode(random_rlp(rng)))
        for _ in range(rng.randint(1, 3)):
            choice = rng.randrange(3)
            if choice == 0 and enc:
                enc[rng.randrange(len(enc))] = rng.randrange(256)
            elif choice == 1 and enc:
                del enc[rng.randrange(len(enc)):]
            else:
                enc.insert(rng.randrange(len(enc) + 1), rng.randrange(256))
        inputs.append(bytes(enc))
    outs = testkit.batch([{"op": "rlp_decode", "hex": d.hex()} for d in inputs])
    for data, out in zip(inputs, outs):
        try:
            ref = rlp.decode(data, strict=True)
        except DecodingError:
            ref = None
        if ref is None:
            assert "error" in out, data.hex()
        else:
            assert out.get("item") == rlp_to_json(ref), data.hex()
