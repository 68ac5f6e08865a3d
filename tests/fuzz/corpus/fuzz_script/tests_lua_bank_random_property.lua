-- bank_random_property.lua - random accesses (warp 32 and 64) against a direct Lua reference.
local T = require "testing"
math.randomseed(20240603)

-- reference: per contiguous phase, distinct 4-byte words per bank, max over banks and phases
local function reference(offs, eb, vec)
  local bytes = eb * vec
  local lanes = math.min(32, 128 // math.max(4, bytes))
  local worst = 0
  for p0 = 1, #offs, lanes do
    local words, per_bank = {}, {}
    for t = p0, math.min(p0 + lanes - 1, #offs) do
      local a = offs[t] * eb
      for w = a // 4, (a + bytes - 1) // 4 do
        if not words[w] then
          words[w] = true
          local b = w % 32
          per_bank[b] = (per_bank[b] or 0) + 1
          worst = math.max(worst, per_bank[b])
        end
      end
    end
  end
  return worst
end

local sizes = {{4, 1}, {2, 1}, {1, 1}, {4, 2}, {8, 1}, {4, 4}, {2, 8}, {2, 4}, {8, 2}}
for iter = 1, 1500 do
  local warp = iter % 2 == 0 and 64 or 32
  local s = sizes[math.random(#sizes)]
  local eb, vec = s[1], s[2]
  local span = math.random(1, 600)
  local offs = {}
  for t = 1, warp do offs[t] = math.random(0, span) * vec end
  local got, d = tl.bank_conflicts{offsets = offs, elem_bytes = eb, vector = vec}
  local want = reference(offs, eb, vec)
  if got ~= want then
    error(string.format("iter %d warp %d eb %d vec %d: got %d want %d", iter, warp, eb, vec, got, want))
  end
  T.eq(d.warp, warp, "model chosen by count")
  -- invariants: 1 <= degree <= lanes per phase * words per lane; cycles = sum of phase degrees
  local sum = 0
  for _, x in ipairs(d.phase_degrees) do sum = sum + x end
  T.eq(d.cycles, sum, "cycles")
  assert(got >= 1 and got <= warp * 4, "degree range")
end
