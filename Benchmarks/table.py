#!/usr/bin/env python3
"""Turns the rows run.sh collected (tab-separated: section, measure, result, target, verdict)
into one Markdown table headed by the machine it ran on, written to OUTPUT.

    python3 Benchmarks/table.py ROWS.tsv OUTPUT.md [full|smoke]
"""

import datetime
import os
import subprocess
import sys


def command(*args):
    try:
        return subprocess.run(args, capture_output=True, text=True, check=False).stdout.strip()
    except OSError:
        return "?"


def machine():
    memory = "?"
    cpu = "?"
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemTotal:"):
                    memory = f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    swift = command("swift", "--version").splitlines()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    commit = command("git", "-C", root, "rev-parse", "--short", "HEAD") or "?"
    return [
        f"- Date: {datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%d %H:%M UTC')}",
        f"- Machine: `nproc` = {command('nproc')}, {memory} memory, {cpu}, "
        f"load average at the end {os.getloadavg()[0]:.2f} (shared with other work)",
        f"- Swift: {swift[0] if swift else '?'}",
        f"- Commit: {commit}",
    ]


def cell(text):
    return text.replace("|", "\\|").strip()


def main(argv):
    rows_path, output, mode = argv[1], argv[2], (argv[3] if len(argv) > 3 else "full")
    rows = []
    with open(rows_path) as f:
        for line in f:
            line = line.rstrip("\n")
            if not line:
                continue
            parts = (line.split("\t") + [""] * 5)[:5]
            rows.append(parts)
    title = "Benchmark results" + (" (smoke run: 100 endpoints, one pass)" if mode == "smoke" else "")
    out = [f"# {title}", "", "Written by `Benchmarks/run.sh`" + (" --smoke" if mode == "smoke" else "") + ".", ""]
    out += machine()
    out += ["", "| Section | Measure | Result | Target | |", "| --- | --- | --- | --- | --- |"]
    for section, measure, result, target, verdict in rows:
        out.append(f"| {cell(section)} | {cell(measure)} | {cell(result)} | {cell(target)} | {cell(verdict)} |")
    out.append("")
    with open(output, "w") as f:
        f.write("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
