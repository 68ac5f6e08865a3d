# Stock lua5.4 loads the C module from the build tree: package.cpath = "<build>/lua/?.so;..."
. "$(dirname "$0")/lib.bash"
command -v lua5.4 >/dev/null || { echo "skipped: lua5.4 not installed"; exit 77; }
[ "${SANITIZE:-OFF}" = "ON" ] && { echo "skipped: a sanitized module cannot load into a plain lua5.4"; exit 77; }
out=$(lua5.4 -e "package.cpath = '$MODULE_DIR/?.so;' .. package.cpath" \
  -e 'local tl = require "tilelua"; print(type(tl), tl.version, package.loaded.tilelua == tl)') \
  || fail "lua5.4 could not require tilelua"
expect_eq "require from lua5.4" "$out" "$(printf 'table\t%s\ttrue' "$("$TILESH" -e 'io.write(tl.version)')")"
echo "lua module: ok"
