-- A kernel without `warp` uses the same default warp as the layouts (tl.default_warp()).
local T = require "testing"
local k = tl.kernel { name = "k", body = function() end }
T.eq(k.warp, tl.default_warp(), "kernel default")
T.eq(tl.pattern2d { block = 256, rows = 64, cols = 64, vec = 4 }.warp, tl.default_warp(), "pattern2d default")
local backend, info = tl.backend()
-- (a host may set the default in the registry, as tests/cli/rtc_kernels.sh does to trace for NVIDIA)
local forced = debug and debug.getregistry()["tilelua.warp"]
T.eq(tl.default_warp(), forced or (backend == "cpu" and 64 or info.warp_size), "the GPU's warp size, 64 on the cpu backend")
