-- A conditional sweep (seed 004): ReLU by tl.select, and a per-thread branch with k:when.
local T = require "testing"
local dist = tl.pattern2d { block = 64, rows = 8, cols = 64, vec = 2, warp = 64, pattern = "warp_raked" }
local kern = tl.kernel {
  name = "relu", block = 64, warp = 64,
  params = { { "x", tl.tensor(tl.f32, 2) }, { "y", tl.tensor(tl.f32, 2) }, { "flags", tl.tensor(tl.i32, 1) } },
  body = function(k, p)
    local t = k:window(p.x, { 0, 0 }, { 8, 64 }, dist):load()
    k:window(p.y, { 0, 0 }, { 8, 64 }, dist):store(t:map(function(v) return tl.select(tl.gt(v, 0.0), v, 0.0) end))
    local first = t:get(0)
    k:when(tl.gt(first, 0.0), function() p.flags:store({ k.thread_id() }, 1) end,
                              function() p.flags:store({ k.thread_id() }, 2) end)
  end,
}
local x = tl.empty({ 8, 64 }, tl.f32)
for i = 0, 7 do for j = 0, 63 do x:set(i, j, ((i * 64 + j) * 37 % 19) - 9.5) end end
local y, flags = tl.zeros({ 8, 64 }, tl.f32), tl.zeros({ 64 }, tl.i32)
kern({ 1 }, x, y, flags)
for i = 0, 7 do for j = 0, 63 do T.eq(y:get(i, j), math.max(x:get(i, j), 0), "relu " .. i .. "," .. j) end end
for t = 0, 63 do
  local c = dist:coord(t, 0)
  T.eq(flags:get(t), x:get(c[1], c[2]) > 0 and 1 or 2, "branch of thread " .. t)
end
