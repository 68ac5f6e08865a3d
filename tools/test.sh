#!/bin/sh
# test.sh - set up, build and run the whole test suite twice: a normal build (build/) and an
# AddressSanitizer + UndefinedBehaviorSanitizer build (build-asan/). Exit status: 0 when all pass.
set -eu
cd "$(dirname "$0")/.."
tools/bootstrap.sh
ctest --test-dir build --output-on-failure -j2
BUILD_DIR=build-asan EXTRA="-DTILELUA_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug -DTILELUA_PYTHON=OFF" tools/bootstrap.sh
ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --test-dir build-asan --output-on-failure -j2
