-- std.histogram against plain Lua: float and integer inputs, ragged sizes (a partial tile alone,
-- whole tiles alone, both, blocks sweeping several tiles), values outside [lo, hi) ignored, bin
-- counts that give 32, 16, 4 and 1 LDS copies of the bins, every value in one bin, many blocks
-- (merged with global atomics), and the errors for bad bins and ranges.
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
-- tiles are 8192 f32 elements; the CPU executor runs 8 blocks; warp 64 and warp 32 (the copy of
-- the bins a thread counts into is its lane's)
local registry = debug.getregistry()
local saved = registry["tilelua.warp"]
for _, warp in ipairs { 64, 32 } do
  registry["tilelua.warp"] = warp
  for _, case in ipairs { { { 37, 70 }, "f32", 10, -1.0, 3.0 }, { { 1 }, "f32", 1, 0.0, 1.0 }, { { 5, 1023 }, "f16", 64, 0.0, 8.0 },
                          { { 100001 }, "f32", 256, -2.0, 2.0 }, { { 3, 333 }, "f64", 300, 10.0, 20.0 },
                          { { 2, 8192 }, "f32", 256, 0.0, 1.0 }, { { 20000 }, "f32", 2000, -1.0, 1.0 },
                          { { 9000 }, "f32", 5000, 0.0, 50.0 }, { { 70000 }, "f64", 100, -5.0, 5.0 } } do
    local shape, dt, bins, lo, hi = table.unpack(case)
    local x = centred(shape, dt, bins, lo, hi, bins)
    local h = std.histogram(x, bins, lo, hi)
    T.eq(h:shape(), { bins }, "shape")
    T.eq(tostring(h:dtype()), "i32", "counts are i32")
    local want = reference(x, bins, lo, hi)
    for b = 0, bins - 1 do T.eq(h:get(b), want[b], string.format("warp %d %s %s bin %d", warp, dt, T.show(shape), b)) end
  end
end
registry["tilelua.warp"] = saved
-- every value in one bin: the lanes of a warp all add to the same bin
local same = std.histogram(tl.full({ 50001 }, 0.5, tl.f32), 256, 0.0, 1.0)
T.eq({ same:get(127), same:get(128), same:get(129) }, { 0, 50001, 0 }, "one bin")
-- the f32 just below 0.3 lands, in f32, at position 7.0 of 7 bins over [0, 0.3): the last bin
local edge = std.histogram(tl.full({ 5 }, 0.29999998211860657, tl.f32), 7, 0.0, 0.3)
T.eq({ edge:get(5), edge:get(6) }, { 0, 5 }, "rounded up to bins: counted in the last bin")
-- integers: bins of width 3 over [-30, 60)
local xi = std.map(function(u) return tl.floor(u * 120 - 45):cast(tl.i32) end, tl.empty({ 41, 77 }, tl.i32), tl.rand({ 41, 77 }, tl.f64, 2))
local hi_ = std.histogram(xi, 30, -30, 60)
local want = reference(xi, 30, -30, 60)
for b = 0, 29 do T.eq(hi_:get(b), want[b], "i32 bin " .. b) end
T.raises(function() std.histogram(xi, 0, 0, 1) end, "bins must be a positive integer (got 0)")
T.raises(function() std.histogram(xi, 2.5, 0, 1) end, "bins must be a positive integer (got 2.5)")
T.raises(function() std.histogram(xi, 10, 5, 5) end, "the range [lo, hi) must be finite and non-empty (got [5, 5))")
T.raises(function() std.histogram(xi, 100000, 0, 1) end, "bins (100000) is over the LDS limit of 16384 bins")

-- the f32 kernel for 256 bins at warp 32: 32 copies of the bins in LDS, eight 16-byte loads per
-- thread and tile (in the loop over whole tiles and in the one over the last), one LDS atomic per
-- element (32 per thread and tile, in each loop)
registry["tilelua.warp"] = 32
std.histogram(tl.rand({ 1000 }, tl.f32, 4), 256, 0.0, 1.0)
local src
for _, k in ipairs(std.kernels()) do
  if k.fingerprint == "tilelua.std|histogram;f32;256;32;8192;32" then src = k:source("sm_90") end
end
registry["tilelua.warp"] = saved
assert(src, "the f32 256-bin kernel at warp 32 was built")
local function count(pat) return select(2, src:gsub(pat, "")) end
T.eq(count("int lds0%[8192%]"), 1, "32 copies of 256 bins\n" .. src)
T.eq(count("const tl_vec<float, 4>%*>%(x "), 16, "16-byte loads")
T.eq(count("red%.relaxed%.cta%.add%.s32"), 64, "LDS atomics")
