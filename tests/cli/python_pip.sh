#!/bin/bash
# python_pip.sh - `pip install --no-build-isolation .` from a clean copy of the checkout into a fresh
# virtual environment (Debian's python3-venv, python3-pip, python3-setuptools; no package index),
# then `import tilelua` and one launch on a NumPy array.
source "$(dirname "$0")/lib.bash"
skip() { echo "skipped: $*"; exit 77; }
[ "${SANITIZE:-OFF}" = ON ] && skip "the sanitizer build does not build Python modules"
PY=/usr/bin/python3
[ -x "$PY" ] || skip "no /usr/bin/python3"
"$PY" -c "import venv, ensurepip, numpy" 2>/dev/null || skip "python3-venv or python3-numpy missing"
command -v git >/dev/null || skip "git missing (the clean copy is the checkout's files)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# the checkout's files (tracked and untracked, not ignored): no build folders
mkdir "$tmp/src"
(cd "$SRC" && git ls-files -co --exclude-standard -z | tar --null -cf - -T -) | tar -C "$tmp/src" -xf - \
  || fail "could not copy the checkout"
"$PY" -m venv --system-site-packages "$tmp/venv" || fail "python3 -m venv failed"
"$tmp/venv/bin/python" -m pip install -q --no-build-isolation --no-index "$tmp/src" >"$tmp/pip.log" 2>&1 \
  || { cat "$tmp/pip.log"; fail "pip install failed"; }
cd "$tmp" || fail "cd"
out=$("$tmp/venv/bin/python" -c '
import numpy as np, tilelua
T = tilelua.State(backend="cpu")
T.exec("k = tl.kernel{name = \"inc\", block = 64, params = {{\"x\", tl.tensor(tl.i32, 1)}}, body = function(k, p) local i = k.thread_id(); p.x:store({i}, p.x:load({i}) + 1) end}")
x = np.arange(64, dtype=np.int32)
T.kernel("inc")(1, x)
print(tilelua.__file__, int(x.sum()))
') || fail "import tilelua in the venv failed"
case "$out" in
  "$tmp/venv/"*" 2080") echo "pip install: ok ($out)" ;;
  *) fail "unexpected: $out (want the venv's tilelua and sum 2080)" ;;
esac
