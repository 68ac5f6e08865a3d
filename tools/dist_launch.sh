#!/usr/bin/env bash
# dist_launch.sh - start N ranks of a command the way torchrun does (RANK, LOCAL_RANK, WORLD_SIZE),
# with what tl.dist needs to meet: TILELUA_NCCL_ID_FILE (GPUs: rank 0 writes the NCCL unique id there)
# and TILELUA_DIST_DIR (the cpu backend's simulated processes exchange files there), both fresh
# unless already set. Each output line is prefixed with its rank; the exit status is the first
# failing rank's (0 when all succeed).
# Usage: tools/dist_launch.sh N command [args...]
#   tools/dist_launch.sh 4 build/tilesh examples/tensor_parallel.lua          (cpu: 4 simulated processes)
#   tools/dist_launch.sh 8 build/tilesh --backend=cuda bench/dist_allreduce.lua (8 GPUs, one process each)
set -u
n=${1:?usage: dist_launch.sh N command [args...]}; shift
work=$(mktemp -d "${TMPDIR:-/tmp}/tl_dist.XXXXXX")
trap 'rm -rf "$work"' EXIT
export WORLD_SIZE=$n
export TILELUA_NCCL_ID_FILE=${TILELUA_NCCL_ID_FILE:-$work/nccl_id}
export TILELUA_DIST_DIR=${TILELUA_DIST_DIR:-$work/exchange}
mkdir -p "$TILELUA_DIST_DIR"
pids=()
for ((r = 0; r < n; r++)); do
  (RANK=$r LOCAL_RANK=$r "$@" 2>&1 | sed "s/^/[$r] /"; exit "${PIPESTATUS[0]}") &
  pids+=($!)
done
status=0
for p in "${pids[@]}"; do
  wait "$p"; rc=$?
  [ $status -eq 0 ] && [ $rc -ne 0 ] && status=$rc
done
exit $status
