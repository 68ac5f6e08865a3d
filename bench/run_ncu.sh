#!/usr/bin/env bash
# run_ncu.sh - Nsight Compute counters of std kernels on the GPU; by default the shared-memory bank
# conflicts of std.transpose, swizzled vs plain (the hardware's view of the script-time bank report).
# Usage: bench/run_ncu.sh BUILD_DIR [softmax | histogram | attention | attention_bwd | gemm [bm,bn,...]]   (no mode:
# std.transpose 8192^2 f32, swizzled and plain: time, DRAM throughput, LDS instructions and bank
# conflicts; softmax: tilelua's and Triton's f16 softmax side by side: time, DRAM throughput,
# instructions, registers, occupancy, stall reasons; histogram: two launches of std.histogram of
# 2^26 f32 into 256 bins: time, DRAM throughput, instructions, shared / generic / global atomics,
# LDS bank conflicts, stall reasons; gemm: the second launch of std.gemm 4096^3 f16 per config:
# tensor pipe use, issue slots, stall reasons, LDS bank conflicts; attention_bwd: the same counters for
# the kernels of std.attention_backward {config = {wgmma = true}}, S = 4096, D = 64 and 128; attention: for
# std.attention's default forward kernel at S = 1024 and 4096, D = 64 and 128; sdpa: cuDNN's SDPA kernels and
# tilelua's at one point, every section of ncu (bench/sdpa_ncu.py; D, S, CAUSAL=1, BWD=1); attention_smem: the backward's
# shared-memory, L2 and instruction counters beside cuDNN's)
set -u
B=$(realpath "$1")
cd "$(dirname "$0")/.."
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu /usr/local/cuda/bin/ncu 2>/dev/null | head -1)
[ -n "$NCU" ] || { echo "no ncu here"; exit 77; }
M_GEMM=gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,launch__grid_size,launch__registers_per_thread,launch__block_size,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active,smsp__average_warp_latency_issue_stalled_barrier.ratio,smsp__average_warp_latency_issue_stalled_long_scoreboard.ratio,smsp__average_warp_latency_issue_stalled_short_scoreboard.ratio,smsp__average_warp_latency_issue_stalled_mio_throttle.ratio,smsp__average_warp_latency_issue_stalled_math_pipe_throttle.ratio,smsp__average_warp_latency_issue_stalled_wait.ratio,smsp__average_warp_latency_issue_stalled_not_selected.ratio,smsp__average_warp_latency_issue_stalled_dispatch_stall.ratio,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum
if [ "${2:-}" = gemm ]; then
  shift 2
  M=$M_GEMM
  # Hopper's warpgroup MMAs count on the gmma pipe, where this ncu knows it
  "$NCU" --query-metrics 2>/dev/null | awk '{print $1}' | grep -qx sm__pipe_tensor_op_gmma_cycles_active &&
    M=$M,sm__pipe_tensor_op_gmma_cycles_active.avg.pct_of_peak_sustained_active
  TILELUA_CACHE=0 "$NCU" --clock-control none --kernel-name regex:std_gemm --metrics $M \
    "$B/tilesh" --backend=cuda bench/gemm_ncu.lua "$@"
  exit
fi
if [ "${2:-}" = attention ]; then
  # the gemm metrics for std.attention's default forward kernel (bench/attention_ncu.lua; both launches of
  # each case)
  M=${M_GEMM}
  "$NCU" --query-metrics 2>/dev/null | awk '{print $1}' | grep -qx sm__pipe_tensor_op_gmma_cycles_active &&
    M=$M,sm__pipe_tensor_op_gmma_cycles_active.avg.pct_of_peak_sustained_active
  TILELUA_CACHE=0 "$NCU" --clock-control none --kernel-name regex:std_attention_ --metrics $M \
    "$B/tilesh" --backend=cuda bench/attention_ncu.lua
  exit
fi
# the Lua of one std.attention_backward call at head dimension $1, S = $2, causal when $3 is 1 (f16, B*S = 16k,
# H*D = 2048), for tilesh -e
backward_call() {
  echo "local std = require 'tilelua.std'; local t = dofile('bench/timing.lua'); local D, S = $1, $2
        local B, H = 16384 // S, 2048 // D
        local function r(s) return t.signed({ B, H, S, D }, 'f16', s) end
        local q, k, v, dout = r(1), r(2), r(3), r(4)
        local o, lse = std.attention(q, k, v, { causal = $3 == 1 })
        std.attention_backward(dout, q, k, v, o, lse, { causal = $3 == 1 }); tl.synchronize()"
}
if [ "${2:-}" = sdpa ]; then
  # cuDNN's attention kernels (bench/sdpa_ncu.py) beside tilelua's, the full set of sections, at the point
  # D, S (default 128, 4096), CAUSAL=1, BWD=1 (the backward; tilelua's dK/dV kernel, else the forward)
  export D=${D:-128} S=${S:-4096}
  "$NCU" --set full --clock-control none --profile-from-start off -c 6 python3 bench/sdpa_ncu.py
  if [ "${BWD:-0}" = 1 ]; then
    TILELUA_CACHE=0 "$NCU" --set full --clock-control none -k regex:atomic_wgmma -c 1 "$B/tilesh" --backend=cuda \
      -e "$(backward_call "$D" "$S" "${CAUSAL:-0}")"
  else
    TILELUA_CACHE=0 "$NCU" --set full --clock-control none -k regex:std_attention_f16 -c 1 "$B/tilesh" --backend=cuda \
      -e "local std = require 'tilelua.std'; local t = dofile('bench/timing.lua'); local D, S = $D, $S
          local B, H = 16384 // S, 2048 // D
          local q, k, v = t.signed({ B, H, S, D }, 'f16', 1), t.signed({ B, H, S, D }, 'f16', 2), t.signed({ B, H, S, D }, 'f16', 3)
          std.attention(q, k, v, { causal = ${CAUSAL:-0} == 1 }); tl.synchronize()"
  fi
  exit
fi
if [ "${2:-}" = attention_smem ]; then
  # shared-memory, L2 and instruction counters of the backward's dK/dV kernel beside cuDNN's bprop kernel (f16, not
  # causal, S = 4096, D = 64 and 128; bench/RESULTS.md 2026-11-27 session 26 call 8)
  M=gpu__time_duration.sum,l1tex__data_bank_reads.sum,l1tex__data_bank_writes.sum,l1tex__data_bank_reads.avg.pct_of_peak_sustained_elapsed,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,lts__throughput.avg.pct_of_peak_sustained_elapsed,smsp__inst_executed.sum,sm__pipe_shared_cycles_active.avg.pct_of_peak_sustained_active
  for D in 64 128; do
    echo "== tilelua D = $D"
    TILELUA_CACHE=0 "$NCU" --clock-control none -k regex:atomic_wgmma -c 1 --metrics $M "$B/tilesh" --backend=cuda \
      -e "$(backward_call "$D" 4096 0)"
    echo "== cuDNN D = $D"
    D=$D S=4096 BWD=1 "$NCU" --clock-control none --profile-from-start off -k regex:bprop -c 1 --metrics $M python3 bench/sdpa_ncu.py
  done
  exit
fi
if [ "${2:-}" = attention_bwd ]; then
  # the gemm metrics for the wgmma backward's kernels (bench/attention_bwd_ncu.lua)
  M=${M_GEMM}
  "$NCU" --query-metrics 2>/dev/null | awk '{print $1}' | grep -qx sm__pipe_tensor_op_gmma_cycles_active &&
    M=$M,sm__pipe_tensor_op_gmma_cycles_active.avg.pct_of_peak_sustained_active
  # (ATTENTION_BWD_DQ=atomic: one kernel a backward, so the first backward's is skipped with NCU_SKIP=1)
  TILELUA_CACHE=0 "$NCU" --clock-control none --kernel-name regex:std_attention_backward --launch-skip ${NCU_SKIP:-2} --metrics $M \
    "$B/tilesh" --backend=cuda bench/attention_bwd_ncu.lua
  exit
fi
if [ "${2:-}" = softmax ]; then
  M=gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,smsp__inst_executed.sum,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__average_warp_latency_issue_stalled_long_scoreboard.ratio,smsp__average_warp_latency_issue_stalled_barrier.ratio,launch__block_size,launch__grid_size
  TILELUA_CACHE=0 "$NCU" --clock-control none --kernel-name regex:softmax --metrics $M "$B/tilesh" --backend=cuda bench/softmax_ncu.lua
  "$NCU" --clock-control none --kernel-name regex:softmax_k --metrics $M python3 bench/softmax_ncu.py
  exit
fi
if [ "${2:-}" = histogram ]; then
  # the atomic and bank-conflict counters are kept only where this ncu knows them (the names differ
  # between versions); the others are those the modes above already use
  M=gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,dram__bytes_read.sum,smsp__inst_executed.sum,launch__registers_per_thread,launch__grid_size,launch__block_size,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__issue_active.avg.pct_of_peak_sustained_active,smsp__average_warp_latency_issue_stalled_long_scoreboard.ratio,smsp__average_warp_latency_issue_stalled_short_scoreboard.ratio,smsp__average_warp_latency_issue_stalled_mio_throttle.ratio,smsp__average_warp_latency_issue_stalled_barrier.ratio,smsp__average_warp_latency_issue_stalled_wait.ratio,smsp__average_warp_latency_issue_stalled_not_selected.ratio
  known=$("$NCU" --query-metrics 2>/dev/null | awk '{print $1}')
  for m in smsp__inst_executed_op_shared_atom.sum smsp__inst_executed_op_generic_atom_dot_alu.sum \
           smsp__average_warp_latency_issue_stalled_lg_throttle.ratio \
           smsp__inst_executed_op_global_red.sum smsp__inst_executed_op_global_atom.sum \
           l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_atom.sum l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum; do
    if grep -qx "${m%%.*}" <<<"$known"; then M=$M,$m; else echo "run_ncu: this ncu has no metric ${m%%.*}; left out"; fi
  done
  TILELUA_CACHE=0 "$NCU" --clock-control none --kernel-name regex:std_histogram --metrics $M "$B/tilesh" --backend=cuda bench/histogram_ncu.lua
  exit
fi
TILELUA_CACHE=0 "$NCU" --clock-control none --kernel-name regex:std_transpose \
  --metrics gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,smsp__inst_executed.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum \
  "$B/tilesh" --backend=cuda bench/transpose_ncu.lua
