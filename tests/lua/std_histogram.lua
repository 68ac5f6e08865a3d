-- std.histogram against plain Lua: float and integer inputs, ragged sizes, values outside [lo, hi)
-- ignored, many blocks (merged with global atomics), and the errors for bad bins and ranges.
local T = require "testing"
local std = require "tilelua.std"

local function reference(x, bins, lo, hi)
  local want = {}
  for b = 0, bins - 1 do want[b] = 0 end
  local flat = x:reshape { x:numel() }
  for i = 0, x:numel() - 1 do
    local v = flat:get(i)
    if v >= lo and v < hi then
      local b = math.min(math.floor((v - lo) * bins / (hi - lo)), bins - 1)
      want[b] = want[b] + 1
    end
  end
  return want
end
-- values at bin centres plus up to a third of a bin, so the rounding of the bin position (f32 in
-- the kernel, f64 here) never moves a value across an edge
local function centred(shape, dt, bins, lo, hi, seed)
  local w = (hi - lo) / bins
  local r = tl.rand(shape, tl.f64, seed)
  return std.map(function(u)
    local k = tl.floor(u * (bins + 4)) - 2 -- bins -2 .. bins+1: some outside the range
    return lo + (k + 0.5) * w + (u * 1000 - tl.floor(u * 1000) - 0.5) * (w / 1.5)
  end, tl.empty(shape, tl[dt]), r)
end
for _, case in ipairs { { { 37, 70 }, "f32", 10, -1.0, 3.0 }, { { 1 }, "f32", 1, 0.0, 1.0 }, { { 5, 1023 }, "f16", 64, 0.0, 8.0 },
                        { { 100001 }, "f32", 256, -2.0, 2.0 }, { { 3, 333 }, "f64", 300, 10.0, 20.0 } } do
  local shape, dt, bins, lo, hi = table.unpack(case)
  local x = centred(shape, dt, bins, lo, hi, bins)
  local h = std.histogram(x, bins, lo, hi)
  T.eq(h:shape(), { bins }, "shape")
  T.eq(tostring(h:dtype()), "i32", "counts are i32")
  local want = reference(x, bins, lo, hi)
  for b = 0, bins - 1 do T.eq(h:get(b), want[b], string.format("%s %s bin %d", dt, T.show(shape), b)) end
end
-- integers: bins of width 3 over [-30, 60)
local xi = std.map(function(u) return tl.floor(u * 120 - 45):cast(tl.i32) end, tl.empty({ 41, 77 }, tl.i32), tl.rand({ 41, 77 }, tl.f64, 2))
local hi_ = std.histogram(xi, 30, -30, 60)
local want = reference(xi, 30, -30, 60)
for b = 0, 29 do T.eq(hi_:get(b), want[b], "i32 bin " .. b) end
T.raises(function() std.histogram(xi, 0, 0, 1) end, "bins must be a positive integer (got 0)")
T.raises(function() std.histogram(xi, 2.5, 0, 1) end, "bins must be a positive integer (got 2.5)")
T.raises(function() std.histogram(xi, 10, 5, 5) end, "the range [lo, hi) must be finite and non-empty (got [5, 5))")
T.raises(function() std.histogram(xi, 100000, 0, 1) end, "bins (100000) is over the LDS limit of 16384 bins")
