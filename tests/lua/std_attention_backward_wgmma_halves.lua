-- std.attention_backward's dK/dV kernel with config.halves (stdlib/attention_backward_wgmma.lua): at D = 128, P^T in
-- two halves of query columns, dV's product of each issued as soon as its exponentials are done, against float64 Lua
-- reference gradients (tests/lua/lib/attention_backward_case.lua), on the executor at warp 32 or a GPU with wgmma.
local T = require "testing"
local std = require "tilelua.std"
local BC = require "attention_backward_case"
local restore = BC.begin()
if not restore then return end

local case = BC.case

if tl.backend() == "cpu" or tl.target().wgmma then
  -- GQA, S < Skv (bottom-right aligned), causal (its masks in both halves), S not a multiple of the tiles (the
  -- columns past S = 100 in the second half)
  case { B = 2, Hq = 2, Hkv = 1, S = 100, Skv = 150, D = 128, dt = "f16", causal = true, config = { wgmma = true, halves = true } }
  -- not causal, bf16, the {B, S, H, D} layout, a query tile whose second half is past S (S = 70: rows 64..69 only)
  case { Hq = 2, Hkv = 2, S = 70, Skv = 130, D = 128, dt = "bf16", layout = "bshd", config = { wgmma = true, halves = true } }
  -- dq = "pass" (dK's product then leaves both halves of dV in flight)
  case { Hq = 1, Hkv = 1, S = 90, Skv = 90, D = 128, dt = "f16", causal = true, dq = "pass", config = { wgmma = true, halves = true } }
  -- the generated source: a group of two m64n128k16 products (dV's half, K = 32) where the default has none; the
  -- executor runs each product at once, so the groups' waits are checked by the GPU run (tests/gpu/run.sh) only
  local function pairs_of(name)
    local kern
    for _, kk in ipairs(std.kernels()) do if kk.name == name then kern = kk end end
    local src, n = assert(kern, name):source("sm_90a"), 0
    for group in (src .. "wgmma.commit_group"):gmatch("(.-)wgmma%.commit_group") do
      local _, c = group:gsub("m64n128k16", "")
      if c == 2 then n = n + 1 end
    end
    return n
  end
  case { Hq = 1, Hkv = 1, S = 64, Skv = 128, D = 128, dt = "f16", config = { wgmma = true } }
  T.eq(pairs_of("std_attention_backward_f16_d128_causal_atomic_wgmma_rs_ws_l_h") > 0, true, "halves: dV's products in pairs")
  T.eq(pairs_of("std_attention_backward_f16_d128_atomic_wgmma_rs_ws"), 0, "the default: no such pair")
  T.raises(function() case { S = 20, Skv = 20, D = 64, dt = "f16", config = { wgmma = true, halves = true } } end,
           "config.halves (dV's product in two halves of P^T) needs P^T from registers at D = 128")
  T.raises(function() case { S = 20, Skv = 20, D = 128, dt = "f16", config = { wgmma = true, rs = false, halves = true } } end,
           "needs P^T from registers at D = 128 (config.rs; got D = 128, config.rs = false)")
  T.raises(function() case { S = 20, Skv = 20, D = 128, dt = "f16", config = { wgmma = false, halves = true } } end,
           "config.halves (dV's product in two halves of P^T) is a form of config.wgmma's kernel")
end
restore()
