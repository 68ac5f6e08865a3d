-- attention_wgmma.lua - std.attention's forward on Hopper's warpgroup MMA (opts.config.wgmma, NVIDIA
-- sm_90; the executor runs it at warp 32): the same online softmax as attention.lua, with both
-- products as wgmma from LDS and the copies as k:copy (TMA box copies on sm_90 where the layouts
-- allow them: lua/async.lua group_copy).
--
-- A block of WG warpgroups takes BM = 64 * WG query rows of one (batch, head). LDS holds, in
-- seed 003's K-major layout (the XOR preshuffle that is wgmma's 128-byte swizzle), q as D/64
-- panels of BM x 64 and each stage of K as D/64 panels of BN x 64; V stages in the MN-major layout
-- (tl.wgmma_mn_layout), P as BN/64 panels of BM x 64. Per key tile: S = q k^T by one m64nBNk16
-- wgmma chain per panel (the K tile read transposed), masks and the online softmax on the
-- accumulators (the running max m and each thread's part of the row sum l kept per row, in the
-- 4-element layout of an m64n8 accumulator, not per score), P = exp2(S * scale' - m * scale') cast
-- and stored to LDS, O = O * alpha + P V by an m64nDk16 chain. The key tiles run ST per loop
-- iteration with constant stage buffers (descriptor offsets are then constants); the last group's
-- steps past the end see only masked keys, which leaves the state as it was.
--
-- config.ws: warp-specialized as FlashAttention-3 and std.gemm's config.ws (gemm_ws.lua): a
-- producer warpgroup (40 registers) whose leader issues TMA box copies of q (on its own mbarrier)
-- and of each round's K and V tiles into the st stages (full[j]), two consumer warpgroups (232
-- registers) that wait for a stage, compute, and hand it back on empty[j]; no block barrier in the
-- loop (P's LDS round trip is ordered by the consumers' named barrier). Tensors TMA cannot copy
-- (unaligned, strides not of 16 bytes) leave the producer idle and the consumers copy for
-- themselves (cp.async), noted in kernel:report. config.split = true makes each consumer
-- warpgroup meet only its own threads. config.persistent: one block per multiprocessor walks the
-- query tiles, each ring stage's phase parity carried from tile to tile; config.wg = 3: three
-- consumer warpgroups (192 rows); config.tma_store (the default with ws where LDS has room): each
-- consumer warpgroup writes its output to an LDS buffer and its first thread stores it by TMA.
local tl = require "tilelua"
local C = require "tilelua.std.common"
local M = {}

local LN2 = 0.6931471805599453
local NEG_INF = -math.huge
-- (exp2's results below 2^-126 may be 0: a probability that small is nothing beside the row's sum, which is at
-- least 1; NVIDIA then runs one ex2.approx.ftz for it instead of exp2f's three more instructions of fix-up)
local FTZ = { flush_to_zero = true }
local WG = 2 -- warpgroups per block: 128 query rows
-- registers per thread (setmaxnreg) of the producer and the consumers with config.ws (as std.gemm's)
local REGS = { 40, 232 }
-- (config.overlap: 24 and 240, FlashAttention-3's, the same pool; at 232 its consumers spilled: ptxas -v for
-- sm_90a at D = 128, f16, spill stores / loads in bytes, 40/232 -> 24/240: overlap 56/108 -> 24/44, the two-role
-- split of session 11 64/120 -> 40/68; the ws default none either way)
local REGS_LEAN = { 24, 240 }

-- keys per tile and LDS stages per head dimension (opts.config.bn / stages override)
local BN = { [64] = 128, [128] = 128, [256] = 64 }
local STAGES = { [64] = 3, [128] = 2, [256] = 2 }

-- For each element y of an accumulator of shape big, the element of the m64n8 accumulator (small)
-- of this thread with the same row and the same column modulo 2; checked for every lane.
local maps = {}
local function row_map(big, small)
  local key = big.name .. small.name
  if maps[key] then return maps[key] end
  local fb, fs = tl._dist_facts(big.c), tl._dist_facts(small.c)
  for lane = 0, 127 do
    local a, b = big.c:coord(lane, 0), small.c:coord(lane, 0)
    assert(a[1] == b[1] and a[2] == b[2], "attention_wgmma: the accumulators' thread origins differ")
  end
  local map = {}
  for y = 0, fb.elements - 1 do
    local ob = fb.offsets[y + 1]
    for ys = 0, fs.elements - 1 do
      local os = fs.offsets[ys + 1]
      if os[1] == ob[1] and os[2] == ob[2] % 2 then map[y] = ys end
    end
    assert(map[y], "attention_wgmma: an accumulator element has no row in the m64n8 layout")
  end
  maps[key] = map
  return map
end

local function preshuffle(rows)
  return tl.xor_preshuffle { m_per_block = rows, k_per_block = 64, kpack = 8, m_lds_layer = 1 }
end

-- the wgmma forward kernel (masks where causal or Skv is not a multiple of the key tile); shared:
-- what attention.lua's forward kernel shares with it (FORWARD: params, block, load_dist)
-- (given: the config as the caller wrote it, part of the memo key: a kernel rebuilt for another target
-- resolves that config there, tl.retargetable)
function M.kernel(dt, d, causal, layout, skv_whole, config, shared, given)
  local ws = config.ws == true
  -- config.split (with ws): P's LDS round trip waits on a barrier of each consumer warpgroup's own
  -- (role:sync{warps = 4} in the one consumer role), so the two drift apart
  -- (one's softmax beside the other's products) instead of meeting at every key tile. As two roles
  -- (session 11) it spilled and was 20-26% slower where causal; as one role, 3-10% faster than ws alone
  -- on an H200, causal or not (bench/RESULTS.md, 2026-11-26). With overlap, the default at D = 64, 128
  local split = ws and config.split == true
  -- config.overlap (with ws): the softmax of one key tile beside the P V of the one before (see consume)
  local overlap = ws and config.overlap == true
  -- config.pingpong (with overlap and split): FlashAttention-3's warpgroup scheduling, the consumer
  -- warpgroups issue their products in turns (tile t: warpgroup 0, then 1), each handing the turn on
  -- once its S and P V are issued, so one warpgroup's softmax runs while the other's products do (named
  -- barriers, bar.sync by the waiting warpgroup and bar.arrive by the one before; with config.persistent the
  -- turns run on from tile to tile; the executor runs the warpgroups apart, k:roles' groups).
  -- The default where causal with Skv <= 4k (stdlib/attention.lua); not causal 0.90-0.98x at D = 64 (session 33)
  local pingpong = overlap and split and config.pingpong == true
  -- config.persistent (with overlap): one block per multiprocessor walks the query tiles
  -- (batch, head, rows), FlashAttention-3's persistent scheduling: the producer loads the next tile's
  -- q and first K and V tiles while the consumers finish this one (its last P V and the output), so a
  -- tile's start and end no longer stand alone (a block's own tile paid them unhidden: short sequences)
  local persistent = overlap and config.persistent == true
  -- config.dynamic (with persistent): the work tiles taken from a counter (FlashAttention-3's dynamic scheduler) instead
  -- of the fixed walk block, block + grid, ...: a block that finishes early takes the next tile, as the launch's own
  -- block scheduling does for a kernel that is not persistent (the fixed orders lost to it where causal)
  local dynamic = persistent and config.dynamic == true
  -- config.lpt (not persistent): see the block's tile in the body
  local lpt = config.lpt == true
  -- config.lpt_group (with dynamic): the counter's walk by groups of heads, each group's query tiles across its heads,
  -- so that the launch's last tiles are short ones where causal (head by head, the last tiles taken are of every length)
  local group = dynamic and (config.lpt_group or 1) > 1
  -- config.rs: P V reads P from registers (wgmma's RS form, FlashAttention-3's): no LDS round trip for
  -- P and no barrier for it; with overlap the last tile's P rides in the loop state
  local rs = config.rs == true
  -- config.wg (with ws): consumer warpgroups per block, 2 or 3 (FlashAttention-3's 192 query rows at
  -- D = 64): 64 * wg rows a block, the registers shared as 32 / 160 (the whole file: 32 x 128 + 160 x 384 = 65536;
  -- with 24 the producer's leader spilled: D = 64 rs = false 64 -> 16 bytes, bench/RESULTS.md session 41)
  local WG = config.wg or 2
  if WG ~= 2 and not (WG == 3 and ws) then
    C.fail("std.attention: config.wg = %s: the wgmma kernel takes 2 consumer warpgroups, or 3 with config.ws", tostring(WG))
  end
  -- (split alone is the ws default's code with per-warpgroup barriers: its registers)
  local regs = WG == 3 and { 32, 160 } or overlap and REGS_LEAN or REGS
  -- (config.ws: 2 stages; with 3 at D = 64 ptxas spills, bench/RESULTS.md)
  local bn, st = config.bn or BN[d], config.stages or (ws and 2 or STAGES[d])
  local masked = causal or skv_whole % bn ~= 0
  if bn ~= 64 and bn ~= 128 then C.fail("std.attention: config.wgmma takes config.bn = 64 or 128 (got %d)", bn) end
  if st < 2 then C.fail("std.attention: config.wgmma needs config.stages >= 2 (got %d)", st) end
  local BM, PD, PN = 64 * WG, d // 64, bn // 64
  local lds = (PD * BM * 64 + st * PD * bn * 64 + st * bn * d + (rs and 0 or PN * BM * 64)) * 2
  -- config.tma_store (with ws; the default where the LDS has room for it): each consumer warpgroup stages its
  -- normalized output in an LDS buffer of q's layout and one of its threads stores it by TMA, instead of every
  -- thread storing its pairs of elements (1.4 us of a block's 18 at D = 128, S = 1k; bench/RESULTS.md, 2026-11-26
  -- session 18). In the persistent kernel its read-wait is deferred to the next tile's epilogue: with the wait
  -- right after the stores it was 1.08-1.13x slower at D = 64 from S = 4k (session 18); deferred, 1.02-1.07x
  -- faster (session 23). At D = 128 the persistent kernel needs it either way: 700 bytes of spills without
  local want_store = config.tma_store
  if want_store == nil then want_store = true end
  -- config.tma_store = "producer" (config.persistent): the consumers stage each tile's output and arrive
  -- on an mbarrier, each thread after a proxy fence, and go on to the next tile; a thread of the producer warpgroup
  -- waits there, stores the tile by TMA and hands the buffer back once the stores have read it. The consumers lose
  -- their warpgroup's two barriers around the staging and the stores' issue (bench/RESULTS.md 2026-12-01 session 48)
  local handoff = config.tma_store == "producer"
  if handoff and not persistent then
    C.fail("std.attention: config.tma_store = \"producer\" (the producer warpgroup stores each tile's output) is a form of " ..
           "config.persistent's kernel (persistent = %s)", tostring(persistent))
  end
  local ostage = ws and want_store and lds + PD * BM * 64 * 2 <= tl._lds_max
  if config.tma_store and not ostage then
    C.fail("std.attention: config.tma_store needs %d more bytes of LDS at D = %d (%d in use, %d in all)", PD * BM * 64 * 2, d,
           lds, tl._lds_max)
  end
  if lds > tl._lds_max then
    C.fail("std.attention: config.wgmma with bn = %d, stages = %d needs %d bytes of LDS at D = %d, over %d", bn, st, lds, d,
           tl._lds_max)
  end
  local sS, sO, s8, s64 = tl.wgmma_shape { n = bn, a = dt }, tl.wgmma_shape { n = d, a = dt }, tl.wgmma_shape { n = 8, a = dt },
                          tl.wgmma_shape { n = 64, a = dt }
  local mapS, mapO = row_map(sS, s8), row_map(sO, s8)
  local key = table.concat({ "attention_wgmma", dt, d, tostring(causal), layout, tostring(masked), bn, st, tostring(ws),
                             tostring(split), tostring(overlap), tostring(pingpong), tostring(rs), tostring(persistent),
                             tostring(dynamic), tostring(ostage), WG, tostring(lpt), tostring(handoff), tostring(group), given or "" }, ";")
  return C.memo(key, function()
    local nt = (ws and WG + 1 or WG) * 128
    local load_dist = shared.load_dist
    local nc = WG * 128 -- the threads that copy with distributions: every one, or the consumer role's
    local qdist, kdist, vdist = load_dist(BM, 64, nc), load_dist(bn, 64, nc), load_dist(bn, d, nc)
    local rank = layout == "bshd" and 3 or 4
    return tl.kernel {
      name = string.format("std_attention_%s_d%d%s_wgmma%s%s%s%s%s%s%s%s%s%s", dt, d, causal and "_causal" or masked and "_masked" or "",
                           ws and "_ws" or "", split and "_split" or "", overlap and "_ov" or "",
                           pingpong and "_pp" or "", rs and "_rs" or "", persistent and (dynamic and "_dyn" or "_pt") or "",
                           WG == 3 and "_wg3" or "", lpt and "_l" or "", handoff and "_ph" or "", group and "_g" or ""),
      block = nt, warp = 32,
      -- (the warp index broadcast from lane 0: 1-4% faster at D = 128, even at D = 64, on an H200; it
      -- slowed the backward's kernel, which has no roles, by 5%: bench/RESULTS.md, 2026-11-26 session 15)
      -- (remat_offsets: at D = 128, where the kernels are at the register limit, the output staging's swizzled
      -- offsets computed where stored: spills 220 -> 132 bytes in the persistent kernel, 1.00-1.05x on an H200; at
      -- D = 64 the causal kernel was 4-6% slower with it: bench/RESULTS.md, 2026-11-27 session 22)
      -- (and with wg = 3, at 160 registers: the 15 staging addresses NVVM hoisted, 64-bit, were live across the key
      -- loop; D = 64 persistent spills 500 -> 440 bytes, with rs = false 180 -> 64, session 41, not timed yet)
      hints = { uniform_warp = true, remat_offsets = d == 128 or WG == 3 },
      -- (ctr: config.dynamic's counter of work tiles taken, zero as the launch starts and returned to zero by its end)
      params = shared.params(dt, rank),
      body = function(k, p)
        -- the query tile: the block's, or (config.persistent) the work tile each role's loop is at
        -- (each_tile below sets these, and what follows from q0, for the body it runs)
        local b, h, hk, q0, win, sq, skv
        local kv_end, unmasked, full_end, nkt, r_end
        local function at(f)
          b, h, hk, q0, win, sq, skv = f.b, f.h, f.hk, f.q0, f.win, f.sq, f.skv
          kv_end = causal and tl.min(skv, q0 + BM + skv - sq) or skv
          -- whole groups of st tiles that no row of the block masks run without masks; the rest with
          -- them, in groups of st too: a step past the last tile sees only masked keys, so P is 0,
          -- alpha 1 (or 0 where the row has seen nothing yet) and the state stays as it was
          unmasked = masked and tl.max(tl.min(skv, q0 + 1 + skv - sq), 0) or skv
          full_end = (unmasked // (st * bn)) * (st * bn)
          -- (config.overlap: the tile's key tiles, tile 0 even where the block's rows see no key; the
          -- whole rounds of st after tile 0 end at keys r_end, the last (nkt - 1) % st tiles follow one by
          -- one, so no step runs past the last tile)
          nkt = tl.max((kv_end + (bn - 1)) // bn, 1)
          r_end = ((nkt - 1) // st * st + 1) * bn
        end
        -- (causal at D = 128: each head's query tiles longest first, 1.03-1.04x on an H100 at S = 1k and 4k; at D = 64
        -- it was 0.95-0.97x, bench/RESULTS.md session 18)
        -- (lpt, config.lpt: the launch's grid {Hq, query tiles, B}, each batch's longest query tiles first across its
        -- heads where causal, so that the launch's last blocks are short ones; not yet measured on a device)
        if not persistent then at(shared.block(k, p, rank, d, BM, causal and (d == 128 or lpt), lpt)) end
        -- pbase (config.persistent): per stage j (pbase[j + 1]), the parity of its phases (K's and V's
        -- barriers alike) as this tile starts: its uses so far, modulo 2
        local pbase
        -- config.dynamic, once the roles are known: sched.slot, LDS for two tile numbers (tile it's in slot it % 2),
        -- sched.full[s] (the producer's leader wrote slot s) and sched.free[s] (every consumer thread, and the storing
        -- thread of config.tma_store = "producer", has read it); where
        -- the consumers copy for themselves, the slots alone (the consumer role's barrier hands them on)
        local sched
        -- each_tile(fn, who, role): fn(it) for the block's tile (it = nil) or, config.persistent, for each tile
        -- the block takes (it = 0, 1, ...): tiles block_id, block_id + grid, ... of nq x Hq x B,
        -- query tiles fastest (neighbouring blocks share K and V in L2); causal: the longest first.
        -- config.dynamic: the block's first tile is block_id, each next one grid + the counter's next value,
        -- taken by the producer's leader (who = "producer") and handed to the consumers (who = "consumer") and, with
        -- config.tma_store = "producer", to the producer's storing thread (who = "store", one more arrival on free)
        -- through sched; or, where the consumers copy for themselves (sched without mbarriers), taken by the
        -- consumer role's leader and handed on by the role's barrier; every role leaves its loop at the first tile
        -- past the last
        local function each_tile(fn, who, role)
          if not persistent then return fn(nil) end
          local nq = shared.query_tiles(p, rank, BM)
          local hq = (rank == 4 and p.q:shape(1) or p.q:shape(2) // d):cast("i32")
          local nw = nq * hq * p.q:shape(0):cast("i32")
          local zeros = {}
          for j = 1, st do zeros[j] = 0 end
          -- the body for work tile w, query tile qt of head h of batch b (w = (b hq + h) nq + qt; hb() -> h, b, called
          -- after the causal flip of qt: each walk's source in the order it had, the D = 64 kernel's byte for byte)
          local function walk(qt, hb, it, ...)
            if causal then qt = nq - 1 - qt end
            local h, b = hb()
            at(shared.tile(k, p, rank, d, b, h, qt * BM))
            pbase = { ... }
            fn(it)
            -- a tile's uses of each stage (tile t in stage t % st): its tiles t < nkt with t % st = j
            local nxt = {}
            for j = 1, st do nxt[j] = (pbase[j] + tl.max(nkt - j + st, 0) // st) % 2 end
            return nxt
          end
          if not sched and d == 64 then
            -- (at D = 64 the fixed walk divides at each tile's start: with the carried walk below, or the host's magic
            -- numbers, ptxas scheduled the key loop's exponentials otherwise and the kernel lost 3-11% from S = 2k, though
            -- the divisions are 4% of its time at 1k: bench/RESULTS.md sessions 31 and 34)
            k:range(k.block_id(0), nw, k.grid_dim(0), function(w, it, ...)
              local nxt = walk(w % nq, function()
                local b = w // nq // hq
                return (w // nq) % hq, b
              end, it, ...)
              return it + 1, table.unpack(nxt, 1, st)
            end, 0, table.unpack(zeros, 1, st))
            return
          end
          if not sched then
            -- the fixed walk w = block, block + grid, ...: qt, h and b carried from tile to tile, each step adding the
            -- grid's own (dq, dh, db) with a carry from qt into h and from h into b, so the divisions (a dependent
            -- chain of MUFU.RCP sequences) run once a block, not at each tile's start: at D = 128 1.00-1.10x (bf16
            -- 1.04-1.08x) at S = 1k to 4k on an H200 (bench/RESULTS.md session 34)
            local g, w0 = k.grid_dim(0), k.block_id(0)
            local gq, wq = g // nq, w0 // nq
            local dq, dh, db = g - gq * nq, gq % hq, gq // hq
            k:range(w0, nw, g, function(_, it, qt, h, b, ...)
              local nxt = walk(qt, function() return h, b end, it, ...) -- (the tile's body first)
              local q1 = qt + dq
              local c1 = tl.ge(q1, nq)
              local h1 = h + dh + tl.select(c1, 1, 0)
              local c2 = tl.ge(h1, hq)
              return it + 1, q1 - tl.select(c1, nq, 0), h1 - tl.select(c2, hq, 0), b + db + tl.select(c2, 1, 0),
                     table.unpack(nxt, 1, st)
            end, 0, w0 - wq * nq, wq % hq, wq // hq, table.unpack(zeros, 1, st))
            return
          end
          -- tile it's number (take(): the number, called by the thread that takes it): the producer's leader writes it
          -- into slot it % 2 once the consumers have read what the slot held two tiles before (free's phase it // 2 - 1:
          -- the phase "before the first" on a fresh barrier), the consumers wait for it and every thread arrives on free
          -- once it has read it. Without the mbarriers (the consumers copy for themselves) the consumer role's leader
          -- writes the slot and the role's barrier hands it on (the slot written next is the other one; this one again
          -- only after the next barrier, which every thread reaches after reading it)
          local producer = who == "producer"
          local function hand(it, take)
            local s = it % 2
            if not sched.full then
              k:when(role:leader(), function() sched.slot:store({ s }, take()) end)
              role:sync()
              return sched.slot:load({ s })
            end
            if producer then -- (the producer's leader)
              local w = take()
              sched.free:wait(s, 1 - (it // 2) % 2)
              sched.slot:store({ s }, w)
              sched.full:arrive(s)
              return w
            end
            sched.full:wait(s, (it // 2) % 2)
            local got = sched.slot:load({ s })
            sched.free:arrive(s)
            return got
          end
          -- the counter's next number, grid past it the next tile; nw numbers are taken in a launch (each block's tiles
          -- past its first, and one past the last tile a block), so the block that takes number nw - 1 is the last to
          -- touch the counter: it returns it to zero, and the next launch on the stream finds it so (the host keeps one
          -- counter a stream, made zero once: no memset a call)
          local function take_next()
            local old = p.ctr:atomic_add({ 0 }, 1, { old = true, order = "relaxed" })
            k:when(tl.eq(old, nw - 1), function() p.ctr:atomic_xchg({ 0 }, 0, { order = "relaxed" }) end)
            return k.grid_dim(0) + old
          end
          local w0 = hand(0, function() return k.block_id(0) end)
          k:range_while(0, nw, 1, function(it, w, ...)
            -- (w // nq and its quotient by hq by the host's magic numbers (FORWARD.divisor), not by divisions by
            -- run-time values, a dependent chain at each tile's start: 1.04-1.05x at D = 64, S = 1k and 2k on an H200,
            -- bench/RESULTS.md session 31)
            local nxt
            if group then
              -- (config.lpt_group: w = (c nq + qi) 2^grp_s + r, head c 2^grp_s + r of the launch (b hq + h), query tile qi
              -- of it (the longest first where causal): the group's heads in turn at each query tile)
              local u = w >> p.grp_s
              local c = shared.div(u, p.nq_m, p.nq_s)
              local hh = (c << p.grp_s) + (w - (u << p.grp_s))
              local b = shared.div(hh, p.hq_m, p.hq_s)
              nxt = walk(u - c * nq, function() return hh - b * hq, b end, it, ...)
            else
              local wq = shared.div(w, p.nq_m, p.nq_s)
              local b = shared.div(wq, p.hq_m, p.hq_s)
              nxt = walk(w - wq * nq, function() return wq - b * hq, b end, it, ...)
            end
            local w1 = hand(it + 1, take_next)
            return tl.lt(w1, nw), w1, table.unpack(nxt, 1, st)
          end, tl.lt(w0, nw), w0, table.unpack(zeros, 1, st))
        end
        local lq = k:lds(dt, { PD * BM, 64 }, { swizzle = preshuffle(PD * BM) })
        local lk = k:lds(dt, { st * PD * bn, 64 }, { swizzle = preshuffle(st * PD * bn) })
        local lv = k:lds(dt, { st * bn, d }, { swizzle = tl.wgmma_mn_layout(st * bn, d) })
        local lp = not rs and k:lds(dt, { PN * BM, 64 }, { swizzle = preshuffle(PN * BM) })
        local lo -- (config.tma_store: the output's staging buffer, declared once the tensors are known)
        -- (config.tma_store = "producer", where lo is: ofull, the consumers have staged a tile's output (each consumer
        -- thread arrives), ofree, the producer's stores of it have read the buffer (the storing thread arrives))
        local ofull, ofree
        -- fn() for the warpgroup w of the consumers: each issuer's own (config.pingpong: the warpgroups run apart on the
        -- executor, so each reaches only its own issuer's stores)
        local why
        local function own(w, fn)
          if pingpong and not why then return k:when(tl.eq(k.warp_id() // 4, w), fn) end
          fn()
        end
        -- the TMA stores of warpgroup w's 64 staged rows of the output (rows past S left out by TMA's bounds), issued by
        -- thread issuer
        local function store_rows(w, issuer)
          for pi = 0, PD - 1 do
            k:copy(win(p.o, h, q0 + w * 64, pi * 64, 64, 64), k:window(lo, { pi * BM + w * 64, 0 }, { 64, 64 }),
                   { tma = true, issuer = issuer })
          end
        end
        -- the TMA stores of the output's staging buffer have read it: those of each warpgroup's first thread
        local function stores_read()
          for w = 0, WG - 1 do own(w, function() k:tma_store_wait(0, { issuer = w * 128 }) end) end
        end
        -- the q panels, and the K and V tiles of keys kv0.. into stage buf; opts: {barrier, index}
        -- for box copies (config.ws), nil for copy-group copies with distributions
        local function copy_q(opts)
          for pi = 0, PD - 1 do
            k:copy(k:window(lq, { pi * BM, 0 }, { BM, 64 }, not opts and qdist or nil),
                   win(p.q, h, q0, pi * 64, BM, 64, not opts and qdist or nil), opts)
          end
        end
        local function copy_k(kv0, buf, opts)
          for pi = 0, PD - 1 do
            k:copy(k:window(lk, { (buf * PD + pi) * bn, 0 }, { bn, 64 }, not opts and kdist or nil),
                   win(p.k, hk, kv0, pi * 64, bn, 64, not opts and kdist or nil), opts)
          end
        end
        local function copy_v(kv0, buf, opts)
          k:copy(k:window(lv, { buf * bn, 0 }, { bn, d }, not opts and vdist or nil),
                 win(p.v, hk, kv0, 0, bn, d, not opts and vdist or nil), opts)
        end
        local function copy_kv(kv0, buf, opts) copy_k(kv0, buf, opts); copy_v(kv0, buf, opts) end
        -- the consumers of the block (every warpgroup, or the consumer role with config.ws):
        -- before(j, kv0, kv) readies stage j of the round at kv, sync() orders P's LDS writes before
        -- the wgmma reads them, after(j) hands stage j back (the consumers' warpgroups share the A tiles)
        -- ov (config.overlap, with config.ws): FlashAttention-3's pipelining within a warpgroup, the
        -- softmax of tile t beside the tensor cores' P V of tile t - 1 (the loop starts at tile 1, tile 0
        -- before it, the last tile's P V after it; the producer runs up to the rounds this takes). K and
        -- V then have pipelines of their own, as in FlashAttention-3: ov.wait_k(j, kv0) / ov.wait_v(j,
        -- kv0) ready K / V of the tile at keys kv0 in stage j, ov.free_k(j) / ov.free_v(j) hand a stage
        -- back (K once S is complete, V once P V is), so each tile's copies start a whole tile ahead;
        -- ov.turn() / ov.pass() (config.pingpong): wait for this warpgroup's turn, hand it on
        local function consume(before, sync, after, ov)
          local r0 = (k.warp_id() // 4) * 64 -- the warpgroup's first row in the block
          local arow, am = 0, BM -- the A tiles' first row and rows
          -- per score: its column in the tile and, per row, the keys the row sees
          local zs, z8 = sS:zeros(), s8:zeros()
          local col, lim, row8 = {}, {}, {}
          for y = 0, sS.elements - 1 do col[y] = zs:coords(y)[2] end
          for ys = 0, s8.elements - 1 do
            row8[ys] = q0 + r0 + z8:coords(ys)[1]
            lim[ys] = causal and tl.min(skv, row8[ys] + 1 + skv - sq) or skv
          end
          local function clone(t) return t:map(function(v) return v end) end -- (a tensor to set elements of)
          -- state: O (sO accumulators), m and l (m64n8-shaped: per row, two copies per thread)
          -- S = q k^T of the key tile in stage buf (PD panels; pend(i): the pending option of panel i)
          local function scores(buf, pend)
            local sc
            for pi = 0, PD - 1 do
              sc = sS:mma(lq:tile({ pi * BM + arow, 0 }, { am, 64 }), lk:tile({ (buf * PD + pi) * bn, 0 }, { bn, 64 }, { transposed = true }),
                          sc, pend and { pending = pend(pi) } or nil)
            end
            return sc
          end
          -- the online softmax of a tile's scores: P (unnormalized, this tile's max), the new max and row
          -- sums, and alpha, the factor of the output so far
          local function softmax(sc, kv0, m, l, with_mask)
            if with_mask then
              sc:foreach(function(v, _, y) return tl.select(tl.lt(kv0 + col[y], lim[mapS[y]]), v, NEG_INF) end)
            end
            -- the row max of the tile: this thread's part per m64n8 element, then across the lanes
            local part = z8:map(function() return NEG_INF end)
            for y = 0, sS.elements - 1 do part:set(mapS[y], tl.max(part:get(mapS[y]), sc:get(y))) end
            local mx = tl.reduce(part, "max", 1)
            local mn, neg, alpha = clone(z8), clone(z8), clone(z8)
            for ys = 0, s8.elements - 1 do
              mn:set(ys, tl.max(m:get(ys), mx:get(ys)))
              -- m taken as 0 while the row has seen only masked keys (-inf - -inf would be NaN)
              neg:set(ys, tl.select(tl.eq(mn:get(ys), NEG_INF), 0.0, -mn:get(ys) * p.scale))
              alpha:set(ys, tl.exp2(tl.fma(m:get(ys), p.scale, neg:get(ys)), FTZ))
            end
            local rs, ps = clone(z8), clone(sc)
            for y = 0, sS.elements - 1 do
              local e = tl.exp2(tl.fma(sc:get(y), p.scale, neg:get(mapS[y])), FTZ)
              ps:set(y, e)
              rs:set(mapS[y], rs:get(mapS[y]) + e)
            end
            local lnew = clone(z8)
            for ys = 0, s8.elements - 1 do lnew:set(ys, l:get(ys) * alpha:get(ys) + rs:get(ys)) end
            return ps, mn, lnew, alpha
          end
          local function rescale(o, alpha)
            local on = clone(o)
            for y = 0, sO.elements - 1 do on:set(y, o:get(y) * alpha:get(mapO[y])) end
            return on
          end
          -- the n 64-column panels of accumulator x (elements 32 pi .. 32 pi + 31 of an m64nN accumulator
          -- are those of its m64n64 panel pi) to the warpgroup's rows of each panel of LDS buffer buf, in dt,
          -- then sync(): P for the wgmma, the output for its TMA stores
          local function to_panels(buf, x, n, nosync)
            for pi = 0, n - 1 do
              local panel = s64:zeros()
              for y = 0, s64.elements - 1 do panel:set(y, x:get(y + s64.elements * pi)) end
              k:window(buf, { pi * BM + r0, 0 }, { 64, 64 }, s64.c):store(panel:cast(dt))
            end
            if not nosync then sync() end
          end
          local function store_p(ps) to_panels(lp, ps, PN) end
          -- O += P V with the V tile of stage buf (PN panels; pend(i) as in scores); config.rs: P (pr,
          -- already in dt) from registers, one product of K = bn (pend(0))
          local function pv(buf, o, pend, pr)
            if rs then
              return sO:mma(pr, lv:tile({ buf * bn, 0 }, { bn, d }), o, pend and { pending = pend(0) } or nil)
            end
            for pi = 0, PN - 1 do
              o = sO:mma(lp:tile({ pi * BM + arow, 0 }, { am, 64 }), lv:tile({ buf * bn + pi * 64, 0 }, { 64, d }), o,
                         pend and { pending = pend(pi) } or nil)
            end
            return o
          end
          -- P for P V: to LDS (then nil), or in registers in dt with config.rs
          local function hand_p(ps)
            if rs then return ps:cast(dt) end
            store_p(ps)
          end
          local npv = rs and 1 or PN -- (P V's wgmma groups)
          -- state: O (sO accumulators), m and l (m64n8-shaped: per row, two copies per thread)
          local function step(buf, kv0, o, m, l, with_mask)
            local ps, mn, lnew, alpha = softmax(scores(buf), kv0, m, l, with_mask)
            local on = rescale(o, alpha)
            return pv(buf, on, nil, hand_p(ps)), mn, lnew
          end
          -- (with config.rs and overlap the state carries the last tile's P too, in dt: a distributed
          -- tensor, which k:range carries as pairs in 32-bit registers)
          local carry_p = rs and ov ~= nil
          local ne = sO.elements + 2 * s8.elements + (carry_p and 1 or 0)
          local function flat(o, m, l, pr)
            local out = {}
            for y = 0, sO.elements - 1 do out[#out + 1] = o:get(y) end
            for ys = 0, s8.elements - 1 do out[#out + 1] = m:get(ys) end
            for ys = 0, s8.elements - 1 do out[#out + 1] = l:get(ys) end
            if carry_p then out[#out + 1] = pr end
            return out
          end
          local function unflat(v)
            local o, m, l = sO:zeros(), clone(z8), clone(z8)
            for y = 0, sO.elements - 1 do o:set(y, v[y + 1]) end
            for ys = 0, s8.elements - 1 do
              m:set(ys, v[sO.elements + ys + 1])
              l:set(ys, v[sO.elements + s8.elements + ys + 1])
            end
            return o, m, l, carry_p and v[sO.elements + 2 * s8.elements + 1] or nil
          end
          -- st tiles per iteration (a round) from keys lo, so each step's stage is a constant:
          -- body(j, kv0, kv, o, m, l[, pr]) -> o, m, l[, pr] for step j (keys kv0.. of the round at kv; pr:
          -- the last tile's P in dt, carried with config.rs and overlap)
          local function rounds(lo, hi, state, body)
            return table.pack(k:range(lo, hi, st * bn, function(kv, ...)
              local cur = { ... }
              for j = 0, st - 1 do cur = flat(body(j, kv + j * bn, kv, unflat(cur))) end
              return table.unpack(cur, 1, ne)
            end, table.unpack(state, 1, ne)))
          end
          -- tile t (keys t * bn ..) is in stage t % st
          local function loop(lo, hi, with_mask, state)
            return rounds(lo, hi, state, function(j, kv0, kv, o, m, l)
              before(j, kv0, kv)
              local on, mn, ln = step(j, kv0, o, m, l, with_mask)
              after(j)
              return on, mn, ln
            end)
          end
          local res
          if ov then
            -- tile 0 first: its scores (waited for) and softmax; P to LDS, O zero
            ov.wait_k(0, 0)
            ov.turn()
            local sc0 = scores(0, function(pi) return pi + 1 end)
            ov.pass()
            k:wgmma_wait(0)
            ov.free_k(0)
            -- (with masks even where the kernel has none, not causal with Skv a multiple of bn: without them, 128 of the
            -- first softmax's 460 instructions at D = 64, ptxas scheduled the key loop's exponentials otherwise and the
            -- kernel was 0.93x at S = 2k, 0.89x at 4k on an H200, bench/RESULTS.md session 34)
            local ps0, m0, l0 = softmax(sc0, 0, z8:map(function() return NEG_INF end), z8, true)
            local p0 = hand_p(ps0)
            -- tile t (keys kv0..) in stage (j + 1) % st, tile t - 1 in stage j: the stages are constants
            local function ostep(j, kv0, with_mask, o, m, l, pr)
              local js = (j + 1) % st
              ov.wait_k(js, kv0)
              ov.turn()
              -- issued back to back, nothing waited for: S of tile t, then P V of tile t - 1
              local sc = scores(js, function(pi) return pi + 1 end)
              ov.wait_v(j, kv0 - bn)
              o = pv(j, o, function(pi) return PD + pi + 1 end, pr)
              ov.pass()
              k:wgmma_wait(npv) -- S is complete (groups complete in order); P V still runs
              ov.free_k(js)
              local ps, mn, lnew, alpha = softmax(sc, kv0, m, l, with_mask)
              k:wgmma_wait(0) -- P V complete: O, the P buffer (or registers) and V's stage j are free
              ov.free_v(j)
              o = rescale(o, alpha)
              return o, mn, lnew, hand_p(ps)
            end
            local function oloop(lo, hi, with_mask, state)
              return rounds(lo, hi, state, function(j, kv0, _, ...) return ostep(j, kv0, with_mask, ...) end)
            end
            local full_ov = bn + (tl.max(unmasked - bn, 0) // (st * bn)) * (st * bn)
            res = oloop(bn, tl.min(full_ov, r_end), false, flat(sO:zeros(), m0, l0, p0))
            -- (not masked: full_ov is r_end, a loop of no trips, left out of the persistent kernel: 150 cycles a tile;
            -- not of the others: without it ptxas serialized the D = 128 kernel's wgmmas, 20 -> 340 bytes of spills
            -- and 0.8x at S = 8k on an H200, bench/RESULTS.md session 23)
            if masked or not persistent then res = oloop(tl.min(full_ov, r_end), r_end, true, res) end
            -- the last (nkt - 1) % st tiles, tile t in stage t % st as in a round: step j of one, a loop of
            -- at most one trip (a tile past the last would cost a whole step: 1/8 of the work at S = 1k)
            for j = 0, st - 2 do
              res = table.pack(k:range(r_end + j * bn, tl.min(r_end + (j + 1) * bn, nkt * bn), bn, function(kv0, ...)
                return table.unpack(flat(ostep(j, kv0, masked, unflat { ... })), 1, ne)
              end, table.unpack(res, 1, ne)))
            end
            ov.q_done() -- (every S of the tile is complete: q is free)
            -- the last tile's P V: tile nkt - 1, in stage (nkt - 1) % st (a loop of one trip for that stage)
            for js = 0, st - 1 do
              res = table.pack(k:range(0, tl.select(tl.eq((nkt - 1) % st, js), 1, 0), 1, function(_, ...)
                local o, m, l, pr = unflat { ... }
                ov.wait_v(js, (nkt - 1) * bn)
                o = pv(js, o, nil, pr)
                ov.free_v(js)
                return table.unpack(flat(o, m, l, pr), 1, ne)
              end, table.unpack(res, 1, ne)))
            end
          else
            res = loop(0, full_end, false, flat(sO:zeros(), z8:map(function() return NEG_INF end), z8))
            res = loop(full_end, kv_end, true, res)
          end
          local o, m, l8 = unflat(res)
          local l = tl.reduce(l8, "sum", 1)
          local inv = l:map(function(v) return tl.select(tl.gt(v, 0.0), 1.0 / v, 0.0) end)
          local out = clone(o)
          for y = 0, sO.elements - 1 do out:set(y, o:get(y) * inv:get(mapO[y])) end
          if lo and ofull then
            -- (config.tma_store = "producer": the buffer free again, the staging, each thread's fenced arrival)
            ov.out_free()
            to_panels(lo, out, PD, true)
            ofull:arrive(0, { fence = true })
          elseif lo then
            -- to LDS, then (after the warpgroup's barrier) the TMA stores of its 64 rows by its first thread
            -- (rows past S are left out by TMA's bounds). config.persistent: the last tile's stores have read the
            -- buffer before it is written again, waited for here rather than after they were issued (1000 cycles of
            -- a tile at D = 128, the issuer's wait and its warpgroup's barrier: bench/RESULTS.md session 23)
            if persistent then
              stores_read()
              sync()
            end
            to_panels(lo, out, PD)
            for w = 0, WG - 1 do
              local issuer = w * 128
              own(w, function()
                store_rows(w, issuer)
                if not persistent then k:tma_store_wait(0, { issuer = issuer }) end
              end)
            end
          else
            win(p.o, h, q0 + r0, 0, 64, d, sO.c):store(out:cast(dt))
          end
          for ys = 0, s8.elements - 1 do
            local lse = tl.select(tl.gt(l:get(ys), 0.0), (m:get(ys) * p.scale + tl.log2(l:get(ys))) * LN2, NEG_INF)
            p.lse:store({ b, h, row8[ys] }, lse, { mask = tl.land(tl.eq(z8:coords(ys)[2], 0), tl.lt(row8[ys], sq)) })
          end
        end
        -- config.ws needs what TMA needs of q, k and v; otherwise the consumers copy for themselves
        if ws then
          for _, t in ipairs { p.q, p.k, p.v } do why = why or C.tma_why(t, rank) end
          if why and WG == 3 then
            C.fail("std.attention: config.wg = 3 needs tensors TMA can copy (%s)", why)
          end
          if ostage and not why and C.tma_copyable(p.o, rank) then
            lo = k:lds(dt, { PD * BM, 64 }, { swizzle = preshuffle(PD * BM) })
          elseif ostage and not why then
            k:note("config.tma_store not used: the output is not 16-byte aligned with contiguous rows and strides of a " ..
                   "multiple of 16 bytes; each thread stores its elements")
          end
          if dynamic and not why then
            -- (config.tma_store = "producer": the storing thread reads each tile's number too)
            sched = { slot = k:lds(tl.i32, { 2 }), full = k:mbarrier(2, 1), free = k:mbarrier(2, WG * 128 + (handoff and lo and 1 or 0)) }
          elseif dynamic then
            sched = { slot = k:lds(tl.i32, { 2 }) }
            k:note("config.dynamic: the consumers copy the tiles themselves (" .. why .. "); their leader takes the " ..
                   "work tiles from the counter")
          end
          if why then
            k:note("config.ws not used: " .. why .. "; the consumers copy the tiles themselves" ..
                   ((overlap or split) and " (without config.overlap or config.split: one pipeline for both warpgroups)" or ""))
          end
        end
        -- the consumers copy the tiles themselves (copy groups: TMA on sm_90 outside roles, else
        -- cp.async), st - 1 tiles in flight; sync: the consumers' barrier
        local function self_copied(sync)
          copy_q()
          k:copy_commit()
          for j = 0, st - 2 do copy_kv(j * bn, j); k:copy_commit() end
          consume(function(j, kv0)
            k:copy_wait(st - 2)
            sync()
            copy_kv(kv0 + (st - 1) * bn, (j + st - 1) % st)
            k:copy_commit()
          end, sync, function() end)
          k:copy_wait(0)
        end
        if not ws then return each_tile(function() self_copied(function() k:sync() end) end) end
        -- config.ws: a producer warpgroup's leader issues TMA box copies into the ring of st stages
        -- (full[j]: the stage's bytes have landed), the consumer warpgroups hand a stage back on
        -- empty[j] once its products are done; tile t uses stage t % st and phase (t // st) % 2
        -- (config.overlap: K's ring full / empty and V's fullv / emptyv; its rounds start at tile 1,
        -- so one round spans two phases)
        local qbar, full, empty = k:mbarrier(1, 1), k:mbarrier(st, 1), k:mbarrier(st, WG)
        local fullv, emptyv
        if overlap then fullv, emptyv = k:mbarrier(st, 1), k:mbarrier(st, WG) end
        -- (js: the stage; config.persistent adds its parity as the tile started)
        local function phase(kv, js)
          if pbase then return (kv // (st * bn) + pbase[js + 1]) % 2 end
          return (kv // (st * bn)) % 2
        end
        -- config.persistent: q's buffer free again (qfree: the consumer warpgroups are done with it),
        -- tile it's q in it on phase it % 2 of qbar
        local qfree = persistent and k:mbarrier(1, WG)
        if handoff and lo then ofull, ofree = k:mbarrier(1, WG * 128), k:mbarrier(1, 1) end
        local function q_phase(it) return it and it % 2 or 0 end
        local roles = {
          { name = "producer", warps = 4, registers = regs[1], fn = function(role)
            if why then return end
            k:when(role:leader(), function() each_tile(function(it)
              if persistent then qfree:wait(0, 1 - q_phase(it)) end
              copy_q { barrier = qbar, index = 0 }
              qbar:arrive(0)
              -- one stage's tile: its stage free again, the copies, the arrival that expects their bytes
              local function load(kv0, js)
                empty:wait(js, 1 - phase(kv0, js))
                copy_kv(kv0, js, { barrier = full, index = js })
                full:arrive(js)
              end
              if overlap then
                -- K and V of each tile on their own rings; exactly the tiles the overlapped consumers
                -- take: tile 0, then rounds from tile 1 (a copy nobody waits for would still be in
                -- flight when the block ends)
                local function load_kv(kv0, js)
                  empty:wait(js, 1 - phase(kv0, js))
                  copy_k(kv0, js, { barrier = full, index = js })
                  full:arrive(js)
                  emptyv:wait(js, 1 - phase(kv0, js))
                  copy_v(kv0, js, { barrier = fullv, index = js })
                  fullv:arrive(js)
                end
                load_kv(0, 0)
                k:range(bn, r_end, st * bn, function(kv)
                  for j = 0, st - 1 do load_kv(kv + j * bn, (j + 1) % st) end
                end)
                for j = 0, st - 2 do
                  k:range(r_end + j * bn, tl.min(r_end + (j + 1) * bn, nkt * bn), bn, function(kv0) load_kv(kv0, (j + 1) % st) end)
                end
              else
                k:range(0, kv_end, st * bn, function(kv)
                  for j = 0, st - 1 do load(kv + j * bn, j) end
                end)
              end
            end, "producer") end)
            -- config.tma_store = "producer": the role's thread 32 (warp 1) stores tile it's output once the consumers have
            -- staged it (ofull's phase it % 2), and hands the buffer back once the stores have read it
            if ofull then
              k:when(tl.eq(role:tid(), 32), function() each_tile(function(it)
                ofull:wait(0, it % 2)
                for w = 0, WG - 1 do store_rows(w, 32) end
                k:tma_store_wait(0, { issuer = 32 })
                ofree:arrive(0)
              end, "store") end)
            end
          end, groups = ofull and 1 or nil },
        }
        local function consumer()
          return function(role)
            -- (config.pingpong, FlashAttention-3's turns: named barrier w completes when warpgroup w may issue, once it
            -- waits there and the warpgroup before it has issued its products and arrived; the last warpgroup gives
            -- warpgroup 0 the first turn; the turns go on from tile to tile with config.persistent)
            local wgr = pingpong and k.warp_id() // 4
            local turns = pingpong and not why and role:named_barriers(WG, 256)
            if turns then k:when(tl.eq(wgr, WG - 1), function() turns:arrive(0) end) end
            each_tile(function(it)
              if why then
                -- (persistent: the last tile's products are done everywhere before q's buffer is copied into)
                if persistent then role:sync() end
                return self_copied(function() role:sync() end)
              end
              qbar:wait(0, q_phase(it))
              -- a stage's products are complete (wgmma groups are waited for): hand it back
              local function hand_back(bar, j) k:when(tl.eq(k.thread_id() % 128, 0), function() bar:arrive(j) end) end
              local ov = overlap and {
                wait_k = function(j, kv0) full:wait(j, phase(kv0, j)) end,
                wait_v = function(j, kv0) fullv:wait(j, phase(kv0, j)) end,
                free_k = function(j) hand_back(empty, j) end,
                free_v = function(j) hand_back(emptyv, j) end,
                turn = function() if turns then turns:sync(wgr) end end,
                -- (the turn goes on once the warpgroup has issued)
                pass = function() if turns then turns:arrive((wgr + 1) % WG) end end,
                q_done = function() if persistent then hand_back(qfree, 0) end end,
                -- (config.tma_store = "producer": the producer's stores of the tile before have read the staging buffer)
                out_free = function() ofree:wait(0, 1 - it % 2) end,
              } or nil
              -- (config.split in one role: P's LDS round trip waits on the warpgroup's own barrier)
              local p_sync = function() role:sync() end
              if split then p_sync = function() role:sync { warps = 4 } end end
              consume(function(j, _, kv) full:wait(j, phase(kv, j)) end, p_sync, function(j) hand_back(empty, j) end, ov)
            end, "consumer", role)
            -- (config.persistent: the last tile's output stores have read the LDS before the block ends)
            if persistent and lo and not ofull then stores_read() end
          end
        end
        -- (one consumer role: its threads copy the tiles together where TMA cannot; config.split: each warpgroup
        -- meets only its own threads; config.pingpong: the turns name each thread's warpgroup, and the role's
        -- warpgroups run apart on the executor (groups), where a warpgroup waiting for its turn would otherwise hold
        -- up the other's issue)
        roles[2] = { name = "consumers", warps = 4 * WG, registers = regs[2], fn = consumer(),
                     groups = pingpong and not why and 4 or nil }
        k:roles(roles)
      end,
    }
  end), BM
end

return M
