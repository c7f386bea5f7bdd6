"""Start-up time of each binary: `airsign-signer --version` and `airsign-watch --version` spawned
and waited for, beside spawning /bin/true the same way (the cost of any process, which bounds
what a smaller binary could gain). With --static DIR (make release's executables, the Swift
runtime and C libraries linked in), each also beside the release build that loads them as shared
libraries. Standard library only; run by scripts/bench.

  python bench/startup.py --bin DIR --ours OURS.jsonl --reference REF.jsonl [--static DIR] [--runs N] [--count N]
"""
import argparse
import os
import subprocess
import time

from batch_signer import record


def rate(command, count):
    """Spawns per second of `command`, run `count` times in a row; each must exit 0."""
    start = time.perf_counter()
    for _ in range(count):
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return count / (time.perf_counter() - start)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--ours", required=True)
    parser.add_argument("--reference", required=True)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--static", help="the directory of make release's self-contained executables")
    parser.add_argument("--seconds", type=float)  # accepted for scripts/bench's shared arguments
    args = parser.parse_args()
    ours, floor = [], []
    for program in ("airsign-signer", "airsign-watch"):
        command = [os.path.join(args.bin, program), "--version"]
        rate(command, 2)  # warm the page cache
        mine, spawn = [], []
        for _ in range(args.runs):  # alternate, so load changes hit both
            mine.append(rate(command, args.count))
            spawn.append(rate(["/bin/true"], args.count))
        bench = "startup_" + program.replace("-", "_")
        ours.append(record(bench, f"{program} --version", "starts/s", mine, spawns_per_run=args.count))
        floor.append(record(bench, "/bin/true (spawning any process)", "starts/s", spawn, spawns_per_run=args.count))
        if args.static:
            static = [os.path.join(args.static, program), "--version"]
            rate(static, 2)
            linked, shared = [], []
            for _ in range(args.runs):
                linked.append(rate(static, args.count))
                shared.append(rate(command, args.count))
            size = os.path.getsize(static[0])
            ours.append(record(bench + "_static", f"{program} --version, self-contained ({size / 1e6:.1f} MB)", "starts/s",
                               linked, spawns_per_run=args.count, bytes=size))
            floor.append(record(bench + "_static", f"the same, Swift runtime and C libraries shared "
                                f"({os.path.getsize(command[0]) / 1e6:.1f} MB)", "starts/s", shared, spawns_per_run=args.count))
    with open(args.ours, "a") as f:
        f.writelines(line + "\n" for line in ours)
    with open(args.reference, "a") as f:
        f.writelines(line + "\n" for line in floor)


if __name__ == "__main__":
    main()
