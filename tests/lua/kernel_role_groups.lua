-- k:roles' groups (lua/async.lua, src/exec_tasks.c): a role whose groups of warps run apart on the executor, as warps
-- do on a GPU, so that one group may wait on an mbarrier another group of the same role arrives at later in the code
-- (FlashAttention-3's warpgroup turns); role:sync() then meets the groups' tasks; without groups the same kernel is a
-- deadlock on the executor; the rules' errors; the sm_90 source (the role is one role there).
local T = require "testing"
local registry = debug.getregistry()
local saved = registry["tilelua.warp"]
registry["tilelua.warp"] = 32

if tl.backend() == "cpu" or tl.target().tma then
  -- group 1 waits for the four arrivals of group 0's warps, which group 0 makes after its stores; then the whole
  -- role meets and each thread reads what a thread of the other group stored
  local function turns(groups, rounds)
    return tl.kernel { name = "role_groups_" .. tostring(groups) .. "_" .. rounds, block = 256,
      params = { { "out", tl.tensor(tl.i32, 1) } },
      body = function(k, p)
        local bar = k:mbarrier(2, 4)
        local buf = k:lds(tl.i32, { 256 })
        k:roles { { name = "both", warps = 8, groups = groups, fn = function(role)
          local g = k.warp_id() // 4
          local lane0 = tl.eq(k.thread_id() % 32, 0)
          -- rounds of turns: group g waits for its turn r, stores, hands the turn to the other group
          k:when(lane0, function() k:when(tl.eq(g, 1), function() bar:arrive(0) end) end)
          k:range(0, rounds, 1, function(r)
            bar:wait(g, r % 2)
            buf:store({ k.thread_id() }, k.thread_id() * 10 + r)
            k:when(lane0, function() bar:arrive((g + 1) % 2) end)
          end)
          role:sync()
          p.out:store({ k.thread_id() }, buf:load({ (k.thread_id() + 128) % 256 }))
        end } }
      end }
  end
  local out = tl.zeros({ 256 }, tl.i32)
  local k45 = turns(4, 5)
  k45({ 2 }, out)
  local bad = 0
  for i = 0, 255 do if out:get(i) ~= ((i + 128) % 256) * 10 + 4 then bad = bad + 1 end end
  T.eq(bad, 0, "five turns each of two groups of one role, then the role's barrier: every value the other group's")
  if tl.backend() == "cpu" then
    -- without groups the role's threads run together: group 1's wait holds up group 0, whose arrival would end it
    T.raises(function() turns(nil, 5)({ 1 }, tl.zeros({ 256 }, tl.i32)) end, "deadlock: wait on mbar0[1] for parity 0")
  end
  T.raises(function() turns(3, 1)({ 1 }, out) end, "k:roles: role 1: groups = 3: expected a number of warps that divides the role's 8")
  -- a group barrier wider than a group (two warpgroups of 4-warp groups of 2 warps) cannot meet across the groups' tasks
  local wide = tl.kernel { name = "role_groups_wide", block = 256, params = {},
    body = function(k)
      k:roles { { warps = 8, groups = 2, fn = function(role) role:sync { warps = 4 } end } }
    end }
  if tl.backend() == "cpu" then
    T.raises(function() wide({ 1 }) end, "role:sync{warps = 4}: a group barrier across the role's groups of 64 threads")
  end
  -- more tasks than the scheduler runs at once (16 groups of one warp and another role): an error, no role left out
  local many = tl.kernel { name = "role_groups_many", block = 17 * 32, params = {},
    body = function(k)
      k:roles { { warps = 16, groups = 1, fn = function() end }, { warps = 1, fn = function() end } }
    end }
  if tl.backend() == "cpu" then
    T.raises(function() many({ 1 }) end, "more than 16 roles and role groups run at once")
  end
  local src = k45:source("sm_90")
  T.eq(select(2, src:gsub("/%* role: threads", "")), 1, "one role in the source")
  T.compiles(src, "role_groups_4_5", "sm_90a", "a role with groups for sm_90a")
  T.eq(k45:ir():find("role threads 0..255 in groups of 4 warps", 1, true) ~= nil, true, "the IR names the groups")
end

registry["tilelua.warp"] = saved
print("kernel_role_groups: ok")
