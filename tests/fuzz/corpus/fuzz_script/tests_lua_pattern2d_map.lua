-- pattern2d_map.lua - :map() draws the owning thread of every element (grouped by warp) and
-- answers in well under 100 ms for a 64x64 tile.
local T = require "testing"

local small = tl.pattern2d{block = 64, rows = 8, cols = 16, vec = 2, pattern = "warp_raked", warp = 32}
local text = small:map()
assert(type(text) == "string" and #text > 0, "map returns text")
assert(text:find(tostring(small), 1, true), "the title is the distribution")
-- every line of the grid names the owners of its row, left to right
local owners = {}
for c = 0, 15 do owners[#owners + 1] = (small:owner(3, c)) end
local row3
for line in text:gmatch("[^\n]+") do
  if line:match("^%s*3 |") then row3 = line end
end
assert(row3, "row 3 in the map:\n" .. text)
local got = {}
for n in row3:sub(row3:find("|", 1, true) + 1):gmatch("%d+") do got[#got + 1] = tonumber(n) end
T.eq(got, owners, "row 3 owners")

for _, pattern in ipairs{"thread_raked", "warp_raked", "block_raked"} do
  local t0 = os.clock()
  local d = tl.pattern2d{block = 256, rows = 64, cols = 64, vec = 4, pattern = pattern, warp = 64}
  local m = d:map()
  local dt = os.clock() - t0
  assert(#m > 0, "map text")
  assert(dt < 0.05, string.format("%s: pattern2d + map took %.1f ms", pattern, dt * 1000))
end
