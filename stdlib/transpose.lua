-- transpose.lua - std.transpose: y[b][j][i] = x[b][i][j] through an N x N LDS tile with seed 003's XOR
-- preshuffle (column ^ row), so that the row-wise write and the column-wise (transposed) read of the
-- tile are both free of bank conflicts; std.transpose_bank_report shows it at script time.
local tl = require "tilelua"
local C = require "tilelua.std.common"
local M = {}

-- Tile side and vector per element size, chosen with the bank model (the report below): 32 x 32
-- everywhere; 8-byte elements are read one per access (2-element vectors put two threads of a
-- half-warp phase on one bank pair).
local function tile_of(dt)
  local size = C.SIZE[dt]
  return 32, size == 8 and 1 or 4
end

-- The tile's distribution: thread t holds row it*RT + t // XT, columns (t % XT)*V .. +V-1, for each
-- iteration it (XT threads along a row, RT rows per iteration). rank3 adds a leading batch dim.
local function tile_dist(n, v, rank3)
  local xt = n // v
  local rt = C.BLOCK // xt
  local it = n // rt
  if rank3 then
    return tl.encoding { h = { { 1 }, { it, rt }, { xt, v } }, p = { { { 2, 1 }, { 3, 0 } } },
                         y = { { 1, 0 }, { 2, 0 }, { 3, 1 } } }
  end
  return tl.encoding { h = { { it, rt }, { xt, v } }, p = { { { 1, 1 }, { 2, 0 } } }, y = { { 1, 0 }, { 2, 1 } } }
end

local function lds_descriptor(n, swizzle)
  local plain = tl.descriptor { lengths = { n, n } }
  if not swizzle then return plain end
  return plain:transform { { tl.xor { n, n }, lower = { 0, 1 }, upper = { 0, 1 } } }
end

local function check_swizzle(who, swizzle)
  if swizzle == nil then return true end
  if type(swizzle) ~= "boolean" then C.fail("std.%s: swizzle must be a boolean (got %s)", who, tostring(swizzle)) end
  return swizzle
end

-- std.transpose_kernel(dtype, swizzle) -> the kernel (x, y: rank 3; grid {cols/N, rows/N, batch})
function M.transpose_kernel(dtype, swizzle)
  local dt = C.dtype_name("transpose_kernel", dtype)
  swizzle = check_swizzle("transpose_kernel", swizzle)
  local n, v = tile_of(dt)
  local key = table.concat({ "transpose", dt, tostring(swizzle), tl.default_warp() }, ";")
  return C.memo(key, function()
    local dist = tile_dist(n, v, true)
    local desc = swizzle and lds_descriptor(n, true) or nil
    return tl.kernel {
      name = swizzle and "std_transpose" or "std_transpose_plain", block = C.BLOCK,
      params = { { "x", tl.tensor(dt, 3) }, { "y", tl.tensor(dt, 3) } },
      body = function(k, p)
        local b, r0, c0 = k.block_id(2), k.block_id(1) * n, k.block_id(0) * n
        local lds = k:lds(dt, { n, n }, desc and { swizzle = desc } or nil)
        local t = k:window(p.x, { b, r0, c0 }, { 1, n, n }, dist):load()
        t:foreach(function(val, idx) lds:store({ idx[2], idx[3] }, val) end)
        k:sync()
        -- the output tile's element (i, j) is the input tile's (j, i)
        t:foreach(function(_, idx) return lds:load { idx[3], idx[2] } end)
        k:window(p.y, { b, c0, r0 }, { 1, n, n }, dist):store(t)
      end,
    }
  end), n
end

-- std.transpose(x[, {swizzle = true}]): a new tensor, x's last two axes swapped (rank 2 or 3)
function M.transpose(x, opts)
  local dt = C.tensor_dtype("transpose", "x", x)
  if opts ~= nil and type(opts) ~= "table" then
    C.fail("std.transpose: options must be a table such as {swizzle = false} (got %s)", type(opts))
  end
  for key in pairs(opts or {}) do
    if key ~= "swizzle" and key ~= "out" then C.fail("std.transpose: unknown option '%s' (expected swizzle or out)", tostring(key)) end
  end
  local shape = x:shape()
  if #shape ~= 2 and #shape ~= 3 then
    C.fail("std.transpose: x must have rank 2 or 3 (got rank %d, shape %s)", #shape, C.shape_str(shape))
  end
  local kern, n = M.transpose_kernel(dt, opts and opts.swizzle)
  local bsz = #shape == 3 and shape[1] or 1
  local rows, cols = shape[#shape - 1], shape[#shape]
  local out_shape = #shape == 3 and { bsz, cols, rows } or { cols, rows }
  local y = C.output("transpose", opts, out_shape, dt)
  if rows * cols * bsz == 0 then return y end
  local gy = (rows + n - 1) // n
  if gy > 65535 or bsz > 65535 then
    C.fail("std.transpose: %d row tiles and %d batches, over the GPU grid limit of 65535 each", gy, bsz)
  end
  kern({ (cols + n - 1) // n, gy, bsz }, C.view(x, { bsz, rows, cols }), C.view(y, { bsz, cols, rows }))
  return y
end

-- std.transpose_bank_report(dtype, swizzle) -> text: the LDS write of the tile and its transposed
-- read through the bank model of the default warp's target; also the two report objects
function M.transpose_bank_report(dtype, swizzle)
  local dt = C.dtype_name("transpose_bank_report", dtype)
  swizzle = check_swizzle("transpose_bank_report", swizzle)
  local n, v = tile_of(dt)
  local warp = tl.default_warp()
  local target = warp == 32 and "sm_90" or "gfx90a"
  local dist = tile_dist(n, v, false)
  local desc = lds_descriptor(n, swizzle)
  local common = { dist = dist, elem_bytes = C.SIZE[dt], target = target, vector = 1, warp = warp }
  local function report(op, lds)
    local args = { op = op, lds = lds }
    for key, val in pairs(common) do args[key] = val end
    return tl.bank_report(args)
  end
  local write = report("write", desc)
  local read = report("read", function(c) return desc:offset { c[2], c[1] } end)
  local text = string.format("std.transpose %s %dx%d tile, %s LDS (%s): write %d-way, transposed read %d-way\n%s\n%s",
    dt, n, n, swizzle and "XOR-swizzled" or "plain", target, write.worst, read.worst, tostring(write), tostring(read))
  return text, write, read
end

return M
