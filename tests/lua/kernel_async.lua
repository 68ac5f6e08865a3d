-- Hopper's asynchronous machinery (lua/async.lua, src/exec_async.c): TMA box copies into LDS in the
-- hardware's layout (plain and 128-byte swizzled, matched numerically against the buffer's XOR
-- preshuffle), out-of-bounds boxes reading zeros, mbarrier phases; the executor catching a missing
-- wait, a wrong parity and a deadlock; warp-specialized roles with an S-stage ring (S = 1..3) that
-- only runs if the roles interleave; the errors of each rule; the generated sm_90 source.
local T = require "testing"
local registry = debug.getregistry()
local saved = registry["tilelua.warp"]
registry["tilelua.warp"] = 32

local E128 = tl.encoding { h = { { 32, 1 }, { 4, 16 } }, p = { { { 1, 0 }, { 2, 0 } } }, y = { { 1, 1 }, { 2, 1 } } }

-- one 32 x 64 tile per block by TMA; variant: nil, "nowait", "parity", "noarrive"
local function tile_kernel(swizzled, variant)
  return tl.kernel { name = "async_tile", block = 128,
    params = { { "x", tl.tensor(tl.f16, 2) }, { "y", tl.tensor(tl.f16, 2) } },
    body = function(k, p)
      local d = swizzled and tl.xor_preshuffle { m_per_block = 32, k_per_block = 64, kpack = 8, m_lds_layer = 1 } or nil
      local l = k:lds(tl.f16, { 32, 64 }, d and { swizzle = d } or nil)
      local bar = k:mbarrier(1, 1)
      local r0, c0 = k.block_id(1) * 32, k.block_id(0) * 64
      k:when(tl.eq(k.thread_id(), 0), function()
        k:copy(k:window(l, { 0, 0 }, { 32, 64 }), k:window(p.x, { r0, c0 }, { 32, 64 }), { barrier = bar, index = 0 })
        if variant ~= "noarrive" then bar:arrive(0) end
      end)
      if variant == "parity" then bar:wait(0, 1)
      elseif variant ~= "nowait" then bar:wait(0, 0) end
      local t = k:window(l, { 0, 0 }, { 32, 64 }, E128):load()
      k:window(p.y, { r0, c0 }, { 32, 64 }, E128):store(t)
    end }
end

local x = tl.rand({ 70, 144 }, tl.f16)
for _, swz in ipairs({ false, true }) do
  local k = tile_kernel(swz)
  local y = tl.zeros({ 70, 144 }, tl.f16)
  k({ 3, 3 }, x, y) -- the last row and column of blocks read past the tensor: zeros, stores masked
  T.eq(y:max_abs_diff(x), 0.0, "TMA tile copy, swizzled " .. tostring(swz))
  local ir = k:ir()
  assert(ir:find("tma0: x -> lds0 box 32x64 swizzle " .. (swz and 128 or 0), 1, true), ir)
  assert(ir:find("tma_load lds0[", 1, true) and ir:find("by thread 0", 1, true), ir)
end
-- an out-of-bounds box reads zeros: a block entirely past the tensor copies only zeros
do
  local k = tile_kernel(true)
  local xs, ys = tl.rand({ 32, 64 }, tl.f16), tl.full({ 64, 128 }, 7, tl.f16)
  k({ 2, 2 }, tl.zeros({ 64, 128 }, tl.f16), ys)
  T.eq(ys:max_abs_diff(tl.zeros({ 64, 128 }, tl.f16)), 0.0, "zeros from out-of-bounds")
  local _ = xs
end

-- the executor catches what the GPU gets wrong only sometimes (on a GPU these kernels would read
-- stale bytes or hang: only the executor runs them)
local on_cpu = tl.backend() == "cpu"
if on_cpu then
T.raises(function() tile_kernel(true, "nowait")({ 1, 1 }, x, tl.zeros({ 70, 144 }, tl.f16)) end,
         "load from lds0[0] while a TMA copy into it is in flight (issued at line 23): wait on mbar0[0] first")
T.raises(function() tile_kernel(false, "parity")({ 1, 1 }, x, tl.zeros({ 70, 144 }, tl.f16)) end,
         "wait on mbar0[0] for parity 1 passes at once (on a fresh barrier the phase before the first counts as complete)")
T.raises(function() tile_kernel(false, "noarrive")({ 1, 1 }, x, tl.zeros({ 70, 144 }, tl.f16)) end,
         "deadlock: wait on mbar0[0] for parity 0 cannot complete: phase 0 misses 1 arrivals")
-- an arrival expecting bytes nobody delivers; two arrivals on a barrier of one while bytes are due
local function bytes_kernel(variant)
  return tl.kernel { name = "async_bytes_" .. variant, block = 32, params = { { "x", tl.tensor(tl.f16, 2) } },
    body = function(k, p)
      local l = k:lds(tl.f16, { 32, 64 })
      local bar = k:mbarrier(1, 1)
      if variant == "tx" then
        k:when(tl.eq(k.thread_id(), 0), function() bar:arrive(0, { tx = 16 }) end)
      else
        k:when(tl.eq(k.thread_id(), 0), function()
          k:copy(k:window(l, { 0, 0 }, { 32, 64 }), k:window(p.x, { 0, 0 }, { 32, 64 }), { barrier = bar })
        end)
        k:when(tl.lt(k.thread_id(), 2), function() bar:arrive(0) end)
      end
      bar:wait(0, 0)
    end }
end
T.raises(function() bytes_kernel("tx")({ 1 }, x) end, "phase 0 misses 0 arrivals and 16 bytes")
T.raises(function() bytes_kernel("twice")({ 1 }, x) end,
         "more arrivals on mbar0[0] than its 1 in phase 0 (the phase still waits for 4096 bytes of TMA copies)")
end

-- arrive's {fence = true}: a plain arrival (the executor counts it as one), the fence before it in the source; its
-- errors name the value
local function fence_kernel(opts)
  return tl.kernel { name = "async_fence", block = 32, params = { { "x", tl.tensor(tl.f32, 1) } },
    body = function(k, p)
      local l = k:lds(tl.f32, { 32 })
      local bar = k:mbarrier(1, 32)
      l:store({ k.thread_id() }, k.thread_id():cast("f32"))
      bar:arrive(0, opts)
      bar:wait(0, 0)
      p.x:store({ k.thread_id() }, l:load({ 31 - k.thread_id() }))
    end }
end
local xf = tl.zeros({ 32 }, tl.f32)
local fenced, plain = fence_kernel({ fence = true }), fence_kernel(nil)
fenced({ 1 }, xf)
T.eq(xf:get(0), 31.0, "arrive {fence = true}: one arrival a thread")
plain({ 1 }, xf)
local fsrc = fenced:source("sm_90"):gsub("\n#line [^\n]*", "")
T.eq(fsrc:find('fence%.proxy%.async%.shared::cta;" ::: "memory"%);\n%s*tl_mbar_arrive%(') ~= nil, true,
     "arrive {fence = true}: the proxy fence right before the arrival")
T.eq(plain:source("sm_90"):find("fence.proxy.async", 1, true), nil, "a plain arrival: no fence")
T.raises(function() fence_kernel({ fence = 1 })({ 1 }, xf) end, "mbarrier:arrive: fence must be a boolean (got 1)")
T.raises(function() fence_kernel({ fence = true, tx = 4 })({ 1 }, xf) end,
         "mbarrier:arrive: fence is an option of a plain arrival (without tx or cta)")
T.raises(function() fence_kernel({ fenced = true })({ 1 }, xf) end, "mbarrier:arrive: unknown option 'fenced' (expected tx, cta, fence)")

-- TMA's rules, each named
T.raises(function() tile_kernel(false)({ 1, 1 }, tl.rand({ 70, 130 }, tl.f16), tl.zeros({ 70, 130 }, tl.f16)) end,
         "tensor x's stride along dimension 0 is not known to be a multiple of 16 bytes")
T.raises(function() tile_kernel(false):replace_hints { allow_tma = false }({ 1, 1 }, x, tl.zeros({ 70, 144 }, tl.f16)) end,
         "the kernel's hint allow_tma = false forbids TMA copies")
T.raises(function()
  tl.kernel { name = "async_layout", block = 32, params = { { "x", tl.tensor(tl.f16, 2) } },
    body = function(k, p)
      local l = k:lds(tl.f16, { 32, 72 }) -- rows of 72: no TMA layout puts a 64-wide box there
      local bar = k:mbarrier(1, 1)
      k:copy(k:window(l, { 0, 0 }, { 32, 64 }), k:window(p.x, { 0, 0 }, { 32, 64 }), { barrier = bar })
    end }({ 1 }, x)
end, "the LDS buffer's layout is none of TMA's (swizzle 128: element {1, 8} is at 80 in the buffer, TMA would put it at 64")
local launched = tile_kernel(false)
launched({ 1, 1 }, x, tl.zeros({ 70, 144 }, tl.f16))
T.raises(function() launched:source("gfx90a") end,
         "not available on gfx90a: k:mbarrier: mbarriers and TMA copies exist on NVIDIA sm_90 (Hopper) and later only")
T.raises(function() launched:source("sm_80") end, "not available on sm_80")

-- warp specialization: a producer warp fills an S-stage ring, a consumer warpgroup sums the tiles
local function ring_kernel(S, T_, release)
  return tl.kernel { name = "async_ring_" .. S .. (release and "" or "_leak"), block = 160,
    params = { { "x", tl.tensor(tl.f32, 2) }, { "y", tl.tensor(tl.f32, 2) } },
    body = function(k, p)
      local l = k:lds(tl.f32, { S * 32, 32 })
      local full, empty = k:mbarrier(S, 1), k:mbarrier(S, 128)
      local e = tl.encoding { h = { { 32, 1 }, { 4, 8 } }, p = { { { 1, 0 }, { 2, 0 } } }, y = { { 1, 1 }, { 2, 1 } } }
      k:roles {
        { warps = 1, fn = function(role)
          k:when(role:leader(), function()
            k:range(0, T_, 1, function(kt)
              local s, ph = kt % S, (kt // S) % 2
              empty:wait(s, 1 - ph)
              k:copy(k:window(l, { s * 32, 0 }, { 32, 32 }), k:window(p.x, { 0, kt * 32 }, { 32, 32 }), { barrier = full, index = s })
              full:arrive(s)
            end)
          end)
        end },
        { warps = 4, fn = function(role)
          T.eq(role.first, 32, "the consumer role starts at thread 32")
          local acc = k:range(0, T_, 1, function(kt, acc)
            local s, ph = kt % S, (kt // S) % 2
            full:wait(s, ph)
            local t = k:window(l, { s * 32, 0 }, { 32, 32 }, e):load()
            if release then empty:arrive(s) end
            return acc + t
          end, k:window(p.y, { 0, 0 }, { 32, 32 }, e):load())
          k:window(p.y, { 0, 0 }, { 32, 32 }, e):store(acc)
        end },
      }
    end }
end
local TT = 5
local xr = tl.rand({ 32, 32 * TT }, tl.f32)
local want = tl.zeros({ 32, 32 }, tl.f32)
for i = 0, 31 do for j = 0, 31 do
  local sum = 0
  for t = 0, TT - 1 do sum = sum + xr:get(i, t * 32 + j) end
  want:set(i, j, sum)
end end
for S = 1, 3 do
  local y = tl.zeros({ 32, 32 }, tl.f32)
  ring_kernel(S, TT, true)({ 1 }, xr, y)
  T.near(y:max_abs_diff(want), 0.0, 1e-5, "ring of " .. S)
end
if on_cpu then T.raises(function() ring_kernel(2, TT, false)({ 1 }, xr, tl.zeros({ 32, 32 }, tl.f32)) end,
         "deadlock: every role waits for a barrier phase that cannot complete: thread 0 waits on mbar1[0] parity 0") end

-- the sm_90 source: barriers in shared memory initialized once, roles as thread ranges, the TMA copy
-- from a __grid_constant__ tensor map completing on its barrier
do
  local k = ring_kernel(2, TT, true)
  k({ 1 }, xr, tl.zeros({ 32, 32 }, tl.f32))
  local src, _, arch = tl._hip_source(k:ir_object(), "sm_90")
  T.eq(arch, "sm_90", "no sm_90a instruction without registers per role")
  for _, want_text in ipairs {
    "const __grid_constant__ tl_TensorMap tl_tmap0) {",
    "__shared__ __align__(8) unsigned long long tl_mbar1[2];",
    "tl_mbar_init(&tl_mbar1[i], 128u);",
    "fence.mbarrier_init.release.cluster;",
    "if (threadIdx.x >= 32u && threadIdx.x < 160u) {  /* role: threads 32..159 */",
    "tl_mbar_expect_tx(&tl_mbar0[",
    "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];",
    "mbarrier.try_wait.parity.shared::cta.b64",
  } do
    assert(src:find(want_text, 1, true), "sm_90 source lacks: " .. want_text)
  end
end

-- thread-block clusters: two blocks each load half a tile and multicast it to both (each block's
-- barrier expects both halves), then tell the other block they are done with a remote arrival
local function cluster_kernel(sync_at_end)
  local d = tl.pattern2d { block = 32, rows = 32, cols = 64, vec = 8 }
  return tl.kernel { name = "async_cluster" .. (sync_at_end and "" or "_nosync"), block = 32, hints = { num_ctas = 2 },
    params = { { "x", tl.tensor(tl.f16, 2) }, { "y", tl.tensor(tl.f16, 2) } },
    body = function(k, p)
      local l = k:lds(tl.f16, { 32, 64 })
      local full, done = k:mbarrier(1, 1), k:mbarrier(1, 1)
      local r = k.cluster_rank()
      k:when(tl.eq(k.thread_id(), 0), function()
        k:copy(k:window(l, { r * 16, 0 }, { 16, 64 }), k:window(p.x, { r * 16, 0 }, { 16, 64 }),
               { barrier = full, index = 0, multicast = 3 })
        full:arrive(0)
      end)
      full:wait(0, 0)
      k:window(p.y, { k.block_id(0) * 32, 0 }, { 32, 64 }, d):store(k:window(l, { 0, 0 }, { 32, 64 }, d):load())
      -- the other block may reuse its buffer now
      k:when(tl.eq(k.thread_id(), 0), function() done:arrive(0, { cta = 1 - r }) end)
      -- (without the wait and the cluster barrier a block may end before the other arrives on it)
      if sync_at_end then
        done:wait(0, 0)
        k:cluster_sync()
      end
    end }
end
do
  local xc = tl.rand({ 32, 64 }, tl.f16)
  local yc = tl.zeros({ 128, 64 }, tl.f16)
  local kc = cluster_kernel(true)
  kc({ 4 }, xc, yc) -- two clusters of two
  for b = 0, 3 do
    T.eq(yc:narrow(0, b * 32, 32):max_abs_diff(xc), 0.0, "block " .. b .. " holds both halves")
  end
  local ir = kc:ir()
  assert(ir:find("cluster 2 blocks along x", 1, true) and ir:find("multicast", 1, true) and ir:find("of block %", 1, true), ir)
  if on_cpu then
    T.raises(function() cluster_kernel(true)({ 3 }, xc, yc) end, "grid x = 3 is not a multiple of the cluster size 2")
    T.raises(function() cluster_kernel(false)({ 2 }, xc, yc) end,
             "arrives on a barrier of block 1 of the cluster, which has ended: end the kernel with k:cluster_sync()")
  end
  local src = tl._hip_source(kc:ir_object(), { arch = "sm_90", num_ctas = 2 })
  for _, want_text in ipairs { "__cluster_dims__(2, 1, 1)", "mbarrier::complete_tx::bytes.multicast::cluster",
                               "mapa.shared::cluster.u32", "barrier.cluster.arrive.release.aligned", "%%cluster_ctarank",
                               "2048u * (unsigned)__popc(" } do
    assert(src:find(want_text, 1, true), "cluster source lacks: " .. want_text)
  end
end

-- TMA stores: a tile written to LDS by the block goes to the tensor in one box store (elements past
-- the tensor are not written); the buffer is free again after k:tma_store_wait()
local function store_kernel(variant)
  return tl.kernel { name = "async_store_" .. variant, block = 128,
    params = { { "x", tl.tensor(tl.f16, 2) }, { "y", tl.tensor(tl.f16, 2) } },
    body = function(k, p)
      local d = tl.xor_preshuffle { m_per_block = 32, k_per_block = 64, kpack = 8, m_lds_layer = 1 }
      local l = k:lds(tl.f16, { 32, 64 }, { swizzle = d })
      local r0, c0 = k.block_id(1) * 32, k.block_id(0) * 64
      k:window(l, { 0, 0 }, { 32, 64 }, E128):store(k:window(p.x, { r0, c0 }, { 32, 64 }, E128):load())
      k:sync()
      k:when(tl.eq(k.thread_id(), 0), function()
        k:copy(k:window(p.y, { r0, c0 }, { 32, 64 }), k:window(l, { 0, 0 }, { 32, 64 }), { tma = true })
        if variant == "ok" then k:tma_store_wait() end
      end)
      if variant == "rewrite" then
        -- writes the buffer the store may still be reading
        k:window(l, { 0, 0 }, { 32, 64 }, E128):store(k:window(p.x, { r0, c0 }, { 32, 64 }, E128):load())
        k:when(tl.eq(k.thread_id(), 0), function() k:tma_store_wait() end)
      end
    end }
end
do
  local ys = tl.zeros({ 70, 144 }, tl.f16)
  local ks = store_kernel("ok")
  ks({ 3, 3 }, x, ys)
  T.eq(ys:max_abs_diff(x), 0.0, "TMA store of every tile")
  assert(ks:ir():find("tma_store y[", 1, true) and ks:ir():find("swizzle 128 by thread 0", 1, true), ks:ir())
  local ssrc = tl._hip_source(ks:ir_object(), "sm_90")
  for _, want_text in ipairs { "cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%0, {%2, %3}], [%1];",
                               "cp.async.bulk.commit_group;", "cp.async.bulk.wait_group.read 0;",
                               "fence.proxy.async.shared::cta" } do
    assert(ssrc:find(want_text, 1, true), "TMA store source lacks: " .. want_text)
  end
  if on_cpu then
    T.raises(function() store_kernel("nowait")({ 1, 1 }, x, ys) end,
             "the block ends with a TMA store (issued at line")
    T.raises(function() store_kernel("rewrite")({ 1, 1 }, x, ys) end, "while a TMA store (issued at line")
  end
end

-- roles inside a loop: a group of tasks per iteration (their slots are reused), the barrier's phase
-- alternating with the iteration
do
  local kl = tl.kernel { name = "async_roles_loop", block = 64, params = { { "y", tl.tensor(tl.i32, 1) } },
    body = function(k, p)
      -- full: the producer's phase of the iteration; empty: the consumer has seen it (without it
      -- the producer laps the consumer: two phases on, a parity wait waits for a third, which never
      -- comes -- a hang on the GPU)
      local full, empty = k:mbarrier(1, 32), k:mbarrier(1, 32)
      k:range(0, 40, 1, function(it)
        k:roles {
          { warps = 1, fn = function()
            k:when(tl.gt(it, 0), function() empty:wait(0, (it - 1) % 2) end)
            full:arrive(0)
          end },
          { warps = 1, fn = function(role)
            full:wait(0, it % 2)
            k:when(tl.eq(role:tid(), 0), function() p.y:atomic_add({ 0 }, 1) end)
            empty:arrive(0)
          end },
        }
      end)
    end }
  local yl = tl.zeros({ 1 }, tl.i32)
  kl({ 3 }, yl)
  T.eq(yl:get(0), 120, "40 role groups in each of 3 blocks")
  -- each role's warps go through the loop on their own, as on a GPU: without `empty` the producer
  -- laps the consumer, which then waits for a phase that never comes -- the hang the GPU showed
  -- (bench/RESULTS.md 2026-11-25), now a deadlock on the CPU too
  local lap = tl.kernel { name = "async_roles_lap", block = 64, params = { { "y", tl.tensor(tl.i32, 1) } },
    body = function(k, p)
      local full = k:mbarrier(1, 32)
      k:range(0, 40, 1, function(it)
        k:roles {
          { warps = 1, fn = function() full:arrive(0) end },
          { warps = 1, fn = function(role)
            full:wait(0, it % 2)
            k:when(tl.eq(role:tid(), 0), function() p.y:atomic_add({ 0 }, 1) end)
          end },
        }
      end)
    end }
  if tl.backend() == "cpu" then -- (on a GPU it hangs)
    T.raises(function() lap({ 1 }, tl.zeros({ 1 }, tl.i32)) end,
             "deadlock: wait on mbar0[0] for parity 0 cannot complete: phase 40 misses 32 arrivals")
  end
  -- a block barrier in such a loop, outside the roles: every role's warps meet there each iteration
  local met = tl.kernel { name = "async_roles_sync", block = 96, params = { { "y", tl.tensor(tl.i32, 1) } },
    body = function(k, p)
      k:range(0, 6, 1, function(it)
        k:roles {
          { warps = 1, fn = function(role) k:when(tl.eq(role:tid(), 0), function() p.y:atomic_add({ 0 }, 1) end) end },
          { warps = 2, fn = function(role) k:when(tl.eq(role:tid(), 0), function() p.y:atomic_add({ 0 }, 10) end) end },
        }
        k:sync()
      end)
    end }
  local ym = tl.zeros({ 1 }, tl.i32)
  met({ 2 }, ym)
  T.eq(ym:get(0), 132, "6 iterations x (1 + 10) in each of 2 blocks, the roles meeting at k:sync()")
  -- a barrier under a branch in such a loop still diverges
  local diverged = tl.kernel { name = "async_roles_diverge", block = 64, params = {},
    body = function(k)
      k:range(0, 2, 1, function(it)
        k:roles { { warps = 1, fn = function() end }, { warps = 1, fn = function() end } }
        k:when(tl.lt(k.thread_id(), 16), function() k:sync() end)
      end)
    end }
  if tl.backend() == "cpu" then -- (undefined on a GPU)
    T.raises(function() diverged({ 1 }) end, "barrier reached by 16 of 64 threads (divergent control flow)")
  end
end

-- role rules
local function roles_kernel(list, block)
  return tl.kernel { name = "async_roles", block = block or 128, params = {}, body = function(k) k:roles(list(k)) end }
end
T.raises(function() roles_kernel(function() return { { warps = 1, fn = function() end }, { warps = 2, fn = function() end } } end)({ 1 }) end,
         "k:roles: the roles' warps add up to 96 threads but the block has 128 (4 warps of 32)")
T.raises(function() roles_kernel(function(k) return { { warps = 4, fn = function() k:sync() end } } end)({ 1 }) end,
         "k:sync() inside a role")
T.raises(function() roles_kernel(function() return { { warps = 4, registers = 40, fn = function() end }, { warps = 12, registers = 232, fn = function() end } } end, 512)({ 1 }) end,
         "k:roles: the roles' registers add up to 94208 per block (role 1: 128 threads x 40, role 2: 384 threads x 232), more than the 65536 the block starts with (512 threads x 128)")
T.raises(function() roles_kernel(function() return { { warps = 4, registers = 232, fn = function() end }, { warps = 12, fn = function() end } } end, 512)({ 1 }) end,
         "add up to 78848 per block (role 1: 128 threads x 232, role 2: 384 threads x 128), more than the 65536 the block starts with")
-- 24 + 4 x 120 = 64512 fits the SM's 65536, but a block of 640 threads starts with 96 registers a
-- thread (61440): on an H100 this empty kernel did not finish in 120 s (tests/gpu/run.sh, 2026-11-25),
-- as std.gemm's FP8 config with four consumer warpgroups and those registers had hung; now refused
T.raises(function() roles_kernel(function() return { { warps = 4, registers = 24, fn = function() end }, { warps = 16, registers = 120, fn = function() end } } end, 640)({ 1 }) end,
         "add up to 64512 per block (role 1: 128 threads x 24, role 2: 512 threads x 120), more than the 61440 the block starts with (640 threads x 96)")
-- within the pool (24 + 4 x 112 = 60416): runs (on a GPU too, which checks the rule above)
roles_kernel(function() return { { warps = 4, registers = 24, fn = function() end }, { warps = 16, registers = 112, fn = function() end } } end, 640)({ 1 })
T.raises(function() roles_kernel(function() return { { warps = 2, registers = 40, fn = function() end }, { warps = 2, fn = function() end } } end)({ 1 }) end,
         "role 1 asks for registers, which are set per warpgroup")
-- role:sync on AMD has no named barrier
local rsync = tl.kernel { name = "async_rsync", block = 128, params = {}, body = function(k)
  k:roles { { warps = 128 // k.warp_size, fn = function(role) role:sync() end } }
end }
rsync({ 1 })
T.raises(function() rsync:source("gfx90a") end, "not available on gfx90a: named barriers (role:sync) exist on NVIDIA sm_90")

registry["tilelua.warp"] = saved
print("kernel_async: ok")
