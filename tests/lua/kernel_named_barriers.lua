-- role:named_barriers (lua/async.lua, src/exec_tasks.c): named barriers of a role's own, bar.sync and bar.arrive,
-- FlashAttention-3's warpgroup turns: a group waits at its own barrier until the group before it arrives there;
-- the order of the turns checked by values that depend on it; the executor's errors (a barrier index that differs
-- within the threads it runs together, part of a warp, an index outside the barriers, a wait nobody ends; more warps
-- than a barrier counts complete it more than once); the trace's rules; the sm_90 source.
local T = require "testing"
local registry = debug.getregistry()
local saved = registry["tilelua.warp"]
registry["tilelua.warp"] = 32

if tl.backend() == "cpu" or tl.target().tma then
  -- G groups of 4 warps take turns: group g waits at barrier g, then each of its threads folds its turn into the
  -- cell it shares with the other groups' threads (x = 3x + g + 1), then arrives at barrier g + 1; the last group
  -- gives group 0 the first turn. Any other order gives other values.
  local function turns(G, rounds, groups)
    return tl.kernel { name = "named_barriers_" .. G .. "_" .. rounds .. "_" .. tostring(groups), block = 128 * G,
      params = { { "out", tl.tensor(tl.i32, 1) } },
      body = function(k, p)
        local acc = k:lds(tl.i32, { 128 })
        k:roles { { name = "turns", warps = 4 * G, groups = groups, fn = function(role)
          local bars = role:named_barriers(G, 256)
          local g, t = k.warp_id() // 4, k.thread_id() % 128
          k:when(tl.eq(g, 0), function() acc:store({ t }, 0) end)
          role:sync()
          k:when(tl.eq(g, G - 1), function() bars:arrive(0) end)
          k:range(0, rounds, 1, function()
            bars:sync(g)
            acc:store({ t }, acc:load({ t }) * 3 + g + 1)
            bars:arrive((g + 1) % G)
          end)
          role:sync()
          p.out:store({ k.thread_id() }, acc:load({ t }))
        end } }
      end }
  end
  local function expect(G, rounds)
    local x = 0
    for _ = 1, rounds do for g = 0, G - 1 do x = x * 3 + g + 1 end end
    return x
  end
  for _, c in ipairs { { 2, 5 }, { 3, 4 } } do
    local G, rounds = c[1], c[2]
    local out = tl.zeros({ 128 * G }, tl.i32)
    turns(G, rounds, 4)({ 2 }, out)
    local bad = 0
    for i = 0, 128 * G - 1 do if out:get(i) ~= expect(G, rounds) then bad = bad + 1 end end
    T.eq(bad, 0, string.format("%d groups take %d turns each in order (every thread's cell %d)", G, rounds, expect(G, rounds)))
  end
  if tl.backend() == "cpu" then
    -- without groups the role's threads run together: warps at different barriers in one task
    T.raises(function() turns(2, 1, nil)({ 1 }, tl.zeros({ 256 }, tl.i32)) end,
             "named barriers:sync(i): i = 1 here but 0 at thread 0")
    local function one(name, warps, groups, fn)
      return tl.kernel { name = "named_barriers_" .. name, block = 32 * warps, params = {},
        body = function(k) k:roles { { warps = warps, groups = groups, fn = fn(k) } } end }
    end
    -- part of a warp
    T.raises(function() one("part", 4, nil, function(k) return function(role)
      local bars = role:named_barriers(1, 128)
      k:when(tl.lt(k.thread_id(), 16), function() bars:arrive(0) end)
    end end)({ 1 }) end, "named barriers:arrive reached by part of a warp (threads 0..15 active)")
    -- four warps together at a barrier of two warps complete two phases, as on a GPU (no deadlock)
    one("twice", 4, nil, function() return function(role)
      local bars = role:named_barriers(1, 64)
      bars:sync(0)
      bars:sync(0)
    end end)({ 1 })
    -- three warps of one-warp groups at a barrier of two: the third waits for a fourth nobody sends
    T.raises(function() one("third", 3, 1, function() return function(role)
      local bars = role:named_barriers(1, 64)
      bars:sync(0)
    end end)({ 1 }) end, "wait at named barrier 0 of their role")
    -- groups of two warps at a barrier of three: a group's second warp falls in the next phase, which only its own
    -- first warp (held with it) would complete on a GPU: the executor says so
    T.raises(function() one("straddle", 4, 2, function() return function(role)
      local bars = role:named_barriers(1, 96)
      bars:sync(0)
      bars:sync(0)
      bars:sync(0)
    end end)({ 1 }) end, "completed the phase before, and on a GPU would go on, but the executor runs a group's warps together")
    -- an index outside the barriers, known only at run time
    T.raises(function() one("index", 4, 4, function(k) return function(role)
      local bars = role:named_barriers(2, 128)
      bars:sync(k.warp_id() // 4 + 2)
    end end)({ 1 }) end, "named barriers:sync(i): i = 2 is outside 0..1")
    -- a sync nobody completes: the executor names the deadlock
    T.raises(function() one("deadlock", 8, 4, function(k) return function(role)
      local bars = role:named_barriers(2, 256)
      bars:sync(k.warp_id() // 4)
    end end)({ 1 }) end, "deadlock")
  end
  -- the trace's rules
  local function traced(fn)
    return function()
      tl.kernel { name = "named_barriers_rules", block = 256, params = {},
        body = function(k) k:roles { { warps = 4, fn = function(role) fn(k, role) end }, { warps = 4, fn = function() end } } end
      }({ 1 })
    end
  end
  T.raises(traced(function(_, role) role:named_barriers(1, 48) end), "threads = 48: a barrier counts whole warps of 32")
  T.raises(traced(function(_, role) role:named_barriers(1, 256) end), "at most the role's 128 threads")
  T.raises(traced(function(_, role) role:named_barriers(0, 128) end), "n is the number of barriers, a positive integer")
  T.raises(traced(function(_, role) role:named_barriers(14, 128) end), "need named barriers 3..16, past the 15")
  T.raises(traced(function(_, role) role:named_barriers(2, 128):sync(2) end), "i = 2 is outside 0..1")
  local k2 = turns(2, 5, 4)
  k2({ 1 }, tl.zeros({ 256 }, tl.i32))
  local ir = k2:ir()
  T.eq(ir:find("named_bar sync 2 + ", 1, true) ~= nil and ir:find("named_bar arrive 2 + ", 1, true) ~= nil, true,
       "the IR prints the named barriers")
  local src = k2:source("sm_90")
  T.eq(src:find("bar.sync %0, 256;", 1, true) ~= nil and src:find("bar.arrive %0, 256;", 1, true) ~= nil, true,
       "bar.sync and bar.arrive with the id in a register")
  T.compiles(src, k2.name, "sm_90a", "named barriers for sm_90a")
  T.raises(function() k2:source("sm_80") end,
           "not available on sm_80: role:named_barriers: mbarriers and TMA copies exist on NVIDIA sm_90 (Hopper) and later only")
end

registry["tilelua.warp"] = saved
print("kernel_named_barriers: ok")
