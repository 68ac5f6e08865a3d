-- tensor_rand.lua - tl.rand: deterministic per seed, distinct unseeded calls, ranges per dtype.
local T = require "testing"
local a, b = tl.rand({64}, tl.f32, 7), tl.rand({64}, tl.f32, 7)
T.eq(a:max_abs_diff(b), 0.0, "same seed, same numbers")
T.eq(a:max_abs_diff(tl.rand({64}, tl.f32, 8)) > 0, true, "other seed, other numbers")
local u, v = tl.rand({64}), tl.rand({64})
T.eq(u:max_abs_diff(v) > 0, true, "successive unseeded calls differ")
T.eq(u:dtype(), tl.f32, "default dtype f32")
for _, dt in ipairs{tl.f16, tl.bf16, tl.f32, tl.f64} do
  local r = tl.rand({4096}, dt, 1):tolist()
  local lo, hi, sum = math.huge, -math.huge, 0
  for _, x in ipairs(r) do lo, hi, sum = math.min(lo, x), math.max(hi, x), sum + x end
  assert(lo >= 0 and hi < 1, tostring(dt) .. ": values in [0, 1): " .. lo .. " " .. hi)
  T.near(sum / #r, 0.5, 0.03, tostring(dt) .. " mean")
end
for _, dt in ipairs{tl.i8, tl.u8, tl.i32, tl.u64} do
  local r = tl.rand({1000}, dt, 3):tolist()
  local lo, hi = math.huge, -math.huge
  for _, x in ipairs(r) do
    assert(math.type(x) == "integer", "integers")
    lo, hi = math.min(lo, x), math.max(hi, x)
  end
  T.eq({lo, hi}, {0, 15}, tostring(dt) .. " small ints 0..15")
end
local bits = tl.rand({100}, tl.bool, 5):tolist()
local trues = 0
for _, x in ipairs(bits) do if x == true then trues = trues + 1 else assert(x == false) end end
assert(trues > 20 and trues < 80, "bool rand is mixed: " .. trues)
T.raises(function() tl.rand({2}, tl.f32, 1.5) end, "tl.rand: seed must be an integer (got 1.5)")
