-- k:range_while(lo, hi, step, fn, go, ...): a run-time loop whose threads also leave once their condition is
-- false (the IR's for "while carry 0"): a per-thread trip count decided while the loop runs, checked against Lua;
-- the pattern of a persistent kernel that takes work tiles from a counter until none are left (every tile once,
-- by whichever block asks first); a false condition runs no iteration; the IR and the generated source; errors.
local T = require "testing"

-- per thread: the sum 0 + 1 + 2 + ... until it reaches the thread's limit (or the range ends at 40 terms)
local sums = tl.kernel { name = "rw_sums", block = 64,
  params = { { "lim", tl.tensor(tl.i32, 1) }, { "sum", tl.tensor(tl.i32, 1) }, { "trips", tl.tensor(tl.i32, 1) } },
  body = function(k, p)
    local t = k.thread_id()
    local lim = p.lim:load({ t })
    local s, n = k:range_while(0, 40, 1, function(i, s, n)
      local s2 = s + i
      return tl.lt(s2, lim), s2, n + 1
    end, tl.lt(0, lim), 0, 0)
    p.sum:store({ t }, s)
    p.trips:store({ t }, n)
  end }
local lim, sum, trips = tl.empty({ 64 }, tl.i32), tl.zeros({ 64 }, tl.i32), tl.zeros({ 64 }, tl.i32)
for t = 0, 63 do lim:set(t, (t * 37) % 900 - 5) end -- some <= 0 (no iteration), some past 40 terms (780)
sums({ 1 }, lim, sum, trips)
for t = 0, 63 do
  local l, s, n = lim:get(t), 0, 0
  if 0 < l then
    for i = 0, 39 do
      s, n = s + i, n + 1
      if not (s < l) then break end
    end
  end
  T.eq(sum:get(t), s, "thread " .. t .. ": sum")
  T.eq(trips:get(t), n, "thread " .. t .. ": trips")
end
local ir = sums:ir()
T.eq(ir:find("while carry 0", 1, true) ~= nil, true, "the IR's for says while carry 0")
local src = sums:source("sm_90")
T.eq(src:find("for %(int v%d+ = v%d+; v%d+ < v%d+ && v%d+; v%d+ %+= v%d+%)") ~= nil, true, "the C loop tests the condition")
T.eq(sums:source("gfx942"):find("&& v", 1, true) ~= nil, true, "the AMD source too")

-- work tiles from a counter: thread 0 takes the next tile (atomic add on a counter), the block reads it from LDS;
-- the loop runs until the counter passes the last tile, so each block runs as many tiles as it manages to take.
-- Which block takes which tile depends on the schedule (the GPU's differs from the executor's), so the kernel
-- writes only what does not: each tile's result, a count of runs a tile (atomic adds: 1 each) and the sum of the
-- blocks' trip counts
local tiles = tl.kernel { name = "rw_tiles", block = 64,
  params = { { "ctr", tl.tensor(tl.i32, 1) }, { "out", tl.tensor(tl.i32, 1) }, { "runs", tl.tensor(tl.i32, 1) },
             { "trips", tl.tensor(tl.i32, 1) }, { "total", tl.i32 } },
  body = function(k, p)
    local l = k:lds(tl.i32, { 1 })
    local t = k.thread_id()
    local function take()
      k:when(tl.eq(t, 0), function() l:store({ 0 }, p.ctr:atomic_add({ 0 }, 1, { old = true, order = "relaxed" })) end)
      k:sync()
      local w = l:load({ 0 })
      k:sync() -- (read by every thread before thread 0 writes the next)
      return w
    end
    local w0 = take()
    local _, n = k:range_while(0, p.total, 1, function(_, w, n)
      p.out:store({ w * 64 + t }, w * 1000 + t)
      k:when(tl.eq(t, 0), function() p.runs:atomic_add({ w }, 1) end)
      local nw = take()
      return tl.lt(nw, p.total), nw, n + 1
    end, tl.lt(w0, p.total), w0, 0)
    k:when(tl.eq(t, 0), function() p.trips:atomic_add({ 0 }, n) end)
  end }
local total, nb = 37, 5
local ctr, out = tl.zeros({ 1 }, tl.i32), tl.full({ total * 64 }, -1, tl.i32)
local runs, trips = tl.zeros({ total }, tl.i32), tl.zeros({ 1 }, tl.i32)
tiles({ nb }, ctr, out, runs, trips, total)
for w = 0, total - 1 do
  for t = 0, 63 do T.eq(out:get(w * 64 + t), w * 1000 + t, ("tile %d thread %d"):format(w, t)) end
  T.eq(runs:get(w), 1, "tile " .. w .. " run once")
end
T.eq(trips:get(0), total, "the blocks' trip counts add up to the tiles")
-- each block took one ticket past the last tile (its exit), so the counter is total + blocks
T.eq(ctr:get(0), total + nb, "the counter")

-- a false condition runs no iteration: the results are the inits
local none = tl.kernel { name = "rw_none", block = 64, params = { { "y", tl.tensor(tl.i32, 1) } },
  body = function(k, p)
    local a, b = k:range_while(0, 10, 1, function(i, a, b) return true, a + i, b + 1 end, false, 7, 9)
    p.y:store({ k.thread_id() }, a * 100 + b)
  end }
local y = tl.zeros({ 64 }, tl.i32)
none({ 1 }, y)
for t = 0, 63 do T.eq(y:get(t), 709, "no iteration: the inits") end

-- errors, at the script's line, naming the rule
local function bad(body)
  return tl.kernel { name = "rw_bad", block = 64, params = { { "y", tl.tensor(tl.i32, 1) } }, body = body }
end
T.raises(function() bad(function(k, p) k:range_while(0, 4, 1, function(i, a) return true, a end, 1, 0) end)({ 1 }, y) end,
         "k:range_while: the condition go must be a boolean or a bool Value such as tl.lt(a, b) (got number)")
T.raises(function() bad(function(k, p) k:range_while(0, 4, 1, function(i, a) return a, a end, true, 0) end)({ 1 }, y) end,
         "k:range_while: the body must return the condition (a boolean or a bool Value) first, then its 1 carried value(s) (got i32)")
T.raises(function() bad(function(k, p) k:range_while(0, 4, 1, function(i, a) return true end, true, 0) end)({ 1 }, y) end,
         "k:range_while: the body must return the condition and its 1 carried value(s), it returned 1 value(s)")
print("kernel_range_while: ok")
