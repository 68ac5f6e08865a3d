-- block_sum.lua - seed 002's cross-block reduction: each block reduces its tile (block-raked, the
-- pattern for reductions), then one thread adds the block's sum to the total with a tile atomic.
local tl = require "tilelua"

local ROWS, COLS = 4, 256      -- one block's tile: 1024 elements, 8 per thread
local dist = tl.pattern2d { block = 128, rows = ROWS, cols = COLS, vec = 8, warp = 32, pattern = "block_raked" }

local block_sum = tl.kernel {
  name = "block_sum", block = 128, warp = 32,
  params = { { "x", tl.tensor(tl.i64, 2) }, { "total", tl.tensor(tl.i64, 1) } },
  hints = { latency = 2 },
  body = function(k, p)
    local t = k:window(p.x, { k.block_id(0) * ROWS, 0 }, { ROWS, COLS }, dist):load()  -- 0 past the end
    local s = tl.reduce(tl.reduce(t, "sum", 1), "sum", 0):get(0)   -- rows by shuffles, then across warps
    k:when(tl.eq(k.thread_id(), 0), function()
      p.total:atomic_add({ 0 }, s, { order = "relaxed", scope = "device" })  -- old value unused
    end)
  end,
}

local n = 10000
local rows = (n + COLS - 1) // COLS
local x = tl.zeros({ rows, COLS }, tl.i64)
for i = 0, n - 1 do x:set(i // COLS, i % COLS, i) end
local total = tl.zeros({ 1 }, tl.i64)
block_sum({ (rows + ROWS - 1) // ROWS }, x, total)
local want = n * (n - 1) // 2
print(("block_sum: sum of 0..%d = %d (expected %d)"):format(n - 1, total:get(0), want))
if total:get(0) ~= want then io.stderr:write("block_sum: MISMATCH\n"); os.exit(1) end
print("block_sum: ok")
