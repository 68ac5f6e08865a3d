-- rmsnorm.lua - std.rmsnorm over the last axis: y = x / sqrt(mean(x^2) + eps) * weight (the
-- normalization of LLaMA-style transformer blocks; torch.nn.functional.rms_norm). A row that fits
-- is read once into registers, its sum of squares reduced by tl.reduce (warp shuffles, LDS across
-- warps) and written once; a longer row is swept twice in column chunks (sum of squares, output).
-- weight ({cols}) is read with the row tile's own layout, every thread at row 0 of it.
local tl = require "tilelua"
local C = require "tilelua.std.common"
local M = {}

local ROW_ELEMS = 32

local function kernel(dt, ncols, wdt)
  local acc = C.acc_dtype(dt)
  local L = C.row_layout(ncols, C.SIZE[dt], tl.default_warp(), ROW_ELEMS)
  local key = table.concat({ "rmsnorm", dt, L.key, wdt or "-", tl.default_warp() }, ";")
  return C.memo(key, function()
    local params = { { "x", tl.tensor(dt, 2) }, { "y", tl.tensor(dt, 2) }, { "eps", acc } }
    if wdt then params[#params + 1] = { "w", tl.tensor(wdt, 2) } end
    return tl.kernel {
      name = L.chunked and "std_rmsnorm_chunked" or "std_rmsnorm", block = C.BLOCK,
      params = params,
      body = function(k, p)
        local r0 = C.bid64(k) * L.rows
        local ncol = p.x:shape(1)
        local function tile(src, c0, row0)
          local t = k:window(src, { row0 or r0, c0 }, { L.rows, L.cols }, L.dist):load()
          return t.dtype ~= acc and t:cast(acc) or t
        end
        local first = tile(p.x, 0)
        -- w is {1, cols}: every thread reads row 0 (origin minus its own row in the tile)
        local wrow = -first:coords(0)[1]
        local function output(t, c0, rstd)
          local o = t * rstd
          if p.w then o = o * tile(p.w, c0, wrow) end
          if o.dtype ~= dt then o = o:cast(dt) end
          k:window(p.y, { r0, c0 }, { L.rows, L.cols }, L.dist):store(o)
        end
        -- masked elements load as 0: they add nothing to the sum of squares
        local n = ncol:cast(acc)
        if not L.chunked then
          local ss = tl.reduce(first * first, "sum", 1):get(0)
          output(first, 0, tl.rsqrt(ss / n + p.eps))
          return
        end
        local sq = k:range(L.cols, ncol, L.cols, function(c0, a)
          local t = tile(p.x, c0)
          return a + t * t
        end, first * first)
        local rstd = tl.rsqrt(tl.reduce(sq, "sum", 1):get(0) / n + p.eps)
        k:range(0, ncol, L.cols, function(c0) output(tile(p.x, c0), c0, rstd) end)
      end,
    }
  end), L
end

local OPTS = { eps = true, out = true }

-- std.rmsnorm(x[, weight[, {eps = 1e-6, out = t}]]): a new tensor (or out) of x's shape and dtype;
-- weight nil or a {cols} tensor of x's dtype or f32; f16/bf16 computed in f32
function M.rmsnorm(x, weight, opts)
  local dt = C.tensor_dtype("rmsnorm", "x", x)
  if not C.FLOAT[dt] then C.fail("std.rmsnorm: x must have a float dtype (got %s)", dt) end
  if opts ~= nil and type(opts) ~= "table" then
    C.fail("std.rmsnorm: options must be a table such as {eps = 1e-6} (got %s)", type(opts))
  end
  opts = opts or {}
  for key in pairs(opts) do
    if not OPTS[key] then C.fail("std.rmsnorm: unknown option '%s' (expected eps or out)", tostring(key)) end
  end
  local eps = opts.eps == nil and 1e-6 or opts.eps
  if type(eps) ~= "number" or eps < 0 then C.fail("std.rmsnorm: eps must be a number >= 0 (got %s)", tostring(eps)) end
  local shape = x:shape()
  if #shape == 0 then C.fail("std.rmsnorm: x must have rank 1 or more (got a rank-0 tensor)") end
  local ncols = shape[#shape]
  local wdt
  if weight ~= nil then
    wdt = C.tensor_dtype("rmsnorm", "weight", weight)
    if wdt ~= dt and wdt ~= "f32" then
      C.fail("std.rmsnorm: weight must have x's dtype (%s)%s (got %s)", dt, dt == "f32" and "" or " or f32", wdt)
    end
    local s = weight:shape()
    if #s ~= 1 or s[1] ~= ncols then
      C.fail("std.rmsnorm: weight has shape %s but must be {%d}, the length of x's last axis", C.shape_str(s), ncols)
    end
  end
  local y = C.output("rmsnorm", opts, shape, dt, true) -- (a fresh y not cleared: every row tile writes all its columns)
  if C.numel(shape) == 0 then return y end
  local nrows = C.numel(shape) // ncols
  local kern, L = kernel(dt, ncols, wdt)
  local args = { C.view(x, { nrows, ncols }), C.view(y, { nrows, ncols }), eps }
  if wdt then args[#args + 1] = C.view(weight, { 1, ncols }) end
  kern({ C.blocks(nrows, L.rows) }, table.unpack(args))
  return y
end

-- built again for another target by kernel:for_target (tilesh --cross, kernel:source(arch))
kernel = tl.retargetable(kernel)

return M
