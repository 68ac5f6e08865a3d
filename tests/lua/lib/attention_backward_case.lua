-- attention_backward_case.lua - std.attention_backward against float64 Lua reference gradients on the same
-- (rounded) inputs, shared by tests/lua/std_attention_backward.lua (the mma.sync kernels, errors),
-- std_attention_backward_amd.lua (MFMA) and std_attention_backward_wgmma.lua (the warpgroup-MMA kernels):
-- case{B, Hq, Hkv, S, Skv, D, dt, causal, layout, dq,
-- config, fd} runs one call and checks dq, dk and dv against the reference (fd: the reference itself by central
-- differences of the float64 forward on one element of each input); begin([warp]) sets the traced warp to 32 (NVIDIA
-- layouts, which the CPU executor runs too) or the warp given (64: AMD's MFMA layouts) and returns the function that
-- restores it, or nil where the device's warp is another (the script skipped).
local T = require "testing"
local std = require "tilelua.std"
local A = require "attention_case"
local signed = A.signed
-- float64 forward and gradients of L = sum(dO * O); inputs as getters at(b, h, i, d), read once into rows of D values
-- (the gradients as before: flat tables keyed ((b H + h) L + i) D + d)
local function reference(c, Q, K, V, dO)
  local B, Hq, Hkv, S, Skv, D = c.B or 1, c.Hq or 1, c.Hkv or 1, c.S, c.Skv, c.D
  local scale, G = 1 / math.sqrt(D), (c.Hq or 1) // (c.Hkv or 1)
  local function rows(get, H, L)
    local r = {}
    for b = 0, B - 1 do
      for h = 0, H - 1 do
        for i = 0, L - 1 do
          local row = {}
          for d = 0, D - 1 do row[d + 1] = get(b, h, i, d) end
          r[(b * H + h) * L + i] = row
        end
      end
    end
    return r
  end
  local q, k, v, go = rows(Q, Hq, S), rows(K, Hkv, Skv), rows(V, Hkv, Skv), rows(dO, Hq, S)
  local gq, gk, gv = {}, {}, {} -- (the gradients' rows, made when first added to)
  local function grad(t, key)
    local row = t[key]
    if not row then
      row = {}
      for d = 1, D do row[d] = 0 end
      t[key] = row
    end
    return row
  end
  local L = 0
  for b = 0, B - 1 do
    for h = 0, Hq - 1 do
      local hk = h // G
      for i = 0, S - 1 do
        local ri = (b * Hq + h) * S + i
        local qi, gi = q[ri], go[ri]
        local sc, mx = A.scores(qi, function(j) return k[(b * Hkv + hk) * Skv + j] end, i, S, Skv, D, scale, c.causal)
        local z = 0
        for _, s in pairs(sc) do z = z + math.exp(s - mx) end
        local P, o = {}, {}
        for j, s in pairs(sc) do P[j] = math.exp(s - mx) / z end
        for d = 1, D do o[d] = 0 end
        for j, pj in pairs(P) do
          local vj = v[(b * Hkv + hk) * Skv + j]
          for d = 1, D do o[d] = o[d] + pj * vj[d] end
        end
        local delta = 0
        for d = 1, D do delta = delta + gi[d] * o[d] end
        L = L + delta
        local dqi = grad(gq, ri)
        for j, pj in pairs(P) do
          local rj = (b * Hkv + hk) * Skv + j
          local kj, vj = k[rj], v[rj]
          local dp = 0
          for d = 1, D do dp = dp + gi[d] * vj[d] end
          local ds = pj * (dp - delta) * scale
          local dkj, dvj = grad(gk, rj), grad(gv, rj)
          for d = 1, D do
            dqi[d] = dqi[d] + ds * kj[d]
            dkj[d] = dkj[d] + ds * qi[d]
            dvj[d] = dvj[d] + pj * gi[d]
          end
        end
      end
    end
  end
  local function flat(t)
    local f = {}
    for r, row in pairs(t) do for d = 1, D do f[r * D + d - 1] = row[d] end end
    return f
  end
  return L, flat(gq), flat(gk), flat(gv)
end

local function case(c)
  local B, Hq, Hkv, S, Skv, D, dt = c.B or 1, c.Hq or 1, c.Hkv or 1, c.S, c.Skv, c.D, c.dt
  local bshd = c.layout == "bshd"
  local function shape(H, L) return bshd and { B, L, H, D } or { B, H, L, D } end
  -- (the values as Lua tables, read once: the reference reads each element many times)
  local function getter(t)
    local l = t:tolist()
    if bshd then return function(b, h, i, d) return l[b + 1][i + 1][h + 1][d + 1] end end
    return function(b, h, i, d) return l[b + 1][h + 1][i + 1][d + 1] end
  end
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
            worst = T.worst(worst, math.abs(g[2](b, h, i, d) - (g[3][((b * g[4] + h) * g[5] + i) * D + d] or 0)))
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

-- begin(warp): the traced warp (default 32, NVIDIA's layouts; 64, AMD's MFMA), or nil where the device's differs
local function begin(warp)
  warp = warp or 32
  if tl.backend() ~= "cpu" and tl.default_warp() ~= warp then
    print("skipped: these cases trace warps of " .. warp .. "; this device's warp is " .. tl.default_warp())
    return nil
  end
  local registry = debug.getregistry()
  local saved = registry["tilelua.warp"]
  registry["tilelua.warp"] = warp
  return function() registry["tilelua.warp"] = saved end
end

return { case = case, begin = begin }
