"""std_table.py - turns the lines of bench/std_bench.lua and bench/peers_std.py (one log) into the
RESULTS.md table and a bar chart. Usage: python3 bench/std_table.py LOG OUT.png "date, device"
Ratio = best peer time / tilelua time (>= 1: tilelua as fast or faster); copy fraction = copy time /
tilelua time (the share of device-to-device copy bandwidth tilelua reaches)."""
import re
import sys

log, png, title = sys.argv[1], sys.argv[2], sys.argv[3]
t = {}          # (who, op) -> us
nbytes = {}
for line in open(log):
    m = re.match(r"^(tilelua|torch|triton|cupy|copy) (\w+): ([0-9.]+) us(?: (\d+))?", line)
    if m:
        t[(m[1], m[2])] = float(m[3])
        if m[4]:
            nbytes[m[2]] = int(m[4])
ops = [op for (who, op) in t if who == "tilelua"]
rows = ["| op | tilelua | GB/s | torch | Triton | CuPy | best peer | ratio | copy | of copy bw |",
        "|---|---|---|---|---|---|---|---|---|---|"]
chart = []
for op in ops:
    me = t[("tilelua", op)]
    peers = {p: t[(p, op)] for p in ("torch", "triton", "cupy") if (p, op) in t}
    best = min(peers, key=peers.get) if peers else None
    ratio = peers[best] / me if best else float("nan")
    cp = t.get(("copy", op.replace("_noswizzle", "")))
    gbs = nbytes.get(op, 0) / (me * 1e-6) / 1e9
    cell = lambda p: f"{peers[p]:.1f} µs" if p in peers else "—"
    rows.append(f"| {op} | {me:.1f} µs | {gbs:.0f} | {cell('torch')} | {cell('triton')} | {cell('cupy')} | "
                f"{best or '—'} | {ratio:.2f}× | {cp:.1f} µs | {cp / me:.2f} |" if cp else
                f"| {op} | {me:.1f} µs | {gbs:.0f} | {cell('torch')} | {cell('triton')} | {cell('cupy')} | "
                f"{best or '—'} | {ratio:.2f}× | — | — |")
    chart.append((op, me, peers))
print("\n".join(rows))
try:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(11, 4.5))
    who = ["tilelua", "torch", "triton", "cupy"]
    w = 0.2
    for k, name in enumerate(who):
        xs, ys = [], []
        for i, (op, me, peers) in enumerate(chart):
            v = me if name == "tilelua" else peers.get(name)
            if v:
                xs.append(i + (k - 1.5) * w)
                ys.append(nbytes.get(op, 0) / (v * 1e-6) / 1e9)
        ax.bar(xs, ys, w, label=name)
    ax.set_xticks(range(len(chart)), [c[0] for c in chart], rotation=20)
    ax.set_ylabel("GB/s (bytes the op must move / time)")
    ax.set_title(title)
    ax.legend()
    fig.tight_layout()
    fig.savefig(png, dpi=110)
except ImportError as e:
    print(f"(no chart: {e})", file=sys.stderr)
