#!/usr/bin/env bash
# run_attention_backward.sh - std.attention_backward and torch SDPA's backward (each backend) on the GPU machine in one
# run over the issue's grid (B S = 16k, H D = 2048, S in 1k..16k, D 64 / 128, causal or not, f16 and bf16; tilelua's
# defaults in two rounds, the faster kept; cuDNN's once more timed as tilelua is, PEERS_TIMER=timeit, and tilelua's once
# more as the peers are, ATTENTION_TIMER=do_bench), then the table
# (stdout and OUTDIR/table.md) and chart
# (OUTDIR/attention_backward_bench.png).
# Usage: bench/run_attention_backward.sh BUILD_DIR OUTDIR [S,S,...]   (default 1024,2048,4096,8192,16384)
set -u
B=$(realpath "$1"); OUT=${2:-/tmp/bench_attention_backward}; SEQS=${3:-1024,2048,4096,8192,16384}; mkdir -p "$OUT"
cd "$(dirname "$0")/.."
export TILELUA_CACHE_DIR=$(mktemp -d)
dev=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1)
. bench/clocks.sh
clocks_start "$OUT"
export ATTENTION_BACKWARD=1 ATTENTION_BACKWARD_SEQS=$SEQS ATTENTION_BACKWARD_DTYPES=f16,bf16
{ phase tilelua
  ATTENTION_GRID=0 ATTENTION_BACKWARD_MODES=wgmma,wgmma ATTENTION_BACKWARD_TIMING=10,5 "$B/tilesh" --backend=cuda bench/attention_bench.lua
  phase "tilelua[do_bench]"
  ATTENTION_GRID=0 ATTENTION_BACKWARD_MODES=wgmma ATTENTION_TIMER=do_bench "$B/tilesh" --backend=cuda bench/attention_bench.lua |
    sed 's/^tilelua /tilelua[do_bench] /'
  phase sdpa
  PYTHONUNBUFFERED=1 python3 bench/peers_attention.py --backward-only
  phase "sdpa[timeit]"
  SDPA_BACKENDS=cudnn PEERS_TIMER=timeit PYTHONUNBUFFERED=1 python3 bench/peers_attention.py --backward-only; } 2>&1 | tee "$OUT/log"
clocks_end "$OUT"
python3 bench/attention_table.py "$OUT/log" "$OUT/attention_backward_bench.png" \
  "std.attention_backward vs SDPA's backward, $(date -u +%F), $dev" | tee "$OUT/table.md"
