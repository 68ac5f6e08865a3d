-- histogram_ncu.lua - std.histogram of 2^26 f32 values into 256 bins (as in bench/std_bench.lua),
-- launched twice (the second is the warm one to read), for Nsight Compute (bench/run_ncu.sh histogram).
local std = require "tilelua.std"
local n = 1 << 26
local a = tl.rand({ n }, tl.f32, 7)
for _ = 1, 2 do
  local h = std.histogram(a, 256, 0.0, 1.0)
  tl.synchronize()
  local total = 0
  for i = 0, 255 do total = total + h:get(i) end
  assert(total == n, "histogram total " .. total)
end
