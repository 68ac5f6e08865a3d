#!/usr/bin/env bash
# run_gpu.sh - all GPU benchmarks in one run (device machine): tilelua vs its peers.
# Usage: bench/run_gpu.sh BUILD_DIR OUTDIR   (BUILD_DIR holds tilesh and bench_raw_launch)
set -u
B=$(realpath "$1"); OUT=${2:-/tmp/bench}; mkdir -p "$OUT"
cd "$(dirname "$0")/.."
export TILELUA_CACHE_DIR=$(mktemp -d)
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== launch overhead, trace/codegen/compile, in-process hit"
"$B/tilesh" --backend=cuda bench/gpu_bench.lua launch "$OUT"
echo "== launch overhead: tilelua and a raw cuLaunchKernel loop, alternating (5 processes each)"
for i in 1 2 3 4 5; do
  "$B/tilesh" --backend=cuda bench/gpu_bench.lua overhead
  "$B/bench_raw_launch" "$OUT/empty.hip" empty sm_90 20000 | grep launch
done
echo "== bare NVRTC on the scale kernel's source (5 processes)"
for i in 1 2 3 4 5; do "$B/bench_raw_launch" "$OUT/scale.hip" scale sm_90 0; done
echo "== tilelua compile of the same kernel, cold cache (5 processes)"
for i in 1 2 3 4 5; do TILELUA_CACHE=0 "$B/tilesh" --backend=cuda bench/gpu_bench.lua compile; done
echo "== new process, warm disk cache (5 processes)"
for i in 1 2 3 4 5; do "$B/tilesh" --backend=cuda bench/gpu_bench.lua newproc; done
echo "== streams"
"$B/tilesh" --backend=cuda bench/gpu_bench.lua stream
PYTHONUNBUFFERED=1 python3 bench/peers_std.py axpy scale2d
