-- mma_gemm.lua - a 64x64x64 GEMM on the matrix units: C = A * B with f16 and bf16 inputs and an
-- f32 accumulator, built from warp-level MMA instructions (tl.mma_shape / shape:mma).
--
-- The fragment layouts are ordinary encodings: the maps below show which lane holds which element
-- of A, B and C for one instruction (NVIDIA mma.sync m16n8k16 when the warp is 32, AMD MFMA
-- 32x32x8 when it is 64; the CPU executor uses the warp of tl.default_warp()). Each block has 2 x 2
-- warps, each warp owns one m x n tile of C and sweeps K with a run-time loop, loading its A and B
-- fragments straight from global memory through windows with those encodings. The result is
-- checked against a float64 reference computed from the same (rounded) inputs.
local M, N, K = 64, 64, 64

local shape = tl.mma_shape {}   -- the default instruction for the default warp, f16 inputs
print(("%s: warp %d, %s"):format(shape.target, shape.warp, tostring(shape)))
print("A fragment (" .. shape.m .. " x " .. shape.k .. "), cell = lane:")
print(shape.a:map())
print("B fragment (" .. shape.k .. " x " .. shape.n .. "):")
print(shape.b:map())
print("C fragment (" .. shape.m .. " x " .. shape.n .. "):")
print(shape.c:map())
print(("lane 5 holds A elements at %s, %s, ... (element order = register order)"):format(
  table.concat(shape.a:coord(5, 0), ","), table.concat(shape.a:coord(5, 1), ",")))

-- The kernel for the current target (tl.target(): the selected device, or the target tilesh --cross
-- compiles for): tl.retargetable lets tilelua build it again for each target, with that target's
-- warp and MMA instruction.
local gemm_kernel = tl.retargetable(function(dname)
  local s = tl.mma_shape { a = dname }
  local WM, WN = 2, 2                               -- warps per block along M and N
  local BM, BN = WM * s.m, WN * s.n
  local kern = tl.kernel {
    name = "mma_gemm_" .. s.dtype, block = WM * WN * s.warp, warp = s.warp,
    params = { { "a", tl.tensor(tl[s.dtype], 2) }, { "b", tl.tensor(tl[s.dtype], 2) }, { "c", tl.tensor(tl.f32, 2) } },
    body = function(k, p)
      local w = k.warp_id()
      local m0 = k.block_id(1) * BM + (w // WN) * s.m
      local n0 = k.block_id(0) * BN + (w % WN) * s.n
      local acc = k:range(0, p.a:shape(1), s.k, function(kk, acc)
        local fa = k:window(p.a, { m0, kk }, { s.m, s.k }, s.a):load()
        local fb = k:window(p.b, { kk, n0 }, { s.k, s.n }, s.b):load()
        return s:mma(fa, fb, acc)
      end, s:zeros())
      k:window(p.c, { m0, n0 }, { s.m, s.n }, s.c):store(acc)
    end,
  }
  return kern, { (N + BN - 1) // BN, (M + BM - 1) // BM }, s
end)

local function signed(shape2, dt, seed)
  local t = tl.rand(shape2, dt, seed)
  for i = 0, shape2[1] - 1 do
    for j = 0, shape2[2] - 1 do t:set(i, j, 2 * t:get(i, j) - 1) end
  end
  return t
end

for _, dname in ipairs { "f16", "bf16" } do
  local kern, grid, s = gemm_kernel(dname)
  local a, b = signed({ M, K }, tl[dname], 1), signed({ K, N }, tl[dname], 2)
  local c = tl.zeros({ M, N }, tl.f32)
  kern(grid, a, b, c)
  local err, big = 0, 0
  for i = 0, M - 1 do
    for j = 0, N - 1 do
      local ref = 0.0
      for kk = 0, K - 1 do ref = ref + a:get(i, kk) * b:get(kk, j) end
      err = math.max(err, math.abs(c:get(i, j) - ref))
      big = math.max(big, math.abs(ref))
    end
  end
  local rel = err / big
  print(("%s GEMM %dx%dx%d with %s %s: grid %dx%d, block %d, max |C - ref| / max |ref| = %.3g"):format(
    dname, M, N, K, s.target, s.name, grid[1], grid[2], 4 * s.warp, rel))
  assert(rel < 1e-2, dname .. " GEMM: relative error " .. rel .. " is not below 1e-2")
end
print("mma gemm: ok")
