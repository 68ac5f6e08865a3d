# The REPL on a pseudo-terminal (util-linux script): prompts, Ctrl-C interrupts a running
# statement and returns to the prompt, :quit exits 0.
. "$(dirname "$0")/lib.bash"
command -v script >/dev/null || { echo "skipped: util-linux 'script' not installed"; exit 77; }

out=$( (echo 'while true do end'; sleep 1.5; printf '\003'; sleep 1; echo 'print("after" .. 1)'; \
        sleep 0.5; echo 'for i = 1, 2 do'; echo 'print("loop", i) end'; sleep 0.5; echo ':quit') \
      | timeout 20 script -qec "$TILESH" /dev/null 2>&1); rc=$?
expect_eq "exit status" "$rc" "0"
expect_contains "banner" "$out" "Type :help"
expect_contains "interrupted" "$out" "interrupted!"
expect_contains "prompt returns after Ctrl-C" "$out" "after1"
expect_contains "continuation prompt" "$out" ">> "
expect_contains "multi-line statement" "$out" "loop	2"
echo "repl (pty): ok"
