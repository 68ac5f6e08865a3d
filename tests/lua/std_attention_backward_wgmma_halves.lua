-- std.attention_backward's dK/dV kernel with config.halves (stdlib/attention_backward_wgmma.lua): at D = 128, P^T in
-- two halves of query columns, dV's product of each issued as soon as its exponentials are done, against float64 Lua
-- reference gradients (tests/lua/lib/attention_backward_case.lua), on the executor at warp 32 or a GPU with wgmma.
local T = require "testing"
local BC = require "attention_backward_case"
local restore = BC.begin()
if not restore then return end

local case = BC.case

if tl.backend() == "cpu" or tl.target().wgmma then
  -- GQA, S < Skv (bottom-right aligned), causal, S not a multiple of the tiles (masked columns in both halves)
  case { B = 2, Hq = 2, Hkv = 1, S = 100, Skv = 150, D = 128, dt = "f16", causal = true, config = { wgmma = true, halves = true } }
  -- not causal, bf16, the {B, S, H, D} layout, a query tile whose second half is past S (S = 70: rows 64..69 only)
  case { Hq = 2, Hkv = 2, S = 70, Skv = 130, D = 128, dt = "bf16", layout = "bshd", config = { wgmma = true, halves = true } }
  T.raises(function() case { S = 20, Skv = 20, D = 64, dt = "f16", config = { wgmma = true, halves = true } } end,
           "config.halves (dV's product in two halves of P^T) needs P^T from registers at D = 128")
  T.raises(function() case { S = 20, Skv = 20, D = 128, dt = "f16", config = { wgmma = true, rs = false, halves = true } } end,
           "needs P^T from registers at D = 128 (config.rs; got D = 128, config.rs = false)")
  T.raises(function() case { S = 20, Skv = 20, D = 128, dt = "f16", config = { wgmma = false, halves = true } } end,
           "config.halves (dV's product in two halves of P^T) is a form of config.wgmma's kernel")
end
restore()
