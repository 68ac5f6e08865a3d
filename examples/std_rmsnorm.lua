-- std_rmsnorm.lua - RMS normalization of the last axis (LLaMA-style transformer blocks):
-- y = x / sqrt(mean(x^2) + eps) * weight, f16 activations with an f32 weight, computed in f32 and
-- checked against Lua on a sample of rows. On a GPU it normalizes 4096 tokens of width 4096 and
-- prints the time; on the CPU executor 64 tokens of width 1000 (a ragged row width).
local tl = require "tilelua"
local std = require "tilelua.std"

-- full size on a GPU, unless TILELUA_CHECK_CPU=1 replays every launch on the CPU executor
local gpu = tl.backend() ~= "cpu" and os.getenv("TILELUA_CHECK_CPU") ~= "1"
local T, H = gpu and 4096 or 64, gpu and 4096 or 1000
local x = std.map(function(v) return 4 * v - 2 end, tl.empty({ T, H }, tl.f16), tl.rand({ T, H }, tl.f32, 1))
local w = tl.rand({ H }, tl.f32, 2)
local y = std.rmsnorm(x, w, { eps = 1e-5 })
local worst = 0
for i = 0, T - 1, T // 16 do
  local ss = 0
  for j = 0, H - 1 do ss = ss + x:get(i, j) ^ 2 end
  local rstd = 1 / math.sqrt(ss / H + 1e-5)
  for j = 0, H - 1 do worst = math.max(worst, math.abs(y:get(i, j) - x:get(i, j) * rstd * w:get(j))) end
end
print(("std_rmsnorm: %dx%d f16, f32 weight: max error %.2g on 16 rows"):format(T, H, worst))
if gpu then
  std.rmsnorm(x, w, { eps = 1e-5, out = y })
  tl.synchronize()
  local t0, n = tl.clock(), 20
  for _ = 1, n do std.rmsnorm(x, w, { eps = 1e-5, out = y }) end
  tl.synchronize()
  local s = (tl.clock() - t0) / n
  print(("std_rmsnorm: %.1f us per call, %.0f GB/s (read x, write y)"):format(s * 1e6, 4 * T * H / s / 1e9))
end
if worst > 1e-2 then io.stderr:write("std_rmsnorm: MISMATCH\n"); os.exit(1) end
print("std_rmsnorm: ok")
