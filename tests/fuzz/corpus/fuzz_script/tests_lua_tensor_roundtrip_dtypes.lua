-- tensor_roundtrip_dtypes.lua - values through every dtype: exact ints, f16/bf16 rounding, NaN, inf, denormals.
local T = require "testing"
local function through(dt, v) local t = tl.zeros({1}, dt); t:set(0, v); return t:get(0) end
local f32 = function(x) return (string.unpack("f", string.pack("f", x))) end
-- integers: exact at the limits, wrapping beyond (C conversion, no saturation)
local lim = {
  i8 = {-128, 127}, u8 = {0, 255}, i16 = {-32768, 32767}, u16 = {0, 65535},
  i32 = {-2147483648, 2147483647}, u32 = {0, 4294967295}, i64 = {math.mininteger, math.maxinteger},
}
for name, r in pairs(lim) do
  T.eq(through(tl[name], r[1]), r[1], name .. " min")
  T.eq(through(tl[name], r[2]), r[2], name .. " max")
  T.eq(math.type(through(tl[name], r[2])), "integer", name .. " integer")
end
T.eq(through(tl.i8, 128), -128, "i8 wraps")
T.eq(through(tl.u8, -1), 255, "u8 wraps")
T.eq(through(tl.u8, 300), 44, "u8 modulo 256")
T.eq(through(tl.i32, 2.9), 2, "float into int truncates")
T.eq(through(tl.i32, -2.9), -2, "toward zero")
T.eq(through(tl.u64, -1), -1, "u64 2^64-1 comes back as Lua's -1 (math.ult convention)")
T.eq(tl.full({1}, -1, tl.u64):tolist()[1], -1, "u64 tolist")
T.eq(through(tl.i64, 2^53 + 0.0), 1 << 53, "float 2^53 into i64")
-- floats
T.eq(through(tl.f64, 0.1), 0.1, "f64 exact")
T.eq(through(tl.f32, 0.1), f32(0.1), "f32 rounds")
T.eq(through(tl.f16, 0.1), 0.0999755859375, "f16 0.1")
T.eq(through(tl.bf16, 1 / 3), 0.333984375, "bf16 1/3")
T.eq(through(tl.f16, 1 + 2^-11), 1.0, "f16 tie to even (down)")
T.eq(through(tl.f16, 1 + 3 * 2^-11), 1 + 2^-9, "f16 tie to even (up)")
T.eq(through(tl.bf16, 1 + 2^-8), 1.0, "bf16 tie to even (down)")
T.eq(through(tl.bf16, 1 + 3 * 2^-8), 1 + 2^-6, "bf16 tie to even (up)")
T.eq(through(tl.f16, 65504), 65504.0, "f16 max")
T.eq(through(tl.f16, 65520), math.huge, "f16 overflow to inf")
T.eq(through(tl.f16, -1e6), -math.huge, "f16 -inf")
T.eq(through(tl.f16, 2^-24), 2^-24, "f16 smallest denormal")
T.eq(through(tl.f16, 2^-25), 0.0, "f16 half the smallest denormal ties to 0")
T.eq(through(tl.f16, 3 * 2^-26), 2^-24, "f16 above the tie rounds up")
T.eq(through(tl.bf16, 2^-133), 2^-133, "bf16 smallest denormal")
T.eq(through(tl.f32, 2^-149), 2^-149, "f32 smallest denormal")
T.eq(through(tl.f64, 2^-1074), 2^-1074, "f64 smallest denormal")
T.eq(through(tl.f16, 2049), 2048.0, "int into f16 rounds once, ties to even")
for _, name in ipairs{"f16", "bf16", "f32", "f64"} do
  local n = through(tl[name], 0 / 0)
  assert(n ~= n, name .. " keeps NaN")
  T.eq(through(tl[name], math.huge), math.huge, name .. " inf")
  T.eq(through(tl[name], -math.huge), -math.huge, name .. " -inf")
  T.eq(1 / through(tl[name], -0.0), -math.huge, name .. " keeps -0")
  T.eq(math.type(through(tl[name], 3)), "float", name .. " gives floats")
end
-- bool
T.eq(through(tl.bool, true), true, "bool true")
T.eq(through(tl.bool, false), false, "bool false")
T.eq(through(tl.bool, 2), true, "nonzero is true")
T.eq(through(tl.bool, 0), false, "zero is false")
