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
# (the SM clock and power every 100 ms, of the GPU the benches use, CUDA's first visible one: these kernels run at
# the power limit, bench/clocks.py; the sampler stopped however the script ends)
nvidia-smi -i "$(v=${CUDA_VISIBLE_DEVICES:-0}; echo "${v%%,*}")" \
  --query-gpu=timestamp,utilization.gpu,clocks.sm,power.draw,clocks_event_reasons.active --format=csv -lms 100 >"$OUT/clocks.csv" &
smi=$!
trap 'kill $smi 2>/dev/null' EXIT
{ echo "# phase tilelua $(date +%s.%N)"
  "$B/tilesh" --backend=cuda bench/attention_bench.lua "$@"
  echo "# phase tilelua[do_bench] $(date +%s.%N)"
  ATTENTION_TIMER=do_bench "$B/tilesh" --backend=cuda bench/attention_bench.lua "$@" | sed 's/^tilelua /tilelua[do_bench] /'
  echo "# phase sdpa $(date +%s.%N)"
  PYTHONUNBUFFERED=1 python3 bench/peers_attention.py "$@"
  echo "# phase sdpa[timeit] $(date +%s.%N)"
  SDPA_BACKENDS=cudnn PEERS_TIMER=timeit PYTHONUNBUFFERED=1 python3 bench/peers_attention.py "$@"
  echo "# phase triton $(date +%s.%N)"
  PYTHONUNBUFFERED=1 python3 bench/triton_attention.py "$@"; } 2>&1 | tee "$OUT/log"
kill $smi; wait $smi 2>/dev/null; python3 bench/clocks.py "$OUT/clocks.csv" "$OUT/log" | tee -a "$OUT/log"
python3 bench/attention_table.py "$OUT/log" "$OUT/attention_bench.png" "std.attention vs SDPA, $(date -u +%F), $dev" | tee "$OUT/table.md"
