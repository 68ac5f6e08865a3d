-- std_gemm.lua - std.gemm on the CPU executor against a float64 Lua reference computed from the same
-- (rounded) f16/bf16 inputs: ragged shapes, all four trans_a/trans_b layouts, alpha/beta with C in
-- place and into out, f16/bf16/f32 results, small and default tile configs, at warp 64 (AMD MFMA
-- 32x32x8) and warp 32 (NVIDIA m16n8k16); the bank report of the LDS tiles; argument errors.
local T = require "testing"
local std = require "tilelua.std"

local function signed(shape, dt, seed)
  local t = tl.rand(shape, dt, seed)
  for i = 0, shape[1] - 1 do for j = 0, shape[2] - 1 do t:set(i, j, 2 * t:get(i, j) - 1) end end
  return t
end

-- one case: returns the relative error max |got - ref| / max |ref|
local function case(c)
  local m, n, kk, dt = c.m, c.n, c.k, tl[c.dt]
  local A = c.ta and signed({ kk, m }, dt, 1) or signed({ m, kk }, dt, 1)
  local B = c.tb and signed({ n, kk }, dt, 2) or signed({ kk, n }, dt, 2)
  local Cm = c.beta and signed({ m, n }, tl[c.cdt or "f32"], 3) or nil
  local alpha = c.alpha or 1.0
  local ref = {}
  for i = 0, m - 1 do
    for j = 0, n - 1 do
      local s = 0.0
      for q = 0, kk - 1 do s = s + (c.ta and A:get(q, i) or A:get(i, q)) * (c.tb and B:get(j, q) or B:get(q, j)) end
      ref[i * n + j] = alpha * s + (c.beta and c.beta * Cm:get(i, j) or 0.0)
    end
  end
  local out = c.out_dt and tl.empty({ m, n }, tl[c.out_dt]) or nil
  local got = std.gemm(A, B, { trans_a = c.ta, trans_b = c.tb, alpha = c.alpha, beta = c.beta, C = Cm, out = out,
                               config = c.config, latency = c.latency })
  if out then assert(rawequal(got, out), "the result is out") elseif Cm then assert(rawequal(got, Cm), "C in place") end
  T.eq(got:shape(), { m, n }, "result shape")
  T.eq(tostring(got:dtype()), c.out_dt or c.cdt or "f32", "result dtype")
  local err, big = 0.0, 1e-30
  for i = 0, m - 1 do
    for j = 0, n - 1 do
      err = T.worst(err, math.abs(got:get(i, j) - ref[i * n + j]))
      big = math.max(big, math.abs(ref[i * n + j]))
    end
  end
  return err / big
end

local SMALL = { [64] = { bm = 32, bn = 32, bk = 16, wm = 1, wn = 1 }, [32] = { bm = 32, bn = 32, bk = 16, wm = 2, wn = 2 } }
local registry = debug.getregistry()
local saved = registry["tilelua.warp"]
local count = 0
-- the CPU executor runs both warp sizes; a GPU only its own
local WARPS = tl.backend() == "cpu" and { 64, 32 } or { tl.default_warp() }
for _, warp in ipairs(WARPS) do
  registry["tilelua.warp"] = warp
  local small = SMALL[warp]
  local cases = {
    { m = 1, n = 1, k = 1, dt = "f16" },
    { m = 33, n = 65, k = 17, dt = "f16", config = small },
    { m = 33, n = 65, k = 17, dt = "bf16", ta = true, config = small },
    { m = 33, n = 65, k = 17, dt = "f16", tb = true, config = small, alpha = -0.5 },
    { m = 33, n = 65, k = 17, dt = "bf16", ta = true, tb = true, config = small, alpha = 2.0, beta = 0.5 },
    { m = 40, n = 24, k = 50, dt = "f16", config = small, beta = -1.0, cdt = "f16" },
    { m = 17, n = 9, k = 40, dt = "bf16", config = small, beta = 2.0, out_dt = "bf16" },
    { m = 20, n = 30, k = 33, dt = "f16", ta = true, tb = true, out_dt = "f16" },
    { m = 64, n = 64, k = 64, dt = "bf16" },
  }
  if warp == 64 then cases[#cases + 1] = { m = 100, n = 50, k = 20, dt = "f16", ta = true, config = small } end
  if warp == 32 then
    -- the warpgroup MMA path (wgmma from LDS through descriptors): ragged, all layouts, deep pipelines
    local wg = { bm = 128, bn = 64, bk = 64, wgmma = true }
    cases[#cases + 1] = { m = 100, n = 70, k = 130, dt = "f16", config = wg }
    cases[#cases + 1] = { m = 65, n = 130, k = 70, dt = "bf16", ta = true, tb = true, latency = 1,
                          config = { bm = 64, bn = 128, bk = 64, wgmma = true } }
    cases[#cases + 1] = { m = 33, n = 64, k = 64, dt = "f16", tb = true, beta = 0.5, alpha = 2.0, latency = 10,
                          config = { bm = 128, bn = 256, bk = 64, wgmma = true } }
    cases[#cases + 1] = { m = 70, n = 40, k = 200, dt = "bf16", ta = true, out_dt = "bf16", config = wg }
    -- one wgmma group left in flight per K step (pending 1, the default): copies S-2 tiles ahead;
    -- and the same with pending 0, at 3 and 4 stages
    cases[#cases + 1] = { m = 130, n = 70, k = 330, dt = "f16", latency = 7,
                          config = { bm = 128, bn = 64, bk = 64, wgmma = true, pending = 1 } }
    cases[#cases + 1] = { m = 130, n = 70, k = 330, dt = "f16", latency = 4, tb = true,
                          config = { bm = 128, bn = 64, bk = 64, wgmma = true, pending = 0 } }
  end
  for _, c in ipairs(cases) do
    local rel = case(c)
    local what = string.format("warp %d %s %dx%dx%d trans_a=%s trans_b=%s alpha=%s beta=%s: rel err %.3g", warp, c.dt,
                               c.m, c.n, c.k, tostring(c.ta), tostring(c.tb), tostring(c.alpha), tostring(c.beta), rel)
    assert(rel < 1e-2, what)
    count = count + 1
  end
  -- K = 0: C = beta * C
  local Cm = tl.full({ 3, 5 }, 4.0, tl.f32)
  std.gemm(tl.empty({ 3, 0 }, tl.f16), tl.empty({ 0, 5 }, tl.f16), { C = Cm, beta = 0.5 })
  T.eq(Cm:get(2, 4), 2.0, "K = 0 scales C")
  -- the LDS tiles of every tuning config: conflict-free fragment reads
  for _, cfg in ipairs(std.gemm_configs()) do
    if not cfg.wgmma then
    local text, r = std.gemm_bank_report(tl.f16, cfg)
    T.eq({ r.a_read.worst, r.b_read.worst }, { 1, 1 }, text)
    assert(r.a_write.worst <= 4 and r.b_write.worst <= 2, text)
    end
  end
  -- the K loop is pipelined: by default 3 tiles of A and 3 of B in LDS, one barrier per K step
  -- (sources for the device's own arch on a GPU; on the executor for sm_80 at warp 32: a kernel is
  -- traced per target, and sm_80 takes the executor's mma.sync config, where sm_90 would take wgmma)
  local tgt = tl.host_target() ~= "cpu" and tl.host_target() or (warp == 32 and "sm_80" or "gfx90a")
  local kern, cfg = std.gemm_kernel(tl.f16)
  local src = kern:source(tgt)
  assert(src:find(warp == 32 and (cfg.wgmma and "wgmma.mma_async" or "mma.sync") or "mfma", 1, true),
         "the kernel uses the matrix units")
  T.eq(cfg.stages, cfg.wgmma and 4 or 3, "default stages (4 for wgmma configs)")
  -- (the sm_90 default also holds the TMA stores' staging buffers: epi_bytes)
  T.eq(cfg.lds_bytes, cfg.stages * (cfg.bm * cfg.bk + cfg.bk * cfg.bn) * 2 + (cfg.epi_bytes or 0), "LDS bytes")
  -- the latency hint sets the depth: 1-3 -> 2 stages, 7-9 -> 4 (capped by the LDS: AMD has 64 KiB)
  for _, lat in ipairs { 1, 8, 10 } do
    local kl, cl = std.gemm_kernel(tl.f16, { latency = lat })
    std.gemm(tl.empty({ 8, 8 }, tl.f16), tl.empty({ 8, 8 }, tl.f16), { latency = lat })
    local stage, want = (cl.bm * cl.bk + cl.bk * cl.bn) * 2, math.min(5, 2 + (lat - 1) // 3)
    while want > 2 and want * stage + (cl.epi_bytes or 0) > (warp == 64 and 65536 or 232448) do want = want - 1 end
    if warp == 64 then T.eq(want, lat == 1 and 2 or 4, "AMD: 64 KiB of LDS") end
    T.eq(cl.stages, want, "stages for latency " .. lat)
    local sl = kl:source(tgt)
    -- one wait per K step keeps S - 2 copy groups in flight (S - 3 with a wgmma group in flight)
    if warp == 32 and not cl.ws then -- (the warp-specialized default of sm_90 waits on mbarriers)
      local left = want - 2 - ((cl.wgmma and cl.pending == 1 and want >= 3) and 1 or 0)
      assert(sl:find("cp.async.wait_group " .. left .. ";", 1, true), "wait_group " .. left)
      if cl.lds_bytes > 49152 then assert(sl:find("extern __shared__", 1, true), "dynamic LDS above 48 KiB") end
    end
  end
  -- a replaced hint retraces with the new depth: 2 stages
  local k5 = kern:replace_hints { latency = 1 }
  k5(std.gemm_grid(nil, 8, 8), tl.empty({ 8, 8 }, tl.f16), tl.empty({ 8, 8 }, tl.f16), tl.empty({ 8, 8 }, tl.f32), 1.0)
  local s5 = k5:source(tgt)
  assert(s5 ~= src, "replace_hints{latency} changes the kernel")
  -- a small K with deep stages: the steps past K multiply zero padding
  local rel = case { m = 40, n = 40, k = 24, dt = "f16", config = small, latency = 10 }
  assert(rel < 1e-2, "latency 10 on K = 24: rel err " .. rel)
end
registry["tilelua.warp"] = saved
assert(count >= 9 * #WARPS, "cases run")

-- errors name the rule
local a, b = tl.empty({ 4, 8 }, tl.f16), tl.empty({ 8, 3 }, tl.f16)
T.raises(function() std.gemm(a, tl.empty({ 7, 3 }, tl.f16)) end, "inner dimensions differ: op(A) is 4x8, op(B) is 7x3")
T.raises(function() std.gemm(tl.empty({ 4, 8 }, tl.f32), b) end, "A must be f16, bf16, f8e4m3 or f8e5m2 (got f32)")
T.raises(function() std.gemm(a, tl.empty({ 8, 3 }, tl.bf16)) end, "A and B must have the same dtype (got f16 and bf16)")
T.raises(function() std.gemm(a, b, { beta = 1 }) end, "beta = 1 needs C")
T.raises(function() std.gemm(a, b, { C = tl.empty({ 4, 4 }, tl.f32) }) end, "C must have shape {4, 3} (got {4, 4})")
T.raises(function() std.gemm(a, b, { trans = true }) end, "unknown option 'trans'")
T.raises(function() std.gemm(a, b, { trans_a = 1 }) end, "trans_a must be a boolean (got 1)")
T.raises(function() std.gemm(a, b, { config = { bm = 96 } }) end, "config.bm must be a power of two (got 96)")
T.raises(function() std.gemm(a, b, { config = { bm = 128, bn = 128, wm = 1, wn = 1 } }) end, "accumulators per thread")
T.raises(function() std.gemm(a, b, { out = tl.empty({ 4, 3 }, tl.i32) }) end, "out must be f16, bf16 or f32 (got i32)")
-- std.gemm keeps each call's resolved kernel and grid: a config table edited between calls is a new
-- config (not the kept one), a refused config is refused again, the result is right each time
do
  local a2 = std.map(function(v) return v - 0.5 end, tl.empty({ 40, 24 }, tl.f16), tl.rand({ 40, 24 }, tl.f32, 7))
  local b2 = std.map(function(v) return v - 0.5 end, tl.empty({ 24, 72 }, tl.f16), tl.rand({ 24, 72 }, tl.f32, 8))
  local want = std.gemm(a2, b2)
  local cfg = { bm = 64, bn = 64, bk = 32, wm = 2, wn = 2 }
  local o1, r1 = std.gemm(a2, b2, { config = cfg })
  cfg.bn = 128
  local o2, r2 = std.gemm(a2, b2, { config = cfg })
  T.eq({ r1.bn, r2.bn }, { 64, 128 }, "an edited config table is a new config")
  r2.bn = 1 -- (the caller's copy: the kept config stays)
  T.eq(select(2, std.gemm(a2, b2, { config = cfg })).bn, 128, "the config std.gemm returns is the caller's copy")
  for i = 0, 39, 13 do
    for j = 0, 71, 17 do T.near(o1:get(i, j), want:get(i, j), 1e-3); T.near(o2:get(i, j), want:get(i, j), 1e-3) end
  end
  cfg.bm = 96
  T.raises(function() std.gemm(a2, b2, { config = cfg }) end, "config.bm must be a power of two (got 96)")
  T.raises(function() std.gemm(a2, b2, { config = cfg }) end, "config.bm must be a power of two (got 96)")
end
T.raises(function() std.gemm(a, b, { latency = 11 }) end, "latency must be an integer in 1..10 (got 11)")
T.raises(function() std.gemm(a, b, { config = { wgmma = 1 } }) end, "config.wgmma must be a boolean (got 1)")
do
  local reg = debug.getregistry()
  local w = reg["tilelua.warp"]
  reg["tilelua.warp"] = 32
  T.raises(function() std.gemm(a, b, { config = { bm = 128, bn = 128, bk = 32, wgmma = true } }) end, "config.wgmma needs bk = 64")
  T.raises(function() std.gemm(a, b, { config = { bm = 96, bn = 128, bk = 64, wgmma = true } }) end, "power of two")
  reg["tilelua.warp"] = 64
  T.raises(function() std.gemm(a, b, { config = { bm = 128, bn = 128, bk = 64, wgmma = true } }) end, "config.wgmma needs warps of 32")
  reg["tilelua.warp"] = w
end

-- wgmma groups in flight: the sm_90 source waits for one group less per K step and for all after
-- the loop; config.pending is checked (built with sm_90 the current target)
tl.with_target("sm_90", function()
  local function source(cfg)
    local kern = std.gemm_kernel(tl.f16, { config = cfg, latency = 7 })
    local a = tl.empty({ 8, 8 }, tl.f16)
    kern:prepare(std.gemm_grid(cfg, 8, 8), a, a, tl.empty({ 8, 8 }, tl.f32), 1.0)
    return kern:source("sm_90")
  end
  local src = source { bm = 128, bn = 64, bk = 64, wgmma = true }
  assert(src:find("wgmma.wait_group.sync.aligned 1;", 1, true), "pending 1: wait_group 1 in the K loop")
  assert(src:find("wgmma.wait_group.sync.aligned 0;", 1, true), "and wait_group 0 after it")
  -- the K loop's chain of wgmmas accumulates in place: each result a reference to the loop carry
  assert(src:find("float &v", 1, true), "in-place accumulators")
  assert(src:find("cp.async.wait_group 1;", 1, true), "4 stages with one group in flight: copies 2 tiles ahead")
  local src0 = source { bm = 128, bn = 64, bk = 64, wgmma = true, pending = 0 }
  assert(not src0:find("wgmma.wait_group.sync.aligned 1;", 1, true), "pending 0: every group waited for")
  assert(src0:find("cp.async.wait_group 2;", 1, true), "pending 0, 4 stages: copies 3 tiles ahead")
  T.raises(function() std.gemm_kernel(tl.f16, { config = { bm = 128, bn = 64, bk = 64, wgmma = true, pending = 2 } }) end,
           "config.pending must be 0 or 1")
  -- pending 1 starts from undefined accumulators (NaN on the executor) and a first step that does not
  -- accumulate: the results above are finite; K = 0 runs no step and gives beta * C
  assert(src:find("v%d+; /%* undefined", 1) and src:find('"r"((int)(v', 1, true), "undefined init, scale-d operand")
  local Cm = tl.full({ 3, 5 }, 4.0, tl.f32)
  std.gemm(tl.empty({ 3, 0 }, tl.f16), tl.empty({ 0, 5 }, tl.f16),
           { C = Cm, beta = 0.5, config = { bm = 128, bn = 64, bk = 64, wgmma = true, pending = 1 }, latency = 7 })
  T.eq({ Cm:get(0, 0), Cm:get(2, 4) }, { 2.0, 2.0 }, "K = 0 with pending 1 scales C")
end)

-- config.group: the launch order walks groups of tile rows; every tile is still computed once
-- (5 tile rows in groups of 2, 4 and 8: partial last groups), bit for bit the row-by-row result
do
  local reg = debug.getregistry()
  local w = reg["tilelua.warp"]
  for _, warp in ipairs(tl.backend() == "cpu" and { 64, 32 } or { tl.default_warp() }) do
    reg["tilelua.warp"] = warp
    local A, B = signed({ 150, 40 }, tl.f16, 5), signed({ 40, 200 }, tl.f16, 6)
    local cfg = warp == 64 and { bm = 32, bn = 32, bk = 16, wm = 1, wn = 1 } or { bm = 32, bn = 32, bk = 16, wm = 2, wn = 2 }
    local ref = std.gemm(A, B, { config = cfg })
    for _, g in ipairs { 2, 4, 8 } do
      local c = {}
      for key, v in pairs(cfg) do c[key] = v end
      c.group = g
      T.eq(std.gemm(A, B, { config = c }):max_abs_diff(ref), 0.0, "warp " .. warp .. " group " .. g)
    end
  end
  reg["tilelua.warp"] = w
  T.raises(function() std.gemm(tl.empty({ 4, 8 }, tl.f16), tl.empty({ 8, 3 }, tl.f16), { config = { group = 3 } }) end,
           "config.group must be a power of two")
end
