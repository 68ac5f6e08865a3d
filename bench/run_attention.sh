#!/usr/bin/env bash
# run_attention.sh - std.attention forward and torch SDPA (each backend) on the GPU machine in one
# run (and bench/triton_attention.py; cuDNN's once more timed as tilelua is, PEERS_TIMER=timeit, and tilelua's once more
# as the peers are, ATTENTION_TIMER=do_bench), then the table (stdout
# and OUTDIR/table.md) and chart (OUTDIR/attention_bench.png).
# Usage: bench/run_attention.sh BUILD_DIR OUTDIR [S ...]
set -u
B=$(realpath "$1"); OUT=${2:-/tmp/bench_attention}; shift $(($# < 2 ? $# : 2)); mkdir -p "$OUT"
cd "$(dirname "$0")/.."
export TILELUA_CACHE_DIR=$(mktemp -d)
dev=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1)
. bench/clocks.sh
clocks_start "$OUT"
{ phase tilelua
  "$B/tilesh" --backend=cuda bench/attention_bench.lua "$@"
  phase "tilelua[do_bench]"
  ATTENTION_TIMER=do_bench "$B/tilesh" --backend=cuda bench/attention_bench.lua "$@" | sed 's/^tilelua /tilelua[do_bench] /'
  phase sdpa
  PYTHONUNBUFFERED=1 python3 bench/peers_attention.py "$@"
  phase "sdpa[timeit]"
  SDPA_BACKENDS=cudnn PEERS_TIMER=timeit PYTHONUNBUFFERED=1 python3 bench/peers_attention.py "$@"
  phase triton
  PYTHONUNBUFFERED=1 python3 bench/triton_attention.py "$@"; } 2>&1 | tee "$OUT/log"
clocks_end "$OUT"
python3 bench/attention_table.py "$OUT/log" "$OUT/attention_bench.png" "std.attention vs SDPA, $(date -u +%F), $dev" | tee "$OUT/table.md"
