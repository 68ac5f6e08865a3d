-- std.gemm's warp-specialized config (config.ws, stdlib/gemm_ws.lua): a producer warpgroup issuing TMA
-- copies into a 4-stage ring of mbarrier-guarded LDS stages, two consumer warpgroups running wgmma with
-- a group in flight. Exact on the executor (small integers) for a K that is not a multiple of the
-- ring's rounds and for K = 0; an A whose rows are not 16-element strided takes the wgmma pipeline
-- inside the same roles and the report says why; the sm_90a source has what the schedule needs.
local T = require "testing"
local std = require "tilelua.std"
local registry = debug.getregistry()
local saved = registry["tilelua.warp"]
registry["tilelua.warp"] = 32

local CFG = { bm = 128, bn = 256, bk = 64, wgmma = true, ws = true }
local function check(M, N, K, cfg)
  local A, B = tl.empty({ M, K }, tl.f16), tl.empty({ K, N }, tl.f16)
  for i = 0, M - 1 do for j = 0, K - 1 do A:set(i, j, (i * 7 + j * 3) % 5 - 2) end end
  for i = 0, K - 1 do for j = 0, N - 1 do B:set(i, j, (i * 5 + j * 11) % 7 - 3) end end
  local C = std.gemm(A, B, { config = cfg or CFG })
  for i = 0, M - 1, 3 do for j = 0, N - 1, 5 do
    local r = 0
    for q = 0, K - 1 do r = r + A:get(i, q) * B:get(q, j) end
    if C:get(i, j) ~= r then error(("%dx%dx%d: C[%d, %d] = %s, want %s"):format(M, N, K, i, j, C:get(i, j), r)) end
  end end
end

local k = std.gemm_kernel("f16", { config = CFG })
T.eq(k.block, 384, "one producer and two consumer warpgroups")
check(200, 300, 192)   -- row strides of 192 and 300: not TMA's; the wgmma pipeline in the consumer role
assert(k:report():find("note: config.ws not used: tensor b is not 16-byte aligned", 1, true), k:report())
check(130, 64, 0)      -- K = 0: the accumulators never leave their undefined start; zeros
check(192, 256, 320)   -- 5 K tiles: one full round of 4 stages, then one tile and three zero boxes
local rep = k:report()
assert(not rep:find("config.ws not used", 1, true), rep)
assert(rep:find("TMA copy: a -> LDS box 128x64 swizzle 128", 1, true) and rep:find("TMA copy: b -> LDS box 64x64 swizzle 128", 1, true), rep)

-- the source for sm_90a after the aligned launch
local src, _, arch = tl._hip_source(k:ir_object(), "sm_90")
T.eq(arch, "sm_90a", "setmaxnreg and wgmma need sm_90a")
local function count(text) return select(2, src:gsub(text:gsub("%p", "%%%0"), "")) end
T.eq(count("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes"), 4 * 5, "per stage: A and four B panels")
T.eq(count("setmaxnreg.dec.sync.aligned.u32 40;"), 1, "the producer gives registers back")
T.eq(count("setmaxnreg.inc.sync.aligned.u32 232;"), 1, "the consumers take them")
T.eq(count("__syncthreads()"), 1, "one block barrier: after the barriers' initialization")
assert(src:find("tl_mbar_init(&tl_mbar1[i], 2u);", 1, true), "empty barriers: one arrival per consumer warpgroup")
assert(src:find("wgmma.wait_group.sync.aligned 1;", 1, true), "a group stays in flight")
assert(src:find("__shared__ __attribute__((aligned(1024)))", 1, true) or src:find("tl_lds_raw", 1, true), "aligned LDS")

-- persistent (config.persistent): a grid of one block per SM (2 on the executor) walking the tiles in
-- grouped order, the barriers' phases running on across a block's tiles and the epilogue of one tile
-- overlapping the loads of the next; also through the fallback pipeline
local PCFG = { bm = 128, bn = 128, bk = 64, wgmma = true, ws = true, persistent = true }
local _, dev = tl.backend()
T.eq(tl._sm_count(), dev.sm_count or 0, "tl._sm_count() (the persistent grids' count) is tl.backend()'s sm_count, 0 on the executor")
T.eq(std.gemm_grid(PCFG, 256, 512), { tl.backend() == "cpu" and 2 or math.min(8, dev.sm_count), 1 },
     "one block per SM, at most one per tile (two blocks on the executor)")
check(256, 512, 320, PCFG)   -- 8 tiles over 2 blocks, 5 K tiles each (rounds of 4 stages)
check(200, 300, 192, PCFG)   -- the fallback pipeline walks the tiles too
local kp = std.gemm_kernel("f16", { config = PCFG })
check(256, 512, 320, PCFG)
local psrc = tl._hip_source(kp:ir_object(), "sm_90")
assert(psrc:find("for %(int v%d+ = v1; v%d+ < v%d+; v%d+ %+= v4%)"), "a loop over tiles stepping by the grid")
T.raises(function() std.gemm_kernel("f16", { config = { wgmma = true, persistent = true } }) end,
         "config.persistent (one block per SM walking tiles) needs config.ws")

-- clusters (config.cluster = 2): two blocks along N load half of their shared A tile each and
-- multicast it to both; a stage is free once the consumers of both blocks released it; the grid
-- holds whole clusters (a block past N shares its A rows and stores nothing)
local CCFG = { bm = 128, bn = 128, bk = 64, wgmma = true, ws = true, cluster = 2 }
T.eq(std.gemm_grid(CCFG, 200, 300), { 4, 2 }, "3 tiles along N padded to two clusters")
check(128, 512, 320, CCFG)
check(192, 384, 128, CCFG)
-- clusters walk the grouped launch order (here 2 tile rows per group): 3 x 3 tiles, 2 clusters a row
check(384, 384, 64, { bm = 128, bn = 128, bk = 64, wgmma = true, ws = true, cluster = 2, group = 2 })
local kc = std.gemm_kernel("f16", { config = CCFG })
local csrc = tl._hip_source(kc:ir_object(), { arch = "sm_90", num_ctas = 2 })
T.eq(select(2, csrc:gsub("multicast::cluster", "")), 4, "A halves multicast, one per stage")
assert(csrc:find("__cluster_dims__(2, 1, 1)", 1, true) and csrc:find("tl_mbar_arrive_remote(", 1, true), "cluster source")
T.raises(function() std.gemm_kernel("f16", { config = { wgmma = true, ws = true, cluster = 3 } }) end, "config.cluster must be 1, 2 or 4")
-- clusters with persistent blocks: whole clusters (2 on the executor) walk units of 2 neighbouring
-- tiles of a row; 3 tiles along N: the second unit of each row has a block past N
local PCFG = { bm = 128, bn = 128, bk = 64, wgmma = true, ws = true, cluster = 2, persistent = true }
-- (3 x 2 units: 2 clusters of 2 on the executor; on a GPU one cluster per unit, as it has SMs enough)
T.eq(std.gemm_grid(PCFG, 300, 300), tl.backend() == "cpu" and { 4, 1 } or { 12, 1 }, "persistent clusters: the grid")
T.eq(std.gemm_grid(PCFG, 100, 100), { 2, 1 }, "one unit: one cluster")
check(300, 300, 192, PCFG)
check(256, 512, 128, PCFG)
T.eq(std.gemm_kernel("f16", { config = PCFG }).name, "std_gemm_f16_nn_128x128x64_wspc2", "the persistent cluster kernel")
check(130, 256, 0, { bm = 128, bn = 128, bk = 64, wgmma = true, ws = true, cluster = 2 }) -- K = 0 with clusters: zeros

-- the sm_90 default (std.gemm_configs()[1] there): ws, persistent, clusters of 2, TMA stores; exact on
-- the executor with a transposed A (clusters then take the wgmma pipeline: A's multicast is written
-- for row blocks only), a transposed B with beta and C, rows TMA cannot copy, an f16 output
do
  local DCFG = { bm = 128, bn = 256, bk = 64, wgmma = true, ws = true, persistent = true, cluster = 2, tma_store = true }
  local function small(r, c, seed)
    local t = tl.empty({ r, c }, tl.f16)
    for i = 0, r - 1 do for j = 0, c - 1 do t:set(i, j, (i * 7 + j * seed) % 5 - 2) end end
    return t
  end
  local function dcheck(M, N, K, o)
    local A = o.trans_a and small(K, M, 3) or small(M, K, 3)
    local B = o.trans_b and small(N, K, 11) or small(K, N, 11)
    local Cin = o.beta and small(M, N, 13)
    local out = tl.empty({ M, N }, tl[o.out or "f32"])
    std.gemm(A, B, { config = DCFG, trans_a = o.trans_a, trans_b = o.trans_b, out = out, C = Cin, beta = o.beta,
                     alpha = o.alpha })
    for i = 0, M - 1, 7 do for j = 0, N - 1, 5 do
      local r = 0
      for q = 0, K - 1 do
        r = r + (o.trans_a and A:get(q, i) or A:get(i, q)) * (o.trans_b and B:get(j, q) or B:get(q, j))
      end
      r = r * (o.alpha or 1) + (o.beta and o.beta * Cin:get(i, j) or 0)
      if out:get(i, j) ~= r then error(("default %dx%dx%d: out[%d, %d] = %s, want %s"):format(M, N, K, i, j, out:get(i, j), r)) end
    end end
  end
  dcheck(136, 264, 64, { trans_a = true, out = "f16" })
  dcheck(130, 300, 128, { trans_b = true, beta = 2, alpha = 0.5 })
  dcheck(130, 260, 100, { out = "f16" }) -- rows of 200 bytes: not TMA's
  dcheck(130, 260, 0, { out = "f16" })   -- K = 0: zeros (no tensor maps, no TMA stores either)
  -- what sm_90 picks without a config: that schedule, and with trans_a the same without clusters (A^T
  -- by TMA; with a cluster it would leave TMA for the wgmma pipeline, as the report of the first
  -- dcheck says)
  tl.with_target("sm_90", function()
    local _, d = std.gemm_kernel(tl.f16)
    T.eq({ d.ws, d.persistent, d.cluster, d.tma_store }, { true, true, 2, true }, "the sm_90 default")
    local _, dt = std.gemm_kernel(tl.f16, { trans_a = true })
    T.eq({ dt.ws, dt.persistent, dt.cluster, dt.tma_store }, { true, true, nil, true }, "the sm_90 default with trans_a")
    T.eq(std.gemm_kernel(tl.f16, { trans_a = true }).name, "std_gemm_f16_tn_128x256x64_wsp", "its kernel")
    -- 300 x 600: 3 x 3 tiles, or 3 x 2 units of a cluster's two column tiles; persistent, so at most one
    -- block per multiprocessor (on the executor 2 clusters of 2, or 2 blocks)
    local _, info = tl.backend()
    local sms = info and info.sm_count or 0
    local want = sms > 0 and { { math.min(6, sms // 2) * 2, 1 }, { math.min(9, sms), 1 } } or { { 4, 1 }, { 2, 1 } }
    T.eq({ std.gemm_grid(nil, 300, 600, "f16"), std.gemm_grid(nil, 300, 600, "f16", true) }, want,
         "the grids of the two defaults")
  end)
end

-- the epilogue by TMA stores (config.tma_store): 64 x 128-byte chunks of each consumer warpgroup's
-- result staged in two LDS buffers, stored by the role's leader; f16 output as torch.matmul writes it
do
  local SCFG = { bm = 128, bn = 256, bk = 64, wgmma = true, ws = true, tma_store = true }
  local A, B = tl.empty({ 192, 128 }, tl.f16), tl.empty({ 128, 256 }, tl.f16)
  for i = 0, 191 do for j = 0, 127 do A:set(i, j, (i * 7 + j * 3) % 5 - 2) end end
  for i = 0, 127 do for j = 0, 255 do B:set(i, j, (i * 5 + j * 11) % 7 - 3) end end
  local out = tl.zeros({ 192, 256 }, tl.f16)
  std.gemm(A, B, { config = SCFG, out = out })
  for i = 0, 191, 7 do for j = 0, 255, 3 do
    local ref = 0
    for q = 0, 127 do ref = ref + A:get(i, q) * B:get(q, j) end
    if out:get(i, j) ~= ref then error(("tma_store: C[%d, %d] = %s, want %s"):format(i, j, out:get(i, j), ref)) end
  end end
  local ks, rs = std.gemm_kernel("f16", { out_dtype = "f16", config = SCFG })
  T.eq(rs.lds_bytes, 229376, "4 stages and the staging buffers fit")
  assert(ks:report():find("TMA copy: LDS -> c box 64x64 swizzle 128 (store)", 1, true), ks:report())
  local ssrc = tl._hip_source(ks:ir_object(), "sm_90")
  T.eq(select(2, ssrc:gsub("global%.shared::cta%.bulk_group", "")), 8, "4 chunks x 2 warpgroups")
  assert(ssrc:find("cp.async.bulk.wait_group.read 2;", 1, true), "a chunk's stores overlap the next chunk's writes")
  T.raises(function() std.gemm_kernel("f16", { config = { wgmma = true, tma_store = true } }) end,
           "config.tma_store (the epilogue by TMA stores) needs config.ws")
end

-- NVRTC compiles the variants for sm_90a where it is installed (cli/rtc_kernels compiles the golden
-- and every kernel_*.lua kernel; these are the std.gemm forms beyond the golden)
local function nvrtc(k, target, what)
  local src, _, carch = tl._hip_source(k:ir_object(), target)
  T.compiles(src, k.name, carch, what)
end
nvrtc(kp, "sm_90", "persistent")
nvrtc(kc, { arch = "sm_90", num_ctas = 2 }, "cluster of 2")
nvrtc(std.gemm_kernel("f16", { out_dtype = "f16", config = { bm = 128, bn = 256, bk = 64, wgmma = true, ws = true,
                                                             tma_store = true } }), "sm_90", "TMA-store epilogue")

-- transposed operands through TMA: A^T (K x M) lands MN-major and B^T (N x K) K-major, read by the
-- wgmma as transposed tiles
do
  local function a(i, q) return (i * 7 + q * 3) % 5 - 2 end
  local function b(q, j) return (q * 5 + j * 11) % 7 - 3 end
  local M, N, K = 192, 256, 320
  for _, tt in ipairs({ { true, false }, { false, true }, { true, true } }) do
    local ta, tb = tt[1], tt[2]
    local A = ta and tl.empty({ K, M }, tl.f16) or tl.empty({ M, K }, tl.f16)
    local B = tb and tl.empty({ N, K }, tl.f16) or tl.empty({ K, N }, tl.f16)
    for i = 0, M - 1 do for q = 0, K - 1 do if ta then A:set(q, i, a(i, q)) else A:set(i, q, a(i, q)) end end end
    for q = 0, K - 1 do for j = 0, N - 1 do if tb then B:set(j, q, b(q, j)) else B:set(q, j, b(q, j)) end end end
    local C = std.gemm(A, B, { config = CFG, trans_a = ta, trans_b = tb })
    for i = 0, M - 1, 5 do for j = 0, N - 1, 7 do
      local r = 0
      for q = 0, K - 1 do r = r + a(i, q) * b(q, j) end
      if C:get(i, j) ~= r then error(("trans %s %s: C[%d, %d] = %s, want %s"):format(ta, tb, i, j, C:get(i, j), r)) end
    end end
    local kt = std.gemm_kernel("f16", { trans_a = ta, trans_b = tb, config = CFG })
    assert(not kt:report():find("config.ws not used", 1, true), kt:report())
  end
  local ktt = std.gemm_kernel("f16", { trans_a = true, trans_b = true, config = CFG })
  assert(ktt:report():find("TMA copy: a -> LDS box 64x64 swizzle 128", 1, true) and
         ktt:report():find("TMA copy: b -> LDS box 256x64 swizzle 128", 1, true), ktt:report())
  nvrtc(ktt, "sm_90", "transposed operands")
end

-- the wgmma pipeline without roles copies its tiles by TMA copy groups unless config.tma = false
-- (the default of wgmma configs on sm_90, the executor's warp-32 target included)
do
  local WG = { bm = 128, bn = 256, bk = 64, wgmma = true }
  check(128, 256, 192, WG)
  local kg = std.gemm_kernel("f16", { config = WG })
  assert(kg:report():find("TMA copy: a -> LDS box 128x64 swizzle 128 (k:copy, copy groups)", 1, true), kg:report())
  T.eq(kg:source("sm_90"):find("cp.async.bulk.tensor", 1, true) ~= nil, true, "wgmma config: TMA copies")
  local NOTMA = { bm = 128, bn = 256, bk = 64, wgmma = true, tma = false }
  check(128, 256, 192, NOTMA)
  local kc = std.gemm_kernel("f16", { config = NOTMA })
  T.eq(kc:report():find("copy groups", 1, true), nil, "config.tma = false: no copy groups")
  T.eq(kc:source("sm_90"):find("cp.async.bulk.tensor", 1, true), nil, "config.tma = false: cp.async")
end

-- a fresh f32 output is not cleared first (every element written): sm_90's default (the producer, persistent
-- blocks in clusters of two, TMA stores), wgmma with TMA copies, the target's default; edge tiles in M and N
do
  local A, B = tl.empty({ 200, 64 }, tl.f16), tl.empty({ 64, 320 }, tl.f16)
  for i = 0, 199 do for j = 0, 63 do A:set(i, j, (i * 7 + j * 3) % 5 - 2) end end
  for i = 0, 63 do for j = 0, 319 do B:set(i, j, (i * 5 + j * 11) % 7 - 3) end end
  local DEF = { bm = 128, bn = 256, bk = 64, wgmma = true, ws = true, persistent = true, cluster = 2, tma_store = true }
  for _, cfg in ipairs { DEF, { bm = 128, bn = 256, bk = 64, wgmma = true }, false } do
    T.full_write("gemm", function(out) return std.gemm(A, B, { config = cfg or nil, out = out }) end, { 200, 320 }, tl.f32)
  end
end

-- other targets: the config says what is missing
T.raises(function() tl.with_target("gfx90a", std.gemm_kernel, "f16", { config = CFG }) end, "not available on gfx90a")
T.raises(function() std.gemm_kernel("f16", { config = { ws = true } }) end, "config.ws (warp-specialized, TMA) needs config.wgmma")

registry["tilelua.warp"] = saved
print("std_gemm_ws: ok")
