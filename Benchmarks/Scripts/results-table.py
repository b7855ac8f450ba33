#!/usr/bin/env python3
"""Turns the benchmark plugin's `histogramPercentiles` export into the Markdown tables of
Benchmarks/README.md.

    swift package --package-path Benchmarks --allow-writing-to-directory /tmp/bench \
        benchmark --format histogramPercentiles --path /tmp/bench
    python3 Benchmarks/Scripts/results-table.py /tmp/bench

The export holds one file per benchmark and metric,
`<baseline>.<target>.<name>.<metric>.histogram.percentiles.tsv`, with the value at each
percentile, already divided by the benchmark's scaling factor: per operation (or pair).
"""

import argparse
import re
import sys
from collections import defaultdict
from pathlib import Path

SUFFIX = ".histogram.percentiles.tsv"
TIME_UNITS = {"ns": 1, "μs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9}
COUNT_UNITS = {"K": 1e3, "M": 1e6, "G": 1e9}
DEPTH = re.compile(r"^(?P<operation>.+) @(?P<depth>\d+)$")

# The floor each depth-dependent operation is compared with, by name prefix.
FLOORS = [("Read ", "Floor lookup"), ("Flow ", "Floor push-back"), ("Transaction ", "Floor push-back")]
# Other comparisons: (benchmark, the benchmark it is compared with).
COMPARISONS = [
    ("Snapshot round-trip state", "Snapshot round-trip flat floor"),
    ("Logging buffer push-back @1000", "Logging disabled push-back @1000"),
]


def read_export(directory, baseline):
    """Returns {benchmark name: {metric: {percentile: value in ns or units}}}."""
    results = defaultdict(dict)
    baselines = set()
    for path in sorted(Path(directory).glob("*" + SUFFIX)):
        stem = path.name[: -len(SUFFIX)]
        name_baseline, target_and_rest = stem.split(".", 1)
        _target, rest = target_and_rest.split(".", 1)
        name, metric = rest.rsplit(".", 1)
        baselines.add(name_baseline)
        if baseline and name_baseline != baseline:
            continue
        lines = path.read_text().splitlines()
        factor = unit_factor(lines[0])
        values = {}
        for line in lines[1:]:
            percentile, value = line.split("\t")
            values[float(percentile)] = float(value) * factor
        results[name.replace("_", " ")][metric] = values
    if not baseline and len(baselines) > 1:
        sys.exit(f"several baselines in {directory}: {sorted(baselines)}; choose one with --baseline")
    return results


def unit_factor(header):
    """The factor to nanoseconds or to units from a header such as `Time (wall clock) (μs) *`."""
    header = header.split("\t", 1)[-1]
    units = re.findall(r"\(([^()]+)\)", header)
    last = units[-1] if units else ""
    if header.startswith("Time"):
        return TIME_UNITS.get(last, 1)
    return COUNT_UNITS.get(last, 1)


def p50(results, name, metric="wallClock"):
    return results.get(name, {}).get(metric, {}).get(50)


def time(nanoseconds):
    if nanoseconds is None:
        return "—"
    for unit, size in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if nanoseconds >= size:
            return f"{nanoseconds / size:.3g} {unit}" if nanoseconds < 100 * size else f"{nanoseconds / size:.0f} {unit}"
    return f"{nanoseconds:.0f} ns"


def ratio(numerator, denominator):
    if numerator is None or not denominator:
        return "—"
    value = numerator / denominator
    return f"{value:,.0f}" if value >= 100 else f"{value:.2f}"


def count(value):
    return "—" if value is None else f"{value:,.0f}"


def depth_table(results):
    operations = defaultdict(dict)
    for name in results:
        match = DEPTH.match(name)
        if match and not name.startswith(("Logging", "Memory")):
            operations[match["operation"]][int(match["depth"])] = name
    depths = sorted({depth for names in operations.values() for depth in names})
    if not depths:
        return ""
    header = ["operation"] + [f"depth {short(depth)}" for depth in depths]
    header += [f"{short(depths[-1])} / {short(depths[0])}", "ratio to floor (" + " / ".join(map(short, depths)) + ")"]
    header += ["mallocs (" + " / ".join(map(short, depths)) + ")"]
    rows = []
    for operation in sorted(operations, key=order):
        names = operations[operation]
        floor = next((floor for prefix, floor in FLOORS if operation.startswith(prefix)), None)
        times = [p50(results, names.get(depth)) for depth in depths]
        floors = [p50(results, f"{floor} @{depth}") if floor else None for depth in depths]
        row = [operation] + [time(value) for value in times]
        row.append(ratio(times[-1], times[0]))
        row.append(" / ".join(ratio(value, base) for value, base in zip(times, floors)) if floor else "—")
        row.append(" / ".join(count(p50(results, names.get(depth), "mallocCountTotal")) for depth in depths))
        rows.append(row)
    return markdown(header, rows)


def other_table(results):
    rows = []
    compared = dict(COMPARISONS)
    for name in sorted(results):
        if DEPTH.match(name) and not name.startswith(("Logging", "Memory")):
            continue
        if name.startswith("Memory"):
            continue
        base = compared.get(name)
        rows.append([
            name,
            time(p50(results, name)),
            count(p50(results, name, "mallocCountTotal")),
            f"{ratio(p50(results, name), p50(results, base))} × {base}" if base else "—",
        ])
    return markdown(["benchmark", "p50 wall clock", "mallocs p50", "compared with"], rows)


def memory_table(results):
    rows = []
    for name in sorted(results):
        if not name.startswith("Memory"):
            continue
        for metric, values in sorted(results[name].items()):
            show = time if metric == "wallClock" else count
            rows.append([name, metric.replace("_", " ")] + [show(values.get(percentile)) for percentile in (0, 50, 100)])
    return markdown(["benchmark", "metric", "p0", "p50", "p100"], rows)


def order(operation):
    """Floors first, then transactions, flows and reads, each in name order."""
    groups = ["Floor push-back", "Transaction", "Flow", "Floor lookup", "Read"]
    return (next((index for index, prefix in enumerate(groups) if operation.startswith(prefix)), len(groups)), operation)


def short(depth):
    depth = int(depth)
    return f"{depth // 1000}k" if depth >= 1000 and depth % 1000 == 0 else str(depth)


def markdown(header, rows):
    lines = ["| " + " | ".join(header) + " |", "| " + " | ".join(["---"] + ["---:"] * (len(header) - 1)) + " |"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", help="the directory the histogramPercentiles export was written to")
    parser.add_argument("--baseline", help="the baseline to read when the directory holds several")
    arguments = parser.parse_args()
    results = read_export(arguments.directory, arguments.baseline)
    if not results:
        sys.exit(f"no *{SUFFIX} files in {arguments.directory}")
    print("p50 wall clock per iteration (a pair of operations, or one send or read; see the README).\n")
    depths = depth_table(results)
    if depths:
        print(depths)
        print()
    print(other_table(results))
    memory = memory_table(results)
    if memory.count("\n") > 1:
        print()
        print(memory)


if __name__ == "__main__":
    main()
