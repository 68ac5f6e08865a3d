-- std_rope.lua - rotary position embedding of queries laid out {B, S, H, D} (as a projection writes
-- them, before any transpose): the usual tables of angles p * 10000^(-2i/D) as {S, D/2}, applied
-- with the half-split ("rotate half") pairing and with the interleaved one, checked against Lua on
-- a sample of rows. On a GPU: 4 x 2048 tokens, 32 heads of 128, timed; on the CPU executor 2 x 24
-- tokens, 3 heads of 64.
local tl = require "tilelua"
local std = require "tilelua.std"

-- full size on a GPU, unless TILELUA_CHECK_CPU=1 replays every launch on the CPU executor
local gpu = tl.backend() ~= "cpu" and os.getenv("TILELUA_CHECK_CPU") ~= "1"
local B, S, H, D = 2, 24, 3, 64
if gpu then B, S, H, D = 4, 2048, 32, 128 end
local q = std.map(function(v) return 2 * v - 1 end, tl.empty({ B, S, H, D }, tl.bf16), tl.rand({ B, S, H, D }, tl.f32, 1))
local cs, sn = tl.empty({ S, D // 2 }, tl.f32), tl.empty({ S, D // 2 }, tl.f32)
for p = 0, S - 1 do
  for i = 0, D // 2 - 1 do
    local a = p * 10000 ^ (-2 * i / D)
    cs:set(p, i, math.cos(a)); sn:set(p, i, math.sin(a))
  end
end
local worst = 0
for _, interleaved in ipairs { false, true } do
  local y = std.rope(q, cs, sn, { interleaved = interleaved })
  for b = 0, B - 1 do
    for p = 0, S - 1, math.max(1, S // 8) do
      for h = 0, H - 1, math.max(1, H // 4) do
        for i = 0, D // 2 - 1 do
          local ia, ib = interleaved and 2 * i or i, interleaved and 2 * i + 1 or i + D // 2
          local a, c, s = q:get(b, p, h, ia), cs:get(p, i), sn:get(p, i)
          local bb = q:get(b, p, h, ib)
          worst = math.max(worst, math.abs(y:get(b, p, h, ia) - (a * c - bb * s)), math.abs(y:get(b, p, h, ib) - (bb * c + a * s)))
        end
      end
    end
  end
  if gpu then
    std.rope(q, cs, sn, { interleaved = interleaved, out = y })
    tl.synchronize()
    local t0, n = tl.clock(), 20
    for _ = 1, n do std.rope(q, cs, sn, { interleaved = interleaved, out = y }) end
    tl.synchronize()
    local t = (tl.clock() - t0) / n
    print(("std_rope %s: %.1f us per call, %.0f GB/s (read x, write y)"):format(interleaved and "interleaved" or "half-split",
          t * 1e6, 4 * q:numel() / t / 1e9))
  end
end
print(("std_rope: {%d, %d, %d, %d} bf16, f32 tables, both pairings: max error %.2g"):format(B, S, H, D, worst))
if worst > 2e-2 then io.stderr:write("std_rope: MISMATCH\n"); os.exit(1) end
print("std_rope: ok")
