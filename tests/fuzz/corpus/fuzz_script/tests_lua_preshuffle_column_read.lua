-- preshuffle_column_read.lua - a column of a 32x32 f32 tile sits in one bank; with the XOR preshuffle
-- (kpack 1: K0' = K0 ^ (M % 32)) the 32 rows of a column land in 32 different banks. Checked for
-- warps of 32 and 64 lanes reading rows 0..warp-1 of a warp x 32 tile.
local T = require "testing"

local function degree(desc, rows, col)
  local count, worst = {}, 0
  for m = 0, rows - 1 do
    local bank = desc:offset{m, col} % 32
    count[bank] = (count[bank] or 0) + 1
    worst = math.max(worst, count[bank])
  end
  return worst
end

for _, warp in ipairs{32, 64} do
  local plain = tl.descriptor{lengths = {warp, 32}}
  local swz = tl.xor_preshuffle{k_per_block = 32, kpack = 1, m_per_block = warp}
  for col = 0, 31 do
    T.eq(degree(plain, warp, col), warp, "plain column: all rows in one bank")
    -- a warp of 64 lanes is served in two halves of 32 on the bank model; each half is conflict-free
    T.eq(degree(swz, 32, col), 1, "swizzled column, first 32 rows")
    if warp == 64 then
      local count = {}
      for m = 32, 63 do
        local b = swz:offset{m, col} % 32
        assert(not count[b], "swizzled column, rows 32..63, bank repeats")
        count[b] = true
      end
    end
  end
end
