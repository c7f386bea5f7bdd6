"""Times the reference implementations on the same kind of inputs as airsign-bench and prints
one JSON object per benchmark (same fields, "impl": the reference's name). Run by scripts/bench
in the interop venv. Calls go through Python, so each timing includes a call's interpreter and
FFI overhead (well under a microsecond, against tens of microseconds of work).

  python bench/reference.py [--runs N] [--seconds S]
"""
import argparse
import json
import os
import statistics
import time

import sr25519


def measure(name, impl, args, details, operation):
    batch = 1
    while True:  # calibrate a batch to about args.seconds
        start = time.perf_counter()
        for i in range(batch):
            operation(i)
        elapsed = time.perf_counter() - start
        if elapsed >= args.seconds / 4 or batch >= 1 << 24:
            batch = max(1, int(batch * args.seconds / max(elapsed, 1e-9)))
            break
        batch *= 2
    for i in range(batch):  # warm-up
        operation(i)
    rates = []
    for _ in range(args.runs):
        start = time.perf_counter()
        for i in range(batch):
            operation(i)
        rates.append(batch / (time.perf_counter() - start))
    record = {"bench": name, "impl": impl, "unit": "ops/s", "median": round(statistics.median(rates)),
              "min": round(min(rates)), "max": round(max(rates)), "runs": args.runs, "ops_per_run": batch,
              "rates": [round(r) for r in rates]}
    record.update(details)
    print(json.dumps(record, sort_keys=True), flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=0.2)
    args = parser.parse_args()

    # sr25519, context "substrate" (fixed in py-sr25519-bindings), 64-byte messages, a pool of
    # 64 keys from random mini-secrets: as airsign-bench does.
    pool, length = 64, 64
    keys = [sr25519.pair_from_seed(os.urandom(32)) for _ in range(pool)]
    messages = [os.urandom(length) for _ in range(pool)]
    signatures = [sr25519.sign(keys[i], messages[i]) for i in range(pool)]
    details = {"message_bytes": length, "context": "substrate"}
    impl = "schnorrkel (py-sr25519-bindings %s)" % _version("py-sr25519-bindings")

    measure("sr25519_sign", impl, args, details, lambda i: sr25519.sign(keys[i % pool], messages[i % pool]))

    def verify(i):
        k = i % pool
        if not sr25519.verify(signatures[k], messages[k], keys[k][0]):
            raise SystemExit("reference.py: a valid signature did not verify")

    measure("sr25519_verify", impl, args, details, verify)


def _version(package):
    from importlib.metadata import version
    return version(package)


if __name__ == "__main__":
    main()
