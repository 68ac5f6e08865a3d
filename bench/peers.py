"""peers.py - the peers of bench/gpu_bench.lua's stream mode, on the same GPU in the same run:
torch and a Triton kernel doing a 2^26-element axpy and an 8192x8192 2D scale, and a torch
device-to-device copy of the same bytes. Prints "peer: value" lines (microseconds per call)."""
import torch
import triton
import triton.language as tl
from triton.testing import do_bench


@triton.jit
def axpy_kernel(x, y, a, n, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = i < n
    tl.store(y + i, a * tl.load(x + i, mask=m) + tl.load(y + i, mask=m), mask=m)


@triton.jit
def scale_kernel(x, y, a, n, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = i < n
    tl.store(y + i, a * tl.load(x + i, mask=m), mask=m)


def us(fn):
    return do_bench(fn, warmup=25, rep=200) * 1e3  # do_bench gives ms


n = 1 << 26
x = torch.rand(n, device="cuda")
y = torch.rand(n, device="cuda")
print(f"torch axpy 2^26: {us(lambda: y.add_(x, alpha=2.0)):.1f} us")
B = 4096
print(f"triton axpy 2^26: {us(lambda: axpy_kernel[(n // B,)](x, y, 2.0, n, BLOCK=B)):.1f} us")
# a copy moving the bytes of axpy (3 arrays touched: 2 read + 1 written ~ copy of 1.5 arrays)
src = torch.empty(3 * n // 2, device="cuda")
dst = torch.empty_like(src)
print(f"copy axpy-bytes: {us(lambda: dst.copy_(src)):.1f} us")
R = C = 8192
a = torch.rand(R, C, device="cuda")
b = torch.empty_like(a)
print(f"torch scale2d 8192x8192: {us(lambda: torch.mul(a, 2.0, out=b)):.1f} us")
print(f"triton scale2d 8192x8192: {us(lambda: scale_kernel[(R * C // B,)](a, b, 2.0, R * C, BLOCK=B)):.1f} us")
print(f"copy scale2d-bytes: {us(lambda: b.copy_(a)):.1f} us")
