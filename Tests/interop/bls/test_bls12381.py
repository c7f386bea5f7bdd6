"""BLS12-381 (Sources/AirsignBLS12381) against py_ecc 8.0.0 and blspy 2.0.3.

Compression of random multiples of both generators, RFC 9380 hash to G1 with the IC's DST (both
references), the pairing byte for byte (py_ecc), bilinearity, verification true and false for
the IC's scheme (signature sk·H(m) in G1, public key sk·g2 in G2; blspy's pairings agree), and
refusal of every malformed encoding, built with py_ecc (blspy refuses each too). The testkit is the debug build, where one verification takes about a second, so the
pairing and verification loops are short; AIRSIGN_BLS_SCALE multiplies every count.
"""
import os
from hashlib import sha256

import blspy
import pytest
from py_ecc.bls.hash_to_curve import hash_to_G1
from py_ecc.bls.point_compression import compress_G1, compress_G2, modular_squareroot_in_FQ2
from py_ecc.fields import optimized_bls12_381_FQ as FQ, optimized_bls12_381_FQ2 as FQ2
from py_ecc.optimized_bls12_381 import G1, G2, Z1, Z2, add, b, b2, curve_order, field_modulus, is_inf, multiply, neg, pairing

SCALE = float(os.environ.get("AIRSIGN_BLS_SCALE", "1"))
DST = b"BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_"
P = field_modulus


def n(count: int) -> int:
    return max(1, int(count * SCALE))


def g1_bytes(pt) -> bytes:
    return compress_G1(pt).to_bytes(48, "big")


def g2_bytes(pt) -> bytes:
    z1, z2 = compress_G2(pt)
    return z1.to_bytes(48, "big") + z2.to_bytes(48, "big")


def scalar(rng) -> int:
    return rng.randrange(1, curve_order)


def h(message: bytes):
    return hash_to_G1(message, DST, sha256)


def test_compression_of_random_multiples(testkit, rng):
    scalars = [scalar(rng) for _ in range(n(150))] + [1, 2, curve_order - 1]
    outs = testkit.batch([{"op": "bls_mul_generators", "scalar": k.to_bytes(32, "big").hex()} for k in scalars])
    for k, out in zip(scalars, outs):
        assert out["g1"] == g1_bytes(multiply(G1, k)).hex(), k
        assert out["g2"] == g2_bytes(multiply(G2, k)).hex(), k
    # r·g is the point at infinity: C0 00…00 in both groups.
    out = testkit.call("bls_mul_generators", scalar=curve_order.to_bytes(32, "big").hex())
    assert out["g1"] == g1_bytes(Z1).hex() and out["g2"] == g2_bytes(Z2).hex()


def test_decoding_accepts_and_reencodes_valid_points(testkit, rng):
    points = [multiply(G1, scalar(rng)) for _ in range(n(200))] + [Z1]
    outs = testkit.batch([{"op": "bls_g1_decode", "point": g1_bytes(p).hex()} for p in points])
    assert [o.get("point") for o in outs] == [g1_bytes(p).hex() for p in points]
    points = [multiply(G2, scalar(rng)) for _ in range(n(50))] + [Z2]
    outs = testkit.batch([{"op": "bls_g2_decode", "point": g2_bytes(p).hex()} for p in points])
    assert [o.get("point") for o in outs] == [g2_bytes(p).hex() for p in points]


def test_hash_to_g1_matches_py_ecc_and_blspy(testkit, rng):
    messages = [rng.randbytes(rng.randrange(0, 300)) for _ in range(n(400))]
    outs = testkit.batch([{"op": "bls_hash_to_g1", "message": m.hex()} for m in messages])
    for m, out in zip(messages, outs):
        assert out["point"] == g1_bytes(h(m)).hex(), m.hex()
        assert out["point"] == bytes(blspy.G1Element.from_message(m, DST)).hex(), m.hex()
    # Another suite's DST goes through the same code (RFC 9380's test DST).
    other = "QUUX-V01-CS02-with-BLS12381G1_XMD:SHA-256_SSWU_RO_"
    out = testkit.call("bls_hash_to_g1", message=b"abc".hex(), dst=other)
    assert out["point"] == g1_bytes(hash_to_G1(b"abc", other.encode(), sha256)).hex()


def test_pairing_matches_py_ecc(testkit, rng):
    """py_ecc's pairing leaves out the conjugation for the negative BLS parameter, so its
    e(Q, P) is the inverse of the standard one: ours of (P, −Q)."""
    cases = [(multiply(G1, scalar(rng)), multiply(G2, scalar(rng))) for _ in range(n(4))]
    outs = testkit.batch([{"op": "bls_pairing", "g1": g1_bytes(p).hex(), "g2": g2_bytes(neg(q)).hex()} for p, q in cases])
    for (p, q), out in zip(cases, outs):
        expected = b"".join(int(c).to_bytes(48, "big") for c in pairing(q, p).coeffs)
        assert out["gt"] == expected.hex()


def test_pairing_is_bilinear(testkit, rng):
    cases = [(scalar(rng), scalar(rng)) for _ in range(n(5))]
    reqs = []
    for a, c in cases:
        reqs.append({"op": "bls_pairing", "g1": g1_bytes(multiply(G1, a)).hex(), "g2": g2_bytes(multiply(G2, c)).hex()})
        reqs.append({"op": "bls_pairing", "g1": g1_bytes(multiply(G1, a * c % curve_order)).hex(), "g2": g2_bytes(G2).hex()})
        reqs.append({"op": "bls_pairing", "g1": g1_bytes(G1).hex(), "g2": g2_bytes(multiply(G2, a * c % curve_order)).hex()})
    outs = testkit.batch(reqs)
    one = testkit.call("bls_pairing", g1=g1_bytes(Z1).hex(), g2=g2_bytes(G2).hex())["gt"]
    assert one == (b"\x00" * 47 + b"\x01" + b"\x00" * 48 * 11).hex()
    for i in range(len(cases)):
        e1, e2, e3 = (o["gt"] for o in outs[3 * i: 3 * i + 3])
        assert e1 == e2 == e3 and e1 != one


def test_verify_true_and_false(testkit, rng):
    reqs, expected = [], []
    for _ in range(n(12)):
        sk, other = scalar(rng), scalar(rng)
        message = rng.randbytes(rng.randrange(0, 100))
        pk, sig = g2_bytes(multiply(G2, sk)), g1_bytes(multiply(h(message), sk))
        wrong_key = g2_bytes(multiply(G2, other))
        wrong_sig = g1_bytes(multiply(h(message), other))
        for s, m, k, valid in [(sig, message, pk, True), (sig, message + b"\x00", pk, False),
                               (sig, message, wrong_key, False), (wrong_sig, message, pk, False)]:
            reqs.append({"op": "bls_verify", "signature": s.hex(), "message": m.hex(), "public": k.hex()})
            expected.append(valid)
    outs = testkit.batch(reqs)
    assert [o.get("valid") for o in outs] == expected
    # blspy's pairings give the same verdicts: e(sig, g2) == e(H(m), pk).
    g2 = blspy.G2Element.generator()
    for r, valid in zip(reqs, expected):
        sig = blspy.G1Element.from_bytes(bytes.fromhex(r["signature"]))
        key = blspy.G2Element.from_bytes(bytes.fromhex(r["public"]))
        assert (sig.pair(g2) == blspy.G1Element.from_message(bytes.fromhex(r["message"]), DST).pair(key)) == valid


# --- malformed encodings, built with py_ecc -------------------------------------------------

def is_square_fq(v: FQ) -> bool:
    return v == FQ(0) or pow(int(v), (P - 1) // 2, P) == 1


def off_curve_g1_x(rng) -> int:
    while True:
        x = rng.randrange(P)
        if not is_square_fq(FQ(x) ** 3 + b):
            return x


def outside_subgroup_g1_x(rng) -> int:
    """x of a curve point that is not in G1 (almost every curve point: the cofactor is huge)."""
    while True:
        x = rng.randrange(P)
        rhs = FQ(x) ** 3 + b
        if is_square_fq(rhs):
            y = rhs ** ((P + 1) // 4)
            if not is_inf(multiply((FQ(x), y, FQ(1)), curve_order)):
                return x


def with_flags(x: int, flags: int, length: int = 48) -> bytes:
    raw = bytearray(x.to_bytes(length, "big"))
    raw[0] |= flags
    return bytes(raw)


def test_malformed_g1_encodings_are_refused(testkit, rng):
    cases = []  # (bytes, error fragment)
    for _ in range(n(40)):
        good = bytearray(g1_bytes(multiply(G1, scalar(rng))))
        no_compression = bytearray(good)
        no_compression[0] &= 0x7F
        cases.append((bytes(no_compression), "compression flag"))
        infinity_with_x = bytearray(good)
        infinity_with_x[0] |= 0x40
        cases.append((bytes(infinity_with_x), "infinity flag"))
        cases.append((bytes(good[:47]), "47 bytes"))
        cases.append((bytes(good) + b"\x00", "49 bytes"))
        cases.append((with_flags(off_curve_g1_x(rng), 0x80 | rng.choice([0, 0x20])), "not a point on the curve"))
        cases.append((with_flags(outside_subgroup_g1_x(rng), 0x80 | rng.choice([0, 0x20])), "prime-order subgroup"))
        cases.append((with_flags(P + rng.randrange(0, 2**381 - P), 0x80), "field modulus"))
    cases.append((with_flags(P, 0x80), "field modulus"))
    cases.append((bytes([0xE0]) + bytes(47), "infinity flag"))
    cases.append((bytes([0xC0]) + bytes(46) + b"\x01", "infinity flag"))
    cases.append((bytes(48), "compression flag"))
    outs = testkit.batch([{"op": "bls_g1_decode", "point": c.hex()} for c, _ in cases])
    for (c, fragment), out in zip(cases, outs):
        assert fragment in out.get("error", ""), (c.hex(), out)
        if len(c) == 48:
            with pytest.raises(ValueError):
                blspy.G1Element.from_bytes(c)


def test_malformed_g2_encodings_are_refused(testkit, rng):
    cases = []
    for _ in range(n(15)):
        good = g2_bytes(multiply(G2, scalar(rng)))
        cases.append((bytes([good[0] & 0x7F]) + good[1:], "compression flag"))
        cases.append((bytes([good[0] | 0x40]) + good[1:], "infinity flag"))
        cases.append((good[:48] + P.to_bytes(48, "big"), "field modulus"))  # x.c0 = p
        cases.append((with_flags(P, 0x80) + good[48:], "field modulus"))  # x.c1 = p
        # A random x: off the twist or outside G2, decided with py_ecc.
        x = FQ2([rng.randrange(P), rng.randrange(P)])
        y = modular_squareroot_in_FQ2(x ** 3 + b2)
        if y is None:
            fragment = "not a point on the curve"
        else:
            assert not is_inf(multiply((x, y, FQ2.one()), curve_order))
            fragment = "prime-order subgroup"
        c0, c1 = x.coeffs
        cases.append((with_flags(int(c1), 0x80) + int(c0).to_bytes(48, "big"), fragment))
    cases.append((bytes([0xC0]) + bytes(94) + b"\x01", "infinity flag"))
    outs = testkit.batch([{"op": "bls_g2_decode", "point": c.hex()} for c, _ in cases])
    for (c, fragment), out in zip(cases, outs):
        assert fragment in out.get("error", ""), (c.hex(), out)
        with pytest.raises(ValueError):
            blspy.G2Element.from_bytes(c)


def test_random_mutations_agree_with_blspy(testkit, rng):
    """Flip a random bit of a valid encoding: we accept exactly what blspy accepts (a flipped
    sort flag is the negated point; most other flips leave the curve or the subgroup)."""
    inputs = []
    count = max(10, n(1500))
    for i in range(count):
        good = bytearray(g1_bytes(multiply(G1, rng.randrange(1, 2**64))))
        # Every tenth flips the sort flag (bit 2 of the first byte), so the accepting side of
        # the comparison is exercised however small the scale; the rest pick a bit at random.
        bit = 2 if i % 10 == 0 else rng.randrange(48 * 8)
        good[bit // 8] ^= 1 << (7 - bit % 8)
        inputs.append(bytes(good))
    outs = testkit.batch([{"op": "bls_g1_decode", "point": c.hex()} for c in inputs])
    accepted = 0
    for c, out in zip(inputs, outs):
        try:
            theirs = bytes(blspy.G1Element.from_bytes(c)).hex()
        except (ValueError, RuntimeError):
            theirs = None
        assert out.get("point") == theirs, (c.hex(), out)
        accepted += theirs is not None
    assert accepted >= (count + 9) // 10, "every sort-flag flip decodes to the negated point"


def test_verify_refuses_malformed_points(testkit, rng):
    sk = scalar(rng)
    pk, sig = g2_bytes(multiply(G2, sk)), g1_bytes(multiply(h(b"m"), sk))
    bad_sig = with_flags(outside_subgroup_g1_x(rng), 0x80)
    cases = [
        (sig, g2_bytes(Z2), "public key: the point at infinity"),
        (g1_bytes(Z1), pk, "signature: the point at infinity"),
        (bad_sig, pk, "signature: not in the prime-order subgroup"),
        (sig, pk[:95], "public key: 95 bytes"),
        (sig[:47], pk, "signature: 47 bytes"),
    ]
    outs = testkit.batch([{"op": "bls_verify", "signature": s.hex(), "message": b"m".hex(), "public": k.hex()} for s, k, _ in cases])
    for (_, _, fragment), out in zip(cases, outs):
        assert fragment in out.get("error", ""), out
    assert testkit.call("bls_verify", signature=sig.hex(), message=b"m".hex(), public=pk.hex())["valid"] is True
