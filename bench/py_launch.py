"""py_launch.py - launch overhead from Python on torch tensors: tilelua vs CuPy vs Triton, same run; and a
1 GiB argument (time and device memory: not copied). Run on the device machine:
    PYTHONPATH=<build>/python python3 bench/py_launch.py
Each number is host time per launch over N back-to-back launches of an empty kernel (one tensor
argument), median of ROUNDS rounds taken in alternation, after a warm-up."""
import statistics
import sys
import time

import torch

import tilelua

N, ROUNDS = 20000, 7
dev = torch.device("cuda")
x = torch.empty(1024, device=dev)

T = tilelua.State(backend="cuda")
T.exec("""
tl.kernel{ name = 'empty', block = 32, params = {{'x', tl.tensor(tl.f32, 1)}}, body = function(k, p) end }
tl.kernel{ name = 'empty3', block = 32,
  params = {{'x', tl.tensor(tl.f32, 1)}, {'y', tl.tensor(tl.f32, 1)}, {'a', tl.f32}}, body = function(k, p) end }
function bytes_in_use() local _, info = tl.backend(); return info.bytes_in_use end
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
try:
    import cupy
    cx = cupy.empty(1024, dtype=cupy.float32)
    ck = cupy.RawKernel(r'extern "C" __global__ void empty(float *x) {}', "empty")
    peers["cupy RawKernel((1,), (32,), (x,)) on a cupy array"] = lambda: ck((1,), (32,), (cx,))
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
