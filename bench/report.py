"""Joins airsign-bench's and reference.py's JSON lines into one table and bench/results.json.

  python bench/report.py OURS.jsonl REFERENCE.jsonl RESULTS.json [--baseline FILE] [--write-baseline]

Each file may hold several records per benchmark (scripts/bench alternates the two sides over a
few rounds so that a change in machine load hits both); their per-run rates are pooled. Rows are
benchmarks by name, with their unit (operations or QR frames per second); "ratio" is our median
over the reference's (above 1: we are faster). A benchmark without a reference row shows "-"
there. The fountain records are ratios, not speeds (frames needed ÷ fragments, per trial): they
get a table of their own, with the trials of every round pooled. A reference record without a row
of ours (the process-spawn floor) is printed as a note.

A batch row of ours may name its bare primitive loop (`floor`, an airsign-bench row; with
`floor_ops_per_request` when a request takes several signatures): "÷floor" is then our rate over
that loop's rate per request, the share of the one-core limit the whole pipeline reaches. Rows
with `scaling_of` (the same batch cut to 1 and 100 requests) go to a table of time per request by
batch size.

Regressions are made visible against a committed baseline (bench/baseline.json): each row's
ratio to its reference and ÷floor, ratios rather than times, so a slower or busier machine moves
both sides and the comparison still holds. The last table prints baseline, now and the change for
every row in both, and flags a ratio more than 20% below its baseline. `--write-baseline` prints
that table against the old baseline, then replaces it with this run's ratios (after a change that
is meant to move them, said in its commit).
"""
import json
import platform
import statistics
import sys
import time


def read(path):
    """(bench name -> {"impl", "unit", "rates", "details"} with the rates of every record pooled,
    bench name -> {"trials", "received_per_k", "shown_per_k", "details"} for the fountain ratios,
    pooled the same way)."""
    out, ratios = {}, {}
    with open(path) as f:
        for line in f:
            if not line.strip():
                continue
            record = json.loads(line)
            if "received_per_k" in record:
                entry = ratios.setdefault(record["bench"], {"received_per_k": [], "shown_per_k": [], "details": {}})
                entry["received_per_k"].extend(record["received_per_k"])
                entry["shown_per_k"].extend(record["shown_per_k"])
                entry["details"].update({k: v for k, v in record.items() if not k.endswith("_per_k")})
                continue
            entry = out.setdefault(record["bench"], {"impl": record["impl"], "unit": record.get("unit", "ops/s"),
                                                     "rates": [], "details": {}})
            entry["rates"].extend(record["rates"])
            entry["details"].update({k: v for k, v in record.items() if k not in ("rates", "median", "min", "max")})
    for entry in out.values():
        rates = entry["rates"]
        entry.update(median=statistics.median(rates), min=min(rates), max=max(rates), runs=len(rates))
    for entry in ratios.values():
        for key in ("received_per_k", "shown_per_k"):
            values = entry[key]
            entry[key.replace("_per_k", "")] = {"mean": statistics.mean(values), "max": max(values)}
        entry["trials"] = len(entry["received_per_k"])
    return out, ratios


def table(header, lines):
    widths = [max(len(str(x)) for x in col) for col in zip(header, *lines)]
    for line in [header, *lines]:
        print("  ".join(str(x).ljust(w) if i < 2 else str(x).rjust(w) for i, (x, w) in enumerate(zip(line, widths))))


def number(x):
    return f"{x:,.0f}" if x >= 100 else f"{x:,.1f}" if x >= 10 else f"{x:.3g}"


def duration(seconds):
    for unit, scale in (("s", 1), ("ms", 1e-3), ("µs", 1e-6)):
        if seconds >= scale:
            return f"{seconds / scale:.3g} {unit}"
    return f"{seconds / 1e-9:.3g} ns"


def scaling(ours):
    """Time per request of each batch cut to 1 and 100 requests and whole, and the marginal time
    per request from 100 to the whole batch (fixed costs cancel: flat means no growth)."""
    groups = {}
    for name, entry in ours.items():
        base = entry["details"].get("scaling_of")
        if base in ours:
            groups.setdefault(base, {})[entry["details"]["requests"]] = entry
    if not groups:
        return
    print()
    print("batch size: time per request, fixed costs (process start, one Argon2id unlock) included")
    lines = []
    for base, sizes in groups.items():
        full = ours[base]
        count = next(iter(sizes.values()))["details"].get("scaling_of_requests")
        if not count or 1 not in sizes or 100 not in sizes:
            continue
        seconds = {n: n / e["median"] for n, e in sizes.items()}
        seconds[count] = count / full["median"]
        marginal = (seconds[count] - seconds[100]) / (count - 100)
        lines.append((base, duration(seconds[1]), duration(seconds[100] / 100), duration(seconds[count] / count),
                      duration(marginal)))
    table(("batch", "n=1", "n=100", "n=10,000", "each of the last 9,900"), lines)


REGRESSION = 0.8  # a ratio below 80% of its baseline is flagged


def baseline_comparison(rows, baseline_path, write):
    """Prints each row's ratio and ÷floor beside the baseline's, with the change; with `write`,
    then stores this run's as the new baseline, so the run that replaces a baseline still shows
    what it moved."""
    current = {r["bench"]: {k: round(r[k], 4) for k in ("ratio", "floor_ratio") if r[k] is not None}
               for r in rows if "scaling_of" not in r["ours"]["details"]}
    current = {name: values for name, values in current.items() if values}
    try:
        with open(baseline_path) as f:
            baseline = json.load(f)["rows"]
    except FileNotFoundError:
        baseline = None
        if not write:
            print(f"\nbaseline: {baseline_path} is missing; write one with scripts/bench --write-baseline")
    if baseline is not None:
        compare(current, baseline, baseline_path)
    if write:
        with open(baseline_path, "w") as f:
            json.dump({"note": "ratios of bench/report.py (ours / reference, ours ÷ bare floor) from one make bench run; "
                               "compared by every later run", "date": time.strftime("%Y-%m-%d"), "processor": _cpu(),
                       "rows": current}, f, indent=2, sort_keys=True)
            f.write("\n")
        print(f"\nbaseline: wrote {len(current)} rows' ratios to {baseline_path}")


def compare(current, baseline, baseline_path):
    """The table of every row's ratios now beside `baseline`'s; flags those more than 20% below."""
    lines, flagged = [], []
    for name in sorted(set(current) | set(baseline)):
        for key, label in (("ratio", "ratio"), ("floor_ratio", "÷floor")):
            then, now = baseline.get(name, {}).get(key), current.get(name, {}).get(key)
            if then is None and now is None:
                continue
            change = f"{now / then - 1:+.0%}" if then and now is not None else "-"
            mark = ""
            if then and now is not None and now < then * REGRESSION:
                mark = "slower"
                flagged.append(f"{name} {label}")
            lines.append((name, label, f"{then:.2f}x" if then is not None else "new", f"{now:.2f}x" if now is not None else "gone",
                          change, mark))
    print()
    print(f"against the baseline ({baseline_path}): ratios, not times")
    table(("operation", "ratio", "baseline", "now", "change", ""), lines)
    if flagged:
        print(f"{len(flagged)} ratio(s) more than {1 - REGRESSION:.0%} below the baseline: {', '.join(flagged)}")


def main(ours_path, reference_path, results_path, baseline_path="bench/baseline.json", write_baseline=False):
    (ours, fountain), (reference, _) = read(ours_path), read(reference_path)
    rows = []
    for name, mine in ours.items():
        ref = reference.get(name)
        ratio = mine["median"] / ref["median"] if ref else None
        floor = ours.get(mine["details"].get("floor", ""))
        per_request = floor["median"] / mine["details"].get("floor_ops_per_request", 1) if floor else None
        rows.append({"bench": name, "ours": mine, "reference": ref, "ratio": ratio,
                     "floor": mine["details"].get("floor") if floor else None,
                     "floor_ratio": mine["median"] / per_request if floor else None})

    header = ("operation", "unit", "ours", "(min-max)", "per op", "reference", "(min-max)", "ratio", "÷floor")
    lines = []
    for r in rows:
        mine, ref = r["ours"], r["reference"]
        if "scaling_of" in mine["details"]:
            continue
        lines.append((
            r["bench"], mine["unit"], number(mine["median"]), f'({number(mine["min"])}-{number(mine["max"])})',
            duration(1 / mine["median"]),
            number(ref["median"]) if ref else "-", f'({number(ref["min"])}-{number(ref["max"])})' if ref else "-",
            f'{r["ratio"]:.2f}x' if ref else "-", f'{r["floor_ratio"]:.2f}x' if r["floor_ratio"] else "-",
        ))
    table(header, lines)
    references = sorted({r["reference"]["impl"] for r in rows if r["reference"]})
    runs = sorted({r["ours"]["runs"] for r in rows})
    print(f"medians of {'/'.join(map(str, runs))} runs per side; ratio = ours / reference (above 1: ours faster); "
          f"reference: {'; '.join(references) or 'none'}")
    notes = {name: entry for name, entry in reference.items() if name not in ours}
    if "process_spawn_floor" in notes:
        floor = notes["process_spawn_floor"]
        print(f"spawning /bin/true the way the CLI rows spawn their tools: {1000 / floor['median']:.2f} ms "
              f"({number(floor['median'])} spawns/s), included in every CLI row")
    for name, entry in notes.items():
        if name != "process_spawn_floor":
            print(f"{name}: {number(entry['median'])} {entry['unit']} ({entry['impl']}; no row of ours)")

    scaling(ours)
    baseline_comparison(rows, baseline_path, write_baseline)

    fountain_rows = []
    if fountain:
        print()
        first = next(iter(fountain.values()))["details"]
        print(f"fountain: frames needed ÷ k (k = {first['k']} fragments of {first['fragment_length']} B, "
              f"{first['message_bytes']}-byte messages, a fresh random message per trial)")
        lines = []
        for name, entry in fountain.items():
            d = entry["details"]
            fountain_rows.append({"bench": name, "unit": "frames/k", "loss": d["loss"], "trials": entry["trials"],
                                  "k": d["k"], "received_per_k": entry["received"], "shown_per_k": entry["shown"],
                                  "per_trial": {"received_per_k": entry["received_per_k"],
                                                "shown_per_k": entry["shown_per_k"]}, "details": d})
            lines.append((f'{d["loss"]:.0%}', "frames/k", entry["trials"],
                          f'{entry["received"]["mean"]:.3f}', f'{entry["received"]["max"]:.2f}',
                          f'{entry["shown"]["mean"]:.3f}', f'{entry["shown"]["max"]:.2f}'))
        table(("loss", "unit", "trials", "received÷k", "(max)", "shown÷k", "(max)"), lines)
        print("received: frames the decoder was given until the message was complete; "
              "shown: also the lost frames a display went through")

    with open(results_path, "w") as f:
        json.dump({"date": time.strftime("%Y-%m-%dT%H:%M:%S%z"), "machine": platform.machine(),
                   "processor": _cpu(), "rows": rows, "fountain": fountain_rows, "notes": notes}, f, indent=2)
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
    arguments = sys.argv[1:]
    write = "--write-baseline" in arguments
    arguments = [a for a in arguments if a != "--write-baseline"]
    baseline = "bench/baseline.json"
    if "--baseline" in arguments:
        at = arguments.index("--baseline")
        baseline = arguments[at + 1]
        del arguments[at:at + 2]
    main(*arguments[:3], baseline_path=baseline, write_baseline=write)
