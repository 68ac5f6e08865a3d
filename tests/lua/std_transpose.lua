-- std.transpose (2D and the last two axes of rank 3, swizzled and plain) against plain Lua on
-- ragged shapes and several dtypes; the bank report: 1-way swizzled, conflicts without.
local T = require "testing"
local std = require "tilelua.std"

for _, dt in ipairs { "f32", "f16", "f64", "i8", "i32" } do
  for _, shape in ipairs { { 37, 70 }, { 1, 1 }, { 5, 1023 }, { 3, 33, 5 } } do
    for _, swizzle in ipairs { true, false } do
      local x = std.map(function(v) return v * 100 end, tl.empty(shape, tl[dt]), tl.rand(shape, tl.f32, #shape))
      local y = std.transpose(x, { swizzle = swizzle })
      local b = #shape == 3 and shape[1] or 1
      local r, c = shape[#shape - 1], shape[#shape]
      T.eq(y:shape(), #shape == 3 and { b, c, r } or { c, r }, "shape")
      local bad = 0
      local xf, yf = x:reshape { b, r, c }, y:reshape { b, c, r }
      for k = 0, b - 1 do
        for i = 0, r - 1 do
          for j = 0, c - 1 do if yf:get(k, j, i) ~= xf:get(k, i, j) then bad = bad + 1 end end
        end
      end
      T.eq(bad, 0, string.format("%s %s swizzle=%s: wrong elements", dt, T.show(shape), tostring(swizzle)))
    end
  end
  local text, write, read = std.transpose_bank_report(dt, true)
  T.eq({ write.worst, read.worst }, { 1, 1 }, dt .. ": the swizzled tile is conflict-free")
  assert(text:find("transposed read 1-way", 1, true), text)
  local _, _, plain_read = std.transpose_bank_report(dt, false)
  assert(plain_read.worst >= 8, dt .. ": the plain transposed read conflicts (" .. plain_read.worst .. "-way)")
end
local k = std.transpose_kernel(tl.f32, true)
assert(k:source("sm_90"):find("__shared__", 1, true), "the kernel stages the tile in LDS")
T.raises(function() std.transpose(tl.empty({ 4 }, tl.f32)) end, "x must have rank 2 or 3 (got rank 1, shape {4})")
T.raises(function() std.transpose(tl.empty({ 4, 4 }, tl.f32), { swizzle = "yes" }) end, "swizzle must be a boolean (got yes)")
