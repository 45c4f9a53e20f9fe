#!/usr/bin/env python3
"""Helpers for Benchmarks/compare.sh.

    python3 Benchmarks/compare_table.py summary RUNS.tsv
        RUNS.tsv: one line per run, "side round wall cpu maxrss_kb" with side A (the baseline: version 1
        or swift-openapi-generator) or B (endpoint-gen version 2). Prints, tab-separated:
        runs-per-side  A-wall A-cpu A-peak-MB  B-wall B-cpu B-peak-MB  ratio-wall ratio-cpu ratio-peak
        Times are medians over the runs of a side. The ratios are B/A: the median of the per-round
        ratios (each round ran A and B back to back), the peak-memory ratio that of the maxima.

    python3 Benchmarks/compare_table.py run TIME.txt LOG CMD...
        Runs CMD (output to LOG) and writes "wall user sys maxrss_kb" to TIME.txt, like GNU time's
        '%e %U %S %M' but to the microsecond: wait4's resource usage of CMD and every process it
        waited for (a compiler driver's frontend jobs); maxrss is that of the largest of them.
        Exits with CMD's status.

    python3 Benchmarks/compare_table.py table ROWS.tsv OUTPUT.md NOTES.txt [TITLE]
        ROWS.tsv: "comparison, input, measure, baseline, ours, ratio" per line.
"""

import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from table import machine  # noqa: E402


def seconds(value):
    """Two decimals, or three significant digits below 0.1 s (generation of a small spec)."""
    return f"{value:.2f}" if value >= 0.1 else f"{value:.3g}"


def summary(path):
    runs = {"A": {}, "B": {}}
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) != 5:
                continue
            side, rnd, wall, cpu, rss = parts
            runs[side][int(rnd)] = (float(wall), float(cpu), int(rss))
    a, b = runs["A"], runs["B"]
    rounds = sorted(set(a) & set(b))
    if not rounds:
        print("0")
        return

    def med(side, i):
        return statistics.median(v[i] for v in side.values())

    def ratio(i):
        values = [b[r][i] / a[r][i] for r in rounds if a[r][i] > 0]
        return statistics.median(values) if values else float("nan")

    peak_a = max(v[2] for v in a.values()) / 1024
    peak_b = max(v[2] for v in b.values()) / 1024
    print("\t".join([
        str(len(rounds)),
        seconds(med(a, 0)), seconds(med(a, 1)), f"{peak_a:.0f}",
        seconds(med(b, 0)), seconds(med(b, 1)), f"{peak_b:.0f}",
        f"{ratio(0):.2f}", f"{ratio(1):.2f}", f"{peak_b / peak_a:.2f}" if peak_a else "nan",
    ]))


def run(time_path, log_path, command):
    with open(log_path, "wb") as log:
        start = time.perf_counter()
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    with open(time_path, "w") as f:
        f.write(f"{wall:.4f} {usage.ru_utime:.4f} {usage.ru_stime:.4f} {usage.ru_maxrss}\n")
    return process.returncode if process.returncode >= 0 else 128 - process.returncode


def cell(text):
    return text.replace("|", "\\|").strip()


def table(rows_path, output, notes_path,
          title="Comparison: endpoint-gen version 2 against version 1 and swift-openapi-generator"):
    rows = []
    with open(rows_path) as f:
        for line in f:
            line = line.rstrip("\n")
            if line:
                rows.append((line.split("\t") + [""] * 6)[:6])
    notes = []
    if os.path.exists(notes_path):
        with open(notes_path) as f:
            notes = [line.rstrip("\n") for line in f if line.strip()]
    out = [
        "# " + title,
        "",
        "Written by `Benchmarks/compare.sh` (not run by CI). Each ratio is endpoint-gen version 2 divided by",
        "the baseline, measured in one run: the two sides run back to back, alternating (A B B A ...), and",
        "the ratio is the median of the per-round ratios. Times are medians of each side's runs. Absolute",
        "times depend on what else the shared machine was doing; compare the ratios, not the seconds, with",
        "other runs. Below 1 means version 2 is smaller or faster.",
        "",
    ]
    out += machine()
    out += ["", "| Comparison | Input | Measure | Baseline | endpoint-gen v2 | v2 / baseline |",
            "| --- | --- | --- | --- | --- | --- |"]
    for row in rows:
        out.append("| " + " | ".join(cell(c) for c in row) + " |")
    if notes:
        out += ["", "Notes:", ""]
        out += [f"- {n}" for n in notes]
    out.append("")
    with open(output, "w") as f:
        f.write("\n".join(out))


def main(argv):
    if len(argv) >= 3 and argv[1] == "summary":
        summary(argv[2])
        return 0
    if len(argv) >= 5 and argv[1] == "run":
        return run(argv[2], argv[3], argv[4:])
    if len(argv) >= 5 and argv[1] == "table":
        table(argv[2], argv[3], argv[4], *argv[5:6])
        return 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
