"""python_torch.py - the Python module on the GPU (device machine): torch tensors in and out on torch's
current stream, results equal to torch's own ops; CuPy arrays on CuPy's stream.
Run: PYTHONPATH=<build>/python python3 tests/gpu/python_torch.py"""
import sys

import torch

import tilelua

T = tilelua.State(backend="cuda")
T.exec("""
saxpy = tl.kernel{ name = 'saxpy', block = 128,
  params = {{'x', tl.tensor(tl.f32, 1)}, {'y', tl.tensor(tl.f32, 1)}, {'a', tl.f32}},
  body = function(k, p)
    local i = k.block_id(0) * 128 + k.thread_id()
    local m = tl.lt(i, p.x:shape(0))
    p.y:store({i}, p.x:load({i}, {mask = m}) * p.a + p.y:load({i}, {mask = m}), {mask = m})
  end }
function bytes_in_use() local _, info = tl.backend(); return info.bytes_in_use end
""", "=gpu_kernels")
saxpy = T.kernel("saxpy")
failures = 0


def check(name, ok, detail=""):
    global failures
    print("%s %s %s" % ("PASS" if ok else "FAIL", name, detail))
    failures += 0 if ok else 1


n = 1 << 20
grid = (n + 127) // 128
x = torch.randn(n, device="cuda")
y = torch.randn(n, device="cuda")
y0 = y.clone()
ptr = y.data_ptr()
saxpy(grid, x, y, 2.0)
torch.cuda.synchronize()
check("saxpy on torch tensors (default stream)", torch.equal(y, 2.0 * x + y0) and y.data_ptr() == ptr,
      "max diff %g" % (y - (2.0 * x + y0)).abs().max().item())
check("no device memory of tilelua's own used", T.call("bytes_in_use") == 0, "%d bytes" % T.call("bytes_in_use"))

# on torch's current (side) stream, ordered after torch's own slow work on that stream: launched
# anywhere else, the kernel would read y before torch wrote it
s = torch.cuda.Stream()
a = torch.randn(8192, 8192, device="cuda")
ok = True
for trial in range(3):
    with torch.cuda.stream(s):
        big = a @ a                                  # ~1 ms of work queued first
        y.copy_(big.flatten()[:n])
        saxpy(grid, x, y, 3.0)
        got = y.clone()
    s.synchronize()
    want = 3.0 * x + big.flatten()[:n]
    ok = ok and torch.allclose(got, want, rtol=1e-5, atol=1e-3)
check("saxpy on torch's current side stream, ordered with torch's work", ok)

# tilelua's own launch on the legacy default stream is ordered before its next launch on a side stream (an event
# recorded there, no host wait; tilelua orders them because its pool may hand the first launch's buffers to the second),
# though the application does not order the two: queued behind ~10 ms of torch's work, the first writes ones, the
# second reads them; run early, the second would read zeros
ones, mid, out = torch.ones(n, device="cuda"), torch.zeros(n, device="cuda"), torch.zeros(n, device="cuda")
ok = True
for trial in range(3):
    mid.zero_()
    out.zero_()
    torch.cuda.synchronize()
    big = a @ a                                      # on the default (legacy) stream
    saxpy(grid, ones, mid, 1.0)                      # mid = 1, after big
    with torch.cuda.stream(s):
        saxpy(grid, mid, out, 2.0)                   # out = 2 mid
    torch.cuda.synchronize()
    ok = ok and torch.equal(out, 2.0 * ones)
check("a launch on a side stream after tilelua's launch on the default stream, ordered by tilelua", ok,
      "out[0] = %g" % out[0].item())

# a non-contiguous view and an int dtype go in as they are
w = torch.zeros(2 * n, device="cuda")
saxpy(grid, x, w[::2], 1.0)
torch.cuda.synchronize()
check("strided torch view", torch.equal(w[::2], x) and not w[1::2].any())

# the state keeps the wraps of torch's device memory for the next launches: views at the same address
# with another shape or strides, and a new tensor where a freed one was, must each be seen as they are
base = torch.zeros(n, device="cuda")
ok = True
for view, m in ((base, n), (base[: n // 2], n // 2), (base.as_strided((n // 4,), (2,)), n // 4)):
    base.zero_()
    xv = torch.arange(m, device="cuda", dtype=torch.float32)
    saxpy((m + 127) // 128, xv, view, 1.0)
    torch.cuda.synchronize()
    ok = ok and torch.equal(view, xv) and int((base != 0).sum().item()) == m - 1  # (element 0 is 0 + 0)
old_ptr = y.data_ptr()
for trial in range(4):  # the allocator gives the freed block back: same address, new contents
    del y
    y = torch.full((n,), float(trial), device="cuda")
    saxpy(grid, x, y, 1.0)
    torch.cuda.synchronize()
    ok = ok and torch.equal(y, x + float(trial))
# more outputs than kept wraps, x the same each time: the wrap x just took is never the one replaced
outs = [torch.zeros(n, device="cuda") for _ in range(20)]
for o in outs:
    saxpy(grid, x, o, 3.0)
torch.cuda.synchronize()
ok = ok and all(torch.equal(o, 3.0 * x) for o in outs)
check("kept wraps: views of one address and reused memory each launched as they are", ok,
      "(same address again: %s)" % (y.data_ptr() == old_ptr))

# std on torch tensors: the result is a torch tensor on the same device, equal to torch's op
a16 = torch.randn(512, 256, device="cuda", dtype=torch.float16)
b16 = torch.randn(256, 384, device="cuda", dtype=torch.float16)
c = tilelua.std.gemm(a16, b16)
want = a16.float() @ b16.float()
check("std.gemm returns a torch tensor", isinstance(c, torch.Tensor) and c.is_cuda and c.shape == (512, 384), str(type(c)))
check("std.gemm equals torch.matmul", torch.allclose(c, want, rtol=1e-3, atol=1e-2), "max diff %g" % (c - want).abs().max().item())
xs = torch.randn(300, 1000, device="cuda")
sm = tilelua.std.softmax(xs)
check("std.softmax equals torch.softmax", torch.allclose(sm, torch.softmax(xs, -1), rtol=1e-5, atol=1e-6),
      "max diff %g" % (sm - torch.softmax(xs, -1)).abs().max().item())
xt = torch.randn(1000, 700, device="cuda")
tt = tilelua.std.transpose(xt)
check("std.transpose equals .t()", torch.equal(tt, xt.t()))
with torch.cuda.stream(s):
    c2 = tilelua.std.gemm(a16, b16)
    c2 = c2 * 1.0
s.synchronize()
check("std.gemm on a side stream", torch.allclose(c2, want, rtol=1e-3, atol=1e-2))

# std.attention's causal kernel takes its work tiles from a counter kept a stream, which each launch returns to zero:
# calls on the default stream and on two side streams at once, twice on each, equal to one another (the tiles' order
# differs, their arithmetic does not) and to torch's attention
qa = torch.randn(2, 4, 700, 64, device="cuda", dtype=torch.float16)
ka = torch.randn(2, 4, 700, 64, device="cuda", dtype=torch.float16)
va = torch.randn(2, 4, 700, 64, device="cuda", dtype=torch.float16)
o_default, _ = tilelua.std.attention(qa, ka, va, causal=True)
outs = []
streams = [torch.cuda.Stream(), torch.cuda.Stream()]
for st in streams:
    st.wait_stream(torch.cuda.current_stream())
for _ in range(2):
    for st in streams:
        with torch.cuda.stream(st):
            outs.append(tilelua.std.attention(qa, ka, va, causal=True)[0])
torch.cuda.synchronize()
want = torch.nn.functional.scaled_dot_product_attention(qa, ka, va, is_causal=True)
check("std.attention causal on two side streams at once, twice each (the counter kept a stream)",
      all(torch.equal(o, o_default) for o in outs) and (o_default.float() - want.float()).abs().max().item() < 1e-2,
      "max diff from torch %g" % (o_default.float() - want.float()).abs().max().item())

# tilelua's pool of freed device buffers is kept a stream: a call's outputs dropped at once on one side stream, its
# kernel queued behind ~25 ms of torch's sleep there (and collected by Lua's GC), are not handed to a call on another
# side stream, whose lse that kernel would overwrite when it runs at last
qx, kx, vx = (torch.randn(2, 4, 1024, 64, device="cuda", dtype=torch.float16) for _ in range(3))
qy, ky, vy = (torch.randn(2, 4, 1024, 64, device="cuda", dtype=torch.float16) for _ in range(3))
_, lse_want = tilelua.std.attention(qy, ky, vy)
torch.cuda.synchronize()
ok = True
for trial in range(3):
    with torch.cuda.stream(streams[0]):
        torch.cuda._sleep(50_000_000)
        tilelua.std.attention(qx, kx, vx)  # (o and lse dropped at once)
        tilelua.default_state().exec("collectgarbage()")  # (and the Lua side's references: the buffers to the pool)
    with torch.cuda.stream(streams[1]):
        _, lse_y = tilelua.std.attention(qy, ky, vy)
    torch.cuda.synchronize()
    ok = ok and torch.equal(lse_y, lse_want)
check("a buffer freed on one side stream is not handed to a call on another", ok,
      "max lse diff %g" % (lse_y - lse_want).abs().max().item())

# an error: a CPU tensor's results still come back (copied around the launch), a wrong dtype is named
xc = torch.arange(1000, dtype=torch.float32)
yc = torch.ones(1000)
saxpy(8, xc, yc, 2.0)
check("host torch tensors on the GPU backend (copied in and out)", torch.equal(yc, 2 * xc + 1))
try:
    saxpy(grid, x.double(), y, 1.0)
    check("wrong dtype refused", False)
except tilelua.Error as e:
    check("wrong dtype refused", "must be a f32 tensor (got f64)" in str(e), str(e).splitlines()[0])

try:
    import cupy
    cx = cupy.arange(n, dtype=cupy.float32)
    cy = cupy.ones(n, dtype=cupy.float32)
    cs = cupy.cuda.Stream(non_blocking=True)
    with cs:
        saxpy(grid, cx, cy, 2.0)
    cs.synchronize()
    check("CuPy arrays on CuPy's stream", bool((cy == 2 * cx + 1).all()))
except ImportError:
    print("SKIP cupy not installed")

print("python gpu tests: %d failed" % failures)
sys.exit(1 if failures else 0)
