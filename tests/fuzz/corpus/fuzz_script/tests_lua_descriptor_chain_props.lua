-- descriptor_chain_props.lua - random chains of bijective transforms keep offsets a permutation.
local T = require "testing"

local function iota(n) local t = {} for i = 1, n do t[i] = i - 1 end return t end

-- Every element of d, row-major over its top index.
local function all_offsets(d)
  local out, idx, lens = {}, {}, d.lengths
  for i = 1, #lens do idx[i] = 0 end
  for _ = 1, d.size do
    out[#out + 1] = d:offset(idx)
    for i = #lens, 1, -1 do
      idx[i] = idx[i] + 1
      if idx[i] < lens[i] then break end
      idx[i] = 0
    end
  end
  return out
end

-- One random bijective stage on top of d: a transpose, a split of one dim, a fusion of two
-- neighbouring dims, or an XOR of two dims whose second length is a power of two.
local function random_stage(d)
  local lens, n = d.lengths, d.ndim
  local kind = math.random(1, 4)
  local entries, up = {}, 0
  if kind == 1 or n == 1 and kind ~= 2 then -- transpose (a random permutation of the dims)
    local perm = iota(n)
    for i = n, 2, -1 do local j = math.random(1, i); perm[i], perm[j] = perm[j], perm[i] end
    for i = 1, n do entries[i] = {tl.pass_through(lens[i]), lower = {i - 1}, upper = {perm[i]}} end
    return d:transform(entries)
  end
  local pick = math.random(1, n)
  for i = 1, n do
    local len = lens[i]
    if kind == 2 and i == pick and n < 6 then
      local f = 1
      for c = 2, len do if len % c == 0 then f = c break end end
      entries[#entries + 1] = {tl.unmerge{f, len // f}, lower = {i - 1}, upper = {up, up + 1}}
      up = up + 2
    elseif kind == 3 and i == pick and i < n then
      entries[#entries + 1] = {tl.merge{len, lens[i + 1]}, lower = {i - 1, i}, upper = {up}}
      up = up + 1
    elseif kind == 3 and i == pick + 1 then
      -- consumed by the merge above
    elseif kind == 4 and i == pick and i < n and lens[i + 1] & (lens[i + 1] - 1) == 0 then
      entries[#entries + 1] = {tl.xor{len, lens[i + 1]}, lower = {i - 1, i}, upper = {up, up + 1}}
      up = up + 2
    elseif kind == 4 and i == pick + 1 and pick < n and len & (len - 1) == 0 then
      -- consumed by the xor above
    else
      entries[#entries + 1] = {tl.pass_through(len), lower = {i - 1}, upper = {up}}
      up = up + 1
    end
  end
  return d:transform(entries)
end

math.randomseed(20030)
local pow = {1, 2, 4, 8}
for trial = 1, 60 do
  local n = math.random(1, 3)
  local lens = {}
  for i = 1, n do lens[i] = math.random(1, 2) == 1 and pow[math.random(1, 4)] or math.random(1, 6) end
  local d = tl.descriptor{lengths = lens}
  for _ = 1, math.random(1, 5) do d = random_stage(d) end
  local offs = all_offsets(d)
  T.eq(#offs, d.size, "trial " .. trial .. ": size")
  local seen = {}
  for _, o in ipairs(offs) do
    assert(o >= 0 and o < d.size and not seen[o], "trial " .. trial .. ": not a permutation: " .. d:describe())
    seen[o] = true
  end
  -- :offsets() agrees with :offset() element by element
  T.eq(d:offsets(), offs, "trial " .. trial .. ": offsets()")
end
