-- std.attention's config.ones (stdlib/attention_wgmma.lua): each row's sum of P by P V's tensor cores (V's LDS stages
-- carry a panel of ones after the head dimension, P V is m64n(D + 8)) against the float64 reference
-- (lib/attention_case.lua) on the executor at warp 32 or a GPU with wgmma: the defaults' kernels with it (persistent,
-- the counter's walk with turns where causal), D = 64 and 128, both dtypes, GQA, bshd, rows past S and rows that see
-- no key, P through LDS, the consumers copying for themselves (a k without TMA's strides); the sm_90a source.
local T = require "testing"
local std = require "tilelua.std"
local A = require "attention_case"
local registry = debug.getregistry()
local saved = registry["tilelua.warp"]
if tl.backend() == "cpu" or tl.target().wgmma then
  registry["tilelua.warp"] = 32
  local ONES = { wgmma = true, ones = true }
  -- (the logsumexp from sums of P rounded to the inputs' dtype: bf16's 8 bits put its error near 2^-9, f16's within
  -- the usual 1e-4)
  local BF = 4e-3
  A.case { B = 2, Hq = 3, Hkv = 1, S = 140, Skv = 300, D = 64, dt = "f16", layout = "bshd", config = ONES }
  A.case { Hq = 4, Hkv = 2, S = 300, Skv = 200, D = 64, dt = "bf16", causal = true, config = ONES, lse_tol = BF }
  A.case { Hq = 2, S = 130, Skv = 260, D = 128, dt = "f16", config = ONES }
  A.case { S = 37, Skv = 20, D = 128, dt = "bf16", causal = true, empty = 17, config = ONES, lse_tol = BF }
  A.case { S = 70, Skv = 200, D = 64, dt = "f16", config = { wgmma = true, ones = true, overlap = false, split = false, rs = false } }
  local kern
  for _, kk in ipairs(std.kernels()) do
    if kk.name == "std_attention_f16_d64_masked_wgmma_ws_split_ov_rs_pt_1s" then kern = kk end
  end
  T.eq(kern ~= nil, true, "config.ones names its kernel _1s")
  local src = kern:source("sm_90")
  T.eq(src:find("m64n72k16", 1, true) ~= nil, true, "config.ones at D = 64: P V is m64n72")
  T.compiles(src, kern.name, "sm_90a", "std.attention config.ones for sm_90a")
  local q = tl.zeros({ 1, 1, 64, 64 }, tl.f16)
  T.raises(function() std.attention(q, q, q, { config = { wgmma = true, ws = false, ones = true } }) end,
           "config.ones (the row sums by P V's tensor cores, V's LDS tiles carrying a block of ones) is a form of config.ws's kernel")
end
registry["tilelua.warp"] = saved
