-- pattern2d_vector_cap.lua - seed 001: a thread cannot access more than rows*cols/block elements
-- at once, so vector = min(vec, rows*cols/block) and cols/vector threads run along X.
local T = require "testing"

-- 32x32 over 256 threads: 4 elements each, so vec 8 becomes 4
local d = tl.pattern2d{block = 256, rows = 32, cols = 32, vec = 8, pattern = "thread_raked", warp = 64}
T.eq(d.vec, 8, "requested vec kept")
T.eq(d.vector, 4, "vector = min(8, 32*32/256)")
T.eq(d.x_threads, 8, "cols/vector")
T.eq(d.rows_per_warp, 8, "warp/x_threads")
T.eq(d.warps, 4, "block/warp")
T.eq(d.iters, 1, "rows/(rows_per_warp*warps)")
T.eq(d:elements(), 4, "elements")
-- a vec smaller than the cap is used as is
local e = tl.pattern2d{block = 64, rows = 64, cols = 64, vec = 2, pattern = "warp_raked", warp = 32}
T.eq(e.vector, 2, "vector = min(2, 64)")
T.eq(e.x_threads, 32, "cols/vector")
T.eq(e.rows_per_warp, 1, "one row per warp")
T.eq(e.iters, 32, "iterations")
T.eq(e:elements(), 64, "elements = iters*vector")
-- the vector is the fastest part of y: y = iteration*vector + lane_in_vector
T.eq(e:coord(0, 1), {0, 1}, "lane 1 of the first vector")
T.eq(e:coord(0, 2), {1, 0}, "first lane of iteration 1 (warp raked: next row)")
