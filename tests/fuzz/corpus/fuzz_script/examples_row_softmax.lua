-- row_softmax.lua - softmax over the rows of a matrix: row max and row sum with tl.reduce (warp
-- shuffles inside a row), exp on the sweep, checked against plain Lua.
local tl = require "tilelua"

local ROWS, COLS = 8, 128
local dist = tl.pattern2d { block = 128, rows = ROWS, cols = COLS, vec = 4, warp = 32, pattern = "warp_raked" }
local softmax = tl.kernel {
  name = "row_softmax", block = 128, warp = 32,
  params = { { "x", tl.tensor(tl.f32, 2) }, { "y", tl.tensor(tl.f32, 2) } },
  body = function(k, p)
    local r0 = k.block_id(0) * ROWS
    local t = k:window(p.x, { r0, 0 }, { ROWS, COLS }, dist):load { pad = -math.huge }
    local m = tl.reduce(t, "max", 1)
    local e = (t - m):map(tl.exp)
    local s = tl.reduce(e, "sum", 1)
    k:window(p.y, { r0, 0 }, { ROWS, COLS }, dist):store(e / s)
  end,
}
local R = 20
local x = tl.rand({ R, COLS }, tl.f32, 6)
local y = tl.zeros({ R, COLS }, tl.f32)
softmax({ (R + ROWS - 1) // ROWS }, x, y)
local worst = 0
for i = 0, R - 1 do
  local m, s = -math.huge, 0
  for j = 0, COLS - 1 do m = math.max(m, x:get(i, j)) end
  for j = 0, COLS - 1 do s = s + math.exp(x:get(i, j) - m) end
  for j = 0, COLS - 1 do worst = math.max(worst, math.abs(y:get(i, j) - math.exp(x:get(i, j) - m) / s)) end
end
print(("row_softmax: %dx%d, max error %.3g"):format(R, COLS, worst))
if worst > 1e-6 then io.stderr:write("row_softmax: MISMATCH\n"); os.exit(1) end
print("row_softmax: ok")
