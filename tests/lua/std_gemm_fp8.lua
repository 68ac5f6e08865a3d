-- std.gemm with 8-bit float inputs (f8e4m3, f8e5m2): the warp-specialized TMA schedule with wgmma
-- m64nNk32 on K-major tiles (A M x K, B given N x K with trans_b), per-tensor scales folded into
-- alpha as torch._scaled_mm does, f32 accumulation, bf16/f16/f32 output. Exact on the executor for
-- small integers; the sm_90a source compiles where NVRTC is; what is refused says why.
local T = require "testing"
local std = require "tilelua.std"
local registry = debug.getregistry()
local saved = registry["tilelua.warp"]
registry["tilelua.warp"] = 32

local function a(i, q) return (i * 7 + q * 3) % 5 - 2 end
local function b(q, j) return (q * 5 + j * 11) % 7 - 3 end
for _, case in ipairs({ { "f8e4m3", "bf16", 192, 256, 384 }, { "f8e5m2", "f32", 128, 512, 128 }, { "f8e4m3", "f16", 64, 256, 256 } }) do
  local dt, odt, M, N, K = table.unpack(case)
  local A, B = tl.empty({ M, K }, tl[dt]), tl.empty({ N, K }, tl[dt])
  for i = 0, M - 1 do for q = 0, K - 1 do A:set(i, q, a(i, q)) end end
  for j = 0, N - 1 do for q = 0, K - 1 do B:set(j, q, b(q, j)) end end
  local out = tl.zeros({ M, N }, tl[odt])
  std.gemm(A, B, { trans_b = true, scale_a = 0.25, scale_b = 2.0, out = out })
  for i = 0, M - 1, 7 do for j = 0, N - 1, 5 do
    local r = 0
    for q = 0, K - 1 do r = r + a(i, q) * b(q, j) end
    r = r * 0.5
    if out:get(i, j) ~= r then error(("%s -> %s %dx%dx%d: C[%d, %d] = %s, want %s"):format(dt, odt, M, N, K, i, j, out:get(i, j), r)) end
  end end
end

-- with clusters of 2 along N (A's row blocks multicast; B^T loads per block): right on the executor,
-- and the source multicasts
for _, v in ipairs({ { 256 }, { 128 }, { 256, true } }) do
  local bn = v[1]
  local cfg = { bm = 128, bn = bn, bk = 128, wgmma = true, ws = true, cluster = 2, persistent = v[2] }
  local M, N, K = 128, 640, 384
  local A, B = tl.empty({ M, K }, tl.f8e4m3), tl.empty({ N, K }, tl.f8e4m3)
  for i = 0, M - 1 do for q = 0, K - 1 do A:set(i, q, a(i, q)) end end
  for j = 0, N - 1 do for q = 0, K - 1 do B:set(j, q, b(q, j)) end end
  local out = tl.zeros({ M, N }, tl.bf16)
  std.gemm(A, B, { trans_b = true, out = out, config = cfg })
  for i = 0, M - 1, 7 do for j = 0, N - 1, 5 do
    local r = 0
    for q = 0, K - 1 do r = r + a(i, q) * b(q, j) end
    if out:get(i, j) ~= r then error(("cluster 2, bn %d%s: C[%d, %d] = %s, want %s"):format(bn, v[2] and ", persistent" or "", i, j, out:get(i, j), r)) end
  end end
  local kc = std.gemm_kernel("f8e4m3", { trans_b = true, out_dtype = "bf16", config = cfg })
  local csrc = tl._hip_source(kc:ir_object(), { arch = "sm_90", num_ctas = 2 })
  assert(csrc:find("multicast::cluster", 1, true) and csrc:find("__cluster_dims__(2, 1, 1)", 1, true), "FP8 cluster source")
end
-- A^T with clusters is not written: f16 runs the wgmma pipeline instead, and the report says why
do
  local cfg = { bm = 128, bn = 128, bk = 64, wgmma = true, ws = true, cluster = 2 }
  local At, B = tl.zeros({ 64, 128 }, tl.f16), tl.zeros({ 64, 256 }, tl.f16)
  At:set(3, 5, 2); B:set(3, 7, 3)
  local out = std.gemm(At, B, { trans_a = true, config = cfg })
  T.eq(out:get(5, 7), 6.0, "A^T with clusters: right through the fallback")
  local kt = std.gemm_kernel("f16", { trans_a = true, config = cfg })
  assert(kt:report():find("config.ws not used: trans_a with config.cluster (not written yet)", 1, true), kt:report())
end

local k = std.gemm_kernel("f8e4m3", { trans_b = true, out_dtype = "bf16" })
T.eq(k.name, "std_gemm_f8e4m3_nt_128x256x128_wsp", "the FP8 default: 128 x 256 tiles, 128-byte K steps, persistent")
local src, _, carch = tl._hip_source(k:ir_object(), "sm_90")
T.eq(carch, "sm_90a", "sm_90a")
assert(src:find("wgmma.mma_async.sync.aligned.m64n256k32.f32.e4m3.e4m3", 1, true), "k32 e4m3 wgmma")
T.compiles(src, k.name, carch, "the FP8 GEMM for sm_90a")

T.raises(function() std.gemm(tl.zeros({ 64, 128 }, tl.f8e4m3), tl.zeros({ 128, 64 }, tl.f8e4m3)) end,
         "f8e4m3 inputs need B as N x K (trans_b = true)")
T.raises(function() std.gemm(tl.zeros({ 64, 128 }, tl.f8e4m3), tl.zeros({ 64, 128 }, tl.f8e5m2), { trans_b = true }) end,
         "A and B must have the same dtype")
T.raises(function() std.gemm(tl.zeros({ 64, 128 }, tl.f16), tl.zeros({ 128, 64 }, tl.f16), { scale_a = 2 }) end,
         "scale_a scales 8-bit inputs (A is f16)")
T.raises(function() std.gemm(tl.zeros({ 64, 100 }, tl.f8e4m3), tl.zeros({ 64, 100 }, tl.f8e4m3), { trans_b = true }) end,
         "f8e4m3 inputs need TMA, and tensor b is not 16-byte aligned")
T.raises(function() std.gemm_kernel("f8e4m3", { trans_b = true, config = { bm = 128, bn = 256, bk = 64, wgmma = true, ws = true } }) end,
         "config.wgmma needs bk = 128 for f8e4m3")
T.raises(function() tl.with_target("gfx942", std.gemm_kernel, "f8e4m3", { trans_b = true }) end,
         "not available on gfx942: std.gemm_kernel with f8e4m3 inputs needs the 8-bit wgmma and TMA of NVIDIA sm_90")

registry["tilelua.warp"] = saved
print("std_gemm_fp8: ok")
