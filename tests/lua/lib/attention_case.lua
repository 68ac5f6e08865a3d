-- attention_case.lua - std.attention against a float64 Lua reference on the same (rounded) inputs,
-- shared by tests/lua/std_attention.lua and std_attention_wgmma.lua: A.case{B, Hq, Hkv, S, Skv, D,
-- dt, causal, scale, layout, out, config, empty} runs one call and checks every row's output and
-- logsumexp; A.signed(shape, dt, seed) gives inputs uniform in [-1, 1); A.scores gives a row's
-- float64 scores (std_attention_backward.lua's reference takes it and A.signed too).
local T = require "testing"
local std = require "tilelua.std"
local A = {}

function A.signed(shape, dt, seed)
  return std.map(function(v) return v * 2 - 1 end, tl.empty(shape, tl[dt]), tl.rand(shape, tl.f32, seed))
end

-- Row i's scaled scores against the keys it sees (causal: j <= i + Skv - S) and their maximum:
-- sc[j] = scale * sum_d qi[d] * krow(j)[d], with qi the row's query (a table of D values) and krow(j) key j's.
function A.scores(qi, krow, i, S, Skv, D, scale, causal)
  local sc, mx = {}, -math.huge
  for j = 0, causal and math.min(Skv - 1, i + Skv - S) or Skv - 1 do
    local kj, s = krow(j), 0
    for d = 1, D do s = s + qi[d] * kj[d] end
    sc[j] = s * scale
    mx = math.max(mx, sc[j])
  end
  return sc, mx
end

function A.case(c)
  local B, Hq, Hkv, S, Skv, D, dt = c.B or 1, c.Hq or 1, c.Hkv or 1, c.S, c.Skv, c.D, c.dt
  local bshd = c.layout == "bshd"
  local function shape(H, L) return bshd and { B, L, H, D } or { B, H, L, D } end
  -- (the reference reads the tensors' values as Lua tables, each row of D values once, not an element at a time):
  -- heads(t)(b, h) -> the rows of head h of batch b, row i at [i + 1]
  local function heads(t)
    local l, r = t:tolist(), {}
    return function(b, h)
      if not bshd then return l[b + 1][h + 1] end
      local key = b * 65536 + h
      local rows = r[key]
      if not rows then
        rows = {}
        for i, x in ipairs(l[b + 1]) do rows[i] = x[h + 1] end
        r[key] = rows
      end
      return rows
    end
  end
  local q, k, v = A.signed(shape(Hq, S), dt, 1), A.signed(shape(Hkv, Skv), dt, 2), A.signed(shape(Hkv, Skv), dt, 3)
  local out = c.out and tl.empty(shape(Hq, S), tl[dt]) or nil
  local o, lse = std.attention(q, k, v, { causal = c.causal, scale = c.scale, layout = c.layout, out = out, config = c.config })
  if out then T.eq(o == out, true, "the result is out") end
  T.eq(lse:shape(), { B, Hq, S }, "lse shape")
  local scale = c.scale or 1 / math.sqrt(D)
  local worst, wl, empty = 0, 0, 0
  local qh, kh, vh, oh, lsel = heads(q), heads(k), heads(v), heads(o), lse:tolist()
  for b = 0, B - 1 do
    for h = 0, Hq - 1 do
      local hk = h // (Hq // Hkv)
      local Q, K, V, O = qh(b, h), kh(b, hk), vh(b, hk), oh(b, h)
      local function krow(j) return K[j + 1] end
      for i = 0, S - 1 do
        local qi = Q[i + 1]
        local sc, mx = A.scores(qi, krow, i, S, Skv, D, scale, c.causal)
        local z = 0
        for _, s in pairs(sc) do z = z + math.exp(s - mx) end
        local l = lsel[b + 1][h + 1][i + 1]
        if z == 0 then
          empty = empty + 1
          T.eq(l, -math.huge, "lse of a row that sees no key")
        else
          wl = math.max(wl, math.abs(l - (mx + math.log(z))))
        end
        -- (each key's probability once, then the row of the output: sum_j p_j v_j)
        local acc = {}
        for d = 1, D do acc[d] = 0 end
        for j, s in pairs(sc) do
          local pj, vj = math.exp(s - mx) / z, V[j + 1]
          for d = 1, D do acc[d] = acc[d] + pj * vj[d] end
        end
        local oi = O[i + 1]
        for d = 1, D do worst = T.worst(worst, math.abs(oi[d] - acc[d])) end
      end
    end
  end
  local what = string.format("warp %d %s B=%d Hq=%d Hkv=%d S=%d Skv=%d D=%d causal=%s %s%s: max error %.3g, lse error %.3g",
                             tl.default_warp(), dt, B, Hq, Hkv, S, Skv, D, tostring(c.causal), c.layout or "bhsd",
                             c.config and " (config.wgmma)" or "", worst, wl)
  assert(worst < (dt == "bf16" and 1e-2 or 2e-3) and wl < 1e-4, what)
  if c.empty then assert(empty == c.empty, what .. ": " .. empty .. " rows without keys, want " .. c.empty) end
end

-- fn() where the wgmma kernels run, the executor or a GPU with wgmma, at warp 32 (the executor's default warp put
-- back after); elsewhere nothing
function A.on_wgmma(fn)
  if not (tl.backend() == "cpu" or tl.target().wgmma) then return end
  local registry = debug.getregistry()
  local saved = registry["tilelua.warp"]
  registry["tilelua.warp"] = 32
  local ok, err = pcall(fn)
  registry["tilelua.warp"] = saved
  if not ok then error(err, 0) end
end

return A
