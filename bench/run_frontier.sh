#!/usr/bin/env bash
# run_frontier.sh - one device command for the asynchronous-machinery kernels (issues 13, 14): their
# tests against the CPU executor, std.gemm's TMA configs (copy groups, ws, persistent, cluster) next
# to torch.matmul, and std.attention's wgmma / ws configs and the dQ variants next to SDPA, all in
# one run. Every step runs under its own time limit (an mbarrier wait that never completes hangs a
# kernel; the step is then reported as timed out and the next one runs).
# Usage: bench/run_frontier.sh TILESH [STEP ...]  steps: tests alltests defaults gemm shapes irregular sweep
#        f16fp8 clusters ncu ncu2048 attention attention256 backward (default: tests gemm attention backward). OUT (env): a folder
#        for the logs (default /tmp/frontier).
set -u
T=$(realpath "$1"); shift
STEPS=${*:-tests gemm attention backward}
OUT=${OUT:-/tmp/frontier}; mkdir -p "$OUT"
cd "$(dirname "$0")/.."
export TILELUA_CACHE_DIR=$(mktemp -d) PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
step() { # step NAME LIMIT_S CMD...: runs CMD with a time limit, its output into OUT/NAME.log and stdout
  local name=$1 lim=$2; shift 2
  local t0=$(date +%s)
  echo "== $name"
  timeout -k 5 "$lim" "$@" 2>&1 | tee -a "$OUT/$name.log"
  local rc=${PIPESTATUS[0]}
  echo "== $name: exit $rc after $(( $(date +%s) - t0 )) s$([ "$rc" = 124 ] && echo ' (TIMED OUT)')"
}
for s in $STEPS; do
  case $s in
    tests)
      step tests 320 env EXTRAS=0 GPU_TEST_TIMEOUT=60 tests/gpu/run.sh "$T" tests/lua/kernel_copy_tma.lua \
        tests/lua/kernel_async.lua tests/lua/tma_load_args.lua tests/lua/kernel_clusters.lua \
        tests/lua/std_gemm_ws.lua tests/lua/std_gemm_fp8.lua tests/lua/std_attention_wgmma.lua \
        tests/lua/std_attention_backward.lua ;;
    alltests)   # the whole GPU test run (every kernel test, std test and example)
      step alltests 560 env GPU_TEST_TIMEOUT=150 tests/gpu/run.sh "$T" ;;
    irregular)  # the default against torch.matmul where the strides are 16-byte but not 16-element multiples
      for mnk in 4000x5000x3000 2048; do
        step irregular 90 env OUT=same "$T" --backend=cuda bench/gemm_bench.lua $mnk bf16 f16
        step irregular 60 python3 bench/peers_gemm.py $mnk bf16 f16
      done ;;
    defaults)  # the issue's shapes with std.gemm's default against torch.matmul / _scaled_mm in one call
      for mnk in 4096 8192 2048 4000x5000x3000 8192x1024x8192 1024x8192x1024; do
        step defaults 60 env OUT=same "$T" --backend=cuda bench/gemm_bench.lua $mnk bf16 f16
        step defaults 60 python3 bench/peers_gemm.py $mnk bf16 f16
      done
      for n in 4096 8192; do
        step defaults 60 env OUT=same "$T" --backend=cuda bench/gemm_bench.lua $n f8e4m3
        step defaults 60 python3 bench/peers_gemm.py $n f8e4m3
      done ;;
    gemm)
      step gemm 200 env WS=1 OUT=same "$T" --backend=cuda bench/gemm_bench.lua 4096 f16 bf16
      step gemm 60 python3 bench/peers_gemm.py 4096 f16 bf16 ;;
    shapes)   # the issue's other shapes: bf16, bf16 output, default vs the TMA configs vs torch.matmul
      for mnk in 8192 2048 4000x5000x3000 8192x1024x8192 1024x8192x1024; do
        step shapes 120 env WS=1 OUT=same "$T" --backend=cuda bench/gemm_bench.lua $mnk bf16
        step shapes 60 python3 bench/peers_gemm.py $mnk bf16
      done ;;
    sweep)    # the small and irregular shapes over the wgmma tiles x stages x groups in flight (bf16 out)
      for mnk in 2048 1024x8192x1024 4000x5000x3000; do
        step sweep 150 env TUNE=1 CFGS=1,2,3 LATS=4,7,10 PENDING=0,1 OUT=same "$T" --backend=cuda bench/gemm_bench.lua $mnk bf16
      done ;;
    f16fp8)   # 8192^3 with f16 inputs (f16 out), and FP8 e4m3 (bf16 out) against torch._scaled_mm
      step f16fp8 90 env OUT=same "$T" --backend=cuda bench/gemm_bench.lua 8192 f16
      step f16fp8 60 python3 bench/peers_gemm.py 8192 f16
      for n in 4096 8192; do
        step f16fp8 90 env OUT=same "$T" --backend=cuda bench/gemm_bench.lua $n f8e4m3
        step f16fp8 60 python3 bench/peers_gemm.py $n f8e4m3
      done ;;
    clusters)  # cluster = 2 (multicast of A) against the defaults: FP8 persistent (B^T), bf16 128x256, and the
               # four-consumer FP8 schedule (24/112 registers: the pool rule of k:roles)
      F8="{bm=128,bn=256,bk=128,wgmma=true,ws=true,persistent=true,cluster=2};{bm=128,bn=256,bk=128,wgmma=true,ws=true,cluster=2};{bm=256,bn=128,bk=128,wgmma=true,ws=true,persistent=true}"
      for n in 4096 8192; do
        step clusters 150 env OUT=same CONFIGS="$F8" "$T" --backend=cuda bench/gemm_bench.lua $n f8e4m3
        step clusters 60 python3 bench/peers_gemm.py $n f8e4m3
      done
      B16="{bm=128,bn=256,bk=64,wgmma=true,ws=true,cluster=2};{bm=128,bn=256,bk=64,wgmma=true,ws=true,persistent=true,cluster=2}"
      for mnk in 4096 8192 4000x5000x3000; do
        step clusters 120 env OUT=same CONFIGS="$B16" "$T" --backend=cuda bench/gemm_bench.lua $mnk bf16
        step clusters 60 python3 bench/peers_gemm.py $mnk bf16
      done ;;
    ncu2048)  # Nsight Compute on the 2048^3 f16 default kernel (f16 out)
      step ncu2048 150 env NCU_N=2048 OUT=same bench/run_ncu.sh "$(dirname "$T")" gemm ;;
    ncu)      # Nsight Compute on the 8192^3 f16 kernel (f16 out) of std.gemm's default
      step ncu 200 env NCU_N=8192 OUT=same bench/run_ncu.sh "$(dirname "$T")" gemm ;;
    attention256)   # D = 256: mma.sync, wgmma, wgmma + ws, and SDPA
      step attention256 200 env ATTENTION_GRID=0 ATTENTION_DIMS=256 \
        ATTENTION_CONFIGS="{wgmma=false};{wgmma=true,ws=false};{wgmma=true}" "$T" --backend=cuda bench/attention_bench.lua 4096
      step attention256 60 env ATTENTION_DIMS=256 SDPA_BACKENDS=flash,cudnn python3 bench/peers_attention.py 4096 ;;
    attention)
      step attention 240 env ATTENTION_CONFIGS="{wgmma=false};{wgmma=true,ws=false};{wgmma=true,split=true};{wgmma=true,overlap=true};{wgmma=true,overlap=true,split=true}" "$T" --backend=cuda bench/attention_bench.lua 4096
      step attention 90 env SDPA_BACKENDS=flash,cudnn python3 bench/peers_attention.py 4096 ;;
    backward)
      step backward 300 env ATTENTION_BACKWARD=1 ATTENTION_GRID=0 ATTENTION_CONFIGS="" "$T" --backend=cuda bench/attention_bench.lua 4096
      step backward 120 env ATTENTION_BACKWARD=1 SDPA_BACKENDS=flash,cudnn python3 bench/peers_attention.py 4096 ;;
  esac
done
