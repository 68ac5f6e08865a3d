-- timing.lua - how the bench/*.lua scripts time GPU work (load with dofile; returns the table).
-- timeit(fn, reps, samples): one call of fn as a warm-up, then `samples` samples (default 5) of
-- `reps` calls each, each sample ended by tl.synchronize(); the median seconds per call.
-- bench(fn, seconds): each call alone between device events after an L2 flush (triton.testing.do_bench's way).
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

-- bench(fn[, seconds]): timed as triton.testing.do_bench times the peers (bench/peers_*.py, triton_*.py): before
-- each call a 256 MB buffer is rewritten on the device (the L2 holds none of the inputs, as after do_bench's cache
-- clearing), then the call between two device events; the median of the calls' event times, as many calls as fill
-- about `seconds` (default 0.05; 10 to 200). fn's host time is hidden behind the rewrite, as there; timeit above
-- charges a sample's first call's host time and keeps the L2 warm
local flush
function M.bench(fn, seconds)
  local std = require "tilelua.std"
  flush = flush or tl.zeros({ 64 * 1024 * 1024 }, tl.i32)
  local function rewrite() std.map(function(x) return x + 1 end, flush, flush) end
  rewrite()
  fn()
  tl.synchronize()
  local e0 = tl.event()
  fn()
  local est = e0:elapsed(tl.event())
  local n = math.max(10, math.min(200, math.floor((seconds or 0.05) / math.max(est, 1e-6))))
  local evs = {}
  for i = 1, n do
    rewrite()
    local a = tl.event()
    fn()
    evs[i] = { a, tl.event() }
  end
  tl.synchronize()
  local ts = {}
  for i, e in ipairs(evs) do ts[i] = e[1]:elapsed(e[2]) end
  return M.median(ts)
end

return M
