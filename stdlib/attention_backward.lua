-- attention_backward.lua - std.attention_backward: the gradients dq, dk, dv of std.attention
-- (FlashAttention-2's backward: the probabilities are recomputed from q, k and the forward's
-- logsumexp, never stored), on the target's matrix units (tl.mma_shape: NVIDIA mma.sync m16n8k16 at
-- warp 32, AMD MFMA 32x32x8 at warp 64), D = 64 or 128.
--
-- First delta = rowsum(dO * O) per query row (two std ops). Then one block per tile of BN keys of
-- one (batch, key/value head), W warps of m key rows each: its K and V tiles stay in LDS, its dK
-- and dV accumulators in registers, while it walks the query heads of its group and their query
-- tiles of BN rows (from the first one the causal mask lets see its keys). Per query tile (q and dO
-- tiles copied into LDS), with the keys as rows so that an accumulator is the next product's A
-- operand in registers (std.attention's relabel):
--   S^T = K Q^T, P^T = exp2(S^T * scale log2 e - lse log2 e) (0 where masked),
--   dV += P^T dO, dP^T = V dO^T, dS^T = P^T * (dP^T - delta), dK += dS^T Q,
--   dQ += dS K: dS^T goes through LDS, each warp takes m query rows of it, and adds its rows of dQ
--   into an f32 accumulator with atomics (blocks of other key tiles add theirs); cast at the end
--   (opts.dq = "atomic").
-- Where an accumulator is not the A operand's layout (AMD's MFMA), P^T and dS^T (dS for the dq pass)
-- go through LDS instead, each warp its own rows, and a block has fewer waves (waves below).
-- opts.dq = "pass", the default for these kernels, leaves dQ to a second kernel instead (dq_kernel
-- below): no atomics, S and dP recomputed once more per (query tile, key tile). On sm_90's warpgroup
-- MMAs (attention_backward_wgmma.lua) the default is "atomic", there by TMA reduce-adds of whole tiles.
local tl = require "tilelua"
local C = require "tilelua.std.common"
local A = require "tilelua.std.attention"
local M = {}

local LOG2E = C.LOG2E
local NEG_INF = -math.huge
-- (exp2's results below 2^-126 may be 0: P that small adds nothing a gradient in f16 or bf16 can hold)
local FTZ = { flush_to_zero = true }
-- waves(warp, d): warps a block. NVIDIA 4; AMD (warps of 64, MFMA's 32 rows a warp, 64 KiB of LDS) 2 at D = 64 and
-- 1 at D = 128, so that the block's four tiles of BN rows (K, V, q, dO) and the staging of P^T and dS^T fit: 55296
-- and 39936 bytes
local function waves(warp, d)
  if warp == 32 then return 4 end
  return d == 64 and 2 or 1
end
-- the LDS a kernel declares (tiles of BN x (d + PAD) and staged ones of BN x (BN + PAD), 16-bit) against the target's
local function check_lds(tiles, staged, BN, d, PAD)
  local bytes = (tiles * BN * (d + PAD) + staged * BN * (BN + PAD)) * 2
  local limit = tl.target().lds
  if bytes > limit then
    C.fail("std.attention_backward: its tiles need %d bytes of LDS at D = %d, over %s's %d", bytes, d, tl.target().arch, limit)
  end
end
local HEAD_DIMS = { [64] = true, [128] = true }
-- config.lpt's default: causal with S and Skv <= 4k, the wgmma kernel's launch ordered heavy key blocks first across
-- each batch's heads (the launch's last blocks light ones); beyond, each head's key blocks together (their q and dO, 8 MB
-- a head at D = 128, S = 16k, shared in L2). On an H200 (f16): 1.02-1.05x at 1k-4k; groups of 16 heads (a batch's at D =
-- 128) 0.97-0.98x at 16k, all heads one group 0.87-0.99x everywhere (bench/RESULTS.md 2026-11-28 session 30, calls 2, 4)
local function default_lpt(causal, S, Skv) return causal and math.max(S, Skv) <= 4096 end
-- config.split's default: at D = 128 not causal with dq = "atomic", where a key block walks 8k query rows or more
-- (S times the group): 1.005-1.015x at S = 8k and 16k on an H200 (f16 and bf16), 0.93-1.01x at 2k and 4k, where the
-- pieces' launch and the sum cost what the last round saves; not at D = 64 (even: its last key blocks are not a round
-- of their own), nor causal (lpt's order leaves the light key blocks last) (bench/RESULTS.md 2026-11-30 session 47)
local function default_split(D, causal, atomic, rows) return D == 128 and not causal and atomic and rows >= 8192 end

-- The recomputed probability of score s: exp2(s * scale - lse log2 e) where query row qr (in range
-- when inq) sees key kc (below skv; causal: kc <= qr + skv - sq) and has seen some key, else 0.
-- Shared with attention_backward_wgmma.lua (M._prob).
local function prob(s, lse, inq, qr, kc, sq, skv, causal, scale)
  local ok = tl.land(tl.land(inq, tl.lt(kc, skv)), tl.gt(lse, NEG_INF))
  if causal then ok = tl.land(ok, tl.le(kc, qr + skv - sq)) end
  return tl.select(ok, tl.exp2(tl.fma(s, scale, lse * -LOG2E), FTZ), 0.0)
end
M._prob = prob

-- The dq passes' per-row facts of an accumulator of queries x keys (zeros: one of its shape, rows from
-- q0 + r0 of query head hq): per element its query row and key column, and the row's lse and delta
-- (delta is {B, S, H} for the {B, S, H, D} layout: std.sum's result over dO * O). Shared with
-- attention_backward_wgmma.lua (M._row_stats).
local function row_stats(p, zeros, n, q0, r0, b, hq, sq, rank)
  local qrow, col, lse, delta = {}, {}, {}, {}
  for y = 0, n - 1 do
    local idx = zeros:coords(y)
    qrow[y] = q0 + r0 + idx[1]
    col[y] = idx[2]
    local inq = tl.lt(qrow[y], sq)
    lse[y] = p.lse:load({ b, hq, qrow[y] }, { mask = inq, pad = NEG_INF })
    delta[y] = p.delta:load(rank == 4 and { b, hq, qrow[y] } or { b, qrow[y], hq }, { mask = inq, pad = 0.0 })
  end
  return qrow, col, lse, delta
end
M._row_stats = row_stats

-- Both passes' recomputed products: X Y^T and Z W^T for this warp's m rows (from row wr) of the
-- LDS tiles lx and lz against the nt accumulator tiles of the rows of ly and lw (those read as
-- the B operand through the transposed encoding bt): lists of nt accumulators each.
local function paired_products(k, s, bt, d, wr, nt, lx, ly, lz, lw)
  local xy, zw = {}, {}
  for ks = 0, d // s.k - 1 do
    local xf = k:window(lx, { wr, ks * s.k }, { s.m, s.k }, s.a):load()
    local zf = k:window(lz, { wr, ks * s.k }, { s.m, s.k }, s.a):load()
    for j = 0, nt - 1 do
      local yb = k:window(ly, { j * s.n, ks * s.k }, { s.n, s.k }, bt):load():relabel(s.b)
      local wb = k:window(lw, { j * s.n, ks * s.k }, { s.n, s.k }, bt):load():relabel(s.b)
      xy[j] = s:mma(xf, yb, xy[j])
      zw[j] = s:mma(zf, wb, zw[j])
    end
  end
  return xy, zw
end

-- Two tiles into LDS before the block reads them (dst and src windows as k:copy takes them): a
-- barrier first (every warp is done with the buffers' last tiles), one after the copies land.
local function load_now(k, dst1, src1, dst2, src2)
  k:sync()
  k:copy(dst1, src1)
  k:copy(dst2, src2)
  k:copy_commit()
  k:copy_wait(0)
  k:sync()
end

-- The A operand of K step kk from accumulators side by side (tiles[kk * per ..], per = k / n of
-- the MMA), cast to dt: std.attention's P-in-registers relabel.
local function as_a(s, dt, tiles, kk)
  local per = s.k // s.n
  local parts = {}
  for q = 0, per - 1 do parts[q + 1] = tiles[kk * per + q]:cast(dt) end
  return parts[1]:relabel(s.a, table.unpack(parts, 2))
end

-- atomics: dQ from this kernel by f32 atomics (opts.dq = "atomic"); false leaves it to dq_kernel
local function kernel(dt, d, causal, layout, atomics, given)
  local warp = tl.default_warp()
  local u = A._unit(dt, warp)
  local s, bt, at = u.s, u.bt, u.at
  local PAD = A.PAD
  local W = waves(warp, d)
  local BN = W * s.m    -- keys per block, query rows per tile
  local NQ = BN // s.n  -- accumulator tiles across a query tile
  local DT = d // s.n   -- accumulator tiles across D
  local nt = W * warp
  -- (given: the caller's config.wgmma: a kernel rebuilt for another target chooses again there)
  -- (staged: P^T and dS^T through LDS where the accumulators are not the A operand's layout)
  local staged = not u.p_in_registers
  check_lds(4, ((atomics or staged) and 1 or 0) + (staged and 1 or 0), BN, d, PAD)
  local key = table.concat({ "attention_backward", dt, d, tostring(causal), layout, warp, tostring(atomics),
                             tostring(given) }, ";")
  return C.memo(key, function()
    local ldist = A._load_dist(BN, d, nt)
    local rank = layout == "bshd" and 3 or 4
    return tl.kernel {
      name = string.format("std_attention_backward_%s_d%d%s%s", dt, d, causal and "_causal" or "", atomics and "" or "_dkdv"),
      block = nt, warp = warp,
      params = { { "q", tl.tensor(dt, rank) }, { "k", tl.tensor(dt, rank) }, { "v", tl.tensor(dt, rank) },
                 { "dout", tl.tensor(dt, rank) }, { "lse", tl.tensor("f32", 3) }, { "delta", tl.tensor("f32", 3) },
                 { "dq", tl.tensor("f32", rank) }, { "dk", tl.tensor(dt, rank) }, { "dv", tl.tensor(dt, rank) },
                 { "scale", tl.f32 }, { "group", tl.i32 } },
      body = function(k, p)
        local b, hk = k.block_id(2), k.block_id(1)
        local kv0 = k.block_id(0) * BN
        local w = k.warp_id()
        local wr = w * s.m
        local function win(t, hh, r0, c0, rows, cols, dist)
          if rank == 4 then return k:window(t, { b, hh, r0, c0 }, { 1, 1, rows, cols }, dist) end
          return k:window(t, { b, r0, hh * d + c0 }, { 1, rows, cols }, dist)
        end
        local scale_nat = p.scale * (1 / LOG2E)
        local sq = (rank == 4 and p.q:shape(2) or p.q:shape(1)):cast("i32")
        local skv = (rank == 4 and p.k:shape(2) or p.k:shape(1)):cast("i32")
        local lk = k:lds(dt, { BN, d + PAD })
        local lv = k:lds(dt, { BN, d + PAD })
        local lq = k:lds(dt, { BN, d + PAD })
        local ldo = k:lds(dt, { BN, d + PAD })
        -- dS^T of the block: keys x query rows (for dQ's product, and where staged for dK's: then P^T's too, in lpt)
        local lds = (atomics or staged) and k:lds(dt, { BN, BN + PAD })
        local lpt = staged and k:lds(dt, { BN, BN + PAD })
        k:copy(k:window(lk, { 0, 0 }, { BN, d }, ldist), win(p.k, hk, kv0, 0, BN, d, ldist))
        k:copy(k:window(lv, { 0, 0 }, { BN, d }, ldist), win(p.v, hk, kv0, 0, BN, d, ldist))
        k:copy_commit()
        local zc = s:zeros()
        local kvrow, col = {}, {}
        for y = 0, s.elements.c - 1 do
          local idx = zc:coords(y)
          kvrow[y] = kv0 + wr + idx[1]
          col[y] = idx[2]
        end
        -- causal: query row i sees key j when j <= i + skv - sq; the block's first key kv0 is
        -- seen from row kv0 - (skv - sq) on
        local q_start = 0
        if causal then q_start = (tl.max(kv0 - (skv - sq), 0) // BN) * BN end
        local NC = 2 * DT
        local function tile(hq, q0, acc)
          -- (after every warp is done with the last tile's q, dO and dS)
          load_now(k, k:window(lq, { 0, 0 }, { BN, d }, ldist), win(p.q, hq, q0, 0, BN, d, ldist),
                   k:window(ldo, { 0, 0 }, { BN, d }, ldist), win(p.dout, hq, q0, 0, BN, d, ldist))
          -- S^T = K Q^T and dP^T = V dO^T, m key rows per warp
          local st, dpt = paired_products(k, s, bt, d, wr, NQ, lk, lq, lv, ldo)
          -- P^T and dS^T, per element: its query column's logsumexp and delta
          local pt, dst = {}, {}
          for j = 0, NQ - 1 do
            pt[j] = st[j]:map(function(v) return v end)
            dst[j] = st[j]:map(function(v) return v end)
            for y = 0, s.elements.c - 1 do
              local qc = q0 + j * s.n + col[y]
              local inq = tl.lt(qc, sq)
              local lse = p.lse:load({ b, hq, qc }, { mask = inq, pad = NEG_INF })
              -- (delta is {B, S, H} for the {B, S, H, D} layout: std.sum's result over dO * O)
              local delta = p.delta:load(rank == 4 and { b, hq, qc } or { b, qc, hq }, { mask = inq, pad = 0.0 })
              local pv = prob(st[j]:get(y), lse, inq, qc, kvrow[y], sq, skv, causal, p.scale)
              pt[j]:set(y, pv)
              dst[j]:set(y, pv * (dpt[j]:get(y) - delta))
            end
          end
          -- (staged: P^T and dS^T through LDS, each warp its own rows, read back as the A operand)
          if staged then
            for j = 0, NQ - 1 do
              k:window(lpt, { wr, j * s.n }, { s.m, s.n }, s.c):store(pt[j]:cast(dt))
              k:window(lds, { wr, j * s.n }, { s.m, s.n }, s.c):store(dst[j]:cast(dt))
            end
            k:sync()
          end
          local function a_of(tiles, buf, kk)
            if staged then return k:window(buf, { wr, kk * s.k }, { s.m, s.k }, s.a):load() end
            return as_a(s, dt, tiles, kk)
          end
          -- dV += P^T dO, dK += dS^T Q (the scale applied at the end)
          local out = {}
          for i = 1, NC do out[i] = acc[i] end
          for kk = 0, BN // s.k - 1 do
            local pa, da = a_of(pt, lpt, kk), a_of(dst, lds, kk)
            for i = 0, DT - 1 do
              local ob = k:window(ldo, { kk * s.k, i * s.n }, { s.k, s.n }, s.b):load()
              local qb = k:window(lq, { kk * s.k, i * s.n }, { s.k, s.n }, s.b):load()
              out[DT + i + 1] = s:mma(pa, ob, out[DT + i + 1])
              out[i + 1] = s:mma(da, qb, out[i + 1])
            end
          end
          -- dQ += dS K: dS^T into LDS, then warp w takes query rows w*m.. of the tile
          if not atomics then return out end
          if not staged then
            for j = 0, NQ - 1 do k:window(lds, { wr, j * s.n }, { s.m, s.n }, s.c):store(dst[j]:cast(dt)) end
            k:sync()
          end
          local dsa = {}
          for kk = 0, BN // s.k - 1 do dsa[kk] = k:window(lds, { kk * s.k, wr }, { s.k, s.m }, at):load():relabel(s.a) end
          for i = 0, DT - 1 do
            local dq
            for kk = 0, BN // s.k - 1 do
              dq = s:mma(dsa[kk], k:window(lk, { kk * s.k, i * s.n }, { s.k, s.n }, s.b):load(), dq)
            end
            -- (relaxed: the sums need no ordering, the end of the kernel orders them)
            win(p.dq, hq, q0 + wr, i * s.n, s.m, s.n, s.c):atomic("add", dq * scale_nat, { order = "relaxed" })
          end
          return out
        end
        local init = {}
        for i = 1, NC do init[i] = s:zeros() end
        local res = table.pack(k:range(0, p.group, 1, function(g, ...)
          local hq = hk * p.group + g
          return k:range(q_start, sq, BN, function(q0, ...)
            return table.unpack(tile(hq, q0, { ... }), 1, NC)
          end, ...)
        end, table.unpack(init, 1, NC)))
        k:copy_wait(0) -- (K and V's copies when no query tile was visited)
        for i = 0, DT - 1 do
          win(p.dk, hk, kv0 + wr, i * s.n, s.m, s.n, s.c):store((res[i + 1] * scale_nat):cast(dt))
          win(p.dv, hk, kv0 + wr, i * s.n, s.m, s.n, s.c):store(res[DT + i + 1]:cast(dt))
        end
      end,
    }
  end), BN
end

-- opts.dq = "pass": dQ by a kernel of its own instead of atomics: one block per tile of BN query
-- rows of one (batch, query head), W warps of m rows each; q and dO stay in LDS while the block
-- walks the key tiles its rows see (K and V copied into LDS per tile), recomputing per tile
--   S = Q K^T, P = exp2(S * scale log2 e - lse log2 e) (0 where masked), dP = dO V^T,
--   dS = P * (dP - delta), dQ += dS K
-- with the queries as rows, so dS is the next product's A operand in registers (AMD: through LDS); dQ is written once.
local function dq_kernel(dt, d, causal, layout, given)
  local warp = tl.default_warp()
  local u = A._unit(dt, warp)
  local s, bt = u.s, u.bt
  local PAD = A.PAD
  local W = waves(warp, d)
  local BN = W * s.m    -- query rows per block, keys per tile
  local NK = BN // s.n  -- accumulator tiles across a key tile
  local DT = d // s.n   -- accumulator tiles across D
  local nt = W * warp
  local staged = not u.p_in_registers -- (dS through LDS, each warp its own rows)
  check_lds(4, staged and 1 or 0, BN, d, PAD)
  local key = table.concat({ "attention_backward_dq", dt, d, tostring(causal), layout, warp, tostring(given) }, ";")
  return C.memo(key, function()
    local ldist = A._load_dist(BN, d, nt)
    local rank = layout == "bshd" and 3 or 4
    return tl.kernel {
      name = string.format("std_attention_backward_dq_%s_d%d%s", dt, d, causal and "_causal" or ""), block = nt, warp = warp,
      params = { { "q", tl.tensor(dt, rank) }, { "k", tl.tensor(dt, rank) }, { "v", tl.tensor(dt, rank) },
                 { "dout", tl.tensor(dt, rank) }, { "lse", tl.tensor("f32", 3) }, { "delta", tl.tensor("f32", 3) },
                 { "dq", tl.tensor(dt, rank) }, { "scale", tl.f32 }, { "group", tl.i32 } },
      body = function(k, p)
        -- (the forward's block header: one block per query tile of one (batch, query head))
        local f = A._forward.block(k, p, rank, d, BN)
        local b, hq, hk, q0, win, sq, skv = f.b, f.h, f.hk, f.q0, f.win, f.sq, f.skv
        local wr = k.warp_id() * s.m
        local scale_nat = p.scale * (1 / LOG2E)
        local lq = k:lds(dt, { BN, d + PAD })
        local ldo = k:lds(dt, { BN, d + PAD })
        local lk = k:lds(dt, { BN, d + PAD })
        local lv = k:lds(dt, { BN, d + PAD })
        local lds = staged and k:lds(dt, { BN, BN + PAD })
        k:copy(k:window(lq, { 0, 0 }, { BN, d }, ldist), win(p.q, hq, q0, 0, BN, d, ldist))
        k:copy(k:window(ldo, { 0, 0 }, { BN, d }, ldist), win(p.dout, hq, q0, 0, BN, d, ldist))
        k:copy_commit()
        -- per accumulator element: its query row (lse and delta once per row), its key column
        local qrow, col, lse, delta = row_stats(p, s:zeros(), s.elements.c, q0, wr, b, hq, sq, rank)
        -- causal: row i sees keys j <= i + skv - sq, so the block's keys end at q0 + BN + skv - sq
        local kv_end = causal and tl.max(tl.min(skv, q0 + BN + skv - sq), 0) or skv
        local function tile(kv0, acc)
          load_now(k, k:window(lk, { 0, 0 }, { BN, d }, ldist), win(p.k, hk, kv0, 0, BN, d, ldist),
                   k:window(lv, { 0, 0 }, { BN, d }, ldist), win(p.v, hk, kv0, 0, BN, d, ldist))
          -- S = Q K^T and dP = dO V^T, m query rows per warp
          local sc, dp = paired_products(k, s, bt, d, wr, NK, lq, lk, ldo, lv)
          local ds = {}
          for j = 0, NK - 1 do
            ds[j] = sc[j]:map(function(v) return v end)
            for y = 0, s.elements.c - 1 do
              local kc = kv0 + j * s.n + col[y]
              local pv = prob(sc[j]:get(y), lse[y], tl.lt(qrow[y], sq), qrow[y], kc, sq, skv, causal, p.scale)
              ds[j]:set(y, pv * (dp[j]:get(y) - delta[y]))
            end
          end
          if staged then
            for j = 0, NK - 1 do k:window(lds, { wr, j * s.n }, { s.m, s.n }, s.c):store(ds[j]:cast(dt)) end
            k:sync()
          end
          local out = {}
          for i = 1, DT do out[i] = acc[i] end
          for kk = 0, BN // s.k - 1 do
            local da = staged and k:window(lds, { wr, kk * s.k }, { s.m, s.k }, s.a):load() or as_a(s, dt, ds, kk)
            for i = 0, DT - 1 do
              out[i + 1] = s:mma(da, k:window(lk, { kk * s.k, i * s.n }, { s.k, s.n }, s.b):load(), out[i + 1])
            end
          end
          return out
        end
        local init = {}
        for i = 1, DT do init[i] = s:zeros() end
        local res = table.pack(k:range(0, kv_end, BN, function(kv0, ...) return table.unpack(tile(kv0, { ... }), 1, DT) end,
                                       table.unpack(init, 1, DT)))
        k:copy_wait(0) -- (q and dO's copies when no key tile was visited)
        for i = 0, DT - 1 do
          win(p.dq, hq, q0 + wr, i * s.n, s.m, s.n, s.c):store((res[i + 1] * scale_nat):cast(dt))
        end
      end,
    }
  end), BN
end

-- The kernels for the current target: on warpgroup MMAs (attention_backward_wgmma.lua) where config.wgmma
-- is true, or nil and the target has them (1.1-1.6x the mma.sync kernels on an H200,
-- bench/RESULTS.md 2026-11-26); mma.sync (AMD: MFMA) otherwise
local function use_wgmma(wgmma)
  local t = tl.target()
  if wgmma == nil then return t.wgmma == true and tl.default_warp() == 32 end
  if wgmma then
    if not (t.wgmma and tl.default_warp() == 32) then
      C.fail("std.attention_backward: config.wgmma runs on NVIDIA sm_90's warpgroup MMA, which %s does not have", t.arch)
    end
  end
  return wgmma
end
-- the dK/dV kernel (with dQ's atomics where atomic) and the dq pass -> kernel, the rows or keys a block takes
-- (rs: config.rs as given; on the wgmma kernel the default at D = 128, where it was 1.05-1.07x faster on an H200,
-- f16, S = 4096 (1.12x since the tile-opening barrier went), at D = 64 when causal (1.03x, 1.04x) and with dQ's
-- reduce-adds (1.03x since each warpgroup's dQ share is its own keys'); not at D = 64 with dq = "pass" when not
-- causal (0.95x, 0.98x); bench/RESULTS.md 2026-11-26 sessions 14-16)
-- (tma: TMA can copy q, k, v and dO (their launch facts), for the defaults that need it: config.bq's 128-row tile at
-- D = 64, config.ws at D = 128)
-- (ws: config.ws as given; by default at D = 128 with dq = "atomic" where TMA can copy the tensors (tma), 1.02-1.10x
-- not causal, 1.07-1.10x causal from S = 4k, 0.95-1.01x causal at 1k on an H200: bench/RESULTS.md 2026-11-27 session 24;
-- not at D = 64, whose default is the 128-row tile)
-- default_tma_store(D, causal, walk, persist): config.tma_store's default, where the blocks walk few query rows (walk:
-- S Hq / Hkv): up to 2048 (on an H100 1.03-1.09x at S = 1k not causal, even at 4k, 0.97-0.99x at 16k: bench/RESULTS.md
-- 2026-11-28 session 28), and at D = 128 not causal up to 4096 (on an H200 1.02-1.05x at 4k, 2026-11-29 session 38,
-- calls 5 and 8), at D = 64 causal up to 4096 (1.01-1.03x at 4k in sessions 38 and 39, even at 8k); at D = 128 causal
-- "dv", dV alone by TMA, up to 4096 (both made ptxas spill in the key loop there: 0.80-0.96x in session 28, 0.86-0.96x
-- in sessions 38 and 39 on some machines; "dv" 1.09-1.13x on one H200, 1.02-1.08x on another at 1k-4k, even past 4k:
-- bench/RESULTS.md 2026-11-29 session 39, calls 4 and 5); not with config.persistent
local function default_tma_store(D, causal, walk, persist)
  if persist then return false end
  if D == 128 and causal then return walk <= 4096 and "dv" end
  return walk <= ((D == 128 or causal) and 4096 or 2048)
end
M._default_tma_store = default_tma_store
-- default_quad(D, causal, walk, tstore): config.quad's default, "pairs" (dK's per-thread stores 8-byte) at D = 128 causal
-- with tma_store = "dv" up to S Hq / Hkv = 2048: ahead in 11 of 12 rounds at 1k and 2k, both dtypes, on an H200, 0.99-1.04x
-- a round, 1.01-1.02x on average (bench/RESULTS.md 2026-11-29 session 40, call 5; true ahead in 10 of 12); not at 4k
-- (behind in 5 of 6 rounds, bf16 0.94-0.97x: call 8); not where each thread stores both dK and dV (0.92-0.98x at 8k:
-- its key loop spills more) nor at D = 64 (even)
local function default_quad(D, causal, walk, tstore)
  return D == 128 and causal and tstore == "dv" and walk <= 2048 and "pairs" or false
end
M._default_quad = default_quad
local function dkdv_kernel(dt, D, causal, layout, atomic, wgmma, rs, ws, bq, tma, late, flat, tstore, walk, persist, lpt, lpt_default,
                          quad, split)
  if use_wgmma(wgmma) then
    if rs == nil then rs = D == 128 or causal or atomic end
    if ws == nil then ws = D == 128 and atomic and tma end
    -- (late: config.late as given; by default with dq = "atomic": 1.02-1.03x at D = 64 (even causal at 1k), 1.02-1.07x at
    -- D = 128 not causal on an H200 (bench/RESULTS.md 2026-11-27 session 27); at D = 128 causal 1.03-1.08x since its
    -- reduce-adds' coordinates cost no divisions (0.95-0.99x before: 2026-11-28 session 28))
    if late == nil then late = atomic end
    if flat == nil then flat = atomic end -- (config.flat: 1.05-1.11x at D = 128 from 4k, session 28)
    -- (persist: config.persistent as given, off by default: 0.76-0.91x not causal on an H200, session 30; with it, dK and dV
    -- stored by each thread unless config.tma_store asks, so that the next item's K and V load as they drain)
    if tstore == nil then tstore = default_tma_store(D, causal, walk, persist) end
    if quad == nil then quad = default_quad(D, causal, walk, tstore) end
    if late and not atomic then
      C.fail("std.attention_backward: config.late (the reduce-adds issued a tile late) is a form of dq = \"atomic\"'s kernel")
    end
    if ws and not atomic then
      C.fail("std.attention_backward: config.ws (a producer warpgroup for the copies) is a form of dq = \"atomic\"'s kernel")
    end
    if flat and not atomic then
      C.fail("std.attention_backward: config.flat (dQ's f32 shares in the accumulator's order) is a form of dq = \"atomic\"'s kernel")
    end
    if lpt == nil then lpt = lpt_default and not persist end
    return require("tilelua.std.attention_backward_wgmma").kernel(dt, D, causal, layout, A._load_dist, wgmma, atomic, rs, ws, bq,
                                                                  tma, late, flat, tstore, persist, lpt, quad or false, split)
  end
  if bq then C.fail("std.attention_backward: config.bq (query rows a tile) is a form of config.wgmma's kernel") end
  if rs then C.fail("std.attention_backward: config.rs (P^T and dS^T from registers) is a form of config.wgmma's products") end
  if ws then C.fail("std.attention_backward: config.ws (a producer warpgroup for the copies) is a form of config.wgmma's kernel") end
  if late then C.fail("std.attention_backward: config.late (the reduce-adds issued a tile late) is a form of config.wgmma's kernel") end
  if flat then C.fail("std.attention_backward: config.flat (dQ's f32 shares in the accumulator's order) is a form of config.wgmma's kernel") end
  if tstore then C.fail("std.attention_backward: config.tma_store (dK and dV stored by TMA) is a form of config.wgmma's kernel") end
  if persist then C.fail("std.attention_backward: config.persistent (a block for each multiprocessor) is a form of config.wgmma's kernel") end
  if lpt then C.fail("std.attention_backward: config.lpt (the launch ordered heavy key blocks first) is a form of config.wgmma's kernel") end
  if quad then C.fail("std.attention_backward: config.quad (dK and dV regathered across lanes for wider stores) is a form of config.wgmma's kernel") end
  return kernel(dt, D, causal, layout, atomic, wgmma)
end
local function dq_pass(dt, D, causal, layout, wgmma)
  if use_wgmma(wgmma) then
    return require("tilelua.std.attention_backward_dq_wgmma").dq_kernel(dt, D, causal, layout, A._load_dist, A._forward.block,
                                                                     wgmma)
  end
  return dq_kernel(dt, D, causal, layout, wgmma)
end

local OPTS = { causal = true, scale = true, layout = true, dq = true, config = true }
-- (one function: std.map memoizes its kernels per function)
local function mul32(a, b) return a:cast("f32") * b:cast("f32") end

-- delta = rowsum(dO * O) in f32 in one pass over dO and O, as their {N, D} views (rows of D), one
-- value per row into delta's {N} view: it reads 2 N D elements where std.map's product (80 us on an
-- H200 at N D = 2^25, f16) wrote N D f32 values for std.sum's rows (35 us) to read again; the
-- backward's call was 180-260 us shorter on an H100 (bench/RESULTS.md, 2026-11-26 session 17).
-- zero: the pass also clears dQ's f32 buffer, as a {Z, D} view (each block its rows' share, the grid as long as the
-- longer of the two), instead of a memset of its own before the dK/dV kernel (FlashAttention-3's preprocessing
-- does the same)
local function delta_kernel(dt, d, zero)
  local L = C.row_layout(d, C.SIZE[dt], tl.default_warp(), 32)
  local key = table.concat({ "attention_delta", dt, L.key, tl.default_warp(), tostring(zero) }, ";")
  return C.memo(key, function()
    local params = { { "dout", tl.tensor(dt, 2) }, { "o", tl.tensor(dt, 2) }, { "delta", tl.tensor("f32", 1) } }
    if zero then params[4] = { "zero", tl.tensor("f32", 2) } end
    return tl.kernel {
      name = "std_attention_delta_" .. dt .. (zero and "_z" or ""), block = C.BLOCK,
      params = params,
      body = function(k, p)
        local r0 = C.bid64(k) * L.rows
        local function rows(t) return k:window(t, { r0, 0 }, { L.rows, L.cols }, L.dist):load { pad = 0 }:cast("f32") end
        local a, b = rows(p.dout), rows(p.o)
        -- (the zeros take a's distribution: rows of D, each thread's vectors contiguous; stored past the view's end
        -- they are masked)
        if zero then k:window(p.zero, { r0, 0 }, { L.rows, L.cols }, L.dist):store(a:map(function() return 0.0 end)) end
        a:foreach(function(v, _, y) return v * b:get(y) end)
        C.store_rows(p.delta, tl.reduce(a, "sum", 1), r0, p.dout:shape(0))
      end,
    }
  end), L
end

-- delta for dout and o of shape {..., D}: {...} f32 (the fused pass where both are contiguous, else
-- std.map's product and std.sum's rows, which take any strides); dq32 (or nil): dQ's f32 buffer, contiguous, made
-- with C.NO_CLEAR, cleared by the fused pass; returned as it is or, where the pass cannot take it, as zeros
local function row_delta(dout, o, dt, D, dq32)
  local shape = dout:shape()
  local rows = {}
  for i = 1, #shape - 1 do rows[i] = shape[i] end
  local std = require "tilelua.std"
  if not (dout:is_contiguous() and o:is_contiguous()) then
    return std.sum(std.map(mul32, tl.empty(shape, tl.f32, C.NO_CLEAR), dout, o), { axis = -1 }),
           dq32 and tl.zeros(dq32:shape(), tl.f32)
  end
  local n = C.numel(rows)
  local delta = tl.empty(rows, tl.f32, C.NO_CLEAR)
  local kern, L = delta_kernel(dt, D, dq32 ~= nil)
  local args, zrows = { C.view(dout, { n, D }), C.view(o, { n, D }), C.view(delta, { n }) }, 0
  -- (every form of dQ's buffer holds whole rows of D: q's shape, or 64 x 64 chunks)
  if dq32 then zrows = C.numel(dq32:shape()) // D; args[4] = C.view(dq32, { zrows, D }) end
  kern({ C.blocks(math.max(n, zrows), L.rows) }, table.unpack(args))
  return delta, dq32
end

-- std.attention_backward(do, q, k, v, o, lse[, {causal, scale, layout, dq, config}]) -> dq, dk, dv: the
-- gradients of std.attention(q, k, v, opts) given do (the gradient of its output o) and lse (its
-- logsumexp), in q's, k's and v's shapes and dtype.
function M.attention_backward(dout, q, k, v, o, lse, opts)
  local layout, causal
  opts, layout, causal = A._check_opts("attention_backward", opts, OPTS, "causal, scale, layout, dq or config")
  -- opts.config = {wgmma = true | false}: the kernels on sm_90's warpgroup MMAs or on mma.sync (use_wgmma)
  local config = opts.config or {}
  if type(config) ~= "table" then C.fail("std.attention_backward: config must be a table {wgmma = true} (got %s)", type(config)) end
  -- config.rs = true: the wgmma dK/dV kernel's dV and dK with P^T and dS^T from registers
  -- config.ws = true: that kernel with a producer warpgroup issuing its copies and loading lse and delta (dq = "atomic")
  -- config.bq = 64 | 128: the query rows of the wgmma dK/dV kernel's tile (attention_backward_wgmma.lua)
  -- config.late = true: that kernel's dQ reduce-adds of a tile issued by the next one, after its first products
  -- config.flat = false: that kernel's dQ shares staged and added in dQ's own order (default: the accumulator's)
  -- config.tma_store = false: that kernel's dK and dV stored by each thread; true: through LDS by TMA; "dv": dV alone
  -- by TMA (default: default_tma_store)
  -- config.persistent = true: that kernel (with config.ws) a block for each multiprocessor, walking the key blocks
  -- config.lpt = true: that kernel's launch ordered heavy key blocks first across each batch's heads (causal)
  -- config.quad = true: that kernel's dK and dV, where each thread stores them, regathered by quads of lanes into 8
  -- consecutive columns a thread, 16-byte stores (stdlib/quad_rows.lua); "pairs": by pairs of lanes into 4, 8-byte
  -- stores (default: default_quad)
  -- config.clear = "delta" (the default with dq = "atomic"): dQ's f32 buffer cleared by the delta pass as it reads dO
  -- and O; "memset": cleared by a memset as the dK/dV kernel is launched, after a host wait for the launches before
  -- (on an H200 "delta" is 2-7 us a call faster at S = 1k, 0-3% slower at 4k within the spread; bench/RESULTS.md session 43)
  -- (config.fold, dQ's chunks turned into dQ by the dK/dV kernel itself, each by the warpgroup whose counted reduce-add
  -- completed it, was 0.44-0.80x on an H200 in every form tried, a round trip through L2 a tile: taken out in session 44,
  -- bench/RESULTS.md 2026-11-30 sessions 43 and 44)
  -- config.split: the dK/dV launch's last round (the key blocks past whole rounds of the multiprocessors) in pieces
  -- along the queries, a launch of their own (attention_backward_split.lua): true (pieces chosen for the tail), a
  -- count of pieces, or {pieces = P, tail = key blocks}; default: default_split
  for key, v in pairs(config) do
    if key ~= "wgmma" and key ~= "rs" and key ~= "ws" and key ~= "bq" and key ~= "late" and key ~= "flat" and key ~= "tma_store" and
       key ~= "persistent" and key ~= "lpt" and key ~= "quad" and key ~= "clear" and key ~= "split" then
      C.fail("std.attention_backward: unknown config field '%s' (fields: wgmma, rs, ws, bq, late, flat, tma_store, persistent, lpt, " ..
             "quad, clear, split)", tostring(key))
    end
    if key == "bq" then
      if v ~= 64 and v ~= 128 then C.fail("std.attention_backward: config.bq (query rows a tile) must be 64 or 128 (got %s)", tostring(v)) end
    elseif key == "tma_store" then
      if type(v) ~= "boolean" and v ~= "dv" then
        C.fail("std.attention_backward: config.tma_store must be true (dK and dV by TMA), \"dv\" (dV by TMA, dK by each " ..
               "thread) or false (got %s)", type(v) == "string" and string.format("%q", v) or tostring(v))
      end
    elseif key == "quad" then
      if type(v) ~= "boolean" and v ~= "pairs" then
        C.fail("std.attention_backward: config.quad must be true (16-byte stores), \"pairs\" (8-byte stores) or false (got %s)",
               type(v) == "string" and string.format("%q", v) or tostring(v))
      end
    elseif key == "split" then require("tilelua.std.attention_backward_split").check(v)
    elseif key == "clear" then
      if v ~= "delta" and v ~= "memset" then
        C.fail("std.attention_backward: config.clear must be \"delta\" (dQ's f32 buffer cleared by the delta pass) or " ..
               "\"memset\" (got %s)", type(v) == "string" and string.format("%q", v) or tostring(v))
      end
    elseif type(v) ~= "boolean" then C.fail("std.attention_backward: config.%s must be a boolean (got %s)", key, tostring(v)) end
  end
  -- dQ by default: on the wgmma kernels by TMA reduce-adds from the dK/dV kernel (1.04-1.21x the pass
  -- on an H200, bench/RESULTS.md 2026-11-26 session 13); on mma.sync (and MFMA) by a pass of its own (1.7-2.1x
  -- faster than its per-element atomics on an H100, 2026-11-25)
  local dq_mode = opts.dq
  if dq_mode == nil then dq_mode = use_wgmma(config.wgmma) and "atomic" or "pass" end
  if dq_mode ~= "atomic" and dq_mode ~= "pass" then
    C.fail("std.attention_backward: dq must be \"atomic\" (f32 reduce-adds from the key tiles' blocks) or \"pass\" (a kernel " ..
           "of its own) (got %s)", tostring(opts.dq))
  end
  local dt, B, Hq, S, D, Hkv, Skv = A._check_qkv("attention_backward", q, k, v, layout)
  if not HEAD_DIMS[D] then C.fail("std.attention_backward: the head dimension D must be 64 or 128 (got %d)", D) end
  for _, t in ipairs { { "do", dout }, { "o", o } } do
    local tdt = C.tensor_dtype("attention_backward", t[1], t[2])
    if tdt ~= dt then C.fail("std.attention_backward: %s must have q's dtype %s (got %s)", t[1], dt, tdt) end
    if not C.same_shape(t[2]:shape(), q:shape()) then
      C.fail("std.attention_backward: %s must have q's shape %s (got %s)", t[1], C.shape_str(q:shape()), C.shape_str(t[2]:shape()))
    end
  end
  local ldt = C.tensor_dtype("attention_backward", "lse", lse)
  if ldt ~= "f32" or not C.same_shape(lse:shape(), { B, Hq, S }) then
    C.fail("std.attention_backward: lse must be the f32 {%d, %d, %d} logsumexp std.attention returned (got %s %s)", B, Hq, S,
           ldt, C.shape_str(lse:shape()))
  end
  local scale = A._check_scale("attention_backward", opts.scale, D)
  local pass = dq_mode == "pass"
  if config.clear == "delta" and pass then
    C.fail("std.attention_backward: config.clear = \"delta\" clears dQ's f32 buffer, which only dq = \"atomic\" has")
  end
  local clear = config.clear or (pass and "memset" or "delta")
  use_wgmma(config.wgmma) -- (its errors before any work)
  local std = require "tilelua.std"
  if B * Hq * S == 0 or Skv == 0 then
    return tl.zeros(q:shape(), tl[dt]), tl.zeros(k:shape(), tl[dt]), tl.zeros(v:shape(), tl[dt])
  end
  -- (dK, dV, delta and dQ: every element written by a kernel, so their memory is not cleared first (C.NO_CLEAR): 192 MB
  -- less to clear a call at B S = 16k, H D = 2048)
  local dk, dv = tl.empty(k:shape(), tl[dt], C.NO_CLEAR), tl.empty(v:shape(), tl[dt], C.NO_CLEAR)
  -- (with dq = "pass" the first kernel's dq parameter is a placeholder it never touches)
  local function arg(t) return A._kernel_view(t, layout) end
  local tma = true
  for _, t in ipairs { q, k, v, dout } do tma = tma and C.tma_copyable_tensor(arg(t)) end
  -- (which: nil, or config.split's kernels: "main" and the pieces' count)
  local function dkdv(which)
    return dkdv_kernel(dt, D, causal, layout, not pass, config.wgmma, config.rs, config.ws, config.bq, tma, config.late,
                       config.flat, config.tma_store, S * (Hq // Hkv), config.persistent, config.lpt,
                       default_lpt(causal, S, Skv), config.quad, which)
  end
  local kern, BN, flat, persist, lpt, BQ = dkdv()
  -- (flat: the wgmma kernel's f32 dQ in 64 x 64 chunks in the accumulator's order, {1, 1, chunks x 128, 32} (bshd:
  -- {1, chunks x 128, 1, 32}), chunks B Hq ceil(S / 64) D / 64; else q's shape)
  local tiles = ((S + 63) // 64) * (D // 64) -- (a head's chunks)
  local nchunk = B * Hq * tiles
  -- delta = rowsum(dO * O) in f32: {B, Hq, S} ({B, S, Hq} for the {B, S, H, D} layout); with clear = "delta" its pass
  -- clears dQ's f32 buffer too
  local delta, dq32
  local shape32 = pass and (layout == "bshd" and { 1, 1, 1 } or { 1, 1, 1, 1 }) or
                  flat and (layout == "bshd" and { 1, nchunk * 128, 1, 32 } or { 1, 1, nchunk * 128, 32 }) or q:shape()
  if clear == "delta" then
    delta, dq32 = row_delta(dout, o, dt, D, tl.empty(shape32, tl.f32, C.NO_CLEAR))
  else
    delta, dq32 = row_delta(dout, o, dt, D), tl.zeros(shape32, tl.f32)
  end
  local grid = lpt and { Hkv, C.blocks(Skv, BN), B } or { C.blocks(Skv, BN), Hkv, B }
  if persist then grid = require("tilelua.std.attention_backward_wgmma").persistent_grid(C.blocks(Skv, BN) * Hkv * B, causal) end
  -- config.split (attention_backward_split.lua): the launch's last key blocks in pieces along the queries, a launch of
  -- their own, their f32 dK and dV summed and cast after
  local SP = require "tilelua.std.attention_backward_split"
  if config.split and not BQ then
    C.fail("std.attention_backward: config.split (the launch's last round in pieces) is a form of config.wgmma's kernel")
  end
  if config.split and persist then
    C.fail("std.attention_backward: config.split cuts the launch's last key blocks into pieces; config.persistent's " ..
           "blocks walk the key blocks in an order of their own: take one of them")
  end
  local split = config.split
  if split == nil then split = BQ and not persist and default_split(D, causal, not pass, S * (Hq // Hkv)) end
  -- (a piece is a share of its key block's query tiles, the same for each query head of the group: at most C.blocks(S, BQ))
  local sp = split and SP.plan(split, C.blocks(Skv, BN) * Hkv * B, C.blocks(S, BQ), C.resident_blocks(nil, 1, 3))
  local function launch(kernel, g, o1, o2, ...)
    kernel(g, arg(q), arg(k), arg(v), arg(dout), lse, delta, pass and dq32 or arg(dq32), o1, o2, scale * LOG2E, Hq // Hkv, ...)
  end
  if sp then
    local rows = sp.tail * sp.pieces * BN
    local dkp, dvp = tl.empty({ rows, D }, tl.f32, C.NO_CLEAR), tl.empty({ rows, D }, tl.f32, C.NO_CLEAR)
    -- (the main launch's blocks from nmain on store zeros into their key blocks' dK and dV, which the finalize, after
    -- it on the stream, overwrites; kern, the kernel without split, is not launched)
    if sp.nmain > 0 then launch((dkdv("main")), grid, arg(dk), arg(dv), sp.nmain) end
    launch((dkdv(sp.pieces)), { sp.tail * sp.pieces, 1, 1 }, dkp, dvp, sp.nmain)
    local fin, per = SP.finalize(dt, D, layout, BN, lpt, sp.pieces)
    fin({ sp.tail * per, 1, 1 }, dkp, dvp, arg(dk), arg(dv), sp.nmain)
  else
    launch(kern, grid, arg(dk), arg(dv))
  end
  if flat then
    local dq = tl.empty(q:shape(), tl[dt], C.NO_CLEAR)
    require("tilelua.std.attention_backward_dq_wgmma").dq_flat_kernel(dt, D, layout)({ tiles, Hq, B },
                                                                                   arg(dq32), arg(dq))
    return dq, dk, dv
  end
  if not pass then return std.cast(dq32, tl[dt]), dk, dv end
  local dq = tl.empty(q:shape(), tl[dt], C.NO_CLEAR)
  local dkern, BQ = dq_pass(dt, D, causal, layout, config.wgmma)
  dkern({ C.blocks(S, BQ), Hq, B }, arg(q), arg(k), arg(v), arg(dout), lse, delta, arg(dq), scale * LOG2E, Hq // Hkv)
  return dq, dk, dv
end

-- built again for another target by kernel:for_target (tilesh --cross, kernel:source(arch)): each
-- target picks its own kernels (a default built on sm_80 is the wgmma one for sm_90, and back)
dkdv_kernel = tl.retargetable(dkdv_kernel)
dq_pass = tl.retargetable(dq_pass)

return M
