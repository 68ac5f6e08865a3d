-- The last dimension's power-of-two divisor as a specialization fact (tl._launch_facts' ninth
-- value, in the key as ":e<d>" when 2, 4 or 8): a window's vector groups along an even last
-- dimension share one bound, so a 5000-column output is stored in pairs, and an odd one still
-- element by element, each launch right.
local T = require "testing"
local std = require "tilelua.std"

local f = table.pack(tl._launch_facts(tl.zeros({4, 5000}, tl.bf16)))
T.eq({f[3], f[4], f[9]}, {"bf162:0:1:ac:e8", 0, 8}, "4x5000 bf16: the last dimension divides by 8, not 16")
T.eq(select(9, tl._launch_facts(tl.zeros({32, 48}, tl.f32))), 16, "48 columns: 16 (the shape bit says it too)")
T.eq(select(3, tl._launch_facts(tl.zeros({32, 48}, tl.f32))), "f322:3:1:ac", "no :e part where the shape bit decides")
T.eq(select(9, tl._launch_facts(tl.zeros({5, 7}, tl.f32))), 1, "7 columns: odd")
T.eq(select(9, tl._launch_facts(tl.zeros({}, tl.f32))), 1, "rank 0")
T.eq(select(9, tl._launch_facts(tl.zeros({3, 0}, tl.f32))), 16, "an empty last dimension")
T.eq(select(9, tl._launch_facts(tl.zeros({6, 12}, tl.f32):narrow(1, 0, 6))), 2, "a narrowed view: its own last dimension (6)")

-- std.gemm's epilogue stores its accumulator pairs along N: with N even one bound per pair
local function run(n)
  local m, kk = 32, 32
  local a = std.map(function(v) return v - 0.5 end, tl.empty({m, kk}, tl.bf16), tl.rand({m, kk}, tl.f32, 1))
  local b = std.map(function(v) return v - 0.5 end, tl.empty({kk, n}, tl.bf16), tl.rand({kk, n}, tl.f32, 2))
  local out = tl.empty({m, n}, tl.bf16) -- (the executor faults on a store past its last element)
  std.gemm(a, b, {out = out})
  local worst = 0
  for i = 0, m - 1 do
    for j = 0, n - 1 do
      local s = 0.0
      for q = 0, kk - 1 do s = s + a:get(i, q) * b:get(q, j) end
      worst = T.worst(worst, math.abs(out:get(i, j) - s))
    end
  end
  T.eq(worst < 0.05, true, ("gemm 32x%dx32 right (worst %g)"):format(n, worst))
  local kern = std.gemm_kernel(tl.bf16, {out_dtype = "bf16", c_dtype = "bf16", who = "gemm"})
  local _, compares = kern:source("sm_90"):gsub(" < ", "")
  return compares
end
local even = run(40)
local odd = run(41)
T.eq(even < odd, true, ("an even N needs fewer bound checks than an odd one (%d vs %d)"):format(even, odd))
print("window last div: ok")
