-- std_gemm.lua - the standard library's GEMM on the matrix units: C = alpha * op(A) * op(B) + beta * C
-- with f16/bf16 inputs and f32 accumulation (tilelua.std.gemm).
--
-- It prints what the kernel is made of: the MMA instruction of the default warp (NVIDIA mma.sync
-- m16n8k16 at warp 32, AMD MFMA 32x32x8 at warp 64) and who holds what in its A, B and C fragments;
-- the tile configuration; and the LDS bank report of the XOR-preshuffled A and B tiles (fragment
-- reads 1-way). Then it runs ragged GEMMs in all four layouts, checks them against a float64
-- reference computed from the same rounded inputs, and tunes the tile configuration with
-- tl.autotune on a small size (on the CPU executor the times are CPU times).
-- Usage: tilesh examples/std_gemm.lua [M N K]   (default 70 50 40)
local tl = require "tilelua"
local std = require "tilelua.std"

local M, N, K = tonumber(arg and arg[1]) or 70, tonumber(arg and arg[2]) or 50, tonumber(arg and arg[3]) or 40

local kern, cfg = std.gemm_kernel(tl.f16)
if cfg.wgmma then -- the default on an sm_90 GPU: warpgroup MMAs read both tiles from LDS through descriptors
  print(("default on this GPU: block tile %dx%dx%d, %d warpgroups of 128 threads, each 64 x %d with %s " ..
         "(%d f32 accumulators per thread), %d stages, %d bytes of LDS"):format(cfg.bm, cfg.bn, cfg.bk, cfg.wm, cfg.bn,
         cfg.wg.name, cfg.wg.elements, cfg.stages, cfg.lds_bytes))
  local _; _, cfg = std.gemm_kernel(tl.f16, { config = std.gemm_configs()[#std.gemm_configs()] })
  print("the mma.sync variant explained below:")
end
local shape = tl.mma_shape { a = "f16" }
print(tostring(shape))
print(("block tile %dx%dx%d, %d x %d warps of %d, each warp %d x %d %s tiles (%d f32 accumulators per thread), " ..
       "%d bytes of LDS (%d stages of A and of B)"):format(cfg.bm, cfg.bn, cfg.bk, cfg.wm, cfg.wn, shape.warp, cfg.tm,
       cfg.tn, shape.name, cfg.tm * cfg.tn * shape.elements.c, cfg.lds_bytes, cfg.stages))
if shape.warp == 32 then -- the 64-lane maps are wide; the 32-lane ones fit a terminal
  print("A fragment (cell = lane):"); print(shape.a:map())
  print("B fragment:"); print(shape.b:map())
  print("C fragment:"); print(shape.c:map())
end
local text, banks = std.gemm_bank_report(tl.f16, { bm = cfg.bm, bn = cfg.bn, bk = cfg.bk, wm = cfg.wm, wn = cfg.wn })
print(text)
print("A fragment read through the preshuffled LDS tile:")
print(tostring(banks.a_read))

local function signed(shape2, dt, seed)
  local t = tl.rand(shape2, dt, seed)
  for i = 0, shape2[1] - 1 do for j = 0, shape2[2] - 1 do t:set(i, j, 2 * t:get(i, j) - 1) end end
  return t
end

local function reference(A, B, ta, tb, alpha, beta, Cin)
  local ref, big = {}, 1e-30
  for i = 0, M - 1 do
    for j = 0, N - 1 do
      local s = 0.0
      for q = 0, K - 1 do s = s + (ta and A:get(q, i) or A:get(i, q)) * (tb and B:get(j, q) or B:get(q, j)) end
      s = alpha * s + (Cin and beta * Cin:get(i, j) or 0.0)
      ref[i * N + j] = s
      big = math.max(big, math.abs(s))
    end
  end
  return ref, big
end

local worst = 0
for _, dt in ipairs { "f16", "bf16" } do
  for _, layout in ipairs { { false, false }, { true, false }, { false, true }, { true, true } } do
    local ta, tb = layout[1], layout[2]
    local A = ta and signed({ K, M }, tl[dt], 1) or signed({ M, K }, tl[dt], 1)
    local B = tb and signed({ N, K }, tl[dt], 2) or signed({ K, N }, tl[dt], 2)
    local Cin = signed({ M, N }, tl.f32, 3)
    local ref, big = reference(A, B, ta, tb, 1.5, -0.5, Cin)
    std.gemm(A, B, { trans_a = ta, trans_b = tb, alpha = 1.5, beta = -0.5, C = Cin }) -- C updated in place
    local err = 0
    for i = 0, M - 1 do for j = 0, N - 1 do err = math.max(err, math.abs(Cin:get(i, j) - ref[i * N + j])) end end
    worst = math.max(worst, err / big)
    print(("std.gemm %s %dx%dx%d trans_a=%-5s trans_b=%-5s C = 1.5*op(A)*op(B) - 0.5*C: max |C - ref| / max |ref| = %.3g")
      :format(dt, M, N, K, tostring(ta), tostring(tb), err / big))
  end
end

-- tl.autotune over std.gemm_configs() (f16, row-major, beta = 0) on a small problem
local tuned = tl.autotune {
  name = "std_gemm",
  configs = std.gemm_configs(),
  build = function(c) return (std.gemm_kernel(tl.f16, { config = c })) end,
  grid = function(c, _, _, out) return std.gemm_grid(c, out:shape()[1], out:shape()[2]) end,
  warmup = 0, reps = 1,
}
local A, B = signed({ 64, 32 }, tl.f16, 4), signed({ 32, 64 }, tl.f16, 5)
local out = tl.empty({ 64, 64 }, tl.f32)
tuned(A, B, out, 1.0)
local best, index = tuned:best(A, B, out, 1.0)
local ref, big = {}, 1e-30
local err = 0
for i = 0, 63 do
  for j = 0, 63 do
    local s = 0.0
    for q = 0, 31 do s = s + A:get(i, q) * B:get(q, j) end
    ref[i * 64 + j] = s
    big = math.max(big, math.abs(s))
    err = math.max(err, math.abs(out:get(i, j) - s))
  end
end
worst = math.max(worst, err / big)
print(("autotune: 64x64x32 -> config %d of %d (%dx%dx%d, %dx%d warps), rel err %.3g"):format(index, #std.gemm_configs(),
  best.bm, best.bn, best.bk, best.wm, best.wn, err / big))
print(tuned:report())
assert(kern == std.gemm_kernel(tl.f16), "kernels are memoized per configuration")
if worst >= 1e-2 or banks.a_read.worst ~= 1 or banks.b_read.worst ~= 1 then
  io.stderr:write(("std_gemm: MISMATCH (worst rel err %.3g, fragment reads %d/%d-way)\n"):format(worst,
    banks.a_read.worst, banks.b_read.worst))
  os.exit(1)
end
print("std_gemm: ok")
