"""sr25519 against schnorrkel itself, through py-sr25519-bindings (context "substrate").

Keys from the same mini-secrets and the same hard/soft derivations must match; every signature
made on one side must verify on the other; tampered signatures, messages, keys and marker bits
must be rejected by both. sr25519 signatures are randomized, so signatures are compared by
verification, never byte for byte. Soft-derived secrets carry a random nonce half in both
implementations, so only their scalar halves and public keys are compared.
"""
import sr25519

N = 1000
ORDER = 2**252 + 27742317777372353535851937790883648493


def ref_verify(signature: bytes, message: bytes, public: bytes) -> bool:
    """schnorrkel's verdict; newer bindings raise ValueError for structurally invalid input."""
    try:
        return sr25519.verify(signature, message, public)
    except ValueError:
        return False


def ours_valid(out) -> bool:
    """Our verdict: a parse error (bad public key) counts as invalid."""
    return out.get("valid") is True


def random_pairs(rng, n):
    """n (mini, public, schnorrkel secret) from schnorrkel."""
    out = []
    for _ in range(n):
        mini = rng.randbytes(32)
        public, secret = sr25519.pair_from_seed(mini)
        out.append((mini, public, secret))
    return out


def test_keys_from_mini_secrets_match_schnorrkel(testkit, rng):
    pairs = random_pairs(rng, N)
    outs = testkit.batch([{"op": "sr25519_from_mini", "mini": m.hex()} for m, _, _ in pairs])
    for (mini, public, secret), out in zip(pairs, outs):
        assert out["public"] == public.hex(), mini.hex()
        assert out["secret"] == secret.hex(), mini.hex()
        assert out["secret_ed25519"] == sr25519.convert_secret_key_to_ed25519(secret).hex(), mini.hex()
        assert sr25519.pair_from_ed25519_secret_key(bytes.fromhex(out["secret_ed25519"])) == (public, secret)


def test_secrets_read_back_in_both_formats(testkit, rng):
    pairs = random_pairs(rng, 300)
    reqs = []
    for _, _, secret in pairs:
        reqs.append({"op": "sr25519_from_secret", "secret": secret.hex()})
        reqs.append({"op": "sr25519_from_secret", "format": "ed25519",
                     "secret": sr25519.convert_secret_key_to_ed25519(secret).hex()})
    outs = testkit.batch(reqs)
    for i, (_, public, secret) in enumerate(pairs):
        for out in outs[2 * i: 2 * i + 2]:
            assert out["public"] == public.hex()
            assert out["secret"] == secret.hex()


def test_hard_and_soft_derivations_match_schnorrkel(testkit, rng):
    pairs = random_pairs(rng, N)
    codes = [rng.randbytes(32) for _ in pairs]
    reqs = []
    for (_, public, secret), cc in zip(pairs, codes):
        reqs.append({"op": "sr25519_derive_hard", "secret": secret.hex(), "chain_code": cc.hex()})
        reqs.append({"op": "sr25519_derive_soft", "secret": secret.hex(), "chain_code": cc.hex()})
        reqs.append({"op": "sr25519_derive_soft_public", "public": public.hex(), "chain_code": cc.hex()})
    outs = testkit.batch(reqs)
    for i, ((_, public, secret), cc) in enumerate(zip(pairs, codes)):
        hard, soft, soft_public = outs[3 * i: 3 * i + 3]
        # Substrate derives with an empty index and the junction's chain code.
        _, ref_hard_public, ref_hard_secret = sr25519.hard_derive_keypair((cc, public, secret), b"")
        assert hard["public"] == ref_hard_public.hex()
        assert hard["secret"] == ref_hard_secret.hex()  # hard derivation is deterministic
        assert sr25519.pair_from_seed(bytes.fromhex(hard["mini"])) == (ref_hard_public, ref_hard_secret)

        _, ref_soft_public, ref_soft_secret = sr25519.derive_keypair((cc, public, secret), b"")
        assert soft["public"] == ref_soft_public.hex()
        assert soft["secret"][:64] == ref_soft_secret[:32].hex()  # scalar equal, nonce random
        assert soft_public["public"] == sr25519.derive_pubkey((cc, public), b"")[1].hex()


def test_derivation_paths_match_schnorrkel(testkit, rng):
    """Random paths of 1 to 4 junctions, hard or soft, followed on both sides independently."""
    cases = []
    for mini, public, secret in random_pairs(rng, 300):
        path = [(rng.random() < 0.5, rng.randbytes(32)) for _ in range(rng.randint(1, 4))]
        cases.append({"path": path, "ours": secret.hex(), "ref": (public, secret)})
    for depth in range(4):
        live = [c for c in cases if depth < len(c["path"])]
        reqs = []
        for c in live:
            hard, cc = c["path"][depth]
            op = "sr25519_derive_hard" if hard else "sr25519_derive_soft"
            reqs.append({"op": op, "secret": c["ours"], "chain_code": cc.hex()})
        for c, out in zip(live, testkit.batch(reqs)):
            hard, cc = c["path"][depth]
            public, secret = c["ref"]
            derive = sr25519.hard_derive_keypair if hard else sr25519.derive_keypair
            _, public, secret = derive((cc, public, secret), b"")
            c["ref"] = (public, secret)
            c["ours"] = out["secret"]
            assert out["public"] == public.hex()


def test_our_signatures_verify_in_schnorrkel(testkit, rng):
    pairs = random_pairs(rng, N)
    messages = [rng.randbytes(rng.randint(0, 300)) for _ in pairs]
    outs = testkit.batch([{"op": "sr25519_sign", "secret": s.hex(), "message": m.hex()}
                          for (_, _, s), m in zip(pairs, messages)])
    for (_, public, _), message, out in zip(pairs, messages, outs):
        signature = bytes.fromhex(out["signature"])
        assert out["public"] == public.hex()
        assert signature[63] & 0x80
        assert sr25519.verify(signature, message, public)


def test_schnorrkel_signatures_verify_with_us(testkit, rng):
    pairs = random_pairs(rng, N)
    cases = []
    for _, public, secret in pairs:
        message = rng.randbytes(rng.randint(0, 300))
        cases.append((public, message, sr25519.sign((public, secret), message)))
    outs = testkit.batch([{"op": "sr25519_verify", "public": p.hex(), "message": m.hex(), "signature": s.hex()}
                          for p, m, s in cases])
    assert all(out["valid"] is True for out in outs)


def tampered(rng, public, message, signature, other_public):
    """(public, message, signature, what) variants that must all be rejected."""
    flipped = bytearray(signature)
    bit = rng.randrange(512)
    flipped[bit // 8] ^= 1 << (bit % 8)
    unmarked = bytearray(signature)
    unmarked[63] &= 0x7F
    other_message = bytearray(message or b"\x00")
    other_message[rng.randrange(len(other_message))] ^= 0x01
    s = int.from_bytes(signature[32:], "little") & ((1 << 255) - 1)
    malleated = signature[:32] + ((s + ORDER) | (1 << 255)).to_bytes(32, "little")
    return [
        (public, message, bytes(flipped), f"bit {bit} flipped"),
        (public, message, bytes(unmarked), "marker cleared"),
        (public, bytes(other_message), signature, "message changed"),
        (other_public, message, signature, "other key"),
        (public, message, malleated, "s + l (non-canonical)"),
    ]


def test_tampering_is_rejected_by_both(testkit, rng):
    pairs = random_pairs(rng, N)
    # Half the signatures are ours, half schnorrkel's.
    ours = testkit.batch([{"op": "sr25519_sign", "secret": s.hex(), "message": (b"msg %d" % i).hex()}
                          for i, (_, _, s) in enumerate(pairs[: N // 2])])
    cases = []
    for i, (_, public, secret) in enumerate(pairs):
        message = b"msg %d" % i
        if i < N // 2:
            signature = bytes.fromhex(ours[i]["signature"])
        else:
            signature = sr25519.sign((public, secret), message)
        other_public = pairs[(i + 1) % N][1]
        cases.extend(tampered(rng, public, message, signature, other_public))
    outs = testkit.batch([{"op": "sr25519_verify", "public": p.hex(), "message": m.hex(), "signature": s.hex()}
                          for p, m, s, _ in cases])
    for (public, message, signature, what), out in zip(cases, outs):
        assert not ours_valid(out), what
        assert not ref_verify(signature, message, public), what


def test_garbage_is_rejected_by_both(testkit, rng):
    reqs, cases = [], []
    valid_public = sr25519.pair_from_seed(rng.randbytes(32))[0]
    for _ in range(N):
        public = rng.randbytes(32) if rng.random() < 0.5 else valid_public
        signature, message = rng.randbytes(64), rng.randbytes(rng.randint(0, 50))
        if rng.random() < 0.5:
            signature = signature[:63] + bytes([signature[63] | 0x80])  # past the marker check
        cases.append((public, message, signature))
        reqs.append({"op": "sr25519_verify", "public": public.hex(), "message": message.hex(),
                     "signature": signature.hex()})
    for (public, message, signature), out in zip(cases, testkit.batch(reqs)):
        assert not ours_valid(out)
        assert not ref_verify(signature, message, public)


def test_public_keys_parse_alike(testkit, rng):
    """Random 32-byte strings: we accept exactly the keys schnorrkel can derive from, except the
    encodings with bit 255 set, which libsodium 1.0.18 would decode but we and schnorrkel refuse."""
    keys = [rng.randbytes(32) for _ in range(N)]
    keys += [bytes(32)]  # the identity
    outs = testkit.batch([{"op": "sr25519_derive_soft_public", "public": k.hex(), "chain_code": "00" * 32}
                          for k in keys])
    accepted = 0
    for key, out in zip(keys, outs):
        try:
            sr25519.derive_pubkey((bytes(32), key), b"")
            ref_ok = True
        except ValueError:
            ref_ok = False
        if key == bytes(32):
            # schnorrkel decodes the identity; we refuse it (anyone could forge for it).
            assert "error" in out
            continue
        assert ("error" not in out) == ref_ok, key.hex()
        accepted += ref_ok
    assert accepted > N // 40  # about 1 in 16 random strings is a point


def test_identity_key_forgery(testkit):
    """With A = identity, R = s·B verifies for any message unless the identity key is refused."""
    s = bytes.fromhex("0100000000000000000000000000000000000000000000000000000000000000")
    secret = s + bytes(32)
    r_point = sr25519.public_from_secret_key(secret)  # 1·B
    forged = r_point + bytes([s[0]]) + s[1:31] + bytes([s[31] | 0x80])
    out = testkit.call("sr25519_verify", public="00" * 32, message=b"anything".hex(), signature=forged.hex())
    assert "error" in out
