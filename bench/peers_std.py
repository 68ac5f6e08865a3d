"""peers_std.py - the peers of bench/std_bench.lua on the same GPU in the same run: torch (eager),
a Triton kernel for the same op (the Triton tutorial's fused softmax; small kernels in the same style
for the rest), CuPy where natural, and a device-to-device copy of the same bytes as the bandwidth
ceiling. Prints "<peer> <op>: <us> us" lines (triton.testing.do_bench, median)."""
import sys

import cupy
import torch
import triton
import triton.language as tl
from triton.testing import do_bench


def us(fn):
    return do_bench(fn, warmup=25, rep=200, return_mode="median") * 1e3


def out(peer, op, t):
    print(f"{peer} {op}: {t:.1f} us", flush=True)


def copy_of(nbytes):
    src = torch.empty(nbytes // 4, device="cuda")
    dst = torch.empty_like(src)
    return us(lambda: dst.copy_(src))


@triton.jit
def axpy_k(x, y, a, n, B: tl.constexpr):
    i = tl.program_id(0) * B + tl.arange(0, B)
    m = i < n
    tl.store(y + i, a * tl.load(x + i, mask=m) + tl.load(y + i, mask=m), mask=m)


@triton.jit
def scale_k(x, y, a, n, B: tl.constexpr):
    i = tl.program_id(0) * B + tl.arange(0, B)
    m = i < n
    tl.store(y + i, a * tl.load(x + i, mask=m), mask=m)


@triton.jit
def transpose_k(x, y, R, C, BR: tl.constexpr, BC: tl.constexpr):
    r = tl.program_id(1) * BR + tl.arange(0, BR)[:, None]
    c = tl.program_id(0) * BC + tl.arange(0, BC)[None, :]
    m = (r < R) & (c < C)
    v = tl.load(x + r * C + c, mask=m)
    tl.store(y + c * R + r, v, mask=m)


@triton.jit
def softmax_k(out_ptr, in_ptr, in_stride, out_stride, n_cols, BLOCK: tl.constexpr):
    # the Triton tutorial's fused softmax: one program per row, the row in registers
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(in_ptr + row * in_stride + cols, mask=cols < n_cols, other=-float("inf")).to(tl.float32)
    x = x - tl.max(x, axis=0)
    num = tl.exp(x)
    y = num / tl.sum(num, axis=0)
    tl.store(out_ptr + row * out_stride + cols, y.to(out_ptr.dtype.element_ty), mask=cols < n_cols)


@triton.jit
def rowsum_k(x, y, C, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for c0 in range(0, C, BLOCK):
        cols = c0 + tl.arange(0, BLOCK)
        acc += tl.load(x + row * C + cols, mask=cols < C, other=0.0)
    tl.store(y + row, tl.sum(acc, axis=0))


@triton.jit
def sum_k(x, y, n, B: tl.constexpr):
    i = tl.program_id(0) * B + tl.arange(0, B)
    tl.atomic_add(y, tl.sum(tl.load(x + i, mask=i < n, other=0.0), axis=0))


@triton.jit
def hist_k(x, h, n, lo, hi, BINS: tl.constexpr, B: tl.constexpr):
    i = tl.program_id(0) * B + tl.arange(0, B)
    v = tl.load(x + i, mask=i < n, other=-1.0)
    b = ((v - lo) / (hi - lo) * BINS).to(tl.int32)
    ok = (i < n) & (v >= lo) & (v < hi)
    tl.atomic_add(h + b, 1, mask=ok)


def main(ops):
    if "axpy" in ops:
        n = 1 << 26
        x, y = torch.rand(n, device="cuda"), torch.rand(n, device="cuda")
        out("torch", "axpy", us(lambda: y.add_(x, alpha=2.0)))
        out("triton", "axpy", us(lambda: axpy_k[(n // 4096,)](x, y, 2.0, n, B=4096)))
        cx, cy = cupy.asarray(x), cupy.asarray(y)
        out("cupy", "axpy", us(lambda: cupy.add(cupy.multiply(cx, 2.0), cy, out=cy)))
        out("copy", "axpy", copy_of(12 * n // 2))
    if "scale2d" in ops:
        a = torch.rand(8192, 8192, device="cuda")
        b = torch.empty_like(a)
        out("torch", "scale2d", us(lambda: torch.mul(a, 2.0, out=b)))
        out("triton", "scale2d", us(lambda: scale_k[(a.numel() // 4096,)](a, b, 2.0, a.numel(), B=4096)))
        ca, cb = cupy.asarray(a), cupy.asarray(b)
        out("cupy", "scale2d", us(lambda: cupy.multiply(ca, 2.0, out=cb)))
        out("copy", "scale2d", copy_of(8 * a.numel() // 2))
    if "transpose" in ops:
        a = torch.rand(8192, 8192, device="cuda")
        b = torch.empty_like(a)
        out("torch", "transpose", us(lambda: b.copy_(a.t())))
        out("triton", "transpose", us(lambda: transpose_k[(8192 // 64, 8192 // 64)](a, b, 8192, 8192, BR=64, BC=64)))
        ca, cb = cupy.asarray(a), cupy.asarray(b)
        out("cupy", "transpose", us(lambda: cupy.copyto(cb, ca.T)))
        out("copy", "transpose", copy_of(8 * a.numel() // 2))
    for dt, label in ((torch.float32, "softmax_f32"), (torch.float16, "softmax_f16")):
        if label in ops:
            a = torch.rand(4096, 4096, device="cuda", dtype=dt)
            b = torch.empty_like(a)
            out("torch", label, us(lambda: torch.softmax(a, dim=-1, out=b)))
            out("triton", label, us(lambda: softmax_k[(4096,)](b, a, a.stride(0), b.stride(0), 4096, BLOCK=4096,
                                                               num_warps=16)))
            out("copy", label, copy_of(2 * a.numel() * a.element_size() // 2))
    if "rowsum" in ops:
        a = torch.rand(8192, 8192, device="cuda")
        s = torch.empty(8192, device="cuda")
        out("torch", "rowsum", us(lambda: torch.sum(a, dim=-1, out=s)))
        out("triton", "rowsum", us(lambda: rowsum_k[(8192,)](a, s, 8192, BLOCK=1024)))
        ca = cupy.asarray(a)
        out("cupy", "rowsum", us(lambda: ca.sum(axis=-1)))
        out("copy", "rowsum", copy_of(4 * a.numel() // 2))
    if "sum" in ops:
        n = 1 << 28
        a = torch.full((n,), 0.5, device="cuda")
        s = torch.zeros(1, device="cuda")
        out("torch", "sum", us(lambda: torch.sum(a)))
        out("triton", "sum", us(lambda: (s.zero_(), sum_k[(n // 8192,)](a, s, n, B=8192))))
        ca = cupy.asarray(a)
        out("cupy", "sum", us(lambda: ca.sum()))
        out("copy", "sum", copy_of(4 * n // 2))
    if "histogram" in ops:
        n = 1 << 26
        a = torch.rand(n, device="cuda")
        h = torch.zeros(256, dtype=torch.int32, device="cuda")
        out("torch", "histogram", us(lambda: torch.histc(a, bins=256, min=0.0, max=1.0)))
        out("triton", "histogram", us(lambda: (h.zero_(), hist_k[(n // 4096,)](a, h, n, 0.0, 1.0, BINS=256, B=4096))))
        ca = cupy.asarray(a)
        out("cupy", "histogram", us(lambda: cupy.histogram(ca, bins=256, range=(0.0, 1.0))))
        out("copy", "histogram", copy_of(4 * n // 2))
    for dt, label in ((torch.float16, "rmsnorm_f16"), (torch.bfloat16, "rmsnorm_bf16"), (torch.float16, "layernorm_f16")):
        if label in ops:
            a = torch.rand(16384, 4096, device="cuda", dtype=dt) * 4 - 2
            w = torch.rand(4096, device="cuda", dtype=dt)
            if label.startswith("rms"):
                f = lambda: torch.nn.functional.rms_norm(a, (4096,), w, 1e-6)
            else:
                f = lambda: torch.nn.functional.layer_norm(a, (4096,), w)
            out("torch", label, us(f))
            out("copy", label, copy_of(2 * a.numel() * a.element_size() // 2))
    for label in ("rope_f16", "rope_interleaved_f16"):
        if label in ops:
            B, S, H, D = 4, 4096, 32, 128
            q = torch.rand(B, S, H, D, device="cuda", dtype=torch.float16) * 2 - 1
            ang = torch.arange(S, device="cuda")[:, None] * 10000 ** (-torch.arange(0, D, 2, device="cuda") / D)
            if label == "rope_f16":  # the usual rotate-half expression, {S, D} tables broadcast over B, H
                emb = torch.cat((ang, ang), dim=-1)
                cos, sin = emb.cos().half()[:, None, :], emb.sin().half()[:, None, :]

                def rope():
                    x1, x2 = q[..., : D // 2], q[..., D // 2:]
                    return q * cos + torch.cat((-x2, x1), dim=-1) * sin
            else:  # interleaved pairs through a complex multiply (as LLaMA's reference code does it)
                f = torch.polar(torch.ones_like(ang), ang)[:, None, :]

                def rope():
                    xc = torch.view_as_complex(q.float().reshape(B, S, H, D // 2, 2))
                    return torch.view_as_real(xc * f).flatten(3).half()
            out("torch", label, us(rope))
            out("copy", label, copy_of(2 * q.numel() * 2 // 2))


if __name__ == "__main__":
    main(set(sys.argv[1:]) or {"axpy", "scale2d", "transpose", "softmax_f32", "softmax_f16", "rowsum", "sum",
                                "histogram", "rmsnorm_f16", "rmsnorm_bf16", "layernorm_f16", "rope_f16",
                                "rope_interleaved_f16"})
