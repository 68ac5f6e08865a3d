# The REPL driven through a pipe (tilesh -i): expressions print, multi-line statements complete,
# errors do not end the session, :quit exits 0.
. "$(dirname "$0")/lib.bash"

out=$(printf '%s\n' '1+1' 'for i = 1, 3 do' '  io.write(i * 10, " ")' 'end' 'error("oops")' \
  'local t = {' '1, 2}' 'return #"abcd", "x"' ':help' ':quit' 'print("after quit")' \
  | "$TILESH" -i 2>"$TMPD/err"); rc=$?
err=$(cat "$TMPD/err")
expect_eq "exit status after :quit" "$rc" "0"
expect_contains "expression prints" "$out" "2"
expect_contains "multi-line for" "$out" "10 20 30"
expect_contains "error reported with location" "$err" "stdin:1: oops"
expect_contains "session continues after error" "$out" "$(printf '4\tx')"
expect_contains ":help" "$out" ":quit"
expect_lacks ":quit stops reading" "$out" "after quit"

# end of input also ends the session cleanly
out=$(printf 'x = 5\nx * 2\n' | "$TILESH" -i); rc=$?
expect_eq "EOF status" "$rc" "0"
expect_eq "globals persist between lines" "$out" "10"
echo "repl (pipe): ok"
