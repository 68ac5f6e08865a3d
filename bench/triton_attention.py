"""triton_attention.py - a Triton fused attention forward for the table of bench/attention_bench.lua:
the algorithm of Triton's fused-attention tutorial (one program per BLOCK_M query rows of one
(batch, head); K and V walked in BLOCK_N blocks with an online softmax in base 2, both products
tl.dot; causal in two stages: the blocks left of the diagonal unmasked, the diagonal band masked),
written for this repository (the tutorial's file is not part of the installed Triton), autotuned
over the tutorial's block sizes, stages and warps. Checked against SDPA before it is timed.
Prints "triton attention <dt> d<D> <causal|full> S=<S>: <us> us <TFLOP/s> TFLOP/s" lines
(triton.testing.do_bench, median), the grid of bench/peers_attention.py.
Usage: python3 bench/triton_attention.py [S ...]"""
import sys

import torch
import torch.nn.functional as F
import triton
import triton.language as tl
from triton.testing import do_bench

from peers_attention import grid  # (the grid and inputs of bench/peers_attention.py, ATTENTION_DIMS too)

CONFIGS = [triton.Config({"BLOCK_M": bm, "BLOCK_N": bn}, num_stages=s, num_warps=w)
           for (bm, bn, s, w) in ((128, 64, 3, 4), (128, 64, 4, 8), (128, 128, 3, 8), (128, 128, 4, 8), (64, 64, 4, 4))]


@triton.jit
def _block(acc, l_i, m_i, q, k_ptrs, v_ptrs, offs_m, offs_n, lo, hi, qk_scale, D: tl.constexpr,
           BLOCK_N: tl.constexpr, MASKED: tl.constexpr):
    k_ptrs += lo * D
    v_ptrs += lo * D
    for start in range(lo, hi, BLOCK_N):
        k = tl.load(k_ptrs)
        qk = tl.dot(q, k) * qk_scale  # (scores in log2 units)
        if MASKED:
            qk = tl.where(offs_m[:, None] >= (start + offs_n)[None, :], qk, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(qk, 1))
        p = tl.math.exp2(qk - m_new[:, None])
        alpha = tl.math.exp2(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, 1)
        v = tl.load(v_ptrs)
        acc = tl.dot(p.to(v.dtype), v, acc * alpha[:, None])
        m_i = m_new
        k_ptrs += BLOCK_N * D
        v_ptrs += BLOCK_N * D
    return acc, l_i, m_i


@triton.autotune(configs=CONFIGS, key=["S", "D", "CAUSAL"])
@triton.jit
def _forward(Q, K, V, O, qk_scale, S, D: tl.constexpr, CAUSAL: tl.constexpr, BLOCK_M: tl.constexpr,
             BLOCK_N: tl.constexpr):
    pid_m, bh = tl.program_id(0), tl.program_id(1)
    base = bh.to(tl.int64) * S * D
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, D)
    q = tl.load(Q + base + offs_m[:, None] * D + offs_d[None, :])
    k_ptrs = K + base + offs_n[None, :] * D + offs_d[:, None]  # (K^T: D x BLOCK_N)
    v_ptrs = V + base + offs_n[:, None] * D + offs_d[None, :]
    m_i = tl.full([BLOCK_M], float("-inf"), tl.float32)
    l_i = tl.zeros([BLOCK_M], tl.float32)
    acc = tl.zeros([BLOCK_M, D], tl.float32)
    # stage 1: the key blocks every row sees whole (all of them without the mask)
    hi = pid_m * BLOCK_M if CAUSAL else S
    acc, l_i, m_i = _block(acc, l_i, m_i, q, k_ptrs, v_ptrs, offs_m, offs_n, 0, hi, qk_scale, D, BLOCK_N, False)
    if CAUSAL:  # stage 2: the diagonal band, masked
        acc, l_i, m_i = _block(acc, l_i, m_i, q, k_ptrs, v_ptrs, offs_m, offs_n, hi, hi + BLOCK_M, qk_scale, D,
                               BLOCK_N, True)
    acc = acc / l_i[:, None]
    tl.store(O + base + offs_m[:, None] * D + offs_d[None, :], acc.to(O.dtype.element_ty))


def attention(q, k, v, causal):
    B, H, S, D = q.shape
    o = torch.empty_like(q)
    grid = lambda meta: (triton.cdiv(S, meta["BLOCK_M"]), B * H)
    _forward[grid](q, k, v, o, (D ** -0.5) * 1.4426950408889634, S, D=D, CAUSAL=causal)
    return o


def main(seqs):
    print(f"triton {triton.__version__}, torch {torch.__version__}, {torch.cuda.get_device_name()}", flush=True)
    for label, causal, q, k, v, flops in grid(seqs):
        o = attention(q, k, v, causal)
        ref = F.scaled_dot_product_attention(q, k, v, is_causal=causal)
        err = (o.float() - ref.float()).abs().max().item()
        if err > 2e-2:
            print(f"triton {label}: WRONG (max difference from SDPA {err:.3g})", flush=True)
        else:
            t = do_bench(lambda: attention(q, k, v, causal), warmup=25, rep=100, return_mode="median") * 1e3
            print(f"triton {label}: {t:.1f} us {flops / t / 1e6:.1f} TFLOP/s (vs SDPA {err:.2g})", flush=True)
        del q, k, v, o, ref  # (grid frees the rest before the next case)


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [1024, 2048, 4096, 8192, 16384])
