-- std.attention's config.wgmma (stdlib/attention_wgmma.lua: both products as sm_90 warpgroup MMAs,
-- 128 query rows per block, tiles through LDS in wgmma's layouts) with and without config.ws (a TMA
-- producer warpgroup and two consumer warpgroups on mbarriers) against the float64 reference
-- (lib/attention_case.lua), on the executor at warp 32 or a GPU with wgmma; the sm_90a sources
-- compile; a k without TMA's strides falls back inside the roles and says so.
local T = require "testing"
local std = require "tilelua.std"
local A = require "attention_case"
local case, signed = A.case, A.signed
local registry = debug.getregistry()
local saved = registry["tilelua.warp"]

local WG = { wgmma = true, ws = false }
if tl.backend() == "cpu" or tl.target().wgmma then
  registry["tilelua.warp"] = 32
  case { Hq = 4, Hkv = 2, S = 130, Skv = 200, D = 64, dt = "f16", causal = true, config = WG }
  case { S = 37, Skv = 20, D = 128, dt = "bf16", causal = true, empty = 17, out = true, config = WG }
  case { B = 2, Hq = 3, Hkv = 1, S = 9, Skv = 70, D = 64, dt = "bf16", layout = "bshd", scale = 0.3, config = WG }
  case { S = 20, Skv = 256, D = 64, dt = "f16", config = WG } -- whole key tiles: the variant without masks
  case { S = 9, Skv = 41, D = 256, dt = "f16", causal = true, config = WG }
  case { S = 20, Skv = 300, D = 128, dt = "f16", config = { wgmma = true, ws = false, bn = 64, stages = 3 } }
  -- config.ws: a TMA producer warpgroup and two consumer warpgroups on mbarriers
  -- ({wgmma = true} alone means ws too, and at D = 64 and 128 overlap, split and rs: off here)
  local WS = { wgmma = true, overlap = false, split = false, rs = false }
  case { Hq = 4, Hkv = 2, S = 130, Skv = 200, D = 64, dt = "f16", causal = true, config = WS }
  case { S = 37, Skv = 20, D = 128, dt = "bf16", causal = true, empty = 17, config = WS }
  case { B = 2, Hq = 3, Hkv = 1, S = 9, Skv = 70, D = 64, dt = "bf16", layout = "bshd", scale = 0.3, config = WS }
  case { S = 9, Skv = 70, D = 256, dt = "f16", config = WS }
  -- config.split: the consumer warpgroups in one role, each meeting only its own threads (a group barrier)
  local SPLIT = { wgmma = true, ws = true, split = true, overlap = false, rs = false }
  case { Hq = 4, Hkv = 2, S = 130, Skv = 200, D = 64, dt = "f16", causal = true, config = SPLIT }
  case { S = 37, Skv = 20, D = 128, dt = "bf16", causal = true, empty = 17, config = SPLIT }
  -- config.overlap: the softmax of tile t beside the P V of tile t - 1 (tile 0 before the loop, the
  -- last tile's P V after it): one tile, rows with no keys, whole tiles, several rounds, D = 256, split
  -- (persistent = false: causal at D = 64 with Skv <= 2048 the default is config.dynamic's kernel)
  local OV = { wgmma = true, ws = true, overlap = true, split = false, rs = false, persistent = false }
  case { Hq = 4, Hkv = 2, S = 130, Skv = 200, D = 64, dt = "f16", causal = true, config = OV }
  case { S = 37, Skv = 20, D = 128, dt = "bf16", causal = true, empty = 17, config = OV }
  case { S = 20, Skv = 256, D = 64, dt = "f16", config = OV }
  case { S = 9, Skv = 700, D = 128, dt = "f16", config = OV }
  case { S = 9, Skv = 70, D = 256, dt = "f16", config = OV }
  case { S = 37, Skv = 300, D = 64, dt = "bf16", causal = true, config = { wgmma = true, ws = true, overlap = true, split = true } }
  -- config.pingpong: the consumer warpgroups take turns at issuing (one tile, rows with no keys,
  -- several rounds, GQA; a turn waited with the wrong phase deadlocks the executor's roles)
  local PP = { wgmma = true, ws = true, overlap = true, split = true, pingpong = true, rs = false }
  case { Hq = 4, Hkv = 2, S = 130, Skv = 200, D = 64, dt = "f16", causal = true, config = PP }
  case { S = 37, Skv = 20, D = 128, dt = "bf16", causal = true, empty = 17, config = PP }
  case { S = 9, Skv = 700, D = 128, dt = "f16", config = PP }
  -- config.rs: P V with P from registers (wgmma's RS form), without and with overlap (P carried from
  -- one tile to the next), pingpong; several rounds, rows with no keys, GQA, bf16
  local RS = { wgmma = true, ws = true, split = true, overlap = false, rs = true }
  case { Hq = 4, Hkv = 2, S = 130, Skv = 200, D = 64, dt = "f16", causal = true, config = RS }
  case { S = 37, Skv = 20, D = 128, dt = "bf16", causal = true, empty = 17, config = RS }
  case { S = 20, Skv = 300, D = 128, dt = "bf16", causal = true, config = RS }
  local RSO = { wgmma = true, ws = true, split = true, overlap = true, rs = true }
  case { Hq = 4, Hkv = 2, S = 130, Skv = 200, D = 128, dt = "f16", causal = true, config = RSO }
  case { S = 37, Skv = 20, D = 64, dt = "bf16", causal = true, empty = 17, config = RSO }
  case { S = 37, Skv = 300, D = 64, dt = "bf16", config = RSO }
  case { S = 9, Skv = 700, D = 64, dt = "f16", config = { wgmma = true, overlap = true, split = true, pingpong = true, rs = true } }
  -- config.persistent: blocks walk the query tiles (two blocks on the executor, so each takes several,
  -- the rings' phases running on across tiles of different lengths: causal, GQA, rows with no keys,
  -- several rounds, bshd, the fallback without TMA below)
  local PT = { wgmma = true, ws = true, split = true, overlap = true, rs = true, persistent = true }
  case { Hq = 4, Hkv = 2, S = 300, Skv = 200, D = 64, dt = "f16", causal = true, config = PT }
  case { B = 3, S = 37, Skv = 20, D = 128, dt = "bf16", causal = true, empty = 51, config = PT }
  case { Hq = 3, S = 9, Skv = 700, D = 128, dt = "f16", config = PT }
  case { B = 2, Hq = 3, Hkv = 1, S = 140, Skv = 300, D = 64, dt = "bf16", layout = "bshd", config = PT }
  case { Hq = 2, S = 200, Skv = 130, D = 64, dt = "f16", causal = true, config = { wgmma = true, overlap = true, persistent = true,
                                                                                 split = false, rs = false } }
  -- config.wg = 3: three consumer warpgroups, 192 query rows a block (bn = 64 at 160 registers), persistent too
  local W3 = { wgmma = true, wg = 3, bn = 64, overlap = true, split = true, rs = true }
  case { Hq = 4, Hkv = 2, S = 300, Skv = 200, D = 64, dt = "f16", causal = true, config = W3 }
  case { B = 2, Hq = 3, S = 9, Skv = 200, D = 128, dt = "bf16", config = { wgmma = true, wg = 3, bn = 64, overlap = true, split = true,
                                                                           rs = true, persistent = true } }
  -- config.tma_store = false: each thread stores its elements of the output (the default stages them in
  -- LDS and stores them by TMA: every ws case above); rows past S, causal, bshd
  local DIRECT = { wgmma = true, tma_store = false }
  case { Hq = 4, Hkv = 2, S = 130, Skv = 200, D = 128, dt = "bf16", causal = true, config = DIRECT }
  case { B = 2, Hq = 3, Hkv = 1, S = 70, Skv = 300, D = 64, dt = "f16", layout = "bshd", config = DIRECT }
  -- the default at D = 64 and 128: ws with overlap and split (one consumer role, group barriers)
  case { Hq = 4, Hkv = 2, S = 130, Skv = 200, D = 128, dt = "bf16", causal = true, config = { wgmma = true } }
  case { B = 2, Hq = 3, Hkv = 1, S = 70, Skv = 300, D = 64, dt = "f16", layout = "bshd" }
  local function kernel_named(name)
    for _, kern in ipairs(std.kernels()) do
      if kern.name == name then return kern end
    end
    error("no kernel " .. name)
  end
  -- wg = 3's registers: the whole file, 32 for the producer and 160 for each consumer (32 x 128 + 160 x 384 = 65536),
  -- and the output staging's offsets computed where stored (remat_offsets: at 160 registers the hoisted ones spilled)
  local w3 = kernel_named("std_attention_f16_d64_causal_wgmma_ws_split_ov_rs_wg3")
  local w3src = w3:source("sm_90")
  T.eq(w3src:find("setmaxnreg.dec.sync.aligned.u32 32;", 1, true) ~= nil and
       w3src:find("setmaxnreg.inc.sync.aligned.u32 160;", 1, true) ~= nil, true, "wg = 3: 32 / 160 registers")
  T.eq(w3.hints.remat_offsets, true, "wg = 3: remat_offsets")
  T.eq(kernel_named("std_attention_bf16_d128_causal_wgmma_ws_split_ov_pp_rs_dyn_g").name, "std_attention_bf16_d128_causal_wgmma_ws_split_ov_pp_rs_dyn_g",
       "{wgmma = true} at D = 128: ws, split, overlap and rs, and causal with Skv <= 4k pingpong, persistent, dynamic")
  local rsrc = kernel_named("std_attention_f16_d128_causal_wgmma_ws_split_ov_pp_rs_dyn_g"):source("sm_90")
  T.eq(rsrc:find("tl_pack2(", 1, true) ~= nil and rsrc:find("wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {", 1, true) ~= nil,
       true, "config.rs: P packed into A's registers")
  T.compiles(rsrc, "std_attention_f16_d128_causal_wgmma_ws_split_ov_pp_rs_dyn_g", "sm_90a", "std.attention config.rs for sm_90a")
  local ws = kernel_named("std_attention_f16_d64_causal_wgmma_ws")
  local wsrc = ws:source("sm_90")
  for _, want in ipairs { "setmaxnreg.inc.sync.aligned.u32 232", "setmaxnreg.dec.sync.aligned.u32 40", "tl_mbar_wait(&tl_mbar2",
                          "cp.async.bulk.tensor.4d" } do
    T.eq(wsrc:find(want, 1, true) ~= nil, true, "config.ws for sm_90: " .. want)
  end
  T.compiles(wsrc, ws.name, "sm_90a", "std.attention config.ws for sm_90a")
  -- overlap's source: S's panels and P V's issued with nothing waited for, then wait_group 2 (P V's two
  -- panels still run during the softmax) and 0
  local osrc = kernel_named("std_attention_f16_d64_causal_wgmma_ws_ov"):source("sm_90")
  for _, want in ipairs { "wgmma.wait_group.sync.aligned 3;", "wgmma.wait_group.sync.aligned 2;" } do
    T.eq(osrc:find(want, 1, true) ~= nil, true, "config.overlap for sm_90: " .. want)
  end
  T.compiles(osrc, "std_attention_f16_d64_causal_wgmma_ws_ov", "sm_90a", "std.attention config.overlap for sm_90a")
  T.raises(function() std.attention(tl.empty({ 1, 1, 8, 64 }, tl.f16), tl.empty({ 1, 1, 8, 64 }, tl.f16),
                                    tl.empty({ 1, 1, 8, 64 }, tl.f16), { config = { wgmma = true, ws = false, overlap = true } }) end,
           "config.overlap needs config.ws")
  T.raises(function() std.attention(tl.empty({ 1, 1, 8, 64 }, tl.f16), tl.empty({ 1, 1, 8, 64 }, tl.f16),
                                    tl.empty({ 1, 1, 8, 64 }, tl.f16), { config = { wgmma = true, overlap = true, split = false, pingpong = true } }) end,
           "config.pingpong orders the products of the consumer warpgroups: it needs config.overlap and config.split")
  local psrc = kernel_named("std_attention_f16_d64_causal_wgmma_ws_split_ov_pp"):source("sm_90")
  for _, want in ipairs { 'bar.sync %0, 256;" :: "r"(3u + ', 'bar.arrive %0, 256;" :: "r"(3u + ' } do
    T.eq(psrc:find(want, 1, true) ~= nil, true, "config.pingpong for sm_90 (the turns): " .. want)
  end
  T.compiles(psrc, "std_attention_f16_d64_causal_wgmma_ws_split_ov_pp", "sm_90a", "std.attention config.pingpong for sm_90a")
  local ssrc = kernel_named("std_attention_f16_d64_causal_wgmma_ws_split"):source("sm_90")
  for _, want in ipairs { "/* role: threads 128..383 */", 'bar.sync %0, 128;" :: "r"(3u + (threadIdx.x / 128u) % 2u)',
                          "setmaxnreg.dec.sync.aligned.u32 40;", "setmaxnreg.inc.sync.aligned.u32 232;" } do
    T.eq(ssrc:find(want, 1, true) ~= nil, true, "config.split for sm_90: " .. want)
  end
  -- rows of k that are not 16-byte strided: no TMA; the consumers copy for themselves, and say so
  do
    local q = signed({ 1, 1, 16, 64 }, "f16", 4)
    local kk = signed({ 1, 1, 40, 68 }, "f16", 5):narrow(3, 0, 64) -- rows of 136 bytes
    local o = std.attention(q, kk, kk, { config = WS })
    local plain = std.attention(q, kk, kk, { config = { wgmma = false } })
    -- (the default, overlap and split, falls back the same way)
    T.eq(std.attention(q, kk, kk):max_abs_diff(plain) < 2e-3, true, "the default without TMA: the same result")
    T.eq(o:max_abs_diff(plain) < 2e-3, true, "config.ws without TMA: the same result")
    assert(kernel_named("std_attention_f16_d64_masked_wgmma_ws"):report():find("config.ws not used: tensor k is not 16-byte " ..
           "aligned", 1, true))
  end
  -- config.tma_store: an output TMA cannot store (2 bytes past a 16-byte boundary) is stored by each thread, and the
  -- report says so; the default's source stores each warpgroup's 64 rows by TMA, 64 columns a box
  do
    local q = signed({ 1, 1, 70, 64 }, "f16", 6)
    local out = tl.empty({ 1 + 70 * 64 }, tl.f16):narrow(0, 1, 70 * 64):reshape({ 1, 1, 70, 64 })
    local o = std.attention(q, q, q, { out = out, causal = true, config = { wgmma = true, split = false, persistent = false } })
    T.eq(o:max_abs_diff(std.attention(q, q, q, { causal = true, config = { wgmma = false } })) < 2e-3, true,
         "config.tma_store with an output TMA cannot store: the same result")
    assert(kernel_named("std_attention_f16_d64_causal_wgmma_ws_ov_rs"):report():find("config.tma_store not used: the output " ..
           "is not 16-byte aligned", 1, true))
    -- the persistent kernel (by default at D = 64 not causal) stages its output for TMA stores too, their read-wait
    -- deferred to the next tile's epilogue and once more after the loop; config.tma_store = false: each thread's stores
    local pt = { wgmma = true, persistent = true }
    std.attention(q, q, q, { config = pt })
    -- (kernels of this name: also the default's above, whose k TMA cannot copy, and the bshd one's, 3-d boxes)
    local staged = 0
    for _, kern in ipairs(std.kernels()) do
      local psrc = kern.name == "std_attention_f16_d64_masked_wgmma_ws_split_ov_rs_pt" and kern:source("sm_90")
      if psrc and psrc:find("global.shared::cta.bulk_group", 1, true) then
        staged = staged + 1
        T.eq(select(2, psrc:gsub("cp%.async%.bulk%.tensor%.%dd%.global%.shared::cta%.bulk_group", "")), 2,
             "the persistent kernel at D = 64: each warpgroup's TMA store")
        T.eq(select(2, psrc:gsub("cp.async.bulk.wait_group.read 0", "")), 4,
             "the persistent kernel: each warpgroup's read-wait before its next write and after the loop")
      end
    end
    T.eq(staged >= 1, true, "the persistent kernel at D = 64 stores by TMA")
    local function direct()
      local n = 0
      for _, kern in ipairs(std.kernels()) do
        if kern.name == "std_attention_f16_d64_masked_wgmma_ws_split_ov_rs_pt" and
           not kern:source("sm_90"):find("global.shared::cta.bulk_group", 1, true) then n = n + 1 end
      end
      return n
    end
    local before = direct()
    local ptd = { wgmma = true, persistent = true, tma_store = false }
    T.eq(std.attention(q, q, q, { config = ptd }):max_abs_diff(std.attention(q, q, q, { config = { wgmma = false } })) < 2e-3, true,
         "config.tma_store = false in the persistent kernel at D = 64: the same result")
    T.eq(direct(), before + 1, "config.tma_store = false in the persistent kernel at D = 64: each thread stores its elements")
    local tsrc = kernel_named("std_attention_f16_d128_causal_wgmma_ws_split_ov_pp_rs_dyn_g"):source("sm_90")
    T.eq(select(2, tsrc:gsub("cp.async.bulk.tensor.4d.global.shared::cta.bulk_group", "")), 4,
         "config.tma_store for sm_90: two warpgroups' two 64-column boxes")
    T.eq(tsrc:find("cp.async.bulk.wait_group.read 0", 1, true) ~= nil, true, "config.tma_store for sm_90: its LDS read waited for")
  end
  T.raises(function() std.attention(tl.empty({ 1, 1, 8, 64 }, tl.f16), tl.empty({ 1, 1, 8, 64 }, tl.f16),
                                    tl.empty({ 1, 1, 8, 64 }, tl.f16), { config = { wgmma = true, ws = false, tma_store = true } }) end,
           "config.tma_store (the output by TMA stores) is a form of config.ws's kernel: it needs config.ws")
  T.raises(function() std.attention(tl.empty({ 1, 1, 8, 256 }, tl.f16), tl.empty({ 1, 1, 8, 256 }, tl.f16),
                                    tl.empty({ 1, 1, 8, 256 }, tl.f16), { config = { wgmma = true, tma_store = true } }) end,
           "config.tma_store needs 65536 more bytes of LDS at D = 256")
  T.raises(function() std.attention(tl.empty({ 1, 1, 8, 64 }, tl.f16), tl.empty({ 1, 1, 8, 64 }, tl.f16),
                                    tl.empty({ 1, 1, 8, 64 }, tl.f16), { config = { tma_store = 1 } }) end,
           'config.tma_store must be a boolean or "producer" (got 1)')
  local wk = kernel_named("std_attention_f16_d64_causal_wgmma")
  local rep = wk:report("sm_90")
  assert(rep:find("TMA copy: k -> LDS box 1x1x128x64 swizzle 128 (k:copy, copy groups)", 1, true), rep)
  local src = wk:source("sm_90")
  T.eq(select(2, src:gsub("wgmma.mma_async", "")) > 0 and src:find("cp.async.bulk.tensor.4d", 1, true) ~= nil, true,
       "config.wgmma for sm_90: wgmma and TMA copies")
  T.compiles(src, wk.name, "sm_90a", "std.attention config.wgmma for sm_90a")
  T.raises(function() std.attention(tl.empty({ 1, 1, 8, 64 }, tl.f16), tl.empty({ 1, 1, 8, 64 }, tl.f16),
                                    tl.empty({ 1, 1, 8, 64 }, tl.f16), { config = { wgmma = true, bn = 32 } }) end,
           "config.wgmma takes config.bn = 64 or 128 (got 32)")
  -- the default on sm_90 (D = 64, 128, 256): the warp-specialized wgmma kernel; {wgmma = false} or a
  -- tile of mma.sync (bn, stages, mt) keeps mma.sync
  if tl.backend() == "cpu" then
    local function sm90_source(D, config, full)
      local q = signed({ 1, 1, 16, D }, "bf16", 7)
      local before = {}
      for _, kern in ipairs(std.kernels()) do before[kern] = true end
      std.attention(q, q, q, { config = config, causal = not full })
      -- the executor's kernel of this call (mma.sync there), new: no earlier call had this config
      local found
      for _, kern in ipairs(std.kernels()) do
        if not before[kern] and kern.name:find("^std_attention_bf16_d" .. D) then found = kern end
      end
      return assert(found, "no new kernel for the call"):source("sm_90")
    end
    local function specialized(D, config) return sm90_source(D, config):find("setmaxnreg.inc", 1, true) ~= nil end
    T.eq(specialized(64), true, "sm_90 default at D = 64: config.ws")
    T.eq(specialized(128), true, "sm_90 default at D = 128: config.ws")
    T.eq(specialized(128, { wgmma = false }), false, "config.wgmma = false: mma.sync")
    T.eq(specialized(64, { bn = 32 }), false, "a tile of mma.sync: mma.sync")
    T.eq(specialized(256), true, "sm_90 default at D = 256: config.ws")
    -- persistent by default at D = 64 without causality only ({split = true}: the default's own, a new kernel), with
    -- the producer's stores of the output where Skv <= 2k
    T.eq(sm90_source(64, { split = true }, true):find("kernel std_attention_bf16_d64_masked_wgmma_ws_split_ov_rs_pt_ph for sm_90", 1, true) ~= nil,
         true, "sm_90 default at D = 64, not causal, Skv <= 2k: persistent, the producer's stores")
    -- causal: persistent with config.dynamic's counter and pingpong's turns where Skv <= 4096, not persistent beyond
    -- (nor without split, which the turns need)
    T.eq(sm90_source(64, { split = true }):find("_causal_wgmma_ws_split_ov_pp_rs_dyn_g for sm_90", 1, true) ~= nil, true,
         "sm_90 default at D = 64, causal, Skv <= 4096: persistent, dynamic, pingpong")
    T.eq(sm90_source(128, { split = true }):find("_causal_wgmma_ws_split_ov_pp_rs_dyn_g for sm_90", 1, true) ~= nil, true,
         "sm_90 default at D = 128, causal, Skv <= 4096: persistent, dynamic, pingpong")
    for _, c in ipairs { { 4097, { split = true, lpt = false }, "kernel std_attention_bf16_d64_causal_wgmma_ws_split_ov_rs for sm_90",
                           "Skv > 4096: not persistent" },
                         { 2048, { split = false }, "kernel std_attention_bf16_d64_causal_wgmma_ws_ov_rs for sm_90",
                           "split = false: no turns, not persistent" } } do
      local q, kv = signed({ 1, 1, 16, 64 }, "bf16", 7), signed({ 1, 1, c[1], 64 }, "bf16", 8)
      local before = {}
      for _, kern in ipairs(std.kernels()) do before[kern] = true end
      std.attention(q, kv, kv, { causal = true, config = c[2] }) -- (a config of its own: a new kernel)
      local found
      for _, kern in ipairs(std.kernels()) do if not before[kern] then found = kern end end
      T.eq(found:source("sm_90"):find(c[3], 1, true) ~= nil, true, "sm_90 default at D = 64, causal, " .. c[4])
    end
    -- and at D = 128 where Skv <= 4096
    T.eq(sm90_source(128, { split = true }, true):find("kernel std_attention_bf16_d128_masked_wgmma_ws_split_ov_pp_rs_pt for sm_90",
                                                       1, true) ~= nil, true,
         "sm_90 default at D = 128, not causal, Skv <= 2048: persistent with pingpong's turns")
    do
      local q, kv = signed({ 1, 1, 16, 128 }, "bf16", 7), signed({ 1, 1, 2049, 128 }, "bf16", 8)
      local before = {}
      for _, kern in ipairs(std.kernels()) do before[kern] = true end
      std.attention(q, kv, kv, { config = { split = true, lpt = false } }) -- (a config of its own: a new kernel)
      local found
      for _, kern in ipairs(std.kernels()) do if not before[kern] then found = kern end end
      T.eq(found:source("sm_90"):find("kernel std_attention_bf16_d128_masked_wgmma_ws_split_ov_rs_pt for sm_90", 1, true) ~= nil, true,
           "sm_90 default at D = 128, not causal, 2048 < Skv <= 4096: persistent, no turns")
    end
    do
      local q, kv = signed({ 1, 1, 16, 128 }, "bf16", 7), signed({ 1, 1, 4097, 128 }, "bf16", 8)
      local before = {}
      for _, kern in ipairs(std.kernels()) do before[kern] = true end
      std.attention(q, kv, kv, { config = { split = false } }) -- (a config of its own: a new kernel)
      local found
      for _, kern in ipairs(std.kernels()) do if not before[kern] then found = kern end end
      T.eq(found:source("sm_90"):find("kernel std_attention_bf16_d128_masked_wgmma_ws_ov_rs for sm_90", 1, true) ~= nil, true,
           "sm_90 default at D = 128, not causal, Skv > 4096: not persistent")
    end
    T.eq(sm90_source(64, { ws = false }):find("wgmma.mma_async", 1, true) ~= nil, true, "config.ws = false: wgmma without roles")
  end
  if tl.backend() == "cpu" then
    registry["tilelua.warp"] = 64
    T.raises(function() std.attention(tl.empty({ 1, 1, 8, 64 }, tl.f16), tl.empty({ 1, 1, 8, 64 }, tl.f16),
                                      tl.empty({ 1, 1, 8, 64 }, tl.f16), { config = WG }) end,
             "config.wgmma runs on NVIDIA sm_90's warpgroup MMA, which cpu does not have")
  end
end
registry["tilelua.warp"] = saved
print("std_attention_wgmma: ok")
