"""gemm_chart.py - bar chart of a GEMM benchmark run: the lines bench/gemm_bench.lua (tilelua) and
bench/peers_gemm.py (torch, Triton) printed, in TFLOP/s per dtype.
Usage: python3 bench/gemm_chart.py TILELUA_LOG PEERS_LOG OUT.png "title"
(tilelua: the best config of the log per dtype.)"""
import re
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def parse(path, best):
    out = {}
    pat = re.compile(r"^(\w+) gemm_(\w+) \S+ ?(.*?): ([\d.]+) us ([\d.]+) TFLOP/s")
    for line in open(path):
        m = pat.match(line.strip())
        if not m:
            continue
        who, dt, label, tf = m.group(1), m.group(2), m.group(3), float(m.group(5))
        if who == "torch":
            who = "cuBLAS (torch, f32 out)" if "f32 out" in label else "cuBLAS (torch, f16/bf16 out)"
        elif who == "triton":
            who = "Triton (f32 out)"
        elif who == "tilelua":
            who = "tilelua std.gemm (f32 out, best config)"
        key = (who, dt)
        out[key] = max(out.get(key, 0.0), tf) if best else tf
    return out


def main():
    tl_log, peers_log, png, title = sys.argv[1:5]
    data = parse(tl_log, True)
    data.update(parse(peers_log, False))
    whos = sorted({w for w, _ in data}, key=lambda w: (not w.startswith("tilelua"), w))
    dts = sorted({d for _, d in data})
    fig, ax = plt.subplots(figsize=(9, 5.2))
    width = 0.8 / len(whos)
    for i, w in enumerate(whos):
        xs = [j + i * width for j in range(len(dts))]
        ys = [data.get((w, d), 0.0) for d in dts]
        bars = ax.bar(xs, ys, width, label=w)
        for b, y in zip(bars, ys):
            ax.annotate(f"{y:.0f}", (b.get_x() + b.get_width() / 2, y), ha="center", va="bottom", fontsize=8)
    ax.set_xticks([j + 0.4 - width / 2 for j in range(len(dts))])
    ax.set_xticklabels(dts)
    ax.set_ylabel("TFLOP/s (4096 x 4096 x 4096)")
    ax.set_title(title)
    ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.1), ncol=2)
    fig.tight_layout()
    fig.savefig(png, dpi=120)


if __name__ == "__main__":
    main()
