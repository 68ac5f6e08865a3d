-- encoding_property.lua - random valid encodings (random split of random H components between P
-- and Y, random orders, random replication): coord agrees with a reference mixed-radix model
-- written here, every element is covered once per replica group, owner inverts coord (lowest
-- replica) and check() agrees.
local T = require "testing"
math.randomseed(4242)

local function key(c) return c[1] .. ":" .. c[2] end

local function reference(e)
  local len = {}
  for k, r in ipairs(e.r) do len["0:" .. (k - 1)] = r end
  for d, hs in ipairs(e.h) do for k, l in ipairs(hs) do len[d .. ":" .. (k - 1)] = l end end
  local plen = {}
  for i, comps in ipairs(e.p) do
    local n = 1
    for _, c in ipairs(comps) do n = n * len[key(c)] end
    plen[i] = n
  end
  return function(t, y)
    local digit, rest = {}, t
    for i = #e.p, 1, -1 do
      local pi = rest % plen[i]
      rest = rest // plen[i]
      for j = #e.p[i], 1, -1 do
        local l = len[key(e.p[i][j])]
        digit[key(e.p[i][j])] = pi % l
        pi = pi // l
      end
    end
    rest = y
    for i = #e.y, 1, -1 do
      local l = len[key(e.y[i])]
      digit[key(e.y[i])] = rest % l
      rest = rest // l
    end
    local coord = {}
    for d, hs in ipairs(e.h) do
      local x = 0
      for k, l in ipairs(hs) do x = x * l + digit[d .. ":" .. (k - 1)] end
      coord[d] = x
    end
    local g = 0
    for k, r in ipairs(e.r) do g = g * r + (digit["0:" .. (k - 1)] or 0) end
    return coord, g
  end
end

for trial = 1, 120 do
  for _, np in ipairs{1, 2} do
    local e = {r = {}, h = {}, p = {}, y = {}}
    local comps = {}
    for d = 1, math.random(1, 3) do
      e.h[d] = {}
      for k = 1, math.random(1, 3) do
        e.h[d][k] = math.random(1, 4)
        comps[#comps + 1] = {d, k - 1}
      end
    end
    for i = #comps, 2, -1 do
      local j = math.random(i)
      comps[i], comps[j] = comps[j], comps[i]
    end
    for i = 1, np do e.p[i] = {} end
    local to_p = math.random(0, math.min(#comps, 6))
    for i = 1, to_p do table.insert(e.p[math.random(np)], comps[i]) end
    for i = to_p + 1, #comps do e.y[#e.y + 1] = comps[i] end
    if math.random(2) == 1 then
      e.r[1] = math.random(2, 3)
      local pd = e.p[math.random(np)]
      table.insert(pd, math.random(1, #pd + 1), {0, 0})
    end
    for i = 1, np do
      if #e.p[i] == 0 then
        e.r[#e.r + 1] = 1
        e.p[i][1] = {0, #e.r - 1}
      end
    end
    local d = tl.encoding(e)
    local ref = reference(e)
    local cells, count = 1, {}
    for _, l in ipairs(d.lengths) do cells = cells * l end
    for t = 0, d.threads - 1 do
      for y = 0, d:elements() - 1 do
        local c, g = ref(t, y)
        T.eq(d:coord(t, y), c, "coord vs reference, trial " .. trial)
        local idx = 0
        for i, x in ipairs(c) do idx = idx * d.lengths[i] + x end
        idx = g * cells + idx
        count[idx] = (count[idx] or 0) + 1
        local ot, oy = d:owner(c)
        T.eq(oy, y, "owner element")
        local _, og = ref(ot, oy)
        T.eq(og, 0, "owner is in replica group 0")
        T.eq(d:coord(ot, oy), c, "owner inverts coord")
      end
    end
    for idx = 0, d.replicas * cells - 1 do T.eq(count[idx], 1, "covered once, trial " .. trial) end
    T.eq(d:check(), true, "check, trial " .. trial)
  end
end
