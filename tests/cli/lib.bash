# lib.sh - helpers for the tests/cli scripts: expect_* print what differed and fail.
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }
# expect_eq WHAT GOT WANT
expect_eq() { [ "$2" = "$3" ] || fail "$1: got [$2], want [$3]"; }
# expect_contains WHAT HAYSTACK NEEDLE
expect_contains() { case "$2" in *"$3"*) ;; *) fail "$1: [$2] lacks [$3]";; esac; }
expect_lacks() { case "$2" in *"$3"*) fail "$1: [$2] contains [$3]";; esac; }
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
