#!/usr/bin/env bash
# run_ncu.sh - shared-memory bank conflicts of std.transpose, swizzled vs plain, counted by Nsight
# Compute on the GPU (the hardware's view of what the script-time bank report predicts).
# Usage: bench/run_ncu.sh BUILD_DIR
set -u
B=$(realpath "$1")
cd "$(dirname "$0")/.."
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu /usr/local/cuda/bin/ncu 2>/dev/null | head -1)
[ -n "$NCU" ] || { echo "no ncu here"; exit 77; }
TILELUA_CACHE=0 "$NCU" --clock-control none --kernel-name regex:std_transpose \
  --metrics l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum \
  "$B/tilesh" --backend=cuda bench/transpose_ncu.lua
