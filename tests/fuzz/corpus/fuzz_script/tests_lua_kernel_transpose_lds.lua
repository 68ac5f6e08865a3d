-- Transpose through an XOR-swizzled LDS tile: store the tile, barrier, read it transposed.
local T = require "testing"
local N = 32
local dist = tl.pattern2d { block = 128, rows = N, cols = N, vec = 4, warp = 64 }
local swz = tl.descriptor { lengths = { N, N } }:transform { { tl.xor { N, N }, lower = { 0, 1 }, upper = { 0, 1 } } }
local transpose = tl.kernel {
  name = "transpose", block = 128, warp = 64,
  params = { { "x", tl.tensor(tl.f32, 2) }, { "y", tl.tensor(tl.f32, 2) } },
  body = function(k, p)
    local r0, c0 = k.block_id(1) * N, k.block_id(0) * N
    local lds = k:lds(tl.f32, { N, N }, { swizzle = swz })
    local t = k:window(p.x, { r0, c0 }, { N, N }, dist):load()
    k:window(lds, { 0, 0 }, { N, N }, dist):store(t)
    k:sync()
    local out = t:map(function(v) return v end)
    out:foreach(function(_, idx) return lds:load { idx[2], idx[1] } end)
    k:window(p.y, { c0, r0 }, { N, N }, dist):store(out)
  end,
}
local R, C = 70, 45
local x = tl.rand({ R, C }, tl.f32, 3)
local y = tl.zeros({ C, R }, tl.f32)
transpose({ (C + N - 1) // N, (R + N - 1) // N }, x, y)
local bad = 0
for i = 0, R - 1 do for j = 0, C - 1 do if y:get(j, i) ~= x:get(i, j) then bad = bad + 1 end end end
T.eq(bad, 0, "transposed elements that differ")
