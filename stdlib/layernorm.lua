-- layernorm.lua - std.layernorm over the last axis: y = (x - mean) / sqrt(var + eps) * weight + bias.
-- A row that fits is held in registers (mean, then the variance of x - mean, both by tl.reduce:
-- warp shuffles and LDS across warps); a longer row is swept three times in column chunks (sum,
-- squared deviations, output). weight and bias ({cols}) are read with the row tile's own layout.
local tl = require "tilelua"
local C = require "tilelua.std.common"
local M = {}

local ROW_ELEMS = 32

local function kernel(dt, ncols, wdt, bdt)
  local acc = C.acc_dtype(dt)
  local L = C.row_layout(ncols, C.SIZE[dt], tl.default_warp(), ROW_ELEMS)
  local key = table.concat({ "layernorm", dt, L.key, wdt or "-", bdt or "-", tl.default_warp() }, ";")
  return C.memo(key, function()
    local params = { { "x", tl.tensor(dt, 2) }, { "y", tl.tensor(dt, 2) }, { "eps", acc } }
    if wdt then params[#params + 1] = { "w", tl.tensor(wdt, 2) } end
    if bdt then params[#params + 1] = { "b", tl.tensor(bdt, 2) } end
    return tl.kernel {
      name = L.chunked and "std_layernorm_chunked" or "std_layernorm", block = C.BLOCK,
      params = params,
      body = function(k, p)
        local r0 = C.bid64(k) * L.rows
        local ncol = p.x:shape(1)
        local function tile(src, c0, row0)
          local t = k:window(src, { row0 or r0, c0 }, { L.rows, L.cols }, L.dist):load()
          return t.dtype ~= acc and t:cast(acc) or t
        end
        -- w and b are {1, cols}: every thread reads row 0 (origin minus its own row in the tile)
        local first = tile(p.x, 0)
        local wrow = -first:coords(0)[1]
        local function deviations(t, c0, mean)
          local d = t - mean
          d:foreach(function(v, idx) return tl.select(tl.lt(idx[2] + c0, ncol), v * v, 0.0) end)
          return d
        end
        local function output(t, c0, mean, rstd)
          local o = (t - mean) * rstd
          if p.w then o = o * tile(p.w, c0, wrow) end
          if p.b then o = o + tile(p.b, c0, wrow) end
          if o.dtype ~= dt then o = o:cast(dt) end
          k:window(p.y, { r0, c0 }, { L.rows, L.cols }, L.dist):store(o)
        end
        local n = ncol:cast(acc)
        if not L.chunked then
          local mean = tl.reduce(first, "sum", 1):get(0) / n
          local var = tl.reduce(deviations(first, 0, mean), "sum", 1):get(0) / n
          output(first, 0, mean, tl.rsqrt(var + p.eps))
          return
        end
        local sum = k:range(L.cols, ncol, L.cols, function(c0, a) return a + tile(p.x, c0) end, first)
        local mean = tl.reduce(sum, "sum", 1):get(0) / n
        local sq = k:range(L.cols, ncol, L.cols, function(c0, a)
          return a + deviations(tile(p.x, c0), c0, mean)
        end, deviations(first, 0, mean))
        local rstd = tl.rsqrt(tl.reduce(sq, "sum", 1):get(0) / n + p.eps)
        k:range(0, ncol, L.cols, function(c0) output(tile(p.x, c0), c0, mean, rstd) end)
      end,
    }
  end), L
end

local function check_param(what, t, ncols)
  if t == nil then return nil end
  local dt = C.tensor_dtype("layernorm", what, t)
  if not C.FLOAT[dt] then C.fail("std.layernorm: %s must have a float dtype (got %s)", what, dt) end
  local s = t:shape()
  if #s ~= 1 or s[1] ~= ncols then
    C.fail("std.layernorm: %s has shape %s but must be {%d}, the length of x's last axis", what, C.shape_str(s), ncols)
  end
  return dt
end

-- std.layernorm(x[, {eps = 1e-5, weight = t, bias = t}]): a new tensor
function M.layernorm(x, opts)
  local dt = C.tensor_dtype("layernorm", "x", x)
  if not C.FLOAT[dt] then C.fail("std.layernorm: x must have a float dtype (got %s)", dt) end
  if opts ~= nil and type(opts) ~= "table" then
    C.fail("std.layernorm: options must be a table such as {eps = 1e-5} (got %s)", type(opts))
  end
  opts = opts or {}
  for key in pairs(opts) do
    if key ~= "eps" and key ~= "weight" and key ~= "bias" and key ~= "out" then
      C.fail("std.layernorm: unknown option '%s' (expected eps, weight, bias or out)", tostring(key))
    end
  end
  local eps = opts.eps == nil and 1e-5 or opts.eps
  if type(eps) ~= "number" or eps < 0 then C.fail("std.layernorm: eps must be a number >= 0 (got %s)", tostring(eps)) end
  local shape = x:shape()
  if #shape == 0 then C.fail("std.layernorm: x must have rank 1 or more (got a rank-0 tensor)") end
  local ncols = shape[#shape]
  local wdt, bdt = check_param("weight", opts.weight, ncols), check_param("bias", opts.bias, ncols)
  local y = C.output("layernorm", opts, shape, dt, true) -- (a fresh y not cleared: every row tile writes all its columns)
  if C.numel(shape) == 0 then return y end
  local nrows = C.numel(shape) // ncols
  local kern, L = kernel(dt, ncols, wdt, bdt)
  local args = { C.view(x, { nrows, ncols }), C.view(y, { nrows, ncols }), eps }
  if wdt then args[#args + 1] = C.view(opts.weight, { 1, ncols }) end
  if bdt then args[#args + 1] = C.view(opts.bias, { 1, ncols }) end
  kern({ C.blocks(nrows, L.rows) }, table.unpack(args))
  return y
end

-- built again for another target by kernel:for_target (tilesh --cross, kernel:source(arch))
kernel = tl.retargetable(kernel)

return M
