# lib.sh - helpers for the tests/cli scripts: expect_* print what differed and fail.
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }
# expect_eq WHAT GOT WANT
expect_eq() { [ "$2" = "$3" ] || fail "$1: got [$2], want [$3]"; }
# expect_contains WHAT HAYSTACK NEEDLE
expect_contains() { case "$2" in *"$3"*) ;; *) fail "$1: [$2] lacks [$3]";; esac; }
expect_lacks() { case "$2" in *"$3"*) fail "$1: [$2] contains [$3]";; esac; }
# compilers_loaded: this script's tilesh processes load NVRTC and hiprtc. Under the ASan build,
# LeakSanitizer's own tracer then crashed at exit now and then while other tests ran beside it
# ("Tracer caught signal 11", "LeakSanitizer has encountered a fatal error": cli/cache_second_run and
# cli/disasm_gemm, each once in a clean-clone CI run, neither reproduced alone in 3 tries), so these
# scripts check for leaks no more; ASan's other checks stay, and every other test keeps the leak check.
compilers_loaded() { [ -n "${ASAN_OPTIONS:-}" ] && export ASAN_OPTIONS="$ASAN_OPTIONS:detect_leaks=0"; return 0; }
TMPD=$(mktemp -d "${TILELUA_TEST_TMP:-/tmp}/cli.XXXXXX")
trap 'rm -rf "$TMPD"' EXIT
# wait_for TEXT: poll the file $log (a typescript) until TEXT shows up, at most 15 s.
wait_for() {
  local i
  for i in $(seq 150); do
    grep -qF -- "$1" "$log" && return 0
    sleep 0.1
  done
  echo "timed out waiting for [$1]" >&2
  return 1
}
