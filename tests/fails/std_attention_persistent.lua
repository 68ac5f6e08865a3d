-- std.attention: config.persistent walks the query tiles with config.overlap's K and V pipelines
-- expect: std_attention_persistent.lua:5: std.attention: config.persistent walks the query tiles with config.overlap's pipelines: it needs config.overlap
local std = require "tilelua.std"
local t = tl.empty({ 1, 2, 16, 64 }, tl.f16)
std.attention(t, t, t, { config = { wgmma = true, overlap = false, persistent = true } })
