-- std.attention: config.pingpong orders the two consumer warpgroups' products, so it needs them as roles
-- expect: std_attention_pingpong.lua:5: std.attention: config.pingpong orders the products of the consumer warpgroups: it needs config.overlap and config.split
local std = require "tilelua.std"
local t = tl.empty({ 1, 2, 16, 64 }, tl.f16)
std.attention(t, t, t, { config = { wgmma = true, overlap = true, split = false, pingpong = true } })
