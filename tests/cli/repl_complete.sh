# Tab completion in the REPL on a pseudo-terminal (readline): a global's field and a method name.
. "$(dirname "$0")/lib.bash"
command -v script >/dev/null || { echo "skipped: util-linux 'script' not installed"; exit 77; }
ldd "$TILESH" 2>/dev/null | grep -q readline || { echo "skipped: tilesh built without readline"; exit 77; }
log="$TMPD/typescript"
: >"$log"
feed() {
  wait_for "Type :help" || return
  printf 'print("warp", tl.default_wa\t())\n'
  wait_for "warp	" || return
  printf 'c = tl.curve{lengths = {4, 8}}\n'
  printf 'print("n", c:num_ac\t())\n'
  wait_for "n	" || return
  echo ':quit'
}
feed | timeout 30 script -qfec "exec '$TILESH'" "$log" >/dev/null 2>&1; rc=$?
out=$(cat "$log")
[ "$rc" = 0 ] || printf 'typescript:\n%s\n' "$out" >&2
expect_eq "exit status" "$rc" "0"
expect_contains "field completed" "$out" "tl.default_warp"
expect_contains "completed call ran" "$out" "warp	64"
expect_contains "method completed" "$out" "c:num_access"
expect_contains "completed method ran" "$out" "n	32"
echo "repl (completion): ok"
