-- A plain k:copy lowered to TMA box copies on sm_90 (the hint allow_tma, default true): thread 0
-- issues each box in the open copy group, k:copy_commit() arrives on the group's mbarrier and
-- k:copy_wait(n) waits on them (ir.h ASYNC_COMMIT). Exact on the executor through a 3-stage pipeline
-- (whose TMA model lands bytes only at the wait), the same with allow_tma = false (cp.async);
-- fallbacks reported with the user's line (unaligned strides, thread-dependent origins); a missing
-- wait and unwaited groups caught on the CPU; more than 8 groups in flight; a lifted window of a
-- rank-4 tensor; the sm_90 source compiles.
local T = require "testing"
local registry = debug.getregistry()
local saved = registry["tilelua.warp"]
registry["tilelua.warp"] = 32

local BR, BC, S = 16, 64, 3
local dist = tl.encoding { h = { { 4, 4 }, { 8, 8 } }, p = { { { 1, 1 }, { 2, 0 } } }, y = { { 1, 0 }, { 2, 1 } } }

-- y[r, c] = sum over the row tiles t of x[t * BR + r, c] (one block per column tile), through S
-- LDS stages: tile t + S - 1 is copied while tile t is read
local function pipeline(hints, origin_fn)
  return tl.kernel {
    name = "copy_tma_pipeline", block = 128, hints = hints,
    params = { { "x", tl.tensor(tl.f32, 2) }, { "y", tl.tensor(tl.f32, 2) } },
    body = function(k, p)
      local lds = k:lds(tl.f32, { S * BR, BC })
      local c0 = k.block_id(0) * BC
      local tiles = ((p.x:shape(0) + (BR - 1)) // BR):cast("i32")
      local function issue(t)
        local buf = t % S
        local r0 = origin_fn and origin_fn(k, t) or t * BR
        k:copy(k:window(lds, { buf * BR, 0 }, { BR, BC }, dist), k:window(p.x, { r0, c0 }, { BR, BC }, dist))
        k:copy_commit()
      end
      for t = 0, S - 2 do issue(t) end
      local acc = k:range(0, tiles, 1, function(t, acc)
        k:copy_wait(S - 2)
        k:sync()
        local v = k:window(lds, { (t % S) * BR, 0 }, { BR, BC }, dist):load()
        local sum = acc + v
        k:sync()
        issue(t + S - 1)
        return sum
      end, k:window(p.y, { 0, c0 }, { BR, BC }, dist):load():map(function(v) return v * 0 end))
      k:copy_wait(0)
      k:window(p.y, { 0, c0 }, { BR, BC }, dist):store(acc)
    end,
  }
end

local function input(rows, cols)
  local x = tl.empty({ rows, cols }, tl.f32)
  for i = 0, rows - 1 do for j = 0, cols - 1 do x:set(i, j, (i * 13 + j * 7) % 50 - 20) end end
  return x
end
local function check(kern, x, what)
  local rows, cols = x:shape()[1], x:shape()[2]
  local gx = (cols + BC - 1) // BC
  local y = tl.full({ BR, gx * BC }, -1, tl.f32)
  kern({ gx }, x, y)
  for r = 0, BR - 1 do for c = 0, gx * BC - 1 do
    local want = 0
    for t = 0, (rows + BR - 1) // BR - 1 do
      local i = t * BR + r
      if i < rows and c < cols then want = want + x:get(i, c) end
    end
    if y:get(r, c) ~= want then error(("%s: y[%d, %d] = %s, want %s"):format(what, r, c, tostring(y:get(r, c)), want)) end
  end end
end

-- TMA: 7 row tiles (the last ragged: zero-filled out of bounds), two column tiles
local k = pipeline()
local x = input(100, 128)
check(k, x, "TMA")
local ir = k:ir()
T.eq(ir:find("copy groups on mbar0", 1, true) ~= nil, true, "the kernel has copy groups")
T.eq(ir:find("tma_load", 1, true) ~= nil and ir:find("copy_group", 1, true) ~= nil, true, "tma_load in the open group")
T.eq(ir:find("lds_copy", 1, true), nil, "no cp.async copies left")
local rep = k:report()
assert(rep:find("TMA copy: x -> LDS box 16x64 swizzle 0 (k:copy, copy groups)", 1, true), rep)
local src = k:source("sm_90")
for _, want in ipairs { "cp.async.bulk.tensor.2d", "tl_mbar_arrive(&tl_mbar0[tl_cg & 7u])", "tl_mbar_wait(&tl_mbar0[tl_cw & 7u]",
                        "unsigned tl_cg = 0u, tl_cw = 0u", "fence.proxy.async.shared::cta" } do
  T.eq(src:find(want, 1, true) ~= nil, true, "sm_90 source: " .. want)
end
T.compiles(src, "copy_tma_pipeline", "sm_90", "the TMA pipeline for sm_90")
-- other targets keep cp.async / plain copies from the same script
local s80 = k:source("sm_80")
T.eq(s80:find("cp.async.bulk", 1, true), nil, "sm_80: no TMA")
T.eq(s80:find("cp.async.cg", 1, true) ~= nil, true, "sm_80: cp.async")

-- allow_tma = false: cp.async, same results
local off = pipeline { allow_tma = false }
check(off, x, "allow_tma = false")
T.eq(off:ir():find("tma_load", 1, true), nil, "allow_tma = false: no TMA")
T.eq(off:source("sm_90"):find("cp.async.bulk", 1, true), nil, "allow_tma = false: no TMA in the sm_90 source")

-- rows of 102 f32 (408 bytes, not a multiple of 16) are not TMA's: cp.async, and the report says why at the user's line
local ragged = pipeline()
check(ragged, input(40, 102), "unaligned")
T.eq(ragged:ir():find("tma_load", 1, true), nil, "unaligned rows: no TMA")
local why = ragged:report()
assert(why:find("note: k:copy at kernel_copy_tma.lua:29 is a cp.async copy, not TMA: tensor x's stride along dimension 0 is not known to be " ..
                "a multiple of 16 bytes", 1, true), why)

-- an origin that depends on the thread: one thread cannot issue the block's copy
local per_thread = pipeline(nil, function(k, t) return t * BR + k.thread_id() // 1024 end)
check(per_thread, x, "thread-dependent origin")
assert(per_thread:report():find("differs between threads", 1, true), per_thread:report())

-- a missing wait: the executor lands TMA bytes only at the wait, so the read is caught (on a GPU
-- these kernels would read stale bytes or end with copies in flight: only the executor runs them)
local function simple(body)
  return tl.kernel { name = "copy_tma_bad", block = 128, params = { { "x", tl.tensor(tl.f32, 2) }, { "y", tl.tensor(tl.f32, 2) } },
                     body = body }
end
if tl.backend() == "cpu" then
T.raises(function()
  simple(function(k, p)
    local lds = k:lds(tl.f32, { BR, BC })
    k:copy(k:window(lds, { 0, 0 }, { BR, BC }, dist), k:window(p.x, { 0, 0 }, { BR, BC }, dist))
    k:copy_commit()
    k:sync()
    k:window(p.y, { 0, 0 }, { BR, BC }, dist):store(k:window(lds, { 0, 0 }, { BR, BC }, dist):load())
    k:copy_wait(0)
  end)({ 1 }, input(16, 64), tl.zeros({ 16, 64 }, tl.f32))
end, "while a TMA copy into it is in flight")
T.raises(function()
  simple(function(k, p)
    local lds = k:lds(tl.f32, { BR, BC })
    k:copy(k:window(lds, { 0, 0 }, { BR, BC }, dist), k:window(p.x, { 0, 0 }, { BR, BC }, dist))
    k:copy_commit()
  end)({ 1 }, input(16, 64), tl.zeros({ 16, 64 }, tl.f32))
end, "the block ends with a k:copy (a TMA copy, issued at line")
end

-- 10 groups in flight before one wait: the 9th and 10th reuse barriers, after waiting the oldest
do
  local n = 10
  local kk = simple(function(k, p)
    local lds = k:lds(tl.f32, { n * BR, BC })
    for t = 0, n - 1 do
      k:copy(k:window(lds, { t * BR, 0 }, { BR, BC }, dist), k:window(p.x, { t * BR, 0 }, { BR, BC }, dist))
      k:copy_commit()
    end
    k:copy_wait(0)
    k:sync()
    local acc = k:window(lds, { 0, 0 }, { BR, BC }, dist):load()
    for t = 1, n - 1 do acc = acc + k:window(lds, { t * BR, 0 }, { BR, BC }, dist):load() end
    k:window(p.y, { 0, 0 }, { BR, BC }, dist):store(acc)
  end)
  local xi, y = input(n * BR, BC), tl.zeros({ BR, BC }, tl.f32)
  kk({ 1 }, xi, y)
  for r = 0, BR - 1 do for c = 0, BC - 1 do
    local want = 0
    for t = 0, n - 1 do want = want + xi:get(t * BR + r, c) end
    T.eq(y:get(r, c), want, ("10 groups: y[%d, %d]"):format(r, c))
  end end
  T.eq(kk:source("sm_90"):find("for (tl_cg++; tl_cg - tl_cw >= 8u; tl_cw++)", 1, true) ~= nil, true, "sm_90: the commit drains")
end

-- a {1, 1, BR, BC} window of a {2, 3, 32, 64} tensor lands in a {BR, BC} buffer: a rank-4 box
do
  local d2 = dist
  local kk = tl.kernel { name = "copy_tma_lifted", block = 128,
    params = { { "x", tl.tensor(tl.f32, 4) }, { "y", tl.tensor(tl.f32, 2) } },
    body = function(k, p)
      local lds = k:lds(tl.f32, { BR, BC })
      k:copy(k:window(lds, { 0, 0 }, { BR, BC }, d2), k:window(p.x, { 1, 2, 16, 0 }, { 1, 1, BR, BC }, d2))
      k:copy_commit()
      k:copy_wait(0)
      k:sync()
      k:window(p.y, { 0, 0 }, { BR, BC }, d2):store(k:window(lds, { 0, 0 }, { BR, BC }, d2):load())
    end }
  local x4 = tl.empty({ 2, 3, 32, 64 }, tl.f32)
  for b = 0, 1 do for h = 0, 2 do for s = 0, 31 do for d = 0, 63 do x4:set(b, h, s, d, b * 1000 + s * 31 + h * 7 + d) end end end end
  local y = tl.zeros({ BR, BC }, tl.f32)
  kk({ 1 }, x4, y)
  for r = 0, BR - 1 do for c = 0, BC - 1 do T.eq(y:get(r, c), x4:get(1, 2, 16 + r, c), ("lifted: y[%d, %d]"):format(r, c)) end end
  assert(kk:report():find("TMA copy: x -> LDS box 1x1x16x64", 1, true), kk:report())
end

-- std.gemm's wgmma pipeline with config.tma: its swizzled A and B tiles are TMA boxes (128-byte
-- swizzle); exact on the executor for ragged sizes; the sm_90a source compiles
do
  local std = require "tilelua.std"
  local cfg = { bm = 128, bn = 128, bk = 64, wgmma = true, tma = true }
  for _, mnk in ipairs { { 70, 130, 100 }, { 128, 128, 192 } } do
    local M, N, K = mnk[1], mnk[2], mnk[3]
    local A, B = tl.empty({ M, K }, tl.f16), tl.empty({ K, N }, tl.f16)
    for i = 0, M - 1 do for j = 0, K - 1 do A:set(i, j, (i * 7 + j * 3) % 5 - 2) end end
    for i = 0, K - 1 do for j = 0, N - 1 do B:set(i, j, (i * 5 + j * 11) % 7 - 3) end end
    local C = std.gemm(A, B, { config = cfg })
    for i = 0, M - 1, 7 do for j = 0, N - 1, 3 do
      local r = 0
      for q = 0, K - 1 do r = r + A:get(i, q) * B:get(q, j) end
      T.eq(C:get(i, j), r, ("std.gemm config.tma %dx%dx%d: C[%d, %d]"):format(M, N, K, i, j))
    end end
  end
  local gk = std.gemm_kernel("f16", { config = cfg })
  local rep = gk:report()
  -- (the report shows the last launch; K = 100, rows of 200 bytes, stayed cp.async and said so)
  assert(rep:find("TMA copy: a -> LDS box 128x64 swizzle 128 (k:copy, copy groups)", 1, true), rep)
  local src = gk:source("sm_90")
  T.eq(src:find("cp.async.bulk.tensor.2d", 1, true) ~= nil and src:find("wgmma.mma_async", 1, true) ~= nil, true,
       "std.gemm config.tma: TMA copies and wgmma")
  T.compiles(src, gk.name, "sm_90a", "std.gemm config.tma for sm_90a")
end

registry["tilelua.warp"] = saved
print("kernel_copy_tma: ok")
