"""peers_attention.py - the peers of bench/attention_bench.lua on the same GPU in the same run:
torch.nn.functional.scaled_dot_product_attention with each backend torch has for the case
(flash, efficient, cudnn), named. Prints "<peer> attention <dt> d<D> <causal|full> S=<S>: <us> us
<TFLOP/s>" lines (triton.testing.do_bench, median)."""
import os
import sys
import time

import torch
import torch.nn.functional as F
from torch.nn.attention import SDPBackend, sdpa_kernel
from triton.testing import do_bench

# ATTENTION_DIMS="64,128,256": the head dimensions of the forward grid and of the backward (default 64,128)
DIMS = [int(d) for d in os.environ.get("ATTENTION_DIMS", "64,128").split(",") if d]
BACKENDS = {"flash": SDPBackend.FLASH_ATTENTION, "efficient": SDPBackend.EFFICIENT_ATTENTION,
            "cudnn": SDPBackend.CUDNN_ATTENTION}
# PEERS_TIMER=timeit: the peers timed as bench/timing.lua's timeit times tilelua (the wall time of `reps` calls back
# to back ended by a synchronize, the median of `samples`, after a first call and, once a process, 0.2 s of calls), so
# both sides carry their host's time to the first launch of each sample alike; lines "sdpa_<backend>[timeit] ...".
# Default: triton's do_bench (CUDA events around each call, a 256 MB cache clear between calls, the median).
TIMER = os.environ.get("PEERS_TIMER", "do_bench")
_warmed = [False]


def timeit(fn, reps, samples):
    """bench/timing.lua's timeit, in seconds per call."""
    fn()
    torch.cuda.synchronize()
    if not _warmed[0]:
        _warmed[0] = True
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < 0.2:
            for _ in range(10):
                fn()
            torch.cuda.synchronize()
    ts = []
    for _ in range(samples):
        t0 = time.perf_counter()
        for _ in range(reps):
            fn()
        torch.cuda.synchronize()
        ts.append((time.perf_counter() - t0) / reps)
    return sorted(ts)[(len(ts) + 1) // 2 - 1]


def bench(fn, reps, samples):
    """Microseconds a call, by the timer PEERS_TIMER names (reps and samples: timeit's, as attention_bench.lua's)."""
    if TIMER == "timeit":
        return timeit(fn, reps, samples) * 1e6
    return do_bench(fn, warmup=25, rep=100, return_mode="median") * 1e3


TAG = "[timeit]" if TIMER == "timeit" else ""


def grid(seqs):
    """The forward grid (FlashAttention-3's: B·S = 16k tokens, H·D = 2048) in the order of
    bench/attention_bench.lua: (label, causal, q, k, v, flops) per case, inputs uniform in [-1, 1);
    the inputs are freed once the caller moves on."""
    for dt_name, dt in (("f16", torch.float16), ("bf16", torch.bfloat16)):
        for D in DIMS:
            for causal in (False, True):
                for S in seqs:
                    B, H = 16384 // S, 2048 // D
                    q, k, v = (torch.rand(B, H, S, D, device="cuda", dtype=dt) * 2 - 1 for _ in range(3))
                    flops = 4 * B * H * S * S * D / (2 if causal else 1)
                    yield f"attention {dt_name} d{D} {'causal' if causal else 'full'} S={S}", causal, q, k, v, flops
                    del q, k, v
                    torch.cuda.empty_cache()


def main(seqs):
    # SDPA_BACKENDS=flash,cudnn: only those
    want = [b for b in os.environ.get("SDPA_BACKENDS", ",".join(BACKENDS)).split(",") if b]
    print(f"torch {torch.__version__}, {torch.cuda.get_device_name()}", flush=True)
    for label, causal, q, k, v, flops in grid(seqs):
        ref = None
        for name in want:
            be = BACKENDS[name]
            try:
                with sdpa_kernel([be]):
                    o = F.scaled_dot_product_attention(q, k, v, is_causal=causal)
                    if ref is None:
                        ref = o
                    err = (o.float() - ref.float()).abs().max().item()
                    t = bench(lambda: F.scaled_dot_product_attention(q, k, v, is_causal=causal), 5, 3)
                print(f"sdpa_{name}{TAG} {label}: {t:.1f} us {flops / t / 1e6:.1f} TFLOP/s (vs first backend {err:.2g})",
                      flush=True)
            except Exception as e:  # a backend that does not take the case
                print(f"sdpa_{name}{TAG} {label}: unavailable ({str(e).splitlines()[0][:80]})", flush=True)
        del q, k, v, ref  # (grid frees the rest before the next case)


def backward():
    """SDPA's backward (q, k, v gradients of the output), each backend, at the S of ATTENTION_BACKWARD_SEQS
    (default 4096), the dtypes of ATTENTION_BACKWARD_DTYPES (default f16) and the D of ATTENTION_DIMS (default
    64,128, as attention_bench.lua's backward), B*S = 16k, H*D = 2048."""
    want = [b for b in os.environ.get("SDPA_BACKENDS", ",".join(BACKENDS)).split(",") if b]
    seqs = [int(x) for x in os.environ.get("ATTENTION_BACKWARD_SEQS", "4096").split(",") if x]
    dts = {"f16": torch.float16, "bf16": torch.bfloat16}
    # (attention_bench.lua's ATTENTION_BACKWARD_TIMING, "reps,samples", for PEERS_TIMER=timeit)
    reps, samples = (int(x) for x in os.environ.get("ATTENTION_BACKWARD_TIMING", "10,5").split(","))
    for dt_name in [x for x in os.environ.get("ATTENTION_BACKWARD_DTYPES", "f16").split(",") if x]:
      for D in DIMS:
        for causal in (False, True):
          for S in seqs:
            B, H, dt = 16384 // S, 2048 // D, dts[dt_name]
            q, k, v = (torch.rand(B, H, S, D, device="cuda", dtype=dt).mul_(2).sub_(1).requires_grad_()
                       for _ in range(3))
            do = torch.rand(B, H, S, D, device="cuda", dtype=dt) * 2 - 1
            flops = 2.5 * 4 * B * H * S * S * D / (2 if causal else 1)
            label = f"attention {dt_name} d{D} {'causal' if causal else 'full'}_bwd S={S}"
            for name in want:
                try:
                    with sdpa_kernel([BACKENDS[name]]):
                        o = F.scaled_dot_product_attention(q, k, v, is_causal=causal)
                        t = bench(lambda: torch.autograd.grad(o, (q, k, v), do, retain_graph=True), reps, samples)
                    print(f"sdpa_{name}{TAG} {label}: {t:.1f} us {flops / t / 1e6:.1f} TFLOP/s", flush=True)
                except Exception as e:
                    print(f"sdpa_{name}{TAG} {label}: unavailable ({str(e).splitlines()[0][:80]})", flush=True)


if __name__ == "__main__":
    # (--backward-only: the backward's lines alone, as bench/run_attention_backward.sh wants)
    if os.environ.get("ATTENTION_BACKWARD") == "1" or "--backward-only" in sys.argv:
        backward()
    if "--backward-only" not in sys.argv:
        main([int(a) for a in sys.argv[1:]] or [1024, 2048, 4096, 8192, 16384])
