"""peers_gemm.py - the peers of bench/gemm_bench.lua on the same GPU in the same run: torch.matmul
(cuBLAS) and a Triton matmul in the style of the Triton tutorial (block tiles, grouped program
order for L2 reuse, a K loop of tl.dot, f32 accumulation), for M = N = K = size (or MxNxK), f16 and bf16,
row-major inputs, f32 output (as std.gemm's default). Prints "<peer> gemm_<dtype> <MxNxK>: <us> us
<TFLOP/s> TFLOP/s" lines (triton.testing.do_bench, median).
Usage: python3 bench/peers_gemm.py [size|MxNxK [dtype ...]]"""
import sys

import torch
import triton
import triton.language as tl
from triton.testing import do_bench


def us(fn):
    return do_bench(fn, warmup=25, rep=200, return_mode="median") * 1e3


@triton.autotune(
    configs=[
        triton.Config({"BM": 128, "BN": 256, "BK": 64, "G": 8}, num_stages=3, num_warps=8),
        triton.Config({"BM": 128, "BN": 128, "BK": 64, "G": 8}, num_stages=4, num_warps=4),
        triton.Config({"BM": 128, "BN": 128, "BK": 32, "G": 8}, num_stages=4, num_warps=4),
        triton.Config({"BM": 64, "BN": 128, "BK": 32, "G": 8}, num_stages=4, num_warps=4),
    ],
    key=["M", "N", "K"],
)
@triton.jit
def matmul_k(a, b, c, M, N, K, sam, sak, sbk, sbn, scm, scn,
             BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, G: tl.constexpr):
    # program id -> (tile row, tile column), G tile rows per group so neighbours share B in L2
    pid = tl.program_id(0)
    tiles_m, tiles_n = tl.cdiv(M, BM), tl.cdiv(N, BN)
    per_group = G * tiles_n
    first = (pid // per_group) * G
    rows_here = min(tiles_m - first, G)
    pm = first + (pid % per_group) % rows_here
    pn = (pid % per_group) // rows_here
    rm = pm * BM + tl.arange(0, BM)
    rn = pn * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, tl.cdiv(K, BK)):
        kk = k0 * BK + rk
        x = tl.load(a + rm[:, None] * sam + kk[None, :] * sak, mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        y = tl.load(b + kk[:, None] * sbk + rn[None, :] * sbn, mask=(kk[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(x, y, acc)
    tl.store(c + rm[:, None] * scm + rn[None, :] * scn, acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


def triton_mm(x, y, out):
    M, K = x.shape
    N = y.shape[1]
    grid = lambda meta: (triton.cdiv(M, meta["BM"]) * triton.cdiv(N, meta["BN"]),)
    matmul_k[grid](x, y, out, M, N, K, x.stride(0), x.stride(1), y.stride(0), y.stride(1),
                   out.stride(0), out.stride(1))
    return out


def main():
    size = sys.argv[1] if len(sys.argv) > 1 else "4096"
    names = sys.argv[2:] or ["f16", "bf16"]
    M, N, K = (int(v) for v in size.split("x")) if "x" in size else (int(size),) * 3
    flop = 2.0 * M * N * K
    for name in names:
        if name in ("f8e4m3", "f8e5m2"):
            # torch._scaled_mm: per-tensor scales, B column-major (N x K row-major, transposed), bf16 out
            f8 = {"f8e4m3": torch.float8_e4m3fn, "f8e5m2": torch.float8_e5m2}[name]
            x = (torch.rand(M, K, device="cuda") - 0.5).to(f8)
            w = (torch.rand(N, K, device="cuda") - 0.5).to(f8)
            one = torch.ones((), device="cuda")
            t = us(lambda: torch._scaled_mm(x, w.t(), scale_a=one, scale_b=one, out_dtype=torch.bfloat16))
            print(f"torch gemm_{name} {M}x{N}x{K} (_scaled_mm, bf16 out): {t:.1f} us {flop / t / 1e6:.1f} TFLOP/s", flush=True)
            continue
        dt = {"f16": torch.float16, "bf16": torch.bfloat16}[name]
        x = (torch.rand(M, K, device="cuda") - 0.5).to(dt)
        y = (torch.rand(K, N, device="cuda") - 0.5).to(dt)
        ref = x.float() @ y.float()
        out = torch.empty(M, N, device="cuda", dtype=torch.float32)
        triton_mm(x, y, out)
        err = ((out - ref).abs().max() / ref.abs().max()).item()
        assert err < 1e-2, f"triton matmul {name}: rel err {err}"
        half = torch.empty(M, N, device="cuda", dtype=dt)
        rows = [
            ("torch", "(f16/bf16 out)", lambda: torch.matmul(x, y, out=half)),
            ("torch", "(f32 out: matmul + cast)", lambda: torch.matmul(x, y).float()),
            ("triton", "(f32 out)", lambda: triton_mm(x, y, out)),
        ]
        for peer, note, fn in rows:
            t = us(fn)
            print(f"{peer} gemm_{name} {M}x{N}x{K} {note}: {t:.1f} us {flop / t / 1e6:.1f} TFLOP/s", flush=True)


if __name__ == "__main__":
    main()
