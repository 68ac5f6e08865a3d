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
