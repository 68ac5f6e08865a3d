-- std_histogram.lua - a histogram with bins in LDS (block atomics) merged with global atomics,
-- drawn as a bar per bin and checked against Lua.
local tl = require "tilelua"
local std = require "tilelua.std"

local n, bins = 20000, 12
-- the sum of three uniforms: a bell over [0, 3); a few values fall outside [0.25, 2.75)
local u = tl.rand({ 3, n }, tl.f32, 8)
local x = std.sum(std.transpose(u), { axis = -1 })
local h = std.histogram(x, bins, 0.25, 2.75)
local want = {}
for b = 0, bins - 1 do want[b] = 0 end
for i = 0, n - 1 do
  local v = x:get(i)
  if v >= 0.25 and v < 2.75 then
    local b = math.min(math.floor((v - 0.25) * bins / 2.5), bins - 1)
    want[b] = want[b] + 1
  end
end
local bad = 0
for b = 0, bins - 1 do
  print(("%5.2f %6d %s"):format(0.25 + b * 2.5 / bins, h:get(b), ("#"):rep(h:get(b) // 100)))
  if h:get(b) ~= want[b] then bad = bad + 1 end
end
if bad > 0 then io.stderr:write(("std_histogram: MISMATCH in %d bins\n"):format(bad)); os.exit(1) end
print(("std_histogram: %d values, %d bins ok"):format(n, bins))
