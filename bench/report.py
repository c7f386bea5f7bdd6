"""Joins airsign-bench's and reference.py's JSON lines into one table and bench/results.json.

  python bench/report.py OURS.jsonl REFERENCE.jsonl RESULTS.json

Each file may hold several records per benchmark (scripts/bench alternates the two sides over a
few rounds so that a change in machine load hits both); their per-run rates are pooled. Rows are
benchmarks by name; "ratio" is our median over the reference's (above 1: we are faster). A
benchmark without a reference row shows "-" there.
"""
import json
import platform
import statistics
import sys
import time


def read(path):
    """bench name -> {"impl", "rates", "details"} with the rates of every record pooled."""
    out = {}
    with open(path) as f:
        for line in f:
            if not line.strip():
                continue
            record = json.loads(line)
            entry = out.setdefault(record["bench"], {"impl": record["impl"], "rates": [], "details": {}})
            entry["rates"].extend(record["rates"])
            entry["details"].update({k: v for k, v in record.items() if k not in ("rates", "median", "min", "max")})
    for entry in out.values():
        rates = entry["rates"]
        entry.update(median=statistics.median(rates), min=min(rates), max=max(rates), runs=len(rates))
    return out


def main(ours_path, reference_path, results_path):
    ours, reference = read(ours_path), read(reference_path)
    rows = []
    for name, mine in ours.items():
        ref = reference.get(name)
        ratio = mine["median"] / ref["median"] if ref else None
        rows.append({"bench": name, "ours": mine, "reference": ref, "ratio": ratio})

    header = ("operation", "ours/s", "(min-max)", "reference/s", "(min-max)", "ratio")
    lines = []
    for r in rows:
        mine, ref = r["ours"], r["reference"]
        lines.append((
            r["bench"], f'{mine["median"]:,.0f}', f'({mine["min"]:,.0f}-{mine["max"]:,.0f})',
            f'{ref["median"]:,.0f}' if ref else "-", f'({ref["min"]:,.0f}-{ref["max"]:,.0f})' if ref else "-",
            f'{r["ratio"]:.2f}x' if ref else "-",
        ))
    widths = [max(len(str(x)) for x in col) for col in zip(header, *lines)]
    for line in [header, *lines]:
        print("  ".join(str(x).ljust(w) if i == 0 else str(x).rjust(w) for i, (x, w) in enumerate(zip(line, widths))))
    references = sorted({r["reference"]["impl"] for r in rows if r["reference"]})
    runs = sorted({r["ours"]["runs"] for r in rows})
    print(f"medians of {'/'.join(map(str, runs))} runs per side; ratio = ours / reference; "
          f"reference: {', '.join(references) or 'none'}")

    with open(results_path, "w") as f:
        json.dump({"date": time.strftime("%Y-%m-%dT%H:%M:%S%z"), "machine": platform.machine(),
                   "processor": _cpu(), "rows": rows}, f, indent=2)
        f.write("\n")


def _cpu():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor()


if __name__ == "__main__":
    main(*sys.argv[1:4])
