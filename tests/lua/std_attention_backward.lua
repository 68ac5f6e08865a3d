-- std.attention_backward against float64 Lua reference gradients on the same (rounded) inputs
-- (tests/lua/lib/attention_backward_case.lua): the mma.sync kernels (config.wgmma = false): causal with S < Skv
-- and S > Skv (rows that see no key), grouped-query heads (dk, dv summed over a group), ragged tiles, D = 64/128,
-- f16 and bf16, the {B, S, H, D} layout, dQ by atomics and by a pass of its own (opts.dq); the reference
-- gradients themselves checked by central differences of the float64 forward on one element of each input; the
-- errors. NVIDIA layouts (warp 32): the CPU executor runs them too. The warpgroup-MMA kernels:
-- std_attention_backward_wgmma.lua.
local T = require "testing"
local std = require "tilelua.std"
local BC = require "attention_backward_case"
local restore = BC.begin()
if not restore then return end

local case = BC.case

-- (the mma.sync kernels: config.wgmma = false, where the target's default is the wgmma ones)
local MS = { wgmma = false }
case { S = 20, Skv = 37, D = 64, dt = "f16", causal = true, fd = true, config = MS }
case { S = 37, Skv = 20, D = 128, dt = "bf16", causal = true, config = MS }
case { Hq = 4, Hkv = 2, S = 40, Skv = 100, D = 64, dt = "f16", causal = true, config = MS }
case { B = 2, Hq = 2, Hkv = 1, S = 9, Skv = 70, D = 64, dt = "bf16", layout = "bshd", config = MS }
-- dq = "atomic": dQ by f32 atomics from the dK/dV kernel (the default is a kernel of its own)
case { Hq = 4, Hkv = 2, S = 40, Skv = 100, D = 64, dt = "f16", causal = true, dq = "atomic", config = MS }
case { S = 37, Skv = 20, D = 128, dt = "bf16", causal = true, dq = "atomic", config = MS }
case { B = 2, Hq = 2, Hkv = 1, S = 9, Skv = 70, D = 64, dt = "bf16", layout = "bshd", dq = "atomic", config = MS }
-- delta = rowsum(dO * O): one fused pass where dO and O are contiguous (std_attention_delta_*), std.map's product
-- and std.sum's rows where they are views with strides: the same gradients either way
do
  local A = require "attention_case"
  local q, k, v = A.signed({ 1, 2, 40, 64 }, "f16", 21), A.signed({ 1, 2, 40, 64 }, "f16", 22), A.signed({ 1, 2, 40, 64 }, "f16", 23)
  local dwide = A.signed({ 1, 2, 40, 80 }, "f16", 24)
  local dview = dwide:narrow(3, 16, 64)
  local dc = dview:clone()
  local o, lse = std.attention(q, k, v, { causal = true })
  local owide = tl.zeros({ 1, 2, 40, 80 }, tl.f16)
  local oview = owide:narrow(3, 8, 64)
  oview:copy_from(o)
  T.eq(dview:is_contiguous() or oview:is_contiguous(), false, "dO and O as strided views")
  -- (std.kernels() lists what this script built so far: std.sum's row kernel only by the fallback)
  local function built(name)
    for _, kx in ipairs(std.kernels()) do if kx.name == name then return true end end
    return false
  end
  local c = { std.attention_backward(dc, q, k, v, o, lse, { causal = true, config = MS }) }
  T.eq({ built("std_attention_delta_f16"), built("std_sum_rows") }, { true, false },
       "contiguous dO and O: delta in one fused pass (no std.sum)")
  local a = { std.attention_backward(dview, q, k, v, oview, lse, { causal = true, config = MS }) }
  T.eq(built("std_sum_rows"), true, "strided dO and O: delta by std.map's product and std.sum's rows")
  for i, name in ipairs { "dq", "dk", "dv" } do
    local worst = 0
    for h = 0, 1 do for row = 0, 39 do for dd = 0, 63, 3 do
      worst = T.worst(worst, math.abs(a[i]:get(0, h, row, dd) - c[i]:get(0, h, row, dd)))
    end end end
    T.near(worst, 0, 2e-3, name .. " with strided dO and O = with contiguous ones (up to delta's order of sums)")
  end
end
restore()

local q = tl.empty({ 1, 2, 8, 64 }, tl.f16)
local lse = tl.empty({ 1, 2, 8 }, tl.f32)
T.raises(function() std.attention_backward(q, q, q, q, q, tl.empty({ 1, 2, 9 }, tl.f32)) end,
  "std.attention_backward: lse must be the f32 {1, 2, 8} logsumexp std.attention returned (got f32 {1, 2, 9})")
T.raises(function() std.attention_backward(tl.empty({ 1, 2, 8, 64 }, tl.bf16), q, q, q, q, lse) end,
  "std.attention_backward: do must have q's dtype f16 (got bf16)")
T.raises(function() std.attention_backward(q, q, q, q, q, lse, { out = q }) end, "unknown option 'out'")
T.raises(function() std.attention_backward(q, q, q, q, q, lse, { dq = "twice" }) end,
  "std.attention_backward: dq must be \"atomic\" (f32 reduce-adds from the key tiles' blocks) or \"pass\"")
