-- tl.autotune picks the config with the smallest measured time: timings injected through the
-- measure hook (each config still launches once through run()), the winner launched, results right.
local T = require "testing"
local function build(cfg)
  return tl.kernel {
    name = "axpy" .. cfg.block, block = cfg.block,
    params = { { "x", tl.tensor(tl.f32, 1) }, { "y", tl.tensor(tl.f32, 1) }, { "a", tl.f32 } },
    body = function(k, p)
      local i = k.block_id(0) * cfg.block + k.thread_id()
      local n = p.x:shape(0)
      p.y:store({ i }, p.a * p.x:load({ i }, { mask = tl.lt(i, n) }) + p.y:load({ i }, { mask = tl.lt(i, n) }), { mask = tl.lt(i, n) })
    end,
  }
end
local FAKE = { 3e-3, 1e-3, 2e-3 } -- config 2 "wins"
local measured = {}
local tuned = tl.autotune {
  name = "axpy",
  configs = { { block = 32 }, { block = 64 }, { block = 128 } },
  build = build,
  grid = function(cfg, x) return { (x:shape()[1] + cfg.block - 1) // cfg.block } end,
  measure = function(run, cfg, i)
    local t = run()
    assert(type(t) == "number" and t >= 0, "run() returns the seconds it took")
    measured[#measured + 1] = i
    return FAKE[i]
  end,
}
local N = 1000
local x, y = tl.rand({ N }, tl.f32, 3), tl.zeros({ N }, tl.f32)
tuned(x, y, 2.0) -- 3 timing runs add 2x three times, then the real launch once more
for i = 0, N - 1, 37 do T.near(y:get(i), 8.0 * x:get(i), 1e-5, "y[" .. i .. "] after 4 launches of y += 2x") end
T.eq(measured, { 1, 2, 3 }, "every config measured once, in order")
local cfg, index, kern = tuned:best(x, y, 2.0)
T.eq(index, 2, "the config with the smallest injected time wins")
T.eq(cfg.block, 64, "best returns the config")
T.eq(kern.name, "axpy64", "best returns the winner's kernel")
local s = tuned:stats()
T.eq({ s.tunings, s.timing_runs, s.launches }, { 1, 3, 1 }, "tunings, timing runs, launches")
tuned(x, y, 0.0)
T.eq(#measured, 3, "a known key does not re-tune")
T.eq(kern:launch_count() >= 2, true, "the winner's kernel ran the launches")
local r = tuned:report()
assert(r:find("* cfg 2 {block=64}: 1.00 ms", 1, true), r)
assert(r:find("cfg 1 {block=32}: 3.00 ms", 1, true), r)
assert(r:find("key [f32[1000],f32[1000]] (tuned here): best cfg 2", 1, true), r)
assert(tostring(tuned):find("Autotune{name=axpy, configs=3, keys=1}", 1, true), tostring(tuned))

-- the default measure: real timings, warmup + batches; the winner is one of the configs and correct
local real = tl.autotune { configs = { { block = 32 }, { block = 128 } }, build = build,
  grid = function(cfg, xx) return { (xx:shape()[1] + cfg.block - 1) // cfg.block } end, warmup = 1, reps = 2 }
local y2 = tl.zeros({ N }, tl.f32)
real(x, y2, 0.5)
local _, w = real:best(x, y2, 0.5)
assert(w == 1 or w == 2, "a winner")
T.eq(real:stats().timing_runs >= 2 * (1 + 1 + 2), true, "warmup, estimate and reps per config")
local want = 0.5 * (real:stats().timing_runs + 1)
for i = 0, N - 1, 91 do T.near(y2:get(i), want * x:get(i), 1e-3 * want, "y2[" .. i .. "]") end
print("autotune injected: ok")
