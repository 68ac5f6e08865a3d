-- 8-bit floats (OCP FP8 e4m3 and e5m2, as CUDA's __nv_fp8_* and torch's float8_e4m3fn / float8_e5m2):
-- every code decodes and encodes back to itself; rounding to nearest even, saturation to the largest
-- finite value (448, 57344) and NaN as the CUDA conversions do; tensors, std.cast, kernels on the
-- executor (arithmetic rounded to the format), the sm_90 source (compiled where NVRTC is), the AMD
-- refusal.
local T = require "testing"
local std = require "tilelua.std"

-- values -> codes -> values through float tensors
for _, dt in ipairs({ "f8e4m3", "f8e5m2" }) do
  local maxv = dt == "f8e4m3" and 448.0 or 57344.0
  local x = tl.from({ 0.0, 1.0, -2.5, maxv, maxv * 1.2, -1e9, 1.0 / 0.0, 3.3, 1e-9 }, tl.f32)
  local back = std.cast(std.cast(x, tl[dt]), tl.f32):tolist()
  T.eq(back[1], 0.0, dt .. " zero")
  T.eq(back[2], 1.0, dt .. " one")
  T.eq(back[3], -2.5, dt .. " exact")
  T.eq(back[4], maxv, dt .. " max")
  T.eq(back[5], maxv, dt .. " saturates")
  T.eq(back[6], -maxv, dt .. " saturates negative")
  T.eq(back[7], maxv, dt .. " infinity saturates (satfinite)")
  T.eq(back[8], dt == "f8e4m3" and 3.25 or 3.5, dt .. " rounds 3.3")
  T.eq(back[9], 0.0, dt .. " underflows to zero")
  local nan = std.cast(std.cast(tl.from({ 0.0 / 0.0 }, tl.f32), tl[dt]), tl.f32):get(0)
  assert(nan ~= nan, dt .. ": NaN stays NaN")
end
-- ties to even: 3.25 lies between e5m2's 3.0 (even code) and 3.5; 1.0625 between e4m3's 1.0 and 1.125
T.eq(std.cast(std.cast(tl.from({ 3.25, -3.25 }, tl.f32), tl.f8e5m2), tl.f32):tolist(), { 3.0, -3.0 }, "e5m2 tie")
T.eq(std.cast(std.cast(tl.from({ 1.0625 }, tl.f32), tl.f8e4m3), tl.f32):get(0), 1.0, "e4m3 tie")
-- the smallest subnormals: 2^-9 (e4m3), 2^-16 (e5m2)
T.eq(std.cast(std.cast(tl.from({ 2 ^ -9 }, tl.f32), tl.f8e4m3), tl.f32):get(0), 2 ^ -9, "e4m3 subnormal")
T.eq(std.cast(std.cast(tl.from({ 2 ^ -16 }, tl.f32), tl.f8e5m2), tl.f32):get(0), 2 ^ -16, "e5m2 subnormal")

-- all 254 finite e4m3 values survive a round trip through f32 (and so every code maps back to itself)
do
  local vals = {}
  for e = 0, 15 do
    for m = 0, 7 do
      if not (e == 15 and m == 7) then
        local v = e == 0 and (m / 8) * 2 ^ -6 or (1 + m / 8) * 2 ^ (e - 7)
        vals[#vals + 1] = v
        vals[#vals + 1] = -v
      end
    end
  end
  local x = tl.from(vals, tl.f32)
  T.eq(std.cast(std.cast(x, tl.f8e4m3), tl.f32):max_abs_diff(x), 0.0, "every e4m3 value")
end

-- tensors and a kernel: load e4m3, arithmetic in e4m3 (rounded), store to f32 and back to e5m2
local k = tl.kernel { name = "fp8_ops", block = 64,
  params = { { "x", tl.tensor(tl.f8e4m3, 1) }, { "y", tl.tensor(tl.f32, 1) }, { "z", tl.tensor(tl.f8e5m2, 1) } },
  body = function(k, p)
    local i = k.thread_id()
    local m = tl.lt(i, p.x:shape(0))
    local v = p.x:load({ i }, { mask = m })
    local w = v + v * 0.5 -- in e4m3: each step rounds to the format
    p.y:store({ i }, w:cast("f32"), { mask = m })
    p.z:store({ i }, w:cast("f32"), { mask = m })
  end }
local xs = tl.from({ 1.0, 3.0, 300.0, -0.5 }, tl.f8e4m3)
local ys, zs = tl.zeros({ 4 }, tl.f32), tl.zeros({ 4 }, tl.f8e5m2)
k({ 1 }, xs, ys, zs)
-- 1 + 0.5 = 1.5; 3 + 1.5 = 4.5; 300 * 0.5 = 144 (e4m3: 144), 288 + 144 = 432 -> 448? 432 rounds to 448 (e4m3 step 32)
T.eq(ys:tolist(), { 1.5, 4.5, 448.0, -0.75 }, "e4m3 arithmetic rounds each step")
T.eq(std.cast(zs, tl.f32):tolist(), { 1.5, 4.0, 448.0, -0.75 }, "stored as e5m2 (4.5 ties to 4)")
T.eq(tostring(zs:dtype()), "f8e5m2", "dtype name")

local src, _, carch = tl._hip_source(k:ir_object(), "sm_90")
assert(src:find("#include <cuda_fp8.h>", 1, true) and src:find("__nv_fp8_e4m3* __restrict__ x", 1, true), "sm_90 source")
T.compiles(src, k.name, carch, "the FP8 kernel for sm_90")
T.raises(function() tl._hip_source(k:ir_object(), "gfx90a") end,
         "not available on gfx90a: tilelua generates 8-bit floats (f8e4m3, f8e5m2) for NVIDIA only")
print("dtype_fp8: ok")
