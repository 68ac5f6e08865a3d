-- A config that fails to build, to launch or to be measured is skipped with its error in the
-- report; the others still compete. Configs of hints (kernel = k) that replace_hints refuses too.
local T = require "testing"
local function build(cfg)
  if cfg.broken then error("no kernel for broken configs") end
  if cfg.not_kernel then return 42 end
  return tl.kernel {
    name = "neg", block = cfg.block,
    params = { { "x", tl.tensor(tl.f32, 1) }, { "y", tl.tensor(tl.f32, 1) } },
    body = function(k, p)
      local i = k.block_id(0) * cfg.block + k.thread_id()
      local m = tl.lt(i, p.x:shape(0))
      p.y:store({ i }, -p.x:load({ i }, { mask = m }), { mask = m })
    end,
  }
end
local configs = {
  { block = 32, broken = true },                 -- build raises
  { block = 64, grid_zero = true },              -- launch refuses grid {0}
  { block = 2048 },                              -- tl.kernel refuses the block size
  { block = 64, bad_time = true },               -- measure returns no number
  { block = 64, not_kernel = true },             -- build returns something else
  { block = 128 },                               -- the only one that works
}
local tuned = tl.autotune {
  name = "neg", configs = configs, build = build,
  grid = function(cfg, x) return { cfg.grid_zero and 0 or (x:shape()[1] + cfg.block - 1) // cfg.block } end,
  measure = function(run, cfg) run(); if cfg.bad_time then return "fast" end return 1e-3 end,
}
local x, y = tl.rand({ 300 }, tl.f32, 9), tl.zeros({ 300 }, tl.f32)
tuned(x, y)
for i = 0, 299, 13 do T.eq(y:get(i), -x:get(i), "y[" .. i .. "]") end
local _, index = tuned:best(x, y)
T.eq(index, 6, "the only config that works")
local r = tuned:report()
for _, want in ipairs({
  "cfg 1 {block=32, broken=true}: failed: build: ",
  "no kernel for broken configs",
  "cfg 2 {block=64, grid_zero=true}: failed: launch: ",
  "grid[1] must be a positive integer (got 0)",
  "cfg 3 {block=2048}: failed: build: ",
  "block must be an integer in 1..1024",
  "cfg 4 {bad_time=true, block=64}: failed: measure returned fast, not a time in seconds",
  "cfg 5 {block=64, not_kernel=true}: failed: build: build returned number, not a tl.kernel",
  "* cfg 6 {block=128}: 1.00 ms",
}) do
  assert(r:find(want, 1, true), "report lacks [" .. want .. "]:\n" .. r)
end

-- hints: replace_hints per config; a refused hint is a failed config
local k = build { block = 64 }
local hinted = tl.autotune {
  kernel = k, configs = { { occupancy = 0 }, { occupancy = 2 }, { speed = 3 } },
  grid = { 5 },
  measure = function(run) return run() end,
}
local y2 = tl.zeros({ 300 }, tl.f32)
hinted(x, y2)
T.eq(y2:max_abs_diff(y), 0.0, "the hinted kernel computes the same")
local _, hi = hinted:best(x, y2)
T.eq(hi, 2, "the only valid hint config")
local hr = hinted:report()
assert(hr:find("occupancy must be an integer in 1..32 (got 0)", 1, true), hr)
assert(hr:find("unknown hint 'speed'", 1, true), hr)
T.eq(k:launch_count(), 0, "the base kernel itself is not launched")
print("autotune failing: ok")
