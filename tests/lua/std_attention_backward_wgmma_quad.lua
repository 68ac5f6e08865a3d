-- std.attention_backward's config.quad (stdlib/attention_backward_wgmma.lua, stdlib/quad_rows.lua): the dK/dV kernel's
-- per-thread stores of dK (tma_store = "dv") or of dK and dV (tma_store = false) regathered across lanes into 16-byte
-- (true) or 8-byte ("pairs") stores, against float64 Lua reference gradients (tests/lua/lib/attention_backward_case.lua),
-- on the executor at warp 32 or a GPU with wgmma. Skv not a multiple of the block's 128 keys (rows past it masked), GQA,
-- both layouts, both dtypes, D = 64 (every part 16-byte) and 128 (the last 32 columns 4-byte), dq by the pass too.
local T = require "testing"
local BC = require "attention_backward_case"
local restore = BC.begin()
if not restore then return end

local case = BC.case

if tl.backend() == "cpu" or tl.target().wgmma then
  case { Hq = 2, Hkv = 1, S = 100, Skv = 150, D = 128, dt = "bf16", causal = true, config = { wgmma = true, tma_store = "dv", quad = true } }
  case { B = 2, Hq = 2, Hkv = 2, S = 90, Skv = 70, D = 128, dt = "f16", layout = "bshd",
         config = { wgmma = true, tma_store = false, quad = "pairs" } }
  -- quad = true at D = 128: every 32-column part 16-byte but the last, 4-byte (with all 16-byte ptxas spills in the key
  -- loop): 6 16-byte and 8 4-byte stores a thread of each of dK and dV in the sm_90 source
  local std = require "tilelua.std"
  local before = {}
  for _, kk in ipairs(std.kernels()) do before[kk] = true end
  case { S = 100, Skv = 150, D = 128, dt = "f16", config = { wgmma = true, tma_store = false, quad = true } }
  local src
  for _, kk in ipairs(std.kernels()) do
    if not before[kk] and kk.name:find("_d128_", 1, true) and kk.name:find("_wgmma", 1, true) then src = kk:source("sm_90a") end
  end
  for _, t in ipairs { "dk", "dv" } do
    T.eq(select(2, src:gsub("tl_vec<__half, 8>%*>%(" .. t .. " %+", "")), 6, t .. ": 16-byte stores in three parts")
    T.eq(select(2, src:gsub("tl_vec<__half, 2>%*>%(" .. t .. " %+", "")), 8, t .. ": 4-byte stores in the last part")
  end
  case { Hq = 4, Hkv = 2, S = 130, Skv = 100, D = 64, dt = "f16", causal = true, config = { wgmma = true, tma_store = false, quad = true } }
  case { S = 70, Skv = 130, D = 64, dt = "bf16", config = { wgmma = true, tma_store = false, quad = "pairs" }, dq = "pass" }
  T.raises(function() case { S = 20, Skv = 20, D = 64, dt = "f16", config = { wgmma = true, quad = "x" } } end,
           "config.quad must be true (16-byte stores), \"pairs\" (8-byte stores) or false (got \"x\")")
  T.raises(function() case { S = 20, Skv = 20, D = 64, dt = "f16", config = { wgmma = false, quad = true } } end,
           "config.quad (dK and dV regathered across lanes for wider stores) is a form of config.wgmma's kernel")
end
restore()
