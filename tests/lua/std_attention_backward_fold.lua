-- std.attention_backward's config.fold: the dK/dV kernel turns dQ's f32 chunks into dQ itself, each chunk by the
-- warpgroup whose reduce-add completes it (a counter a chunk, acq_rel, zeroed by the delta pass or a memset), instead
-- of a conversion kernel after it. Every case runs over freed buffers of NaNs (T.dirty) with tl.empty's host bytes
-- NaN (tilelua.poison), so a chunk converted before its last reduce-add, or never, gives wrong or NaN gradients.
-- Cases: D = 64 (128-row tiles, each warpgroup its rows' chunk; 64-row tiles, both warpgroups one chunk), D = 128 (the producer warpgroup, each warpgroup its
-- columns' chunk), causal with S < Skv, S > Skv (rows that see no key: chunks no key block walks) and S = Skv, S not a
-- multiple of 64 (the last tile's chunk past S), GQA, the {B, S, H, D} layout, the persistent walk, tma_store = "dv"
-- (its stores among the waited groups), clear = "memset", and the errors. On the executor at warp 32 or a GPU with
-- wgmma (tests/gpu/run.sh: every launch against the executor).
local T = require "testing"
local std = require "tilelua.std"
local BC = require "attention_backward_case"
local restore = BC.begin()
if not restore then return end
if not (tl.backend() == "cpu" or tl.target().wgmma) then restore(); return end
debug.getregistry()["tilelua.poison"] = true

local function case(c)
  local B, Hq, S, D = c.B or 1, c.Hq or 1, c.S, c.D
  T.dirty({ B * Hq * ((S + 63) // 64) * 64 * D }, tl.f32) -- (the f32 chunks' size)
  T.dirty({ B * Hq * S * D }, tl[c.dt]) -- (dQ's)
  T.dirty({ B * Hq * ((S + 63) // 64) * (D // 64) }, tl.i32, -1) -- (the counters': one not zeroed never completes)
  c.dq = "atomic"
  BC.case(c)
end

local function F(extra)
  local f = { wgmma = true, fold = true }
  for key, v in pairs(extra or {}) do f[key] = v end
  return f
end
case { S = 96, Skv = 300, D = 64, dt = "f16", config = F() }
-- (64-row tiles at D = 64: both warpgroups add their keys' part to one chunk, twice the count)
case { S = 130, Skv = 200, D = 64, dt = "f16", causal = true, config = F { bq = 64 } }
case { S = 200, Skv = 130, D = 64, dt = "bf16", causal = true, config = F() }
case { Hq = 4, Hkv = 2, S = 70, Skv = 130, D = 128, dt = "f16", causal = true, config = F() }
case { S = 200, Skv = 100, D = 128, dt = "f16", causal = true, config = F() } -- (rows 0..99 see no key: chunk 0 unwalked)
case { B = 2, Hq = 2, Hkv = 1, S = 150, Skv = 150, D = 64, dt = "f16", layout = "bshd", causal = true, config = F() }
case { S = 130, Skv = 260, D = 128, dt = "bf16", config = F { tma_store = "dv" } }
case { Hq = 2, Hkv = 2, S = 100, Skv = 260, D = 128, dt = "f16", causal = true, config = F { persistent = true } }
case { S = 64, Skv = 192, D = 64, dt = "f16", config = F { clear = "memset" } }
-- (a kernel of its own, and the counters: the kernels this file ran)
local names = {}
for _, kk in ipairs(std.kernels()) do names[kk.name] = true end
T.eq(names["std_attention_backward_f16_d64_fold_wgmma_rs"] or false, true, "the D = 64 fold kernel ran")
T.eq(names["std_attention_delta_f16_zc"] or false, true, "the delta pass cleared the counters")

local q = require("attention_case").signed({ 1, 1, 16, 64 }, "f16", 1)
local o, lse = std.attention(q, q, q)
T.raises(function() std.attention_backward(q, q, q, q, o, lse, { config = { wgmma = true, fold = true, late = false } }) end,
  "std.attention_backward: config.fold turns config.flat's chunks into dQ as config.late's reduce-adds land: it needs both " ..
  "(got flat = true, late = false)")
T.raises(function() std.attention_backward(q, q, q, q, o, lse, { dq = "pass", config = { wgmma = true, fold = true } }) end,
  "std.attention_backward: config.fold (dQ's chunks turned into dQ by the dK/dV kernel) is a form of dq = \"atomic\"'s kernel")
T.raises(function() std.attention_backward(q, q, q, q, o, lse, { config = { wgmma = false, fold = true } }) end,
  "std.attention_backward: config.fold (dQ's chunks turned into dQ by the dK/dV kernel) is a form of config.wgmma's kernel")
debug.getregistry()["tilelua.poison"] = nil
restore()
