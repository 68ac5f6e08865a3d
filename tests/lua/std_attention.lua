-- std.attention against a float64 Lua reference on the same (rounded) inputs: S and Skv not
-- multiples of the tiles, causal with S < Skv and S > Skv (bottom-right diagonal; rows that see no
-- key give zeros and lse = -inf), grouped-query heads, D = 64/128/256, f16 and bf16, the {B, S, H, D}
-- layout, scale and out=; on the CPU executor both warp sizes (NVIDIA mma.sync layouts at 32, AMD
-- MFMA at 64) (config.wgmma: std_attention_wgmma.lua). Errors name the rule.
local T = require "testing"
local std = require "tilelua.std"

local A = require "attention_case"
local case, signed = A.case, A.signed

local registry = debug.getregistry()
local saved = registry["tilelua.warp"]
-- the CPU executor runs both warp sizes; a GPU only its own
local WARPS = tl.backend() == "cpu" and { 32, 64 } or { tl.default_warp() }
for _, warp in ipairs(WARPS) do
  registry["tilelua.warp"] = warp
  case { Hq = 4, Hkv = 2, S = 20, Skv = 37, D = 64, dt = "f16", causal = true }
  case { S = 37, Skv = 20, D = 128, dt = "bf16", causal = true, empty = 17, out = true }
  case { B = 2, Hq = 3, Hkv = 1, S = 9, Skv = 70, D = 64, dt = "bf16", layout = "bshd", scale = 0.3 }
  case { S = 20, Skv = 128, D = 64, dt = "f16" } -- whole key tiles: the variant without masks
  if warp == 32 then
    case { S = 9, Skv = 41, D = 256, dt = "f16", causal = true }
    -- key tiles without masks, then the diagonal's with masks (two loops in the kernel)
    case { S = 80, Skv = 200, D = 64, dt = "bf16", causal = true }
  end
  if warp == 64 then case { B = 2, Hq = 2, Hkv = 2, S = 33, Skv = 33, D = 128, dt = "f16", layout = "bshd", causal = true } end
end
registry["tilelua.warp"] = saved

local q = tl.empty({ 1, 4, 8, 64 }, tl.f16)
T.raises(function() std.attention(q, q, q, { config = { wgmma = 1 } }) end, "config.wgmma must be a boolean (got 1)")
T.raises(function() std.attention(q, q, q, { config = { ws = true, wgmma = false } }) end, "config.ws (warp-specialized) needs config.wgmma")
T.raises(function() std.attention(q, tl.empty({ 1, 3, 8, 64 }, tl.f16), tl.empty({ 1, 3, 8, 64 }, tl.f16)) end,
  "std.attention: the query heads (Hq = 4) must be a multiple of the key/value heads (Hkv = 3)")
T.raises(function() std.attention(q, q, q, { causal = 1 }) end, "causal must be a boolean (got 1)")
T.raises(function() std.attention(q, q, q, { mask = true }) end, "unknown option 'mask'")
T.raises(function() std.attention(q, q, q, { scale = -1 }) end, "scale must be a number > 0 (got -1)")
T.raises(function() std.attention(q, q, q, { layout = "sbhd" }) end, "layout must be \"bhsd\"")
T.raises(function() std.attention(q, q, tl.empty({ 1, 4, 9, 64 }, tl.f16)) end,
  "std.attention: k and v must have the same shape (got {1, 4, 8, 64} and {1, 4, 9, 64})")
