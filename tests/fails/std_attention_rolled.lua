-- std.attention: config.rolled is a form of config.overlap's key loop (one key tile a trip)
-- expect: std_attention_rolled.lua:5: std.attention: config.rolled is a form of config.overlap's key loop (one tile a trip): it needs config.overlap
local std = require "tilelua.std"
local t = tl.empty({ 1, 2, 16, 64 }, tl.f16)
std.attention(t, t, t, { config = { wgmma = true, overlap = false, rolled = true } })
