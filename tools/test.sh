#!/bin/sh
# test.sh - set up, build and run the whole test suite twice: a normal build (build/) and an
# AddressSanitizer + UndefinedBehaviorSanitizer build (build-asan/). Exit status: 0 when all pass.
set -eu
cd "$(dirname "$0")/.."
tools/bootstrap.sh
ctest --test-dir build --output-on-failure -j2
BUILD_DIR=build-asan EXTRA="-DTILELUA_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug -DTILELUA_PYTHON=OFF" tools/bootstrap.sh
asan() {
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --test-dir build-asan --output-on-failure "$@"
}
rm -f build-asan/ctest.failed
{ asan -j2 || touch build-asan/ctest.failed; } 2>&1 | tee build-asan/ctest.log
[ -f build-asan/ctest.failed ] || exit 0
# LeakSanitizer's own tracer has now and then crashed at a test's exit ("Tracer caught signal 11 ...
# LeakSanitizer has encountered a fatal error"): not a leak, not the test. Where that is the only kind of
# sanitizer failure in the log, the failed tests run once more (a test that fails for itself fails again).
if grep -q "LeakSanitizer has encountered a fatal error" build-asan/ctest.log &&
   ! grep -q -e "detected memory leaks" -e "ERROR: AddressSanitizer" -e "runtime error:" build-asan/ctest.log; then
  echo "test.sh: LeakSanitizer's tracer crashed in a test (not a leak): the failed tests once more"
  asan --rerun-failed
else
  exit 1
fi
