-- attention_backward_dq_wgmma.lua - std.attention_backward's dQ kernels on Hopper's warpgroup MMA apart from the
-- dK/dV kernel (attention_backward_wgmma.lua, whose helpers and constants they share): the conversion of config.flat's
-- f32 chunks into dQ (dq = "atomic") and the dq pass (dq = "pass").
local tl = require "tilelua"
local C = require "tilelua.std.common"
local BWD = require "tilelua.std.attention_backward"
local W = require "tilelua.std.attention_backward_wgmma"
local prob, row_stats = BWD._prob, BWD._row_stats
local M = {}

local LOG2E = C.LOG2E
local WG, NB, FLAT = W._WG, W._NB, W._FLAT
local xyt, preshuffle, params, check_lds, flat_chunks = W._xyt, W._preshuffle, W._params, W._check_lds, W._flat_chunks

-- dQ from the f32 chunks of config.flat (see FLAT): a block of one warpgroup a 64 x 64 chunk, grid {ceil(S / 64) D / 64,
-- Hq, B}: the chunk read in 16-byte vectors as FLAT, relabeled as the m64n64 accumulator it was (the shares were
-- scaled when staged), cast to dt and written to LDS in that distribution, then read back in rows of 16-byte vectors
-- and stored into its rows and columns of dq (rows past S left out): the accumulator's own stores are 4 bytes, 16 a
-- row of a warp (the kernel took 96 us at D = 128, S = 1k, B S = 16k, H D = 2048 on an H200, cuDNN's conversion 56)
function M.dq_flat_kernel(dt, d, layout)
  local key = table.concat({ "attention_backward_dq_flat", dt, d, layout }, ";")
  return C.memo(key, function()
    local rank = layout == "bshd" and 3 or 4
    local PD = d // 64
    return tl.kernel {
      name = string.format("std_attention_backward_dq_flat_%s_d%d", dt, d),
      block = 128, warp = 32,
      params = { { "acc", tl.tensor("f32", rank) }, { "dq", tl.tensor(dt, rank) } },
      body = function(k, p)
        local sQ = tl.wgmma_shape { n = 64, a = dt }
        local b, hq, tc = k.block_id(2), k.block_id(1), k.block_id(0) -- (tc: the 64-row tile and the column block)
        local fc = flat_chunks(p.dq, rank, d)
        local tile, cb = tc // PD, tc % PD
        local q0, c0 = tile * 64, cb * 64
        -- (the 128-byte swizzle: the accumulator's 4-byte stores, 8 rows of 16 bytes a warp, and the rows' 16-byte
        -- reads each meet every bank once)
        local lt = k:lds(dt, { 64, 64 }, { swizzle = preshuffle(64) })
        local v = fc.window(k, p.acc, fc.chunk(b, hq, tile, cb), FLAT):load():relabel(sQ.c):cast(dt)
        k:window(lt, { 0, 0 }, { 64, 64 }, sQ.c):store(v)
        k:sync()
        local rows = require("tilelua.std.attention")._load_dist(64, 64, 128)
        local out = k:window(lt, { 0, 0 }, { 64, 64 }, rows):load()
        if rank == 4 then k:window(p.dq, { b, hq, q0, c0 }, { 1, 1, 64, 64 }, rows):store(out)
        else k:window(p.dq, { b, q0, hq * d + c0 }, { 1, 64, 64 }, rows):store(out) end
      end,
    }
  end)
end

-- The dq pass (attention_backward.lua's dq_kernel) on warpgroup MMAs: a block of WG warpgroups takes
-- BM = 64 * WG query rows of one (batch, query head), q and dO in K-major panels; per key tile of BK2
-- = 64 keys, K and V land in the MN-major layout (K read K-major as the B of S and MN-major as the
-- B of dQ; V K-major as the B of dP), then S = Q K^T, dP = dO V^T, dS = P * (dP - delta) through LDS,
-- dQ += dS K.
local BK2 = 64
function M.dq_kernel(dt, d, causal, layout, load_dist, block, given)
  local BM, PD = 64 * WG, d // 64
  check_lds((2 * PD * BM * 64 + 2 * NB * BK2 * d + BM * BK2) * 2, "'s dq pass", d)
  local sS, sO = tl.wgmma_shape { n = BK2, a = dt }, tl.wgmma_shape { n = d, a = dt }
  local key = table.concat({ "attention_backward_dq_wgmma", dt, d, tostring(causal), layout, tostring(given) }, ";")
  return C.memo(key, function()
    local nt = WG * 128
    local qdist, kdist = load_dist(BM, 64, nt), load_dist(BK2, d, nt)
    local rank = layout == "bshd" and 3 or 4
    return tl.kernel {
      name = string.format("std_attention_backward_dq_%s_d%d%s_wgmma", dt, d, causal and "_causal" or ""),
      block = nt, warp = 32,
      params = params(dt, rank, { "dq" }),
      body = function(k, p)
        -- (the forward's block header: one block per query tile of one (batch, query head))
        local f = block(k, p, rank, d, BM)
        local b, hq, hk, q0, win, sq, skv = f.b, f.h, f.hk, f.q0, f.win, f.sq, f.skv
        local r0 = (k.warp_id() // 4) * 64 -- the warpgroup's first query row in the block
        local scale_nat = p.scale * (1 / LOG2E)
        local lq = k:lds(dt, { PD * BM, 64 }, { swizzle = preshuffle(PD * BM) })
        local ldo = k:lds(dt, { PD * BM, 64 }, { swizzle = preshuffle(PD * BM) })
        -- (K and V: NB buffers each, key tile t in buffer t % NB, the next one copied during this one)
        local lk = k:lds(dt, { NB * BK2, d }, { swizzle = tl.wgmma_mn_layout(NB * BK2, d) })
        local lv = k:lds(dt, { NB * BK2, d }, { swizzle = tl.wgmma_mn_layout(NB * BK2, d) })
        local lds_ = k:lds(dt, { BM, BK2 }, { swizzle = preshuffle(BM) }) -- dS: queries x keys
        for pi = 0, PD - 1 do
          k:copy(k:window(lq, { pi * BM, 0 }, { BM, 64 }, qdist), win(p.q, hq, q0, pi * 64, BM, 64, qdist))
          k:copy(k:window(ldo, { pi * BM, 0 }, { BM, 64 }, qdist), win(p.dout, hq, q0, pi * 64, BM, 64, qdist))
        end
        k:copy_commit()
        -- per accumulator element of S: its query row (lse and delta once per row), its key column
        local qrow, col, lse, delta = row_stats(p, sS:zeros(), sS.elements, q0, r0, b, hq, sq, rank)
        -- causal: row i sees keys j <= i + skv - sq, so the block's keys end at q0 + BM + skv - sq
        local kv_end = causal and tl.max(tl.min(skv, q0 + BM + skv - sq), 0) or skv
        local function products(lx, ly, buf, base) return xyt(sS, PD, lx, BM, ly, BK2, buf, base) end
        local function load(kv0, buf)
          k:copy(k:window(lk, { buf * BK2, 0 }, { BK2, d }, kdist), win(p.k, hk, kv0, 0, BK2, d, kdist))
          k:copy(k:window(lv, { buf * BK2, 0 }, { BK2, d }, kdist), win(p.v, hk, kv0, 0, BK2, d, kdist))
          k:copy_commit()
        end
        -- one key tile (keys kv0.., in buffer buf; keys past kv_end or the causal bound are masked)
        local function tile(kv0, buf, acc)
          -- S and dP issued back to back; P from S while dP still runs
          local sc = products(lq, lk, buf, 0)
          local dp = products(ldo, lv, buf, PD)
          local ds = sc:map(function(v) return v end)
          k:wgmma_wait(PD) -- S complete (groups complete in order)
          for y = 0, sS.elements - 1 do
            ds:set(y, prob(sc:get(y), lse[y], tl.lt(qrow[y], sq), qrow[y], kv0 + col[y], sq, skv, causal, p.scale))
          end
          k:wgmma_wait(0) -- dP complete
          for y = 0, sS.elements - 1 do ds:set(y, ds:get(y) * (dp:get(y) - delta[y])) end
          k:window(lds_, { r0, 0 }, { 64, BK2 }, sS.c):store(ds:cast(dt))
          k:sync { warps = 4 } -- (this warpgroup's rows of dS, which only its own dQ product reads)
          return sO:mma(lds_:tile({ 0, 0 }, { BM, BK2 }), lk:tile({ buf * BK2, 0 }, { BK2, d }), acc)
        end
        -- the key tile from kv0 in buffer j, the next one's copies running during it
        local function step(kv0, j, acc)
          -- (buffer (j + 1) % NB's last tile, t - 2, was done everywhere before tile t - 1's barrier)
          load(kv0 + BK2, (j + 1) % NB)
          k:copy_wait(1) -- this tile's copies (and q's and dO's) have landed
          k:sync()
          return tile(kv0, j, acc)
        end
        -- NB key tiles a round, so each one's buffer is a constant; then the last nt % NB tiles, the
        -- round's tile j in buffer j (a loop of at most one trip each)
        load(0, 0)
        local nt = (kv_end + (BK2 - 1)) // BK2
        local e3 = (nt // NB) * (NB * BK2)
        local dq = k:range(0, e3, NB * BK2, function(kv, acc)
          for j = 0, NB - 1 do acc = step(kv + j * BK2, j, acc) end
          return acc
        end, sO:zeros())
        for j = 0, NB - 2 do
          dq = k:range(e3 + j * BK2, tl.min(e3 + (j + 1) * BK2, nt * BK2), BK2, function(kv, acc) return step(kv, j, acc) end, dq)
        end
        k:copy_wait(0) -- (the last copies, nobody's tile)
        win(p.dq, hq, q0 + r0, 0, 64, d, sO.c):store((dq * scale_nat):cast(dt))
      end,
    }
  end), BM
end

return M
