-- softmax.lua - std.softmax over the last axis. A row that fits (up to 32 elements per thread) is
-- read once into registers: row max and row sum by warp shuffles and LDS across warps, exp once per
-- element, one write. A longer row streams in column chunks with an online max/sum (each thread
-- rescales its running sum when its max grows), then a second sweep writes exp(x - max) / sum.
local tl = require "tilelua"
local C = require "tilelua.std.common"
local M = {}

local ROW_ELEMS = 32
local NEG_INF = -math.huge
local LOG2E = C.LOG2E
-- exp(x) as exp2(x * log2 e): the GPU's exp2 is one special-function instruction, exp a longer
-- sequence; the difference is within f32 rounding of the product
local function exp(x) return tl.exp2(x * LOG2E) end

-- x - m, but -inf where m is -inf (no -inf - -inf = NaN when a thread has seen only padding)
local function shifted(x, m) return tl.select(tl.eq(m, NEG_INF), NEG_INF, x - m) end

local function kernel(dt, ncols)
  local acc = C.acc_dtype(dt)
  -- 256-thread blocks: 512-thread blocks for long rows were tried and measured slower on an H200
  -- (4096-wide f16 rows: 32.7 us against 27.8 us, bench/RESULTS.md)
  local L = C.row_layout(ncols, C.SIZE[dt], tl.default_warp(), ROW_ELEMS)
  local key = table.concat({ "softmax", dt, L.key, tl.default_warp() }, ";")
  return C.memo(key, function()
    return tl.kernel {
      name = L.chunked and "std_softmax_online" or "std_softmax", block = L.block,
      params = { { "x", tl.tensor(dt, 2) }, { "y", tl.tensor(dt, 2) } },
      body = function(k, p)
        local r0 = C.bid64(k) * L.rows
        local function tile(c0)
          local t = k:window(p.x, { r0, c0 }, { L.rows, L.cols }, L.dist):load { pad = NEG_INF }
          return acc ~= dt and t:cast(acc) or t
        end
        local function store(c0, t)
          if t.dtype ~= dt then t = t:cast(dt) end
          k:window(p.y, { r0, c0 }, { L.rows, L.cols }, L.dist):store(t)
        end
        local t = tile(0)
        if not L.chunked then
          local m = tl.reduce(t, "max", 1)
          local e = (t - m):map(exp)
          -- one division per thread (its elements are all in one row), a multiplication per element
          local inv = 1.0 / tl.reduce(e, "sum", 1):get(0)
          store(0, e * inv)
          return
        end
        -- online: per thread a running max m and a sum s of exp(x - m) over its elements
        local function step(u, m, s)
          local mn = tl.max(m, u:reduce("max"))
          s = s * exp(shifted(m, mn))
          for y = 0, u:elements() - 1 do s = s + exp(shifted(u:get(y), mn)) end
          return mn, s
        end
        local m, s = step(t, NEG_INF, 0.0)
        m, s = k:range(L.cols, p.x:shape(1), L.cols, function(c0, m1, s1) return step(tile(c0), m1, s1) end, m, s)
        -- the row's max, then the row's sum with each thread's part rescaled to it
        local rmax = tl.reduce(t:map(function() return m end), "max", 1):get(0)
        local part = t:map(function() return 0.0 end)
        part:set(0, s * exp(shifted(m, rmax)))
        local inv = 1.0 / tl.reduce(part, "sum", 1):get(0)
        k:range(0, p.x:shape(1), L.cols, function(c0)
          store(c0, tile(c0):map(function(v) return exp(shifted(v, rmax)) * inv end))
        end)
      end,
    }
  end), L
end

-- std.softmax(x[, {out = t}]): softmax over the last axis into a new tensor (or out); float dtypes,
-- f16/bf16 computed in f32
function M.softmax(x, opts)
  local dt = C.tensor_dtype("softmax", "x", x)
  if not C.FLOAT[dt] then C.fail("std.softmax: x must have a float dtype (got %s)", dt) end
  local shape = x:shape()
  if #shape == 0 then C.fail("std.softmax: x must have rank 1 or more (got a rank-0 tensor)") end
  local y = C.output("softmax", opts, shape, dt, true) -- (a fresh y not cleared: every row tile writes all its columns)
  local ncols = shape[#shape]
  local nrows = C.numel(shape) // math.max(ncols, 1)
  if C.numel(shape) == 0 then return y end
  local kern, L = kernel(dt, ncols)
  kern({ C.blocks(nrows, L.rows) }, C.view(x, { nrows, ncols }), C.view(y, { nrows, ncols }))
  return y
end

-- built again for another target by kernel:for_target (tilesh --cross, kernel:source(arch))
kernel = tl.retargetable(kernel)

return M
