"""SEP-53 signed messages against stellar-sdk 16.1.1 (Keypair.sign_message / verify_message).

- 100 random messages (text in several scripts, text with control characters, random bytes, the
  longest allowed) reviewed and signed by the Stellar module as the signer does: every signature
  equals stellar-sdk's `Keypair.sign_message` and verifies with its `verify_message`; text is
  shown as text, anything else as hex.
- The SEP's three vectors through both programs: `airsign-watch stellar message sign`,
  `airsign-signer sign` (a binary message only with --blind), `airsign-watch finalize`.
"""
import base64
import hashlib
import json
from pathlib import Path

import pytest
from stellar_sdk import Keypair

from conftest import make_machines, run_program

SCRIPTS = ["abc XYZ 0123 .,;:!?", "éàüßçñ", "Привет мир", "こんにちは、世界！", "مرحبا", "👋🏽🚀", "한국어"]
MAX = 8192
VECTORS = Path(__file__).resolve().parents[3] / "vectors" / "sep53.json"


def random_message(rng, i):
    kind = i % 5
    if kind == 0:
        return "".join(rng.choice(rng.choice(SCRIPTS)) for _ in range(rng.randint(1, 200))).encode()
    if kind == 1:  # text with a newline or a tab: shown as hex
        words = ["Sign in", "nonce", str(rng.randrange(10**9)), "Stellar"]
        return rng.choice(["\n", "\t", "\r\n"]).join(rng.sample(words, 3)).encode()
    if kind == 2:
        return rng.randbytes(rng.randint(1, 300))
    if kind == 3:
        return rng.randbytes(32)
    return ("x" * rng.randint(MAX - 10, MAX)).encode() if rng.random() < 0.5 else rng.randbytes(MAX)


def is_text(message: bytes) -> bool:
    try:
        text = message.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return not any(ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F for c in text)


def test_random_messages_equal_sign_message(testkit, rng):
    cases = [(Keypair.from_raw_ed25519_seed(rng.randbytes(32)), random_message(rng, i)) for i in range(100)]
    got = testkit.batch([{"op": "stellar_sign_message", "seed": k.raw_secret_key().hex(),
                          "message": base64.b64encode(m).decode(), "network": rng.choice(["stellar:pubnet", "stellar:testnet"])}
                         for k, m in cases])
    texts = 0
    for (key, message), ours in zip(cases, got):
        assert "error" not in ours, ours
        assert ours["signature"] == key.sign_message(message).hex()
        key.verify_message(message, bytes.fromhex(ours["signature"]))
        assert ours["verified"] and ours["signing"] == ["message"]
        assert ours["title"] == "Stellar signed message (SEP-53)"
        lines = ours["lines"]
        assert lines[0].startswith("kind: an off-chain message (SEP-53), not a transaction")
        digest = hashlib.sha256(b"Stellar Signed Message:\n" + message).hexdigest()
        assert f'signs: SHA-256 of "Stellar Signed Message:\\n" and the message: {digest}' in lines
        if is_text(message):
            texts += 1
            assert f"message: {message.decode()}" in lines and ours["unknowns"] == []
        else:
            assert f"message (hex): {message.hex()}" in lines
            assert ours["unknowns"] == [f"a SEP-53 message of {len(message)} bytes that are not text"]
    assert 20 <= texts < 100


def test_refused_messages(testkit):
    key = Keypair.random()
    got = testkit.batch([{"op": "stellar_sign_message", "seed": key.raw_secret_key().hex(), "message": m}
                         for m in ["", base64.b64encode(b"x" * (MAX + 1)).decode(), "aGVsbG9=", "aGVs bG8", "aGVsbG8"]])
    assert got[0]["error"] == "payload.message is empty: there is nothing to sign"
    assert got[1]["error"] == f"payload.message: a message is at most {MAX} bytes"
    # Base64 that Python's decoder takes (non-zero unused bits) or skips over (a space) is refused.
    assert base64.b64decode("aGVsbG9=") == b"hello"
    assert got[2]["error"] == "payload.message: invalid base64: unused trailing bits are not zero"
    assert got[3]["error"] == "payload.message: invalid base64: character \" \" at position 4"
    assert got[4]["error"] == "payload.message: invalid base64: length 7 is not a multiple of 4"


@pytest.fixture(scope="module")
def machines(tmp_path_factory):
    vectors = json.loads(VECTORS.read_text())
    seed = vectors["cases"][0]["seed"]
    home = tmp_path_factory.mktemp("stellar-sep53")
    env, pin, accounts = make_machines(home, "main", "stellar-secret", seed)
    return env, pin, home, vectors["cases"]


def test_sep_vectors_through_both_programs(machines):
    env, pin, home, cases = machines
    for i, case in enumerate(cases):
        request, response, final = (home / f"v{i}{s}" for s in (".req", ".resp", ".final"))
        given = ["--text", case["message_utf8"]] if "message_utf8" in case else ["--base64", case["message_base64"]]
        out = run_program("airsign-watch", "stellar", "message", "sign", "--from", case["address"], *given,
                          "--network", "testnet", "--out", str(request), env=env)
        assert out.returncode == 0, out.stderr
        blind = [] if "message_utf8" in case else ["--blind"]
        if blind:  # a binary message's meaning is unknown: refused without --blind
            out = run_program("airsign-signer", "sign", str(request), "--yes", "--compact", "--pin-file", str(pin),
                              "--out", str(response), env=env)
            assert out.returncode != 0 and not response.exists(), out.stderr
        out = run_program("airsign-signer", "sign", str(request), "--yes", "--compact", *blind, "--pin-file", str(pin),
                          "--out", str(response), env=env)
        assert out.returncode == 0, out.stderr
        out = run_program("airsign-watch", "finalize", str(response), "--out", str(final), env=env)
        assert out.returncode == 0, out.stderr
        assert case["signature_base64"] in out.stdout + out.stderr
        assert json.loads(final.read_text())["signature"] == case["signature_hex"]
