# clocks.sh - sourced by the bench run scripts (bench/run_attention*.sh): the GPU's clock during a run, for
# bench/clocks.py. clocks_start OUT: nvidia-smi samples the SM clock, utilization and power of the GPU the benches use
# (CUDA's first visible one) every 100 ms into OUT/clocks.csv, stopped however the script ends; phase NAME: the mark
# clocks.py reads in the log ("# phase NAME SECONDS"); clocks_end OUT: stops the sampler and appends clocks.py's lines,
# for the whole run and each phase, to OUT/log. (These kernels run at the power limit: bench/RESULTS.md, 2026-11-30
# session 46.)
clocks_start() {
  local v=${CUDA_VISIBLE_DEVICES:-0}
  nvidia-smi -i "${v%%,*}" --query-gpu=timestamp,utilization.gpu,clocks.sm,power.draw,clocks_event_reasons.active \
    --format=csv -lms 100 >"$1/clocks.csv" &
  CLOCKS_PID=$!
  trap 'kill $CLOCKS_PID 2>/dev/null' EXIT
}
phase() { echo "# phase $1 $(date +%s.%N)"; }
clocks_end() {
  kill "$CLOCKS_PID"
  wait "$CLOCKS_PID" 2>/dev/null
  python3 "$(dirname "${BASH_SOURCE[0]}")/clocks.py" "$1/clocks.csv" "$1/log" | tee -a "$1/log"
}
