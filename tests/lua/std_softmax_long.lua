-- std.softmax on long rows (the in-register path up to 32 elements per thread, the online path past it):
-- every 97th element of each row against a plain-Lua double reference.
local T = require "testing"
local std = require "tilelua.std"
for _, c in ipairs { { 3, 4096, tl.f16 }, { 2, 8192, tl.f32 }, { 2, 5000, tl.f32 }, { 2, 20000, tl.f32 } } do
  local R, Cn, dt = c[1], c[2], c[3]
  local a = tl.rand({ R, Cn }, dt, 9)
  local s = std.softmax(a)
  local worst = 0
  for r = 0, R - 1 do
    local m, z = -math.huge, 0
    for j = 0, Cn - 1 do m = math.max(m, a:get(r, j)) end
    for j = 0, Cn - 1 do z = z + math.exp(a:get(r, j) - m) end
    for j = 0, Cn - 1, 97 do worst = T.worst(worst, math.abs(s:get(r, j) - math.exp(a:get(r, j) - m) / z) * z) end
  end
  print(R, Cn, tostring(dt), "worst rel", worst, std.kernels()[#std.kernels()].name)
  assert(worst < (dt == tl.f16 and 2e-2 or 1e-4))
end
