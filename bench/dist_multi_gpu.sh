#!/usr/bin/env bash
# dist_multi_gpu.sh - the multi-GPU run of tl.dist (issue 16) for a machine with several GPUs
# (nvidia-h100-x2, nvidia-h200-x2/-x4/-x8), in one command: (1) every collective on N GPU processes
# (NCCL) compared file by file with the same N ranks simulated on the CPU, and (1b) the same from one
# process driving all N GPUs; (2a) the tensor-parallel example in one process; (2) the example on 1, 2,
# 4, 8 GPUs (one process per GPU) checked against one device, timed at a larger size for scaling;
# (3) all-reduce 1 MiB..1 GiB: tilelua (one process per GPU) and torch.distributed (torchrun), same
# machine, same run. NCCL_NVLS_ENABLE=0 stays set (tilelua sets it when unset; torch inherits it here).
# Usage: bench/dist_multi_gpu.sh TILESH [OUTDIR]
set -u
TILESH=$(realpath "$1"); OUT=${2:-/tmp/dist_bench}; mkdir -p "$OUT"
cd "$(dirname "$0")/.."
export NCCL_NVLS_ENABLE=${NCCL_NVLS_ENABLE:-0} TILELUA_CACHE=0 PYTHONUNBUFFERED=1
N=$(nvidia-smi -L | wc -l)
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1; echo "GPUs: $N"
nvidia-smi topo -m 2>&1 | head -$((N + 2))
# every step has a time limit (a hung rank must not take the machine's whole call)
lim() { timeout --kill-after=5 "$@"; }
TORCHRUN="torchrun"; command -v torchrun > /dev/null || TORCHRUN="python3 -m torch.distributed.run"
echo "== 1. collectives on $N GPUs vs the simulation"
rm -rf "$OUT/ranks"; mkdir -p "$OUT/ranks"
DIST_OUT="$OUT/ranks" lim 180 tools/dist_launch.sh "$N" "$TILESH" --backend=cuda tests/gpu/dist_ranks.lua > "$OUT/ranks_cuda.log" 2>&1 ||
  { echo "FAILED (cuda ranks):"; head -20 "$OUT/ranks_cuda.log"; }
DIST_OUT="$OUT/ranks" lim 180 tools/dist_launch.sh "$N" "$TILESH" --backend=cpu tests/gpu/dist_ranks.lua > "$OUT/ranks_cpu.log" 2>&1 ||
  { echo "FAILED (simulated ranks):"; head -20 "$OUT/ranks_cpu.log"; }
grep -h "done" "$OUT/ranks_cuda.log" "$OUT/ranks_cpu.log"
lim 120 "$TILESH" --backend=cpu tests/gpu/dist_compare.lua "$OUT/ranks" "$N" cuda
echo "== 1b. one process driving all $N GPUs (a list of tensors, NCCL's group) vs the same on $N simulated devices"
rm -rf "$OUT/local"; mkdir -p "$OUT/local"
DIST_OUT="$OUT/local" lim 180 "$TILESH" --backend=cuda tests/gpu/dist_local.lua 2>&1 | tail -4
DIST_OUT="$OUT/local" TILELUA_CPU_DEVICES=$N lim 180 "$TILESH" --backend=cpu tests/gpu/dist_local.lua 2>&1 | tail -4
lim 120 "$TILESH" --backend=cpu tests/gpu/dist_compare.lua "$OUT/local" "$N" cuda
echo "== 2a. tensor-parallel MLP, one process over every GPU (each launch also on the CPU executor, then not)"
TILELUA_CHECK_CPU=1 lim 180 "$TILESH" --backend=cuda examples/tensor_parallel.lua 2>&1 | tail -3
lim 180 "$TILESH" --backend=cuda examples/tensor_parallel.lua 8192 4096 16384 2>&1 | tail -3
echo "== 2. tensor-parallel MLP, one process per GPU"
for P in 1 2 4 8; do
  [ "$P" -le "$N" ] || continue
  lim 120 tools/dist_launch.sh "$P" "$TILESH" --backend=cuda examples/tensor_parallel.lua | grep -E "^\[0\]|MISMATCH"
  lim 180 tools/dist_launch.sh "$P" "$TILESH" --backend=cuda examples/tensor_parallel.lua 8192 4096 16384 10 | grep -E "^\[0\]|MISMATCH"
done
echo "== 3. all-reduce bus bandwidth, tilelua then torch.distributed"
lim 180 tools/dist_launch.sh "$N" "$TILESH" --backend=cuda bench/dist_allreduce.lua 20 | grep "^\[0\]"
lim 180 $TORCHRUN --standalone --nproc-per-node="$N" bench/dist_allreduce_torch.py 20 2>&1 | grep -E "^(torch|#)"
