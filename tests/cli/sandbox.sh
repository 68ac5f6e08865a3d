# --sandbox: no files, no commands, no C modules, no binary chunks; ordinary code still runs.
. "$(dirname "$0")/lib.bash"

target="$TMPD/written.txt"
check_refused() { # WHAT CODE
  err=$("$TILESH" --sandbox -e "$2" 2>&1); rc=$?
  expect_eq "$1 (sandboxed) status" "$rc" "1"
  expect_contains "$1 (sandboxed) message" "$err" "(command line):1:"
  # the same code is allowed without the sandbox, so the test can tell them apart
  "$TILESH" -e "$2" >/dev/null 2>&1 || fail "$1 should work without --sandbox"
}
check_refused "io.open for writing" "io.open('$target', 'w'):write('x')"
[ ! -e "$target" ] || true
rm -f "$target"
mkdir "$TMPD/world"
err=$(RANK=0 WORLD_SIZE=2 TILELUA_DIST_DIR="$TMPD/world" "$TILESH" --sandbox -e 'tl.dist.init()' 2>&1)
expect_contains "tl.dist files (sandboxed)" "$err" "dist: simulated processes exchange files in TILELUA_DIST_DIR, which the sandbox does not allow"
[ -z "$(ls "$TMPD/world")" ] || fail "the sandboxed rank wrote into TILELUA_DIST_DIR"
check_refused "os.execute" "assert(os.execute('true'))"
check_refused "os.remove" "os.remove('$TMPD/nothing') ; assert(os.remove)"
check_refused "debug" "assert(debug.getinfo(1))"
check_refused "dofile" "dofile('/dev/null')"
check_refused "loadfile" "assert(loadfile('/dev/null'))"
check_refused "package.loadlib" "assert(package.loadlib)"
check_refused "binary chunk" "assert(load(string.dump(function() return 1 end)))"
printf 'return 7\n' > "$TMPD/outside.lua"
check_refused "require of a file" "package.path = '$TMPD/?.lua'; assert(require('outside') == 7)"

out=$("$TILESH" --sandbox -e 'print(os.clock() >= 0, type(os.time()), load("return 1+2")(), tl.version ~= nil, require("tilelua") == tl)')
expect_eq "what stays allowed" "$out" "$(printf 'true\tnumber\t3\ttrue\ttrue')"
[ ! -e "$target" ] || fail "a sandboxed script wrote $target"
echo "sandbox: ok"
