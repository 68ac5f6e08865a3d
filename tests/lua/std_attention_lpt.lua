-- std.attention's config.lpt (the wgmma kernel's launch grid {Hq, query tiles, B}: block x the head, block y the query
-- tile, longest first where causal): against the float64 reference (lib/attention_case.lua) on the executor at warp 32
-- or a GPU with wgmma: causal with GQA and S != Skv, several batches, bshd, D = 64 and 128, not causal; the kernel's
-- name; the config errors.
local T = require "testing"
local std = require "tilelua.std"
local A = require "attention_case"
local case = A.case
local registry = debug.getregistry()
local saved = registry["tilelua.warp"]

if tl.backend() == "cpu" or tl.target().wgmma then
  registry["tilelua.warp"] = 32
  local LPT = { wgmma = true, lpt = true }
  case { B = 2, Hq = 4, Hkv = 2, S = 300, Skv = 200, D = 64, dt = "f16", causal = true, config = LPT }
  case { B = 3, Hq = 2, S = 150, Skv = 150, D = 128, dt = "bf16", causal = true, layout = "bshd", config = LPT }
  case { Hq = 3, Hkv = 1, S = 140, Skv = 300, D = 64, dt = "f16", config = LPT }
  local named = false
  for _, kk in ipairs(std.kernels()) do
    if kk.name == "std_attention_bf16_d128_causal_wgmma_ws_split_ov_rs_l" then named = true end
  end
  T.eq(named, true, "the kernel's name says config.lpt (_l)")
  local q = A.signed({ 1, 1, 64, 64 }, "f16", 3)
  T.raises(function() std.attention(q, q, q, { config = { wgmma = true, lpt = 1 } }) end,
           "std.attention: config.lpt must be a boolean (got 1)")
  T.raises(function() std.attention(q, q, q, { config = { wgmma = false, lpt = true } }) end,
           "std.attention: config.lpt (the launch ordered longest query tiles first) is a form of config.wgmma's kernel")
  T.raises(function() std.attention(q, q, q, { config = { wgmma = true, persistent = true, lpt = true } }) end,
           "std.attention: config.lpt orders the launch's blocks; config.persistent's blocks walk the query tiles in an " ..
           "order of their own")
end
registry["tilelua.warp"] = saved
