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
  -- the default at D = 128 causal with Skv <= 4k (session 33: pingpong's, no longer lpt), not past 4k (first: the
  -- kernels are memoized by name)
  local q1 = A.signed({ 1, 1, 64, 128 }, "f16", 5)
  local k5 = A.signed({ 1, 1, 4100, 128 }, "f16", 6)
  local function default_name(q, k)
    local seen = {}
    for _, kk in ipairs(std.kernels()) do seen[kk.name] = true end
    std.attention(q, k, k, { causal = true })
    for _, kk in ipairs(std.kernels()) do
      if not seen[kk.name] and kk.name:find("^std_attention_f16") then return kk.name end
    end
  end
  tl.with_target("sm_90", function()
    T.eq(default_name(q1, q1), "std_attention_f16_d128_causal_wgmma_ws_split_ov_pp_rs_dyn_g",
         "the default at D = 128 causal, Skv = 64: pingpong, persistent, dynamic (lpt only when asked for)")
    T.eq(default_name(q1, k5), "std_attention_f16_d128_causal_wgmma_ws_split_ov_rs", "neither past Skv = 4k")
  end)
  case { B = 2, Hq = 4, Hkv = 2, S = 300, Skv = 200, D = 64, dt = "f16", causal = true, config = LPT }
  case { B = 3, Hq = 2, S = 150, Skv = 150, D = 128, dt = "bf16", causal = true, layout = "bshd", config = LPT }
  case { Hq = 3, Hkv = 1, S = 140, Skv = 300, D = 64, dt = "f16", config = LPT }
  -- lpt = false: the launch in its plain order
  case { Hq = 2, S = 100, Skv = 130, D = 128, dt = "f16", causal = true, config = { wgmma = true, lpt = false } }
  local function named(name)
    for _, kk in ipairs(std.kernels()) do
      if kk.name == name then return true end
    end
    return false
  end
  T.eq(named("std_attention_bf16_d128_causal_wgmma_ws_split_ov_rs_l"), true, "the kernel's name says config.lpt (_l)")
  T.eq(named("std_attention_f16_d128_causal_wgmma_ws_split_ov_rs_l"), false, "lpt = false at D = 128 causal: no _l")
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
