"""Times the reference implementations on the same kind of inputs as airsign-bench and prints
one JSON object per benchmark (same fields, "impl": the reference's name). Run by scripts/bench
in the interop venv. Calls go through Python, so each timing includes a call's interpreter and
FFI overhead (well under a microsecond, against tens of microseconds of work).

QR rows: the `qrencode` and `zbarimg` CLIs, one process spawned per frame (what a script would
do), on the frames airsign-bench wrote with --write-qr-fixtures (the same payload bytes, and the
same PNG files to scan). Spawning goes through subprocess.run, which costs about what a shell
loop costs; the "process_spawn_floor" record (spawning /bin/true the same way) shows how much of
a CLI call that is.

  python bench/reference.py [--runs N] [--seconds S] [--qr-dir DIR]
"""
import argparse
import json
import os
import statistics
import struct
import subprocess
import time

import sr25519


def measure(name, impl, args, details, operation, cycle=1):
    """As airsign-bench's measure: with cycle n, a batch is a whole number of passes over
    i = 0 .. n-1 (at least one)."""
    batch = cycle
    while True:  # calibrate a batch to about args.seconds
        start = time.perf_counter()
        for i in range(batch):
            operation(i)
        elapsed = time.perf_counter() - start
        if elapsed >= args.seconds / 4 or batch >= 1 << 24:
            batch = cycle * max(1, round(batch // cycle * args.seconds / max(elapsed, 1e-9)))
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
    record = {"bench": name, "impl": impl, "unit": "ops/s", "median": _rounded(statistics.median(rates)),
              "min": _rounded(min(rates)), "max": _rounded(max(rates)), "runs": args.runs, "ops_per_run": batch,
              "rates": [_rounded(r) for r in rates]}
    record.update(details)
    print(json.dumps(record, sort_keys=True), flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=0.2)
    parser.add_argument("--qr-dir", help="fixture set from airsign-bench --write-qr-fixtures (QR rows skipped without it)")
    parser.add_argument("--substrate-dir", help="payloads from airsign-bench --write-substrate-fixtures (rows skipped without it)")
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

    argon2id_benchmarks(args)
    if args.substrate_dir:
        substrate_benchmarks(args)
    if args.qr_dir:
        qr_benchmarks(args)


def argon2id_benchmarks(args):
    """One Argon2id derivation per libsodium preset (libsodium through PyNaCl), as airsign-bench's
    argon2id_<preset> rows: a 14-byte password, a 16-byte salt, a 32-byte key. Runs as airsign-bench
    does them: one derivation per timed run, at most 3 runs for "sensitive"."""
    from nacl.pwhash import argon2id

    impl = "libsodium crypto_pwhash (PyNaCl %s)" % _version("PyNaCl")
    salt = os.urandom(argon2id.SALTBYTES)
    for preset in ("interactive", "moderate", "sensitive"):
        ops = getattr(argon2id, "OPSLIMIT_" + preset.upper())
        mem = getattr(argon2id, "MEMLIMIT_" + preset.upper())
        one = argparse.Namespace(seconds=0, runs=min(args.runs, 3) if preset == "sensitive" else args.runs)
        details = {"preset": preset, "ops_limit": ops, "mem_limit_mib": mem >> 20, "unit": "derivations/s"}
        measure("argon2id_" + preset, impl, one, details, lambda i: argon2id.kdf(32, b"bench-pin-4711", salt, ops, mem))


def substrate_benchmarks(args):
    """The same 10,000 signing payloads airsign-bench's Substrate batch signs (written by
    --write-substrate-fixtures), signed as Substrate does (BLAKE2b-256 of a payload over 256
    bytes): sr25519 with py-sr25519-bindings, ed25519 with a bare libsodium crypto_sign loop
    (PyNaCl's binding). Ours also reviews each SignerPayloadJSON; these sign only."""
    import hashlib

    import nacl.bindings

    with open(os.path.join(args.substrate_dir, "seeds.json")) as f:
        seeds = {k: bytes.fromhex(v) for k, v in json.load(f).items()}

    def messages(name):
        with open(os.path.join(args.substrate_dir, "payloads-%s.txt" % name)) as f:
            payloads = [bytes.fromhex(line.strip()) for line in f if line.strip()]
        return [hashlib.blake2b(p, digest_size=32).digest() if len(p) > 256 else p for p in payloads]

    details = {"payloads": 10000, "includes": "sign only"}
    sr_messages = messages("sr25519")
    keypair = sr25519.pair_from_seed(seeds["sr25519"])
    impl = "schnorrkel (py-sr25519-bindings %s)" % _version("py-sr25519-bindings")
    measure("substrate_sign_10000_sr25519", impl, args, details,
            lambda i: sr25519.sign(keypair, sr_messages[i % len(sr_messages)]), cycle=len(sr_messages))
    ed_messages = messages("ed25519")
    _, secret = nacl.bindings.crypto_sign_seed_keypair(seeds["ed25519"])
    impl = "libsodium crypto_sign (PyNaCl %s)" % _version("PyNaCl")
    measure("substrate_sign_10000_ed25519", impl, args, details,
            lambda i: nacl.bindings.crypto_sign(ed_messages[i % len(ed_messages)], secret), cycle=len(ed_messages))


# zbarimg as close to our scanner as its options go: QR only (we disable every other symbology),
# binary mode (exact bytes, no charset conversion), raw output, no D-Bus.
ZBARIMG = ["zbarimg", "--nodbus", "--raw", "-q", "-Sdisable", "-Sqrcode.enable", "-Sbinary"]


def qr_benchmarks(args):
    """qrencode per frame (payload on stdin → PNG file) and zbarimg per frame (our PNG file →
    payload on stdout, checked), for each case in the fixture set."""
    with open(os.path.join(args.qr_dir, "manifest.json")) as f:
        cases = json.load(f)["cases"]
    qrencode_impl = "qrencode %s (CLI, one process per frame)" % _cli_version(["qrencode", "--version"])
    zbarimg_impl = "zbarimg %s (CLI, one process per frame)" % _cli_version(["zbarimg", "--version"])
    out_dir = os.path.join(args.qr_dir, "out-qrencode")

    def spawn_true(i):
        subprocess.run(["/bin/true"], check=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)

    measure("process_spawn_floor", "python subprocess.run", args,
            {"unit": "spawns/s", "measures": "spawning /bin/true, as the CLI rows spawn their tools"}, spawn_true)

    for case in cases:
        name, n = case["name"], case["frames"]
        case_dir = os.path.join(args.qr_dir, name)
        payloads = []
        for k in range(1, n + 1):
            with open(os.path.join(case_dir, "frame-%04d.bin" % k), "rb") as f:
                payloads.append(f.read())
        pngs = [os.path.join(case_dir, "frame-%04d.png" % k) for k in range(1, n + 1)]
        outs = [os.path.join(out_dir, "%s-frame-%04d.png" % (name, k)) for k in range(1, n + 1)]
        # Same level, module size, quiet zone and version as ours. A single QR holds raw bytes:
        # -8 (8-bit mode, as ours). A UR part is upper-case text in the QR alphanumeric set, which
        # we encode in alphanumeric mode: qrencode picks that mode by itself (forcing -8 would make
        # it encode a larger symbol than ours). -v sets the minimum version to ours.
        flags = ["-l", case["ec"], "-s", str(case["module_size"]), "-m", str(case["quiet_zone"]),
                 "-v", str(case["qr_version"])]
        if case["mode"] == "byte":
            flags.append("-8")

        def qrencode(i):
            done = subprocess.run(["qrencode", *flags, "-o", outs[i % n]], input=payloads[i % n],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            if done.returncode != 0:
                raise SystemExit("reference.py: qrencode failed: %s" % done.stderr.decode(errors="replace"))

        def zbarimg(path, payload):
            done = subprocess.run([*ZBARIMG, path], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            if done.returncode != 0 or done.stdout != payload:
                raise SystemExit("reference.py: zbarimg misread %s (exit %d)" % (path, done.returncode))

        # Untimed check: qrencode's symbol is the size of ours and reads back to the same payload,
        # and zbarimg reads each of our PNGs.
        for i in range(n):
            qrencode(i)
            with open(outs[i], "rb") as f:
                side = struct.unpack(">II", f.read(24)[16:24])
            if side != (case["png_side"], case["png_side"]):
                raise SystemExit("reference.py: qrencode made a %dx%d image, ours is %d" % (*side, case["png_side"]))
            zbarimg(outs[i], payloads[i])
            zbarimg(pngs[i], payloads[i])

        details = {k: v for k, v in case.items() if k != "name"}
        details.update(case=name, unit="frames/s")
        measure("qr_encode_png_file_" + name, qrencode_impl, args,
                dict(details, measures="qrencode %s -o FILE, payload on stdin" % " ".join(flags)), qrencode, cycle=n)
        measure("qr_scan_file_" + name, zbarimg_impl, args,
                dict(details, measures="%s FILE (our PNG), output checked" % " ".join(ZBARIMG)),
                lambda i: zbarimg(pngs[i % n], payloads[i % n]), cycle=n)


def _rounded(rate):
    """As airsign-bench: whole numbers, tenths below 1000, thousandths below 10."""
    return round(rate, 3) if rate < 10 else round(rate, 1) if rate < 1000 else round(rate)


def _version(package):
    from importlib.metadata import version
    return version(package)


def _cli_version(command):
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    words = done.stdout.split()
    return next((w for w in words if w[:1].isdigit()), "?")


if __name__ == "__main__":
    main()
