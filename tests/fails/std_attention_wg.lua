-- std.attention: config.wg counts the consumer warpgroups of the wgmma kernel: 2 or 3
-- expect: std_attention_wg.lua:5: std.attention: config.wg (consumer warpgroups) must be 2 or 3 (got 4)
local std = require "tilelua.std"
local t = tl.empty({ 1, 2, 16, 64 }, tl.f16)
std.attention(t, t, t, { config = { wgmma = true, wg = 4 } })
