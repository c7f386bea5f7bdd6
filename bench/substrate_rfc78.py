"""RFC-0078 metadata proofs (issue 20): for a transfer, a staking bond and a batch of three
transfers on Polkadot (V15 metadata, spec 2000000) and Kusama (runtime 1002006), the proof's
bytes, the request's bytes and its QR frames (UR fragments at the default QR version 12), and
the median wall time of
- `airsign-watch substrate metadata-hash --metadata`: reading the metadata and merkleizing it;
- `airsign-watch substrate transfer|call --metadata --out`: the same, plus encoding the call by
  name and generating the proof (the difference is the proof's own cost; the QR frames are
  written once more, untimed, only to count them);
- `airsign-signer inspect` of the request: verifying the proof, decoding with its types and the
  review, beside `inspect` of the same request without its proof (mode 0, the built-in table or
  raw bytes): the difference is verification and proof-driven decoding.
Every time includes a process start; it measures, it passes or fails nothing. The metadata is
read from ../shared/data (skipped, and said so, when it is absent).

  python bench/substrate_rfc78.py [--bin DIR] [--runs N]     (default: the release build's bin)
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "data"
SEED = "0xfac7959dbfe72f052e5a0c3c8d6530f202b02fd8f9f5ca3580ec8deb7797479e"  # Substrate's public dev seed
CHAINS = {
    "Polkadot": {"metadata": SHARED / "polkadot-metadata-v15.hex", "network": "polkadot", "prefix": 0, "spec": 2000000,
                 "genesis": "91b171bb158e2d3848fa23a9f1c25182fb8e20313b2c1eb49219da7a70ce90c3", "decimals": 10, "symbol": "DOT",
                 "alice": "15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5", "bob": "14E5nqKAp3oAJcmzgZhUD2RcptBeUBScxKHgJKU4HPNcKVf3"},
    "Kusama": {"metadata": SHARED / "rfc78" / "ksm.bin", "network": "kusama", "prefix": 2, "spec": 1002006,
               "genesis": "b0a8d493285c2df73290dfb7e61f870f17b41801197a149ca93654499ea3dafe", "decimals": 12, "symbol": "KSM",
               "alice": "HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F", "bob": "FoQJpPyadYccjavVdTWxpxU7rUEaYhfLCPwXgkfD6Zat9QP"},
}


def run(argv, env):
    start = time.perf_counter()
    out = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=600)
    elapsed = time.perf_counter() - start
    if out.returncode != 0:
        raise SystemExit(f"{' '.join(argv[:3])}…: exit {out.returncode}: {out.stderr}")
    return elapsed, out


def median(argv, env, runs):
    times, out = [], None
    for _ in range(runs):
        elapsed, out = run(argv, env)
        times.append(elapsed)
    return statistics.median(times), out


def calls(chain):
    bob = chain["bob"]
    transfer = ["substrate", "transfer", "--to", bob, "--amount", "1.5"]
    bond = ["substrate", "call", "--pallet", "Staking", "--call", "bond", "--args", json.dumps({"value": "10000000000000", "payee": "Staked"})]
    batch = ["substrate", "call", "--pallet", "Utility", "--call", "batch_all", "--args", json.dumps({"calls": [
        {"pallet": "Balances", "call": "transfer_keep_alive", "args": {"dest": {"Id": bob}, "value": str(n * 10**10)}} for n in (1, 2, 3)]})]
    return {"transfer": transfer, "staking bond": bond, "batch of 3 transfers": batch}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=None)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    bin_dir = Path(args.bin or subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                                               capture_output=True, text=True).stdout.strip())
    watch, signer = str(bin_dir / "airsign-watch"), str(bin_dir / "airsign-signer")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        env = dict(os.environ, AIRSIGN_SIGNER_HOME=str(tmp / "signer"), AIRSIGN_WATCH_HOME=str(tmp / "watch"))
        (tmp / "pin").write_text("bench pin\n")
        (tmp / "seed").write_text(SEED + "\n")
        os.chmod(tmp / "pin", 0o600)
        os.chmod(tmp / "seed", 0o600)
        pin = ["--pin-file", str(tmp / "pin")]
        run([signer, "init", "--kdf", "interactive", *pin], env)
        run([signer, "key", "import", "dev", "--kind", "substrate-seed", "--from", str(tmp / "seed"), *pin], env)
        for name, chain in CHAINS.items():
            if not chain["metadata"].exists():
                print(f"{name}: {chain['metadata']} is absent: SKIPPED")
                continue
            run([signer, "account", "add", "dev", "--chain", "substrate", "--path", "//Alice", "--network", str(chain["prefix"]),
                 "--genesis", "0x" + chain["genesis"], *pin], env)
            run([signer, "account", "export", "dev", "--out", str(tmp / "accounts.json")], env)
            run([watch, "account", "import", str(tmp / "accounts.json")], env)
            metadata = ["--metadata", str(chain["metadata"])]
            hashed, _ = median([watch, "substrate", "metadata-hash", *metadata, "--decimals", str(chain["decimals"]),
                                "--token-symbol", chain["symbol"]], env, args.runs)
            common = ["--network", chain["network"], *metadata, "--from", chain["alice"], "--spec-version", str(chain["spec"]),
                      "--tx-version", "26", "--nonce", "1", "--block-hash", "0x" + "11" * 32, "--block-number", "64"]
            for call, argv in calls(chain).items():
                request, frames = tmp / "request.json", tmp / "frames"
                built, out = median([watch, *argv, *common, "--out", str(request)], env, args.runs)
                proof = int(re.search(r"proof (\d+) bytes", out.stderr).group(1))
                # The QR frames once, untimed (rendering PNGs is not the proof's cost).
                _, out = run([watch, *argv, *common, "--qr", str(frames) + "/"], env)
                fragments = re.search(r"(\d+) fragments of (\d+) bytes", out.stderr)
                verified, _ = median([signer, "inspect", str(request)], env, args.runs)
                bare = json.loads(request.read_text())
                del bare["payload"]["metadataProof"]
                bare["payload"]["signerPayload"].update(mode=0, metadataHash=None)
                (tmp / "bare.json").write_text(json.dumps(bare))
                # Without the proof a call the table does not know is raw: --blind lets inspect finish.
                unproven, _ = median([signer, "inspect", str(tmp / "bare.json"), "--blind"], env, args.runs)
                rows.append((name, call, proof, len(request.read_bytes()), fragments.group(1) if fragments else "1",
                             hashed, built, verified, unproven))
    print(f"{'chain':9} {'call':22} {'proof B':>8} {'request B':>10} {'QR frag.':>8} {'hash s':>7} {'build s':>8} "
          f"{'inspect s':>9} {'no proof s':>10}")
    for name, call, proof, size, fragments, hashed, built, verified, unproven in rows:
        print(f"{name:9} {call:22} {proof:8} {size:10} {fragments:>8} {hashed:7.3f} {built:8.3f} {verified:9.3f} {unproven:10.3f}")


if __name__ == "__main__":
    main()
