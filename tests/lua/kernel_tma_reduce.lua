-- TMA reduce-adds (k:copy(tensor_window, lds_window, {tma = true, reduce = "add"})): boxes added
-- into a tensor by many blocks at once (elements past the tensor are not touched), one issued per
-- warpgroup ({issuer = t}, the issuer's own window origin); the IR, the generated sm_90 source and
-- the errors of each rule.
local T = require "testing"
local registry = debug.getregistry()
local saved = registry["tilelua.warp"]
registry["tilelua.warp"] = 32
local on_cpu = tl.backend() == "cpu"

local NB, R, C = 3, 70, 64 -- blocks; y's rows and columns

-- each block's warpgroup w copies its 64 x 32 slice of x into its own rows of LDS (f32, the 128-byte
-- swizzle) and adds them into y at rows 20w.., columns 32w.. (rows past 70 not written); variant:
-- "ok", "nowait" (the issuer never waits), "early" (the buffer written again before the wait),
-- "oneissuer" (only thread 0 waits: its wait does not cover thread 128's store, as on the GPU, where
-- bulk groups are each thread's own)
local function reduce_kernel(variant)
  return tl.kernel { name = "tma_reduce_" .. variant, block = 256,
    params = { { "x", tl.tensor(tl.f32, 2) }, { "y", tl.tensor(tl.f32, 2) } },
    body = function(k, p)
      local sw = tl.xor_preshuffle { m_per_block = 128, k_per_block = 32, kpack = 4, m_lds_layer = 1 }
      local l = k:lds(tl.f32, { 128, 32 }, { swizzle = sw })
      local tid = k.thread_id()
      local w, t = tid // 128, tid % 128
      local row0 = (k.block_id(0) * 2 + w) * 64
      for i = 0, 15 do
        local e = t + 128 * i
        l:store({ w * 64 + e // 32, e % 32 }, p.x:load({ row0 + e // 32, e % 32 }))
      end
      k:sync { warps = 4 } -- (the warpgroup's rows written; each store reads only its own warpgroup's)
      for g = 0, 1 do
        k:copy(k:window(p.y, { w * 20, w * 32 }, { 64, 32 }), k:window(l, { w * 64, 0 }, { 64, 32 }),
               { tma = true, reduce = "add", issuer = 128 * g })
      end
      if variant == "early" then
        l:store({ w * 64 + t // 32, t % 32 }, 0.0)
      end
      if variant == "oneissuer" then
        k:tma_store_wait(0)
      elseif variant ~= "nowait" then
        -- (written: until the writes are done, then the proxy fence; a release atomic after it would publish them)
        for g = 0, 1 do k:tma_store_wait(0, { issuer = 128 * g, written = variant == "written" or nil }) end
      end
    end }
end

-- integers, so the sum is exact in any order (the GPU's reduction order is not the executor's)
local xs = {}
for i = 0, NB * 128 * 32 - 1 do xs[#xs + 1] = (i * 7) % 23 - 11 end
local x = tl.from(xs, tl.f32):reshape { NB * 128, 32 }
local ys = {}
for i = 0, R * C - 1 do ys[#ys + 1] = i % 5 end
local y = tl.from(ys, tl.f32):reshape { R, C }
local want = {}
for i = 1, R * C do want[i] = ys[i] end
for b = 0, NB - 1 do
  for w = 0, 1 do
    for r = 0, 63 do
      for c = 0, 31 do
        local yr, yc = w * 20 + r, w * 32 + c
        if yr < R then
          local i = yr * C + yc + 1
          want[i] = want[i] + xs[((b * 2 + w) * 64 + r) * 32 + c + 1]
        end
      end
    end
  end
end
local k = reduce_kernel("ok")
k({ NB }, x, y)
local got = y:reshape { R * C }
local bad = 0
for i = 1, R * C do
  if got:get(i - 1) ~= want[i] then bad = bad + 1 end
end
T.eq(bad, 0, "elements of y that are not y + the sum of every block's boxes")

local ir = k:ir()
for _, text in ipairs { "add by thread 0", "add by thread 128", "tma_store_wait 0 by thread 128" } do
  assert(ir:find(text, 1, true), "IR lacks '" .. text .. "':\n" .. ir)
end
local src = tl._hip_source(k:ir_object(), "sm_90")
for _, text in ipairs { "cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group [%0, {%2, %3}], [%1];",
                        "if (threadIdx.x == 128u) {  /* TMA box store */", "if (threadIdx.x == 128u) asm volatile(\"cp.async.bulk.wait_group.read 0;\"",
                        "fence.proxy.async.shared::cta" } do
  assert(src:find(text, 1, true), "TMA reduce source lacks: " .. text)
end
if T.compiles then T.compiles(src, "tma_reduce_ok", "sm_90a", "the TMA reduce-add kernel") end

-- {written = true}: the same sums (the executor's stores write at once), the IR says so, and the source waits for the
-- writes (no .read) and fences the async proxy
local yw = tl.from(ys, tl.f32):reshape { R, C }
local kw = reduce_kernel("written")
kw({ NB }, x, yw)
local wbad = 0
for i = 1, R * C do
  if yw:reshape({ R * C }):get(i - 1) ~= want[i] then wbad = wbad + 1 end
end
T.eq(wbad, 0, "written: elements of y that are not y + the sum of every block's boxes")
assert(kw:ir():find("tma_store_wait 0 written by thread 128", 1, true), "IR lacks the written wait:\n" .. kw:ir())
local wsrc = tl._hip_source(kw:ir_object(), "sm_90")
assert(wsrc:find('if (threadIdx.x == 128u) asm volatile("cp.async.bulk.wait_group 0;\\n\\tfence.proxy.async.global;"', 1, true),
       "the written wait's source lacks wait_group without .read and the proxy fence")
assert(not wsrc:find("wait_group.read", 1, true), "the written waits still wait for the reads alone")
if T.compiles then T.compiles(wsrc, "tma_reduce_written", "sm_90a", "the TMA reduce-add kernel with written waits") end

if on_cpu then
  T.raises(function() reduce_kernel("nowait")({ 1 }, x, y) end, "the block ends with a TMA store (issued at line")
  T.raises(function() reduce_kernel("early")({ 1 }, x, y) end, "while a TMA store (issued at line")
  T.raises(function() reduce_kernel("oneissuer")({ 1 }, x, y) end, "the block ends with a TMA store (issued at line")
end

-- the rules
local function bad_kernel(what)
  return tl.kernel { name = "tma_reduce_bad", block = 128,
    params = { { "y", tl.tensor(what == "f16" and tl.f16 or tl.f32, 2) } },
    body = function(k, p)
      local dt = what == "f16" and tl.f16 or tl.f32
      local l = k:lds(dt, { 64, 32 })
      k:sync()
      if what == "wait" then k:tma_store_wait(0, { issuer = 200 }) return end
      if what == "waitopt" then k:tma_store_wait(0, { thread = 1 }) return end
      if what == "written" then k:tma_store_wait(0, { written = 1 }) return end
      if what == "notma" then k:copy(k:window(p.y, { 0, 0 }, { 64, 32 }), k:window(l, { 0, 0 }, { 64, 32 }), { reduce = "add" }) return end
      k:copy(k:window(p.y, { 0, 0 }, { 64, 32 }), k:window(l, { 0, 0 }, { 64, 32 }),
             { tma = true, reduce = what == "max" and "max" or "add", issuer = what == "issuer" and 128 or nil })
      k:tma_store_wait()
    end }
end
local y16 = tl.zeros({ 64, 32 }, tl.f16)
local function launch(what) return function() bad_kernel(what)({ 1 }, what == "f16" and y16 or y) end end
T.raises(launch("max"), 'reduce must be "add"')
T.raises(launch("f16"), "TMA reduce-adds are generated for f32, i32 and u32 tensors (y holds f16)")
T.raises(launch("issuer"), "issuer must be a thread of the block, an integer in 0..127 (got 128)")
T.raises(launch("wait"), "k:tma_store_wait: issuer must be a thread of the block, an integer in 0..127 (got 200)")
T.raises(launch("waitopt"), "k:tma_store_wait: unknown option 'thread' (options: issuer, written)")
T.raises(launch("written"), "k:tma_store_wait: written must be a boolean (got 1)")
T.raises(launch("notma"), "k:copy: reduce and issuer are options of TMA stores: add tma = true")

registry["tilelua.warp"] = saved
print("ok")
