# TILELUA_LUA_DIR loads the Lua half from a source tree instead of the embedded copy; the sandbox
# ignores it. Embedded modules carry chunk names "@tilelua/<file>.lua". tl._lua_dir() names the tree they came from.
. "$(dirname "$0")/lib.bash"
mkdir -p "$TMPD/tree/lua"
cp "$SRC"/lua/*.lua "$TMPD/tree/lua/"
printf 'local real = dofile("%s/lua/init.lua")\nreturn function(tl) tl = real(tl); tl.loaded_from_dir = true; return tl end\n' "$SRC" > "$TMPD/tree/lua/init.lua"
expect_eq "embedded by default" "$("$TILESH" -e 'print(tl.loaded_from_dir)')" "nil"
expect_eq "TILELUA_LUA_DIR" "$(TILELUA_LUA_DIR="$TMPD/tree" "$TILESH" -e 'print(tl.loaded_from_dir)')" "true"
expect_eq "sandbox ignores TILELUA_LUA_DIR" \
  "$(TILELUA_LUA_DIR="$TMPD/tree" "$TILESH" --sandbox -e 'print(tl.loaded_from_dir)')" "nil"
# tl._lua_dir(): the tree the modules really came from (the cache's front index is not used then), nil when embedded
expect_eq "tl._lua_dir embedded" "$("$TILESH" -e 'print(tl._lua_dir())')" "nil"
expect_eq "tl._lua_dir from the tree" "$(TILELUA_LUA_DIR="$TMPD/tree" "$TILESH" -e 'print(tl._lua_dir())')" "$TMPD/tree"
expect_eq "tl._lua_dir in the sandbox" "$(TILELUA_LUA_DIR="$TMPD/tree" "$TILESH" --sandbox -e 'print(tl._lua_dir())')" "nil"
echo "lua dir: ok"
