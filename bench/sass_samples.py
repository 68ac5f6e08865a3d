#!/usr/bin/env python3
"""sass_samples.py - where a kernel's time goes, instruction by instruction, from Nsight Compute's warp-state samples.

Input: the CSV of ncu's source page in SASS form:
    ncu --set full -k regex:NAME -c 1 -f -o rep tilesh --backend=cuda script.lua
    ncu --import rep.ncu-rep --page source --csv --print-source sass > k.csv
    python3 bench/sass_samples.py k.csv [k2.csv]

Prints the samples grouped by how often an instruction ran (its "Instructions Executed": in a persistent kernel the
code run once a work tile, the key loop's trips and the producer's each have a count of their own), then for the
hottest group the samples by opcode and by stall reason, and the instructions with the most samples. With two files
(the same kernel built two ways) it prints both, so a loss can be placed: outside the loop or inside it
(bench/RESULTS.md, 2026-11-29 session 34).
"""
import collections
import csv
import re
import sys


def load(path):
    rows = list(csv.reader(open(path, newline="")))
    hdr = next(r for r in rows if "Address" in r and "Source" in r)
    data = [r for r in rows[rows.index(hdr) + 1:] if len(r) == len(hdr)]
    col = {name: i for i, name in enumerate(hdr)}
    stalls = [(i, h[len("stall_"):]) for i, h in enumerate(hdr) if h.startswith("stall_") and "Not Issued" not in h]
    return hdr, data, col, stalls


def opcode(src):
    return re.sub(r"^@!?U?P\w+\s+", "", src.strip()).split()[0].split(".")[0] if src.strip() else "?"


def report(path):
    _, data, col, stalls = load(path)
    smp, exe, src = col["Warp Stall Sampling (All Samples)"], col["Instructions Executed"], col["Source"]
    total = sum(int(r[smp]) for r in data) or 1
    print(f"== {path}: {len(data)} instructions, {total} samples")
    groups, count = collections.Counter(), collections.Counter()
    for r in data:
        groups[int(r[exe])] += int(r[smp])
        count[int(r[exe])] += 1
    print("by times run (each group: instructions, samples)")
    for n, s in groups.most_common(8):
        print(f"  run {n:>9} x: {count[n]:5d} instructions {s:7d} samples {100 * s / total:5.1f}%")
    hot = groups.most_common(1)[0][0]
    ops, why = collections.Counter(), collections.Counter()
    for r in data:
        if int(r[exe]) != hot:
            continue
        ops[opcode(r[src])] += int(r[smp])
        for i, name in stalls:
            why[name] += int(r[i])
    hs = groups[hot] or 1
    print(f"the hottest group (run {hot} x), by opcode: " +
          ", ".join(f"{o} {100 * s / hs:.1f}%" for o, s in ops.most_common(10)))
    print("  by stall reason: " + ", ".join(f"{w} {100 * s / hs:.1f}%" for w, s in why.most_common(8)))
    print("instructions with the most samples (index, source, samples, times run)")
    for i, r in sorted(enumerate(data), key=lambda x: -int(x[1][smp]))[:12]:
        print(f"  {i:5d} {r[src].strip()[:60]:60s} {int(r[smp]):6d} {r[exe]}")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    for p in sys.argv[1:]:
        report(p)
