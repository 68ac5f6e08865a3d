#!/usr/bin/env bash
# tests/gpu/run.sh - the GPU test run (device machine): every kernel test and example on the
# selected GPU backend, each launch checked against the CPU executor (TILELUA_CHECK_CPU=1); then the
# same scripts again on the launch fast path, and the fault test.
# Usage: tests/gpu/run.sh [TILESH [SCRIPT ...]] ; prints one line per script and a summary; exit 1 on
# any failure. SCRIPTs (paths relative to the source tree) replace the default list. MODES=cmp: the
# compared pass alone (default "cmp fast"); JOBS=n: n scripts at once.
set -u
TILESH=$(realpath "${1:-build-gpu/tilesh}")
SRC=$(cd "$(dirname "$0")/../.." && pwd)
scripts=("$SRC"/tests/lua/kernel_*.lua "$SRC"/tests/lua/std_*.lua "$SRC"/tests/lua/autotune_*.lua "$SRC"/examples/*.lua)
if [ $# -gt 1 ]; then scripts=(); for s in "${@:2}"; do scripts+=("$SRC/$s"); done; fi
export TILELUA_CACHE=0 TILELUA_CHECK_CPU=1 TILELUA_TEST_TMP=${TILELUA_TEST_TMP:-/tmp} LUA_PATH="$SRC/tests/lua/lib/?.lua;;"
export TILELUA_SOURCE_DIR=$SRC
LIMIT=${GPU_TEST_TIMEOUT:-300}
work=$(mktemp -d)
JOBS=${JOBS:-1}   # scripts run at once (the CPU executor's comparisons dominate; the GPU is shared)
# an interrupted run ends the scripts it started and leaves no folder behind
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$work"' EXIT
trap 'exit 130' INT TERM
[[ $JOBS =~ ^[1-9][0-9]*$ ]] || { echo "run.sh: JOBS must be a positive integer (got '$JOBS')" >&2; exit 2; }
pass=0 fail=0 checks=0 mism=0
# one script, compared (mode cmp) or on the fast path (mode fast): its report into $work/res.MODE.I,
# its counts into $work/cnt.MODE.I ("pass fail checks mismatches")
one() {
  local mode=$1 i=$2 f=$3 name=${3#"$SRC"/} d="$work/d.$1.$2" rc c m t start
  mkdir -p "$d"
  if [ "$mode" = cmp ]; then
    start=$(date +%s%N)
    (cd "$d" && timeout -k 5 "$LIMIT" "$TILESH" --backend="${BACKEND:-cuda}" "$f") >"$d/log" 2>&1; rc=$?
    t=$(( ($(date +%s%N) - start) / 1000000 ))
    c=$(grep -c "^cpu-check .* ok " "$d/log"); m=$(grep -c "^cpu-check .* MISMATCH" "$d/log")
    if [ $rc -eq 0 ] && [ "$m" -eq 0 ]; then
      echo "1 0 $((c + m)) $m" >"$work/cnt.$mode.$i"
      printf 'PASS %-45s %3d launches checked against the cpu executor  %5d ms\n' "$name" "$c" "$t" >"$work/res.$mode.$i"
    else
      echo "0 1 $((c + m)) $m" >"$work/cnt.$mode.$i"
      { printf 'FAIL %-45s exit %d%s, %d mismatches\n' "$name" "$rc" "$([ $rc = 124 ] && echo " (timed out after $LIMIT s)")" "$m"
        grep -v "^cpu-check .* ok " "$d/log" | head -20 | sed 's/^/    /'
        # timed out: the last launches it got through
        [ $rc = 124 ] && tail -n 3 "$d/log" | sed 's/^/    last: /'; } >"$work/res.$mode.$i"
    fi
  else
    # without the comparison: repeated launches take the C fast path (src/launcher_lua.c), which the
    # comparison mode bypasses; each script checks its own results
    if (cd "$d" && TILELUA_CHECK_CPU=0 timeout -k 5 "$LIMIT" "$TILESH" --backend="${BACKEND:-cuda}" "$f") >"$d/log" 2>&1; then
      echo "1 0 0 0" >"$work/cnt.$mode.$i"; echo "PASS $name (fast path, no comparison)" >"$work/res.$mode.$i"
    else
      echo "0 1 0 0" >"$work/cnt.$mode.$i"
      { echo "FAIL $name (fast path, no comparison)"; head -20 "$d/log" | sed 's/^/    /'; } >"$work/res.$mode.$i"
    fi
  fi
  rm -rf "$d"
}
for mode in ${MODES:-cmp fast}; do
  i=0
  for f in "${scripts[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n; done
    one "$mode" "$i" "$f" &
    i=$((i + 1))
  done
  wait
  for ((i = 0; i < ${#scripts[@]}; i++)); do
    if [ ! -f "$work/cnt.$mode.$i" ]; then # (its job died before writing a result)
      echo "FAIL ${scripts[$i]#"$SRC"/} ($mode): no result"; fail=$((fail + 1)); continue
    fi
    cat "$work/res.$mode.$i"
    read -r p q c m <"$work/cnt.$mode.$i"
    pass=$((pass + p)); fail=$((fail + q)); checks=$((checks + c)); mism=$((mism + m))
  done
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
