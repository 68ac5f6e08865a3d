-- std.attention: config.wg counts the consumer warpgroups of the wgmma kernel, which mma.sync has not
-- expect: std_attention_wg_mma.lua:5: std.attention: config.wg = 3 (consumer warpgroups) is a form of config.wgmma's kernel
local std = require "tilelua.std"
local t = tl.empty({ 1, 2, 16, 64 }, tl.f16)
std.attention(t, t, t, { config = { wgmma = false, wg = 3 } })
