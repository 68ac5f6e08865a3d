-- curve_map.lua - :map() shows the access number of every element (1D, 2D, 3D slices).
local T = require "testing"
local function rows_of(text)
  local rows = {}
  for line in text:gmatch("[^\n]+") do
    local r, rest = line:match("^%s*(%d+) |(.*)$")
    if r then
      local cells = {}
      for n in rest:gmatch("%S+") do cells[#cells + 1] = tonumber(n) or n end
      rows[#rows + 1] = cells
    end
  end
  return rows
end
local snake = tl.curve{lengths = {4, 8}, snake = true}:map()
T.eq(type(snake), "string", "map returns text")
assert(snake:find("access number per element", 1, true), "title: " .. snake)
T.eq(rows_of(snake), {{0, 1, 2, 3, 4, 5, 6, 7}, {15, 14, 13, 12, 11, 10, 9, 8},
                      {16, 17, 18, 19, 20, 21, 22, 23}, {31, 30, 29, 28, 27, 26, 25, 24}}, "snake map")
local ragged = tl.curve{lengths = {5, 7}, vector = {2, 3}}:map()
T.eq(rows_of(ragged), {{0, 0, 0, 1, 1, 1, 2}, {0, 0, 0, 1, 1, 1, 2}, {3, 3, 3, 4, 4, 4, 5},
                       {3, 3, 3, 4, 4, 4, 5}, {6, 6, 6, 7, 7, 7, 8}}, "ragged map")
T.eq(rows_of(tl.curve{lengths = {5}}:map()), {{0, 1, 2, 3, 4}}, "1D map is one row")
local cube = tl.curve{lengths = {2, 3, 4}, order = {2, 0, 1}}:map()
assert(cube:find("[0, :, :]", 1, true) and cube:find("[1, :, :]", 1, true), "3D slices: " .. cube)
T.eq(rows_of(cube), {{0, 6, 12, 18}, {1, 7, 13, 19}, {2, 8, 14, 20},
                     {3, 9, 15, 21}, {4, 10, 16, 22}, {5, 11, 17, 23}}, "3D map")
-- a 64x64 map fits an 80-column terminal
for line in tl.curve{lengths = {64, 64}}:map():gmatch("[^\n]+") do
  assert(#line <= 80, "line longer than 80 columns: " .. line)
end
