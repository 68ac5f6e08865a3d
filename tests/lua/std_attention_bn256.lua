-- std.attention's config.bn = 256 (the wgmma kernel at D = 64 with P through LDS, 256 keys a step: half the steps of
-- bn = 128 and of their fixed cost): against the float64 reference (lib/attention_case.lua) on the executor at warp 32
-- or a GPU with wgmma: whole and masked key tiles, an odd count of key tiles (the stages' leftover step), the fixed
-- walk and the counter's, pingpong, the launch's kernel, GQA, bshd, both dtypes; the kernel's source for sm_90a; the
-- errors for D = 128 and for rs.
local T = require "testing"
local std = require "tilelua.std"
local A = require "attention_case"
local case = A.case

A.on_wgmma(function()
  local function cfg(extra)
    local c = { wgmma = true, ws = true, overlap = true, split = true, rs = false, bn = 256 }
    for key, v in pairs(extra) do c[key] = v end
    return c
  end
  -- the fixed walk: whole key tiles (no mask, two of them: one round), then Skv not a multiple of 256
  case { Hq = 2, Hkv = 1, S = 300, Skv = 512, D = 64, dt = "f16", config = cfg { persistent = true } }
  case { B = 2, S = 130, Skv = 300, D = 64, dt = "bf16", layout = "bshd", config = cfg { persistent = true } }
  -- causal: the counter's walk with turns, S != Skv (bottom-right aligned), rows with no keys
  case { Hq = 4, Hkv = 2, S = 300, Skv = 200, D = 64, dt = "f16", causal = true, empty = 400,
         config = cfg { persistent = true, dynamic = true, pingpong = true } }
  -- the launch's kernel: three key tiles (the leftover step after a round of two), causal
  case { S = 200, Skv = 700, D = 64, dt = "bf16", causal = true, config = cfg {} }
  local kern
  for _, kk in ipairs(std.kernels()) do
    if kk.name == "std_attention_f16_d64_wgmma_ws_split_ov_pt_n256" then kern = kk end
  end
  assert(kern, "the persistent bn = 256 kernel")
  local src = kern:source("sm_90")
  T.eq(src:find("m64n256k16", 1, true) ~= nil, true, "S = q k^T of 256 keys in one wgmma shape (m64n256k16)")
  T.compiles(src, kern.name, "sm_90a", "std.attention config.bn = 256 for sm_90a")
  local q, k, v = tl.zeros({ 1, 1, 64, 128 }, tl.f16), tl.zeros({ 1, 1, 64, 128 }, tl.f16), tl.zeros({ 1, 1, 64, 128 }, tl.f16)
  T.raises(function() std.attention(q, k, v, { config = cfg {} }) end,
           "config.bn = 256 is taken at D = 64 with P through LDS (rs = false) only (got D = 128)")
  q, k, v = tl.zeros({ 1, 1, 64, 64 }, tl.f16), tl.zeros({ 1, 1, 64, 64 }, tl.f16), tl.zeros({ 1, 1, 64, 64 }, tl.f16)
  T.raises(function() std.attention(q, k, v, { config = cfg { rs = true } }) end,
           "config.bn = 256 is taken at D = 64 with P through LDS (rs = false) only (got D = 64, rs = true)")
end)
