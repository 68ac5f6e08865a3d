"""softmax_ncu.py - the Triton tutorial softmax of bench/peers_std.py on a 4096x4096 f16 input, once,
for Nsight Compute (bench/run_ncu.sh softmax)."""
import torch
import sys
sys.path.insert(0, "bench")
from peers_std import softmax_k  # noqa: E402

a = torch.rand(4096, 4096, device="cuda", dtype=torch.float16)
b = torch.empty_like(a)
softmax_k[(4096,)](b, a, a.stride(0), b.stride(0), 4096, BLOCK=4096, num_warps=16)
torch.cuda.synchronize()
