-- std.attention_backward on AMD's matrix units (MFMA 32x32x8, warps of 64; stdlib/attention_backward.lua's waves and
-- staging of P^T and dS^T through LDS) against float64 Lua reference gradients (tests/lua/lib/attention_backward_case.lua),
-- on the CPU executor at warp 64 or an AMD GPU: causal with S < Skv and S > Skv, grouped-query heads, ragged tiles,
-- D = 64 and 128, f16 and bf16, the {B, S, H, D} layout, dQ by its pass and by atomics (a second wave's query rows
-- inside S). tests/cli/cross_attention_backward.sh compiles the same kernels for gfx90a and gfx942.
local T = require "testing"
local std = require "tilelua.std"
local BC = require "attention_backward_case"
local restore = BC.begin(64)
if not restore then return end

local case = BC.case
case { S = 20, Skv = 37, D = 64, dt = "f16", causal = true, fd = true }
case { Hq = 4, Hkv = 2, S = 70, Skv = 40, D = 64, dt = "bf16", causal = true }
case { S = 37, Skv = 45, D = 128, dt = "f16", causal = true }
case { B = 2, Hq = 2, Hkv = 1, S = 9, Skv = 70, D = 64, dt = "f16", layout = "bshd", dq = "atomic" }
case { S = 40, Skv = 33, D = 128, dt = "bf16", dq = "atomic" }
case { Hq = 2, Hkv = 1, S = 70, Skv = 45, D = 64, dt = "f16", causal = true, dq = "atomic" }
case { B = 2, Hq = 2, Hkv = 1, S = 45, Skv = 40, D = 128, dt = "bf16", causal = true, layout = "bshd" }
-- the kernels built: waves of 64, two at D = 64 (128 threads), one at D = 128 (64 threads)
local blocks = {}
for _, kk in ipairs(std.kernels()) do
  if kk.name:find("^std_attention_backward") then blocks[kk.name] = kk:ir():match("block (%d+)") end
end
T.eq(blocks["std_attention_backward_f16_d64_causal_dkdv"], "128", "D = 64: two waves")
T.eq(blocks["std_attention_backward_f16_d128_causal_dkdv"], "64", "D = 128: one wave")
restore()
print("std_attention_backward_amd ok")
