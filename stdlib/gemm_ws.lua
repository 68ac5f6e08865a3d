-- gemm_ws.lua - the warp-specialized main loop of std.gemm (config.ws, NVIDIA sm_90): a producer
-- warpgroup whose leader thread issues TMA box copies of the A and B tiles into an S-stage ring of
-- LDS buffers, each stage completing on a "full" mbarrier; consumer warpgroups that wait for a
-- stage, run its wgmma with one group kept in flight, and hand the stage before back on an "empty"
-- mbarrier once that group is known complete (wgmma.wait_group 1). Registers move from the producer
-- to the consumers with setmaxnreg. No block-wide barrier in the loop: the
-- barriers order everything (FlashAttention-3 / CUTLASS's sm90 "warp-specialized" kernels).
-- (40/232 registers with two consumer warpgroups; see REGS below for the others.)
--
-- The K loop runs in rounds of S tiles (stage j of a round is buffer j, a constant, so every LDS
-- descriptor is known at trace time); round i uses phase i % 2 of every barrier. When K is not a
-- multiple of S tiles the last round's extra boxes lie outside A and B: TMA fills them with zeros,
-- which add nothing.
local tl = require "tilelua"
local M = {}

-- ctx: r (the resolved config: bm, bn, bk, wg), S (stages), la, lb (the LDS rings), K, copy_a(kk, j,
-- opts) / copy_b(kk, j, opts) (TMA copies of tile kk into stage j), tile_a(j) / tile_b(j) (stage j's
-- wgmma tiles), each_tile(fn)
-- (runs fn(it) for the block's output tile, it = nil, or with config.persistent for each tile the
-- block takes, it = 0, 1, ...; window_a, window_b and epilogue see that tile), window_a(kk),
-- window_b(kk) (box windows of the tiles at K offset kk; window_a(kk, row, rows): rows row.. of A's),
-- epilogue(acc, row0, role) (run by each consumer
-- warpgroup on its 64 x bn accumulators, rows from row0 of the tile)
function M.mainloop(k, ctx)
  local r, S, la, lb, K = ctx.r, ctx.S, ctx.la, ctx.lb, ctx.K
  local bm, bn, bk = r.bm, r.bn, r.bk
  local consumers = r.wm -- warpgroups of 64 rows
  -- registers per thread (setmaxnreg) moved from the producer to the consumers, as FlashAttention-3
  -- sizes them: threads x registers within what the block starts with (k:roles: 384 threads x 168,
  -- 512 x 128, 640 x 96); with one consumer every thread may already have 248 (no setmaxnreg)
  local REGS = { [2] = { 40, 232 }, [3] = { 32, 160 }, [4] = { 24, 112 } }
  local regs = REGS[consumers] or { nil, nil }
  -- with clusters of C blocks along N (config.cluster), the blocks of a cluster share their A tile:
  -- each loads 1/C of its rows and multicasts them to all, so a stage is free again only when the
  -- consumers of every block of the cluster have read it
  local C = r.cluster or 1
  local full = k:mbarrier(S, 1)
  -- one arrival per consumer warpgroup and block of the cluster: thread t < C of each warpgroup
  -- releases the stage in block t once its wgmma.wait_group says the warpgroup's reads are done
  local empty = k:mbarrier(S, consumers * C)
  local rank = C > 1 and k.cluster_rank() or nil
  local function release(j)
    local t = k.thread_id() % 128
    if C == 1 then k:when(tl.eq(t, 0), function() empty:arrive(j) end)
    else k:when(tl.lt(t, C), function() empty:arrive(j, { cta = t }) end) end
  end
  local function load_a(kk, j)
    if C == 1 then
      ctx.copy_a(kk, j, { barrier = full, index = j })
      return
    end
    local part = bm // C
    k:copy(k:window(la, { j * bm + rank * part, 0 }, { part, bk }), ctx.window_a(kk, rank * part, part),
           { barrier = full, index = j, multicast = (1 << C) - 1 })
  end
  -- rounds of S K tiles per output tile; a block's it-th tile starts at round it * rounds (persistent
  -- blocks walk several tiles, the barriers' phases run on across them)
  local rounds = (K + (S * bk - 1)) // (S * bk)
  local function round_phase(kk, it)
    local round = kk // (S * bk)
    if it then round = round + rounds * it end
    return round % 2
  end
  k:roles {
    { name = "producer", warps = 4, registers = regs[1], fn = function(role)
      k:when(role:leader(), function()
        ctx.each_tile(function(it)
          k:range(0, K, S * bk, function(kk)
            local ph = round_phase(kk, it)
            for j = 0, S - 1 do
              empty:wait(j, 1 - ph)
              load_a(kk + j * bk, j)
              ctx.copy_b(kk + j * bk, j, { barrier = full, index = j })
              full:arrive(j)
            end
          end)
        end)
      end)
    end },
    { name = "consumers", warps = 4 * consumers, registers = regs[2], fn = function(role)
      ctx.each_tile(function(it)
        local acc = k:range(0, K, S * bk, function(kk, acc)
          local ph = round_phase(kk, it)
          for j = 0, S - 1 do
            full:wait(j, ph)
            -- the first step does not read the (undefined) accumulators
            acc = r.wg:mma(ctx.tile_a(j), ctx.tile_b(j), acc,
                           { pending = 1, accumulate = j == 0 and tl.ne(kk, 0) or nil })
            -- one group stays in flight: the previous step's wgmma is complete, its stage is free
            if j > 0 then release(j - 1)
            else k:when(tl.ne(kk, 0), function() release(S - 1) end) end
          end
          return acc
        end, r.wg:undefined())
        k:wgmma_wait(0)
        -- the tile's last stage is free too (the next tile's first round starts at stage 0)
        k:when(tl.gt(K, 0), function() release(S - 1) end)
        -- K = 0: the loop did not run and the accumulators are still undefined
        acc = acc:map(function(v) return tl.select(tl.gt(K, 0), v, 0.0) end)
        -- the epilogue of this tile overlaps the producer's loads of the next
        ctx.epilogue(acc, 64 * (k.warp_id() // 4), role)
      end)
    end },
  }
  -- no block of a cluster ends while another may still multicast into it or arrive on its barriers
  if C > 1 then k:cluster_sync() end
end

return M
