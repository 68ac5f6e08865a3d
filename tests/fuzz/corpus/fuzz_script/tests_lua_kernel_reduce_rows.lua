-- Row sums and maxima (tl.reduce along axis 1: warp shuffles) and column sums (axis 0: shuffles,
-- then LDS across warps), for each raked pattern and warp sizes 32 and 64.
local T = require "testing"
for _, warp in ipairs { 32, 64 } do
  for _, pattern in ipairs { "thread_raked", "warp_raked", "block_raked" } do
    local rows, cols = 32, 64
    local dist = tl.pattern2d { block = 128, rows = rows, cols = cols, vec = 4, warp = warp, pattern = pattern }
    local kern = tl.kernel {
      name = "rowcol", block = 128, warp = warp,
      params = { { "x", tl.tensor(tl.i32, 2) }, { "rs", tl.tensor(tl.i32, 2) }, { "rm", tl.tensor(tl.i32, 2) },
                 { "cs", tl.tensor(tl.i32, 2) } },
      body = function(k, p)
        local t = k:window(p.x, { 0, 0 }, { rows, cols }, dist):load()
        k:window(p.rs, { 0, 0 }, { rows, cols }, dist):store(tl.reduce(t, "sum", 1))
        k:window(p.rm, { 0, 0 }, { rows, cols }, dist):store(tl.reduce(t, "max", 1))
        k:window(p.cs, { 0, 0 }, { rows, cols }, dist):store(tl.reduce(t, "sum", 0))
      end,
    }
    local x = tl.empty({ rows, cols }, tl.i32)
    local ref = {}
    for i = 0, rows - 1 do for j = 0, cols - 1 do x:set(i, j, (i * 7 + j * 13) % 101 - 50) end end
    local rs, rm, cs = tl.zeros({ rows, cols }, tl.i32), tl.zeros({ rows, cols }, tl.i32), tl.zeros({ rows, cols }, tl.i32)
    kern({ 1 }, x, rs, rm, cs)
    for i = 0, rows - 1 do
      local s, m = 0, -math.huge
      for j = 0, cols - 1 do s = s + x:get(i, j); m = math.max(m, x:get(i, j)) end
      for j = 0, cols - 1, 17 do
        T.eq(rs:get(i, j), s, pattern .. " warp " .. warp .. " row sum " .. i)
        T.eq(rm:get(i, j), m, pattern .. " warp " .. warp .. " row max " .. i)
      end
    end
    for j = 0, cols - 1 do
      local s = 0
      for i = 0, rows - 1 do s = s + x:get(i, j) end
      T.eq(cs:get(5, j), s, pattern .. " warp " .. warp .. " column sum " .. j)
    end
  end
end
