-- std.attention's config.tree (the softmax's row maxima and row sums as pairwise trees of each thread's scores, not one
-- chain per row part): against the float64 reference (lib/attention_case.lua) on the executor at warp 32 or a GPU with
-- wgmma, with the defaults' kernels otherwise (the fixed walk at D = 64, the dynamic walk with turns where causal, the
-- turns at D = 128 with Skv <= 2k): whole and masked key tiles, GQA, rows with no keys, both dtypes; the kernel's name
-- and its source for sm_90a; the error without wgmma.
local T = require "testing"
local std = require "tilelua.std"
local A = require "attention_case"
local case = A.case

A.on_wgmma(function()
  local TREE = { wgmma = true, tree = true } -- (the defaults of sm_90 follow from wgmma, on the executor too)
  case { Hq = 2, Hkv = 1, S = 300, Skv = 512, D = 64, dt = "f16", config = TREE }
  case { B = 2, S = 130, Skv = 300, D = 64, dt = "bf16", layout = "bshd", config = TREE }
  case { Hq = 4, Hkv = 2, S = 300, Skv = 200, D = 64, dt = "f16", causal = true, empty = 400, config = TREE }
  case { Hq = 3, Hkv = 1, S = 200, Skv = 330, D = 128, dt = "bf16", config = TREE }
  local kern
  for _, kk in ipairs(std.kernels()) do
    if kk.name == "std_attention_f16_d64_wgmma_ws_split_ov_rs_pt_tr" then kern = kk end
  end
  assert(kern, "the persistent D = 64 kernel with config.tree")
  T.compiles(kern:source("sm_90"), kern.name, "sm_90a", "std.attention config.tree for sm_90a")
end)
local q = tl.zeros({ 1, 1, 64, 64 }, tl.f16)
T.raises(function() std.attention(q, q, q, { config = { tree = true, wgmma = false } }) end,
         "config.tree (the softmax's maxima and sums as trees) is a form of config.wgmma's kernel")
