-- curve_property.lua - random curves (1-4 dims, random orders/vectors, with and without snake):
-- index() matches an independent mixed-radix reference, every element is visited exactly once,
-- and a snake curve only ever moves to a neighbouring access.
local T = require "testing"
math.randomseed(20240603)

local function reference(lengths, order, vector, snake, i)
  local n, al = #lengths, {}
  for d = 1, n do al[d] = (lengths[d] + vector[d] - 1) // vector[d] end
  local ordered, rest = {}, i
  for k = n, 1, -1 do
    local len = al[order[k] + 1]
    ordered[k] = rest % len
    rest = rest // len
  end
  local idx, prefix = {}, 0
  for k = 1, n do
    local dim, len = order[k] + 1, al[order[k] + 1]
    local v = ordered[k]
    if snake and prefix % 2 == 1 then v = len - 1 - v end
    prefix = prefix * len + ordered[k]
    idx[dim] = v * vector[dim]
  end
  return idx
end

for trial = 1, 400 do
  local n = math.random(1, 4)
  local lengths, vector, order = {}, {}, {}
  for d = 1, n do
    lengths[d] = math.random(1, 9)
    vector[d] = math.random(1, lengths[d])
    order[d] = d - 1
  end
  for d = n, 2, -1 do
    local k = math.random(1, d)
    order[d], order[k] = order[k], order[d]
  end
  local snake = trial % 2 == 0
  local c = tl.curve{lengths = lengths, order = order, vector = vector, snake = snake}
  local what = tostring(c)
  local want_access = 1
  for d = 1, n do want_access = want_access * ((lengths[d] + vector[d] - 1) // vector[d]) end
  T.eq(c:num_access(), want_access, what .. " num_access")

  local seen, total, count = {}, 1, 0
  for d = 1, n do total = total * lengths[d] end
  local prev
  for i, idx in c:accesses() do
    T.eq(idx, reference(lengths, order, vector, snake, i), what .. " index(" .. i .. ")")
    local valid = c:valid(i)
    -- visit the access's in-bounds box
    local off = {}
    for d = 1, n do
      T.eq(valid[d], math.min(vector[d], lengths[d] - idx[d]), what .. " valid(" .. i .. ")")
      off[d] = 0
    end
    repeat
      local e = 0
      for d = 1, n do e = e * lengths[d] + idx[d] + off[d] end
      assert(not seen[e], what .. ": element " .. e .. " visited twice")
      seen[e] = true
      count = count + 1
      local d = n
      while d >= 1 do
        off[d] = off[d] + 1
        if off[d] < valid[d] then break end
        off[d] = 0
        d = d - 1
      end
    until d < 1
    if snake and prev then
      local moved = 0
      for d = 1, n do moved = moved + math.abs(idx[d] - prev[d]) // vector[d] end
      T.eq(moved, 1, what .. " snake step into access " .. i)
    end
    prev = idx
  end
  T.eq(count, total, what .. ": elements visited")
end
