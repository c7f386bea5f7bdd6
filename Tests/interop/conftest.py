"""Shared fixtures for the interop suite: cross-checks of Airsign against reference libraries.

Our side is reached through `airsign-testkit`, a test-only executable that answers one JSON
request per line on stdin with one JSON response per line on stdout, so thousands of cases cost
one process start. `AIRSIGN_BIN_DIR` (set by `make test`) names the directory holding it.
"""
import functools
import json
import os
import random
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@functools.cache
def bin_dir() -> Path:
    env = os.environ.get("AIRSIGN_BIN_DIR")
    if env:
        return Path(env)
    out = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True,
                         capture_output=True, text=True)
    return Path(out.stdout.strip())


def unwrapped(review: str) -> str:
    """The rendered review with every continuation line (spaces, then `|`) joined back onto the
    line it continues, as AirsignTestSupport's unwrappedReview does (the renderer keeps the
    space it cut at after the mark)."""
    lines = []
    for line in review.split("\n"):
        trimmed = line.lstrip(" ")
        if trimmed.startswith("|") and len(trimmed) < len(line) and lines:
            lines[-1] += trimmed[1:]
        else:
            lines.append(line)
    return "\n".join(lines)


class Testkit:
    def __init__(self, path: Path):
        if not path.exists():
            raise RuntimeError(f"{path} is missing: run `swift build` first")
        self.path = path

    def batch(self, requests):
        """Runs every request in one process; returns the responses in order.

        A response is a dict with the op's outputs, or {"error": "..."} when Airsign refused the
        input (the tests decide whether that was expected).
        """
        payload = "".join(json.dumps(r, separators=(",", ":")) + "\n" for r in requests)
        out = subprocess.run([str(self.path)], input=payload, capture_output=True, text=True,
                             timeout=600)
        if out.returncode != 0:
            raise RuntimeError(f"airsign-testkit exited {out.returncode}: {out.stderr.strip()}")
        # Responses end with LF only; str.splitlines() would also split inside a response at
        # U+2028, U+0085 and the like, which error messages can quote from refused input.
        lines = out.stdout.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        assert len(lines) == len(requests), "testkit answered a different number of lines"
        return [json.loads(line) for line in lines]

    def call(self, op, **args):
        return self.batch([dict(op=op, **args)])[0]


class SignerHomes:
    """Fresh `airsign-signer` homes under `base`, each a copy of one keystore initialized with
    `pin` (Argon2id's cheapest preset): for tests that install descriptors or tokens through
    the CLI, one home each."""

    def __init__(self, base: Path, pin: str):
        self.base = base
        self.pin = base / "pin"
        self.pin.write_text(pin)
        self.pin.chmod(0o600)
        self.template = base / "template"
        self.count = 0
        self.run(self.template, "init", "--kdf", "interactive", "--pin-file", str(self.pin))

    def fresh(self) -> Path:
        self.count += 1
        home = self.base / f"home{self.count}"
        shutil.copytree(self.template, home)
        return home

    def run(self, home: Path, *args, check=True):
        return run_program("airsign-signer", *args, env=dict(os.environ, AIRSIGN_SIGNER_HOME=str(home)), timeout=120,
                           check=check)


@pytest.fixture(scope="session")
def testkit() -> Testkit:
    return Testkit(bin_dir() / "airsign-testkit")


@pytest.fixture
def rng(request) -> random.Random:
    """A seeded generator per test; the seed is printed so a failure can be replayed with
    AIRSIGN_TEST_SEED=<seed>."""
    seed = int(os.environ.get("AIRSIGN_TEST_SEED", random.SystemRandom().randrange(2**63)))
    print(f"[{request.node.name}] random seed {seed} (replay with AIRSIGN_TEST_SEED={seed})")
    return random.Random(seed)


def rand_bytes(rng: random.Random, lo: int, hi: int) -> bytes:
    return rng.randbytes(rng.randint(lo, hi))


def zbar_qr(path) -> bytes:
    """A QR image's text as zbarimg reads it, QR codes only: with every symbology on, zbarimg now
    and then also finds a Codabar code in a QR's modules and appends its text."""
    out = subprocess.run(["zbarimg", "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", "-Sbinary", str(path)],
                         capture_output=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return out.stdout.rstrip(b"\n")


def run_program(program, *args, env=None, input=None, text=True, timeout=300, check=False):
    """One of our programs (`airsign-signer`, `airsign-watch`) from the build directory, run as a
    script would: `env` as its environment (the test's own when None), `input` as standard input,
    its output captured (as text unless `text=False`). With `check`, an exit other than 0 fails
    the test, naming the command and quoting its stderr. The interop tests run the programs
    through this one function."""
    out = subprocess.run([str(bin_dir() / program), *args], env=env, input=input, capture_output=True, text=text,
                         timeout=timeout)
    if check and out.returncode != 0:
        stderr = out.stderr if text else out.stderr.decode(errors="replace")
        raise AssertionError(f"{program} {' '.join(map(str, args))} exited {out.returncode}: {stderr.strip()}")
    return out


def make_machines(home: Path, key: str, kind: str, secret: str, steps=()):
    """Both machines in `home`: a signer keystore (fastest KDF, PIN in `home/pin`) holding
    `secret` as the key `key` (`key import --kind kind`), with `steps` (more signer commands,
    each given the PIN file) run after, and a watch that imported every account the signer then
    exports. Returns (environment, PIN file, the exported descriptors)."""
    env = dict(os.environ, AIRSIGN_SIGNER_HOME=str(home / "signer"), AIRSIGN_WATCH_HOME=str(home / "watch"))
    pin, secret_file = home / "pin", home / "secret"
    pin.write_text("correct horse\n")
    secret_file.write_text(secret + "\n")
    os.chmod(pin, 0o600)
    os.chmod(secret_file, 0o600)
    for args in [["init", "--kdf", "interactive"], ["key", "import", key, "--kind", kind, "--from", str(secret_file)], *steps]:
        out = run_program("airsign-signer", *args, "--pin-file", str(pin), env=env)
        assert out.returncode == 0, (args, out.stderr)
    accounts = home / "accounts.jsonl"
    out = run_program("airsign-signer", "account", "export", key, "--out", str(accounts), env=env)
    assert out.returncode == 0, out.stderr
    out = run_program("airsign-watch", "account", "import", str(accounts), env=env)
    assert out.returncode == 0, out.stderr
    return env, pin, [json.loads(line) for line in accounts.read_text().splitlines()]


def import_sign_finalize(env, pin, directory: Path, artifact: str, import_args=(), sign_args=(), name="a"):
    """`airsign-watch import` of `artifact`, `airsign-signer sign --compact` of the request,
    `airsign-watch finalize` of the answer, each required to succeed: the finalized response."""
    source, request, response, final = (directory / f"{name}{suffix}" for suffix in (".in", ".req", ".resp", ".final"))
    source.write_text(artifact)
    out = run_program("airsign-watch", "import", str(source), *import_args, "--out", str(request), env=env)
    assert out.returncode == 0, out.stderr
    out = run_program("airsign-signer", "sign", str(request), "--yes", "--compact", *sign_args, "--pin-file", str(pin),
                      "--out", str(response), env=env)
    assert out.returncode == 0, out.stderr
    out = run_program("airsign-watch", "finalize", str(response), "--out", str(final), env=env)
    assert out.returncode == 0, out.stderr
    return json.loads(final.read_text())
