# The REPL on a pseudo-terminal (util-linux script): prompts, Ctrl-C interrupts a running
# statement and returns to the prompt, :quit exits 0.
# Each step waits until the REPL has printed what the step needs (no fixed sleeps), so the test
# holds on a loaded machine: Ctrl-C is sent only once the loop is known to be running.
. "$(dirname "$0")/lib.bash"
command -v script >/dev/null || { echo "skipped: util-linux 'script' not installed"; exit 77; }

log="$TMPD/typescript"
: >"$log"
feed() {
  wait_for "Type :help" || return
  echo 'print("spin" .. "ning") while true do end'
  wait_for "spinning" || return
  sleep 0.2
  printf '\003'
  wait_for "interrupted!" || return
  echo 'print("after" .. 1)'
  wait_for "after1" || return
  echo 'for i = 1, 2 do'
  echo 'print("loop", i) end'
  wait_for "loop	2" || return
  echo ':quit'
}
# script runs the command through $SHELL -c; "exec" leaves tilesh alone in the terminal's process
# group (a dash parent, CI's /bin/sh, would itself die of the Ctrl-C and report 130).
feed | timeout 30 script -qfec "exec '$TILESH'" "$log" >/dev/null 2>&1; rc=$?
out=$(cat "$log")
[ "$rc" = 0 ] || printf 'typescript:\n%s\n' "$out" >&2
expect_eq "exit status" "$rc" "0"
expect_contains "banner" "$out" "Type :help"
expect_contains "interrupted" "$out" "interrupted!"
expect_contains "prompt returns after Ctrl-C" "$out" "after1"
expect_contains "continuation prompt" "$out" ">> "
expect_contains "multi-line statement" "$out" "loop	2"
echo "repl (pty): ok"
