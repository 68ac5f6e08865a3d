"""attention_table.py - the lines of bench/attention_bench.lua, bench/peers_attention.py and
bench/triton_attention.py (one log)
as the RESULTS.md table and a chart (TFLOP/s vs S, one line per implementation, one panel per dtype,
D and mask). Usage: python3 bench/attention_table.py LOG OUT.png "date, device"
Ratio = fastest SDPA backend time / tilelua time (>= 1: tilelua as fast or faster); the Triton
column (the tutorial's algorithm, bench/triton_attention.py) is not part of the ratio. Where the log has peers timed as
tilelua is (bench/peers_attention.py with PEERS_TIMER=timeit: lines "sdpa_<backend>[timeit] ..."), two more columns:
the fastest of those and tilelua's ratio against it (both sides timed alike). Where it has tilelua timed as triton's
do_bench times the peers (bench/attention_bench.lua with ATTENTION_TIMER=do_bench: lines "tilelua[do_bench] ..."), two
more: that time and the fastest SDPA backend's (by do_bench) over it."""
import re
import sys

log, png, title = sys.argv[1], sys.argv[2], sys.argv[3]
t = {}  # (who, case) -> (us, tflops)
# (the backward's lines: "..._bwd S=N dq=MODE"; the default, dq=wgmma, is tilelua's row)
pat = re.compile(r"^(tilelua(?:\[[^\]]*\])?|sdpa_\w+(?:\[timeit\])?|triton) (attention (\w+) d(\d+) (\w+) S=(\d+))(?: dq=wgmma)?: "
                 r"([0-9.]+) us ([0-9.]+) TFLOP/s")
cases = []


def timeit_cells(c, me):
    """The fastest peer timed by timeit for case c and tilelua's ratio against it."""
    alike = {p: t[(p, c)] for (p, cc) in t if cc == c and p.endswith("[timeit]")}
    if not alike:
        return " — | — |"
    best = min(alike, key=lambda p: alike[p][0])
    ratio = f"{alike[best][0] / me[0]:.2f}×" if me else "—"
    return f" {best[5:-8]} {alike[best][0]:.0f} µs | {ratio} |"


DB = "tilelua[do_bench]"


def do_bench_cells(c, best, peers):
    """tilelua's time by do_bench for case c and the fastest peer's (by do_bench) over it."""
    me = t.get((DB, c))
    if not me:
        return " — | — |"
    return f" {me[0]:.0f} µs | {f'{peers[best][0] / me[0]:.2f}×' if best else '—'} |"


for line in open(log):
    m = pat.match(line)
    if m:
        # (a case timed more than once, as the backward's rounds: the fastest)
        if (m[1], m[2]) not in t or float(m[7]) < t[(m[1], m[2])][0]:
            t[(m[1], m[2])] = (float(m[7]), float(m[8]))
        if m[2] not in cases:
            cases.append(m[2])
timed_alike = any(who.endswith("[timeit]") for (who, c) in t)
bench_alike = any(who == DB for (who, c) in t)
rows = ["| case | tilelua | TFLOP/s | SDPA flash | SDPA efficient | SDPA cuDNN | Triton | fastest SDPA | ratio |" +
        (" fastest SDPA, timeit | ratio, timeit |" if timed_alike else "") +
        (" tilelua, do_bench | ratio, do_bench |" if bench_alike else ""),
        "|---|---|---|---|---|---|---|---|---|" + ("---|---|" if timed_alike else "") + ("---|---|" if bench_alike else "")]
for c in cases:
    me = t.get(("tilelua", c))
    peers = {p: t[(p, c)] for p in ("sdpa_flash", "sdpa_efficient", "sdpa_cudnn") if (p, c) in t}
    best = min(peers, key=lambda p: peers[p][0]) if peers else None
    cell = lambda p: f"{peers[p][0]:.0f} µs ({peers[p][1]:.0f})" if p in peers else "—"
    tri = t.get(("triton", c))
    ratio = f"{peers[best][0] / me[0]:.2f}×" if me and best else "—"
    rows.append(f"| {c.replace('attention ', '')} | {f'{me[0]:.0f} µs' if me else '—'} | {f'{me[1]:.0f}' if me else '—'} | "
                f"{cell('sdpa_flash')} | {cell('sdpa_efficient')} | {cell('sdpa_cudnn')} | "
                f"{f'{tri[0]:.0f} µs ({tri[1]:.0f})' if tri else '—'} | "
                f"{best.replace('sdpa_', '') if best else '—'} | {ratio} |" + (timeit_cells(c, me) if timed_alike else "") +
                (do_bench_cells(c, best, peers) if bench_alike else ""))
variants = sorted({who for (who, c) in t if who.startswith("tilelua[") and who != DB})
if variants:
    rows += ["", "| config (opts.config) | case | time | TFLOP/s | default's time |", "|---|---|---|---|---|"]
    for who in variants:
        for c in cases:
            if (who, c) in t:
                base = t.get(("tilelua", c))
                rows.append(f"| `{who[8:-1]}` | {c.replace('attention ', '')} | {t[(who, c)][0]:.0f} µs | {t[(who, c)][1]:.0f} | "
                            f"{f'{base[0]:.0f} µs' if base else '—'} |")
print("\n".join(rows))
try:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    panels = sorted({re.sub(r" S=\d+$", "", c) for c in cases})
    fig, axes = plt.subplots(2, (len(panels) + 1) // 2, figsize=(4 * ((len(panels) + 1) // 2), 7), squeeze=False)
    for ax, panel in zip(axes.flat, panels):
        for who in ("tilelua", "sdpa_flash", "sdpa_efficient", "sdpa_cudnn", "triton"):
            pts = sorted((int(c.split("S=")[1]), t[(who, c)][1]) for c in cases
                         if c.startswith(panel + " ") and (who, c) in t)
            if pts:
                ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", label=who)
        ax.set_xscale("log", base=2)
        ax.set_title(panel.replace("attention ", ""), fontsize=9)
        ax.set_xlabel("S")
        ax.set_ylabel("TFLOP/s")
    axes.flat[0].legend(fontsize=7)
    fig.suptitle(title, fontsize=10)
    fig.tight_layout()
    fig.savefig(png, dpi=100)
except ImportError as e:
    print(f"(no chart: {e})", file=sys.stderr)
