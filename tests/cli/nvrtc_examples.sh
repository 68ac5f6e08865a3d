# Every kernel the examples launch is generated for sm_90 and gfx90a, and the sm_90 sources compile
# with NVRTC (dlopen'd; skipped when libnvrtc is not installed).
. "$(dirname "$0")/lib.bash"
out=$(cd "$TMPD" && "$TILESH" "$SRC/tests/cli/emit_examples.lua" "$TMPD") || fail "emitting sources: $out"
expect_contains "sources emitted" "$out" "emitted"
n=$(ls "$TMPD"/*_sm_90.hip | wc -l)
[ "$n" -ge 6 ] || fail "expected at least 6 sm_90 sources, got $n"
"$NVRTC_TEST" "$TMPD"; rc=$?
[ $rc -eq 77 ] && { echo "skipped: no NVRTC here"; exit 77; }
expect_eq "NVRTC compile of every example kernel" "$rc" "0"
echo "nvrtc examples: ok"
