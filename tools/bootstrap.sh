#!/bin/sh
# bootstrap.sh - install the Debian packages tilelua needs (only those missing), then configure and
# build into BUILD_DIR (default: build). Idempotent: a second run installs nothing and rebuilds
# only what changed.
#   tools/bootstrap.sh                 release build in ./build
#   BUILD_DIR=b EXTRA="-DTILELUA_SANITIZE=ON" tools/bootstrap.sh
set -eu
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
# libamdhip64-dev libhiprtc-builtins5 hipcc: Debian 12's HIP 5.2, for hiprtc (AMD cross-compiles, no GPU
# needed; about 26 packages, 66 MB download, 345 MB installed without recommends)
# clang-19 lld-19 llvm-19: the offline AMD compiler for the targets hiprtc 5.2 cannot build (gfx942,
# gfx1100, gfx1201) and llvm-objdump-19 for the disassembly test
# libdlpack-dev: the DLPack header of the C API; python3-*: the Python module (TILELUA_PYTHON) and its
# pip install test; git: that test copies the checkout's files
PACKAGES="cmake make gcc pkg-config liblua5.4-dev lua5.4 libreadline-dev bsdutils libamdhip64-dev libhiprtc-builtins5 hipcc
  clang-19 lld-19 llvm-19 libdlpack-dev python3-dev python3-numpy python3-pip python3-setuptools python3-venv python3-wheel git"

missing=""
for p in $PACKAGES; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
  SUDO=""
  [ "$(id -u)" = 0 ] || SUDO=sudo
  echo "bootstrap: installing$missing"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi

# shellcheck disable=SC2086
cmake -S . -B "$BUILD_DIR" -DTILELUA_WERROR=ON -DTILELUA_PYTHON=ON -DPython3_EXECUTABLE=/usr/bin/python3 ${EXTRA:-} >/dev/null
cmake --build "$BUILD_DIR" -j"$(nproc)"
