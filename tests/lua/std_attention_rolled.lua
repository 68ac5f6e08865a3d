-- std.attention's config.rolled: config.overlap's key loop one tile a trip, the K and V stages of tile t (t % st,
-- and t - 1's for its P V) picked at run time (lds:tile's stage ring) and their mbarrier phases too (with
-- config.persistent, each stage's parity carried from tile to tile, chosen among the stages' at run time). Against
-- the float64 reference (lib/attention_case.lua) on the executor at warp 32 or a GPU with wgmma: masked and whole
-- key tiles, causal with GQA, the persistent walks (fixed and the counter's), pingpong's turns, three stages, P
-- through LDS, both dtypes, D = 64 and 128; the kernel's source. (A tile's stages are checked here: the wrong V stage
-- fails; the parity picked for a stage is not: a wait for a phase that completed long ago passes on the executor, whose
-- copies land when issued, so that choice is the GPU run's to check.)
local T = require "testing"
local std = require "tilelua.std"
local A = require "attention_case"
local case = A.case

A.on_wgmma(function()
  local function with(extra)
    local c = { wgmma = true, ws = true, split = true, overlap = true, rs = true, rolled = true }
    for key, v in pairs(extra) do c[key] = v end
    return c
  end
  case { Hq = 2, S = 200, Skv = 300, D = 64, dt = "f16", config = with {} }                         -- launch, masked
  case { B = 2, S = 129, Skv = 256, D = 128, dt = "bf16", config = with { persistent = true } }     -- whole tiles
  case { Hq = 4, Hkv = 2, S = 300, Skv = 200, D = 64, dt = "f16", causal = true,
         config = with { persistent = true, dynamic = true, pingpong = true } }
  case { B = 2, Hq = 2, S = 140, Skv = 520, D = 64, dt = "bf16", config = with { persistent = true, stages = 3 } } -- (5 tiles: the stages' parities differ)
  case { S = 64, Skv = 330, D = 64, dt = "f16", layout = "bshd", config = with { persistent = true, rs = false } }
  case { S = 37, Skv = 20, D = 128, dt = "f16", causal = true, empty = 17, config = with { persistent = true } }
  -- the kernel: one key loop a tile whose K tiles' stage is a run-time value (the descriptor's start added per product)
  local kern
  for _, kk in ipairs(std.kernels()) do
    if kk.name == "std_attention_bf16_d64_masked_wgmma_ws_split_ov_rs_pt_roll" then kern = kk end
  end
  assert(kern, "the rolled persistent kernel of three stages")
  T.compiles(kern:source("sm_90"), kern.name, "sm_90a", "std.attention config.rolled for sm_90a")
  T.raises(function()
    std.attention(tl.zeros({ 1, 1, 16, 64 }, tl.f16), tl.zeros({ 1, 1, 16, 64 }, tl.f16), tl.zeros({ 1, 1, 16, 64 }, tl.f16),
                  { config = { wgmma = true, ws = true, overlap = false, rolled = true } })
  end, "config.rolled is a form of config.overlap's key loop", "rolled without overlap")
end)
print("std_attention_rolled: ok")
