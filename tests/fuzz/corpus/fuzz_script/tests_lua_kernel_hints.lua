-- Hints are validated, resolved per target, never change results; replace_hints gives a new kernel.
local T = require "testing"
local dist = tl.pattern2d { block = 64, rows = 4, cols = 64, vec = 4, warp = 64 }
local function make(hints)
  return tl.kernel {
    name = "copy", block = 64, warp = 64, hints = hints,
    params = { { "x", tl.tensor(tl.f32, 2) }, { "y", tl.tensor(tl.f32, 2) } },
    body = function(k, p) k:window(p.y, { 0, 0 }, { 4, 64 }, dist):store(k:window(p.x, { 0, 0 }, { 4, 64 }, dist):load()) end,
  }
end
local k1 = make { occupancy = 2, num_ctas = 1, latency = 3, allow_tma = false }
local k2 = k1:replace_hints { occupancy = tl.by_target { default = 1, sm_90 = 4, gfx90a = 2 } }
T.eq(k2:get_hints("sm_90").occupancy, 4, "target-specific beats default")
T.eq(k2:get_hints("gfx1030").occupancy, 1, "default elsewhere")
T.eq(k2:get_hints("sm_90").latency, 3, "other hints kept")
T.eq(k1:get_hints("sm_90").occupancy, 2, "the original is unchanged")
local x = tl.rand({ 4, 64 }, tl.f32, 5)
local y1, y2 = tl.zeros({ 4, 64 }, tl.f32), tl.zeros({ 4, 64 }, tl.f32)
k1({ 1 }, x, y1)
k2({ 1 }, x, y2)
T.eq(y1:max_abs_diff(y2), 0.0, "hints do not change results")
T.eq(k2.traces, 1, "the new kernel traces its own specialization")
assert(k2:report():find("occupancy"), "report names the hint")
T.raises(function() make { occupancy = 0 } end, "occupancy must be an integer in 1..32")
T.raises(function() make { num_ctas = 3 } end, "num_ctas must be 1, 2, 4, 8 or 16")
T.raises(function() make { latency = 11 } end, "latency must be an integer in 1..10")
T.raises(function() make { allow_tma = 1 } end, "allow_tma must be a boolean")
T.raises(function() k1:replace_hints { occupancy = tl.by_target { sm_90 = 64 } } end, "occupancy[sm_90]")
T.raises(function() make { speed = 1 } end, "unknown hint 'speed'")
