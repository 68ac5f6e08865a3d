-- attention_backward_wgmma.lua - std.attention_backward's dK/dV kernel and dq pass on Hopper's
-- warpgroup MMA (opts.config.wgmma, NVIDIA sm_90; the executor runs them at warp 32):
-- attention_backward.lua's recomputation, each product a wgmma chain from LDS. The dK/dV kernel:
--
-- A block of WG warpgroups takes BK = 64 * WG keys of one (batch, key/value head); its K and V tiles
-- stay in LDS in seed 003's K-major layout (D/64 panels of BK x 64, the 128-byte swizzle), dK and dV
-- in accumulators, while it walks the query heads of its group and their query tiles of BQ = 64 rows
-- (128 at D = 64 with dQ's reduce-adds and TMA's copies, config.bq) (one flat loop, three LDS buffers (two at 128
-- rows): the next tile's copies run during this one's products).
-- Per query tile, q and dO land in LDS in the MN-major layout (tl.wgmma_mn_layout: D/64 blocks of
-- [BQ][64], the same bytes as the K-major panels), which the descriptors read both ways: K-major as
-- the B of S^T and dP^T, MN-major as the B of dK and dV. Then
--   S^T = K Q^T, dP^T = V dO^T (m64nBQ chains over the D/64 panels),
--   P^T = exp2(S^T * scale log2 e - lse log2 e) (0 where masked), dS^T = P^T * (dP^T - delta),
--   P^T and dS^T to LDS (K-major, each warpgroup its 64 rows), then dV += P^T dO and dK += dS^T Q
--   (m64nD chains over the BQ queries).
-- dQ (atomic, opts.dq = "atomic", the default here) from this kernel: the block's keys' share of dQ,
-- dS K (dS^T read MN-major as the A), staged in LDS in f32 and added into an f32 dQ by TMA reduce-adds,
-- issued by each warpgroup's first thread: 5 products a tile (measured 1.04-1.21x the dq pass); by default
-- (config.flat) both in the accumulator's order, a kernel of its own turning the f32 dQ into dQ (FLAT below).
-- dK and dV at the end: with config.tma_store through K's and V's LDS buffers by TMA stores ("dv": dV alone, dK by
-- each thread), else each thread's own.
-- At D = 128 each warpgroup computes D / 2 of its columns over all BK keys (each its own columns of K
-- as the B, a list of tiles), so a block barrier after both warpgroups' dS^T: the tile's only one where
-- the copies are TMA's; it shows the next tile's lse and delta too, and an mbarrier (dsfree) tells each
-- warpgroup that both dQ shares of the last tile have read dS^T. At D = 64 (own) with 64-row tiles each
-- warpgroup computes its own 64 keys' part of all 64 columns (twice the reduce-adds): it reads only its own
-- rows of dS^T and its own copy of lse and delta, so with TMA copies no barrier is common to the two
-- warpgroups in the loop; an mbarrier per q/dO buffer (empty) keeps a tile's copies off a buffer until both
-- are done with it (1.02-1.09x the shared barrier, session 16; with it, 5% slower, session 13). With the
-- 128-row tile (the default at D = 64) each warpgroup computes the share of its 64 query rows over all 128
-- keys instead (rows below), behind a barrier of both and dsfree. With late (config.late, the default with dq =
-- "atomic") a tile's reduce-adds are issued by the next tile once its S^T and dP^T are. Or by the dq pass (attention_backward_dq_wgmma.lua, opts.dq = "pass": S and
-- dP again, 7 products in all). With config.ws (the default at D = 128 where TMA can copy the tensors) a
-- producer warpgroup copies the tiles and loads lse and delta (see ws below); otherwise the blocks' own threads
-- copy their tiles (TMA box copies on sm_90 where the layouts allow them), the next tile during this one's
-- products; without dQ's reduce-adds (or where a copy is cp.async) a tile has one block barrier (its copies
-- landed) and one per warpgroup (its P^T and dS^T stored); the products are issued back to back and waited
-- for only where their results are read (with rs at D = 128 dV as soon as P^T is in registers); lse and
-- delta are fetched a tile ahead and read from LDS.
local tl = require "tilelua"
local C = require "tilelua.std.common"
local BWD = require "tilelua.std.attention_backward"
local QR = require "tilelua.std.quad_rows"
local prob, row_stats = BWD._prob, BWD._row_stats
local M = {}

local LOG2E = C.LOG2E
local NEG_INF = -math.huge
local FTZ = { flush_to_zero = true } -- (exp2: see attention_backward.lua)
local WG = 2  -- warpgroups per block: 128 keys
local BQ = 64 -- query rows per tile
-- LDS buffers of the tiles walked (q and dO, or K and V): tile t in buffer t % NB. Three, so the copy into
-- tile t + 1's buffer (last used by tile t - 2) needs no barrier of its own: every warpgroup finished tile
-- t - 2 before the barrier that opened tile t - 1. With the per-warpgroup barrier before the second
-- products (each warpgroup reads only its own rows of P^T and dS^T), one block barrier a tile is left.
local NB = 3

-- X Y^T by the shape s over pd 64-column panels: lx's K-major panels of rx rows each (the A, panel i at rows
-- i rx), buffer buf's ry rows of ly (MN layout, read transposed as the B); left in flight, base the wgmma
-- groups issued before it in this tile
local function xyt(s, pd, lx, rx, ly, ry, buf, base)
  local acc
  for pi = 0, pd - 1 do
    acc = s:mma(lx:tile({ pi * rx, 0 }, { rx, 64 }), ly:tile({ buf * ry, pi * 64 }, { ry, 64 }, { transposed = true }), acc,
                { pending = base + pi + 1 })
  end
  return acc
end

local function preshuffle(rows)
  return tl.xor_preshuffle { m_per_block = rows, k_per_block = 64, kpack = 8, m_lds_layer = 1 }
end

-- both kernels' parameters: the inputs, then outs ({name | {name, dtype[, rank]}, ...}: the gradients each writes,
-- in dt unless named), scale, group -- the mma.sync kernels' (attention_backward.lua), so a kernel built
-- for one target is built for another as either (tl.retargetable)
local function params(dt, rank, outs, extra)
  local list = { { "q", tl.tensor(dt, rank) }, { "k", tl.tensor(dt, rank) }, { "v", tl.tensor(dt, rank) },
                 { "dout", tl.tensor(dt, rank) }, { "lse", tl.tensor("f32", 3) }, { "delta", tl.tensor("f32", 3) } }
  for _, o in ipairs(outs) do
    if type(o) == "table" then list[#list + 1] = { o[1], tl.tensor(o[2], o[3] or rank) }
    else list[#list + 1] = { o, tl.tensor(dt, rank) } end
  end
  list[#list + 1] = { "scale", tl.f32 }
  list[#list + 1] = { "group", tl.i32 }
  for _, e in ipairs(extra or {}) do list[#list + 1] = e end
  return list
end

-- a kernel's LDS (bytes) within the target's; what: which kernel
-- (with the 1 KiB the generated code may skip to align TMA's buffers, and the copy groups' mbarriers)
local function check_lds(bytes, what, d)
  if bytes + 1024 + 64 > tl._lds_max then
    C.fail("std.attention_backward: config.wgmma%s needs %d bytes of LDS at D = %d, over %d", what, bytes + 1024 + 64, d, tl._lds_max)
  end
end

-- the LDS layout of the dq = "atomic" shares: {WG * rows, 32 np} f32, each warpgroup's rows (a tile's queries) np
-- panels of rows x 32 (128 bytes a row), 16-byte chunks XOR the row (TMA's 128-byte swizzle)
local function share_layout(np, rows)
  local d = tl.descriptor { lengths = { WG, np, rows, 8, 4 } }
  d = d:transform { { tl.pass_through(WG), lower = { 0 }, upper = { 0 } }, { tl.pass_through(np), lower = { 1 }, upper = { 1 } },
                    { tl.xor { rows, 8 }, lower = { 2, 3 }, upper = { 2, 3 } }, { tl.pass_through(4), lower = { 4 }, upper = { 4 } } }
  return d:transform { { tl.merge { WG, rows }, lower = { 0, 2 }, upper = { 0 } }, { tl.merge { np, 8, 4 }, lower = { 1, 3, 4 }, upper = { 1 } } }
end

-- flat (config.flat, the dq = "atomic" default): a warpgroup's 64 x 64 f32 dQ share staged in the accumulator's own
-- order, element e of column group i of thread t at 512 i + 4 t + e (its four floats of a column group, rows r and r + 8
-- and columns c and c + 1, one 16-byte store; a warp's store 512 contiguous bytes), and reduce-added by one TMA box of
-- 128 x 32 floats, without swizzle, into a 16 KB chunk of an f32 dQ kept in that order (chunk ((b Hq + h) nq + r / 64)
-- D / 64 + c / 64 for rows r.. and columns c.. of head h, nq = ceil(S / 64)), which dq_flat_kernel (attention_backward_dq_wgmma.lua) turns into dQ.
-- (The swizzled tiles of 32 columns TMA reads in dQ's own order took 16 8-byte stores a thread, each four wavefronts
-- of LDS where two would do: rows r and r + 1 of a half-warp meet in the 128-byte swizzle; ncu, 2026-11-28 session 28.)
-- FLAT: the distribution of such a chunk as a {128, 32} tile of a warpgroup: row 16 i + t / 8, column 4 (t % 8) + e, its
-- elements in the order of a wgmma m64n64 accumulator's (column group i, then row half and column pair), so that
-- relabel moves nothing
local FLAT = tl.encoding { h = { { 8, 4, 4 }, { 8, 4 } }, p = { { { 1, 1 } }, { { 1, 2 }, { 2, 0 } } }, y = { { 1, 0 }, { 2, 1 } } }
-- FLAT1: one column group of FLAT, {16, 32}: thread t's four floats at row t / 8, columns 4 (t % 8)..; they are the
-- m64n8 accumulator's of those 8 columns (tl.wgmma_shape{n = 8}.c), so relabel moves nothing there either
local FLAT1 = tl.encoding { h = { { 4, 4 }, { 8, 4 } }, p = { { { 1, 0 } }, { { 1, 1 }, { 2, 0 } } }, y = { { 2, 1 } } }
-- the flat f32 dQ's chunks, both kernels': from x ({B, Hq, S, D}, rank 4, or the {B, S, Hq D} view) the query heads
-- and the 64-row tiles a head; chunk(b, hq, tile, cb) the index of rows 64 tile.. and columns 64 cb.. of head hq;
-- window(k, acc, chunk[, dist]) its 128 x 32 floats in acc ({1, 1, chunks x 128, 32} or {1, chunks x 128, 32})
local function flat_chunks(x, rank, d)
  local hqn = rank == 4 and x:shape(1):cast("i32") or x:shape(2):cast("i32") // d
  local nq64 = ((rank == 4 and x:shape(2) or x:shape(1)):cast("i32") + 63) // 64
  local f = {}
  function f.chunk(b, hq, tile, cb) return ((b * hqn + hq) * nq64 + tile) * (d // 64) + cb end
  function f.window(k, acc, chunk, dist, i)
    -- (i: column group i's 16 rows alone)
    local r, n = chunk * 128 + (i and 16 * i or 0), i and 16 or 128
    if rank == 4 then return k:window(acc, { 0, 0, r, 0 }, { 1, 1, n, 32 }, dist) end
    return k:window(acc, { 0, r, 0 }, { 1, n, 32 }, dist)
  end
  return f
end

-- the dK/dV kernel; shared: attention.lua's load_dist
-- (given: the caller's config.wgmma, part of the memo key: a kernel rebuilt for another target chooses
-- again there, tl.retargetable)
-- (atomic: dQ by TMA reduce-adds from this kernel)
-- (rs: config.rs, dV and dK with P^T and dS^T from registers, wgmma's register-A form: no LDS for P^T,
-- and without atomic none for dS^T and no barrier before the two products)
-- (tma: TMA can copy q, k, v and dO, as the caller read the tensors (C.tma_copyable_tensor))
function M.kernel(dt, d, causal, layout, load_dist, given, atomic, rs, ws, bq, tma, late, flat, tstore, persist, lpt, quad, split)
  local BK, PD = 64 * WG, d // 64
  -- (own: at D = 64 with dq = "atomic", each warpgroup its own copy of lse and delta and (64-row tiles) its own 64
  -- keys' dQ share, all D columns: it reads only its own rows of dS^T, so the warpgroups never wait for each other
  -- (with TMA copies, indep below); with 128-row tiles the share is split by rows (rows below))
  local own = atomic and d == 64
  -- (NS: the columns of dQ's share a warpgroup computes, d / WG (own: d); NP: its 32-column panels)
  local NS = own and d or d // WG
  local NP = NS // 32
  -- (P^T's and dS^T's buffers: with rs only dS^T's, for the dQ share of dq = "atomic")
  local nt_lds = (rs and 0 or 1) + ((atomic or not rs) and 1 or 0)
  -- (early: dV issued as soon as P^T is in registers, rs at D = 128, where it was 1.02-1.04x faster on an H200 and
  -- ptxas's spills fell from 204 to 120 bytes (bench/RESULTS.md 2026-11-26 session 16); at D = 64 it was not faster)
  local early = rs and d == 128
  local sO = tl.wgmma_shape { n = d, a = dt }
  -- dQ's share a warpgroup computes: 64 queries x NS columns a product (all of D = 64, half of D = 128)
  local sQ = tl.wgmma_shape { n = NS, a = dt }
  -- ws (config.ws, with dq = "atomic"): a producer warpgroup (24 registers) copies the K and V tiles and each query
  -- tile's q and dO by TMA and loads its lse and delta into LDS, so the consumer warpgroups (240 registers) neither
  -- issue copies (thread 0's four TMA issues stalled its warpgroup about 800 cycles a tile on an H200) nor wait for
  -- those loads; they keep their dQ reduce-adds (a producer thread adding them coupled the warpgroups: 0.74-0.86x)
  ws = ws and atomic or false
  -- bq (config.bq): the query rows of a tile, 64, or 128 at D = 64 (own, with P^T and dS^T from registers) where TMA
  -- copies the tiles: twice the products a tile for the same fixed costs (barriers, waits, copy issues), FlashAttention-3's
  -- tile at D = 64; its LDS leaves two buffers of q and dO, not three (the mbarriers keep a tile's copies off a buffer
  -- until both warpgroups are done). The default where it can be (D = 64, dq = "atomic", TMA's copies): 1.06-1.10x not
  -- causal, 1.01-1.08x causal on an H200 (bench/RESULTS.md 2026-11-27 session 24); 64 otherwise
  if bq ~= nil and bq ~= 64 and bq ~= 128 then
    C.fail("std.attention_backward: config.bq (query rows a tile) must be 64 or 128 (got %s)", tostring(bq))
  end
  if bq == 128 and not (own and rs and not ws) then
    C.fail("std.attention_backward: config.bq = 128 needs D = 64 with dq = \"atomic\", config.rs and no config.ws (got D = %d%s)",
           d, not atomic and ", dq = \"pass\"" or not rs and ", config.rs = false" or ws and ", config.ws" or "")
  end
  -- (big: the tile of 128 rows)
  local big = bq == 128 or (bq == nil and own and rs and not ws and tma)
  -- (rows: at 128 rows each warpgroup computes the dQ share of its 64 query rows over all the block's keys, from both
  -- warpgroups' dS^T (FlashAttention-3's split at D = 64): half the f32 staging and reduce-adds of a share of its own
  -- keys over all rows, for a barrier of both before the share and dsfree after it; 1.07-1.10x not causal, 1.05-1.12x
  -- causal on an H200 (bench/RESULTS.md 2026-11-27 session 26): the reduce-adds had kept L2 70% busy, cuDNN's 50%)
  local rows = big
  -- (late (config.late, with dq = "atomic"): a tile's products issued before the last tile's leftovers: its reduce-adds
  -- issued by the next tile once its S^T and dP^T are, and dsfree waited for just before dS^T is written, not before
  -- S^T: the tensor pipe had idled from dK's completion to the next S^T (1600 of a step's 5400 cycles at D = 128: the
  -- share's staging, the reduce-adds' issue, the step's start; bench/RESULTS.md 2026-11-27 session 27))
  late = late and atomic or false
  flat = flat and atomic or false
  tstore = tstore or false
  if tstore == "dv" and persist then
    C.fail("std.attention_backward: config.tma_store = \"dv\" stores dV through V's buffer, which config.persistent's " ..
           "producer fills with the next key block's V: take tma_store = true or false there")
  end
  -- persist (config.persistent, with ws): a block for each multiprocessor walking the key blocks (items) w = block_id,
  -- block_id + grid, ... of ceil(Skv / BK) x Hkv x B, key blocks fastest (the blocks of a head together: they read the same
  -- q and dO tiles from L2); its producer copies an item's K and V, then its first tiles, as soon as the consumers'
  -- last products of the item before have read K and V (kvfree), so that those loads run beside that item's last
  -- reduce-adds and its dK and dV stores, not after its block has ended (the fixed costs of a block, about 4 us at D =
  -- 128, S = 1k: bench/RESULTS.md 2026-11-28 session 29). The buffers' phases go on across items: pbase[j + 1], buffer
  -- j's parity as the item starts; rbase, dsfree's (the tiles walked so far)
  persist = persist or false
  if persist and not ws then
    C.fail("std.attention_backward: config.persistent walks the key blocks with config.ws's producer: it needs config.ws " ..
           "(the default at D = 128 with dq = \"atomic\" where TMA can copy the tensors)")
  end
  -- lpt (config.lpt): the launch's order heavy key blocks first (see b, hk, kv0 in the body)
  lpt = lpt or false
  if lpt and persist then
    C.fail("std.attention_backward: config.lpt orders the launch's blocks; config.persistent's blocks walk the key blocks " ..
           "in an order of their own: take one of them")
  end
  -- split (config.split, see attention_backward_split.lua): "main", the launch's blocks from p.nmain on walk no query tile
  -- (their key blocks are the pieces'); or the pieces' kernel, a number P: block i takes piece i % P of the query tiles
  -- of key block p.nmain + i // P (in the launch's order) and stores its f32 dK and dV into rows i BK.. of p.dkp and p.dvp
  split = split or false
  local pieces = type(split) == "number" and split or nil
  local key = table.concat({ "attention_backward_wgmma", dt, d, tostring(causal), layout, tostring(given), tostring(atomic),
                             tostring(rs), tostring(ws), tostring(bq), tostring(big), tostring(late),
                             tostring(flat), tostring(tstore), tostring(persist), tostring(lpt), tostring(quad),
                             tostring(split) }, ";")
  return C.memo(key, function()
    local nt = WG * 128
    local kdist = load_dist(BK, 64, nt)
    local rank = layout == "bshd" and 3 or 4
    return tl.kernel {
      -- (split: std_attention_bwdm_... (main) and std_attention_bwdp_... (the pieces))
      name = string.format("std_attention_%s_%s_d%d%s_%s_wgmma%s",
                           split == "main" and "bwdm" or pieces and "bwdp" or "backward", dt, d, causal and "_causal" or "",
                           atomic and "atomic" or "dkdv",
                           (rs and "_rs" or "") .. (ws and "_ws" or "") .. ((bq and d == 64 and not ws) and "_bq" .. bq or "") .. (persist and "_pt" or "") ..
                           (lpt and "_l" or "") .. (pieces and "_p" .. pieces or "")),
      -- (_l: lpt; a name has at most 63 characters: std_attention_backward_bf16_d64_causal_atomic_wgmma_rs_bq128_l 62,
      -- std_attention_backward_bf16_d128_causal_atomic_wgmma_rs_ws_pt 61; _bq only at D = 64 without ws, where it picks
      -- the kernel: elsewhere a tile has 64 rows whatever bq says)
      block = ws and nt + 128 or nt, warp = 32,
      -- (remat_offsets: at D = 128 (255 registers) the swizzled offsets of dS^T and the dQ share computed where
      -- stored, not hoisted out of the key loop: spills 4 -> 0 bytes, 1.02-1.08x on an H200 but at S = 1k not causal
      -- (0.96-0.98x); at D = 64, no spills, even or slower: bench/RESULTS.md, 2026-11-27 session 22)
      -- at 128 rows not causal: spills 244 -> 0 bytes (causal: 0 -> 84, so not there)
      hints = { remat_offsets = d == 128 or (big and not causal) },
      -- (dq: the f32 dQ of dq = "atomic", which this kernel adds into; a placeholder otherwise)
      params = params(dt, rank, pieces and { { "dq", "f32" }, { "dkp", "f32", 2 }, { "dvp", "f32", 2 } } or { { "dq", "f32" }, "dk", "dv" },
                      split and { { "nmain", tl.i32 } }),
      body = function(k, p)
        -- (the tile: 128 query rows only where every tile's copies are TMA's (two buffers need the copies' mbarriers))
        local BQ, NB = 64, 3
        if big then
          for _, t in ipairs { p.q, p.k, p.v, p.dout } do
            local why = C.tma_why(t, rank)
            if why then C.fail("std.attention_backward: config.bq = 128 copies by TMA, but %s", why) end
          end
          BQ, NB = 128, 2
        end
        local sS, qdist = tl.wgmma_shape { n = BQ, a = dt }, load_dist(BQ, d, nt)
        -- (atomic: the f32 staging of dQ's shares, WG x BQ x NS)
        local SR = rows and 64 or BQ -- (the rows of a warpgroup's dQ share)
        local stage = atomic and WG * SR * NS * 4 or 0
        -- (lstat: NB x 2 x BQ f32, own: one copy a warpgroup; mbarriers: dsfree or own's empty ones, 8 bytes each)
        check_lds((2 * PD * BK * 64 + 2 * NB * BQ * d + nt_lds * BK * BQ) * 2 + NB * 2 * (own and WG or 1) * BQ * 4 + stage +
                  (atomic and 8 * ((own and NB or 1) + (big and 1 or 0)) or 0),
                  atomic and " with dq = \"atomic\"" or "", d)
        -- the block's key block: its batch b, key/value head hk and first key kv0 (persist: the item each role's loop is at,
        -- set by each_item below)
        local b, hk, kv0
        -- lpt (config.lpt; by default causal with S, Skv <= 4k): the grid {Hkv, key blocks, B}, the launch's order (block_id 0 fastest) each batch's key blocks
        -- 0 (the heaviest: a key block walks the query tiles from its own on) across its heads, then 1, ..., so that
        -- the launch's last blocks are light ones, not a head's heaviest started late; else {key blocks, Hkv, B}, each
        -- head's key blocks together. (The coordinates stay the block's own: computed by divisions of a flat index
        -- they were kept in registers, and the D = 128 causal kernel, at 168 with spills, was 1.14-1.19x slower on an
        -- H200: bench/RESULTS.md 2026-11-28 session 30, call 3)
        local piece -- (pieces: this block's piece of its key block's query tiles)
        if pieces then
          -- (the key block p.nmain + i // P of the main launch's grid, {Hkv, key blocks, B} with lpt, else {key blocks, Hkv, B})
          local hkv = rank == 4 and p.k:shape(1):cast("i32") or p.k:shape(2):cast("i32") // d
          local nkb = ((rank == 4 and p.k:shape(2) or p.k:shape(1)):cast("i32") + (BK - 1)) // BK
          local kb
          b, hk, kb = require("tilelua.std.attention_backward_split").key_block(p.nmain + k.block_id(0) // pieces, nkb, hkv, lpt)
          kv0, piece = kb * BK, k.block_id(0) % pieces
        elseif not persist then
          b, hk, kv0 = k.block_id(2), k.block_id(lpt and 0 or 1), k.block_id(lpt and 1 or 0) * BK
        end
        local pbase, rbase -- (persist: the phases' parities as the item starts, see persist above)
        local function win(t, hh, row, c0, rows, cols, dist)
          if rank == 4 then return k:window(t, { b, hh, row, c0 }, { 1, 1, rows, cols }, dist) end
          return k:window(t, { b, row, hh * d + c0 }, { 1, rows, cols }, dist)
        end
        local scale_nat = p.scale * (1 / LOG2E)
        local sq = (rank == 4 and p.q:shape(2) or p.q:shape(1)):cast("i32")
        local skv = (rank == 4 and p.k:shape(2) or p.k:shape(1)):cast("i32")
        local lk = k:lds(dt, { PD * BK, 64 }, { swizzle = preshuffle(PD * BK) })
        local lv = k:lds(dt, { PD * BK, 64 }, { swizzle = preshuffle(PD * BK) })
        -- (q and dO: NB buffers each, tile t in buffer t % NB, the next one copied during this one)
        local lq = k:lds(dt, { NB * BQ, d }, { swizzle = tl.wgmma_mn_layout(NB * BQ, d) })
        local ldo = k:lds(dt, { NB * BQ, d }, { swizzle = tl.wgmma_mn_layout(NB * BQ, d) })
        local lp = not rs and k:lds(dt, { BK, BQ }, { swizzle = preshuffle(BK) })  -- P^T: keys x queries
        -- dS^T (bq = 128: two blocks of 64 query columns, read MN-major as the dQ share's A)
        local lds_ = (atomic or not rs) and k:lds(dt, { BK, BQ }, { swizzle = BQ == 64 and preshuffle(BK) or tl.wgmma_mn_layout(BK, BQ) })
        -- atomic: dQ's shares in f32, warpgroup w's 64 x NS at rows 64w.., each 32 columns a panel of
        -- its own in the 128-byte swizzle TMA reads (before lstat: TMA's buffers are 1024-byte
        -- aligned, and at D = 128 the padding after lstat would not fit)
        -- (flat: each warpgroup's 128 x 32 chunk, plain)
        local lr = atomic and (flat and k:lds(tl.f32, { WG * 128, 32 }) or k:lds(tl.f32, { WG * SR, NS }, { swizzle = share_layout(NP, SR) }))
        -- the lse and delta of a tile's query rows, buffers as q's: {buffer, 0 lse | 1 delta, column}
        -- (own: one copy a warpgroup, {buffer, 2 warpgroup + 0 | 1, column}, which only its own threads
        -- write and read)
        local lstat = k:lds(tl.f32, { NB, (own and not ws) and 2 * WG or 2, BQ })
        -- ws: kvbar (K and V landed), full[j] (buffer j's q, dO, lse and delta landed: the producer's warp 0 arrives,
        -- and the copies' bytes), wempty[j] (the consumers are done with buffer j: every consumer thread arrives),
        -- wsfree (both warpgroups' dQ shares of the last tile have read dS^T, as dsfree)
        local kvbar, full, wempty
        if ws then
          for _, t in ipairs { p.q, p.k, p.v, p.dout, p.dq } do
            local why = C.tma_why(t, rank)
            if why then C.fail("std.attention_backward: config.ws copies by TMA, but %s", why) end
          end
          kvbar, full, wempty = k:mbarrier(1, 1), k:mbarrier(NB, 32), k:mbarrier(NB, WG * 128)
        end
        -- persist: kvfree (the consumers are done with the item's K and V: every consumer thread arrives)
        local kvfree = persist and k:mbarrier(1, WG * 128)
        local wsfree = ws and not own and k:mbarrier(1, WG * 128)
        -- the query tiles of the block (computed by each role that walks them, in its own code)
        local q_start, nq, T, T3, coords, round, next_base
        local function tiles()
          -- causal: query row i sees key j when j <= i + skv - sq; the block's first key kv0 is seen
          -- from row kv0 - (skv - sq) on
          q_start = 0
          if causal then q_start = (tl.max(kv0 - (skv - sq), 0) // BQ) * BQ end
          -- the query tiles the block walks, flat: tile t is query tile t % nq of the group's head t // nq
          -- (tiles past the last, T, clamped to valid ones: copied but masked, so they add nothing)
          nq = tl.max(sq - q_start + (BQ - 1), 0) // BQ
          if split == "main" then -- (the blocks from p.nmain on in the launch's order (block_id 0 fastest) walk no tile)
            local lin = k.block_id(0) + k.grid_dim(0) * (k.block_id(1) + k.grid_dim(1) * k.block_id(2))
            nq = tl.select(tl.lt(lin, p.nmain), nq, 0)
          end
          if pieces then -- (piece i of P: the block's query tiles i nq // P .. (i + 1) nq // P - 1)
            local lo = piece * nq // pieces
            q_start, nq = q_start + lo * BQ, (piece + 1) * nq // pieces - lo
          end
          T = nq * p.group
          -- (coords(t, j): tile t = i + j of the round of tile i opened by round(), j a script integer from -1 on, by j
          -- steps from the round's first tile, whose head and tile the loops carry from round to round: each division
          -- by the run-time nq is a chain of about 25 dependent instructions, and late's reduce-adds of tile t - 1,
          -- issued between the tile's first products and S^T's wait, held P^T's start; coords(t) alone: the division)
          local n1 = tl.max(nq, 1)
          local base -- (the round's first tile's head and tile in it)
          -- (h, qi) n tiles on: a compare and two selects a tile
          local function advance(h, qi, n)
            for _ = 1, n do
              qi = qi + 1
              local wrap = tl.ge(qi, n1)
              h, qi = tl.select(wrap, h + 1, h), tl.select(wrap, qi - n1, qi)
            end
            return h, qi
          end
          -- round(h, qi): open a round whose first tile is query tile qi of the group's head h, as the loops carry
          -- them from the round before (next_base(): this round's advanced by NB tiles; the first round's are 0, 0)
          round = function(h, qi) base = { h, qi } end
          next_base = function() return advance(base[1], base[2], NB) end
          coords = function(t, j)
            local h, qi
            if j then
              h, qi = advance(base[1], base[2], math.max(j, 0))
              if j < 0 then
                assert(j == -1, "attention_backward_wgmma: coords of a tile more than one before its round")
                qi = qi - 1
                local wrap = tl.lt(qi, 0)
                h, qi = tl.select(wrap, h - 1, h), tl.select(wrap, qi + n1, qi)
              end
            else
              h, qi = t // n1, t % n1
            end
            return hk * p.group + tl.min(h, p.group - 1), q_start + qi * BQ
          end
          -- (whole rounds of NB tiles: T3)
          T3 = (T + NB - 1) // NB * NB
        end
        -- the block's query tiles in rounds of NB, so that each one's buffer is a constant; each step j > 0 of a round
        -- a loop of at most one trip (none past the last tile)
        -- (each round's first head and tile carried from the round before: no division by the run-time nq at the
        -- rounds' starts)
        local function walk(fn)
          k:range(0, T3, NB, function(i, h, qi)
            round(h, qi)
            for j = 0, NB - 1 do
              if j == 0 then fn(i, 0) else k:range(i + j, tl.min(i + j + 1, T), 1, function(t) fn(t, j) end) end
            end
            return next_base()
          end, 0, 0)
        end
        -- each_item(fn): fn(it) for the block's key block (it = nil) or (persist) for each item the block takes (it = 0, 1,
        -- ...), b, hk and kv0 set for it; every role walks the same items and carries the phases' parities past each
        local function each_item(fn)
          if not persist then return fn(nil) end
          local skv_ = (rank == 4 and p.k:shape(2) or p.k:shape(1)):cast("i32")
          local hkv = rank == 4 and p.k:shape(1):cast("i32") or p.k:shape(2):cast("i32") // d
          local nkb = (skv_ + (BK - 1)) // BK
          local nw = nkb * hkv * p.q:shape(0):cast("i32")
          local zeros = {}
          for j = 1, NB do zeros[j] = 0 end
          k:range(k.block_id(0), nw, k.grid_dim(0), function(w, it, rb, ...)
            local rest = w // nkb
            b, hk, kv0 = rest // hkv, rest % hkv, (w % nkb) * BK
            pbase, rbase = { ... }, rb
            fn(it)
            -- (the item's uses of buffer j: its tiles t < T with t % NB = j; T set by the role's tiles())
            local nxt = {}
            for j = 1, NB do nxt[j] = (pbase[j] + tl.max(T - (j - 1) + (NB - 1), 0) // NB) % 2 end
            return it + 1, (rb + T) % 2, table.unpack(nxt, 1, NB)
          end, 0, 0, table.unpack(zeros, 1, NB))
        end
        -- buffer j's phase at the item's tile t (t % NB = j)
        local function bphase(j, t)
          if pbase then return (pbase[j + 1] + t // NB) % 2 end
          return (t // NB) % 2
        end
        -- the lse and delta of query row qc of head hq (each load under its mask): lse stashed as -lse log2 e, the
        -- addend of P's exponent, and -inf where P is 0 whatever the score: rows past sq, tiles past the last, rows
        -- that see no key (lse -inf); so only the keys' own masks are left to the elements. (delta is {B, S, H} for
        -- the {B, S, H, D} layout: std.sum's result over dO * O)
        local function row_stats(hq, qc, lse_mask, delta_mask)
          local lse = p.lse:load({ b, hq, qc }, { mask = lse_mask, pad = NEG_INF })
          return tl.select(tl.gt(lse, NEG_INF), lse * -LOG2E, NEG_INF),
                 p.delta:load(rank == 4 and { b, hq, qc } or { b, qc, hq }, { mask = delta_mask, pad = 0.0 })
        end
        -- ws: the producer warpgroup's warp 0: K and V once, then each tile once its buffer is free (the consumers are
        -- done with the tile NB before): q and dO by TMA from its first thread, lse (as -lse log2 e, -inf where P is 0)
        -- and delta into lstat by its lanes, two columns each; full[j] completes with the 32 arrivals and the bytes
        local function produce(role)
          local lane = k.thread_id() % 32
          local function load(t, j)
            wempty:wait(j, 1 - bphase(j, t))
            local hq, q0 = coords(t, j)
            k:copy(k:window(lq, { j * BQ, 0 }, { BQ, d }), win(p.q, hq, q0, 0, BQ, d), { barrier = full, index = j })
            k:copy(k:window(ldo, { j * BQ, 0 }, { BQ, d }), win(p.dout, hq, q0, 0, BQ, d), { barrier = full, index = j })
            for h2 = 0, BQ // 32 - 1 do
              local c = lane + 32 * h2
              local qc = q0 + c
              local inq = tl.lt(qc, sq)
              local lse, delta = row_stats(hq, qc, inq, inq)
              lstat:store({ j, 0, c }, lse)
              lstat:store({ j, 1, c }, delta)
            end
            full:arrive(j)
          end
          k:when(tl.eq(k.warp_id(), 0), function() each_item(function(it)
            tiles()
            if persist then kvfree:wait(0, 1 - it % 2) end -- (the consumers are done with the last item's K and V)
            for pi = 0, PD - 1 do
              k:copy(k:window(lk, { pi * BK, 0 }, { BK, 64 }), win(p.k, hk, kv0, pi * 64, BK, 64), { barrier = kvbar, index = 0 })
              k:copy(k:window(lv, { pi * BK, 0 }, { BK, 64 }), win(p.v, hk, kv0, pi * 64, BK, 64), { barrier = kvbar, index = 0 })
            end
            k:when(role:leader(), function() kvbar:arrive(0) end)
            walk(load)
          end) end)
        end
        local crole -- (ws: the consumers' role)
        local function bsync(opts) if crole then crole:sync(opts) else k:sync(opts) end end
        -- (the warpgroups' issuers: their last reduce-adds and bulk stores have read LDS)
        local function dq_drained()
          for g = 0, WG - 1 do k:tma_store_wait(0, { issuer = 128 * g }) end
        end
        -- the consumers' part of the block's key block, or of item it (persist)
        local function run_item(it)
          tiles()
          local r0 = (k.warp_id() // 4) * 64 -- the warpgroup's first key row in the block
          -- (tma: every copy a TMA box copy, whose data each thread sees once it has waited for its group;
          -- cp.async's only after a block barrier)
          local tma = true
          local dsfree = wsfree or nil -- (set below, before the loop)
          -- (dS^T's buffer free for tile t: both warpgroups' shares of tile t - 1 have read it; tile 0 waits for the
          -- phase "before the first", complete on a fresh barrier. late: just before dS^T's store, else before S^T)
          local function ds_wait(t) dsfree:wait(0, ((rbase or 0) + t + 1) % 2) end
          local indep, empty -- (own with TMA copies: set below)
          if not ws then
            for pi = 0, PD - 1 do
              tma = k:copy(k:window(lk, { pi * BK, 0 }, { BK, 64 }, kdist), win(p.k, hk, kv0, pi * 64, BK, 64, kdist)) and tma
              tma = k:copy(k:window(lv, { pi * BK, 0 }, { BK, 64 }, kdist), win(p.v, hk, kv0, pi * 64, BK, 64, kdist)) and tma
            end
            k:copy_commit()
          end
          -- per accumulator element of S^T: its key row and query column in the tile, and which of the
          -- thread's distinct columns it is (ci: lse and delta are loaded once per column)
          local zs = sS:zeros()
          local kvrow, kv_in, col, ci, ncol = {}, {}, {}, {}, 0
          local offs, first = tl._dist_facts(sS.c).offsets, {}
          for y = 0, sS.elements - 1 do
            local idx = zs:coords(y)
            kvrow[y] = kv0 + r0 + idx[1]
            kv_in[y] = tl.lt(kvrow[y], skv)
            col[y] = idx[2]
            local c = offs[y + 1][2]
            if not first[c] then ncol = ncol + 1; first[c] = ncol end
            ci[y] = first[c]
          end
          -- (the order of the element-wise loops: early, column by column, each column's lse read from LDS
          -- where its elements use it and its delta after dP^T's wait, so that they are live briefly (ptxas's
          -- spills at D = 128: 120 bytes, 204 with the stats of all columns read at once); else in the
          -- accumulator's order, both stats read together at the first use (2-5% faster at D = 64))
          local order = {}
          for y = 0, sS.elements - 1 do order[y + 1] = y end
          -- (bq = 128 too: 32 columns a thread, whose stats all at once take 64 registers)
          local bycol = early or BQ == 128
          if bycol then
            table.sort(order, function(a, b_) if ci[a] ~= ci[b_] then return ci[a] < ci[b_] end return a < b_ end)
          end
          -- (j: t's place in the round, for coords; nil: none)
          local function load(t, buf, j)
            local hq, q0 = coords(t, j)
            tma = k:copy(k:window(lq, { buf * BQ, 0 }, { BQ, d }, qdist), win(p.q, hq, q0, 0, BQ, d, qdist)) and tma
            tma = k:copy(k:window(ldo, { buf * BQ, 0 }, { BQ, d }, qdist), win(p.dout, hq, q0, 0, BQ, d, qdist)) and tma
            k:copy_commit()
          end
          -- tile t's lse (threads 0..BQ-1) and delta (threads BQ..2BQ-1), one value a thread, fetched a tile
          -- ahead into registers and stored into lstat's buffer later in the tile before it (stash; the
          -- choice between the two loads made there, so that nothing waits for them before): the products
          -- read them from LDS, the global loads' latency hidden behind half a tile or more
          local tid = k.thread_id()
          local wg = k.warp_id() // 4
          -- (own: each warpgroup's threads fetch and stash their own copy; stat(kind): lstat's row of lse (0) or
          -- delta (1) for this thread's warpgroup)
          -- (bq = 128, own: a warpgroup's 128 threads fetch and stash both of column tid % 128, lse and delta)
          local stid = own and tid % 128 or tid
          local both = own and BQ == 128
          local function stat(kind) return (own and not ws) and 2 * wg + kind or kind end
          local function fetch(t, j)
            local hq, q0 = coords(t, j)
            local qc = q0 + stid % BQ
            local inq = tl.land(tl.lt(t, T), tl.lt(qc, sq))
            if both then
              local lse, delta = row_stats(hq, qc, inq, inq)
              return { lse, delta }
            end
            local lse, delta = row_stats(hq, qc, tl.land(inq, tl.lt(stid, BQ)),
                                         tl.land(inq, tl.land(tl.ge(stid, BQ), tl.lt(stid, 2 * BQ))))
            return { lse, delta }
          end
          local function stash(v, buf)
            if both then
              lstat:store({ buf, stat(0), stid }, v[1])
              lstat:store({ buf, stat(1), stid }, v[2])
              return
            end
            k:when(tl.lt(stid, 2 * BQ), function()
              lstat:store({ buf, stat(stid // BQ), stid % BQ }, tl.select(tl.lt(stid, BQ), v[1], v[2]))
            end)
          end
          local function scores(lx, ly, buf, base) return xyt(sS, PD, lx, BK, ly, BQ, buf, base) end
          -- tile t in buffer buf; nxt: tile t + 1's lse and delta (fetch), stashed into buffer nbuf (atomic:
          -- before the dQ share's block barrier, which shows them to both warpgroups; else while dV and dK run)
          -- atomic: tile t's share of dQ (BQ x NS, in flight: the first product after dS^T) into lr and
          -- added into p.dq by TMA, one reduce-add a panel issued by the warpgroup's first thread
          -- (own: warpgroup g's 64 keys' part, dS^T's rows 64g.. read MN-major as the A and its rows of K as the B;
          -- rows: the product of all of dS^T (MN-major) and K, warpgroup g's its query rows 64g..)
          local function dq_share(pending)
            if rows then
              return sQ:mma(lds_:tile({ 0, 0 }, { BK, BQ }, { transposed = true }), lk:tile({ 0, 0 }, { BK, NS }), nil, { pending = pending })
            end
            local a, b = {}, {}
            for g = 0, WG - 1 do
              if own then
                a[g + 1] = lds_:tile({ g * 64, 0 }, { 64, 64 }, { transposed = true })
                b[g + 1] = lk:tile({ g * 64, 0 }, { 64, NS })
              else
                b[g + 1] = lk:tile({ (g * NS) // 64 * BK, (g * NS) % 64 }, { BK, NS })
              end
            end
            if not own then a = lds_:tile({ 0, 0 }, { BK, BQ }, { transposed = true }) end
            return sQ:mma(a, b, nil, { pending = pending })
          end
          local function dq_store(share)
            if flat then
              k:window(lr, { wg * 128, 0 }, { 128, 32 }, FLAT):store((share * scale_nat):relabel(FLAT))
              return
            end
            k:window(lr, { wg * SR, 0 }, { 64, NS }, sQ.c):store(share * scale_nat)
          end
          -- (flat: the chunk of this warpgroup's share of tile (hq, q0) and its window of p.dq, {1, 1, chunks x 128, 32} or
          -- {1, chunks x 128, 32}: its query rows' 64-row tile (rows: the warpgroup's half of the 128), its columns' block
          -- of 64 (own: all of D = 64; else the warpgroup's half of D = 128))
          local fc = flat and flat_chunks(p.q, rank, d)
          assert(not flat or (SR == 64 and NS == 64), "attention_backward_wgmma: the flat share is 64 x 64")
          local function flat_window(hq, q0)
            return fc.window(k, p.dq, fc.chunk(b, hq, q0 // 64 + (rows and wg or 0), own and 0 or wg))
          end
          -- tile t's reduce-adds of the staged share (late: issued by tile t + 1, and after the loop for the last)
          local function dq_issue(t, j)
            local hq, q0 = coords(t, j)
            local c0 = own and 0 or wg * NS
            local valid = tl.land(tl.ge(t, 0), tl.lt(t, T))
            k:when(valid, function() -- (a masked tile adds nothing)
              if flat then
                local dst = flat_window(hq, q0)
                for g = 0, WG - 1 do
                  k:copy(dst, k:window(lr, { wg * 128, 0 }, { 128, 32 }), { tma = true, reduce = "add", issuer = 128 * g })
                end
                return
              end
              for g = 0, WG - 1 do
                for j = 0, NP - 1 do
                  -- (rows: this warpgroup's 64 query rows, all columns; else all BQ rows, its columns c0..)
                  local dst = rows and win(p.dq, hq, q0 + wg * 64, j * 32, SR, 32) or win(p.dq, hq, q0, c0 + j * 32, SR, 32)
                  k:copy(dst, k:window(lr, { wg * SR, j * 32 }, { SR, 32 }), { tma = true, reduce = "add", issuer = 128 * g })
                end
              end
            end)
          end
          local function dq_add(t, j, share)
            -- (ws: the last tile's reduce-adds have read lr, waited for by each warpgroup's issuer here, just before
            -- its share is written, and shown to the warpgroup by its barrier; before the barrier that opens the
            -- share's product they had held the warpgroups about 270 cycles a step. Measured where ws is the default,
            -- D = 128: 1.00-1.06x; D = 64 without ws lost with it (0.98-1.00x), so it keeps the wait below; D = 64 with
            -- config.ws takes this form untimed. bench/RESULTS.md 2026-11-29 session 37)
            if ws then
              dq_drained()
              bsync { warps = 4 }
            end
            dq_store(share)
            bsync { warps = 4 } -- (this warpgroup's share written; its issuer reads it)
            if not late then dq_issue(t, j) end
          end
          local function tile(t, buf, dk, dv, nxt, nbuf)
            local _, q0 = coords(t, buf) -- (buf: t's place in its round)
            -- S^T and dP^T issued back to back; P^T from S^T while dP^T still runs
            local st = scores(lk, lq, buf, 0)
            local dpt = scores(lv, ldo, buf, PD)
            if late then dq_issue(t - 1, buf - 1) end
            local pt, dst = st:map(function(v) return v end), st:map(function(v) return v end)
            local lses, deltas = {}, {}
            k:wgmma_wait(PD) -- S^T complete (groups complete in order)
            for _, y in ipairs(order) do
              local qc = q0 + col[y]
              if not lses[ci[y]] then
                lses[ci[y]] = lstat:load { buf, stat(0), col[y] }
                if not bycol then deltas[ci[y]] = lstat:load { buf, stat(1), col[y] } end
              end
              -- P^T = exp2(S^T scale - lse log2 e): 0 where the column's stash says so (see fetch), and where the key
              -- is past skv (its zero-filled K row gives a score of 0, whose exp2 could overflow dt) or causal hides it
              local ok = kv_in[y]
              if causal then ok = tl.land(ok, tl.le(kvrow[y], qc + skv - sq)) end
              pt:set(y, tl.select(ok, tl.exp2(tl.fma(st:get(y), p.scale, lses[ci[y]]), FTZ), 0.0))
            end
            -- P^T and dS^T as the A of dV and dK: LDS tiles of both warpgroups' rows, or (rs) this
            -- warpgroup's registers
            local pa = pt:cast(dt)
            -- (early: dV += P^T dO from registers at once, running with dP^T and the dS^T below: P^T's
            -- registers are free before dS^T takes its own)
            if early then dv = sO:mma(pa, ldo:tile({ buf * BQ, 0 }, { BQ, d }), dv, { pending = PD + 1 }) end
            if not rs then k:window(lp, { r0, 0 }, { 64, BQ }, sS.c):store(pa); pa = lp:tile({ 0, 0 }, { BK, BQ }) end
            k:wgmma_wait(early and 1 or 0) -- dP^T complete (early: dV may still run)
            -- (at 128 rows dS^T from P^T as rounded for dV's product, not its f32 value: 64 registers fewer live here,
            -- ptxas's spills 56 / 132 bytes -> 0 (causal 1.02-1.05x on an H200, not causal even); dQ's and dK's errors 1.1-1.4x as large, below
            -- dV's: bench/RESULTS.md 2026-11-27 session 24)
            for _, y in ipairs(order) do
              deltas[ci[y]] = deltas[ci[y]] or lstat:load { buf, stat(1), col[y] }
              dst:set(y, (BQ == 128 and pa:get(y):cast("f32") or pt:get(y)) * (dpt:get(y) - deltas[ci[y]]))
            end
            local da = dst:cast(dt)
            if late and dsfree then ds_wait(t) end
            if atomic or not rs then k:window(lds_, { r0, 0 }, { 64, BQ }, sS.c):store(da) end
            if not rs then da = lds_:tile({ 0, 0 }, { BK, BQ }) end
            if not atomic then
              -- (this warpgroup's rows of P^T and dS^T, which only its own dV and dK read)
              if not rs then bsync { warps = 4 } end
              if not early then dv = sO:mma(pa, ldo:tile({ buf * BQ, 0 }, { BQ, d }), dv, { pending = 1 }) end
              dk = sO:mma(da, lq:tile({ buf * BQ, 0 }, { BQ, d }), dk, { pending = 2 })
              stash(nxt, nbuf)
              k:wgmma_wait(0) -- (dV and dK read P^T, dS^T and buffer buf)
              return dk, dv
            end
            if not ws then dq_drained() end -- (the last tile's reduce-adds have read lr: the barrier below tells the warpgroup)
            -- (the next tile's lse and delta, which the barrier shows to both warpgroups (own: to its own); their
            -- buffer's last tile, t - 2 (bq = 128: t - 1), was done by every reader before tile t - 1's barrier: the
            -- block's, or with own the warpgroup's, where only the warpgroup reads its copy)
            if not ws then stash(nxt, nbuf) end
            -- (the dQ share reads both warpgroups' rows of dS^T; own: this warpgroup's)
            if own and not rows then bsync { warps = 4 } else bsync() end
            -- (early: dV, issued before the share, complete too: letting it run on past the share's issue spilled less
            -- but was not faster, bench/RESULTS.md 2026-11-26 session 16)
            local share = dq_share(1)
            if not early then dv = sO:mma(pa, ldo:tile({ buf * BQ, 0 }, { BQ, d }), dv, { pending = 2 }) end
            dk = sO:mma(da, lq:tile({ buf * BQ, 0 }, { BQ, d }), dk, { pending = early and 2 or 3 })
            -- (the dQ share complete, dK still running, and unless early dV too)
            k:wgmma_wait(early and 1 or 2)
            if dsfree then dsfree:arrive(0) end -- (the other warpgroup may write its rows of dS^T once both shares are done)
            dq_add(t, buf, share)
            k:wgmma_wait(0) -- (dV and dK read P^T, dS^T and buffer buf)
            if indep then empty:arrive(buf) end -- (this thread is done with buffer buf)
            if ws then wempty:arrive(buf) end
            return dk, dv
          end
          -- tile t in buffer j, tile t + 1's copies running during it
          -- (atomic at D = 128: the dQ share's block barrier of tile t - 1 comes after both warpgroups' last reads of
          -- tile t - 2, so with TMA copies, whose data each thread sees once its wait returns, the tile needs
          -- no block barrier of its own: the next tile's lse and delta are stashed before that barrier, and dS^T's
          -- buffer has dsfree)
          -- (indep: no barrier is common to both warpgroups; buffer nb is free again once every thread has arrived
          -- on empty's barrier nb after its last tile there, t - 2, which was the ((t + 1) // NB)-th phase of it
          -- (the first use waits for the phase "before the first", complete on a fresh barrier))
          local function step(t, j, dk_, dv_)
            local nb = (j + 1) % NB
            -- (every thread waits, though thread 0 issues the copies: with thread 0 alone the warpgroups drifted
            -- apart and it was 4-6% slower, bench/RESULTS.md 2026-11-26 session 16)
            if ws then
              full:wait(j, bphase(j, t))
              if dsfree and not late then ds_wait(t) end
              return tile(t, j, dk_, dv_)
            end
            if indep then empty:wait(nb, ((t + 1) // NB + 1) % 2) end
            -- (buffer nb's last tile, t - 2, was done everywhere before tile t - 1's block barrier, or (indep) the
            -- wait on empty above)
            load(t + 1, nb, j + 1)
            local nxt = fetch(t + 1, j + 1)
            k:copy_wait(1) -- tile t's copies (and K's and V's) have landed
            -- (indep: nothing more, the data of a TMA copy is seen by each thread once its own wait returns)
            if dsfree then
              -- (the other warpgroup may still be reading the last tile's dS^T for its dQ share: wait until
              -- both warpgroups are done with it, before this tile's products, where few registers are
              -- live; tile 0 waits for the phase "before the first", complete on a fresh barrier)
              if not late then ds_wait(t) end
            elseif not indep then
              k:sync()
            end
            return tile(t, j, dk_, dv_, nxt, nb)
          end
          -- NB tiles a round, so each one's buffer is a constant; then the last T % NB tiles, tile T3 + j in
          -- buffer j (a loop of at most one trip each). Atomic at D = 128: rounds only, the last one's steps
          -- past T skipped, each step j > 0 of a round a loop of at most one trip (tail loops after the rounds,
          -- copies of the body, spill 744 bytes there where one body spills 172: ptxas at 255 registers; with
          -- the steps in such loops 112, causal 60; the steps past T had run masked: 18 for 16 tiles at S = 1k)
          if ws then kvbar:wait(0, it and it % 2 or 0) else
          stash(fetch(0), 0)
          load(0, 0)
          end
          -- atomic with TMA copies only (known now: the loop's copies are these windows again): no block barrier
          -- opens a tile; dsfree: dS^T's buffer free again, both warpgroups' dQ shares of the last tile done
          -- (every thread arrives once its share is complete)
          -- own (D = 64): each warpgroup reads only its own lse and delta (and with 64-row tiles its own rows of
          -- dS^T: the warpgroups never wait for each other, indep); empty (one barrier a buffer, every thread
          -- arriving once done with it) keeps the copies of a tile from overwriting q and dO while the other
          -- warpgroup may still read them; rows (128-row tiles): dsfree too, both shares read all of dS^T
          if atomic and tma and not ws then
            indep = own
            if indep then empty = k:mbarrier(NB, WG * 128) end
            if not indep or rows then dsfree = k:mbarrier(1, WG * 128) end
            k:sync() -- (tile 0's lse and delta; without a barrier opening each tile, nothing else shows them)
          end
          local tma0 = tma
          local rounds_only = atomic and d == 128
          local T3 = rounds_only and T3 or (T // NB) * NB
          -- (each round's first head and tile carried from the round before, as walk's)
          local dk, dv, h3, q3 = k:range(0, T3, NB, function(i, dk_, dv_, h, qi)
            round(h, qi)
            for j = 0, NB - 1 do
              if j > 0 and rounds_only then
                dk_, dv_ = k:range(i + j, tl.min(i + j + 1, T), 1, function(t, a, b) return step(t, j, a, b) end, dk_, dv_)
              else
                dk_, dv_ = step(i + j, j, dk_, dv_)
              end
            end
            return dk_, dv_, next_base()
          end, sO:zeros(), sO:zeros(), 0, 0)
          if not rounds_only then round(h3, q3) end -- (the tail's tiles T3 + j)
          for j = 0, rounds_only and -1 or NB - 2 do
            dk, dv = k:range(T3 + j, tl.min(T3 + j + 1, T), 1, function(t, dk_, dv_) return step(t, j, dk_, dv_) end, dk, dv)
          end
          -- (a copy of the loop lowered otherwise than those before it would leave the warpgroups waiting for
          -- arrivals that never come)
          assert(tma == tma0, "attention_backward_wgmma: the loop's copies changed between TMA and cp.async")
          -- (two buffers of q and dO are safe only with the mbarriers of TMA's copies)
          assert(NB == 3 or indep, "attention_backward_wgmma: bq = 128 without TMA copies")
          if not ws then k:copy_wait(0) end -- (the last copies, nobody's tile)
          -- dK and dV (tstore, config.tma_store, where TMA can store them: through LDS, K's and V's own buffers, by TMA
          -- stores of each warpgroup's 64 rows from its first thread, so that the block ends without each thread's 64
          -- 4-byte stores draining (at S = 4k 3.7% of the D = 128 kernel's stall samples were its warps' exits, waiting
          -- for them: ncu, 2026-11-28 session 28); rows past Skv left out by TMA's bounds)
          local s64 = tl.wgmma_shape { n = 64, a = dt }
          -- each {dst, lx, acc} of outs: the warpgroup's rows of acc staged in lx's rows r0.. (D / 64 panels of 64 x 64),
          -- then stored into dst by TMA
          local function stage_store(outs)
            for _, e in ipairs(outs) do
              for pi = 0, PD - 1 do
                local panel = s64:zeros()
                for y = 0, s64.elements - 1 do panel:set(y, e[3]:get(y + s64.elements * pi)) end
                k:window(e[2], { pi * BK + r0, 0 }, { 64, 64 }, s64.c):store(panel:cast(dt))
              end
            end
            bsync { warps = 4 } -- (this warpgroup's rows stored; its first thread stores them)
            for g = 0, WG - 1 do
              for _, e in ipairs(outs) do
                for pi = 0, PD - 1 do
                  k:copy(win(e[1], hk, kv0 + r0, pi * 64, 64, 64), k:window(e[2], { pi * BK + r0, 0 }, { 64, 64 }),
                         { tma = true, issuer = 128 * g })
                end
              end
            end
          end
          -- tstore "dv": dV alone by TMA, through the warpgroup's own rows of V (only its own dP^T products read them,
          -- and they are done: no barrier of both warpgroups), before the last tile's dQ share, which its stores
          -- run beside; dK by each thread. Staging both dK and dV made ptxas spill in the key loop at D = 128 causal
          -- (180 / 364 bytes against 64 / 124, 63 spill loads in the loop's SASS against 9: the loop 15% slower), one of
          -- them does not (52 / 112): 1.09-1.13x the default before it on one H200, 1.02-1.08x on another (bench/RESULTS.md
          -- 2026-11-29 session 39, calls 4 and 5)
          if pieces then -- (the piece's f32 dK and dV stored into its own rows of p.dkp and p.dvp)
            if late then dq_issue(T - 1) end
            if atomic then dq_drained() end
            local row = k.block_id(0) * BK + r0
            k:window(p.dkp, { row, 0 }, { 64, d }, sO.c):store(dk * scale_nat)
            k:window(p.dvp, { row, 0 }, { 64, d }, sO.c):store(dv)
            return
          end
          local dv_only = tstore == "dv" and C.tma_copyable(p.dv, rank)
          if dv_only then stage_store { { p.dv, lv, dv } } end
          if late then dq_issue(T - 1) end
          -- (quad, config.quad: each thread's stores of dK and dV in 32-column parts regathered by lanes, stdlib/quad_rows.lua;
          -- true: 16-byte stores in every part, at D = 128 but the last, which stays 4-byte pairs: with all of them 16-byte ptxas spills
          -- in the key loop at D = 128 causal (164 / 348 bytes against 52 / 112, 63 spill loads in the loop against 8, 0.82-0.91x:
          -- bench/RESULTS.md 2026-11-29 session 40, call 1) as with both staged; "pairs": 8-byte stores in every part)
          -- (acc times s where given, after the window without quad: the source of quad = false as it was)
          local function thread_store(dst, acc, s)
            if not quad then
              local w = win(dst, hk, kv0 + r0, 0, 64, d, sO.c)
              if s then acc = acc * s end
              return w:store(acc:cast(dt))
            end
            if s then acc = acc * s end
            local forms = {}
            for m = 1, d // 32 do forms[m] = quad == "pairs" and "pairs" or (m < d // 32 or d < 128) and "quad" or "plain" end
            QR.store(k, function(c0, cols, dist) return win(dst, hk, kv0 + r0, c0, 64, cols, dist) end, acc, d, dt, forms)
          end
          if dv_only then
            thread_store(p.dk, dk, scale_nat)
            dq_drained() -- (the dV stores and the reduce-adds have read LDS)
            return
          end
          local dkv = { { p.dk, lk, dk * scale_nat }, { p.dv, lv, dv } }
          -- tstore true: both, through K's and V's buffers once both warpgroups' last products have read them
          if tstore == true and C.tma_copyable(p.dk, rank) and C.tma_copyable(p.dv, rank) then
            bsync() -- (both warpgroups' last products have read K and V)
            stage_store(dkv)
            dq_drained() -- (every bulk store and reduce-add of the warpgroup's issuer has read LDS)
            if persist then kvfree:arrive(0) end -- (the stores have read K's and V's buffers)
            return
          end
          if persist then kvfree:arrive(0) -- (the last products have read K and V; the reduce-adds drain at the end)
          elseif atomic then dq_drained() end
          for _, e in ipairs(dkv) do thread_store(e[1], e[3]) end
        end
        local function run()
          each_item(run_item)
          if persist then dq_drained() end -- (the last reduce-adds have read LDS before the block ends)
        end
        if not ws then return run() end
        k:roles { { name = "producer", warps = 4, registers = 24, fn = produce },
                  { name = "consumers", warps = 4 * WG, registers = 240, fn = function(role) crole = role; run() end } }
      end,
    }
  end), BK, flat, persist, lpt, big and 128 or 64
end

-- the grid of the kernel with persist for items key blocks (see persist in M.kernel): a block for each multiprocessor
-- (3 on the executor, so that its blocks walk several items), at most one an item; causal: an odd count, so that a
-- block's items (block_id + grid m, the key block fastest) are not always the same few of a head's key blocks (132
-- blocks and 8 key blocks a head: block i would take only key blocks i % 8 and (i + 4) % 8, the heaviest and lightest
-- apart, twice the work for some blocks of others)
function M.persistent_grid(items, causal)
  local n = C.resident_blocks(items, 1, 3)
  if causal and n % 2 == 0 and n > 1 then n = n - 1 end
  return { n, 1, 1 }
end

-- the pieces the dQ kernels of their own (attention_backward_dq_wgmma.lua) share with this file's
M._WG, M._NB, M._FLAT = WG, NB, FLAT
M._xyt, M._preshuffle, M._params, M._check_lds, M._flat_chunks = xyt, preshuffle, params, check_lds, flat_chunks

return M
