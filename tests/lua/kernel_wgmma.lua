-- The warpgroup MMA (tl.wgmma_shape, IR op wgmma): A and B tiles in LDS read through descriptors
-- fitted to the buffers' layouts (A: seed 003's XOR preshuffle, 128-byte rows = K-major; B: 64-column
-- blocks of 128-byte swizzled rows = MN-major, tl.wgmma_mn_layout), one to four warpgroups, n from 64 to 256, f16 and
-- bf16, accumulating over two calls; exact against a Lua reference (small integers). Then the
-- generated source for sm_90 (wgmma.mma_async with the fitted descriptor fields, compiled for
-- sm_90a), the refusal on other targets, and the errors of a layout the descriptors cannot read;
-- operands given per warpgroup (lists: each warpgroup its own B columns, or its own share of K); A
-- from registers (an accumulator cast to the input dtype).
local T = require "testing"
local registry = debug.getregistry()
local saved = registry["tilelua.warp"]
registry["tilelua.warp"] = 32

local BK = 64
local function rows_dist(rows, cols, nt)
  return tl.encoding { h = { { rows * cols // 8 // nt, nt * 8 // cols }, { cols // 8, 8 } }, p = { { { 1, 1 }, { 2, 0 } } },
                       y = { { 1, 0 }, { 2, 1 } } }
end

local function make(G, N, dt, plain_a)
  local s = tl.wgmma_shape { n = N, a = dt }
  local da = not plain_a and tl.xor_preshuffle { m_per_block = 64 * G, k_per_block = BK, kpack = 8, m_lds_layer = 1 } or nil
  local db = tl.wgmma_mn_layout(BK, N)
  local nt = 128 * G
  local ka, kb = rows_dist(64 * G, BK, nt), rows_dist(BK, N, nt)
  return tl.kernel { name = "wg_" .. G .. "_" .. N .. "_" .. dt, block = nt,
    params = { { "a", tl.tensor(dt, 2) }, { "b", tl.tensor(dt, 2) }, { "c", tl.tensor(tl.f32, 2) } },
    body = function(k, p)
      local la = k:lds(dt, { 64 * G, BK }, da and { swizzle = da } or nil)
      local lb = k:lds(dt, { BK, N }, { swizzle = db })
      k:copy(k:window(la, { 0, 0 }, { 64 * G, BK }, ka), k:window(p.a, { 0, 0 }, { 64 * G, BK }, ka))
      k:copy(k:window(lb, { 0, 0 }, { BK, N }, kb), k:window(p.b, { 0, 0 }, { BK, N }, kb))
      k:copy_commit()
      k:copy_wait(0)
      k:sync()
      -- all of K, then its first half again (accumulating)
      local acc = s:mma(la:tile({ 0, 0 }, { 64 * G, BK }), lb:tile({ 0, 0 }, { BK, N }))
      acc = s:mma(la:tile({ 0, 0 }, { 64 * G, 32 }), lb:tile({ 0, 0 }, { 32, N }), acc)
      k:window(p.c, { 64 * (k.warp_id() // 4), 0 }, { 64, N }, s.c):store(acc)
    end }
end

local function run(G, N, dt)
  local k = make(G, N, dt)
  local M = 64 * G
  local A, B, C = tl.empty({ M, BK }, tl[dt]), tl.empty({ BK, N }, tl[dt]), tl.zeros({ M, N }, tl.f32)
  for i = 0, M - 1 do for j = 0, BK - 1 do A:set(i, j, (i * 7 + j * 3) % 5 - 2) end end
  for i = 0, BK - 1 do for j = 0, N - 1 do B:set(i, j, (i * 5 + j * 11) % 7 - 3) end end
  k({ 1 }, A, B, C)
  for i = 0, M - 1 do
    for j = 0, N - 1 do
      local ref = 0
      for q = 0, BK - 1 do ref = ref + A:get(i, q) * B:get(q, j) * (q < 32 and 2 or 1) end
      if C:get(i, j) ~= ref then error(("G %d n %d %s: C[%d, %d] = %s, want %s"):format(G, N, dt, i, j, C:get(i, j), ref)) end
    end
  end
  return k
end

run(1, 64, "f16")
run(2, 256, "bf16")
run(4, 128, "f16")
local k = run(2, 128, "f16")

-- the IR: the fitted descriptor fields (A K-major rows of 128 bytes, 8-row groups 1 KiB apart, k16
-- steps 32 bytes on; B MN-major, 64-column blocks 64 rows x 128 bytes apart, steps of 16 rows)
local ir = k:ir()
assert(ir:find("wgmma m64n128k16x4 f16 a(lds0 ", 1, true), ir:match("wgmma[^\n]*"))
assert(ir:find("k step 32 lbo 16 sbo 1024) b(lds1 ", 1, true) and ir:find("mn step 2048 lbo 8192 sbo 1024)", 1, true),
       ir:match("wgmma[^\n]*"))

-- the source: wgmma.mma_async on descriptors, the async-proxy fence before barriers, buffers aligned
-- to 1 KiB; compiled for sm_90a; no other target has it
local src, _, arch = tl._hip_source(k:ir_object(), "sm_90")
T.eq(arch, "sm_90a", "wgmma kernels compile for sm_90a")
T.eq(select(2, src:gsub("wgmma%.mma_async%.sync%.aligned%.m64n128k16%.f32%.f16%.f16", "")), 6, "4 + 2 instructions")
assert(src:find("fence.proxy.async.shared::cta", 1, true), "fence before the barrier")
assert(src:find("wgmma.wait_group.sync.aligned 0", 1, true) and src:find("wgmma.fence.sync.aligned", 1, true), "fence/wait")
assert(src:find("__shared__ __attribute__((aligned(1024))) __half lds0", 1, true), "1 KiB aligned")
assert(src:find("db_ + 128ull", 1, true) and src:find("da_ + 2ull", 1, true), "descriptor steps in 16-byte units")
-- a product started from zeros: its first step does not accumulate (scale-d 0) and its registers are not filled with
-- zeros first (an empty asm defines them); the second product accumulates into the first's result
T.eq(select(2, src:gsub('"r"%(0%)%)', "")), 1, "one step without accumulating: the first product's first")
T.eq(select(2, src:gsub('"r"%(1%)%)', "")), 5, "the other five accumulate")
assert(src:find('"=f"', 1, true), "the zero-started results defined by an empty asm")
-- groups left in flight: pending = n (0..7) is wgmma.wait_group n after the group, k:wgmma_wait(n) the
-- same alone; three independent products, the third issued with two before it still running
local three = tl.kernel { name = "wg_pending", block = 128,
  params = { { "a", tl.tensor(tl.f16, 2) }, { "b", tl.tensor(tl.f16, 2) }, { "c", tl.tensor(tl.f32, 2) } }, body = function(k, p)
  local s = tl.wgmma_shape { n = 64 }
  local la = k:lds(tl.f16, { 64, BK }, { swizzle = tl.xor_preshuffle { m_per_block = 64, k_per_block = BK, kpack = 8, m_lds_layer = 1 } })
  local lb = k:lds(tl.f16, { BK, 64 }, { swizzle = tl.wgmma_mn_layout(BK, 64) })
  local ka, kb = rows_dist(64, BK, 128), rows_dist(BK, 64, 128)
  k:copy(k:window(la, { 0, 0 }, { 64, BK }, ka), k:window(p.a, { 0, 0 }, { 64, BK }, ka))
  k:copy(k:window(lb, { 0, 0 }, { BK, 64 }, kb), k:window(p.b, { 0, 0 }, { BK, 64 }, kb))
  k:copy_commit()
  k:copy_wait(0)
  k:sync()
  local x = s:mma(la:tile({ 0, 0 }, { 64, BK }), lb:tile({ 0, 0 }, { BK, 64 }), nil, { pending = 1 })
  local y = s:mma(la:tile({ 0, 0 }, { 64, 32 }), lb:tile({ 0, 0 }, { 32, 64 }), nil, { pending = 2 })
  local z = s:mma(la:tile({ 0, 0 }, { 64, 16 }), lb:tile({ 0, 0 }, { 16, 64 }), nil, { pending = 3 })
  k:wgmma_wait(0)
  k:window(p.c, { 0, 0 }, { 64, 64 }, s.c):store(x + y + z)
end }
local cz = tl.zeros({ 64, 64 }, tl.f32)
three({ 1 }, tl.full({ 64, BK }, 1, tl.f16), tl.full({ BK, 64 }, 1, tl.f16), cz)
T.eq(cz:get(5, 7), BK + 32 + 16.0, "three products, each right")
local psrc = tl._hip_source(three:ir_object(), "sm_90")
for n = 1, 3 do assert(psrc:find("wgmma.wait_group.sync.aligned " .. n .. ";", 1, true), "wait_group " .. n) end
assert(three:ir():find("pending 3", 1, true), three:ir())
local eight = tl.kernel { name = "wg_pending8", block = 128, params = {}, body = function(k)
  local la = k:lds(tl.f16, { 64, 64 })
  tl.wgmma_shape { n = 64 }:mma(la:tile({ 0, 0 }, { 64, 64 }), la:tile({ 0, 0 }, { 64, 64 }), nil, { pending = 8 })
end }
T.raises(function() eight({ 1 }) end, "options must be {pending = 0..7")
T.raises(function() tl.kernel { name = "wg_wait8", block = 128, params = {}, body = function(k) k:wgmma_wait(8) end }({ 1 }) end,
         "k:wgmma_wait(n): n is 0..7 (groups left in flight), got 8")

-- traced for another target the kernel stops at the wgmma, naming the target and what it lacks
T.raises(function() k:source("sm_80") end, "not available on sm_80: wgmma m64n128k16 (warpgroup MMA from LDS) exists on NVIDIA sm_90 (Hopper) only")
T.raises(function() k:source("gfx90a") end, "not available on gfx90a: wgmma m64n128k16")

-- errors: a row-major A buffer (no swizzle) is not a layout the descriptors read
local bad = make(1, 64, "f16", true)
T.raises(function() bad({ 1 }, tl.zeros({ 64, BK }, tl.f16), tl.zeros({ BK, 64 }, tl.f16), tl.zeros({ 64, 64 }, tl.f32)) end,
         "the A tile's LDS layout is not one the descriptors can read: element (1, 0) of step 0 is at byte 128 of the buffer, the K-major 128-byte-swizzled layout puts it at 144")
T.raises(function() tl.wgmma_mn_layout(64, 96) end, "cols must be a positive multiple of 64 (got 96)")
T.raises(function() tl.wgmma_mn_layout(12, 64) end, "rows must be a positive multiple of 8 (got 12)")
T.raises(function() tl.wgmma_shape { n = 12 } end, "n must be a multiple of 8 in 8..256 (got 12)")
T.raises(function() tl.wgmma_shape { n = 64, a = "f32" } end, "a (the input dtype) must be f16, bf16, f8e4m3 or f8e5m2")
local odd = tl.kernel { name = "wg_odd", block = 96, params = {}, body = function(k)
  local la = k:lds(tl.f16, { 64, 64 })
  tl.wgmma_shape { n = 64 }:mma(la:tile({ 0, 0 }, { 64, 64 }), la:tile({ 0, 0 }, { 64, 64 }))
end }
T.raises(function() odd({ 1 }) end, "block 96, not a whole number of warpgroups")
local rows = tl.kernel { name = "wg_rows", block = 256, params = {}, body = function(k)
  local la = k:lds(tl.f16, { 192, 64 })
  tl.wgmma_shape { n = 64 }:mma(la:tile({ 0, 0 }, { 192, 64 }), la:tile({ 0, 0 }, { 64, 64 }))
end }
T.raises(function() rows({ 1 }) end, "the A tile has 192 rows; the 2 warpgroups of the block take 64 each (128), or share a tile of 64")

-- operands per warpgroup (two warpgroups, C = A B with A 64 x 128, B 128 x 128):
--   "n": A shared (a tile of 64 rows), B a list: warpgroup g its 64 columns from 64g (C's column block g)
--   "k": both lists: warpgroup g K from 64g (A's columns, B's rows), a partial product each, summed
-- B is stored K x N as two 64-column MN-major blocks, as std.attention_backward's K panels
local function per_group(mode)
  return tl.kernel { name = "wg_list_" .. mode, block = 256,
    params = { { "a", tl.tensor(tl.f16, 2) }, { "b", tl.tensor(tl.f16, 2) }, { "c", tl.tensor(tl.f32, 2) } }, body = function(k, p)
    local s = tl.wgmma_shape { n = 64 }
    local la = k:lds(tl.f16, { 2 * 64, 64 }, { swizzle = tl.xor_preshuffle { m_per_block = 128, k_per_block = 64, kpack = 8, m_lds_layer = 1 } })
    local lb = k:lds(tl.f16, { 128, 128 }, { swizzle = tl.wgmma_mn_layout(128, 128) })
    local ka, kb = rows_dist(64, 64, 256), rows_dist(128, 128, 256)
    for h = 0, 1 do -- (A's two 64-column halves as two K-major panels, rows 64h..)
      k:copy(k:window(la, { 64 * h, 0 }, { 64, 64 }, ka), k:window(p.a, { 0, 64 * h }, { 64, 64 }, ka))
    end
    k:copy(k:window(lb, { 0, 0 }, { 128, 128 }, kb), k:window(p.b, { 0, 0 }, { 128, 128 }, kb))
    k:copy_commit()
    k:copy_wait(0)
    k:sync()
    local wg = k.warp_id() // 4
    if mode == "n" or mode == "nrev" then
      -- (A: both panels, K = 128, every warpgroup's; A's K runs over the panels, so two products;
      -- nrev: the list in descending order, warpgroup g takes columns 64 (1 - g))
      local c0, c1 = 0, 64
      if mode == "nrev" then c0, c1 = 64, 0 end
      local acc = s:mma(la:tile({ 0, 0 }, { 64, 64 }), { lb:tile({ 0, c0 }, { 64, 64 }), lb:tile({ 0, c1 }, { 64, 64 }) })
      acc = s:mma(la:tile({ 64, 0 }, { 64, 64 }), { lb:tile({ 64, c0 }, { 64, 64 }), lb:tile({ 64, c1 }, { 64, 64 }) }, acc)
      k:window(p.c, { 0, mode == "n" and 64 * wg or 64 - 64 * wg }, { 64, 64 }, s.c):store(acc)
    else
      for n0 = 0, 64, 64 do
        local part = s:mma({ la:tile({ 0, 0 }, { 64, 64 }), la:tile({ 64, 0 }, { 64, 64 }) },
                           { lb:tile({ 0, n0 }, { 64, 64 }), lb:tile({ 64, n0 }, { 64, 64 }) })
        k:window(p.c, { 64 * wg, n0 }, { 64, 64 }, s.c):store(part) -- (rows 64g: warpgroup g's partial product)
      end
    end
  end }
end
do
  local A, B = tl.empty({ 64, 128 }, tl.f16), tl.empty({ 128, 128 }, tl.f16)
  for i = 0, 63 do for j = 0, 127 do A:set(i, j, (i * 7 + j * 3) % 5 - 2) end end
  for i = 0, 127 do for j = 0, 127 do B:set(i, j, (i * 5 + j * 11) % 7 - 3) end end
  local function ref(i, j, q0, q1)
    local r = 0
    for q = q0, q1 - 1 do r = r + A:get(i, q) * B:get(q, j) end
    return r
  end
  local cn, ck = tl.zeros({ 64, 128 }, tl.f32), tl.zeros({ 128, 128 }, tl.f32)
  per_group("n")({ 1 }, A, B, cn)
  local cr = tl.zeros({ 64, 128 }, tl.f32)
  per_group("nrev")({ 1 }, A, B, cr)
  T.eq(cr:max_abs_diff(cn), 0.0, "a list in descending order")
  local kk = per_group("k")
  kk({ 1 }, A, B, ck)
  for i = 0, 63 do
    for j = 0, 127 do
      if cn:get(i, j) ~= ref(i, j, 0, 128) then error(("list n: C[%d, %d] = %s, want %s"):format(i, j, cn:get(i, j), ref(i, j, 0, 128))) end
      for g = 0, 1 do
        local want = ref(i, j, 64 * g, 64 * g + 64)
        if ck:get(64 * g + i, j) ~= want then error(("list k: warpgroup %d's C[%d, %d] = %s, want %s"):format(g, i, j, ck:get(64 * g + i, j), want)) end
      end
    end
  end
  T.compiles(tl._hip_source(kk:ir_object(), "sm_90"), "wg_list_k", "sm_90a", "wgmma with per-warpgroup tiles")
end
-- A in registers (wgmma's RS form, FlashAttention-3's P V): S = A1 B1 by one product, cast to the input
-- dtype in registers, is the A of O = S B2; two warpgroups, each its own rows; f16 and bf16
local function rs_kernel(dt)
  return tl.kernel { name = "wg_rs_" .. dt, block = 256,
    params = { { "a", tl.tensor(dt, 2) }, { "b1", tl.tensor(dt, 2) }, { "b2", tl.tensor(dt, 2) }, { "c", tl.tensor(tl.f32, 2) } },
    body = function(k, p)
      local s = tl.wgmma_shape { n = 64, a = dt }
      local la = k:lds(dt, { 128, 64 }, { swizzle = tl.xor_preshuffle { m_per_block = 128, k_per_block = 64, kpack = 8, m_lds_layer = 1 } })
      local l1 = k:lds(dt, { 64, 64 }, { swizzle = tl.wgmma_mn_layout(64, 64) })
      local l2 = k:lds(dt, { 64, 64 }, { swizzle = tl.wgmma_mn_layout(64, 64) })
      local ka, kb = rows_dist(128, 64, 256), rows_dist(64, 64, 256)
      k:copy(k:window(la, { 0, 0 }, { 128, 64 }, ka), k:window(p.a, { 0, 0 }, { 128, 64 }, ka))
      k:copy(k:window(l1, { 0, 0 }, { 64, 64 }, kb), k:window(p.b1, { 0, 0 }, { 64, 64 }, kb))
      k:copy(k:window(l2, { 0, 0 }, { 64, 64 }, kb), k:window(p.b2, { 0, 0 }, { 64, 64 }, kb))
      k:copy_commit()
      k:copy_wait(0)
      k:sync()
      local sc = s:mma(la:tile({ 0, 0 }, { 128, 64 }), l1:tile({ 0, 0 }, { 64, 64 }))
      local o = s:mma(sc:cast(dt), l2:tile({ 0, 0 }, { 64, 64 }), nil, { pending = 1 })
      k:wgmma_wait(0)
      k:window(p.c, { 64 * (k.warp_id() // 4), 0 }, { 64, 64 }, s.c):store(o)
    end }
end
for _, dt in ipairs { "f16", "bf16" } do
  local A, B1, B2 = tl.empty({ 128, 64 }, tl[dt]), tl.empty({ 64, 64 }, tl[dt]), tl.empty({ 64, 64 }, tl[dt])
  for i = 0, 127 do for j = 0, 63 do A:set(i, j, (i * 7 + j * 3) % 5 - 2) end end
  for i = 0, 63 do for j = 0, 63 do B1:set(i, j, (i * 5 + j * 11) % 3 - 1); B2:set(i, j, (i * 3 + j * 7) % 3 - 1) end end
  local cr = tl.zeros({ 128, 64 }, tl.f32)
  local kr = rs_kernel(dt)
  kr({ 1 }, A, B1, B2, cr)
  for i = 0, 127 do
    local srow = {}
    for q = 0, 63 do
      local v = 0
      for r = 0, 63 do v = v + A:get(i, r) * B1:get(r, q) end
      srow[q] = v -- (|v| <= 128: exact in f16 and bf16)
    end
    for j = 0, 63 do
      local want = 0
      for q = 0, 63 do want = want + srow[q] * B2:get(q, j) end
      if cr:get(i, j) ~= want then error(("A in registers (%s): C[%d, %d] = %s, want %s"):format(dt, i, j, cr:get(i, j), want)) end
    end
  end
  local ir_rs = kr:ir()
  assert(ir_rs:find("a(registers ", 1, true), ir_rs:match("wgmma[^\n]*"))
  local rsrc = tl._hip_source(kr:ir_object(), "sm_90")
  assert(rsrc:find("}, {%32, %33, %34, %35}, %36, p, 1, 1, 1;", 1, true), rsrc:match("wgmma.mma_async[^\n]*registers") or
         "the RS wgmma's operands")
  T.compiles(rsrc, "wg_rs_" .. dt, "sm_90a", "wgmma with A in registers (" .. dt .. ")")
end
local rs_bad = tl.kernel { name = "wg_rs_bad", block = 128, params = {}, body = function(k)
  local l1 = k:lds(tl.f16, { 64, 64 }, { swizzle = tl.wgmma_mn_layout(64, 64) })
  local s = tl.wgmma_shape { n = 64 }
  s:mma(s:zeros(), l1:tile({ 0, 0 }, { 64, 64 }))
end }
T.raises(function() rs_bad({ 1 }) end, "wgmma: m64n64k16 takes an A of f16 in registers, got f32 (cast the accumulator first)")
local short = tl.kernel { name = "wg_list_short", block = 256, params = {}, body = function(k)
  local la = k:lds(tl.f16, { 64, 64 })
  tl.wgmma_shape { n = 64 }:mma({ la:tile({ 0, 0 }, { 64, 64 }) }, la:tile({ 0, 0 }, { 64, 64 }))
end }
T.raises(function() short({ 1 }) end, "wgmma: the A tile is a list of 1 tiles; a list has one per warpgroup of the block (2)")
local mixed = tl.kernel { name = "wg_list_mixed", block = 256, params = {}, body = function(k)
  local la = k:lds(tl.f16, { 64, 64 })
  tl.wgmma_shape { n = 64 }:mma(la:tile({ 0, 0 }, { 64, 64 }), { la:tile({ 0, 0 }, { 64, 64 }), la:tile({ 0, 0 }, { 32, 64 }) })
end }
T.raises(function() mixed({ 1 }) end, "the tiles of the B tile's list must be of one LDS buffer, of one shape and one orientation (tile 2 differs)")
-- a ring of tiles picked at run time (lds:tile's {stage, stages, stride}): A from one of two K-major buffers
-- (rows 64 i..), B from one of two MN-major ones (rows 64 i..), stage sel a kernel argument; equal to a
-- product of the stage's own data, and the sm_90 source's descriptor start moves by the stage
local ring = tl.kernel { name = "wg_ring", block = 128,
  params = { { "a", tl.tensor(tl.f16, 2) }, { "b", tl.tensor(tl.f16, 2) }, { "c", tl.tensor(tl.f32, 2) }, { "sel", tl.i32 } },
  body = function(k, p)
    local s = tl.wgmma_shape { n = 64 }
    local la = k:lds(tl.f16, { 128, 64 }, { swizzle = tl.xor_preshuffle { m_per_block = 128, k_per_block = 64, kpack = 8, m_lds_layer = 1 } })
    local lb = k:lds(tl.f16, { 128, 64 }, { swizzle = tl.wgmma_mn_layout(128, 64) })
    local d = rows_dist(128, 64, 128)
    k:copy(k:window(la, { 0, 0 }, { 128, 64 }, d), k:window(p.a, { 0, 0 }, { 128, 64 }, d))
    k:copy(k:window(lb, { 0, 0 }, { 128, 64 }, d), k:window(p.b, { 0, 0 }, { 128, 64 }, d))
    k:copy_commit()
    k:copy_wait(0)
    k:sync()
    local acc = s:mma(la:tile({ 0, 0 }, { 64, 64 }, { stage = p.sel, stages = 2, stride = 64 }),
                      lb:tile({ 0, 0 }, { 64, 64 }, { stage = p.sel, stages = 2, stride = 64 }))
    k:window(p.c, { 0, 0 }, { 64, 64 }, s.c):store(acc)
  end }
do
  local A, B = tl.empty({ 128, 64 }, tl.f16), tl.empty({ 128, 64 }, tl.f16)
  for i = 0, 127 do for j = 0, 63 do A:set(i, j, (i * 7 + j * 3) % 5 - 2); B:set(i, j, (i * 5 + j * 11) % 7 - 3) end end
  for sel = 0, 1 do
    local c = tl.zeros({ 64, 64 }, tl.f32)
    ring({ 1 }, A, B, c, sel)
    for i = 0, 63 do
      for j = 0, 63 do
        local want = 0
        for q = 0, 63 do want = want + A:get(64 * sel + i, q) * B:get(64 * sel + q, j) end
        if c:get(i, j) ~= want then error(("ring stage %d: C[%d, %d] = %s, want %s"):format(sel, i, j, c:get(i, j), want)) end
      end
    end
  end
  T.compiles(tl._hip_source(ring:ir_object(), "sm_90"), "wg_ring", "sm_90a", "wgmma from a ring's stage picked at run time")
end
local function ring_bad(opts, rows)
  return tl.kernel { name = "wg_ring_bad", block = 128, params = { { "sel", tl.i32 } }, body = function(k, p)
    local la = k:lds(tl.f16, { rows or 128, 64 }, { swizzle = tl.xor_preshuffle { m_per_block = rows or 128, k_per_block = 64, kpack = 8, m_lds_layer = 1 } })
    opts.stage = opts.stage or p.sel
    tl.wgmma_shape { n = 64 }:mma(la:tile({ 0, 0 }, { 64, 64 }, opts), la:tile({ 0, 0 }, { 64, 64 }, { transposed = true }))
  end }
end
T.raises(function() ring_bad({ stages = 3, stride = 64 })({ 1 }, 0) end,
  "lds:tile: [0, 0 + 192) along dimension 0 is not inside the buffer (length 128) with its 3 stages")
T.raises(function() ring_bad({ stages = 2 })({ 1 }, 0) end,
  "lds:tile: {stage = i, stages = n, stride = rows} needs n and rows positive integers (got stages = 2, stride = nil)")
T.raises(function() ring_bad({ stage = 2, stages = 2, stride = 64 })({ 1 }, 0) end, "lds:tile: stage 2 is not one of the 2 stages (0 .. 1)")
-- (any whole number of rows moves a descriptor's start only: TMA's and wgmma's swizzles follow the address; stride 4)
local r4 = ring_bad({ stages = 2, stride = 4 })
r4({ 1 }, 1)
assert(r4:ir():find("wgmma m64n64k16x4", 1, true))
registry["tilelua.warp"] = saved
print("kernel_wgmma: ok")
