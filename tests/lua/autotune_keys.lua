-- The winner is remembered per key: by default every tensor argument's dtype and shape; or a list
-- of argument positions / parameter names (a scalar's value counts); or a key function.
local T = require "testing"
local function build(cfg)
  return tl.kernel {
    name = "fill", block = cfg.block,
    params = { { "y", tl.tensor(tl.f32, 1) }, { "v", tl.f32 } },
    body = function(k, p)
      local i = k.block_id(0) * cfg.block + k.thread_id()
      p.y:store({ i }, p.v, { mask = tl.lt(i, p.y:shape(0)) })
    end,
  }
end
local grid = function(cfg, y) return { (y:shape()[1] + cfg.block - 1) // cfg.block } end
local configs = { { block = 32 }, { block = 64 } }
-- injected: config 1 wins below 100 elements, config 2 from 100 on
local current_n
local function measure(run, cfg)
  run()
  return (current_n < 100) == (cfg.block == 32) and 1e-3 or 2e-3
end
local function tuned_with(key)
  return tl.autotune { configs = configs, build = build, grid = grid, key = key, measure = measure,
                       name = "fill_" .. tostring(key) }
end

local default = tuned_with(nil)
for _, n in ipairs({ 50, 500, 50, 500, 50 }) do
  current_n = n
  local y = tl.zeros({ n }, tl.f32)
  default(y, 7.0)
  T.eq({ y:get(0), y:get(n - 1) }, { 7.0, 7.0 }, "filled, n = " .. n)
  local cfg = default:best(y, 7.0)
  T.eq(cfg.block, n < 100 and 32 or 64, "winner for n = " .. n)
end
T.eq(default:stats().tunings, 2, "two shapes, two tunings")
T.eq(default:stats().timing_runs, 4, "2 keys x 2 configs")
T.eq(default:stats().launches, 5, "every call launched")
local r = default:report()
assert(r:find("key [f32[50]] (tuned here): best cfg 1", 1, true), r)
assert(r:find("key [f32[500]] (tuned here): best cfg 2", 1, true), r)
T.eq(tl._launch_facts and default:key_of(table.pack(tl.zeros({ 2, 3 }, tl.f32), 1.0)), "f32[2x3]", "default key: tensors only")

-- key by parameter name and position: the scalar v's value is part of the key
local by_name = tuned_with({ "y", 2 })
current_n = 10
by_name(tl.zeros({ 10 }, tl.f32), 1.0)
by_name(tl.zeros({ 10 }, tl.f32), 2.0)
by_name(tl.zeros({ 10 }, tl.f32), 2.0)
T.eq(by_name:stats().tunings, 2, "v is in the key")
T.eq(by_name.key_order, { "f32[10],1.0", "f32[10],2.0" }, "keys")

-- a key function: one key for every shape, so one tuning
local one = tuned_with(function(y, v) return "all" end)
for _, n in ipairs({ 10, 20, 30 }) do current_n = n; one(tl.zeros({ n }, tl.f32), 1.0) end
T.eq(one:stats().tunings, 1, "one key")
T.raises(function() tuned_with(function() return {} end)(tl.zeros({ 4 }, tl.f32), 1.0) end,
  "key function must return a string (got table)")
T.raises(function() tuned_with({ "z" })(tl.zeros({ 4 }, tl.f32), 1.0) end,
  "key names parameter 'z', which kernel 'fill' does not have")
T.raises(function() tuned_with({ 0 }) end, "key[1] must be an argument position")
print("autotune keys: ok")
