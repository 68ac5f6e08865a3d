-- std.attention_backward's dK/dV kernel with config.persistent (stdlib/attention_backward_wgmma.lua): a block for each
-- multiprocessor (3 on the executor) walking the key blocks, against float64 Lua reference gradients
-- (tests/lua/lib/attention_backward_case.lua), on the executor at warp 32 or a GPU with wgmma. Each case has more key
-- blocks than blocks, so a block walks several, its buffers' and dsfree's phases going on from one to the next (items
-- of 1 to 3 query tiles: rounds of 3 left partial).
local T = require "testing"
local BC = require "attention_backward_case"
local restore = BC.begin()
if not restore then return end

local case = BC.case

if tl.backend() == "cpu" or tl.target().wgmma then
  local PT = { wgmma = true, persistent = true }
  -- D = 128 (config.ws by default): Skv not a multiple of the key block, S of one or two query tiles
  case { Hq = 2, Hkv = 2, S = 70, Skv = 200, D = 128, dt = "f16", config = PT }
  -- causal with S < Skv (the key blocks' query tiles differ: 1 and 2), GQA, the {B, S, H, D} layout, bf16, and
  -- config.tma_store (dK and dV through K's and V's buffers: the next key block's K and V wait for those stores)
  case { Hq = 4, Hkv = 2, S = 100, Skv = 250, D = 128, dt = "bf16", causal = true, layout = "bshd",
         config = { wgmma = true, persistent = true, tma_store = true } }
  -- D = 64 with config.ws (64-row tiles, each warpgroup its own keys' dQ share)
  case { B = 2, Hq = 1, Hkv = 1, S = 150, Skv = 200, D = 64, dt = "f16", config = { wgmma = true, ws = true, persistent = true } }
  T.raises(function() case { S = 20, Skv = 20, D = 64, dt = "f16", config = { wgmma = true, persistent = true } } end,
           "config.persistent walks the key blocks with config.ws's producer: it needs config.ws")
  T.raises(function() case { S = 20, Skv = 20, D = 64, dt = "f16", config = { wgmma = false, persistent = true } } end,
           "config.persistent (a block for each multiprocessor) is a form of config.wgmma's kernel")
end
restore()
