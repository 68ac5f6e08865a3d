-- std.attention_backward's dK/dV kernel on warpgroup MMAs in its forms (config.late, config.flat, config.tma_store:
-- stdlib/attention_backward_wgmma.lua) against float64 Lua reference gradients (tests/lua/lib/attention_backward_case.lua),
-- on the executor at warp 32 or a GPU with wgmma (the rest: std_attention_backward_wgmma.lua, whose GPU run these cases
-- would take past a run's limit)
local T = require "testing"
local BC = require "attention_backward_case"
local restore = BC.begin()
if not restore then return end

local case = BC.case

if tl.backend() == "cpu" or tl.target().wgmma then
  -- config.late: each tile's reduce-adds issued by the next tile, the last one's after the loop (a block of one tile,
  -- rounds with tails, tiles past the last of a round), dsfree waited for before dS^T's store: ws at D = 128, the
  -- 128-row tile and the 64-row tile's own shares at D = 64
  local LATE = { wgmma = true, late = true }
  case { S = 300, Skv = 100, D = 128, dt = "f16", config = LATE }
  case { S = 40, Skv = 20, D = 128, dt = "bf16", config = LATE }
  case { B = 2, Hq = 4, Hkv = 2, S = 70, Skv = 130, D = 128, dt = "f16", causal = true, layout = "bshd", config = LATE }
  case { Hq = 5, Hkv = 1, S = 100, Skv = 130, D = 64, dt = "f16", config = LATE }
  case { Hq = 2, Hkv = 1, S = 200, Skv = 100, D = 64, dt = "bf16", causal = true, config = { wgmma = true, late = true, bq = 64 } }
  T.raises(function() case { S = 20, Skv = 20, D = 64, dt = "f16", config = { wgmma = false, late = true } } end,
           "config.late (the reduce-adds issued a tile late) is a form of config.wgmma's kernel")
  -- config.flat (the default with dq = "atomic": std_attention_backward_wgmma.lua's atomic cases): the shares staged in the accumulator's
  -- order into an f32 dQ in that order; flat = false stages them in dQ's own (D = 128 ws with rows past S, the 128-row
  -- tile causal in the {B, S, H, D} layout, the 64-row tile's own shares with GQA)
  local NOFLAT = { wgmma = true, flat = false }
  case { S = 300, Skv = 100, D = 128, dt = "f16", config = NOFLAT }
  case { B = 2, Hq = 2, Hkv = 1, S = 200, Skv = 260, D = 64, dt = "bf16", causal = true, layout = "bshd", config = NOFLAT }
  case { Hq = 4, Hkv = 2, S = 150, Skv = 130, D = 64, dt = "f16", config = { wgmma = true, flat = false, bq = 64 } }
  T.raises(function() case { S = 20, Skv = 20, D = 64, dt = "f16", config = { wgmma = false, flat = true } } end,
           "config.flat (dQ's f32 shares in the accumulator's order) is a form of config.wgmma's kernel")
  -- config.tma_store (through K's and V's LDS buffers by TMA; the default where S Hq / Hkv <= 2048, at D = 128 not
  -- causal <= 4096; "dv" at D = 128 causal <= 4096: most cases here and in std_attention_backward_wgmma.lua): both asked
  -- for at D = 128 causal, "dv" (dV through its warpgroup's rows of V before the last tile's dQ share, dK by each
  -- thread) not causal, with GQA, at D = 64 and with dq = "pass", and tma_store = false, each thread storing its
  -- elements (Skv not a multiple of the block's 128 keys)
  case { Hq = 2, Hkv = 1, S = 100, Skv = 150, D = 128, dt = "bf16", causal = true, config = { wgmma = true, tma_store = true } }
  case { Hq = 4, Hkv = 2, S = 90, Skv = 200, D = 128, dt = "f16", config = { wgmma = true, tma_store = "dv" } }
  case { B = 2, Hq = 2, Hkv = 1, S = 150, Skv = 70, D = 64, dt = "bf16", causal = true, layout = "bshd",
         config = { wgmma = true, tma_store = "dv" } }
  case { S = 70, Skv = 130, D = 64, dt = "f16", config = { wgmma = true, tma_store = "dv" }, dq = "pass" }
  T.raises(function() case { S = 20, Skv = 20, D = 128, dt = "f16", config = { wgmma = true, persistent = true, tma_store = "dv" } } end,
           "config.tma_store = \"dv\" stores dV through V's buffer, which config.persistent's producer fills with the next " ..
           "key block's V: take tma_store = true or false there")
  case { Hq = 2, Hkv = 1, S = 100, Skv = 150, D = 128, dt = "f16", config = { wgmma = true, tma_store = false } }
  case { S = 130, Skv = 70, D = 64, dt = "f16", config = { wgmma = true, tma_store = false }, dq = "pass" }
  T.raises(function() case { S = 20, Skv = 20, D = 64, dt = "f16", config = { wgmma = false, tma_store = true } } end,
           "config.tma_store (dK and dV stored by TMA) is a form of config.wgmma's kernel")
end
restore()
