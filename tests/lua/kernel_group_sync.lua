-- k:sync{warps = n}: a group barrier. Each 4-warp group (a warpgroup on NVIDIA) writes its rows of an
-- LDS tile, meets only its own threads, then reads rows its other warps wrote (reversed within the
-- group); on a GPU with named barriers, the groups run on independently. The source: named barrier
-- 1 + group on NVIDIA, a block barrier on AMD; the IR names the group; bad groups are errors.
local T = require "testing"
local registry = debug.getregistry()
local saved = registry["tilelua.warp"]
registry["tilelua.warp"] = 32
if tl.backend() ~= "cpu" and tl.default_warp() ~= 32 then
  print("skipped: the test is written for warps of 32")
  return
end
local G = 128 -- threads a group
local flip = tl.kernel {
  name = "group_flip", block = 256, warp = 32,
  params = { { "x", tl.tensor(tl.f32, 1) }, { "y", tl.tensor(tl.f32, 1) } },
  body = function(k, p)
    local tid = k.thread_id()
    local base = k.block_id(0) * 256
    local lds = k:lds(tl.f32, { 256 })
    -- two rounds through the same buffer: the second write needs the group's reads of the first done
    local acc
    for r = 1, 2 do
      lds:store({ tid }, p.x:load({ base + tid }) * r)
      k:sync { warps = 4 }
      local g0 = (tid // G) * G
      local v = lds:load { g0 + (G - 1 - (tid - g0)) }
      acc = acc and acc + v or v
      k:sync { warps = 4 }
    end
    p.y:store({ base + tid }, acc)
  end,
}
local n = 256 * 5
local x = tl.rand({ n }, tl.f32, 7)
local y = tl.zeros({ n }, tl.f32)
flip({ 5 }, x, y)
local bad = 0
for i = 0, n - 1 do
  local b, t = i // 256, i % 256
  local g0 = (t // G) * G
  local src = b * 256 + g0 + (G - 1 - (t - g0))
  if math.abs(y:get(i) - x:get(src) * 3) > 1e-6 then bad = bad + 1 end -- (3x rounded to f32)
end
T.eq(bad, 0, "elements read back from the wrong thread's write")
T.eq(flip:ir():find("barrier groups of 128 threads", 1, true) ~= nil, true, "the IR names the group")
T.eq(flip:source("sm_90"):find('bar.sync %0, 128;" :: "r"(1u + threadIdx.x / 128u)', 1, true) ~= nil, true,
     "NVIDIA: named barrier 1 + group")
local amd = flip:source("gfx942")
T.eq(amd:find("bar.sync", 1, true), nil, "AMD: no named barriers")
T.eq(select(2, amd:gsub("__syncthreads%(%)", "")) >= 4, true, "AMD: block barriers")
-- errors: a group that does not divide the block, more than 15 groups, a bad option, inside a role
local function kern(body, block)
  return tl.kernel { name = "bad_group", block = block or 256, warp = 32, params = {}, body = body }
end
T.raises(function() kern(function(k) k:sync { warps = 3 } end)({ 1 }) end,
  "k:sync{warps = 3}: the group must be a whole number of warps that divides the block's 8 warps into at most 15 groups")
T.raises(function() kern(function(k) k:sync { warps = 1 } end, 1024)({ 1 }) end,
  "k:sync{warps = 1}: the group must be a whole number of warps that divides the block's 32 warps into at most 15 groups")
T.raises(function() kern(function(k) k:sync { warps = 2.5 } end)({ 1 }) end, "k:sync{warps = 2.5}")
T.raises(function() kern(function(k) k:sync { group = 4 } end)({ 1 }) end, "k:sync: unknown option 'group' (options: warps)")
T.raises(function() kern(function(k) k:sync(4) end)({ 1 }) end, "k:sync(opts): opts must be a table {warps = n} (got number)")
-- a whole block's worth of warps is the block barrier itself
local whole = kern(function(k) k:sync { warps = 8 } end)
whole({ 1 })
T.eq(whole:ir():find("groups of", 1, true), nil, "warps = the block's: a plain barrier")
-- role:sync{warps = 4}: the same within a role (consumer warpgroups behind a producer warpgroup); their
-- named barriers come after the roles' own (1 and 2): 3 + group
local rflip = tl.kernel {
  name = "role_group_flip", block = 384, warp = 32,
  params = { { "x", tl.tensor(tl.f32, 1) }, { "y", tl.tensor(tl.f32, 1) } },
  body = function(k, p)
    local base = k.block_id(0) * 256
    local lds = k:lds(tl.f32, { 256 })
    k:roles {
      { name = "producer", warps = 4, fn = function() end },
      { name = "consumers", warps = 8, fn = function(role)
        local tid = role:tid()
        lds:store({ tid }, p.x:load({ base + tid }))
        role:sync { warps = 4 }
        local g0 = (tid // G) * G
        p.y:store({ base + tid }, lds:load { g0 + (G - 1 - (tid - g0)) })
      end },
    }
  end,
}
y = tl.zeros({ n }, tl.f32)
rflip({ 5 }, x, y)
bad = 0
for i = 0, n - 1 do
  local b, t = i // 256, i % 256
  local g0 = (t // G) * G
  if y:get(i) ~= x:get(b * 256 + g0 + (G - 1 - (t - g0))) then bad = bad + 1 end
end
T.eq(bad, 0, "role groups: elements read back from the wrong thread's write")
T.eq(rflip:ir():find("role_sync 3, 256 threads in groups of 128", 1, true) ~= nil, true, "the IR names the role's groups")
T.eq(rflip:source("sm_90"):find('bar.sync %0, 128;" :: "r"(3u + (threadIdx.x / 128u) % 2u)', 1, true) ~= nil, true,
     "NVIDIA: the group's named barrier after the roles'")
-- two roles with groups: their ranges of named barriers do not overlap (role 1: 3 and 4, role 2: 5..8)
local two = tl.kernel { name = "two_role_groups", block = 384, warp = 32, params = {}, body = function(k)
  k:roles { { warps = 4, fn = function(role) role:sync { warps = 2 } end }, { warps = 8, fn = function(role) role:sync { warps = 2 } end } }
end }
two({ 1 })
local tsrc = two:source("sm_90")
T.eq(tsrc:find('"r"(3u + (threadIdx.x / 64u) % 2u)', 1, true) ~= nil, true, "role 1's groups: barriers 3, 4")
T.eq(tsrc:find('"r"(5u + (threadIdx.x / 64u) % 4u)', 1, true) ~= nil, true, "role 2's groups: barriers 5..8")
local function rkern(first_warps, n)
  return tl.kernel { name = "bad_role_group", block = 32 * (first_warps + 8), warp = 32, params = {}, body = function(k)
    k:roles { { warps = first_warps, fn = function() end }, { warps = 8, fn = function(role) role:sync { warps = n } end } }
  end }
end
T.raises(function() rkern(4, 3)({ 1 }) end,
  "role:sync{warps = 3}: the group must be a whole number of warps that divides the role's 8 warps (threads 128..383) into aligned groups")
T.raises(function() rkern(1, 4)({ 1 }) end,
  "role:sync{warps = 4}: the group must be a whole number of warps that divides the role's 8 warps (threads 32..287) into aligned groups")
T.raises(function()
  tl.kernel { name = "many_groups", block = 640, warp = 32, params = {}, body = function(k)
    k:roles { { warps = 4, fn = function() end }, { warps = 16, fn = function(role) role:sync { warps = 1 } end } }
  end }({ 1 })
end, "role:sync{warps = 1}: 16 groups need named barriers 3..18, past the 15 a block has (the roles take 1..2)")
registry["tilelua.warp"] = saved
-- a group barrier outside the roles of a kernel that has roles: the named barriers would collide
registry["tilelua.warp"] = 32
T.raises(function()
  tl.kernel { name = "mixed", block = 256, warp = 32, params = {}, body = function(k)
    k:roles { { warps = 2, fn = function(role) role:sync() end }, { warps = 6, fn = function(role) role:sync() end } }
    k:sync { warps = 4 }
  end }({ 1 })
end, "a group barrier (k:sync{warps = n}) in a kernel with roles: their named barriers would collide")
registry["tilelua.warp"] = saved
