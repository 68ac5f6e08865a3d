-- attention.lua - std.attention: softmax(q k^T * scale [+ causal mask]) v for q {B, Hq, S, D} and
-- k, v {B, Hkv, Skv, D} (Hq a multiple of Hkv: grouped-query attention), f16/bf16 inputs, f32
-- accumulation, on the matrix units of the target (tl.mma_shape: NVIDIA mma.sync m16n8k16 at warp
-- 32, AMD MFMA 32x32x8 at warp 64), FlashAttention-2 style:
--
-- A block of W warps takes BM = W * MT * m query rows of one (batch, head); each warp holds the A
-- fragments of its MT * m rows of q for the whole loop (registers; from LDS per use where they
-- would not fit) and walks the keys in tiles of BN: K and V tiles go global -> LDS (k:copy:
-- cp.async on NVIDIA) into ST buffers (a run-time index), ST - 1 copies in flight while a tile is
-- multiplied. The tiles no row of the block masks run in a loop without masks, the causal diagonal
-- and the ragged end in a second one with them. Per tile: scores S = q k^T by MMAs (the B
-- operand k^T read from the k-major LDS tile through the transposed fragment encoding, ldmatrix on
-- NVIDIA, then relabeled as the B operand); the online softmax in base 2 (scores scaled by
-- scale * log2 e, running row max m and each thread's part of the row sum l as accumulator-shaped
-- tensors, row max by tl.reduce over the accumulator's lanes: warp shuffles); the output accumulators rescaled by
-- exp2(m_old - m_new) and incremented by P v. P goes from the score accumulators to the A operand
-- in registers where the target's layouts line up (NVIDIA: two m16n8 accumulators are one m16k16 A
-- fragment, as in FlashAttention-2), else through LDS. No S x S matrix is stored. At the end each
-- row is divided by l and its logsumexp (natural log, -inf for a row that sees no key) is written.
--
-- opts.config.wgmma selects attention_wgmma.lua's kernel instead (both products as sm_90 warpgroup
-- MMAs from LDS, TMA copies).
--
-- Masks: keys j >= Skv, and with causal keys j > i + (Skv - S) (the diagonal aligned to the
-- bottom-right corner, as for a query block appended to a cache of Skv - S keys). A row that sees
-- no key gives zeros. Loads are masked (pad 0), so any S and Skv work.
local tl = require "tilelua"
local C = require "tilelua.std.common"
local M = {}

local LOG2E = C.LOG2E
local LN2 = 0.6931471805599453
local NEG_INF = -math.huge
-- (exp2's results below 2^-126 may be 0: a probability that small is nothing beside the row's sum, at least 1)
local FTZ = { flush_to_zero = true }
local HEAD_DIMS = { [64] = true, [128] = true, [256] = true }
-- K and V rows in LDS are padded by 8 elements (16 bytes): the 8 rows of an 8x8 matrix read then
-- start 16 bytes apart modulo 128, on distinct banks, and every fragment address is the lane's
-- base plus a constant (an XOR swizzle needs one address register per column chunk, which the
-- unrolled key loop holds all at once: register spills)
local PAD = 8

-- The B operand's layout with its two dimensions swapped (same lanes, same registers): the tile
-- {n, k} of a k-major buffer (the keys) read as the B operand {k, n} of q k^T.
local TRANSPOSED_B = {
  nvidia = { h = { { 8 }, { 2, 4, 2 } }, p = { { { 1, 0 }, { 2, 1 } } }, y = { { 2, 0 }, { 2, 2 } } },
  amd = { h = { { 32 }, { 2, 4 } }, p = { { { 2, 0 }, { 1, 0 } } }, y = { { 2, 1 } } },
}
-- likewise the A operand's: the tile {k, m} of an m-major buffer read as the A operand {m, k}
-- (the backward pass's dS, stored with the keys as rows)
local TRANSPOSED_A = {
  nvidia = { h = { { 2, 4, 2 }, { 2, 8 } }, p = { { { 2, 1 }, { 1, 1 } } }, y = { { 1, 0 }, { 2, 0 }, { 1, 2 } } },
  amd = { h = { { 2, 4 }, { 32 } }, p = { { { 1, 0 }, { 2, 0 } } }, y = { { 1, 1 } } },
}

-- Tiles per warp size and head dimension: warps per block, MMA row tiles per warp (mt), keys per
-- tile (bn), LDS stages of K and V (opts.config overrides mt, bn and stages). NVIDIA: 4 warps,
-- three stages (two tiles in flight while one is multiplied); D = 64: 16 rows per warp, 64 keys;
-- D = 128: 32 rows per warp (q from LDS) and 32 keys (measured on an H200 at S = 4096, f16:
-- 285 TFLOP/s against 224 with 16 rows and 64 keys, bench/RESULTS.md); D = 256: 16 rows, 32 keys,
-- two stages, q in LDS. AMD: 4 waves x 32 rows, one stage of 32 keys (LDS is 64 KiB; P goes
-- through LDS there).
local CONFIG = {
  [32] = { warps = 4, mt = { [64] = 1, [128] = 2, [256] = 1 }, bn = { [64] = 64, [128] = 32, [256] = 32 },
           stages = { [64] = 3, [128] = 3, [256] = 2 } },
  [64] = { warps = 4, mt = { [64] = 1, [128] = 1, [256] = 1 }, bn = { [64] = 32, [128] = 32, [256] = 32 },
           stages = { [64] = 1, [128] = 1, [256] = 1 } },
}
local LDS_MAX = { [32] = tl._lds_max, [64] = 65536 }

-- facts of the matrix unit checked once per shape: the transposed B encoding really is s.b with
-- its dimensions swapped, and whether k/n accumulators side by side are the A fragment (lane by
-- lane, element by element)
local checked = {}
local function unit(dt, warp)
  -- the current target's instruction (tl.target(); a target without one tilelua drives stops here,
  -- naming what it lacks), on the executor the one of its warp
  local t = tl.target()
  local s = tl.mma_shape { a = dt, target = t.vendor == "cpu" and (warp == 32 and "nvidia" or "amd") or nil }
  local u = checked[s]
  if u then return u end
  local function transposed(spec, of, n)
    local e = tl.encoding { h = spec.h, p = spec.p, y = spec.y }
    for lane = 0, s.warp - 1 do
      for y = 0, n - 1 do
        local want, got = of:coord(lane, y), e:coord(lane, y)
        assert(got[1] == want[2] and got[2] == want[1], "attention: a transposed encoding disagrees with the MMA's")
      end
    end
    return e
  end
  local bt = transposed(TRANSPOSED_B[s.target], s.b, s.elements.b)
  local at = transposed(TRANSPOSED_A[s.target], s.a, s.elements.a)
  local per = s.k // s.n -- accumulators per A fragment
  local joined = per >= 1 and s.k % s.n == 0 and per * s.elements.c == s.elements.a
  for lane = 0, s.warp - 1 do
    for y = 0, s.elements.a - 1 do
      if not joined then break end
      local a = s.a:coord(lane, y)
      local c = s.c:coord(lane, y % s.elements.c)
      if a[1] ~= c[1] or a[2] ~= c[2] + (y // s.elements.c) * s.n then joined = false end
    end
  end
  u = { s = s, bt = bt, at = at, p_in_registers = joined }
  checked[s] = u
  return u
end

-- the distribution of a rows x cols tile read from global memory by nt threads: 16-byte vectors
-- along cols, consecutive threads along a row, then down the rows
local function load_dist(rows, cols, nt)
  local v = 8
  while v > 1 and (rows * cols < nt * v or cols % v ~= 0) do v = v // 2 end
  local xt = cols // v
  local rt = nt // xt
  return tl.encoding { h = { { rows // rt, rt }, { xt, v } }, p = { { { 1, 1 }, { 2, 0 } } }, y = { { 1, 0 }, { 2, 1 } } }
end

-- elementwise combination of two tensors of one distribution
local function zip(a, b, fn)
  local r = a:map(function(v) return v end)
  for y = 0, a:elements() - 1 do r:set(y, fn(a:get(y), b:get(y))) end
  return r
end

-- What both forward kernels (this file's and attention_wgmma.lua's) share: their parameters; per
-- block its batch b, head h, key/value head hk, first query row q0, the lengths sq and skv, and
-- win(t, hh, r0, c0, rows, cols, dist): the tile {rows, cols} at (row r0, column c0) of head hh of
-- tensor t ({B, H, S, D} as a rank-4 tensor, {B, S, H, D} as its {B, S, H * D} view).
local FORWARD = { load_dist = load_dist }
-- (ctr: config.dynamic's counter of work tiles taken, zero as a launch starts (kept_counter); a parameter of every
-- forward kernel, read by that one only, so the kernel a call builds takes the same arguments on every target whatever its defaults pick:
-- tl.retargetable)
-- (nq_m, nq_s, hq_m, hq_s: the magic numbers of divisions by the query tiles a head has and by Hq (FORWARD.divisor),
-- with which config.dynamic's work tile number becomes its query tile, head and batch by multiplications: the
-- divisions by run-time values were a dependent chain at each tile's start; every forward kernel takes them, the
-- dynamic one reads them)
-- (grp_s: config.lpt_group's heads a group of the dynamic walk, 2^grp_s (FORWARD.group_shift); read by that kernel alone)
function FORWARD.params(dt, rank)
  return { { "q", tl.tensor(dt, rank) }, { "k", tl.tensor(dt, rank) }, { "v", tl.tensor(dt, rank) },
           { "o", tl.tensor(dt, rank) }, { "lse", tl.tensor("f32", 3) }, { "scale", tl.f32 }, { "group", tl.i32 },
           { "ctr", tl.tensor("i32", 1) }, { "nq_m", tl.u64 }, { "nq_s", tl.u64 }, { "hq_m", tl.u64 }, { "hq_s", tl.u64 },
           { "grp_s", tl.i32 } }
end
-- the magic numbers (m, s) of a division by d, 1 <= d < 2^31, of numerators 0 <= n < 2^31: n // d = (n m) >> s, with
-- 2^(s - 31) >= d and m = ceil(2^s / d) <= 2^32, so that n m < 2^63 (Granlund and Montgomery's round-up method: m d -
-- 2^s < d <= 2^(s - 31), so n (m d - 2^s) < 2^s)
local divisors, ndivisors = {}, 0 -- (d -> {m, s}: the divisors calls use, each worked out once; at most 256 kept)
function FORWARD.divisor(d)
  assert(math.type(d) == "integer" and d >= 1 and d < (1 << 31), "FORWARD.divisor: d out of range")
  local c = divisors[d]
  if c then return c[1], c[2] end
  local l = 0
  while (1 << l) < d do l = l + 1 end
  local s = 31 + l
  c = { ((1 << s) + d - 1) // d, s }
  if ndivisors >= 256 then divisors, ndivisors = {}, 0 end
  divisors[d], ndivisors = c, ndivisors + 1
  return c[1], c[2]
end
-- config.lpt_group = g's heads a group, as a shift: 2^s the largest power of two that is at most g and divides the heads
-- of the launch (B Hq), so that the groups are whole (1 where B Hq is odd: the walk head by head)
function FORWARD.group_shift(g, heads)
  local s = 0
  while (2 << s) <= g and heads % (2 << s) == 0 do s = s + 1 end
  return s
end
-- config.lpt_group's default: as many heads (a power of two, at most 32) as keep their K and V (Skv x D each, 2-byte
-- elements) within 8 MiB of L2 (a group's K and V counted once a query head: under GQA the group's K and V are fewer)
function FORWARD.default_group(d, skv)
  local g = 1
  while g < 32 and 2 * g * skv * d * 4 <= 8 << 20 do g = 2 * g end
  return g
end
-- n // d for 0 <= n < 2^31 by d's magic numbers m and s (u64 values in a kernel)
function FORWARD.div(n, m, s) return ((n:cast("u64") * m) >> s):cast("i32") end
-- (longest_first, causal: block x takes the head's query tile counted from the last, so each head's longest tiles
-- start first and the launch's last blocks are short ones; lpt (config.lpt): the grid {Hq, query tiles, B}, block x
-- head x and block y the query tile, so that the launch takes each batch's query tiles across its heads)
function FORWARD.block(k, p, rank, d, BM, longest_first, lpt)
  local qt = k.block_id(lpt and 1 or 0)
  if longest_first then qt = FORWARD.query_tiles(p, rank, BM) - 1 - qt end
  return FORWARD.tile(k, p, rank, d, k.block_id(2), k.block_id(lpt and 0 or 1), qt * BM)
end
-- the same for the query tile from row q0 of head h of batch b (a persistent kernel's work tiles)
function FORWARD.tile(k, p, rank, d, b, h, q0)
  local f = { b = b, h = h, hk = h // p.group, q0 = q0 }
  function f.win(t, hh, r0, c0, rows, cols, dist)
    if rank == 4 then return k:window(t, { b, hh, r0, c0 }, { 1, 1, rows, cols }, dist) end
    return k:window(t, { b, r0, hh * d + c0 }, { 1, rows, cols }, dist)
  end
  f.sq, f.skv = FORWARD.lengths(p, rank)
  return f
end
-- the query and key lengths S and Skv (i32) of the kernel's parameters
function FORWARD.lengths(p, rank)
  return (rank == 4 and p.q:shape(2) or p.q:shape(1)):cast("i32"), (rank == 4 and p.k:shape(2) or p.k:shape(1)):cast("i32")
end
-- the number of query tiles of BM rows a head has (i32)
function FORWARD.query_tiles(p, rank, BM)
  local sq = FORWARD.lengths(p, rank)
  return (sq + (BM - 1)) // BM
end

-- the head dimensions whose default on sm_90 is the warp-specialized wgmma kernel (measured)
local WGMMA_DEFAULT_DIMS = { [64] = true, [128] = true, [256] = true }

-- masked: false when no key tile needs a mask (not causal, Skv a multiple of the keys per iteration)
local function kernel(dt, d, causal, layout, skv_whole, config)
  local warp = tl.default_warp()
  -- (the config as given, before the defaults below: part of the memo keys)
  local given = next(config) == nil and "" or C.config_key(config)
  -- NVIDIA sm_90: the warpgroup-MMA kernel, warp-specialized, unless the config picks mma.sync
  -- (wgmma = false) or names a tile of it (bn, stages, mt); measured on an H100 at S = 4096, f16:
  -- 330 / 484 / 510 TFLOP/s (D = 64 / 128 / 256, not causal) against 244 / 291 / 235 with mma.sync
  -- (bench/RESULTS.md, 2026-11-25)
  local t = tl.target()
  if config.wgmma == nil and config.bn == nil and config.stages == nil and config.mt == nil and
     t.wgmma and t.vendor == "nvidia" and warp == 32 and WGMMA_DEFAULT_DIMS[d] then
    config = C.copy(config, { wgmma = true })
  end
  if config.wgmma and config.ws == nil then config = C.copy(config, { ws = true }) end
  -- and at D = 64 and 128 both warpgroups' pipelining: overlap (the softmax of one key tile beside the
  -- P V of the one before) and split (each consumer warpgroup meets only its own threads): 4-15% faster
  -- than ws alone on an H200 at S = 4096, f16, causal or not (bench/RESULTS.md 2026-11-26); and rs (P
  -- V with P from registers): 2-15% faster again but at D = 64 causal S = 16k (-1%) (session 13);
  -- {overlap = false, split = false, rs = false} keeps ws alone
  if config.ws and (d == 64 or d == 128) and config.bn == nil and config.stages == nil then
    if config.overlap == nil then config = C.copy(config, { overlap = true }) end
    if config.split == nil then config = C.copy(config, { split = true }) end
    if config.rs == nil then config = C.copy(config, { rs = true }) end
    -- and at D = 64 without a mask of causality: persistent (one block per multiprocessor walking the
    -- query tiles): 1.06-1.09x at S = 1k, 1.03-1.04x at 4k, even at 16k on an H200 (f16, session 14);
    -- causal it was 4-17% slower (the fixed order balances the tiles' lengths worse than the launch's);
    -- at D = 128 with Skv <= 4k too, once the output went by TMA stores (ptxas's spills 700 -> 228 bytes,
    -- no wgmma serialized): 1.05-1.07x at S = 1k, 1.01-1.02x at 2k and 4k, 0.99x at 16k on an H100 (session 18)
    if (d == 64 or skv_whole <= 4096) and not causal and config.persistent == nil and config.pingpong == nil and
       config.overlap and not config.lpt then
      config = C.copy(config, { persistent = true })
      -- and at D = 128 with Skv <= 2k the consumer warpgroups' turns (config.pingpong, below): bf16 1.01-1.09x at S = 1k
      -- and 2k in every round of two calls, f16 0.94-1.06x (median 1.00-1.03x) (bench/RESULTS.md session 33 call 7,
      -- session 34 call 1); at D = 64 they lose (0.90-0.98x: a warpgroup's softmax outlasts the other's products,
      -- barrier stalls 0.13 -> 0.53)
      if d == 128 and skv_whole <= 2048 and config.split and config.wg == nil then
        config = C.copy(config, { pingpong = true })
      end
      -- and at D = 64 with Skv <= 2k each tile's output stored by a thread of the producer warpgroup (config.tma_store =
      -- "producer"): 1.02-1.04x at S = 1k, 1.00-1.03x at 2k (f16 and bf16), even at 4k and at D = 128 on an H200
      -- (bench/RESULTS.md 2026-12-01 session 48, calls 5 and 6)
      if d == 64 and skv_whole <= 2048 and config.tma_store == nil and config.wg == nil then
        config = C.copy(config, { tma_store = "producer" })
      end
    end
    -- causal with Skv <= 4k: persistent with the work tiles taken from a counter (config.dynamic, FlashAttention-3's
    -- dynamic scheduler; at D = 64 1.05-1.10x at S = 1k and 2k on an H200, bench/RESULTS.md session 23) and the
    -- consumer warpgroups taking turns at their products (config.pingpong, FlashAttention-3's warpgroup scheduling,
    -- its turns named barriers): against the kernels before (D = 64 dynamic up to 2k, D = 128 config.lpt's launch)
    -- at D = 64 0.96-1.13x at S = 1k, 1.00-1.07x at 2k, 1.01-1.06x at 4k; at D = 128 1.09-1.18x at 1k, 1.05-1.11x at
    -- 2k, 0.99-1.05x at 4k (f16 and bf16, two calls, bench/RESULTS.md session 33); not causal the turns lose at D = 64
    -- (0.90-0.98x) and gain little at D = 128 (1.00-1.05x at 1k and 2k)
    if causal and skv_whole <= 4096 and config.persistent == nil and config.dynamic == nil and config.pingpong == nil and
       config.wg == nil and config.overlap and config.split and not config.lpt then
      config = C.copy(config, { persistent = true, dynamic = true, pingpong = true })
    end
    -- and the counter's walk by groups of heads (config.lpt_group), as many as keep the group's K and V within 8 MiB of
    -- L2 (32 heads at most): at D = 64 1.01-1.04x at S = 1k to 4k; at D = 128 1.00-1.03x at 1k and 2k, where groups of
    -- 16-32 heads lost 7-12% at 4k (32-64 MiB) (bench/RESULTS.md 2026-12-01 session 49, call 1)
    if causal and config.dynamic and config.lpt_group == nil then
      config = C.copy(config, { lpt_group = FORWARD.default_group(d, skv_whole) })
    end
  end
  if config.ws and not config.wgmma then C.fail("std.attention: config.ws (warp-specialized) needs config.wgmma") end
  if config.overlap and not config.ws then C.fail("std.attention: config.overlap needs config.ws (the TMA producer keeps the stages)") end
  if config.rs and not config.wgmma then C.fail("std.attention: config.rs (P from registers) is a form of config.wgmma's P V") end
  if config.wg and config.wg ~= 2 and not config.wgmma then
    C.fail("std.attention: config.wg = %d (consumer warpgroups) is a form of config.wgmma's kernel", config.wg)
  end
  if config.tma_store ~= nil and not config.ws then
    C.fail("std.attention: config.tma_store (the output by TMA stores) is a form of config.ws's kernel: it needs config.ws")
  end
  if config.persistent and not config.overlap then
    C.fail("std.attention: config.persistent walks the query tiles with config.overlap's pipelines: it needs config.overlap")
  end
  if config.dynamic and not config.persistent then
    C.fail("std.attention: config.dynamic takes the persistent kernel's work tiles from a counter: it needs config.persistent")
  end
  if config.pingpong and not (config.overlap and config.split) then
    C.fail("std.attention: config.pingpong orders the products of the consumer warpgroups: it needs config.overlap and config.split")
  end
  if config.lpt and not config.wgmma then
    C.fail("std.attention: config.lpt (the launch ordered longest query tiles first) is a form of config.wgmma's kernel")
  end
  if config.lpt_group and not config.dynamic then
    C.fail("std.attention: config.lpt_group orders config.dynamic's walk of the work tiles: it needs config.dynamic (the " ..
           "default where causal with Skv <= 4096 on sm_90)")
  end
  if config.lpt and config.persistent then
    C.fail("std.attention: config.lpt orders the launch's blocks; config.persistent's blocks walk the query tiles in an " ..
           "order of their own: take one of them")
  end
  if config.wgmma then
    if not t.wgmma or warp ~= 32 then
      C.fail("std.attention: config.wgmma runs on NVIDIA sm_90's warpgroup MMA, which %s does not have", t.arch)
    end
    local kern, BM = require("tilelua.std.attention_wgmma").kernel(dt, d, causal, layout, skv_whole, config, FORWARD, given)
    return kern, BM, config.persistent == true, config.dynamic == true, config.lpt == true, config.lpt_group
  end
  local u = unit(dt, warp)
  local s, bt = u.s, u.bt
  local cfg = CONFIG[warp]
  local W, BN, ST = cfg.warps, config.bn or cfg.bn[d], config.stages or cfg.stages[d]
  local MT = config.mt or cfg.mt[d] -- m tiles per warp
  if BN % s.k ~= 0 or BN % s.n ~= 0 or BN * d < W * warp * 8 then
    C.fail("std.attention: config.bn = %d must be a multiple of the MMA's k (%d) and n (%d), at least %d", BN, s.k, s.n,
           math.max(s.k, s.n, W * warp * 8 // d))
  end
  local BM, NT = W * MT * s.m, BN // s.n
  local nt = W * warp
  local masked = causal or not (skv_whole % BN == 0)
  -- q from LDS where its fragments would take too many registers: D = 256, or two m tiles at
  -- D = 128 (AMD: 512 registers per lane, and its 64 KiB of LDS would not hold q)
  local q_lds = warp == 32 and MT * d >= 256
  local lds = 2 * ST * BN * (d + PAD) * 2 + (q_lds and BM * (d + PAD) * 2 or 0) + (u.p_in_registers and 0 or BM * BN * 2)
  if lds > LDS_MAX[warp] then
    C.fail("std.attention: config bn = %d, stages = %d needs %d bytes of LDS at D = %d, over %d", BN, ST, lds, d, LDS_MAX[warp])
  end
  -- the config as given is part of the key: a kernel rebuilt for another target (tl.retargetable)
  -- resolves the same config there, where {} and {bn = 64} need not pick the same kernel
  local key = table.concat({ "attention", dt, d, tostring(causal), layout, tostring(masked), BN, ST, MT, warp, given }, ";")
  local kern = C.memo(key, function()
    local ldist = load_dist(BN, d, nt)
    local qdist = load_dist(BM, d, nt)
    local rank = layout == "bshd" and 3 or 4
    return tl.kernel {
      name = string.format("std_attention_%s_d%d%s", dt, d, causal and "_causal" or masked and "_masked" or ""),
      block = nt, warp = warp,
      params = FORWARD.params(dt, rank),
      body = function(k, p)
        local f = FORWARD.block(k, p, rank, d, BM)
        local b, h, hk, q0, win, sq, skv = f.b, f.h, f.hk, f.q0, f.win, f.sq, f.skv
        local wr = k.warp_id() * (MT * s.m) -- the warp's first row in the block: MT tiles of m rows
        -- q fragments: held in registers for the whole loop, or (q_lds) the block's q tile is kept
        -- in LDS and each fragment read when used (fewer registers)
        local qa, lq = {}, nil
        if q_lds then
          lq = k:lds(dt, { BM, d + PAD })
          k:copy(k:window(lq, { 0, 0 }, { BM, d }, qdist), win(p.q, h, q0, 0, BM, d, qdist))
          k:copy_commit()
        else
          for mi = 0, MT - 1 do
            qa[mi] = {}
            for ks = 0, d // s.k - 1 do qa[mi][ks] = win(p.q, h, q0 + wr + mi * s.m, ks * s.k, s.m, s.k, s.a):load() end
          end
        end
        local function qfrag(mi, ks)
          if not q_lds then return qa[mi][ks] end
          return k:window(lq, { wr + mi * s.m, ks * s.k }, { s.m, s.k }, s.a):load()
        end
        -- per m tile and accumulator element: its query row, its column in an m x n tile, the
        -- keys it sees
        local zc = s:zeros()
        local row, col, lim = {}, {}, {}
        for mi = 0, MT - 1 do
          row[mi], lim[mi] = {}, {}
          for y = 0, s.elements.c - 1 do
            local idx = zc:coords(y)
            row[mi][y] = q0 + wr + mi * s.m + idx[1]
            col[y] = idx[2]
            lim[mi][y] = causal and tl.min(skv, row[mi][y] + 1 + skv - sq) or skv
          end
        end
        local kv_end = causal and tl.min(skv, q0 + BM + skv - sq) or skv
        local lk = k:lds(dt, { ST * BN, d + PAD })
        local lv = k:lds(dt, { ST * BN, d + PAD })
        local lp = (not u.p_in_registers) and k:lds(dt, { BM, BN }) or nil
        local function issue(kv0, buf)
          k:copy(k:window(lk, { buf * BN, 0 }, { BN, d }, ldist), win(p.k, hk, kv0, 0, BN, d, ldist))
          k:copy(k:window(lv, { buf * BN, 0 }, { BN, d }, ldist), win(p.v, hk, kv0, 0, BN, d, ldist))
          k:copy_commit()
        end
        local DT = d // s.n -- output accumulators per m tile
        -- The carried state, flat: per m tile its DT output accumulators, then m (the running row
        -- max of the raw scores) and l (this thread's part of the row sum of exp2: the lanes of a
        -- row add theirs up after the loop), all distributed as the accumulator.
        local NS = DT + 2
        local function o_at(st, mi, i) return st[mi * NS + i + 1] end
        -- one key tile (kv0, in LDS buffer buf): the new state
        local function step(buf, kv0, st, with_mask)
          local sc = {}
          for mi = 0, MT - 1 do sc[mi] = {} end
          for ks = 0, d // s.k - 1 do
            local qf = {}
            for mi = 0, MT - 1 do qf[mi] = qfrag(mi, ks) end
            for j = 0, NT - 1 do
              local kb = k:window(lk, { buf * BN + j * s.n, ks * s.k }, { s.n, s.k }, bt):load():relabel(s.b)
              for mi = 0, MT - 1 do sc[mi][j] = s:mma(qf[mi], kb, sc[mi][j]) end
            end
          end
          local out, pa = {}, {}
          for mi = 0, MT - 1 do
            local m, l = st[mi * NS + DT + 1], st[mi * NS + DT + 2]
            if with_mask then
              for j = 0, NT - 1 do
                sc[mi][j]:foreach(function(v, _, y)
                  return tl.select(tl.lt(kv0 + j * s.n + col[y], lim[mi][y]), v, NEG_INF)
                end)
              end
            end
            -- exp2(s * scale' - m * scale') as one fma per score (scale' = scale * log2 e > 0),
            -- m taken as 0 while the row has seen only masked keys (-inf - -inf would be NaN;
            -- exp2(-inf) = 0 as wanted)
            local mx = sc[mi][0]
            for j = 1, NT - 1 do mx = zip(mx, sc[mi][j], tl.max) end
            local mn = zip(m, tl.reduce(mx, "max", 1), tl.max)
            local neg = mn:map(function(x) return tl.select(tl.eq(x, NEG_INF), 0.0, -x * p.scale) end)
            local alpha = zip(m, neg, function(a, b2) return tl.exp2(tl.fma(a, p.scale, b2), FTZ) end)
            local ps, rs = {}, nil
            for j = 0, NT - 1 do
              ps[j] = zip(sc[mi][j], neg, function(a, b2) return tl.exp2(tl.fma(a, p.scale, b2), FTZ) end)
              rs = rs and (rs + ps[j]) or ps[j]
            end
            for i = 0, DT - 1 do out[mi * NS + i + 1] = o_at(st, mi, i) * alpha end
            out[mi * NS + DT + 1], out[mi * NS + DT + 2] = mn, l * alpha + rs
            pa[mi] = {}
            if u.p_in_registers then
              local per = s.k // s.n
              for kk = 0, BN // s.k - 1 do
                local parts = {}
                for q = 0, per - 1 do parts[q + 1] = ps[kk * per + q]:cast(dt) end
                pa[mi][kk] = parts[1]:relabel(s.a, table.unpack(parts, 2))
              end
            else
              for j = 0, NT - 1 do
                k:window(lp, { wr + mi * s.m, j * s.n }, { s.m, s.n }, s.c):store(ps[j]:cast(dt))
              end
            end
          end
          if not u.p_in_registers then
            k:sync()
            for mi = 0, MT - 1 do
              for kk = 0, BN // s.k - 1 do
                pa[mi][kk] = k:window(lp, { wr + mi * s.m, kk * s.k }, { s.m, s.k }, s.a):load()
              end
            end
          end
          for kk = 0, BN // s.k - 1 do
            for i = 0, DT - 1 do
              local vb = k:window(lv, { buf * BN + kk * s.k, i * s.n }, { s.k, s.n }, s.b):load()
              for mi = 0, MT - 1 do
                local at = mi * NS + i + 1
                out[at] = s:mma(pa[mi][kk], vb, out[at])
              end
            end
          end
          return out
        end
        local NC = MT * NS
        local init = {}
        for mi = 0, MT - 1 do
          for i = 0, DT - 1 do init[mi * NS + i + 1] = s:zeros() end
          init[mi * NS + DT + 1] = zc:map(function() return NEG_INF end)
          init[mi * NS + DT + 2] = zc
        end
        -- Key tiles in two loops of the same steps: first those no row of the block masks (all
        -- their keys < the first row's limit), then the rest with masks (the causal diagonal, the
        -- ragged end); unmasked kernels (whole tiles, not causal) have only the first.
        local full_end = kv_end
        if masked then full_end = (tl.max(tl.min(skv, q0 + 1 + skv - sq), 0) // BN) * BN end
        local function loop(lo, hi, with_mask, state)
          if ST == 1 then
            return table.pack(k:range(lo, hi, BN, function(kv, ...)
              issue(kv, 0)
              k:copy_wait(0)
              k:sync()
              local out = step(0, kv, { ... }, with_mask)
              k:sync()
              return table.unpack(out, 1, NC)
            end, table.unpack(state, 1, NC)))
          end
          -- tile t (keys t * BN ..) is in buffer t % ST, ST - 1 tiles in flight ahead of the one
          -- computed: each step waits for its own copy, then (after the barrier that also says
          -- every warp is done with the buffer of step t - 1) starts the copy ST - 1 tiles ahead
          -- into that buffer. The buffer is a run-time index: the LDS rows are padded, so the
          -- fragment addresses stay the lane's base plus constants, plus the buffer's offset.
          return table.pack(k:range(lo, hi, BN, function(kv, ...)
            k:copy_wait(ST - 2)
            k:sync()
            local t = kv // BN
            issue(kv + (ST - 1) * BN, (t + ST - 1) % ST)
            return table.unpack(step(t % ST, kv, { ... }, with_mask), 1, NC)
          end, table.unpack(state, 1, NC)))
        end
        for j = 0, ST - 2 do issue(j * BN, j) end
        local res = loop(0, full_end, false, init)
        if masked then res = loop(full_end, kv_end, true, res) end
        k:copy_wait(0) -- (the copies issued past the last tile, or q's when no tile was visited)
        for mi = 0, MT - 1 do
          local m, l = res[mi * NS + DT + 1], tl.reduce(res[mi * NS + DT + 2], "sum", 1)
          local inv = l:map(function(v) return tl.select(tl.gt(v, 0.0), 1.0 / v, 0.0) end)
          for i = 0, DT - 1 do
            win(p.o, h, q0 + wr + mi * s.m, i * s.n, s.m, s.n, s.c):store((o_at(res, mi, i) * inv):cast(dt))
          end
          for y = 0, s.elements.c - 1 do
            local lse = tl.select(tl.gt(l:get(y), 0.0), (m:get(y) * p.scale + tl.log2(l:get(y))) * LN2, NEG_INF)
            p.lse:store({ b, h, row[mi][y] }, lse, { mask = tl.land(tl.eq(col[y], 0), tl.lt(row[mi][y], sq)) })
          end
        end
      end,
    }
  end)
  return kern, BM
end

local OPTS = { causal = true, scale = true, out = true, layout = true, config = true }

-- opts.config: {bn = keys per tile (a power of two, 16..128), stages = LDS buffers of K and V (1..4),
-- mt = MMA row tiles per warp (1 or 2), wgmma = true: the warpgroup-MMA kernel of sm_90
-- (attention_wgmma.lua; bn 64 or 128, stages 2..4), ws = true with it: warp-specialized (a TMA
-- producer warpgroup, mbarriers), split = true with ws: each consumer warpgroup meets only its own threads,
-- overlap = true with ws: the softmax of one key tile beside the tensor cores' P V of the one before,
-- pingpong = true with overlap and split: the two consumer warpgroups take turns at issuing their
-- products, so one's softmax runs beside the other's matrix products (with persistent too), dynamic = true with persistent: the work tiles
-- taken from a counter (FlashAttention-3's dynamic scheduler), not in a fixed order, tma_store = false with ws: the
-- output stored by each thread instead of staged in LDS and stored by TMA ("producer" with persistent: staged by the
-- consumers and stored by a thread of the producer warpgroup), lpt = true with wgmma, not persistent: the
-- launch's grid {Hq, query tiles, B}, each batch's query tiles across its heads, longest first where causal,
-- lpt_group = g (a power of two) with dynamic: the counter's walk takes the work tiles of g heads at a time, the query
-- tiles of the group's heads in turn, longest first where causal (g heads a group where B Hq allows: the largest power of
-- two at most g that divides it)}
local function check_config(config)
  if config == nil then return {} end
  if type(config) ~= "table" then C.fail("std.attention: config must be a table {bn = 64, stages = 3} (got %s)", type(config)) end
  for key, v in pairs(config) do
    if key == "bn" then
      if not (v == 16 or v == 32 or v == 64 or v == 128) then C.fail("std.attention: config.bn must be 16, 32, 64 or 128 (got %s)", tostring(v)) end
    elseif key == "mt" then
      if v ~= 1 and v ~= 2 then C.fail("std.attention: config.mt (MMA row tiles per warp) must be 1 or 2 (got %s)", tostring(v)) end
    elseif key == "stages" then
      if not (math.type(v) == "integer" and v >= 1 and v <= 4) then
        C.fail("std.attention: config.stages must be an integer in 1..4 (got %s)", tostring(v))
      end
    elseif key == "wg" then
      if v ~= 2 and v ~= 3 then C.fail("std.attention: config.wg (consumer warpgroups) must be 2 or 3 (got %s)", tostring(v)) end
    elseif key == "tma_store" then
      if type(v) ~= "boolean" and v ~= "producer" then
        C.fail("std.attention: config.tma_store must be a boolean or \"producer\" (got %s)", type(v) == "string" and
               string.format("%q", v) or tostring(v))
      end
    elseif key == "lpt_group" then
      if not (math.type(v) == "integer" and v >= 1 and v <= 4096 and v & (v - 1) == 0) then
        C.fail("std.attention: config.lpt_group (heads a group of config.dynamic's walk) must be a power of two in 1..4096 (got %s)",
               tostring(v))
      end
    elseif key == "wgmma" or key == "ws" or key == "split" or key == "overlap" or key == "pingpong" or key == "rs" or
           key == "persistent" or key == "dynamic" or key == "lpt" then
      if type(v) ~= "boolean" then C.fail("std.attention: config.%s must be a boolean (got %s)", key, tostring(v)) end
    else
      C.fail("std.attention: unknown config field '%s' (fields: bn, stages, mt, wgmma, ws, split, overlap, pingpong, rs, persistent, dynamic, tma_store, wg, lpt, lpt_group)",
             tostring(key))
    end
  end
  return config
end

local function check_qkv(who, q, k, v, layout)
  local dt = C.tensor_dtype(who, "q", q)
  local kdt, vdt = C.tensor_dtype(who, "k", k), C.tensor_dtype(who, "v", v)
  if dt ~= "f16" and dt ~= "bf16" then C.fail("std.%s: q must be f16 or bf16 (got %s)", who, dt) end
  if kdt ~= dt or vdt ~= dt then
    C.fail("std.%s: q, k and v must have one dtype (got %s, %s and %s)", who, dt, kdt, vdt)
  end
  local sq, sk, sv = q:shape(), k:shape(), v:shape()
  local names = layout == "bshd" and "{B, S, H, D}" or "{B, H, S, D}"
  for _, t in ipairs { { "q", sq }, { "k", sk }, { "v", sv } } do
    if #t[2] ~= 4 then C.fail("std.%s: %s must have rank 4, %s (got shape %s)", who, t[1], names, C.shape_str(t[2])) end
  end
  if not C.same_shape(sk, sv) then
    C.fail("std.%s: k and v must have the same shape (got %s and %s)", who, C.shape_str(sk), C.shape_str(sv))
  end
  local hd, sd = layout == "bshd" and 3 or 2, layout == "bshd" and 2 or 3
  local B, Hq, S, D = sq[1], sq[hd], sq[sd], sq[4]
  local Hkv, Skv = sk[hd], sk[sd]
  if sk[1] ~= B then C.fail("std.%s: q and k must have the same batch size B (got %d and %d)", who, B, sk[1]) end
  if sk[4] ~= D then C.fail("std.%s: q and k must have the same head dimension D (got %d and %d)", who, D, sk[4]) end
  if not HEAD_DIMS[D] then C.fail("std.%s: the head dimension D must be 64, 128 or 256 (got %d)", who, D) end
  if Hkv == 0 or Hq % Hkv ~= 0 then
    C.fail("std.%s: the query heads (Hq = %d) must be a multiple of the key/value heads (Hkv = %d)", who, Hq, Hkv)
  end
  return dt, B, Hq, S, D, Hkv, Skv
end

-- the options of both passes: opts (a table or nil) with only the allowed keys -> opts, layout, causal
local function check_opts(who, opts, allowed, expected)
  if opts ~= nil and type(opts) ~= "table" then
    C.fail("std.%s: options must be a table such as {causal = true} (got %s)", who, type(opts))
  end
  opts = opts or {}
  for key in pairs(opts) do
    if not allowed[key] then C.fail("std.%s: unknown option '%s' (expected %s)", who, tostring(key), expected) end
  end
  local layout = opts.layout == nil and "bhsd" or opts.layout
  if layout ~= "bhsd" and layout ~= "bshd" then
    C.fail("std.%s: layout must be \"bhsd\" ({B, H, S, D}) or \"bshd\" ({B, S, H, D}) (got %s)", who, tostring(layout))
  end
  local causal = opts.causal
  if causal ~= nil and type(causal) ~= "boolean" then C.fail("std.%s: causal must be a boolean (got %s)", who, tostring(causal)) end
  return opts, layout, causal == true
end

local function check_scale(who, scale, d)
  if scale == nil then return 1 / math.sqrt(d) end
  if type(scale) ~= "number" or not (scale > 0) then C.fail("std.%s: scale must be a number > 0 (got %s)", who, tostring(scale)) end
  return scale
end

-- what the kernels take: a {B, H, S, D} tensor as it is, a {B, S, H, D} one as its {B, S, H * D} view
local function kernel_view(t, layout)
  if layout == "bhsd" then return t end
  local s = t:shape()
  return C.view(t, { s[1], s[2], s[3] * s[4] })
end

-- per device and launch stream: config.dynamic's counter of work tiles taken, made zero once; each launch of the kernel
-- returns it to zero as it ends (attention_wgmma.lua, take_next), so calls on one stream share it and calls on two
-- streams at once do not. Launches that share a stream handle must not overlap: two CUDA graphs captured on one stream
-- and replayed at once, or the per-thread default stream used from two host threads, would share a counter. (Before:
-- a tl.zeros a call, a pool buffer and a clear before each launch.)
-- A new counter is a tl.zeros buffer: its clear is in the launch stream's order before the first dynamic launch takes
-- it (the CUDA and HIP backends clear on the application's stream, or on the legacy stream with the application's
-- next launch ordered after it, src/backend_driver.c app_stream_ready), so no clear can land during a launch and leave
-- the counter off zero for every later call.
local KEPT_CTR = {}
-- (TILELUA_CHECK_CPU=1, the GPU tests' mode: the counter read before each dynamic launch, which must find it zero)
local CHECK_CTR = os and os.getenv and os.getenv("TILELUA_CHECK_CPU") == "1"
local function kept_counter()
  local dev, stream = tl.current_device(), tl._launch_stream()
  local per = KEPT_CTR[dev]
  if not per then per = {}; KEPT_CTR[dev] = per end
  local ctr = per[stream]
  if not ctr then
    ctr = tl.zeros({ 1 }, tl.i32)
    per[stream] = ctr
  end
  return ctr
end
FORWARD.kept_counter = kept_counter

-- std.attention(q, k, v[, {causal = false, scale = 1/sqrt(D), out = t, layout = "bhsd"}]) -> o, lse.
-- q {B, Hq, S, D}, k and v {B, Hkv, Skv, D} (layout = "bshd": {B, S, H, D}, the layout a QKV
-- projection writes, taken in place); o like q (out when given), lse {B, Hq, S} f32: the
-- logsumexp of each row's scaled scores (natural log; -inf for a row that sees no key).
function M.attention(q, k, v, opts)
  local layout, causal
  opts, layout, causal = check_opts("attention", opts, OPTS, "causal, scale, out, layout or config")
  local dt, B, Hq, S, D, Hkv, Skv = check_qkv("attention", q, k, v, layout)
  local scale = check_scale("attention", opts.scale, D)
  -- (o and lse: every row written by the kernel, rows that see no key too, so not cleared first)
  local o = C.output("attention", opts, q:shape(), dt, true)
  local lse = tl.empty({ B, Hq, S }, tl.f32, C.NO_CLEAR)
  if B * Hq * S == 0 then return o, lse end
  if Skv == 0 then
    C.fail("std.attention: k and v have no keys (Skv = 0): every row's softmax would be empty")
  end
  if Hq > 65535 or B > 65535 then C.fail("std.attention: B = %d and Hq = %d must each be at most 65535 (grid limit)", B, Hq) end
  local kern, BM, persistent, dynamic, lpt, lpt_group = kernel(dt, D, causal, layout, Skv, check_config(opts.config))
  local function arg(t) return kernel_view(t, layout) end
  local grid = lpt and { Hq, C.blocks(S, BM), B } or { C.blocks(S, BM), Hq, B }
  if persistent then
    -- one block per multiprocessor, at most one per query tile (2 on the executor, so its blocks walk tiles)
    grid = { C.resident_blocks(C.blocks(S, BM) * Hq * B), 1, 1 }
  end
  -- (the counter of work tiles taken past each block's first: the dynamic kernel's, kept a stream, zero as each launch
  -- starts; the other kernels take the same one and never read it)
  local ctr
  if dynamic then
    ctr = FORWARD.kept_counter() -- (through the table: bench/attention_ab.lua's fresh_counter swaps it)
    if CHECK_CTR and ctr:tolist()[1] ~= 0 then
      C.fail("std.attention: config.dynamic's counter holds %d before the launch, not 0: a launch before it on this " ..
             "stream did not return it to zero", ctr:tolist()[1])
    end
  else
    ctr = kept_counter()
  end
  local nq_m, nq_s, hq_m, hq_s = 0, 0, 0, 0 -- (read by the dynamic kernel alone)
  if dynamic then
    nq_m, nq_s = FORWARD.divisor(C.blocks(S, BM))
    hq_m, hq_s = FORWARD.divisor(Hq)
  end
  local grp_s = lpt_group and FORWARD.group_shift(lpt_group, B * Hq) or 0 -- (read by the dynamic kernel alone)
  kern(grid, arg(q), arg(k), arg(v), arg(o), lse, scale * LOG2E, Hq // Hkv, ctr, nq_m, nq_s, hq_m, hq_s, grp_s)
  return o, lse
end

-- shared with the backward pass (attention_backward.lua)
M._unit, M._load_dist, M._check_qkv, M._check_opts, M._check_scale, M._kernel_view, M.PAD, M._forward =
  unit, load_dist, check_qkv, check_opts, check_scale, kernel_view, PAD, FORWARD

-- built again for another target by kernel:for_target (tilesh --cross, kernel:source(arch))
kernel = tl.retargetable(kernel)

-- (what a call's arguments resolve to, the kernel with its defaults, BM and the launch's forms, kept by those arguments
-- and the target: C.by_form)
kernel = C.by_form(kernel)

return M
