-- pattern2d_thread_raked.lua - seed 001, thread raked: Y0 warps (Y0*warp == block), Y1 rows per
-- warp (Y1*X1 == warp; the seed's text says Y0*X1, a typo), Y2 iterations (Y0*Y1*Y2 == rows);
-- the iteration sits after the thread, so each thread owns Y2 consecutive rows.
local T = require "testing"

for _, warp in ipairs{64, 32} do
  local d = tl.pattern2d{block = 256, rows = 64, cols = 64, vec = 4, pattern = "thread_raked", warp = warp}
  local x1 = 64 // 4                      -- threads along X
  local y0, y1 = 256 // warp, warp // x1  -- warps, rows per warp
  local y2 = 64 // (y0 * y1)              -- iterations
  T.eq(d.pattern, "thread_raked", "pattern")
  T.eq({d.vector, d.x_threads, d.warps, d.rows_per_warp, d.iters}, {4, x1, y0, y1, y2}, "factors warp " .. warp)
  T.eq(y0 * y1 * y2, 64, "Y0*Y1*Y2 == rows")
  T.eq(y1 * x1, warp, "Y1*X1 == warp")
  T.eq(d:elements(), y2 * 4, "elements per thread")
  for t = 0, 255 do
    local w, lane = t // warp, t % warp
    for y = 0, d:elements() - 1 do
      local it, v = y // 4, y % 4
      local row = (w * y1 + lane // x1) * y2 + it
      local col = (lane % x1) * 4 + v
      T.eq(d:coord(t, y), {row, col}, string.format("coord(%d, %d) warp %d", t, y, warp))
    end
  end
  -- thread 0 owns rows 0 .. Y2-1 of columns 0..3: consecutive rows
  for it = 0, y2 - 1 do T.eq(d:coord(0, it * 4), {it, 0}, "thread 0 iteration " .. it) end
end
