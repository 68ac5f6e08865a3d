-- std.attention_backward against float64 Lua reference gradients on the same (rounded) inputs:
-- causal with S < Skv and S > Skv (rows that see no key), grouped-query heads (dk, dv summed over
-- a group), ragged tiles, D = 64/128, f16 and bf16, the {B, S, H, D} layout, dQ by atomics and by
-- a pass of its own (opts.dq); the reference
-- gradients themselves checked by central differences of the float64 forward on one element of
-- each input. NVIDIA layouts (warp 32): the CPU executor runs them too.
local T = require "testing"
local std = require "tilelua.std"

if tl.backend() ~= "cpu" and tl.default_warp() ~= 32 then
  print("skipped: std.attention_backward runs on warps of 32 (NVIDIA); this device's warp is " .. tl.default_warp())
  return
end
local registry = debug.getregistry()
local saved = registry["tilelua.warp"]
registry["tilelua.warp"] = 32

local A = require "attention_case"
local signed = A.signed

-- float64 forward and gradients of L = sum(dO * O); inputs as getters at(b, h, i, d)
local function reference(c, Q, K, V, dO)
  local B, Hq, Hkv, S, Skv, D = c.B or 1, c.Hq or 1, c.Hkv or 1, c.S, c.Skv, c.D
  local scale, G = 1 / math.sqrt(D), (c.Hq or 1) // (c.Hkv or 1)
  local L, dq, dk, dv = 0, {}, {}, {}
  local function add(t, key, x) t[key] = (t[key] or 0) + x end
  for b = 0, B - 1 do
    for h = 0, Hq - 1 do
      local hk = h // G
      for i = 0, S - 1 do
        local sc, mx = A.scores(function(d) return Q(b, h, i, d) end, function(j, d) return K(b, hk, j, d) end,
                                i, S, Skv, D, scale, c.causal)
        local z = 0
        for _, s in pairs(sc) do z = z + math.exp(s - mx) end
        local P, delta = {}, 0
        for j, s in pairs(sc) do P[j] = math.exp(s - mx) / z end
        for d = 0, D - 1 do
          local o = 0
          for j, pj in pairs(P) do o = o + pj * V(b, hk, j, d) end
          delta = delta + dO(b, h, i, d) * o
        end
        L = L + delta
        for j, pj in pairs(P) do
          local dp = 0
          for d = 0, D - 1 do dp = dp + dO(b, h, i, d) * V(b, hk, j, d) end
          local ds = pj * (dp - delta) * scale
          for d = 0, D - 1 do
            local kq, kk = ((b * Hq + h) * S + i) * D + d, ((b * Hkv + hk) * Skv + j) * D + d
            add(dq, kq, ds * K(b, hk, j, d))
            add(dk, kk, ds * Q(b, h, i, d))
            add(dv, kk, pj * dO(b, h, i, d))
          end
        end
      end
    end
  end
  return L, dq, dk, dv
end

local function case(c)
  local B, Hq, Hkv, S, Skv, D, dt = c.B or 1, c.Hq or 1, c.Hkv or 1, c.S, c.Skv, c.D, c.dt
  local bshd = c.layout == "bshd"
  local function shape(H, L) return bshd and { B, L, H, D } or { B, H, L, D } end
  local function getter(t) return function(b, h, i, d) if bshd then return t:get(b, i, h, d) end return t:get(b, h, i, d) end end
  local q, k, v = signed(shape(Hq, S), dt, 1), signed(shape(Hkv, Skv), dt, 2), signed(shape(Hkv, Skv), dt, 3)
  local dout = signed(shape(Hq, S), dt, 4)
  local opts = { causal = c.causal, layout = c.layout }
  local o, lse = std.attention(q, k, v, opts)
  local dq, dk, dv = std.attention_backward(dout, q, k, v, o, lse, { causal = c.causal, layout = c.layout, dq = c.dq,
                                                                        config = c.config })
  T.eq(dq:shape(), q:shape(), "dq shape"); T.eq(dk:shape(), k:shape(), "dk shape"); T.eq(dv:shape(), v:shape(), "dv shape")
  local Q, K, V, dO = getter(q), getter(k), getter(v), getter(dout)
  local _, rq, rk, rv = reference(c, Q, K, V, dO)
  local tol = dt == "bf16" and 2e-2 or 2e-3
  local what = string.format("%s B=%d Hq=%d Hkv=%d S=%d Skv=%d D=%d causal=%s %s dq=%s%s", dt, B, Hq, Hkv, S, Skv, D,
                             tostring(c.causal), c.layout or "bhsd", c.dq or "pass", c.config and (" config.wgmma=" .. tostring(c.config.wgmma)) or "")
  for _, g in ipairs { { "dq", getter(dq), rq, Hq, S }, { "dk", getter(dk), rk, Hkv, Skv }, { "dv", getter(dv), rv, Hkv, Skv } } do
    local worst = 0
    for b = 0, B - 1 do
      for h = 0, g[4] - 1 do
        for i = 0, g[5] - 1 do
          for d = 0, D - 1 do
            worst = math.max(worst, math.abs(g[2](b, h, i, d) - (g[3][((b * g[4] + h) * g[5] + i) * D + d] or 0)))
          end
        end
      end
    end
    assert(worst < tol, string.format("%s: %s max error %.3g", what, g[1], worst))
  end
  if c.fd then
    -- central differences of the float64 forward: the reference gradients are the derivatives
    local eps = 1e-4
    for _, x in ipairs { { "q", Q, rq, 0, 0, S - 1, 3 }, { "k", K, rk, 0, Hkv - 1, 1, 5 }, { "v", V, rv, 0, 0, Skv - 1, 7 } } do
      local get, ref = x[2], x[3]
      local function bumped(delta)
        return function(b, h, i, d)
          local val = get(b, h, i, d)
          if b == x[4] and h == x[5] and i == x[6] and d == x[7] then val = val + delta end
          return val
        end
      end
      local args = { Q, K, V }
      local idx = x[1] == "q" and 1 or x[1] == "k" and 2 or 3
      args[idx] = bumped(eps); local lp = reference(c, args[1], args[2], args[3], dO)
      args[idx] = bumped(-eps); local lm = reference(c, args[1], args[2], args[3], dO)
      local H, L = x[1] == "q" and Hq or Hkv, x[1] == "q" and S or Skv
      T.near((lp - lm) / (2 * eps), ref[((x[4] * H + x[5]) * L + x[6]) * D + x[7]] or 0, 1e-6, "d" .. x[1] .. " by central differences")
    end
  end
end

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
-- config.wgmma: the dK/dV kernel and the dq pass on warpgroup MMAs (stdlib/attention_backward_wgmma.lua), on the
-- executor at warp 32 or a GPU with wgmma: rows with no keys, ragged tiles, GQA, the {B, S, H, D} layout
if tl.backend() == "cpu" or tl.target().wgmma then
  local WG = { wgmma = true }
  -- dq = "pass": the dK/dV kernel and the dq pass
  case { S = 20, Skv = 37, D = 64, dt = "f16", causal = true, config = WG, dq = "pass" }
  case { S = 37, Skv = 20, D = 128, dt = "bf16", causal = true, config = WG, dq = "pass" }
  case { Hq = 4, Hkv = 2, S = 70, Skv = 130, D = 64, dt = "f16", causal = true, config = WG, dq = "pass" }
  case { B = 2, Hq = 2, Hkv = 1, S = 9, Skv = 70, D = 128, dt = "f16", layout = "bshd", config = WG, dq = "pass" }
  case { Hq = 3, Hkv = 1, S = 150, Skv = 40, D = 64, dt = "bf16", config = WG, dq = "pass" } -- 9 query tiles a block: three rounds of 3
  -- the dq pass's second tile of a last round holds keys below Skv that only the causal bound hides;
  -- bshd with GQA, causal and rows that see no key
  case { S = 200, Skv = 240, D = 64, dt = "f16", causal = true, config = WG, dq = "pass" }
  case { Hq = 4, Hkv = 2, S = 150, Skv = 100, D = 64, dt = "bf16", causal = true, layout = "bshd", config = WG, dq = "pass" }
  -- dq = "atomic", the default on wgmma: dQ's shares added by TMA reduce-adds from the dK/dV kernel
  -- (each warpgroup D / 2 columns over all the block's keys; at D = 128 the last round of tiles
  -- filled with masked ones: 5 query tiles, two rounds)
  case { S = 20, Skv = 37, D = 64, dt = "f16", causal = true, config = WG, dq = "atomic" }
  case { S = 300, Skv = 100, D = 128, dt = "f16", config = WG }
  case { S = 37, Skv = 150, D = 128, dt = "bf16", causal = true, config = { wgmma = true, rs = false }, dq = "atomic" }
  case { Hq = 3, Hkv = 1, S = 150, Skv = 40, D = 64, dt = "bf16", config = WG, dq = "atomic" }
  case { B = 2, Hq = 4, Hkv = 2, S = 70, Skv = 130, D = 128, dt = "f16", causal = true, layout = "bshd", config = WG, dq = "atomic" }
  -- config.rs: dV and dK with P^T and dS^T from registers (wgmma's register-A form), both dq modes (the
  -- default at D = 128; rs = false above keeps P^T and dS^T in LDS there)
  local RS = { wgmma = true, rs = true }
  case { Hq = 4, Hkv = 2, S = 70, Skv = 130, D = 64, dt = "f16", causal = true, config = RS, dq = "atomic" }
  case { S = 37, Skv = 150, D = 128, dt = "bf16", causal = true, config = RS, dq = "atomic" }
  case { Hq = 3, Hkv = 1, S = 150, Skv = 40, D = 64, dt = "bf16", config = RS, dq = "pass" }
  case { B = 2, Hq = 2, Hkv = 1, S = 9, Skv = 70, D = 128, dt = "f16", layout = "bshd", config = RS, dq = "pass" }
  if tl.backend() ~= "cpu" then
    -- on a GPU, many blocks at once (where a missing barrier would show): equal to the mma.sync kernels'
    for _, causal in ipairs { false, true } do
      local sh, shk = { 1, 4, 256, 128 }, { 1, 2, 256, 128 }
      local q, kk, vv, dout = signed(sh, "f16", 5), signed(shk, "f16", 6), signed(shk, "f16", 7), signed(sh, "f16", 8)
      local o, lse = std.attention(q, kk, vv, { causal = causal })
      local r = { std.attention_backward(dout, q, kk, vv, o, lse, { causal = causal, config = { wgmma = false } }) }
      for _, dq in ipairs { "pass", "atomic" } do
      local w = { std.attention_backward(dout, q, kk, vv, o, lse, { causal = causal, config = WG, dq = dq }) }
      for i, name in ipairs { "dq", "dk", "dv" } do
        local worst, mag, t1, t2 = 0, 0, r[i], w[i]
        local n = t1:shape()
        for b = 0, n[1] - 1 do for h = 0, n[2] - 1 do for row = 0, n[3] - 1, 5 do for dd = 0, n[4] - 1, 3 do
          worst = math.max(worst, math.abs(t1:get(b, h, row, dd) - t2:get(b, h, row, dd)))
          mag = math.max(mag, math.abs(t1:get(b, h, row, dd)))
        end end end end
        assert(worst <= 1e-2 * mag, string.format("config.wgmma dq = %s: %s against mma.sync (causal=%s): max difference %.3g of %.3g",
                                                  dq, name, tostring(causal), worst, mag))
      end
      end
    end
  end
  local q8 = tl.empty({ 1, 1, 8, 64 }, tl.f16)
  local l8 = tl.empty({ 1, 1, 8 }, tl.f32)
  T.raises(function() std.attention_backward(q8, q8, q8, q8, q8, l8, { config = { ws = true } }) end,
    "std.attention_backward: unknown config field 'ws' (fields: wgmma, rs)")
  -- sm_90's default: the wgmma kernels; dq = "atomic" or config.wgmma = false keep the mma.sync ones
  tl.with_target("sm_90", function()
    local q9, k9, v9, d9 = signed({ 1, 1, 9, 64 }, "f16", 9), signed({ 1, 1, 9, 64 }, "f16", 10), signed({ 1, 1, 9, 64 }, "f16", 11),
                           signed({ 1, 1, 9, 64 }, "f16", 12)
    local o9, l9 = std.attention(q9, k9, v9)
    local function names()
      local set = {}
      for _, kk in ipairs(std.kernels()) do set[kk.name] = true end
      return set
    end
    T.eq(names()["std_attention_backward_f16_d64_atomic_wgmma"], nil, "(no such kernel yet)")
    T.eq(names()["std_attention_backward_f16_d64_dkdv_wgmma"], nil, "(no such kernel yet)")
    local g = { std.attention_backward(d9, q9, k9, v9, o9, l9) }
    T.eq(names()["std_attention_backward_f16_d64_atomic_wgmma"], true, "the sm_90 default: the wgmma dK/dV kernel, dQ by reduce-adds")
    T.eq(names()["std_attention_backward_f16_d64_dkdv_wgmma"], nil, "and no dq pass")
    for _, o in ipairs { { config = { wgmma = false } }, { dq = "atomic", config = { wgmma = false } }, { dq = "pass" } } do
      local m = { std.attention_backward(d9, q9, k9, v9, o9, l9, o) }
      for i = 1, 3 do
        for row = 0, 8 do for dd = 0, 63, 7 do T.near(g[i]:get(0, 0, row, dd), m[i]:get(0, 0, row, dd), 2e-3, "wgmma = mma.sync") end end
      end
    end
  end)
  -- the sm_90a sources of the kernels std built (by name): what each must have, and that they compile
  local function check_source(name, want, what)
    local kern
    for _, kk in ipairs(std.kernels()) do
      if kk.name == name then kern = kk end
    end
    local src = assert(kern, name):source("sm_90")
    T.eq(src:find(want, 1, true) ~= nil, true, what .. ": " .. want)
    T.compiles(src, name, "sm_90a", what .. " for sm_90a")
  end
  check_source("std_attention_backward_f16_d64_causal_dkdv_wgmma_rs", "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16",
               "the wgmma dK/dV kernel (S^T and dP^T m64n64k16)")
  check_source("std_attention_backward_dq_f16_d64_causal_wgmma", "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16",
               "the wgmma dq pass (S and dP m64n64k16)")
  check_source("std_attention_backward_f16_d128_atomic_wgmma_rs", "cp.reduce.async.bulk.tensor.4d.global.shared::cta.add.tile.bulk_group",
               "the default wgmma dK/dV kernel, dQ by TMA reduce-adds")
  check_source("std_attention_backward_f16_d64_causal_atomic_wgmma_rs", "%31}, {%32, %33, %34, %35}, %36",
               "config.rs: dV and dK with A from registers")
  -- (after the checks above of which kernels the defaults build) dq = "atomic" where q's copies are cp.async (a view 8 bytes off TMA's 16-byte alignment): its tiles keep
  -- the block barrier that opens them (without cp.async, dsfree and the dQ share's barrier stand for it);
  -- the gradients equal those of a contiguous q
  do
    local qv = signed({ 1, 1, 150, 72 }, "f16", 13):narrow(3, 4, 64)
    local qc = qv:clone()
    local kk, vv, dout = signed({ 1, 1, 150, 64 }, "f16", 14), signed({ 1, 1, 150, 64 }, "f16", 15), signed({ 1, 1, 150, 64 }, "f16", 16)
    for _, causal in ipairs { false, true } do
      local o, lse = std.attention(qc, kk, vv, { causal = causal })
      local c = { std.attention_backward(dout, qc, kk, vv, o, lse, { causal = causal, config = WG }) }
      local a = { std.attention_backward(dout, qv, kk, vv, o, lse, { causal = causal, config = WG }) }
      local noted = false -- (the kernel that ran last traced q's view: its report notes the cp.async copies)
      for _, kx in ipairs(std.kernels()) do
        if kx.name == "std_attention_backward_f16_d64" .. (causal and "_causal" or "") .. "_atomic_wgmma" .. (causal and "_rs" or "") then
          noted = noted or kx:report():find("is a cp.async copy, not TMA", 1, true) ~= nil
        end
      end
      T.eq(noted, true, "q's copies are cp.async")
      for i, name in ipairs { "dq", "dk", "dv" } do
        local worst = 0
        for row = 0, 149, 3 do for dd = 0, 63, 5 do worst = math.max(worst, math.abs(a[i]:get(0, 0, row, dd) - c[i]:get(0, 0, row, dd))) end end
        -- (dQ's reduce-adds from two blocks may add in either order)
        T.near(worst, 0, 2e-3, string.format("%s with q's copies by cp.async (causal=%s) = with TMA's", name, tostring(causal)))
      end
    end
  end
end
registry["tilelua.warp"] = saved

local q = tl.empty({ 1, 2, 8, 64 }, tl.f16)
local lse = tl.empty({ 1, 2, 8 }, tl.f32)
T.raises(function() std.attention_backward(q, q, q, q, q, tl.empty({ 1, 2, 9 }, tl.f32)) end,
  "std.attention_backward: lse must be the f32 {1, 2, 8} logsumexp std.attention returned (got f32 {1, 2, 9})")
T.raises(function() std.attention_backward(tl.empty({ 1, 2, 8, 64 }, tl.bf16), q, q, q, q, lse) end,
  "std.attention_backward: do must have q's dtype f16 (got bf16)")
T.raises(function() std.attention_backward(q, q, q, q, q, lse, { out = q }) end, "unknown option 'out'")
T.raises(function() std.attention_backward(q, q, q, q, q, lse, { dq = "twice" }) end,
  "std.attention_backward: dq must be \"atomic\" (f32 reduce-adds from the key tiles' blocks) or \"pass\"")
