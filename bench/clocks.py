#!/usr/bin/env python3
"""clocks.py - what the GPU's clock did during a bench run: reads nvidia-smi's samples
(nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,clocks_event_reasons.active --format=csv -lms 100) and prints
one line: the SM clock over the busy samples (power above BUSY_W watts: kernels running), its median, the highest
power, and the share of busy samples with the "SW power cap" clock event (0x4) active. The H200's kernels here run
at its power limit, so the clock moves with the power by up to 10% between runs (bench/RESULTS.md, 2026-11-30,
session 46): the line says how far a table's run was held back.
Usage: bench/clocks.py CSV"""
import csv
import statistics
import sys

BUSY_W = 300.0  # (idle and between cases: 70-250 W)
POWER_CAP = 0x4


def main(path):
    busy, cols = [], None
    with open(path, newline="") as f:
        for row in csv.reader(f):
            names = [c.strip() for c in row]
            if cols is None:  # the header: the columns by name, in whatever order the query gave them
                want = ("clocks.current.sm", "power.draw", "clocks_event_reasons.active")
                found = [next((i for i, n in enumerate(names) if n.startswith(w)), None) for w in want]
                if None in found:
                    sys.exit("clocks.py: %s: the header lacks %s" % (path, ", ".join(w for w, i in zip(want, found) if i is None)))
                cols = found
                continue
            try:
                mhz, watts, why = (int(names[cols[0]].split()[0]), float(names[cols[1]].split()[0]),
                                   int(names[cols[2]], 16))
            except (IndexError, ValueError):
                continue  # a line nvidia-smi could not fill ([N/A])
            if watts > BUSY_W:
                busy.append((mhz, watts, why))
    if not busy:
        print("# clocks: no busy samples (power never above %.0f W) in %s" % (BUSY_W, path))
        return
    mhz = [b[0] for b in busy]
    capped = sum(1 for b in busy if b[2] & POWER_CAP)
    print("# clocks: SM %d-%d MHz (median %.0f) over %d busy samples, power up to %.0f W, SW power cap in %d%%" %
          (min(mhz), max(mhz), statistics.median(mhz), len(busy), max(b[1] for b in busy), round(100 * capped / len(busy))))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__.split("\n")[-1])
    main(sys.argv[1])
