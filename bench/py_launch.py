"""py_launch.py - launch overhead from Python on torch tensors: tilelua vs CuPy vs Triton, same run; and a
1 GiB argument (time and device memory: not copied). Run on the device machine:
    PYTHONPATH=<build>/python [BREAKDOWN=1] python3 bench/py_launch.py
Each number is host time per launch over N back-to-back launches of an empty kernel (one tensor
argument), median of ROUNDS rounds taken in alternation, after a warm-up."""
import os
import statistics
import sys
import time

import torch

import tilelua

N, ROUNDS = 20000, 7
BREAKDOWN = os.environ.get("BREAKDOWN", "0") == "1"  # also time the parts of a launch (see below)
dev = torch.device("cuda")
x = torch.empty(1024, device=dev)

T = tilelua.State(backend="cuda")
T.exec("""
tl.kernel{ name = 'empty', block = 32, params = {{'x', tl.tensor(tl.f32, 1)}}, body = function(k, p) end }
tl.kernel{ name = 'empty3', block = 32,
  params = {{'x', tl.tensor(tl.f32, 1)}, {'y', tl.tensor(tl.f32, 1)}, {'a', tl.f32}}, body = function(k, p) end }
function bytes_in_use() local _, info = tl.backend(); return info.bytes_in_use end
function device_array() return tl.empty({1024}, tl.f32) end
""", "=bench")
empty, empty3 = T.kernel("empty"), T.kernel("empty3")


def per_launch(fn):
    fn()
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(N):
        fn()
    t1 = time.perf_counter()
    torch.cuda.synchronize()
    return (t1 - t0) / N * 1e6


peers = {
    "tilelua k(1, x) on a torch tensor": lambda: empty(1, x),
    "tilelua k(1, x, y, 2.0) on torch tensors": lambda: empty3(1, x, x, 2.0),
}
if BREAKDOWN:
    # the parts of k(1, x): a tilelua.Array needs no description, no wrap and no stream question;
    # stream=0 skips the stream question only; the accessors alone are what describing x asks torch
    a = T.call("device_array")
    raw_stream = torch._C._cuda_getCurrentRawStream
    peers["(part) tilelua k(1, a), a a tilelua.Array"] = lambda: empty(1, a)
    peers["(part) tilelua k(1, x, stream=0)"] = lambda: empty(1, x, stream=0)
    peers["(part) torch accessors of x, from Python"] = lambda: (x.dtype, x.shape, x.stride(), x.data_ptr(),
                                                                 x.get_device(), raw_stream(0))
    peers["(part) an empty Python call"] = lambda: None
try:
    import cupy
    cx = cupy.empty(1024, dtype=cupy.float32)
    ck = cupy.RawKernel(r'extern "C" __global__ void empty(float *x) {}', "empty")
    peers["cupy RawKernel((1,), (32,), (x,)) on a cupy array"] = lambda: ck((1,), (32,), (cx,))
    ck3 = cupy.RawKernel(r'extern "C" __global__ void empty3(float *x, float *y, float a) {}', "empty3")
    two = cupy.float32(2.0)
    peers["cupy RawKernel((1,), (32,), (x, y, 2.0)) on cupy arrays"] = lambda: ck3((1,), (32,), (cx, cx, two))
except Exception as e:  # noqa: BLE001
    print("cupy unavailable:", e)
try:
    import triton

    @triton.jit
    def triton_empty(x_ptr):
        pass

    peers["triton kernel[(1,)](x) on a torch tensor"] = lambda: triton_empty[(1,)](x)
except Exception as e:  # noqa: BLE001
    print("triton unavailable:", e)

for fn in peers.values():  # warm-up: compile, caches
    for _ in range(200):
        fn()
torch.cuda.synchronize()
times = {name: [] for name in peers}
for _ in range(ROUNDS):
    for name, fn in peers.items():
        times[name].append(per_launch(fn))
print("device:", torch.cuda.get_device_name(0), "torch", torch.__version__)
print("%-55s %10s %10s %10s" % ("launch of an empty kernel (host us/launch)", "median", "min", "max"))
for name, ts in times.items():
    print("%-55s %10.2f %10.2f %10.2f" % (name, statistics.median(ts), min(ts), max(ts)))

# where the time of k(1, x) goes, with a module built with -DTILELUA_PY_PROFILE (kernel_call's phases)
_profile = getattr(tilelua._tilelua, "_profile", None)
if _profile:
    # mark i (src/prof.h): the time since the mark before it, in the order a launch passes them
    MARKS = [(0, "grid, setup"), (22, "torch: dtype"), (23, "torch: shape, stride()"), (24, "torch: data_ptr()"),
             (25, "torch: is_cuda"), (1, "arguments (the rest)"), (2, "stream"), (3, "(after arguments)"),
             (4, "GIL release + state lock"), (5, "wrap tensors"), (10, "C: argument checks"),
             (11, "C: arguments, stream"), (13, "C: launcher, key, variant"),
             (14, "C: pack arguments, storage"), (15, "C: context check"), (16, "C: the driver's cuLaunchKernel"),
             (17, "C: after the driver"), (18, "C: storage written"),
             (20, "C: back from the fast path"), (21, "C: stream back"), (6, "(back in the module)"),
             (7, "state unlock + GIL"), (8, "free, return")]

    def profiled(label, fn):
        c0, p0, r0 = _profile()
        t0 = time.perf_counter()
        for _ in range(N):
            fn()
        t1 = time.perf_counter()
        c1, p1, r1 = _profile()
        torch.cuda.synchronize()
        ns_per_tick = (t1 - t0) * 1e9 / (r1 - r0)
        print("profile of %s: %.2f us per launch (Python loop included), phases in ns:" % (label, (t1 - t0) / N * 1e6))
        for i, name in MARKS:
            print("  %-34s %8.0f" % (name, (p1[i] - p0[i]) * ns_per_tick / (c1 - c0)))

    for _ in range(3):
        profiled("k(1, x), x a torch tensor", lambda: empty(1, x))
    if BREAKDOWN:
        profiled("k(1, a), a a tilelua.Array", lambda: empty(1, a))

# a 1 GiB argument: used in place
big = torch.empty(1 << 28, device=dev)  # 2^28 f32 = 1 GiB
torch.cuda.synchronize()
free0, total = torch.cuda.mem_get_info()
alloc0 = torch.cuda.memory_allocated()
t_small = statistics.median(per_launch(lambda: empty(1, x)) for _ in range(3))
t_big = statistics.median(per_launch(lambda: empty(1, big)) for _ in range(3))
torch.cuda.synchronize()
free1, _ = torch.cuda.mem_get_info()
print("1 GiB argument: %.2f us/launch (vs %.2f us with a 4 KiB one); device memory free before %.0f MiB, after %.0f "
      "MiB (change %+.1f MiB); torch allocated %+.1f MiB; tilelua's own device bytes %d"
      % (t_big, t_small, free0 / 2**20, free1 / 2**20, (free1 - free0) / 2**20,
         (torch.cuda.memory_allocated() - alloc0) / 2**20, T.call("bytes_in_use")))
sys.exit(0)
