"""What the batch-signing benchmarks (bench/ethereum.py, icp.py, stellar.py) share: a throwaway
airsign-signer keystore holding one public test secret, the batch file of sign requests, and the
JSON line each side's rates are reported in (bench/report.py pools the rates of every line).
Standard library only, so every interop venv can import it.
"""
import contextlib
import json
import os
import subprocess
import tempfile
import time


class ThrowawaySigner:
    """`airsign-signer` on a keystore in a temporary directory, unlocked with a PIN file."""

    def __init__(self, program, directory):
        self.program = program
        self.directory = directory
        self.env = dict(os.environ, AIRSIGN_SIGNER_HOME=os.path.join(directory, "signer"))
        self.pin = self.private_file("pin", "bench-pin-4711\n")

    def private_file(self, name, text):
        """A mode-600 file in the keystore's directory (the signer refuses readable secrets)."""
        path = os.path.join(self.directory, name)
        with open(path, "w") as f:
            f.write(text)
        os.chmod(path, 0o600)
        return path

    def run(self, *args):
        done = subprocess.run([self.program, *args], env=self.env, capture_output=True, text=True)
        if done.returncode != 0:
            raise SystemExit(f"bench: airsign-signer {args[0]} exited {done.returncode}: {done.stderr.strip()[-500:]}")
        return done

    def accounts(self):
        return json.loads(self.run("account", "list", "--json").stdout)

    def sign(self, batch, out):
        """The timed step: one `sign` of the whole batch, one PIN. Returns the seconds it took."""
        start = time.perf_counter()
        self.run("sign", batch, "--yes", "--pin-file", self.pin, "--out", out)
        return time.perf_counter() - start

    def write_batch(self, requests):
        """The requests as JSON lines in a file; returns its path."""
        path = os.path.join(self.directory, "batch.jsonl")
        with open(path, "w") as f:
            for request in requests:
                f.write(json.dumps(request) + "\n")
        return path

    def scaling(self, batch, bench, unit, sizes=(1, 100), runs=3):
        """Records for the first n requests of `batch` signed as a batch of their own, for each n in
        `sizes` (`<bench>_n<n>`, `scaling_of` naming the full batch's row): whether the cost per
        request stays flat as a batch grows, fixed costs (process start, one Argon2id unlock)
        included, which is what a batch of one pays."""
        with open(batch) as f:
            lines = [line for line in f if line.strip()]
        records = []
        for n in sizes:
            part = os.path.join(self.directory, f"batch-{n}.jsonl")
            with open(part, "w") as f:
                f.writelines(lines[:n])
            rates = [n / self.sign(part, part + ".out") for _ in range(runs)]
            if len(self.responses(part + ".out")) != n:
                raise SystemExit(f"bench: a batch of {n} did not give {n} responses")
            records.append(record(f"{bench}_n{n}", "airsign-signer sign (one process, one PIN)", unit, rates,
                                  requests=n, scaling_of=bench, scaling_of_requests=len(lines)))
        return records

    def responses(self, out):
        with open(out) as f:
            return [json.loads(line) for line in f if line.strip()]


@contextlib.contextmanager
def throwaway_signer(program, secret, kind):
    """A fresh keystore (Argon2id "interactive") holding `secret` imported as `kind`."""
    with tempfile.TemporaryDirectory() as directory:
        os.chmod(directory, 0o700)
        signer = ThrowawaySigner(program, directory)
        source = signer.private_file("secret", secret)
        signer.run("init", "--pin-file", signer.pin, "--kdf", "interactive")
        signer.run("key", "import", "bench", "--kind", kind, "--from", source, "--pin-file", signer.pin)
        yield signer


def sign_request(index, chain, network, account, payload):
    """A sign request with a fixed id per position, for `account` (from `accounts()`)."""
    return {"airsign": "sign-request", "version": 1, "id": f"00000000-0000-4000-8000-{index:012d}",
            "chain": chain, "network": network,
            "account": {"address": account["address"], "publicKey": account["publicKey"]}, "payload": payload}


def record(bench, impl, unit, rates, **details):
    """One JSON line of a side's rates (one per run) and what was measured."""
    rounded = [round(r, 3) if r < 10 else round(r, 1) if r < 1000 else round(r) for r in rates]
    return json.dumps({"bench": bench, "impl": impl, "unit": unit, "rates": rounded, **details}, sort_keys=True)
