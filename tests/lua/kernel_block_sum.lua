-- Seed 002's cross-block reduction: each block sums its tile, one thread atomically adds it to the
-- total; and the intra-block iota: atomic tickets give every thread a distinct slot.
local T = require "testing"
local W = tl.default_warp() -- 64 on the cpu backend, the GPU's own warp size on a GPU
-- one 256-wide row per block: 64 lanes x 4 on wave64, 32 lanes x 8 on warps of 32
local BLOCK, VEC = W == 64 and 64 or 32, W == 64 and 4 or 8
local dist = tl.pattern2d { block = BLOCK, rows = 1, cols = 256, vec = VEC, warp = W }
local block_sum = tl.kernel {
  name = "block_sum", block = BLOCK, warp = W,
  params = { { "x", tl.tensor(tl.i32, 2) }, { "total", tl.tensor(tl.i32, 1) } },
  body = function(k, p)
    local t = k:window(p.x, { 0, k.block_id(0) * 256 }, { 1, 256 }, dist):load()
    local s = tl.reduce(t, "sum", 1):get(0)
    k:when(tl.eq(k.thread_id(), 0), function() p.total:atomic_add({ 0 }, s) end)
  end,
}
local n = 1000
local x = tl.empty({ 1, n }, tl.i32)
local want = 0
for j = 0, n - 1 do x:set(0, j, j % 17); want = want + j % 17 end
local total = tl.zeros({ 1 }, tl.i32)
block_sum({ (n + 255) // 256 }, x, total)
T.eq(total:get(0), want, "block sum")

local iota = tl.kernel {
  name = "iota", block = 64, warp = 32,
  params = { { "counter", tl.tensor(tl.i32, 1) }, { "slots", tl.tensor(tl.i32, 1) } },
  body = function(k, p)
    local ticket = p.counter:atomic_add({ 0 }, 1, { old = true, order = "relaxed", scope = "block" })
    p.slots:store({ ticket }, k.thread_id() + k.block_id(0) * 64)
  end,
}
local counter, slots = tl.zeros({ 1 }, tl.i32), tl.full({ 128 }, -1, tl.i32)
iota({ 2 }, counter, slots)
T.eq(counter:get(0), 128, "every thread took a ticket")
local seen = {}
for i = 0, 127 do seen[slots:get(i)] = true end
for t = 0, 127 do T.eq(seen[t], true, "thread " .. t .. " has a slot") end
