#!/usr/bin/env python3
"""clocks.py - what the GPU's clock did during a bench run: reads nvidia-smi's samples
(nvidia-smi --query-gpu=timestamp,utilization.gpu,clocks.sm,power.draw,clocks_event_reasons.active --format=csv -lms
100) and prints a line: the SM clock over the busy samples (a kernel running BUSY_UTIL% of the driver's last period or
more), its median, the highest power, and the share of busy samples with the "SW power cap" clock event (0x4) active. The H200's kernels here run
at its power limit, so the clock moves with the power by up to 9% between runs (bench/RESULTS.md, 2026-11-30,
session 46): the line says how far a table's run was held back.
With LOG, the bench's log holding lines "# phase NAME SECONDS" (SECONDS since the epoch, `date +%s.%N`, each phase
running until the next one's mark or the samples' end), a line more for each phase: whether tilelua's runs and the
peers' ran at the same clock.
Usage: bench/clocks.py CSV [LOG]"""
import csv
import datetime
import statistics
import sys

# (not the power: the driver averages it over about a second, so a run of short cases never reads busy by it,
# bench/RESULTS.md 2026-11-30 session 46, call 6)
BUSY_UTIL = 50
POWER_CAP = 0x4
WANT = ("timestamp", "utilization.gpu", "clocks.current.sm", "power.draw", "clocks_event_reasons.active")


def samples(path):
    """(seconds since the epoch, MHz, W, clock event bits) of each busy sample; the columns found by name."""
    busy, cols, rows = [], None, 0
    with open(path, newline="") as f:
        for row in csv.reader(f):
            names = [c.strip() for c in row]
            if cols is None:  # the header, in whatever order the query gave the columns
                found = [next((i for i, n in enumerate(names) if n.startswith(w)), None) for w in WANT]
                if None in found:
                    sys.exit("clocks.py: %s: the header lacks %s" % (path, ", ".join(w for w, i in zip(WANT, found) if i is None)))
                cols = found
                continue
            try:
                # (nvidia-smi writes the machine's local time, which clocks.py reads on the same machine)
                t = datetime.datetime.strptime(names[cols[0]], "%Y/%m/%d %H:%M:%S.%f").timestamp()
                util, mhz = int(names[cols[1]].split()[0]), int(names[cols[2]].split()[0])
                watts, why = float(names[cols[3]].split()[0]), int(names[cols[4]], 16)
            except (IndexError, ValueError):
                continue  # a line nvidia-smi could not fill ([N/A])
            rows += 1
            if util >= BUSY_UTIL:
                busy.append((t, mhz, watts, why))
    return busy if rows else None


def summary(label, busy):
    if busy is None:
        return "# clocks%s: no samples" % label
    if not busy:
        return "# clocks%s: no busy samples (the GPU never %d%% busy)" % (label, BUSY_UTIL)
    mhz = [b[1] for b in busy]
    capped = sum(1 for b in busy if b[3] & POWER_CAP)
    return "# clocks%s: SM %d-%d MHz (median %.0f) over %d busy samples, power up to %.0f W, SW power cap in %d%%" % (
        label, min(mhz), max(mhz), statistics.median(mhz), len(busy), max(b[2] for b in busy),
        round(100 * capped / len(busy)))


def phases(log):
    """[(name, start seconds)] from the log's "# phase NAME SECONDS" lines, in order."""
    out = []
    with open(log) as f:
        for line in f:
            parts = line.split()
            if len(parts) == 4 and parts[:2] == ["#", "phase"]:
                try:
                    out.append((parts[2], float(parts[3])))
                except ValueError:
                    sys.exit("clocks.py: %s: a phase mark without a time: %s" % (log, line.strip()))
    return out


def main(argv):
    if len(argv) not in (2, 3):
        sys.exit(__doc__.split("\n")[-1])
    busy = samples(argv[1])
    print(summary("", busy))
    if len(argv) == 3:
        marks = phases(argv[2])
        for i, (name, t0) in enumerate(marks):
            t1 = marks[i + 1][1] if i + 1 < len(marks) else float("inf")
            print(summary(" " + name, busy and [b for b in busy if t0 <= b[0] < t1]))


if __name__ == "__main__":
    main(sys.argv)
