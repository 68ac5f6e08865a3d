-- transpose.lua - std.transpose: y[b][j][i] = x[b][i][j] through an LDS tile. Each thread moves
-- a V x V block of the tile (V elements = one vector of at most 16 bytes): it loads V rows of its
-- block with vector loads and stores them into LDS as vectors; after the barrier it reads, again
-- as V row vectors, the block that lands on its own output position, transposes the V x V values
-- in registers (a renaming, no instruction) and stores V output rows as vectors. The LDS tile is
-- XOR-swizzled in V-element chunks (seed 003's preshuffle at vector granularity), so that both the
-- row-wise write and the block-wise read are free of bank conflicts; std.transpose_bank_report
-- shows it at script time, and the plain tile's conflicts.
local tl = require "tilelua"
local C = require "tilelua.std.common"
local M = {}

-- 16 x 16 threads, each a V x V block: the tile side is 16 V, with 16 V-element chunks per row
local SIDE_THREADS = 16
assert(SIDE_THREADS * SIDE_THREADS == C.BLOCK, "transpose: the block is a 16 x 16 grid of threads")

-- V: the elements of a 16-byte vector, at most 8 (a thread holds V * V elements: 64 at most)
local function vec_of(dt) return math.min(8, C.vec16(dt)) end

-- The tile's distribution: thread t holds the V x V block at block-row t // 16, block-column t % 16
-- (`transposed`: block-row t % 16, block-column t // 16), element y = e * V + f at (V*br + e,
-- V*bc + f). The straight one moves the tile between global memory and LDS (a warp's vector access
-- covers two 16-chunk rows); the transposed one reads, for each thread, the input block that its
-- output block comes from. rank3 adds a leading batch dim of length 1.
local function tile_dist(v, transposed, rank3)
  local d = rank3 and 1 or 0
  local h = { { SIDE_THREADS, v }, { SIDE_THREADS, v } }
  local rows, cols = { d + 1, 0 }, { d + 2, 0 }
  local p = transposed and { { cols, rows } } or { { rows, cols } }
  local y = { { d + 1, 1 }, { d + 2, 1 } }
  if rank3 then
    table.insert(h, 1, { 1 })
    table.insert(y, 1, { 1, 0 })
  end
  return tl.encoding { h = h, p = p, y = y }
end

-- The swizzle: chunk c (V elements) of row r of the tile is stored at chunk c ~ (r // V) of that
-- row (seed 003's XOR preshuffle, at vector granularity). The transposed read has the lanes of
-- one phase on rows V*l + e (l = 0, 1, 2, ...) of one chunk: r // V = l puts them on distinct
-- chunks. (c ~ (r % 16) would not: rows V*l + e give few distinct r % 16.)
local function swizzled(chunk, row_block) return chunk ~ row_block end

-- The LDS offset of tile element (r, c) (integers, rank 2): what the bank report walks.
local function lds_layout(v, swizzle)
  local n = SIDE_THREADS * v
  local text = swizzle and string.format("%dx%d tile, chunk c of row r at chunk c ~ (r // %d)", n, n, v)
                       or string.format("%dx%d tile, row-major", n, n)
  return setmetatable({ offset = function(_, c)
    local r, chunk = c[1], c[2] // v
    if swizzle then chunk = swizzled(chunk, r // v) end
    return r * n + chunk * v + c[2] % v
  end }, { __tostring = function() return text end })
end

-- The same placement in a kernel: a thread's V x V block sits at block-row br and block-column bc
-- of the tile, so all its chunks move by the same amount, V * (swizzled(bc, br) - bc) columns: a
-- window on the row-major LDS tile, with that shift as its origin. (An LDS descriptor computing
-- c ~ (r // V) per element would divide V*br + e by V for each element: the tracer keeps that
-- division, and the CUDA compiler then splits the 16-byte LDS stores into 4-byte ones, as nvcc 13
-- -O3 does on that source.)
local function lds_shift(v, swizzle, br, bc)
  if not swizzle then return 0 end
  return (swizzled(bc, br) - bc) * v
end

local function check_swizzle(who, swizzle)
  if swizzle == nil then return true end
  if type(swizzle) ~= "boolean" then C.fail("std.%s: swizzle must be a boolean (got %s)", who, tostring(swizzle)) end
  return swizzle
end

-- std.transpose_kernel(dtype, swizzle) -> the kernel (x, y: rank 3; grid {cols/N, rows/N, batch}), N
function M.transpose_kernel(dtype, swizzle)
  local dt = C.dtype_name("transpose_kernel", dtype)
  swizzle = check_swizzle("transpose_kernel", swizzle)
  local v = vec_of(dt)
  local n = SIDE_THREADS * v
  local key = table.concat({ "transpose", dt, tostring(swizzle), tl.default_warp() }, ";")
  return C.memo(key, function()
    local straight, across = tile_dist(v, false, true), tile_dist(v, true, true)
    return tl.kernel {
      name = swizzle and "std_transpose" or "std_transpose_plain", block = C.BLOCK,
      params = { { "x", tl.tensor(dt, 3) }, { "y", tl.tensor(dt, 3) } },
      body = function(k, p)
        local b, r0, c0 = k.block_id(2), k.block_id(1) * n, k.block_id(0) * n
        local tid = k.thread_id()
        local hi, lo = tid // SIDE_THREADS, tid % SIDE_THREADS
        local lds = k:lds(dt, { 1, n, n })
        local t = k:window(p.x, { b, r0, c0 }, { 1, n, n }, straight):load()
        k:window(lds, { 0, 0, lds_shift(v, swizzle, hi, lo) }, { 1, n, n }, straight):store(t)
        k:sync()
        -- this thread's output block (rows V*hi.., cols V*lo..) is the input block (V*lo.., V*hi..)
        local s = k:window(lds, { 0, 0, lds_shift(v, swizzle, lo, hi) }, { 1, n, n }, across):load()
        for e = 0, v - 1 do
          for f = 0, v - 1 do t:set(f * v + e, s:get(e * v + f)) end
        end
        k:window(p.y, { b, c0, r0 }, { 1, n, n }, straight):store(t)
      end,
    }
  end), n
end

-- std.transpose(x[, {swizzle = true, out = y}]): a new tensor (or out), x's last two axes swapped
-- (rank 2 or 3)
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
  local y = C.output("transpose", opts, out_shape, dt, true) -- (a fresh y not cleared: the tiles cover it)
  if rows * cols * bsz == 0 then return y end
  local gy = (rows + n - 1) // n
  if gy > 65535 or bsz > 65535 then
    C.fail("std.transpose: %d row tiles and %d batches, over the GPU grid limit of 65535 each", gy, bsz)
  end
  kern({ (cols + n - 1) // n, gy, bsz }, C.view(x, { bsz, rows, cols }), C.view(y, { bsz, cols, rows }))
  return y
end

-- std.transpose_bank_report(dtype, swizzle) -> text: the row-wise LDS write of the tile and its
-- block-wise (transposed) read, vector accesses, through the bank model of the default warp's
-- target; also the two report objects
function M.transpose_bank_report(dtype, swizzle)
  local dt = C.dtype_name("transpose_bank_report", dtype)
  swizzle = check_swizzle("transpose_bank_report", swizzle)
  local v = vec_of(dt)
  local n = SIDE_THREADS * v
  local warp = tl.default_warp()
  local target = warp == 32 and "sm_90" or "gfx90a"
  local layout = lds_layout(v, swizzle)
  local function report(op, dist)
    return tl.bank_report { op = op, dist = dist, lds = layout, elem_bytes = C.SIZE[dt], target = target, warp = warp }
  end
  local write, read = report("write", tile_dist(v, false, false)), report("read", tile_dist(v, true, false))
  local text = string.format("std.transpose %s %dx%d tile, %d-element vectors, %s LDS (%s): write %d-way, transposed read %d-way\n%s\n%s",
    dt, n, n, v, swizzle and "XOR-swizzled" or "plain", target, write.worst, read.worst, tostring(write), tostring(read))
  return text, write, read
end

-- built again for another target by kernel:for_target (tilesh --cross, kernel:source(arch))
M.transpose_kernel = tl.retargetable(M.transpose_kernel)

return M
