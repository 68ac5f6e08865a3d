-- std.attention_backward's dK/dV kernel with config.lpt (stdlib/attention_backward_wgmma.lua): the launch's grid {Hkv,
-- key blocks, B}, heavy key blocks first across each batch's heads, against float64 Lua reference gradients
-- (tests/lua/lib/attention_backward_case.lua), on the executor at warp 32 or a GPU with wgmma; and lpt = false where
-- it is the default (causal, S and Skv <= 4k).
local T = require "testing"
local BC = require "attention_backward_case"
local restore = BC.begin()
if not restore then return end

local case = BC.case

if tl.backend() == "cpu" or tl.target().wgmma then
  -- 3 batches of 2 key/value heads (GQA), S < Skv (bottom-right aligned), 2 key blocks a head
  case { B = 3, Hq = 4, Hkv = 2, S = 100, Skv = 150, D = 64, dt = "f16", causal = true, config = { wgmma = true, lpt = true } }
  -- D = 128 (config.ws), S not a multiple of the tiles, bf16, the {B, S, H, D} layout
  case { Hq = 2, Hkv = 2, S = 130, Skv = 130, D = 128, dt = "bf16", causal = true, layout = "bshd",
         config = { wgmma = true, lpt = true } }
  -- not causal (the order applies all the same), and causal with the default turned off
  case { B = 2, Hq = 1, Hkv = 1, S = 70, Skv = 200, D = 64, dt = "f16", config = { wgmma = true, lpt = true } }
  case { Hq = 2, Hkv = 1, S = 70, Skv = 200, D = 128, dt = "f16", causal = true, config = { wgmma = true, lpt = false } }
  T.raises(function() case { S = 20, Skv = 20, D = 64, dt = "f16", causal = true, config = { wgmma = true, lpt = 2 } } end,
           "config.lpt must be a boolean (got 2)")
  T.raises(function() case { S = 20, Skv = 20, D = 128, dt = "f16", causal = true,
                             config = { wgmma = true, persistent = true, lpt = true } } end,
           "config.lpt orders the launch's blocks; config.persistent's blocks walk the key blocks in an order of their own")
  T.raises(function() case { S = 20, Skv = 20, D = 64, dt = "f16", causal = true, config = { wgmma = false, lpt = true } } end,
           "config.lpt (the launch ordered heavy key blocks first) is a form of config.wgmma's kernel")
end
restore()
