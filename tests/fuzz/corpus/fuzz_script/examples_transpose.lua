-- transpose.lua - a 2D transpose through an LDS tile with an XOR swizzle (seed 003). Prints the
-- bank report of the transposed read with and without the swizzle, runs, and checks the result.
local tl = require "tilelua"

local N = 32
local dist = tl.pattern2d { block = 256, rows = N, cols = N, vec = 4, warp = 32, pattern = "thread_raked" }
local plain = tl.descriptor { lengths = { N, N } }
local swizzled = plain:transform { { tl.xor { N, N }, lower = { 0, 1 }, upper = { 0, 1 } } }

-- the transposed read of one warp: thread t holds column t, its element y is row y; it reads
-- LDS (t, y), so a whole warp reads one LDS column
local column_reader = tl.encoding { h = { { 32 }, { 32 } }, p = { { { 2, 0 } } }, y = { { 1, 0 } } }
local function transposed(desc) return function(c) return desc:offset { c[2], c[1] } end end
local before = tl.bank_report { dist = column_reader, lds = transposed(plain), target = "sm_90", vector = 1 }
local after = tl.bank_report { dist = column_reader, lds = transposed(swizzled), target = "sm_90", vector = 1 }
print(("transpose: transposed LDS read is %d-way without the swizzle, %d-way with it"):format(before.worst, after.worst))

local transpose = tl.kernel {
  name = "transpose", block = 256, warp = 32,
  params = { { "x", tl.tensor(tl.f32, 2) }, { "y", tl.tensor(tl.f32, 2) } },
  body = function(k, p)
    local r0, c0 = k.block_id(1) * N, k.block_id(0) * N
    local lds = k:lds(tl.f32, { N, N }, { swizzle = swizzled })
    local t = k:window(p.x, { r0, c0 }, { N, N }, dist):load()
    k:window(lds, { 0, 0 }, { N, N }, dist):store(t)
    k:sync()
    t:foreach(function(_, idx) return lds:load { idx[2], idx[1] } end)
    k:window(p.y, { c0, r0 }, { N, N }, dist):store(t)
  end,
}

local R, C = 100, 70
local x = tl.rand({ R, C }, tl.f32, 2)
local y = tl.zeros({ C, R }, tl.f32)
transpose({ (C + N - 1) // N, (R + N - 1) // N }, x, y)
local bad = 0
for i = 0, R - 1 do for j = 0, C - 1 do if y:get(j, i) ~= x:get(i, j) then bad = bad + 1 end end end
if bad > 0 or before.worst ~= 32 or after.worst ~= 1 then
  io.stderr:write(("transpose: MISMATCH (%d wrong elements, banks %d/%d)\n"):format(bad, before.worst, after.worst))
  os.exit(1)
end
print(("transpose: %dx%d ok"):format(R, C))
