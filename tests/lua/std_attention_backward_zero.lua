-- std.attention_backward's config.clear = "delta" (the default with dq = "atomic"): the delta pass clears dQ's f32 buffer (a buffer made without clearing, so the dK/dV kernel's
-- reduce-adds start from zeros the pass wrote): each case runs where the allocator has just taken back buffers of
-- NaNs of dQ's f32 sizes (T.dirty), so a buffer not cleared gives wrong gradients; the default (wgmma)
-- kernels on the executor at warp 32 or a GPU with wgmma, the mma.sync kernels' dq = "atomic" elsewhere; flat dQ
-- chunks with S not a multiple of 64 (the pass's grid longer than its rows), q's own shape (config.flat = false),
-- GQA, the {B, S, H, D} layout; clear = "memset"; the errors. Also on a GPU (tests/gpu/run.sh), where the buffers
-- taken back make the difference.
local T = require "testing"
local std = require "tilelua.std"
local BC = require "attention_backward_case"
local restore = BC.begin()
if not restore then return end
-- (tl.empty{clear = false}'s host bytes all ones, NaN: on the executor too a buffer not cleared gives wrong results)
debug.getregistry()["tilelua.poison"] = true

local function case(c)
  local B, Hq, S, D = c.B or 1, c.Hq or 1, c.S, c.D
  local rows = B * Hq * ((S + 63) // 64) * 64
  T.dirty({ rows * D }, tl.f32) -- (flat dQ chunks' size)
  T.dirty({ B * Hq * S * D }, tl.f32) -- (q's)
  BC.case(c)
end

local wg = tl.backend() == "cpu" or tl.target().wgmma
local C = { wgmma = wg or nil } -- (the default: "delta")
case { S = 96, Skv = 80, D = 64, dt = "f16", config = C, dq = "atomic" }
case { S = 96, Skv = 80, D = 64, dt = "f16", config = C, dq = "atomic" } -- (again: the last case's buffers taken back)
case { Hq = 4, Hkv = 2, S = 70, Skv = 130, D = 128, dt = "bf16", causal = true, config = C, dq = "atomic" }
case { B = 2, Hq = 2, Hkv = 1, S = 33, Skv = 50, D = 64, dt = "f16", layout = "bshd", config = C, dq = "atomic" }
-- (the default's clearing was the delta pass's: its zeroing kernels were built, before any case asks for "delta")
local built = {}
for _, kk in ipairs(std.kernels()) do built[kk.name] = true end
T.eq(built["std_attention_delta_f16_z"] and built["std_attention_delta_bf16_z"] or false, true, "the default cleared by the delta pass")
if wg then case { S = 100, Skv = 64, D = 128, dt = "f16", config = { wgmma = true, flat = false, clear = "delta" }, dq = "atomic" } end
-- clear = "memset" over the same NaNs
case { S = 40, Skv = 72, D = 64, dt = "f16", causal = true, config = { wgmma = wg or nil, clear = "memset" }, dq = "atomic" }
-- (dq = "pass" has no f32 buffer to clear)
local q = require("attention_case").signed({ 1, 1, 16, 64 }, "f16", 1)
local o, lse = std.attention(q, q, q)
T.raises(function() std.attention_backward(q, q, q, q, o, lse, { dq = "pass", config = { clear = "delta" } }) end,
  "std.attention_backward: config.clear = \"delta\" clears dQ's f32 buffer, which only dq = \"atomic\" has")
T.raises(function() std.attention_backward(q, q, q, q, o, lse, { config = { clear = "zero" } }) end,
  "std.attention_backward: config.clear must be \"delta\" (dQ's f32 buffer cleared by the delta pass) or \"memset\" (got \"zero\")")
debug.getregistry()["tilelua.poison"] = nil
restore()
