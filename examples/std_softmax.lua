-- std_softmax.lua - row softmax and layernorm from the standard library, f16 input computed in f32,
-- checked against Lua.
local tl = require "tilelua"
local std = require "tilelua.std"

local R, C = 24, 1000
local x = std.map(function(v) return v * 10 - 5 end, tl.empty({ R, C }, tl.f16), tl.rand({ R, C }, tl.f32, 4))
local w, b = tl.rand({ C }, tl.f16, 5), tl.rand({ C }, tl.f16, 6)
local p = std.softmax(x)
local n = std.layernorm(x, { weight = w, bias = b })
local esm, eln = 0, 0
for i = 0, R - 1 do
  local m, s, sum, sq = -math.huge, 0, 0, 0
  for j = 0, C - 1 do m = math.max(m, x:get(i, j)); sum = sum + x:get(i, j) end
  local mean = sum / C
  for j = 0, C - 1 do s = s + math.exp(x:get(i, j) - m); sq = sq + (x:get(i, j) - mean) ^ 2 end
  local rstd = 1 / math.sqrt(sq / C + 1e-5)
  for j = 0, C - 1 do
    esm = math.max(esm, math.abs(p:get(i, j) - math.exp(x:get(i, j) - m) / s))
    eln = math.max(eln, math.abs(n:get(i, j) - ((x:get(i, j) - mean) * rstd * w:get(j) + b:get(j))))
  end
end
print(("std_softmax: %dx%d f16: softmax max error %.2g, layernorm max error %.2g"):format(R, C, esm, eln))
if esm > 1e-3 or eln > 1e-2 then io.stderr:write("std_softmax: MISMATCH\n"); os.exit(1) end
print("std_softmax: ok")
