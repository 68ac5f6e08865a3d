-- std.attention against a float64 Lua reference on the same (rounded) inputs: S and Skv not
-- multiples of the tiles, causal with S < Skv and S > Skv (bottom-right diagonal; rows that see no
-- key give zeros and lse = -inf), grouped-query heads, D = 64/128/256, f16 and bf16, the {B, S, H, D}
-- layout, scale and out=; on the CPU executor both warp sizes (NVIDIA mma.sync layouts at 32, AMD
-- MFMA at 64), and config.wgmma (warpgroup MMAs, warp 32). Errors name the rule.
local T = require "testing"
local std = require "tilelua.std"

local function signed(shape, dt, seed)
  return std.map(function(v) return v * 2 - 1 end, tl.empty(shape, tl[dt]), tl.rand(shape, tl.f32, seed))
end

local function case(c)
  local B, Hq, Hkv, S, Skv, D, dt = c.B or 1, c.Hq or 1, c.Hkv or 1, c.S, c.Skv, c.D, c.dt
  local bshd = c.layout == "bshd"
  local function shape(H, L) return bshd and { B, L, H, D } or { B, H, L, D } end
  local function at(t, b, h, i, d) if bshd then return t:get(b, i, h, d) end return t:get(b, h, i, d) end
  local q, k, v = signed(shape(Hq, S), dt, 1), signed(shape(Hkv, Skv), dt, 2), signed(shape(Hkv, Skv), dt, 3)
  local out = c.out and tl.empty(shape(Hq, S), tl[dt]) or nil
  local o, lse = std.attention(q, k, v, { causal = c.causal, scale = c.scale, layout = c.layout, out = out, config = c.config })
  if out then T.eq(o == out, true, "the result is out") end
  T.eq(lse:shape(), { B, Hq, S }, "lse shape")
  local scale = c.scale or 1 / math.sqrt(D)
  local worst, wl, empty = 0, 0, 0
  for b = 0, B - 1 do
    for h = 0, Hq - 1 do
      local hk = h // (Hq // Hkv)
      for i = 0, S - 1 do
        local sc, mx = {}, -math.huge
        for j = 0, Skv - 1 do
          if not c.causal or j <= i + Skv - S then
            local s = 0
            for d = 0, D - 1 do s = s + at(q, b, h, i, d) * at(k, b, hk, j, d) end
            sc[j] = s * scale
            mx = math.max(mx, sc[j])
          end
        end
        local z = 0
        for _, s in pairs(sc) do z = z + math.exp(s - mx) end
        if z == 0 then
          empty = empty + 1
          T.eq(lse:get(b, h, i), -math.huge, "lse of a row that sees no key")
        else
          wl = math.max(wl, math.abs(lse:get(b, h, i) - (mx + math.log(z))))
        end
        for d = 0, D - 1 do
          local acc = 0
          for j, s in pairs(sc) do acc = acc + math.exp(s - mx) / z * at(v, b, hk, j, d) end
          worst = math.max(worst, math.abs(at(o, b, h, i, d) - acc))
        end
      end
    end
  end
  local what = string.format("warp %d %s B=%d Hq=%d Hkv=%d S=%d Skv=%d D=%d causal=%s %s%s: max error %.3g, lse error %.3g",
                             tl.default_warp(), dt, B, Hq, Hkv, S, Skv, D, tostring(c.causal), c.layout or "bhsd",
                             c.config and " (config.wgmma)" or "", worst, wl)
  assert(worst < (dt == "bf16" and 1e-2 or 2e-3) and wl < 1e-4, what)
  if c.empty then assert(empty == c.empty, what .. ": " .. empty .. " rows without keys, want " .. c.empty) end
end

local registry = debug.getregistry()
local saved = registry["tilelua.warp"]
-- the CPU executor runs both warp sizes; a GPU only its own
local WARPS = tl.backend() == "cpu" and { 32, 64 } or { tl.default_warp() }
for _, warp in ipairs(WARPS) do
  registry["tilelua.warp"] = warp
  case { Hq = 4, Hkv = 2, S = 20, Skv = 37, D = 64, dt = "f16", causal = true }
  case { S = 37, Skv = 20, D = 128, dt = "bf16", causal = true, empty = 17, out = true }
  case { B = 2, Hq = 3, Hkv = 1, S = 9, Skv = 70, D = 64, dt = "bf16", layout = "bshd", scale = 0.3 }
  case { S = 20, Skv = 128, D = 64, dt = "f16" } -- whole key tiles: the variant without masks
  if warp == 32 then
    case { S = 9, Skv = 41, D = 256, dt = "f16", causal = true }
    -- key tiles without masks, then the diagonal's with masks (two loops in the kernel)
    case { S = 80, Skv = 200, D = 64, dt = "bf16", causal = true }
  end
  if warp == 64 then case { B = 2, Hq = 2, Hkv = 2, S = 33, Skv = 33, D = 128, dt = "f16", layout = "bshd", causal = true } end
end
-- config.wgmma (attention_wgmma.lua): both products on warpgroup MMAs, 128 query rows per block
-- (two warpgroups), the tiles through LDS in wgmma's layouts; where the executor or the GPU has wgmma
local WG = { wgmma = true }
if tl.backend() == "cpu" or tl.target().wgmma then
  registry["tilelua.warp"] = 32
  case { Hq = 4, Hkv = 2, S = 130, Skv = 200, D = 64, dt = "f16", causal = true, config = WG }
  case { S = 37, Skv = 20, D = 128, dt = "bf16", causal = true, empty = 17, out = true, config = WG }
  case { B = 2, Hq = 3, Hkv = 1, S = 9, Skv = 70, D = 64, dt = "bf16", layout = "bshd", scale = 0.3, config = WG }
  case { S = 20, Skv = 256, D = 64, dt = "f16", config = WG } -- whole key tiles: the variant without masks
  case { S = 9, Skv = 41, D = 256, dt = "f16", causal = true, config = WG }
  case { S = 20, Skv = 300, D = 128, dt = "f16", config = { wgmma = true, bn = 64, stages = 3 } }
  local wk
  for _, kern in ipairs(std.kernels()) do
    if kern.name == "std_attention_f16_d64_causal_wgmma" then wk = kern end
  end
  local rep = wk:report("sm_90")
  assert(rep:find("TMA copy: k -> LDS box 1x1x128x64 swizzle 128 (k:copy, copy groups)", 1, true), rep)
  local src = wk:source("sm_90")
  T.eq(select(2, src:gsub("wgmma.mma_async", "")) > 0 and src:find("cp.async.bulk.tensor.4d", 1, true) ~= nil, true,
       "config.wgmma for sm_90: wgmma and TMA copies")
  T.compiles(src, wk.name, "sm_90a", "std.attention config.wgmma for sm_90a")
  T.raises(function() std.attention(tl.empty({ 1, 1, 8, 64 }, tl.f16), tl.empty({ 1, 1, 8, 64 }, tl.f16),
                                    tl.empty({ 1, 1, 8, 64 }, tl.f16), { config = { wgmma = true, bn = 32 } }) end,
           "config.wgmma takes config.bn = 64 or 128 (got 32)")
  if tl.backend() == "cpu" then
    registry["tilelua.warp"] = 64
    T.raises(function() std.attention(tl.empty({ 1, 1, 8, 64 }, tl.f16), tl.empty({ 1, 1, 8, 64 }, tl.f16),
                                      tl.empty({ 1, 1, 8, 64 }, tl.f16), { config = WG }) end,
             "config.wgmma runs on NVIDIA sm_90's warpgroup MMA, which cpu does not have")
  end
end
registry["tilelua.warp"] = saved

local q = tl.empty({ 1, 4, 8, 64 }, tl.f16)
T.raises(function() std.attention(q, q, q, { config = { wgmma = 1 } }) end, "config.wgmma must be a boolean (got 1)")
T.raises(function() std.attention(q, tl.empty({ 1, 3, 8, 64 }, tl.f16), tl.empty({ 1, 3, 8, 64 }, tl.f16)) end,
  "std.attention: the query heads (Hq = 4) must be a multiple of the key/value heads (Hkv = 3)")
T.raises(function() std.attention(q, q, q, { causal = 1 }) end, "causal must be a boolean (got 1)")
T.raises(function() std.attention(q, q, q, { mask = true }) end, "unknown option 'mask'")
T.raises(function() std.attention(q, q, q, { scale = -1 }) end, "scale must be a number > 0 (got -1)")
T.raises(function() std.attention(q, q, q, { layout = "sbhd" }) end, "layout must be \"bhsd\"")
T.raises(function() std.attention(q, q, tl.empty({ 1, 4, 9, 64 }, tl.f16)) end,
  "std.attention: k and v must have the same shape (got {1, 4, 8, 64} and {1, 4, 9, 64})")
