#!/usr/bin/env bash
# tests/gpu/run.sh - the GPU test run (device machine): every kernel test and example on the
# selected GPU backend, each launch checked against the CPU executor (TILELUA_CHECK_CPU=1); then the
# same scripts again on the launch fast path, and the fault test.
# Usage: tests/gpu/run.sh [TILESH [SCRIPT ...]] ; prints one line per script and a summary; exit 1 on
# any failure. SCRIPTs (paths relative to the source tree) replace the default list.
set -u
TILESH=$(realpath "${1:-build-gpu/tilesh}")
SRC=$(cd "$(dirname "$0")/../.." && pwd)
scripts=("$SRC"/tests/lua/kernel_*.lua "$SRC"/tests/lua/std_*.lua "$SRC"/tests/lua/autotune_*.lua "$SRC"/examples/*.lua)
if [ $# -gt 1 ]; then scripts=(); for s in "${@:2}"; do scripts+=("$SRC/$s"); done; fi
export TILELUA_CACHE=0 TILELUA_CHECK_CPU=1 TILELUA_TEST_TMP=${TILELUA_TEST_TMP:-/tmp} LUA_PATH="$SRC/tests/lua/lib/?.lua;;"
export TILELUA_SOURCE_DIR=$SRC
LIMIT=${GPU_TEST_TIMEOUT:-300}
work=$(mktemp -d)
pass=0 fail=0 checks=0 mism=0
for f in "${scripts[@]}"; do
  name=${f#"$SRC"/}
  log="$work/log"
  start=$(date +%s%N)
  (cd "$work" && timeout -k 5 "$LIMIT" "$TILESH" --backend="${BACKEND:-cuda}" "$f") >"$log" 2>&1; rc=$?
  t=$(( ($(date +%s%N) - start) / 1000000 ))
  c=$(grep -c "^cpu-check .* ok " "$log"); m=$(grep -c "^cpu-check .* MISMATCH" "$log")
  checks=$((checks + c + m)); mism=$((mism + m))
  if [ $rc -eq 0 ] && [ "$m" -eq 0 ]; then
    pass=$((pass + 1)); printf 'PASS %-45s %3d launches checked against the cpu executor  %5d ms\n' "$name" "$c" "$t"
  else
    fail=$((fail + 1)); printf 'FAIL %-45s exit %d%s, %d mismatches\n' "$name" "$rc" "$([ $rc = 124 ] && echo " (timed out after $LIMIT s)")" "$m"
    grep -v "^cpu-check .* ok " "$log" | head -20 | sed 's/^/    /'
    # timed out: the last launches it got through
    [ $rc = 124 ] && tail -n 3 "$log" | sed 's/^/    last: /'
  fi
done
# the same scripts without the comparison: repeated launches take the C fast path
# (src/launcher_lua.c), which the comparison mode bypasses; each script checks its own results
for f in "${scripts[@]}"; do
  name=${f#"$SRC"/}
  if (cd "$work" && TILELUA_CHECK_CPU=0 timeout -k 5 "$LIMIT" "$TILESH" --backend="${BACKEND:-cuda}" "$f") >"$work/log" 2>&1; then
    pass=$((pass + 1)); echo "PASS $name (fast path, no comparison)"
  else
    fail=$((fail + 1)); echo "FAIL $name (fast path, no comparison)"; head -20 "$work/log" | sed 's/^/    /'
  fi
done
if [ "${EXTRAS:-1}" != 0 ]; then
# a faulting kernel: a clean error naming it, "device unusable" afterwards, a normal exit
if (cd "$work" && TILELUA_CHECK_CPU=0 "$TILESH" --backend="${BACKEND:-cuda}" "$SRC/tests/gpu/fault.lua") >"$work/log" 2>&1; then
  pass=$((pass + 1)); echo "PASS tests/gpu/fault.lua"; sed 's/^/    /' "$work/log"
else
  fail=$((fail + 1)); echo "FAIL tests/gpu/fault.lua"; sed 's/^/    /' "$work/log" | head -20
fi
# tl.dist: the one-rank NCCL communicator and the tensor-parallel example (tests/gpu/dist.sh)
if "$SRC/tests/gpu/dist.sh" "$TILESH" >"$work/log" 2>&1; then
  pass=$((pass + 1)); echo "PASS tests/gpu/dist.sh"; sed 's/^/    /' "$work/log" | grep -E "PASS|dist_one_rank|tensor_parallel"
else
  fail=$((fail + 1)); echo "FAIL tests/gpu/dist.sh"; sed 's/^/    /' "$work/log" | head -40
fi
fi
rm -rf "$work"
echo "gpu tests: $pass passed, $fail failed; $checks launch results compared with the cpu executor, $mism mismatched"
[ $fail -eq 0 ]
