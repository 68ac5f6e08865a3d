-- std.sum / max / min / mean over the last axis and over everything, against plain Lua: ragged
-- shapes, ranks 1 to 3, float and integer dtypes, long rows (the column loop), the deterministic
-- two-pass variant (bitwise equal twice), and the errors for bad options.
local T = require "testing"
local std = require "tilelua.std"

local function rows_of(x) -- {rows, cols} plain tables of x viewed as rows of its last axis
  local s = x:shape()
  local cols = s[#s]
  local flat = x:reshape { x:numel() }
  local rows = {}
  for r = 0, x:numel() // cols - 1 do
    local row = {}
    for c = 0, cols - 1 do row[c + 1] = flat:get(r * cols + c) end
    rows[r + 1] = row
  end
  return rows
end
local ref = {
  sum = function(v) local s = 0; for _, a in ipairs(v) do s = s + a end; return s end,
  max = function(v) local m = -math.huge; for _, a in ipairs(v) do m = math.max(m, a) end; return m end,
  min = function(v) local m = math.huge; for _, a in ipairs(v) do m = math.min(m, a) end; return m end,
  mean = function(v) local s = 0; for _, a in ipairs(v) do s = s + a end; return s / #v end,
}

-- results are in x's dtype (f16/bf16 sums accumulate in f32, then round once)
local REL = { f16 = 2e-3, bf16 = 1e-2, f32 = 1e-5, f64 = 1e-12, i32 = 0, i64 = 0 }
local function close(got, want, dt, what)
  T.near(got, want, math.max(REL[dt] * math.abs(want), dt:sub(1, 1) == "i" and 0 or 1e-6), what)
end

for _, case in ipairs { { { 37, 70 }, "f32" }, { { 1, 1 }, "f32" }, { { 5, 1023 }, "f16" }, { { 2, 3, 33 }, "f64" },
                        { { 3, 5000 }, "f32" }, { { 129 }, "bf16" }, { { 4, 9 }, "i32" }, { { 2, 300 }, "i64" } } do
  local shape, dt = case[1], case[2]
  local float = dt:sub(1, 1) == "f" or dt == "bf16"
  local x = float and std.cast(tl.rand(shape, tl.f32, 11), tl[dt])
            or std.map(function(v) return (v * 1000):cast(tl.i32) - 500 end, tl.empty(shape, tl[dt]), tl.rand(shape, tl.f32, 11))
  local rows = rows_of(x)
  local all = {}
  for _, row in ipairs(rows) do for _, v in ipairs(row) do all[#all + 1] = v end end
  for _, op in ipairs(float and { "sum", "max", "min", "mean" } or { "sum", "max", "min" }) do
    local r = std[op](x, { axis = -1 })
    local want_shape = {}
    for i = 1, #shape - 1 do want_shape[i] = shape[i] end
    if #want_shape == 0 then want_shape = { 1 } end
    T.eq(r:shape(), want_shape, op .. " " .. dt .. " row result shape")
    local flat = r:reshape { r:numel() }
    for i, row in ipairs(rows) do close(flat:get(i - 1), ref[op](row), dt, op .. " " .. dt .. " row " .. (i - 1)) end
    local a = std[op](x)
    T.eq(a:shape(), { 1 }, op .. " all shape")
    close(a:get(0), ref[op](all), dt, op .. " " .. dt .. " all")
    local d1, d2 = std[op](x, { deterministic = true }), std[op](x, { axis = "all", deterministic = true })
    close(d1:get(0), ref[op](all), dt, op .. " " .. dt .. " deterministic")
    T.eq(d1:get(0), d2:get(0), op .. " " .. dt .. " deterministic twice: bitwise equal")
  end
  if not float then T.eq(tostring(std.sum(x):dtype()), "i64", "integer sums are i64") end
end

-- many blocks: the grid-stride loop and the cross-block combination
local big = tl.rand({ 300000 }, tl.f32, 3)
T.near(std.sum(big):get(0), big:sum(), 1e-5 * big:sum(), "sum of 300000")
T.near(std.sum(big, { deterministic = true }):get(0), big:sum(), 1e-5 * big:sum(), "deterministic sum of 300000")
local ints = tl.arange(0, 300000, 1, tl.i32)
T.eq(std.sum(ints):get(0), 300000 * 299999 // 2, "exact integer sum")
T.eq(std.max(ints):get(0), 299999, "integer max")
T.eq(std.min(ints, { axis = -1 }):get(0), 0, "integer row min of a rank-1 tensor")

-- a fresh out is not cleared first where every row's result is written; over an empty last axis the sums are zeros
local xr = tl.rand({ 37, 70 }, tl.f32, 9)
T.full_write("row sum", function(out) return std.sum(xr, { axis = -1, out = out }) end, { 37 }, tl.f32)
T.full_write("row max", function(out) return std.max(xr, { axis = -1, out = out }) end, { 37 }, tl.f32)
T.dirty({ 5 }, tl.f32)
T.eq(std.sum(tl.empty({ 5, 0 }, tl.f32), { axis = -1 }):tolist(), { 0.0, 0.0, 0.0, 0.0, 0.0 }, "sums over no elements: zeros")
T.raises(function() std.sum(tl.empty({ 2, 3 }, tl.f32), { axis = 0 }) end, "axis 0 is not supported (expected -1 or 1 for the last axis")
T.raises(function() std.max(tl.empty({ 2, 3 }, tl.f32), { axis = 1.5 }) end, "axis 1.5 is not supported")
T.raises(function() std.sum(big, { axes = -1 }) end, "unknown option 'axes'")
T.raises(function() std.mean(ints) end, "std.mean: x must have a float dtype (got i32)")
T.raises(function() std.max(tl.empty({ 0 }, tl.f32)) end, "std.max: the tensor has no elements")
