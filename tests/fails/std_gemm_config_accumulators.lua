-- a warp tile whose accumulators do not fit the K loop's carried values is refused
-- expect: accumulators per thread, over the 128 values a K loop can carry
local std = require "tilelua.std"
std.gemm(tl.empty({ 4, 4 }, tl.f16), tl.empty({ 4, 4 }, tl.f16), { config = { bm = 128, bn = 128, wm = 1, wn = 1 } })
