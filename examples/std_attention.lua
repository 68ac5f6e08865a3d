-- std_attention.lua - causal grouped-query attention from the standard library: softmax(q k^T /
-- sqrt(D)) v with the diagonal at the bottom-right corner (a block of new queries after a cache of
-- keys), f16 inputs, f32 accumulation on the matrix units, FlashAttention-2 style (online softmax,
-- no S x S matrix in memory). Also returns each row's logsumexp (what a backward pass keeps).
-- Checked against a float64 Lua reference on a sample of rows. On a GPU: 2 x 16 query heads over 4
-- key/value heads, 2048 queries after 4096 keys, D = 128, timed; on the CPU executor 48 queries
-- after 80 keys.
local tl = require "tilelua"
local std = require "tilelua.std"

-- full size on a GPU, unless TILELUA_CHECK_CPU=1 replays every launch on the CPU executor
local gpu = tl.backend() ~= "cpu" and os.getenv("TILELUA_CHECK_CPU") ~= "1"
local B, Hq, Hkv, S, Skv, D = 1, 2, 1, 48, 80, 64
if gpu then B, Hq, Hkv, S, Skv, D = 2, 16, 4, 2048, 4096, 128 end
local function signed(shape, seed)
  return std.map(function(v) return 2 * v - 1 end, tl.empty(shape, tl.f16), tl.rand(shape, tl.f32, seed))
end
local q, k, v = signed({ B, Hq, S, D }, 1), signed({ B, Hkv, Skv, D }, 2), signed({ B, Hkv, Skv, D }, 3)
local o, lse = std.attention(q, k, v, { causal = true })

local scale, worst, wl = 1 / math.sqrt(D), 0, 0
for _, r in ipairs { { 0, 0, 0 }, { B - 1, Hq - 1, S - 1 }, { 0, Hq // 2, S // 3 }, { B - 1, 1, S // 2 + 1 } } do
  local b, h, i = r[1], r[2], r[3]
  local hk = h // (Hq // Hkv)
  local sc, mx = {}, -math.huge
  for j = 0, i + Skv - S do
    local s = 0
    for d = 0, D - 1 do s = s + q:get(b, h, i, d) * k:get(b, hk, j, d) end
    sc[j] = s * scale
    mx = math.max(mx, sc[j])
  end
  local z = 0
  for _, s in pairs(sc) do z = z + math.exp(s - mx) end
  wl = math.max(wl, math.abs(lse:get(b, h, i) - (mx + math.log(z))))
  for d = 0, D - 1 do
    local acc = 0
    for j, s in pairs(sc) do acc = acc + math.exp(s - mx) / z * v:get(b, hk, j, d) end
    worst = math.max(worst, math.abs(o:get(b, h, i, d) - acc))
  end
end
print(("std_attention: B=%d, %d query heads over %d key/value heads, %d queries after %d keys, D=%d, causal, f16: " ..
       "max error %.2g, logsumexp error %.2g on 4 rows"):format(B, Hq, Hkv, S, Skv, D, worst, wl))
if gpu then
  std.attention(q, k, v, { causal = true, out = o })
  tl.synchronize()
  local t0, n = tl.clock(), 10
  for _ = 1, n do std.attention(q, k, v, { causal = true, out = o }) end
  tl.synchronize()
  local t = (tl.clock() - t0) / n
  -- the products q k^T and P v over the visible (query, key) pairs: 4 * D flops each
  local pairs = B * Hq * (S * (Skv - S) + S * (S + 1) / 2)
  print(("std_attention: %.1f us per call, %.1f TFLOP/s"):format(t * 1e6, 4 * D * pairs / t / 1e12))
end
if worst > 2e-3 or wl > 1e-4 then io.stderr:write("std_attention: MISMATCH\n"); os.exit(1) end
print("std_attention: ok")
