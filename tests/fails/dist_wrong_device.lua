-- Each output lives on its input's device.
-- expect: all_reduce: out[2] is on device 3 but its input is on device 1 (wrong device)
local tl = require "tilelua"
local xs = { tl.zeros({ 4 }), tl.zeros({ 4 }, tl.f32, { device = 1 }) }
tl.dist.all_reduce(xs, "sum", { out = { tl.zeros({ 4 }), tl.zeros({ 4 }, tl.f32, { device = 3 }) } })
