#!/bin/bash
# install_relocatable.sh - `cmake --install --prefix A`, then the tree moved to B: pkg-config and
# find_package(tilelua) both point into B, and a host built from either runs.
source "$(dirname "$0")/lib.bash"
[ "${SANITIZE:-OFF}" = ON ] && { echo "skipped: a host linked against the sanitizer build needs its runtime"; exit 77; }
command -v pkg-config >/dev/null || { echo "skipped: no pkg-config"; exit 77; }
BUILD=$(dirname "$TILESH")
cmake --install "$BUILD" --prefix "$TMPD/a" >/dev/null || fail "cmake --install failed"
mv "$TMPD/a" "$TMPD/b"
pc=$(find "$TMPD/b" -name tilelua.pc)
[ -n "$pc" ] || fail "no tilelua.pc installed"
flags=$(PKG_CONFIG_PATH=$(dirname "$pc") pkg-config --cflags --libs tilelua) || fail "pkg-config failed"
expect_contains "pkg-config flags" "$flags" "-I$TMPD/b/"
expect_lacks "pkg-config flags" "$flags" "$TMPD/a"
# shellcheck disable=SC2086
cc -o "$TMPD/host" "$SRC/examples/embed/embed.c" $flags || fail "could not build a host with the pkg-config flags"
LD_LIBRARY_PATH=$(dirname "$(find "$TMPD/b" -name 'libtilelua.so' | head -1)") "$TMPD/host" >"$TMPD/out" 2>&1 \
  || { cat "$TMPD/out"; fail "the host built with pkg-config failed"; }
mkdir "$TMPD/proj"
cat >"$TMPD/proj/CMakeLists.txt" <<'CM'
cmake_minimum_required(VERSION 3.25)
project(host C)
find_package(tilelua REQUIRED)
message(STATUS "tilelua_DIR=${tilelua_DIR}")
add_executable(host host.c)
target_link_libraries(host PRIVATE tilelua::tilelua_static)
CM
cp "$SRC/examples/embed/embed.c" "$TMPD/proj/host.c"
cmake -S "$TMPD/proj" -B "$TMPD/proj/build" -DCMAKE_PREFIX_PATH="$TMPD/b" >"$TMPD/cm" 2>&1 || { cat "$TMPD/cm"; fail "find_package(tilelua) failed"; }
expect_contains "find_package" "$(cat "$TMPD/cm")" "tilelua_DIR=$TMPD/b/"
cmake --build "$TMPD/proj/build" >"$TMPD/cm" 2>&1 || { cat "$TMPD/cm"; fail "building with the CMake package failed"; }
"$TMPD/proj/build/host" >/dev/null || fail "the host built with the CMake package failed"
echo "install_relocatable: ok"
