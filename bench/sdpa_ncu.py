"""sdpa_ncu.py - one torch SDPA call on the cuDNN backend (D, S from the environment; CAUSAL=1; BWD=1 adds the
backward) between cudaProfilerStart / Stop, after two warm-ups, for Nsight Compute with --profile-from-start off
(bench/run_ncu.sh BUILD sdpa): cuDNN's kernels beside tilelua's on the same grid point (B*S = 16k, H*D = 2048, f16).
LIST=1 also prints the call's kernels by torch's profiler."""
import os

import torch
import torch.nn.functional as F
from torch.nn.attention import SDPBackend, sdpa_kernel

D, S = int(os.environ.get("D", "128")), int(os.environ.get("S", "4096"))
causal, bwd = os.environ.get("CAUSAL") == "1", os.environ.get("BWD") == "1"
B, H = 16384 // S, 2048 // D
q, k, v, do = ((torch.rand(B, H, S, D, device="cuda", dtype=torch.float16) * 2 - 1) for _ in range(4))
q, k, v = (t.requires_grad_(bwd) for t in (q, k, v))


def once():
    with sdpa_kernel([SDPBackend.CUDNN_ATTENTION]):
        o = F.scaled_dot_product_attention(q, k, v, is_causal=causal)
        if bwd:
            o.backward(do)


once()
once()
torch.cuda.synchronize()
if os.environ.get("LIST") == "1":
    with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CUDA]) as prof:
        once()
        torch.cuda.synchronize()
    print(prof.key_averages().table(sort_by="cuda_time_total", row_limit=12, max_name_column_width=120))
torch.cuda.cudart().cudaProfilerStart()
once()
torch.cuda.synchronize()
torch.cuda.cudart().cudaProfilerStop()
