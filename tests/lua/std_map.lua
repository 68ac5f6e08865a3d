-- std.map / std.axpy / std.cast against plain Lua: ranks 1 to 4, ragged sizes, several dtypes,
-- scalars broadcast, memoized kernels, and the errors for bad arguments.
local T = require "testing"
local std = require "tilelua.std"

local function each(t, fn) -- fn(flat index, value) over a tensor of any rank
  local flat = t:reshape { t:numel() }
  for i = 0, t:numel() - 1 do fn(i, flat:get(i)) end
end
local function flat_of(t) local v = {}; each(t, function(i, x) v[i] = x end); return v end

local function fma_fn(a, b, s) return a * b + s end
for _, case in ipairs { { { 37, 70 }, "f32", 1e-6 }, { { 1, 1 }, "f32", 1e-6 }, { { 5, 1023 }, "f64", 1e-12 },
                        { { 3, 4, 5 }, "f16", 2e-2 }, { { 2, 3, 2, 7 }, "bf16", 1e-1 }, { { 4097 }, "f32", 1e-6 } } do
  local shape, dt, tol = case[1], case[2], case[3]
  local a = std.cast(tl.rand(shape, tl.f32, 1), tl[dt])
  local b = std.cast(tl.rand(shape, tl.f32, 2), tl[dt])
  local out = std.map(fma_fn, tl.empty(shape, tl[dt]), a, b, 0.5)
  local av, bv = flat_of(a), flat_of(b)
  each(out, function(i, v) T.near(v, av[i] * bv[i] + 0.5, tol, dt .. " map element " .. i) end)
  -- axpy in place
  local y = std.cast(b, tl[dt])
  T.eq(std.axpy(-2.0, a, y) == y, true, "axpy returns y")
  each(y, function(i, v) T.near(v, -2.0 * av[i] + bv[i], 2 * tol, dt .. " axpy element " .. i) end)
end

-- integers: map with tl functions, axpy, cast with truncation
local xi = tl.arange(0, 300, 1, tl.i32):reshape { 12, 25 }
local yi = tl.full({ 12, 25 }, 7, tl.i32)
std.axpy(3, xi, yi)
each(yi, function(i, v) T.eq(v, 3 * i + 7, "i32 axpy " .. i) end)
local m = std.map(function(v) return tl.select(tl.lt(v, 100), v * 2, -v) end, tl.empty({ 12, 25 }, tl.i64), xi)
T.eq(tostring(m:dtype()), "i64", "map into an i64 output")
each(m, function(i, v) T.eq(v, i < 100 and 2 * i or -i, "i64 select " .. i) end)
local f = std.map(function(v) return v * 0.25 - 3.0 end, tl.empty({ 37 }, tl.f32), tl.arange(0, 37, 1, tl.f32))
local ci = std.cast(f, tl.i32)
each(ci, function(i, v) local w = i * 0.25 - 3.0; T.eq(v, w < 0 and math.ceil(w) or math.floor(w), "cast truncates " .. i) end)
local e = std.map(tl.exp, tl.empty({ 5, 3 }, tl.f32), tl.full({ 5, 3 }, 1.0, tl.f32))
T.near(e:get(4, 2), math.exp(1), 1e-6, "tl.exp as the function")
-- tl.log comes from the same constructor as tl.exp: the cache must still tell them apart
local l = std.map(tl.log, tl.empty({ 5, 3 }, tl.f32), tl.full({ 5, 3 }, 2.0, tl.f32))
T.near(l:get(4, 2), math.log(2), 1e-6, "tl.log after tl.exp, same signature")
-- only scalars: a fill
local filled = std.map(function(s) return s end, tl.empty({ 9, 9 }, tl.f32), 1.5)
T.eq(filled:sum(), 81 * 1.5, "scalar-only map fills")

-- memoized: the same function and signature reuse the kernel
local before = #std.kernels()
std.map(fma_fn, tl.empty({ 7 }, tl.f32), tl.rand({ 7 }, tl.f32, 4), tl.rand({ 7 }, tl.f32, 5), 1.0)
T.eq(#std.kernels(), before, "no new kernel for a known signature")
std.map(fma_fn, tl.empty({ 7 }, tl.f32), tl.rand({ 7 }, tl.f32, 4), tl.rand({ 7 }, tl.f32, 5), 1)
T.eq(#std.kernels(), before, "an integer scalar next to f32 tensors is an f32 parameter too")

-- errors name the bad value
T.raises(function() std.map(fma_fn, tl.empty({ 3, 4 }, tl.f32), tl.empty({ 4, 3 }, tl.f32), 1, 2) end,
  "argument 1 has shape {4, 3} but out has shape {3, 4}", "shape mismatch")
T.raises(function() std.map(42, tl.empty({ 3 }, tl.f32)) end, "the first argument must be a function (got number)")
T.raises(function() std.map(fma_fn, tl.empty({ 3 }, tl.f32), "x") end, "argument 1 must be a tensor (got string)")
T.raises(function() std.axpy(2, tl.empty({ 3 }, tl.f32), tl.empty({ 3 }, tl.f64)) end, "x is f32 but y is f64")
T.raises(function() std.axpy(0.5, tl.empty({ 3 }, tl.i32), tl.empty({ 3 }, tl.i32)) end, "alpha must be an integer for i32 tensors (got 0.5)")
T.raises(function() std.cast(tl.empty({ 3 }, tl.f32), "f17") end, "std.cast: unknown dtype f17")
T.raises(function() std.map(function() end, tl.empty({ 3 }, tl.f32), 1.0) end, "the function returned nil")
