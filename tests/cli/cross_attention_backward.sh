# std.attention_backward on AMD's matrix units, cross-compiled: the backward (dq by its pass and by atomics, D = 64 and
# 128), run on the CPU, compiles each of its kernels for gfx90a and gfx942 (clang-19), whose code objects hold MFMA
# instructions (llvm-objdump-19), and is reported unsupported on gfx1100 (WMMA, not driven). The executor checks the
# same kernels' gradients at warp 64 (tests/lua/std_attention_backward_amd.lua). Skipped without clang-19; not in
# the sanitizer build (the compilers dominate).
. "$(dirname "$0")/lib.bash"
compilers_loaded
[ "${SANITIZE:-OFF}" = "ON" ] && { echo "skipped: the normal build runs it"; exit 77; }
command -v "${TILELUA_CLANG:-clang-19}" >/dev/null 2>&1 || { echo "skipped: no clang-19"; exit 77; }
command -v llvm-objdump-19 >/dev/null 2>&1 || { echo "skipped: no llvm-objdump-19"; exit 77; }
DUMP="$TMPD/dump"
mkdir -p "$DUMP"
cat >"$TMPD/bwd.lua" <<'LUA'
local std = require "tilelua.std"
for _, D in ipairs { 64, 128 } do
  local sh = { 1, 2, 40, D }
  local q, k, v, dout = tl.rand(sh, tl.f16, 1), tl.rand(sh, tl.f16, 2), tl.rand(sh, tl.f16, 3), tl.rand(sh, tl.f16, 4)
  local o, lse = std.attention(q, k, v, { causal = true })
  for _, dq in ipairs { "pass", "atomic" } do std.attention_backward(dout, q, k, v, o, lse, { causal = true, dq = dq }) end
end
LUA
out=$(cd "$TMPD" && TILELUA_CACHE=0 TILELUA_DUMP_DIR="$DUMP" "$TILESH" --cross=gfx90a,gfx942,gfx1100 bwd.lua 2>&1); rc=$?
if [ $rc -ne 0 ] && grep -q "cannot be compiled here" <<<"$out"; then echo "skipped: $out"; exit 77; fi
expect_lacks "no failed compile" "$out" "FAILED"
# the kernels: dK/dV with the pass (dkdv), with atomics, and the dq pass, at D = 64 and 128
for kern in std_attention_backward_f16_d64_causal_dkdv std_attention_backward_f16_d64_causal std_attention_backward_dq_f16_d64_causal \
            std_attention_backward_f16_d128_causal_dkdv std_attention_backward_f16_d128_causal std_attention_backward_dq_f16_d128_causal; do
  for arch in gfx90a gfx942; do
    expect_contains "$kern for $arch" "$out" "cross $kern $arch "
    co="$DUMP/${kern}_${arch}.co"
    [ -f "$co" ] || fail "no code object dumped for $kern on $arch"
    n=$(llvm-objdump-19 -d --mcpu="$arch" "$co" | grep -c "v_mfma_f32_32x32x8")
    [ "$n" -gt 0 ] || fail "$kern on $arch: no v_mfma_f32_32x32x8"
    echo "$kern $arch: $n v_mfma_f32_32x32x8"
  done
  expect_contains "$kern reported on gfx1100" "$out" "cross $kern gfx1100 unsupported: not available on gfx1100"
done
echo "cross_attention_backward ok"
