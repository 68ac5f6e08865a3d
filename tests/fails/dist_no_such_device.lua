-- Devices are 0..N-1.
-- expect: tl.empty: device 4 does not exist (4 devices: 0..3; TILELUA_CPU_DEVICES=N simulates N on the cpu backend)
local tl = require "tilelua"
tl.empty({ 2 }, tl.f32, { device = 4 })
