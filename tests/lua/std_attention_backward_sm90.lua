-- std.attention_backward on sm_90 (stdlib/attention_backward_wgmma.lua), beyond the reference cases of
-- std_attention_backward_wgmma.lua: on a GPU with wgmma many blocks against the mma.sync kernels; config's errors;
-- which kernels sm_90's defaults build and what their sources hold (compiled for sm_90a where NVRTC is); q's copies
-- by cp.async against TMA's.
local T = require "testing"
local std = require "tilelua.std"
local BC = require "attention_backward_case"
local restore = BC.begin()
if not restore then return end

local A = require "attention_case"
local signed = A.signed

-- (on the executor at warp 32 or a GPU with wgmma)
if tl.backend() == "cpu" or tl.target().wgmma then
  local WG = { wgmma = true }
  if tl.backend() ~= "cpu" then
    -- on a GPU, many blocks at once (where a missing barrier would show): equal to the mma.sync kernels'
    for _, D in ipairs { 64, 128 } do
    for _, causal in ipairs { false, true } do
      -- (bf16 at D = 64: the kernels whose names the checks of sm_90's defaults below look for are f16's)
      local sh, shk, dt = { 1, 4, 256, D }, { 1, 2, 256, D }, D == 64 and "bf16" or "f16"
      local q, kk, vv, dout = signed(sh, dt, 5), signed(shk, dt, 6), signed(shk, dt, 7), signed(sh, dt, 8)
      local o, lse = std.attention(q, kk, vv, { causal = causal })
      local r = { std.attention_backward(dout, q, kk, vv, o, lse, { causal = causal, config = { wgmma = false } }) }
      -- (and dq = "atomic" with P^T and dS^T through LDS)
      for _, m in ipairs { { "pass", WG }, { "atomic", WG }, { "atomic", { wgmma = true, rs = false } } } do
      local dq = m[1]
      local w = { std.attention_backward(dout, q, kk, vv, o, lse, { causal = causal, config = m[2], dq = dq }) }
      for i, name in ipairs { "dq", "dk", "dv" } do
        local worst, mag, t1, t2 = 0, 0, r[i], w[i]
        local n = t1:shape()
        for b = 0, n[1] - 1 do for h = 0, n[2] - 1 do for row = 0, n[3] - 1, 5 do for dd = 0, n[4] - 1, 3 do
          worst = T.worst(worst, math.abs(t1:get(b, h, row, dd) - t2:get(b, h, row, dd)))
          mag = math.max(mag, math.abs(t1:get(b, h, row, dd)))
        end end end end
        assert(worst <= 1e-2 * mag, string.format("config.wgmma dq = %s (rs = %s): %s against mma.sync (D = %d, causal=%s): " ..
                                                  "max difference %.3g of %.3g", dq, tostring(m[2].rs ~= false), name, D,
                                                  tostring(causal), worst, mag))
      end
      end
    end
    end
  end
  local q8 = tl.empty({ 1, 1, 8, 64 }, tl.f16)
  local l8 = tl.empty({ 1, 1, 8 }, tl.f32)
  T.raises(function() std.attention_backward(q8, q8, q8, q8, q8, l8, { config = { bn = 64 } }) end,
    "std.attention_backward: unknown config field 'bn' (fields: wgmma, rs, ws, bq, late, flat, tma_store, persistent, lpt, quad, clear, split)")
  T.raises(function() std.attention_backward(q8, q8, q8, q8, q8, l8, { config = { wgmma = true, tma_store = "dk" } }) end,
    "std.attention_backward: config.tma_store must be true (dK and dV by TMA), \"dv\" (dV by TMA, dK by each thread) or " ..
    "false (got \"dk\")")
  T.raises(function() std.attention_backward(q8, q8, q8, q8, q8, l8, { config = { wgmma = true, tma_store = 1 } }) end,
    "std.attention_backward: config.tma_store must be true (dK and dV by TMA), \"dv\" (dV by TMA, dK by each thread) or " ..
    "false (got 1)")
  T.raises(function() std.attention_backward(q8, q8, q8, q8, q8, l8, { config = { wgmma = true, bq = 96 } }) end,
    "std.attention_backward: config.bq (query rows a tile) must be 64 or 128 (got 96)")
  T.raises(function() std.attention_backward(q8, q8, q8, q8, q8, l8, { dq = "pass", config = { wgmma = true, bq = 128 } }) end,
    "std.attention_backward: config.bq = 128 needs D = 64 with dq = \"atomic\", config.rs and no config.ws (got D = 64, dq = \"pass\")")
  T.raises(function() std.attention_backward(q8, q8, q8, q8, q8, l8, { dq = "pass", config = { wgmma = true, late = true } }) end,
    "std.attention_backward: config.late (the reduce-adds issued a tile late) is a form of dq = \"atomic\"'s kernel")
  T.raises(function() std.attention_backward(q8, q8, q8, q8, q8, l8, { dq = "pass", config = { wgmma = true, flat = true } }) end,
    "std.attention_backward: config.flat (dQ's f32 shares in the accumulator's order) is a form of dq = \"atomic\"'s kernel")
  T.raises(function() std.attention_backward(q8, q8, q8, q8, q8, l8, { config = { wgmma = false, bq = 128 } }) end,
    "std.attention_backward: config.bq (query rows a tile) is a form of config.wgmma's kernel")
  T.raises(function() std.attention_backward(q8, q8, q8, q8, q8, l8, { config = { wgmma = false, ws = true } }) end,
    "std.attention_backward: config.ws (a producer warpgroup for the copies) is a form of config.wgmma's kernel")
  -- sm_90's default: the wgmma kernels; dq = "atomic" or config.wgmma = false keep the mma.sync ones
  tl.with_target("sm_90", function()
    local q9, k9, v9, d9 = signed({ 1, 1, 9, 64 }, "f16", 9), signed({ 1, 1, 9, 64 }, "f16", 10), signed({ 1, 1, 9, 64 }, "f16", 11),
                           signed({ 1, 1, 9, 64 }, "f16", 12)
    local o9, l9 = std.attention(q9, k9, v9)
    local function names()
      local set = {}
      for _, kk in ipairs(std.kernels()) do set[kk.name] = true end
      return set
    end
    T.eq(names()["std_attention_backward_f16_d64_atomic_wgmma_rs"], nil, "(no such kernel yet)")
    T.eq(names()["std_attention_backward_f16_d64_dkdv_wgmma"], nil, "(no such kernel yet)")
    local g = { std.attention_backward(d9, q9, k9, v9, o9, l9) }
    T.eq(names()["std_attention_backward_f16_d64_atomic_wgmma_rs"], true, "the sm_90 default: the wgmma dK/dV kernel (rs), dQ by reduce-adds")
    T.eq(names()["std_attention_backward_f16_d64_dkdv_wgmma"], nil, "and no dq pass")
    for _, o in ipairs { { config = { wgmma = false } }, { dq = "atomic", config = { wgmma = false } }, { dq = "pass" } } do
      local m = { std.attention_backward(d9, q9, k9, v9, o9, l9, o) }
      for i = 1, 3 do
        for row = 0, 8 do for dd = 0, 63, 7 do T.near(g[i]:get(0, 0, row, dd), m[i]:get(0, 0, row, dd), 2e-3, "wgmma = mma.sync") end end
      end
    end
  end)
  -- the sm_90a sources of the kernels std built (by name): what each must have, and that they compile (the
  -- kernels built first on tiny inputs)
  for _, c in ipairs { { 64, true, { wgmma = true, rs = true }, "pass" }, { 128, false, WG }, { 64, true, WG },
                       { 128, false, { wgmma = true, ws = false } } } do
    local sh = { 1, 1, 9, c[1] }
    local q1, k1, v1, d1 = signed(sh, "f16", 17), signed(sh, "f16", 18), signed(sh, "f16", 19), signed(sh, "f16", 20)
    local o1, l1 = std.attention(q1, k1, v1, { causal = c[2] })
    std.attention_backward(d1, q1, k1, v1, o1, l1, { causal = c[2], config = c[3], dq = c[4] })
  end
  local function check_source(name, want, what)
    local kern
    for _, kk in ipairs(std.kernels()) do
      if kk.name == name then kern = kk end
    end
    local src = assert(kern, name):source("sm_90")
    T.eq(src:find(want, 1, true) ~= nil, true, what .. ": " .. want)
    T.compiles(src, name, "sm_90a", what .. " for sm_90a")
  end
  check_source("std_attention_backward_f16_d64_causal_dkdv_wgmma_rs_l", "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16",
               "the wgmma dK/dV kernel (S^T and dP^T m64n64k16)")
  check_source("std_attention_backward_dq_f16_d64_causal_wgmma", "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16",
               "the wgmma dq pass (S and dP m64n64k16)")
  check_source("std_attention_backward_f16_d128_atomic_wgmma_rs_ws", "cp.reduce.async.bulk.tensor.4d.global.shared::cta.add.tile.bulk_group",
               "the default wgmma dK/dV kernel, dQ by TMA reduce-adds")
  check_source("std_attention_backward_f16_d128_atomic_wgmma_rs_ws", "setmaxnreg.inc.sync.aligned.u32 240;",
               "the default at D = 128: a producer warpgroup (config.ws), the consumers' registers raised")
  check_source("std_attention_backward_f16_d64_causal_atomic_wgmma_rs_l", "%31}, {%32, %33, %34, %35}, %36",
               "config.rs: dV and dK with A from registers")
  -- config.flat (the default): the dQ share staged by 16-byte stores, and the kernel that turns its f32 dQ into dQ
  check_source("std_attention_backward_f16_d128_atomic_wgmma_rs_ws", "*reinterpret_cast<tl_vec<float, 4>*>(lds",
               "config.flat: the dQ share's 16-byte stores")
  check_source("std_attention_backward_dq_flat_f16_d128", "tl_vec<float, 4>", "config.flat: dQ from its f32 chunks")
  check_source("std_attention_backward_dq_flat_f16_d128", "tl_vec<__half, 8>", "config.flat: dQ stored in rows of 16-byte vectors")
  -- D = 64: each warpgroup's dQ share its own keys' (m64n64k64), tiles of 128 query rows (S^T m64n128), the two q/dO
  -- buffers' "empty" mbarriers (every thread arriving); D = 128 (config.ws = false, the kernel without a producer):
  -- dsfree (1)
  check_source("std_attention_backward_f16_d64_causal_atomic_wgmma_rs_l", "i < 2; i++) tl_mbar_init(&tl_mbar1[i], 256u)",
               "dq = \"atomic\" at D = 64: empty barriers")
  check_source("std_attention_backward_f16_d64_causal_atomic_wgmma_rs_l", "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16",
               "dq = \"atomic\" at D = 64: 128 query rows a tile")
  check_source("std_attention_backward_f16_d128_atomic_wgmma_rs", "i < 1; i++) tl_mbar_init(&tl_mbar1[i], 256u)",
               "dq = \"atomic\" at D = 128: dsfree")
  -- (after the checks above of which kernels the defaults build) dq = "atomic" where q's copies are cp.async (a view 8 bytes off TMA's 16-byte alignment): its tiles keep
  -- the block barrier that opens them (without cp.async, dsfree and the dQ share's barrier stand for it) and are
  -- of 64 query rows (128 need TMA's copies; config.bq = 128 asked for is refused); the gradients equal those of a
  -- contiguous q
  -- (at D = 128 the default's producer warpgroup (config.ws) copies by TMA only: with such a q the kernel without
  -- one, whose name says so)
  for _, D in ipairs { 64, 128 } do
    local qv = signed({ 1, 1, 150, D + 8 }, "f16", 13):narrow(3, 4, D)
    local qc = qv:clone()
    local kk, vv, dout = signed({ 1, 1, 150, D }, "f16", 14), signed({ 1, 1, 150, D }, "f16", 15), signed({ 1, 1, 150, D }, "f16", 16)
    for _, causal in ipairs { false, true } do
      local o, lse = std.attention(qc, kk, vv, { causal = causal })
      local c = { std.attention_backward(dout, qc, kk, vv, o, lse, { causal = causal, config = WG }) }
      local a = { std.attention_backward(dout, qv, kk, vv, o, lse, { causal = causal, config = WG }) }
      local noted = false -- (the kernel that ran last traced q's view: its report notes the cp.async copies)
      for _, kx in ipairs(std.kernels()) do
        -- (causal at S = 150: config.lpt by default, the name's _l)
        if kx.name == "std_attention_backward_f16_d" .. D .. (causal and "_causal" or "") .. "_atomic_wgmma_rs" .. (causal and "_l" or "") then
          noted = noted or kx:report():find("is a cp.async copy, not TMA", 1, true) ~= nil
        end
      end
      T.eq(noted, true, "q's copies are cp.async")
      if D == 64 then
        T.raises(function() std.attention_backward(dout, qv, kk, vv, o, lse, { causal = causal, config = { wgmma = true, bq = 128 } }) end,
          "std.attention_backward: config.bq = 128 copies by TMA, but tensor q is not 16-byte aligned with contiguous rows " ..
          "and strides of a multiple of 16 bytes")
      end
      for i, name in ipairs { "dq", "dk", "dv" } do
        local worst = 0
        for row = 0, 149, 3 do for dd = 0, D - 1, 5 do worst = T.worst(worst, math.abs(a[i]:get(0, 0, row, dd) - c[i]:get(0, 0, row, dd))) end end
        -- (dQ's reduce-adds from two blocks may add in either order)
        T.near(worst, 0, 2e-3, string.format("%s with q's copies by cp.async (D = %d, causal=%s) = with TMA's", name, D, tostring(causal)))
      end
    end
  end
end
-- config.tma_store's default (dK and dV through LDS by TMA): where a block walks up to 2048 query rows (S Hq / Hkv), at
-- D = 128 not causal up to 4096 (bench/RESULTS.md 2026-11-29 session 38), at D = 64 causal up to 4096 and at D = 128
-- causal "dv" (dV alone by TMA) up to 4096 (session 39), never with config.persistent
local tstore = require("tilelua.std.attention_backward")._default_tma_store
T.eq(tstore(64, false, 2048, false), true, "D = 64 up to 2048")
T.eq(tstore(64, true, 4096, false), true, "D = 64 causal up to 4096")
T.eq(tstore(64, true, 4097, false), false, "D = 64 causal past 4096")
T.eq(tstore(64, false, 2049, false), false, "D = 64 not causal past 2048")
T.eq(tstore(128, false, 4096, false), true, "D = 128 not causal up to 4096")
T.eq(tstore(128, false, 4097, false), false, "D = 128 not causal past 4096")
T.eq(tstore(128, true, 1024, false), "dv", "D = 128 causal: dV alone")
T.eq(tstore(128, true, 4096, false), "dv", "D = 128 causal: dV alone up to 4096")
T.eq(tstore(128, true, 4097, false), false, "D = 128 causal past 4096")
T.eq(tstore(128, true, 1024, true), false, "D = 128 causal not with config.persistent")
T.eq(tstore(64, false, 1024, true), false, "not with config.persistent")
-- config.quad's default: dK's per-thread stores 8-byte ("pairs") at D = 128 causal with "dv" up to 2048 (session 40)
local quad = require("tilelua.std.attention_backward")._default_quad
T.eq(quad(128, true, 2048, "dv"), "pairs", "D = 128 causal: pairs up to 2048")
T.eq(quad(128, true, 2049, "dv"), false, "D = 128 causal past 2048")
T.eq(quad(128, true, 1024, false), false, "not where each thread stores dK and dV")
T.eq(quad(128, false, 1024, true), false, "D = 128 not causal: by TMA")
T.eq(quad(64, true, 1024, false), false, "D = 64: off")
T.eq(quad(64, true, 1024, "dv"), false, "D = 64 with dv: off")
T.eq(quad(128, false, 1024, "dv"), false, "D = 128 not causal with dv: off")
restore()
