-- tensor_dtypes.lua - the dtype objects: names, sizes, classes, identity, use as table keys.
local T = require "testing"
local want = {
  {"f16", 2, true, true}, {"bf16", 2, true, true}, {"f32", 4, true, true}, {"f64", 8, true, true},
  {"i8", 1, false, true}, {"u8", 1, false, false}, {"i16", 2, false, true}, {"u16", 2, false, false},
  {"i32", 4, false, true}, {"u32", 4, false, false}, {"i64", 8, false, true},
  {"u64", 8, false, false}, {"bool", 1, false, false},
}
local seen = {}
for _, w in ipairs(want) do
  local dt = tl[w[1]]
  T.eq(tostring(dt), w[1], "tostring " .. w[1])
  T.eq(dt.name, w[1], "name")
  T.eq(dt.size, w[2], w[1] .. ".size")
  T.eq(dt.is_float, w[3], w[1] .. ".is_float")
  T.eq(dt.is_signed, w[4], w[1] .. ".is_signed")
  T.eq(seen[dt], nil, "each dtype is a distinct key")
  seen[dt] = w[1]
  -- a tensor's dtype is the very same object
  local t = tl.zeros({1}, dt)
  T.eq(rawequal(t:dtype(), dt), true, "t:dtype() is tl." .. w[1])
  T.eq(t:dtype() == dt, true, "==")
  T.eq(tl.zeros({1}, w[1]):dtype() == dt, true, "dtype by name " .. w[1])
end
T.eq(tl.f32 == tl.f64, false, "f32 ~= f64")
T.eq(tl.zeros{2}:dtype(), tl.f32, "default dtype is f32")
T.raises(function() return tl.f32.bits end, "dtype f32 has no field 'bits'")
T.raises(function() tl.zeros({2}, "f128") end, "unknown dtype 'f128'")
T.raises(function() tl.zeros({2}, 32) end, "dtype expected (tl.f16, tl.bf16, tl.f32")
