-- reduce.lua - std.sum / max / min / mean over the last axis (row tiles, warp shuffles, LDS across
-- warps, a column loop for long rows) or over everything (flat tiles in a grid-stride loop, one
-- partial per block, combined with a cross-block atomic as in seed 002 or, deterministic, in a
-- second one-block pass).
local tl = require "tilelua"
local C = require "tilelua.std.common"
local M = {}

local GRID_MAX = 1024    -- blocks of an all-reduction: about one wave of 256-thread blocks on an H200
local ROW_ELEMS = 32     -- elements per thread before a row reduction loops over column chunks

local INT_MIN = { i8 = -128, i16 = -32768, i32 = -2147483648, i64 = math.mininteger,
                  u8 = 0, u16 = 0, u32 = 0, u64 = 0 }
local INT_MAX = { i8 = 127, i16 = 32767, i32 = 2147483647, i64 = math.maxinteger,
                  u8 = 255, u16 = 65535, u32 = 4294967295, u64 = -1 } -- u64: all bits set

-- the identity of op in dtype dt (the padding of masked elements)
local function identity(op, dt)
  if op == "sum" then return 0 end
  if C.FLOAT[dt] then return op == "max" and -math.huge or math.huge end
  return op == "max" and INT_MIN[dt] or INT_MAX[dt]
end

local function combine(op, a, b)
  if op == "sum" then return a + b end
  return op == "max" and tl.max(a, b) or tl.min(a, b)
end

-- the dtype partials are combined in and the result's dtype
local function dtypes(op, dt)
  if op == "sum" or op == "mean" then
    local acc = C.acc_dtype(dt)
    return acc, C.FLOAT[dt] and dt or acc
  end
  return dt, dt
end

-- row kernels ---------------------------------------------------------------------------------
local function row_kernel(op, dt, ncols)
  local base = op == "mean" and "sum" or op
  local acc, res = dtypes(op, dt)
  local L = C.row_layout(ncols, C.SIZE[dt], tl.default_warp(), ROW_ELEMS)
  local key = table.concat({ "rows", op, dt, L.key, tl.default_warp() }, ";")
  return C.memo(key, function()
    return tl.kernel {
      name = "std_" .. op .. "_rows", block = C.BLOCK,
      params = { { "x", tl.tensor(dt, 2) }, { "out", tl.tensor(res, 1) } },
      body = function(k, p)
        local r0 = C.bid64(k) * L.rows
        local pad = identity(base, dt)
        local function tile(c0)
          local t = k:window(p.x, { r0, c0 }, { L.rows, L.cols }, L.dist):load { pad = pad }
          return acc ~= dt and t:cast(acc) or t
        end
        local t = tile(0)
        if L.chunked then
          t = k:range(L.cols, p.x:shape(1), L.cols, function(c0, a)
            local u = tile(c0)
            a:foreach(function(v, _, y) return combine(base, v, u:get(y)) end)
            return a
          end, t)
        end
        local r = tl.reduce(t, base, 1)
        if op == "mean" then r = r / p.x:shape(1):cast(acc) end
        C.store_rows(p.out, r, r0, p.x:shape(0), res)
      end,
    }
  end), L, res
end

local function over_rows(op, x, dt, opts)
  local shape = x:shape()
  local ncols = shape[#shape]
  local out_shape = {}
  for i = 1, #shape - 1 do out_shape[i] = shape[i] end
  if #out_shape == 0 then out_shape[1] = 1 end
  local kern, L, res = row_kernel(op, dt, ncols)
  local nrows = C.numel(out_shape)
  -- (a fresh out not cleared where the kernel writes every row's result: not over an empty last axis, whose sums are 0)
  local out = C.output(op, opts, out_shape, res, ncols > 0)
  if nrows == 0 then return out end
  if ncols == 0 then
    if op == "max" or op == "min" or op == "mean" then
      C.fail("std.%s: the last axis has length 0 (%s of no elements is undefined)", op, op)
    end
    return out
  end
  kern({ C.blocks(nrows, L.rows) }, C.view(x, { nrows, ncols }), C.view(out, { nrows }))
  return out
end

-- all-reductions ------------------------------------------------------------------------------
-- pass 1: block b combines tiles b, b + G, ... and leaves one partial: atomically added into
-- target[0] (atomic = true) or stored to target[b]
local function partial_kernel(op, dt, atomic)
  local base = op == "mean" and "sum" or op
  local acc = dtypes(op, dt)
  local L = C.flat_layout(C.SIZE[dt])
  local key = table.concat({ "all", base, dt, atomic and "atomic" or "partials", tl.default_warp() }, ";")
  return C.memo(key, function()
    return tl.kernel {
      name = "std_" .. base .. "_partial", block = C.BLOCK,
      params = { { "x", tl.tensor(dt, 1) }, { "target", tl.tensor(acc, 1) }, { "tiles", tl.i32 } },
      body = function(k, p)
        local pad = identity(base, dt)
        local function tile(i)
          local t = k:window(p.x, { i:cast("i64") * L.tile }, { L.tile }, L.dist):load { pad = pad }
          return acc ~= dt and t:cast(acc) or t
        end
        local t = tile(k.block_id(0))
        t = k:range(k.block_id(0) + k.grid_dim(0), p.tiles, k.grid_dim(0), function(i, a)
          local u = tile(i)
          a:foreach(function(v, _, y) return combine(base, v, u:get(y)) end)
          return a
        end, t)
        local s = tl.reduce(t, base, 0):get(0)
        local first = tl.eq(k.thread_id(), 0)
        if atomic then
          k:when(first, function() p.target:atomic_add({ 0 }, s, { order = "relaxed" }) end)
        else
          p.target:store({ k.block_id(0) }, s, { mask = first })
        end
      end,
    }
  end), L
end

-- pass 2: one block combines `count` partials (in a fixed order), scales a mean, converts
local function finish_kernel(op, dt)
  local base = op == "mean" and "sum" or op
  local acc, res = dtypes(op, dt)
  local L = C.flat_layout(C.SIZE[acc])
  local key = table.concat({ "finish", op, dt, tl.default_warp() }, ";")
  return C.memo(key, function()
    return tl.kernel {
      name = "std_" .. op .. "_finish", block = C.BLOCK,
      params = { { "partials", tl.tensor(acc, 1) }, { "out", tl.tensor(res, 1) }, { "count", tl.f64 } },
      body = function(k, p)
        local pad = identity(base, acc)
        local t = k:window(p.partials, { 0 }, { L.tile }, L.dist):load { pad = pad }
        t = k:range(L.tile, p.partials:shape(0), L.tile, function(c0, a)
          local u = k:window(p.partials, { c0 }, { L.tile }, L.dist):load { pad = pad }
          a:foreach(function(v, _, y) return combine(base, v, u:get(y)) end)
          return a
        end, t)
        local s = tl.reduce(t, base, 0):get(0)
        if op == "mean" then s = s / p.count:cast(acc) end
        p.out:store({ 0 }, s:cast(res), { mask = tl.eq(k.thread_id(), 0) })
      end,
    }
  end)
end

local function over_all(op, x, dt, deterministic)
  local n = x:numel()
  local acc, res = dtypes(op, dt)
  if n == 0 then
    if op ~= "sum" then C.fail("std.%s: the tensor has no elements (%s of none is undefined)", op, op) end
    return tl.zeros({ 1 }, tl[res])
  end
  local flat = C.view(x, { n })
  local atomic = (op == "sum" or op == "mean") and not deterministic
  local kern, L = partial_kernel(op, dt, atomic)
  local tiles = C.blocks(n, L.tile)
  if tiles > 0x7fffffff then C.fail("std.%s: %d tiles is over 2^31-1", op, tiles) end
  local grid = math.min(tiles, GRID_MAX)
  local out = tl.zeros({ 1 }, tl[res])
  if atomic and op == "sum" and acc == res then
    kern({ grid }, flat, out, tiles)
    return out
  end
  local partials = atomic and tl.zeros({ 1 }, tl[acc]) or tl.empty({ grid }, tl[acc])
  kern({ grid }, flat, partials, tiles)
  finish_kernel(op, dt)({ 1 }, partials, out, n)
  return out
end

-- std.<op>(x[, {axis = -1 | nil | "all", deterministic = bool}])
local function reduction(op)
  return function(x, opts)
    local dt = C.tensor_dtype(op, "x", x)
    if opts ~= nil and type(opts) ~= "table" then
      C.fail("std.%s: options must be a table such as {axis = -1} (got %s)", op, type(opts))
    end
    opts = opts or {}
    for key in pairs(opts) do
      if key ~= "axis" and key ~= "deterministic" and key ~= "out" then
        C.fail("std.%s: unknown option '%s' (expected axis, deterministic or out)", op, tostring(key))
      end
    end
    if op == "mean" and not C.FLOAT[dt] then
      C.fail("std.mean: x must have a float dtype (got %s); std.sum gives the integer total", dt)
    end
    local axis = opts.axis
    local rank = #x:shape()
    if axis == nil or axis == "all" then
      if opts.out ~= nil then C.fail("std.%s: out is taken with axis = -1 only (the total is a new {1} tensor)", op) end
      return over_all(op, x, dt, opts.deterministic)
    end
    if axis == -1 or (rank > 0 and axis == rank - 1) then
      if rank == 0 then C.fail("std.%s: a rank-0 tensor has no last axis", op) end
      return over_rows(op, x, dt, opts)
    end
    C.fail("std.%s: axis %s is not supported (expected -1 or %d for the last axis, or \"all\")", op,
           tostring(axis), rank - 1)
  end
end

for _, op in ipairs { "sum", "max", "min", "mean" } do M[op] = reduction(op) end

-- built again for another target by kernel:for_target (tilesh --cross, kernel:source(arch))
row_kernel = tl.retargetable(row_kernel)
partial_kernel = tl.retargetable(partial_kernel)
finish_kernel = tl.retargetable(finish_kernel)

return M
