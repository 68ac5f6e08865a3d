-- timing.lua - how the bench/*.lua scripts time GPU work (load with dofile; returns the table).
-- timeit(fn, reps, samples): one call of fn as a warm-up (the process's first timeit: calls for 0.2 s), then `samples`
-- samples (default 5) of `reps` calls each, each sample ended by tl.synchronize(); the median seconds per call.
-- do_bench(fn, n): as triton's do_bench times the peers (bench/peers_attention.py's default): before each of n calls a
-- 256 MB buffer is cleared (the L2 cache cold), the call alone between two device events, read after the last call;
-- the median seconds.
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

-- (the first timeit of a process first runs fn for WARM seconds: a GPU just out of idle is not at full clock yet, and
-- a process's first case read 10-15% slow against the same kernel timed later, bench/RESULTS.md 2026-11-29 session 36)
local WARM, warmed = 0.2, false
local function warm(fn)
  fn()
  tl.synchronize()
  if not warmed then
    warmed = true
    local t0 = tl.clock()
    repeat
      for _ = 1, 10 do fn() end
      tl.synchronize()
    until tl.clock() - t0 >= WARM
  end
end
function M.timeit(fn, reps, samples)
  warm(fn)
  local ts = {}
  for _ = 1, samples or 5 do
    local t0 = tl.clock()
    for _ = 1, reps do fn() end
    tl.synchronize()
    ts[#ts + 1] = (tl.clock() - t0) / reps
  end
  return M.median(ts)
end

-- (one function for every clear, so std.map builds its kernel once)
local cache
local function zero(x) return x * 0 end
function M.do_bench(fn, n)
  local std = require "tilelua.std"
  warm(fn)
  cache = cache or tl.zeros({ 64 * 1024 * 1024 }, tl.i32)
  -- (the events read once all n calls are queued, as triton's: the host runs ahead, so its time to queue a call is
  -- inside the events only where it outlasts the clear before it)
  local marks = {}
  for i = 1, n do
    std.map(zero, cache, cache)
    local e0 = tl.event()
    fn()
    marks[i] = { e0, tl.event() }
  end
  local ts = {}
  for i = 1, n do ts[i] = marks[i][1]:elapsed(marks[i][2]) end
  return M.median(ts)
end

return M
