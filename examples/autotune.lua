-- autotune.lua - tl.autotune over tile shapes, vector widths and raking patterns of y = alpha * x
-- (scale2d's kernel, built per config), then over hints of one kernel (replace_hints). The winner
-- per shape is remembered in the cache; on the CPU executor the times are CPU times. The results
-- of the tuned launches are checked element by element. TILELUA_AUTOTUNE_VERBOSE=1 shows progress.
local tl = require "tilelua"

local BLOCK = 256
local function build(cfg)
  local rows, cols = cfg.rows, cfg.cols
  local dist = tl.pattern2d { block = BLOCK, rows = rows, cols = cols, vec = cfg.vec, pattern = cfg.pattern }
  return tl.kernel {
    name = "scale", block = BLOCK,
    params = { { "x", tl.tensor(tl.f32, 2) }, { "y", tl.tensor(tl.f32, 2) }, { "alpha", tl.f32 } },
    body = function(k, p)
      local r0, c0 = k.block_id(1) * rows, k.block_id(0) * cols
      local t = k:window(p.x, { r0, c0 }, { rows, cols }, dist):load()
      k:window(p.y, { r0, c0 }, { rows, cols }, dist):store(t:map(function(v) return v * p.alpha end))
    end,
  }
end

local scale = tl.autotune {
  name = "scale",
  configs = {
    { rows = 64, cols = 64, vec = 4, pattern = "thread_raked" },
    { rows = 32, cols = 128, vec = 4, pattern = "warp_raked" },
    { rows = 16, cols = 64, vec = 2, pattern = "block_raked" },
    { rows = 64, cols = 64, vec = 3, pattern = "thread_raked" }, -- 3 does not divide 64: fails to build, skipped
  },
  build = build,
  grid = function(cfg, x) return { (x:shape()[2] + cfg.cols - 1) // cfg.cols, (x:shape()[1] + cfg.rows - 1) // cfg.rows } end,
  key = { "x" },                     -- the winner depends on x's shape and dtype only
  warmup = 1, reps = 3,
}

local worst = 0
for _, shape in ipairs({ { 200, 150 }, { 64, 300 } }) do
  local R, C = shape[1], shape[2]
  local x = tl.rand({ R, C }, tl.f32, R)
  local y = tl.zeros({ R, C }, tl.f32)
  scale(x, y, 2.0)                   -- tunes for this shape, then launches the winner
  for i = 0, R - 1 do
    for j = 0, C - 1 do worst = math.max(worst, math.abs(y:get(i, j) - 2.0 * x:get(i, j))) end
  end
  local cfg, index = scale:best(x, y, 2.0)
  print(("autotune: %dx%d -> cfg %d (%s, %dx%d tiles, vec %d)"):format(R, C, index, cfg.pattern, cfg.rows, cfg.cols, cfg.vec))
end
print(scale:report())

-- hints only: one kernel, replace_hints per config (hints never change results)
local copy = build { rows = 64, cols = 64, vec = 4, pattern = "thread_raked" }
local hinted = tl.autotune {
  kernel = copy,
  configs = { { occupancy = 1 }, { occupancy = 2 }, { occupancy = 4 } },
  grid = function(_, x) return { (x:shape()[2] + 63) // 64, (x:shape()[1] + 63) // 64 } end,
}
local x = tl.rand({ 100, 100 }, tl.f32, 7)
local y = tl.zeros({ 100, 100 }, tl.f32)
hinted(x, y, -1.0)
for i = 0, 99 do
  for j = 0, 99 do worst = math.max(worst, math.abs(y:get(i, j) + x:get(i, j))) end
end
print(hinted:report())
local s = scale:stats()
print(("autotune: %d tuning(s), %d timing run(s), %d cache hit(s), max error %g"):format(s.tunings, s.timing_runs, s.cache_hits, worst))
if worst ~= 0 then io.stderr:write("autotune: MISMATCH\n"); os.exit(1) end
print("autotune: ok")
