-- One warp-level MMA per warp, every layout and input dtype, on the CPU executor: D = A*B + C from
-- random fragments (signed values, a random accumulator) against a plain-Lua double reference.
-- Two warps per block, each on its own tile (the window origin moves with k.warp_id()), and two
-- blocks, so the executor's per-warp gathering and the fragment encodings are both exercised.
local T = require "testing"

local function signed_rand(shape, dt, seed)
  local t = tl.rand(shape, dt, seed)
  for i = 0, shape[1] - 1 do
    for j = 0, shape[2] - 1 do t:set(i, j, (t:get(i, j) - 0.5) * 4) end
  end
  return t
end

local cases = {
  { target = "nvidia", m = 16, n = 8, k = 16 },
  { target = "amd", m = 32, n = 32, k = 8 },
  { target = "amd", m = 16, n = 16, k = 16 },
}
for _, cs in ipairs(cases) do
  for _, dname in ipairs { "f16", "bf16" } do
    local s = tl.mma_shape { target = cs.target, m = cs.m, n = cs.n, k = cs.k, a = dname }
    T.eq(s.a.lengths, { cs.m, cs.k }, "A tile")
    T.eq(s.b.lengths, { cs.k, cs.n }, "B tile")
    T.eq(s.c.lengths, { cs.m, cs.n }, "C tile")
    T.eq(s.a.threads, s.warp, "A covers one warp")
    local W = s.warp
    local kern = tl.kernel {
      name = "mma_one", block = 2 * W, warp = W,
      params = { { "a", tl.tensor(tl[dname], 2) }, { "b", tl.tensor(tl[dname], 2) }, { "c", tl.tensor(tl.f32, 2) },
                 { "d", tl.tensor(tl.f32, 2) } },
      body = function(k, p)
        -- block x, warp w: rows of A / C at (2x + w) * m
        local r0 = (k.block_id(0) * 2 + k.warp_id()) * s.m
        local fa = k:window(p.a, { r0, 0 }, { s.m, s.k }, s.a):load()
        local fb = k:window(p.b, { 0, 0 }, { s.k, s.n }, s.b):load()
        local fc = k:window(p.c, { r0, 0 }, { s.m, s.n }, s.c):load()
        k:window(p.d, { r0, 0 }, { s.m, s.n }, s.c):store(s:mma(fa, fb, fc))
      end,
    }
    local M = 4 * s.m
    local a = signed_rand({ M, s.k }, tl[dname], 11)
    local b = signed_rand({ s.k, s.n }, tl[dname], 12)
    local c = signed_rand({ M, s.n }, tl.f32, 13)
    local d = tl.zeros({ M, s.n }, tl.f32)
    kern({ 2 }, a, b, c, d)
    local worst, nz = 0, 0
    for i = 0, M - 1 do
      for j = 0, s.n - 1 do
        local ref = c:get(i, j)
        for kk = 0, s.k - 1 do ref = ref + a:get(i, kk) * b:get(kk, j) end
        local got = d:get(i, j)
        if got ~= 0 then nz = nz + 1 end
        -- one f32 rounding of the exact value
        worst = T.worst(worst, math.abs(got - ref) / math.max(math.abs(ref), 1e-30))
      end
    end
    local what = ("%s %s %s"):format(cs.target, s.name, dname)
    T.eq(nz > M * s.n // 2, true, what .. ": results were written")
    T.eq(worst <= 2 ^ -23, true, what .. ": worst relative error " .. worst)
    -- the IR has one mma per warp-level instruction and its results
    T.eq(select(2, kern:ir():gsub("= mma_result", "")), s.elements.c, what .. ": mma_result count")
  end
end

-- tl.mma finds the shape from the A fragment's encoding; without C it accumulates onto zeros
local s = tl.mma_shape { target = "nvidia", a = "f16" }
local kz = tl.kernel {
  name = "mma_zero", block = 32, warp = 32,
  params = { { "a", tl.tensor(tl.f16, 2) }, { "b", tl.tensor(tl.f16, 2) }, { "d", tl.tensor(tl.f32, 2) } },
  body = function(k, p)
    local fa = k:window(p.a, { 0, 0 }, { 16, 16 }, s.a):load()
    local fb = k:window(p.b, { 0, 0 }, { 16, 8 }, s.b):load()
    k:window(p.d, { 0, 0 }, { 16, 8 }, s.c):store(tl.mma(fa, fb))
  end,
}
local a, b, d = signed_rand({ 16, 16 }, tl.f16, 3), signed_rand({ 16, 8 }, tl.f16, 4), tl.zeros({ 16, 8 }, tl.f32)
kz({ 1 }, a, b, d)
for i = 0, 15 do
  for j = 0, 7 do
    local ref = 0
    for kk = 0, 15 do ref = ref + a:get(i, kk) * b:get(kk, j) end
    T.near(d:get(i, j), ref, math.abs(ref) * 2 ^ -23, ("zero-accumulator d[%d][%d]"):format(i, j))
  end
end
print("mma fragments: ok")
