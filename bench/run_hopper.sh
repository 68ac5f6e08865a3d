#!/usr/bin/env bash
# run_hopper.sh - the first GPU run of the asynchronous machinery (issue 13), in one device command:
# the kernels against the CPU executor, then std.gemm's warp-specialized TMA configs next to the
# default and torch.matmul (cuBLAS) at 4096^3 and 8192^3.
# Usage: bench/run_hopper.sh TILESH [sizes...]   (default sizes: 4096 8192)
set -u
T=$(realpath "$1"); shift
SIZES=${*:-4096 8192}
cd "$(dirname "$0")/.."
export TILELUA_CACHE_DIR=$(mktemp -d)
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== the new kernels against the CPU executor"
tests/gpu/run.sh "$T" tests/lua/kernel_async.lua tests/lua/std_gemm_ws.lua tests/lua/std_gemm_fp8.lua tests/lua/dtype_fp8.lua tests/lua/codegen_golden.lua examples/async_pipeline.lua
for n in $SIZES; do
  echo "== std.gemm $n^3: default and config.ws (WS=1), then torch.matmul"
  WS=1 "$T" --backend=cuda bench/gemm_bench.lua "$n" f16 bf16
  WS=1 OUT=same "$T" --backend=cuda bench/gemm_bench.lua "$n" f16 bf16
  PYTHONUNBUFFERED=1 python3 bench/peers_gemm.py "$n" f16 bf16 2>&1 | grep -i "torch\|cublas"
  echo "== FP8 $n^3: std.gemm (B N x K, bf16 out) and torch._scaled_mm"
  "$T" --backend=cuda bench/gemm_bench.lua "$n" f8e4m3 f8e5m2
  PYTHONUNBUFFERED=1 python3 bench/peers_gemm.py "$n" f8e4m3 f8e5m2
done
