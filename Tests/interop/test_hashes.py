"""Hashes and MACs against hashlib, hmac and pycryptodome on random inputs."""
import hashlib
import hmac

from Crypto.Hash import keccak

from conftest import rand_bytes

N = 2000


def test_keccak256_matches_pycryptodome(testkit, rng):
    # Lengths around the 136-byte rate exercise the padding edge.
    inputs = [rand_bytes(rng, 0, 600) for _ in range(N)] + [bytes(rng.randbytes(n)) for n in range(130, 140)]
    outs = testkit.batch([{"op": "keccak256", "data": d.hex()} for d in inputs])
    for d, out in zip(inputs, outs):
        assert out["hex"] == keccak.new(digest_bits=256, data=d).hexdigest(), d.hex()


def test_sha2_family_matches_hashlib(testkit, rng):
    inputs = [rand_bytes(rng, 0, 300) for _ in range(N)]
    for name in ("sha224", "sha256", "sha512"):
        outs = testkit.batch([{"op": name, "data": d.hex()} for d in inputs])
        for d, out in zip(inputs, outs):
            assert out["hex"] == hashlib.new(name, d).hexdigest(), (name, d.hex())


def test_blake2b_matches_hashlib_for_every_length_and_key(testkit, rng):
    cases = []
    for _ in range(N):
        cases.append((rand_bytes(rng, 0, 300), rand_bytes(rng, 0, 64), rng.randint(1, 64)))
    outs = testkit.batch([{"op": "blake2b", "data": d.hex(), "key": k.hex(), "length": n}
                          for d, k, n in cases])
    for (d, k, n), out in zip(cases, outs):
        assert out["hex"] == hashlib.blake2b(d, key=k, digest_size=n).hexdigest()


def test_blake2b_rejects_bad_lengths(testkit):
    for n in (0, 65):
        assert "error" in testkit.call("blake2b", data="", key="", length=n)
    assert "error" in testkit.call("blake2b", data="", key="00" * 65, length=32)


def test_hmac_matches_python(testkit, rng):
    cases = [(rand_bytes(rng, 0, 200), rand_bytes(rng, 0, 300)) for _ in range(N)]
    for name in ("sha256", "sha512"):
        outs = testkit.batch([{"op": "hmac_" + name, "key": k.hex(), "data": d.hex()} for k, d in cases])
        for (k, d), out in zip(cases, outs):
            assert out["hex"] == hmac.new(k, d, name).hexdigest()


def test_pbkdf2_sha512_matches_hashlib(testkit, rng):
    cases = [(rand_bytes(rng, 0, 64), rand_bytes(rng, 0, 64), rng.randint(1, 3000), rng.randint(1, 128))
             for _ in range(60)]
    outs = testkit.batch([{"op": "pbkdf2_sha512", "password": p.hex(), "salt": s.hex(),
                           "iterations": i, "length": n} for p, s, i, n in cases])
    for (p, s, i, n), out in zip(cases, outs):
        assert out["hex"] == hashlib.pbkdf2_hmac("sha512", p, s, i, n).hex()
