#!/usr/bin/env bash
# run_std.sh - the stdlib benchmarks on the GPU machine, tilelua and its peers in one run, then the
# table (stdout and OUTDIR/table.md) and chart (OUTDIR/std_bench.png).
# Usage: bench/run_std.sh BUILD_DIR OUTDIR [op ...]
set -u
B=$(realpath "$1"); OUT=${2:-/tmp/bench_std}; shift 2; mkdir -p "$OUT"
cd "$(dirname "$0")/.."
export TILELUA_CACHE_DIR=$(mktemp -d)
dev=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1)
{ "$B/tilesh" --backend=cuda bench/std_bench.lua "$@"; PYTHONUNBUFFERED=1 python3 bench/peers_std.py "$@"; } 2>&1 | tee "$OUT/log"
python3 bench/std_table.py "$OUT/log" "$OUT/std_bench.png" "tilelua stdlib vs peers, $(date -u +%F), $dev" | tee "$OUT/table.md"
