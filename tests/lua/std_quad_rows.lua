-- stdlib/quad_rows.lua: a warpgroup's wgmma accumulator regathered by quads of lanes (shuffles) so that each thread
-- holds 8 consecutive columns of its rows. Stored through quad_rows.dist it must give the same tensor as the
-- accumulator stored as it is (one and two warpgroups, n = 64 and 128, f16 and bf16, exact small integers); on sm_90 the
-- regathered store is 16-byte accesses, the plain one 4-byte ones.
local T = require "testing"
local Q = require "tilelua.std.quad_rows"
local registry = debug.getregistry()
local saved = registry["tilelua.warp"]
registry["tilelua.warp"] = 32

local function make(G, N, dt)
  local s = tl.wgmma_shape { n = N, a = dt }
  return tl.kernel { name = "quad_rows_" .. G .. "_" .. N .. "_" .. dt, block = 128 * G,
    params = { { "plain", tl.tensor(dt, 2) }, { "quad", tl.tensor(dt, 2) }, { "pairs", tl.tensor(dt, 2) } },
    body = function(k, p)
      local r0 = 64 * (k.warp_id() // 4)
      -- the accumulator of each thread: value (row * 37 + col * 11) % 255 - 127 at its own coordinates
      local acc = s:zeros():foreach(function(_, idx)
        return ((((idx[1] + r0) * 37 + idx[2] * 11) % 255) - 127):cast("f32")
      end)
      k:window(p.plain, { r0, 0 }, { 64, N }, s.c):store(acc:cast(dt))
      k:window(p.quad, { r0, 0 }, { 64, N }, Q.dist(N)):store(Q.gather(k, acc, N, dt))
      k:window(p.pairs, { r0, 0 }, { 64, N }, Q.dist8(N)):store(Q.gather8(k, acc, N, dt))
    end }
end

local function run(G, N, dt)
  local k = make(G, N, dt)
  local plain, quad, pairs = tl.zeros({ 64 * G, N }, tl[dt]), tl.zeros({ 64 * G, N }, tl[dt]), tl.zeros({ 64 * G, N }, tl[dt])
  k({ 1 }, plain, quad, pairs)
  for i = 0, 64 * G - 1 do
    for j = 0, N - 1 do
      local want = (i * 37 + j * 11) % 255 - 127
      T.eq(plain:get(i, j), want, ("plain G %d n %d %s [%d, %d]"):format(G, N, dt, i, j))
      T.eq(quad:get(i, j), want, ("quad G %d n %d %s [%d, %d]"):format(G, N, dt, i, j))
      T.eq(pairs:get(i, j), want, ("pairs G %d n %d %s [%d, %d]"):format(G, N, dt, i, j))
    end
  end
  return k
end

run(1, 64, "f16")
run(2, 128, "bf16")
local k = run(2, 128, "f16")

-- the source for sm_90: the regathered store is one 16-byte access per 8 elements (64 / 8 per thread), with its
-- shuffles; the plain one 4-byte pairs
local src = tl._hip_source(k:ir_object(), "sm_90")
T.eq(select(2, src:gsub("tl_vec<__half, 8>%*>%(quad %+", "")), 8, "8 16-byte stores a thread")
T.eq(select(2, src:gsub("tl_vec<__half, 2>%*>%(plain %+", "")), 32, "32 4-byte stores a thread")
T.eq(select(2, src:gsub("tl_vec<__half, 4>%*>%(pairs %+", "")), 16, "16 8-byte stores a thread")
T.eq(select(2, src:gsub("__shfl_xor_sync", "")), 32 + 16, "4 shuffles per 4 words (quad), one a column group (pairs)")

registry["tilelua.warp"] = saved
print("std_quad_rows ok")
