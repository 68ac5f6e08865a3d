-- std.transpose (2D and the last two axes of rank 3, swizzled and plain) against plain Lua on
-- ragged shapes (one tile and several tiles along both axes) and several dtypes, at warp 64 and
-- warp 32; the bank report of the vector accesses: 1-way swizzled, conflicts without; the
-- generated source moves every element with vector accesses (global and LDS).
local T = require "testing"
local std = require "tilelua.std"

local registry = debug.getregistry()
local saved = registry["tilelua.warp"]
for _, warp in ipairs { 64, 32 } do
  registry["tilelua.warp"] = warp
  for _, dt in ipairs { "f32", "f16", "f64", "i8", "i32" } do
    -- tiles are 32 (f64), 64 (f32, i32) or 128 (f16, i8) elements a side
    for _, shape in ipairs { { 37, 70 }, { 1, 1 }, { 5, 1023 }, { 3, 33, 5 }, { 130, 257 }, { 2, 96, 64 } } do
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
        T.eq(bad, 0, string.format("warp %d %s %s swizzle=%s: wrong elements", warp, dt, T.show(shape), tostring(swizzle)))
      end
    end
    local text, write, read = std.transpose_bank_report(dt, true)
    T.eq({ write.worst, read.worst }, { 1, 1 }, dt .. ": the swizzled tile is conflict-free\n" .. text)
    assert(text:find("transposed read 1-way", 1, true), text)
    for _, r in ipairs { write, read } do
      for _, s in ipairs(r.steps) do assert(not s.split and s.elements > 1, "vector LDS accesses\n" .. text) end
    end
    local _, plain_write, plain_read = std.transpose_bank_report(dt, false)
    T.eq(plain_write.worst, 1, dt .. ": the plain row write is conflict-free")
    assert(plain_read.worst >= 8, dt .. ": the plain transposed read conflicts (" .. plain_read.worst .. "-way)")
  end
end
registry["tilelua.warp"] = saved

-- every access of the f32 kernel is a 16-byte vector: 4 per thread from x, into LDS, from LDS, to y
registry["tilelua.warp"] = 32
-- a fresh y is not cleared first (tl.empty{clear = false}): the tiles cover it, edge tiles and a batch included
local xt = tl.rand({ 2, 70, 130 }, tl.f32, 3)
T.full_write("transpose", function(out) return std.transpose(xt, { out = out }) end, { 2, 130, 70 }, tl.f32)
std.transpose(tl.rand({ 256, 256 }, tl.f32, 1))
local src = std.transpose_kernel(tl.f32, true):source("sm_90")
registry["tilelua.warp"] = saved
local function count(pat) return select(2, src:gsub(pat, "")) end
T.eq(count("const tl_vec<float, 4>%*>%(x "), 4, "16-byte loads from x\n" .. src)
T.eq(count("<tl_vec<float, 4>%*>%(lds0 "), 4, "16-byte stores into LDS")
T.eq(count("const tl_vec<float, 4>%*>%(lds0 "), 4, "16-byte loads from LDS")
T.eq(count("<tl_vec<float, 4>%*>%(y "), 4, "16-byte stores to y")
T.eq(count("lds0%[v"), 0, "no scalar LDS access")

T.raises(function() std.transpose(tl.empty({ 4 }, tl.f32)) end, "x must have rank 2 or 3 (got rank 1, shape {4})")
T.raises(function() std.transpose(tl.empty({ 4, 4 }, tl.f32), { swizzle = "yes" }) end, "swizzle must be a boolean (got yes)")
