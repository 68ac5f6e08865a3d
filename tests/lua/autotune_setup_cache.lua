-- In-place kernels: setup gives fresh arguments per timed launch, so the caller's tensor sees only
-- the real launch. The winner is put in the cache: a second tuned function with the same definition
-- (same build, configs, grid, measure) finds it and times nothing; a different definition re-tunes.
local T = require "testing"
local function build(cfg)
  return tl.kernel {
    name = "inc", block = cfg.block,
    params = { { "x", tl.tensor(tl.f32, 1) } },
    body = function(k, p)
      local i = k.block_id(0) * cfg.block + k.thread_id()
      local m = tl.lt(i, p.x:shape(0))
      p.x:store({ i }, p.x:load({ i }, { mask = m }) + 1.0, { mask = m })
    end,
  }
end
local setups = 0
local function define(configs)
  return tl.autotune {
    name = "inc", configs = configs, build = build,
    grid = function(cfg, x) return { (x:shape()[1] + cfg.block - 1) // cfg.block } end,
    setup = function(x) setups = setups + 1; return x:clone() end,
    warmup = 2, reps = 3,
  }
end
local configs = { { block = 32 }, { block = 64 } }
local first = define(configs)
local x = tl.zeros({ 100 }, tl.f32)
first(x)
T.eq({ x:get(0), x:get(99) }, { 1.0, 1.0 }, "only the real launch touched x")
T.eq(first:stats().timing_runs, 2 * (2 + 3), "warmup + reps per config, one launch each with setup")
T.eq(setups, 10, "setup ran once per timed launch")
local _, w1 = first:best(x)

local second = define(configs)
second(x)
T.eq(x:get(50), 2.0, "second launched")
local s = second:stats()
T.eq({ s.tunings, s.timing_runs, s.cache_hits }, { 0, 0, 1 }, "the winner came from the cache")
local _, w2 = second:best(x)
T.eq(w2, w1, "the same winner")
assert(second:report():find("(memory cache): best cfg " .. w1, 1, true), second:report())

local third = define({ { block = 32 }, { block = 64 }, { block = 128 } })
third(x)
T.eq(third:stats().tunings, 1, "other configs: tuned again")
print("autotune setup and cache: ok")
