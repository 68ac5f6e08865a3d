-- descriptor_map.lua - :map() draws offsets per element; :map("bank", ...) banks per element.
local T = require "testing"

-- The grid rows of a map ("r | a b c ..."), labels as numbers ('.' as false); first band only.
local function grid(text)
  local rows = {}
  for line in text:gmatch("[^\n]+") do
    local r, rest = line:match("^%s*(%d+) |(.*)$")
    if r and not rows[tonumber(r) + 1] then
      local cells = {}
      for c in rest:gmatch("%S+") do cells[#cells + 1] = tonumber(c) or false end
      rows[tonumber(r) + 1] = cells
    end
  end
  return rows
end

local d = tl.descriptor{lengths = {4, 8}}
local text = d:map()
T.eq(type(text), "string", "map is text")
assert(text:find("offset per element", 1, true), "map title: " .. text)
T.eq(grid(text)[4], {24, 25, 26, 27, 28, 29, 30, 31}, "last row of offsets")
T.eq(#grid(text), 4, "four rows")

-- banks: floor(offset * elem_bytes / bank_bytes) % banks; 8-byte elements on 4-byte banks, 8 banks
local bank = d:map("bank", {banks = 8, bank_bytes = 4, elem_bytes = 8})
assert(bank:find("bank per element (8 banks x 4 B, 8 B elements)", 1, true), bank)
for r = 1, 4 do T.eq(grid(bank)[r], {0, 2, 4, 6, 0, 2, 4, 6}, "bank row " .. r) end

-- the default bank model: 32 banks of 4 bytes, 4-byte elements; a 32x32 f32 tile puts a column in one bank
local tile = tl.descriptor{lengths = {32, 32}}
local b32 = tile:map("bank")
local g = grid(b32)
T.eq(#g, 32, "32 rows drawn")
for i = 1, 32 do T.eq(g[i][1], 0, "column 0 is all bank 0") end

-- padding draws as '.', and a legend says so
local p = tl.descriptor{lengths = {2, 2}}:transform{
  {tl.pad(2, 1, 0), lower = {0}, upper = {0}}, {tl.pass_through(2), lower = {1}, upper = {1}}}
local pm = p:map()
T.eq(grid(pm), {{false, false}, {0, 1}, {2, 3}}, "padding rows")
assert(pm:find("padding", 1, true), "padding legend:\n" .. pm)

-- 1D descriptors draw as one row
local one = tl.descriptor{lengths = {5}, strides = {3}}:map()
T.eq(grid(one), {{0, 3, 6, 9, 12}}, "1D map")

-- a 64x64 tile answers fast and stays within 80 columns per grid line
local t0 = os.clock()
local big = tl.xor_preshuffle{k_per_block = 64, kpack = 8, m_lds_layer = 2, m_per_block = 64}:map()
assert(os.clock() - t0 < 0.1, "map of a 64x64 tile took too long")
for line in big:gmatch("[^\n]+") do
  if line:match("^%s*%d+ |") then assert(#line <= 80, "line wider than 80 columns: " .. line) end
end
