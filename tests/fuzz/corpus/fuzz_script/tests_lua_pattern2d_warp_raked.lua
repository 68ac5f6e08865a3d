-- pattern2d_warp_raked.lua - seed 001, warp raked: Y0 warps (Y0*warp == block), Y1 iterations
-- (Y0*Y1*Y2 == rows), Y2 rows per warp (Y2*X1 == warp); the iteration sits between the warp and
-- the thread, so a warp owns a contiguous band of Y1*Y2 rows and steps over its Y2 rows.
local T = require "testing"

for _, warp in ipairs{64, 32} do
  local d = tl.pattern2d{block = 256, rows = 64, cols = 64, vec = 4, pattern = "warp_raked", warp = warp}
  local x1 = 64 // 4
  local y0, y2 = 256 // warp, warp // x1
  local y1 = 64 // (y0 * y2)
  T.eq(d.pattern, "warp_raked", "pattern")
  T.eq({d.vector, d.x_threads, d.warps, d.rows_per_warp, d.iters}, {4, x1, y0, y2, y1}, "factors warp " .. warp)
  T.eq(y2 * x1, warp, "Y2*X1 == warp")
  for t = 0, 255 do
    local w, lane = t // warp, t % warp
    for y = 0, d:elements() - 1 do
      local it, v = y // 4, y % 4
      local row = (w * y1 + it) * y2 + lane // x1
      local col = (lane % x1) * 4 + v
      T.eq(d:coord(t, y), {row, col}, string.format("coord(%d, %d) warp %d", t, y, warp))
    end
  end
  -- thread 0's iterations are Y2 rows apart; warp 1 starts after warp 0's Y1*Y2 rows
  T.eq(d:coord(0, 4), {y2, 0}, "iteration 1 of thread 0")
  T.eq(d:coord(warp, 0), {y1 * y2, 0}, "first thread of warp 1")
end
