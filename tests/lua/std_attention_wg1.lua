-- std.attention's config.wg = 1 (stdlib/attention_wgmma.lua): one warpgroup of 64 query rows that issues its own TMA
-- copies (no producer: each K and V stage's next tile copied as soon as the products that read it are complete), two
-- blocks a multiprocessor (the hint occupancy = 2), against the float64 reference (lib/attention_case.lua) on the
-- executor at warp 32 or a GPU with wgmma: persistent (causal, GQA, bshd, rows past S, D = 128 with 64 keys a tile), not
-- persistent (three stages of 64 keys; rows that see no key and P through LDS); the sm_90a source's launch bounds; the fields it does not take.
local T = require "testing"
local std = require "tilelua.std"
local A = require "attention_case"
local registry = debug.getregistry()
local saved = registry["tilelua.warp"]
if tl.backend() == "cpu" or tl.target().wgmma then
  registry["tilelua.warp"] = 32
  local W1 = { wgmma = true, wg = 1, overlap = true, rs = true, persistent = true }
  A.case { Hq = 4, Hkv = 2, S = 300, Skv = 200, D = 64, dt = "f16", causal = true, config = W1 }
  A.case { B = 2, Hq = 3, Hkv = 1, S = 140, Skv = 300, D = 64, dt = "bf16", layout = "bshd", config = W1 }
  A.case { Hq = 2, S = 130, Skv = 460, D = 128, dt = "f16", causal = true,
           config = { wgmma = true, wg = 1, overlap = true, rs = true, persistent = true, bn = 64 } }
  A.case { Hq = 2, S = 70, Skv = 460, D = 64, dt = "bf16", config = { wgmma = true, wg = 1, overlap = true, rs = true, bn = 64, stages = 3 } }
  A.case { S = 37, Skv = 20, D = 128, dt = "bf16", causal = true, empty = 17, config = { wgmma = true, wg = 1, overlap = true, bn = 64 } }
  local kern
  for _, kk in ipairs(std.kernels()) do
    if kk.name == "std_attention_bf16_d64_masked_wgmma_ov_rs_pt_wg1" then kern = kk end
  end
  T.eq(kern ~= nil, true, "config.wg = 1 names its kernel _wg1")
  local src = kern:source("sm_90")
  T.eq(src:find("__launch_bounds__(128, 2)", 1, true) ~= nil, true, "wg = 1: one warpgroup, two blocks a multiprocessor")
  T.eq(src:find("cp.async.bulk.tensor", 1, true) ~= nil, true, "wg = 1: q, K and V by TMA")
  T.compiles(src, kern.name, "sm_90a", "std.attention config.wg = 1 for sm_90a")
  -- what wg = 1 does not take
  local q = tl.zeros({ 1, 1, 64, 64 }, tl.f16)
  T.raises(function() std.attention(q, q, q, { config = { wgmma = true, ws = true, wg = 1, overlap = true } }) end,
           "config.wg = 1 is one warpgroup that copies for itself; config.ws")
  T.raises(function() std.attention(q, q, q, { config = { wgmma = true, wg = 1, overlap = true, dynamic = true, persistent = true } }) end,
           "config.dynamic is a form of the kernels with a producer")
  T.raises(function() std.attention(q, q, q, { config = { wgmma = true, wg = 1 } }) end,
           "config.wg = 1 runs config.overlap's pipelines")
  -- two blocks a multiprocessor: at D = 64, 3 stages of 128 keys leave no room for a second block
  T.raises(function() std.attention(q, q, q, { config = { wgmma = true, wg = 1, overlap = true, stages = 3, tma_store = false } }) end,
           "(config.wg = 1: two blocks a multiprocessor)")
end
registry["tilelua.warp"] = saved
