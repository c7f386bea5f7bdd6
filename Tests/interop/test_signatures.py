"""secp256k1 against coincurve and Ed25519 against PyNaCl, in both directions."""
import coincurve
import nacl.exceptions
import nacl.signing

N = 1000
ORDER = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141


def random_secp_key(rng) -> bytes:
    return rng.randrange(1, ORDER).to_bytes(32, "big")


def test_secp256k1_signatures_are_byte_identical_to_coincurve(testkit, rng):
    cases = [(random_secp_key(rng), rng.randbytes(32)) for _ in range(N)]
    outs = testkit.batch([{"op": "secp256k1_sign", "key": k.hex(), "digest": d.hex()} for k, d in cases])
    for (k, d), out in zip(cases, outs):
        ref = coincurve.PrivateKey(k).sign_recoverable(d, hasher=None)  # r || s || recid, RFC 6979
        assert out["compact"] == ref[:64].hex()
        assert out["recid"] == ref[64]
        pub = coincurve.PublicKey.from_secret(k)
        assert out["public_compressed"] == pub.format(compressed=True).hex()
        assert out["public_uncompressed"] == pub.format(compressed=False).hex()


def test_coincurve_signatures_recover_and_verify_with_us(testkit, rng):
    cases = []
    for _ in range(N):
        k, d = random_secp_key(rng), rng.randbytes(32)
        sig = coincurve.PrivateKey(k).sign_recoverable(d, hasher=None)
        cases.append((coincurve.PublicKey.from_secret(k).format(False), d, sig))
    reqs = []
    for pub, d, sig in cases:
        reqs.append({"op": "secp256k1_recover", "digest": d.hex(), "compact": sig[:64].hex(), "recid": sig[64]})
        reqs.append({"op": "secp256k1_verify", "public": pub.hex(), "digest": d.hex(), "compact": sig[:64].hex()})
    outs = testkit.batch(reqs)
    for i, (pub, d, sig) in enumerate(cases):
        assert outs[2 * i]["public_uncompressed"] == pub.hex()
        assert outs[2 * i + 1]["valid"] is True


def test_secp256k1_tampering_is_rejected(testkit, rng):
    reqs, expected = [], []
    for _ in range(300):
        k, d = random_secp_key(rng), rng.randbytes(32)
        sig = bytearray(coincurve.PrivateKey(k).sign_recoverable(d, hasher=None)[:64])
        pub = coincurve.PublicKey.from_secret(k).format(True)
        bit = rng.randrange(64 * 8)
        sig[bit // 8] ^= 1 << (bit % 8)
        reqs.append({"op": "secp256k1_verify", "public": pub.hex(), "digest": d.hex(), "compact": bytes(sig).hex()})
        d2 = bytearray(d)
        d2[rng.randrange(32)] ^= 0x01
        reqs.append({"op": "secp256k1_verify", "public": pub.hex(), "digest": bytes(d2).hex(),
                     "compact": coincurve.PrivateKey(k).sign_recoverable(d, hasher=None)[:64].hex()})
    for out in testkit.batch(reqs):
        # A flipped bit can also make the signature unparsable (r or s >= n): an error, not "valid".
        assert out.get("valid") is not True


def test_secp256k1_invalid_private_keys_are_refused(testkit):
    for k in (0, ORDER, ORDER + 1, 2**256 - 1):
        out = testkit.call("secp256k1_sign", key=k.to_bytes(32, "big").hex(), digest="00" * 32)
        assert "error" in out


def test_ed25519_matches_pynacl(testkit, rng):
    cases = [(rng.randbytes(32), rng.randbytes(rng.randint(0, 300))) for _ in range(N)]
    outs = testkit.batch([{"op": "ed25519_sign", "seed": s.hex(), "message": m.hex()} for s, m in cases])
    for (s, m), out in zip(cases, outs):
        key = nacl.signing.SigningKey(s)
        assert out["public"] == key.verify_key.encode().hex()
        assert out["signature"] == key.sign(m).signature.hex()  # Ed25519 is deterministic


def test_pynacl_signatures_verify_with_us_and_tampering_fails_in_both(testkit, rng):
    reqs, cases = [], []
    for _ in range(N):
        key = nacl.signing.SigningKey(rng.randbytes(32))
        m = rng.randbytes(rng.randint(1, 200))
        sig = key.sign(m).signature
        bad = bytearray(sig)
        bad[rng.randrange(64)] ^= 1 << rng.randrange(8)
        pub = key.verify_key.encode()
        cases.append((pub, m, bytes(bad)))
        reqs.append({"op": "ed25519_verify", "public": pub.hex(), "message": m.hex(), "signature": sig.hex()})
        reqs.append({"op": "ed25519_verify", "public": pub.hex(), "message": m.hex(), "signature": bytes(bad).hex()})
    outs = testkit.batch(reqs)
    for i, (pub, m, bad) in enumerate(cases):
        assert outs[2 * i]["valid"] is True
        assert outs[2 * i + 1]["valid"] is False
        try:
            nacl.signing.VerifyKey(pub).verify(m, bad)
            raise AssertionError("PyNaCl accepted a tampered signature")
        except nacl.exceptions.BadSignatureError:
            pass
