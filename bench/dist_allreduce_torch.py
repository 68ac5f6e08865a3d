# dist_allreduce_torch.py - torch.distributed's all_reduce (NCCL) on the same sizes as
# bench/dist_allreduce.lua, in place; the same line format ("torch <MiB> <in-place us> - <algbw> <busbw>").
# Usage: torchrun --nproc-per-node=N bench/dist_allreduce_torch.py [reps]   (or plain python3: one rank)
import os, sys, time
import torch
import torch.distributed as dist

reps = int(sys.argv[1]) if len(sys.argv) > 1 else 20
rank, world = int(os.environ.get("RANK", 0)), int(os.environ.get("WORLD_SIZE", 1))
os.environ.setdefault("MASTER_ADDR", "127.0.0.1")
os.environ.setdefault("MASTER_PORT", "29517")
torch.cuda.set_device(int(os.environ.get("LOCAL_RANK", 0)))
dist.init_process_group("nccl", rank=rank, world_size=world)
if rank == 0:
    print("# torch %s, nccl %s, world %d, %s" % (torch.__version__, torch.cuda.nccl.version(), world, torch.cuda.get_device_name()))
for mib in (1, 4, 16, 64, 256, 1024):
    x = torch.rand(mib * 1024 * 1024 // 4, device="cuda")
    for _ in range(3):
        dist.all_reduce(x)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(reps):
        dist.all_reduce(x)
    torch.cuda.synchronize()
    t = (time.perf_counter() - t0) / reps
    algbw = mib * 1048576 / t / 1e9
    if rank == 0:
        print("torch   %5d %10.1f %10s %8.1f %8.1f" % (mib, t * 1e6, "-", algbw, algbw * 2 * (world - 1) / world))
dist.destroy_process_group()
