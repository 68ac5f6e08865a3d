-- bank_xor_swizzle.lua - the same column read through an XOR swizzle (col ^ row) is 1-way.
local T = require "testing"

for col = 0, 31 do
  local offsets = {}
  for row = 0, 31 do offsets[#offsets + 1] = row * 32 + (col ~ row) end
  local degree, d = tl.bank_conflicts{offsets = offsets, elem_bytes = 4, target = "sm_90"}
  T.eq(degree, 1, "swizzled column " .. col)
  local seen = {}
  for t = 1, 32 do
    T.eq(seen[d.thread_banks[t]], nil, "bank used twice")
    seen[d.thread_banks[t]] = true
  end
end
-- the row read stays conflict-free through the swizzle
for row = 0, 31 do
  local offsets = {}
  for col = 0, 31 do offsets[#offsets + 1] = row * 32 + (col ~ row) end
  T.eq(tl.bank_conflicts{offsets = offsets}, 1, "swizzled row " .. row)
end
