"""Shared fixtures for the interop suite: cross-checks of Airsign against reference libraries.

Our side is reached through `airsign-testkit`, a test-only executable that answers one JSON
request per line on stdin with one JSON response per line on stdout, so thousands of cases cost
one process start. `AIRSIGN_BIN_DIR` (set by `make test`) names the directory holding it.
"""
import json
import os
import random
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def bin_dir() -> Path:
    env = os.environ.get("AIRSIGN_BIN_DIR")
    if env:
        return Path(env)
    out = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True,
                         capture_output=True, text=True)
    return Path(out.stdout.strip())


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
        self.binary = bin_dir() / "airsign-signer"
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
        out = subprocess.run([str(self.binary), *args], capture_output=True, text=True, timeout=120,
                             env=dict(os.environ, AIRSIGN_SIGNER_HOME=str(home)))
        if check and out.returncode != 0:
            raise AssertionError(f"airsign-signer {' '.join(args)} exited {out.returncode}: {out.stderr.strip()}")
        return out


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
