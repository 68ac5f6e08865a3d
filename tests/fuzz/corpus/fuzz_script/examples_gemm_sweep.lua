-- gemm_sweep.lua - C = A * B on plain arithmetic units with a run-time K loop (seed 004's GEMM
-- sweep): the accumulator tile is carried through k:range, each A element is loaded once per step
-- and reused for every column the thread owns.
local tl = require "tilelua"

local BM, BN = 32, 32
local dist = tl.pattern2d { block = 64, rows = BM, cols = BN, vec = 4, warp = 32, pattern = "warp_raked" }

local gemm = tl.kernel {
  name = "gemm_sweep", block = 64, warp = 32,
  params = { { "a", tl.tensor(tl.f32, 2) }, { "b", tl.tensor(tl.f32, 2) }, { "c", tl.tensor(tl.f32, 2) } },
  body = function(k, p)
    local m0, n0 = k.block_id(1) * BM, k.block_id(0) * BN
    local M, N, K = p.a:shape(0), p.b:shape(1), p.a:shape(1)
    local cw = k:window(p.c, { m0, n0 }, { BM, BN }, dist)
    local acc = cw:load():map(function() return 0.0 end)
    acc = k:range(0, K, 1, function(kk, acc)
      local a_row = {}   -- load-once-use-many: one A load per distinct row of the thread
      return acc:foreach(function(v, idx, y)
        local r = dist:coord(0, y)[1]
        if not a_row[r] then
          local row = m0 + idx[1]
          a_row[r] = p.a:load({ row, kk }, { mask = tl.lt(row, M) })
        end
        local col = n0 + idx[2]
        return tl.fma(a_row[r], p.b:load({ kk, col }, { mask = tl.lt(col, N) }), v)
      end)
    end, acc)
    cw:store(acc)
  end,
}

local M, N, K = 50, 40, 24
local a, b = tl.rand({ M, K }, tl.f32, 1), tl.rand({ K, N }, tl.f32, 2)
local c = tl.zeros({ M, N }, tl.f32)
gemm({ (N + BN - 1) // BN, (M + BM - 1) // BM }, a, b, c)
local worst = 0
for i = 0, M - 1 do
  for j = 0, N - 1 do
    local s = 0
    for kk = 0, K - 1 do s = s + a:get(i, kk) * b:get(kk, j) end
    worst = math.max(worst, math.abs(s - c:get(i, j)))
  end
end
print(("gemm_sweep: %dx%dx%d, max error vs float64 %.3g"):format(M, N, K, worst))
if worst > 1e-4 then io.stderr:write("gemm_sweep: MISMATCH\n"); os.exit(1) end
print("gemm_sweep: ok")
