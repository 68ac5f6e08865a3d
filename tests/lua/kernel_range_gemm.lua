-- GEMM on CUDA cores with a run-time K loop carrying a distributed accumulator (seed 004's sweep:
-- each A element is loaded once per iteration and used for every column the thread owns).
local T = require "testing"
local BM, BN = 16, 16
local dist = tl.pattern2d { block = 32, rows = BM, cols = BN, vec = 4, warp = 32 }
local gemm = tl.kernel {
  name = "gemm", block = 32, warp = 32,
  params = { { "a", tl.tensor(tl.f32, 2) }, { "b", tl.tensor(tl.f32, 2) }, { "c", tl.tensor(tl.f32, 2) } },
  body = function(k, p)
    local m0, n0 = k.block_id(1) * BM, k.block_id(0) * BN
    local cw = k:window(p.c, { m0, n0 }, { BM, BN }, dist)
    local acc = cw:load():map(function() return 0.0 end)
    local K, M, N = p.a:shape(1), p.a:shape(0), p.b:shape(1)
    acc = k:range(0, K, 1, function(kk, acc)
      local a_of_row = {}
      return acc:foreach(function(v, idx, y)
        local row, col = m0 + idx[1], n0 + idx[2]
        local key = dist:coord(0, y)[1] -- same row offset: same A element
        local a = a_of_row[key]
        if not a then
          a = p.a:load({ row, kk }, { mask = tl.lt(row, M) })
          a_of_row[key] = a
        end
        return v + a * p.b:load({ kk, col }, { mask = tl.lt(col, N) })
      end)
    end, acc)
    cw:store(acc)
  end,
}
local M, N, K = 20, 35, 13
local a, b = tl.rand({ M, K }, tl.f32, 1), tl.rand({ K, N }, tl.f32, 2)
local c = tl.zeros({ M, N }, tl.f32)
gemm({ (N + BN - 1) // BN, (M + BM - 1) // BM }, a, b, c)
local worst = 0
for i = 0, M - 1 do
  for j = 0, N - 1 do
    local s = 0
    for kk = 0, K - 1 do s = s + a:get(i, kk) * b:get(kk, j) end
    worst = T.worst(worst, math.abs(s - c:get(i, j)))
  end
end
T.eq(worst < 1e-4, true, "max error " .. worst)
