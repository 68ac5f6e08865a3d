# One script, every GPU (issue 12's acceptance): every example, run on the CPU, compiles every kernel
# it launches for sm_80, sm_90, gfx90a, gfx942, gfx1100 and gfx1201, each traced for that target, or
# says in one line what the target lacks ("unsupported: not available on <arch>: ..."); no line says
# FAILED. A second run finds every code object in the cache ("hit", nothing traced or compiled).
# Skipped without NVRTC, hiprtc or clang-19; not run in the sanitizer build (the compilers dominate,
# and the normal build runs the same tilelua code).
. "$(dirname "$0")/lib.bash"
compilers_loaded
[ "${SANITIZE:-OFF}" = "ON" ] && { echo "skipped: the normal build runs it"; exit 77; }
command -v "${TILELUA_CLANG:-clang-19}" >/dev/null 2>&1 || { echo "skipped: no clang-19"; exit 77; }
TARGETS=sm_80,sm_90,gfx90a,gfx942,gfx1100,gfx1201
export TILELUA_CACHE_DIR="$TMPD/cache"
unset TILELUA_CACHE
cd "$TMPD" || exit 1
lines=0 unsupported=0
for ex in "$SRC"/examples/*.lua; do
  name=$(basename "$ex")
  out=$("$TILESH" --cross=$TARGETS "$ex" 2>&1); rc=$?
  if [ $rc -ne 0 ] && grep -q "cannot be compiled here" <<<"$out"; then echo "skipped: $out"; exit 77; fi
  [ $rc -eq 0 ] || fail "$name: exit $rc: $(grep -E 'FAILED|rror' <<<"$out" | head -5)"
  expect_lacks "$name: no failed compile" "$out" "FAILED"
  n=$(grep -c "^cross " <<<"$out")
  u=$(grep -c "^cross .* unsupported: not available on " <<<"$out")
  lines=$((lines + n)); unsupported=$((unsupported + u))
  # every cross line is a code object or a named limitation
  bad=$(grep "^cross " <<<"$out" | grep -v -E " [0-9]+ bytes (hit|miss)| unsupported: not available on ")
  [ -z "$bad" ] || fail "$name: unexpected cross lines: $bad"
  echo "$name: $n cross lines ($u unsupported)"
  # the second run: all from the cache
  again=$("$TILESH" --cross=$TARGETS "$ex" 2>&1) || fail "$name (second run): $again"
  m=$(grep "^cross " <<<"$again" | grep -c " bytes miss")
  expect_eq "$name: misses on the second run" "$m" "0"
  # (tl.autotune remembers its winners: a second run launches, and so crosses, fewer kernels)
  if [ "$n" -gt 0 ] && [ "$(grep -c '^cross ' <<<"$again")" -eq 0 ]; then fail "$name: no cross lines on the second run"; fi
done
[ "$lines" -ge 100 ] || fail "expected at least 100 kernel x target lines, got $lines"
echo "cross examples: $lines kernel x target lines, $unsupported unsupported, all cached on the second run: ok"
