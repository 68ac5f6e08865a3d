-- std.attention's config.pingpong (FlashAttention-3's warpgroup scheduling: the warpgroups of the one consumer role,
-- which the executor runs apart (k:roles' groups), issue their products in turns, each warp handing the turn on once
-- it has issued): against the float64
-- reference (lib/attention_case.lua) on the executor at warp 32 or a GPU with wgmma; with config.persistent (the turns
-- running on from tile to tile: a tile takes one a key tile, counted by the stages' parities) in the fixed walk and
-- the counter's, tiles of odd and even key tile counts, causal with GQA, rows with no keys, bshd, both dtypes, D = 64
-- and 128, three warpgroups; the kernel's source.
local T = require "testing"
local std = require "tilelua.std"
local A = require "attention_case"
local case = A.case
local registry = debug.getregistry()
local saved = registry["tilelua.warp"]

if tl.backend() == "cpu" or tl.target().wgmma then
  registry["tilelua.warp"] = 32
  local PT = { wgmma = true, ws = true, split = true, overlap = true, rs = true, persistent = true, pingpong = true }
  local DYN = { wgmma = true, ws = true, split = true, overlap = true, rs = true, persistent = true, dynamic = true,
                pingpong = true }
  case { Hq = 4, Hkv = 2, S = 300, Skv = 200, D = 64, dt = "f16", causal = true, config = DYN }
  case { B = 3, S = 37, Skv = 20, D = 128, dt = "bf16", causal = true, empty = 51, config = DYN }
  T.eq(require("tilelua.std.attention")._forward.kept_counter():tolist(), { 0 }, "the counter back at zero after the turns' launches")
  case { Hq = 3, S = 260, Skv = 390, D = 128, dt = "f16", causal = true, config = PT }
  case { B = 2, Hq = 2, S = 129, Skv = 300, D = 64, dt = "bf16", layout = "bshd", config = PT }
  case { Hq = 3, Hkv = 1, S = 200, Skv = 330, D = 128, dt = "bf16", config = PT } -- (not causal at D = 128: session 33's candidate)
  case { Hq = 2, S = 200, Skv = 300, D = 64, dt = "f16", causal = true,
         config = { wgmma = true, ws = true, overlap = true, split = true, rs = true, persistent = true, pingpong = true, wg = 3 } }
  -- the kernel: one consumer role in groups of a warpgroup, whose warps wait for their turn and each hand it on
  local kern
  for _, kk in ipairs(std.kernels()) do
    if kk.name == "std_attention_f16_d64_causal_wgmma_ws_split_ov_pp_rs_dyn_g" then kern = kk end
  end
  assert(kern, "the dynamic pingpong kernel")
  local src = kern:source("sm_90")
  T.eq(select(2, src:gsub("/%* role: threads", "")), 2, "two roles: the producer and the consumers")
  T.eq(kern:ir():find("role threads 128..383 registers 240 in groups of 4 warps", 1, true) ~= nil, true,
       "the consumers' warpgroups run apart on the executor")
  T.eq(src:find("bar.sync %0, 256;", 1, true) ~= nil and src:find("bar.arrive %0, 256;", 1, true) ~= nil, true,
       "the turns are named barriers (FlashAttention-3's)")
  T.compiles(src, kern.name, "sm_90a", "std.attention config.pingpong with config.persistent for sm_90a")
end
registry["tilelua.warp"] = saved
