-- timing.lua - how the bench/*.lua scripts time GPU work (load with dofile; returns the table).
-- timeit(fn, reps, samples): one call of fn as a warm-up, then `samples` samples (default 5) of
-- `reps` calls each, each sample ended by tl.synchronize(); the median seconds per call.
-- signed(shape, dtype, seed): a benchmark input, uniform in [-1, 1) (tl.rand in f32, mapped and cast
-- by std.map).
local M = {}

function M.signed(shape, dtype, seed)
  local std = require "tilelua.std"
  return std.map(function(x) return 2 * x - 1 end, tl.empty(shape, tl[dtype]), tl.rand(shape, tl.f32, seed))
end

function M.median(t)
  table.sort(t)
  return t[(#t + 1) // 2]
end

function M.timeit(fn, reps, samples)
  fn()
  tl.synchronize()
  local ts = {}
  for _ = 1, samples or 5 do
    local t0 = tl.clock()
    for _ = 1, reps do fn() end
    tl.synchronize()
    ts[#ts + 1] = (tl.clock() - t0) / reps
  end
  return M.median(ts)
end

return M
