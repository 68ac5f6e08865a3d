-- std_transpose.lua - the standard library's transpose through an XOR-swizzled LDS tile: the
-- script-time bank report with and without the swizzle, then a 2D and a batched transpose.
local tl = require "tilelua"
local std = require "tilelua.std"

local text, _, read = std.transpose_bank_report(tl.f32, true)
local _, _, plain = std.transpose_bank_report(tl.f32, false)
print((text:match("[^\n]*")))
print(("std_transpose: the transposed LDS read is %d-way without the swizzle, %d-way with it"):format(plain.worst, read.worst))
local x = tl.rand({ 100, 70 }, tl.f32, 2)
local y = std.transpose(x)
local xb = tl.rand({ 3, 40, 33 }, tl.f32, 3)
local yb = std.transpose(xb, { swizzle = false })
local bad = 0
for i = 0, 99 do for j = 0, 69 do if y:get(j, i) ~= x:get(i, j) then bad = bad + 1 end end end
for b = 0, 2 do for i = 0, 39 do for j = 0, 32 do if yb:get(b, j, i) ~= xb:get(b, i, j) then bad = bad + 1 end end end end
if bad > 0 or read.worst ~= 1 or plain.worst <= 1 then
  io.stderr:write(("std_transpose: MISMATCH (%d wrong elements, banks %d/%d)\n"):format(bad, plain.worst, read.worst))
  os.exit(1)
end
print("std_transpose: 100x70 and 3x40x33 ok")
