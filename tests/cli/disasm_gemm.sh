# Proof by disassembly that std.gemm, cross-compiled, runs on each target's matrix units: the code
# objects TILELUA_DUMP_DIR writes are disassembled and must hold the target's matrix instructions:
# v_mfma_* for gfx90a (hiprtc) and gfx942 (clang-19, read with llvm-objdump-19); for NVIDIA the
# CUBIN's SASS where cuobjdump is present (HGMMA on sm_90a, HMMA on sm_80), else the PTX NVRTC makes
# of the dumped source (wgmma.mma_async on sm_90a, mma.sync on sm_80, sm_89, sm_100 and sm_120: wgmma
# exists on sm_90 only, and sm_100's tcgen05 is not written). gfx1100 has WMMA, which
# tilelua does not drive: it must be reported as unsupported, not compiled into something else.
. "$(dirname "$0")/lib.bash"
compilers_loaded
DUMP="$TMPD/dump"
mkdir -p "$DUMP"
cat >"$TMPD/gemm.lua" <<'EOF'
local std = require "tilelua.std"
local a, b = tl.rand({ 40, 24 }, tl.f16, 1), tl.rand({ 24, 36 }, tl.f16, 2)
std.gemm(a, b)
EOF
cat >"$TMPD/ptx.lua" <<'EOF'
local f = assert(io.open(arg[1]))
local src = f:read("a")
f:close()
io.write(tl._compile(src, "k", arg[2]))
EOF
targets="sm_80,sm_89,sm_90,sm_100,sm_120"
have_amd=0
if command -v "${TILELUA_CLANG:-clang-19}" >/dev/null 2>&1 && command -v llvm-objdump-19 >/dev/null 2>&1; then
  targets="$targets,gfx90a,gfx942,gfx1100"; have_amd=1
fi
out=$(cd "$TMPD" && TILELUA_CACHE=0 TILELUA_DUMP_DIR="$DUMP" "$TILESH" --cross="$targets" gemm.lua 2>&1)
rc=$?
if [ $rc -ne 0 ] && grep -q "cannot be compiled here" <<<"$out"; then echo "skipped: $out"; exit 77; fi
expect_eq "cross-compile of std.gemm ($out)" "$rc" "0"
echo "$out"
expect_lacks "no failed target" "$out" "FAILED"

ls "$DUMP"
one() { ls "$DUMP"/$1 2>/dev/null | head -1; }
if [ $have_amd -eq 1 ]; then
  expect_contains "gfx1100 is reported" "$out" "gfx1100 unsupported: not available on gfx1100"
  for arch in gfx90a gfx942; do
    co=$(one "std_gemm_*_${arch}.co")
    [ -n "$co" ] || fail "no code object dumped for $arch"
    [ -f "${co%.co}.hip" ] || fail "no source dumped beside $co"
    n=$(llvm-objdump-19 -d --mcpu="$arch" "$co" | grep -c "v_mfma_f32_32x32x8")
    [ "$n" -gt 0 ] || fail "$arch: no v_mfma_f32_32x32x8 in $co"
    echo "$arch: $n v_mfma_f32_32x32x8 instructions"
  done
  [ -z "$(one "std_gemm_*_gfx1100.co")" ] || fail "a gfx1100 code object was written"
fi
for pair in "sm_90a wgmma HGMMA" "sm_80 mma.sync HMMA" "sm_89 mma.sync HMMA" "sm_100 mma.sync HMMA" "sm_120 mma.sync HMMA"; do
  set -- $pair
  cubin=$(one "std_gemm_*_$1.cubin")
  [ -n "$cubin" ] || fail "no CUBIN dumped for $1"
  if command -v cuobjdump >/dev/null 2>&1; then
    n=$(cuobjdump -sass "$cubin" | grep -c "$3")
    what="$3 (SASS)"
  else
    (cd "$TMPD" && "$TILESH" ptx.lua "${cubin%.cubin}.hip" "compute_${1#sm_}" >"$TMPD/k.ptx" 2>&1) ||
      fail "PTX of ${cubin%.cubin}.hip: $(cat "$TMPD/k.ptx")"
    n=$(tr -d '\000' <"$TMPD/k.ptx" | grep -c "$2")
    what="$2 (PTX; no cuobjdump here)"
  fi
  [ "$n" -gt 0 ] || fail "$1: no $what in $cubin"
  echo "$1: $n $what"
done
echo "disasm gemm: ok"
