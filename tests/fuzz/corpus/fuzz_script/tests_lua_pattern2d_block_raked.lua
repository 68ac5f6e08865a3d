-- pattern2d_block_raked.lua - seed 001, block raked: Y0 iterations (Y0*Y1*Y2 == rows), Y1 warps
-- (Y1*warp == block), Y2 rows per warp (Y2*X1 == warp); the iteration sits before the warp, so
-- each iteration the whole block covers one contiguous band of Y1*Y2 rows.
local T = require "testing"

for _, warp in ipairs{64, 32} do
  local d = tl.pattern2d{block = 256, rows = 64, cols = 64, vec = 4, pattern = "block_raked", warp = warp}
  local x1 = 64 // 4
  local y1, y2 = 256 // warp, warp // x1
  local y0 = 64 // (y1 * y2)
  T.eq(d.pattern, "block_raked", "pattern")
  T.eq({d.vector, d.x_threads, d.warps, d.rows_per_warp, d.iters}, {4, x1, y1, y2, y0}, "factors warp " .. warp)
  for t = 0, 255 do
    local w, lane = t // warp, t % warp
    for y = 0, d:elements() - 1 do
      local it, v = y // 4, y % 4
      local row = (it * y1 + w) * y2 + lane // x1
      local col = (lane % x1) * 4 + v
      T.eq(d:coord(t, y), {row, col}, string.format("coord(%d, %d) warp %d", t, y, warp))
    end
  end
  T.eq(d:coord(0, 4), {y1 * y2, 0}, "iteration 1 of thread 0 jumps over the block's band")
  T.eq(d:coord(warp, 0), {y2, 0}, "warp 1 starts right after warp 0's rows")
end
