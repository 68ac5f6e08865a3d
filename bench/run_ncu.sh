#!/usr/bin/env bash
# run_ncu.sh - shared-memory bank conflicts of std.transpose, swizzled vs plain, counted by Nsight
# Compute on the GPU (the hardware's view of what the script-time bank report predicts).
# Usage: bench/run_ncu.sh BUILD_DIR [softmax | gemm [bm,bn,bk,wm,wn ...]]   (softmax: tilelua's and
# Triton's f16 softmax side by side: time, DRAM throughput, instructions, registers, occupancy, stall
# reasons; gemm: the second launch of std.gemm 4096^3 f16 per config: tensor pipe use, issue
# slots, stall reasons, LDS bank conflicts)
set -u
B=$(realpath "$1")
cd "$(dirname "$0")/.."
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu /usr/local/cuda/bin/ncu 2>/dev/null | head -1)
[ -n "$NCU" ] || { echo "no ncu here"; exit 77; }
if [ "${2:-}" = gemm ]; then
  shift 2
  M=gpu__time_duration.sum,launch__registers_per_thread,launch__block_size,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active,smsp__average_warp_latency_issue_stalled_barrier.ratio,smsp__average_warp_latency_issue_stalled_long_scoreboard.ratio,smsp__average_warp_latency_issue_stalled_short_scoreboard.ratio,smsp__average_warp_latency_issue_stalled_mio_throttle.ratio,smsp__average_warp_latency_issue_stalled_math_pipe_throttle.ratio,smsp__average_warp_latency_issue_stalled_wait.ratio,smsp__average_warp_latency_issue_stalled_not_selected.ratio,smsp__average_warp_latency_issue_stalled_dispatch_stall.ratio,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum
  TILELUA_CACHE=0 "$NCU" --clock-control none --kernel-name regex:std_gemm --metrics $M \
    "$B/tilesh" --backend=cuda bench/gemm_ncu.lua "$@"
  exit
fi
if [ "${2:-}" = softmax ]; then
  M=gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,smsp__inst_executed.sum,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__average_warp_latency_issue_stalled_long_scoreboard.ratio,smsp__average_warp_latency_issue_stalled_barrier.ratio,launch__block_size,launch__grid_size
  TILELUA_CACHE=0 "$NCU" --clock-control none --kernel-name regex:softmax --metrics $M "$B/tilesh" --backend=cuda bench/softmax_ncu.lua
  "$NCU" --clock-control none --kernel-name regex:softmax_k --metrics $M python3 bench/softmax_ncu.py
  exit
fi
TILELUA_CACHE=0 "$NCU" --clock-control none --kernel-name regex:std_transpose \
  --metrics l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum \
  "$B/tilesh" --backend=cuda bench/transpose_ncu.lua
