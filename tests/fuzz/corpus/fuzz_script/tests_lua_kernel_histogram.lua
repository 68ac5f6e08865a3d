-- A histogram: bins in LDS updated with block-scope atomics, then merged into the global bins.
local T = require "testing"
local BINS = 16
local dist = tl.pattern2d { block = 64, rows = 1, cols = 256, vec = 4, warp = 64 }
local hist = tl.kernel {
  name = "hist", block = 64, warp = 64,
  params = { { "x", tl.tensor(tl.i32, 2) }, { "bins", tl.tensor(tl.i32, 1) } },
  body = function(k, p)
    local lds = k:lds(tl.i32, { BINS })
    k:when(tl.lt(k.thread_id(), BINS), function() lds:store({ k.thread_id() }, 0) end)
    k:sync()
    local t = k:window(p.x, { 0, k.block_id(0) * 256 }, { 1, 256 }, dist):load { pad = -1 }
    t:foreach(function(v)
      k:when(tl.ge(v, 0), function() lds:atomic_add({ v % BINS }, 1, { scope = "block" }) end)
    end)
    k:sync()
    k:when(tl.lt(k.thread_id(), BINS), function()
      p.bins:atomic_add({ k.thread_id() }, lds:load { k.thread_id() })
    end)
  end,
}
local n = 3000
local x = tl.empty({ 1, n }, tl.i32)
local want = {}
for b = 0, BINS - 1 do want[b] = 0 end
for j = 0, n - 1 do
  local v = (j * 7919) % 1000
  x:set(0, j, v)
  want[v % BINS] = want[v % BINS] + 1
end
local bins = tl.zeros({ BINS }, tl.i32)
hist({ (n + 255) // 256 }, x, bins)
for b = 0, BINS - 1 do T.eq(bins:get(b), want[b], "bin " .. b) end
