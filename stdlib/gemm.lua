-- gemm.lua - std.gemm: C = alpha * op(A) * op(B) + beta * C on the matrix units (tl.mma_shape: NVIDIA
-- mma.sync m16n8k16 at warp 32, AMD MFMA 32x32x8 at warp 64), f16/bf16 inputs, f32 accumulation.
--
-- A block computes a BM x BN tile of C with WM x WN warps, each warp a grid of TM x TN MMA tiles.
-- The K loop is pipelined through S LDS buffers (stages; S = 2 is double buffering), S set by the
-- kernel's latency hint (k:hint "latency": 1-3 -> 2 stages, 4-6 -> 3, 7-9 -> 4, 10 -> 5, fewer when
-- the LDS would not fit): before the loop tiles 0..S-2 go global -> LDS buffers 0..S-2; each
-- iteration (k:range, step S BK) makes S K steps, step j on buffer j: wait for tile j's copy and
-- synchronize, start the copy of the tile S-1 ahead into the buffer the previous step read
-- (k:copy: cp.async on NVIDIA), then the MMAs of the step (LDS -> fragments through windows with
-- the MMA encodings: ldmatrix on NVIDIA). Both LDS tiles go
-- through seed 003's XOR preshuffle (tl.xor_preshuffle), chosen so the fragment reads are conflict-free
-- (std.gemm_bank_report). Loads are masked with pad 0, so any M, N, K works; stores are masked.
-- op(A) = A^T when trans_a (A stored K x M), likewise B; those tiles are transposed on the way
-- into LDS, so the fragment reads are the same for all four layouts.
local tl = require "tilelua"
local C = require "tilelua.std.common"
local M = {}

local CONFIG_FIELDS = { bm = true, bn = true, bk = true, wm = true, wn = true, wgmma = true, pending = true,
                        group = true, ws = true, persistent = true, cluster = true, tma_store = true, tma = true }
-- LDS per block: the target's (tl.target().lds: 227 KiB on sm_90, dynamic above 48 KiB; 64 KiB on AMD)
local function lds_max() return tl.target().lds end
-- the latency hint when none is given: 3 stages; 4 for wgmma configs, whose copies run one tile
-- less ahead while a wgmma group stays in flight (the fastest measured, bench/RESULTS.md)
local DEFAULT_LATENCY = 4
local DEFAULT_LATENCY_WGMMA = 7
local MAX_STAGES = 5

-- The pipeline depth for a latency hint (1..10), capped by the LDS the stages take.
local function stages_of(latency, stage_bytes, reserve)
  local s = math.min(MAX_STAGES, 2 + ((latency or DEFAULT_LATENCY) - 1) // 3)
  while s > 2 and s * stage_bytes + (reserve or 0) > lds_max() do s = s - 1 end
  return s
end

-- Defaults per warp: 128 x 256 x 32 tiles with warp tiles of 64 x 64 (8 warps of 32: the fastest of
-- the list at 4096^3 on an H200, bench/RESULTS.md), 128 x 128 x 32 with 64 x 32 (8 waves of 64).
-- A warp's accumulators are carried through the K loop as values of one IR instruction; MAX_CARRIED
-- bounds them (registers: 128 f32 accumulators per thread is already a lot).
local DEFAULT = {
  [32] = { bm = 128, bn = 256, bk = 32, wm = 2, wn = 4 },
  [64] = { bm = 128, bn = 128, bk = 32, wm = 2, wn = 4 },
}
local MAX_CARRIED = 128
-- the list tl.autotune tunes over (std.gemm_configs)
local CONFIGS = {
  [32] = { DEFAULT[32], { bm = 256, bn = 128, bk = 32, wm = 4, wn = 2 }, { bm = 128, bn = 128, bk = 32, wm = 4, wn = 4 },
           { bm = 128, bn = 64, bk = 32, wm = 2, wn = 4 }, { bm = 64, bn = 128, bk = 32, wm = 2, wn = 4 },
           { bm = 64, bn = 64, bk = 32, wm = 2, wn = 2 }, { bm = 128, bn = 128, bk = 16, wm = 4, wn = 4 },
           { bm = 128, bn = 128, bk = 32, wm = 2, wn = 8 }, { bm = 128, bn = 128, bk = 32, wm = 2, wn = 4 } },
  [64] = { DEFAULT[64], { bm = 128, bn = 64, bk = 32, wm = 2, wn = 2 }, { bm = 64, bn = 128, bk = 32, wm = 2, wn = 2 },
           { bm = 64, bn = 64, bk = 32, wm = 1, wn = 2 }, { bm = 128, bn = 128, bk = 16, wm = 2, wn = 4 } },
}

-- Warpgroup MMA configs (NVIDIA sm_90: wgmma reads both tiles from LDS): bm/64 warpgroups of 128
-- threads split the rows, each multiplies its 64 rows by the whole bn columns; bk = 64 (one
-- 128-byte swizzle atom row of f16/bf16)
-- (first, the default: 128 x 256 warp-specialized, persistent, in clusters of 2 sharing A by TMA
-- multicast, the epilogue by TMA stores; on an H200 as fast as the copy-group pipeline at 4096^3 and
-- 2048^3, faster at 8192^3 and where M or N is ragged (the stores' box bounds instead of per-element
-- masks): bench/RESULTS.md, 2026-11-25 session 11. Then the copy-group pipeline, 128 x 256 with one
-- group in flight and 4 stages; 256 x 128 was with every group waited for)
local WGMMA_CONFIGS = { { bm = 128, bn = 256, bk = 64, wgmma = true, ws = true, persistent = true, cluster = 2, tma_store = true },
                        { bm = 128, bn = 256, bk = 64, wgmma = true }, { bm = 256, bn = 128, bk = 64, wgmma = true },
                        { bm = 128, bn = 128, bk = 64, wgmma = true } }

-- true when the target runs wgmma (sm_90, and the executor at warp 32)
local function target_has_wgmma() return tl.target().wgmma end
-- true when wgmma is the default: on sm_90 (the executor keeps mma.sync unless a config asks)
local function default_wgmma() local t = tl.target(); return t.wgmma and t.vendor == "nvidia" end

-- The matrix unit of the current target, or an error naming what the target lacks (tilesh --cross
-- reports it as unsupported): MFMA on gfx908/gfx90a/gfx94x, mma.sync on sm_80+, wgmma on sm_90.
local function check_unit(who, dt)
  local t = tl.target()
  if t.vendor == "cpu" then return end
  if t.vendor == "amd" and t.mfma and (dt ~= "bf16" or t.mfma:find("bf16", 1, true)) then return end
  if t.vendor == "nvidia" and t.mma_sync then return end
  if t.vendor == "amd" and t.mfma then
    tl.unsupported(t.arch, "std.%s with bf16 inputs needs the bf16 MFMA of gfx90a/gfx94x (%s has f16 only)", who, t.arch)
  end
  tl.unsupported(t.arch, "std.%s runs on matrix units: %s", who, t.matrix_missing or "none here")
end

-- std.gemm_configs() -> the tile configurations for the current target (the selected device's;
-- copies; the first is the default, except on sm_90 with trans_a: the first without its cluster)
function M.gemm_configs()
  local out = {}
  if tl.default_warp() == 32 and default_wgmma() then
    for _, c in ipairs(WGMMA_CONFIGS) do out[#out + 1] = C.copy(c) end
  end
  for _, c in ipairs(CONFIGS[tl.default_warp()] or CONFIGS[32]) do out[#out + 1] = C.copy(c) end
  return out
end

local function pow2(n) return math.type(n) == "integer" and n >= 1 and n & (n - 1) == 0 end

local FP8 = { f8e4m3 = true, f8e5m2 = true }
-- 8-bit floats run on the warp-specialized TMA schedule only (wgmma k32, K-major operands); persistent:
-- at 4096^3 e4m3 118 against 128 us without (an H100, bench/RESULTS.md 2026-11-25), equal at 8192^3
local FP8_DEFAULT = { bm = 128, bn = 256, bk = 128, wgmma = true, ws = true, persistent = true }

local function shape_of(dt, who)
  if FP8[dt] then
    local t = tl.target()
    if not (t.wgmma and t.tma) then
      tl.unsupported(t.arch, "std.%s with %s inputs needs the 8-bit wgmma and TMA of NVIDIA sm_90", who or "gemm", dt)
    end
    return { dtype = dt, warp = 32, fp8 = true }
  end
  check_unit(who or "gemm", dt)
  return tl.mma_shape { a = dt }
end

-- The configuration with its derived facts: threads, warp tile, MMA grid per warp; fails naming the
-- rule a field breaks.
local function resolve_wgmma(who, r, s)
  local vendor = tl.target().vendor
  if tl.default_warp() ~= 32 and vendor ~= "amd" then
    C.fail("std.%s: config.wgmma needs warps of 32 (NVIDIA sm_90), the kernel's warp is %d", who, tl.default_warp())
  end
  if not target_has_wgmma() then
    tl.unsupported(tl.target().arch, "std.%s: config.wgmma: wgmma exists on NVIDIA sm_90 only", who)
  end
  if r.bk * C.SIZE[s.dtype] ~= 128 then
    C.fail("std.%s: config.wgmma needs bk = %d for %s (one 128-byte row of the LDS swizzle; got %d)", who,
           128 // C.SIZE[s.dtype], s.dtype, r.bk)
  end
  if r.bm % 64 ~= 0 or r.bm > 512 then C.fail("std.%s: config.wgmma needs bm a multiple of 64 up to 512 (got %d)", who, r.bm) end
  if r.bn < 64 or r.bn > 256 then C.fail("std.%s: config.wgmma needs bn in 64..256 (got %d)", who, r.bn) end
  r.wm, r.wn = r.bm // 64, 1
  -- the pipeline's tiles by TMA copy groups where the target and the tensors allow (config.tma =
  -- false: cp.async): 10-12% faster than cp.async at 4096^3, 8192^3 and 8192x1024x8192 on an H100,
  -- 2.5% slower at 2048^3 (bench/RESULTS.md, 2026-11-25)
  if r.tma == nil then r.tma = true end
  -- one group in flight by default (9-18% faster on the H200 than waiting for each, bench/RESULTS.md)
  r.pending = r.pending or 1
  -- launch order in groups of 8 tile rows (2-3% faster at 8192^3 in one H200 run, bench/RESULTS.md)
  r.group = r.group or 8
  r.threads = r.wm * 128
  if r.ws then
    -- warp-specialized (gemm_ws.lua): a producer warpgroup issuing TMA copies besides the consumers
    if not tl.target().tma then
      tl.unsupported(tl.target().arch, "std.%s: config.ws: TMA copies and mbarriers exist on NVIDIA sm_90 only", who)
    end
    r.threads = r.threads + 128
  end
  r.wtm, r.wtn = 64, r.bn
  r.stage_bytes = (r.bm * r.bk + r.bk * r.bn) * C.SIZE[s.dtype]
  r.wg = tl.wgmma_shape { n = r.bn, a = s.dtype }
  if 2 * r.stage_bytes > lds_max() then
    C.fail("std.%s: config needs %d bytes of LDS (two A and two B tiles), over %d", who, 2 * r.stage_bytes, lds_max())
  end
  return r
end

local function resolve(who, cfg, s)
  if cfg ~= nil and type(cfg) ~= "table" then C.fail("std.%s: config must be a table {bm, bn, bk, wm, wn} (got %s)", who, type(cfg)) end
  if s.fp8 then
    cfg = cfg or FP8_DEFAULT
    if not (cfg.wgmma and cfg.ws) then
      C.fail("std.%s: %s inputs run on the warp-specialized TMA schedule: the config needs wgmma = true, ws = true", who, s.dtype)
    end
  end
  if cfg == nil and s.warp == 32 and default_wgmma() then cfg = WGMMA_CONFIGS[1] end
  local r = C.copy(DEFAULT[s.warp])
  if cfg and cfg.wgmma then r.wm, r.wn = nil, nil end
  for key, v in pairs(cfg or {}) do
    if not CONFIG_FIELDS[key] then C.fail("std.%s: unknown config field '%s' (fields: bm, bn, bk, wm, wn, wgmma, pending, group, ws, persistent, cluster, tma_store, tma)", who, tostring(key)) end
    if key == "wgmma" or key == "ws" or key == "persistent" or key == "tma_store" or key == "tma" then
      if type(v) ~= "boolean" then C.fail("std.%s: config.%s must be a boolean (got %s)", who, key, tostring(v)) end
    elseif key == "pending" then
      if v ~= 0 and v ~= 1 then C.fail("std.%s: config.pending must be 0 or 1 (wgmma groups left in flight; got %s)", who, tostring(v)) end
    elseif key ~= "cluster" and not pow2(v) then C.fail("std.%s: config.%s must be a power of two (got %s)", who, key, tostring(v)) end
    r[key] = v
  end
  if r.ws and not r.wgmma then C.fail("std.%s: config.ws (warp-specialized, TMA) needs config.wgmma", who) end
  if r.persistent and not r.ws then C.fail("std.%s: config.persistent (one block per SM walking tiles) needs config.ws", who) end
  if r.tma_store and not r.ws then C.fail("std.%s: config.tma_store (the epilogue by TMA stores) needs config.ws", who) end
  if r.cluster ~= nil then
    if r.cluster ~= 1 and r.cluster ~= 2 and r.cluster ~= 4 then C.fail("std.%s: config.cluster must be 1, 2 or 4 (got %s)", who, tostring(r.cluster)) end
    if r.cluster > 1 and not r.ws then C.fail("std.%s: config.cluster (blocks sharing A tiles by TMA multicast) needs config.ws", who) end
    if r.cluster == 1 then r.cluster = nil end
  end
  if r.wgmma then return resolve_wgmma(who, r, s) end
  r.threads = r.wm * r.wn * s.warp
  r.wtm, r.wtn = r.bm // r.wm, r.bn // r.wn
  if r.threads > 1024 then C.fail("std.%s: config wm*wn = %d warps of %d is %d threads, over 1024", who, r.wm * r.wn, s.warp, r.threads) end
  if r.wtm < s.m or r.wtn < s.n then
    C.fail("std.%s: config bm/wm x bn/wn = %dx%d is smaller than one %s tile (%dx%d)", who, r.wtm, r.wtn, s.name, s.m, s.n)
  end
  if r.bk < s.k then C.fail("std.%s: config.bk = %d is smaller than the %s K step %d", who, r.bk, s.name, s.k) end
  if r.bm * r.bk < r.threads or r.bk * r.bn < r.threads then
    C.fail("std.%s: config tiles bm*bk = %d and bk*bn = %d must each have at least one element per thread (%d threads)",
           who, r.bm * r.bk, r.bk * r.bn, r.threads)
  end
  r.stage_bytes = (r.bm * r.bk + r.bk * r.bn) * C.SIZE[s.dtype]
  local lds = 2 * r.stage_bytes
  if lds > lds_max() then
    C.fail("std.%s: config needs %d bytes of LDS (two A and two B tiles), over %d", who, lds, lds_max())
  end
  r.tm, r.tn = r.wtm // s.m, r.wtn // s.n
  if r.tm * r.tn * s.elements.c > MAX_CARRIED then
    C.fail("std.%s: config warp tile %dx%d holds %d f32 accumulators per thread, over the %d values a K loop can carry " ..
           "(use more warps: wm*wn)", who, r.wtm, r.wtn, r.tm * r.tn * s.elements.c, MAX_CARRIED)
  end
  return r
end

-- The distribution of a rows x cols tile read from global memory by nt threads: vectors of up to 8
-- elements (16 bytes) along cols, consecutive threads along a row, then down the rows.
local function load_dist(rows, cols, nt)
  local v = 8
  while v > 1 and (rows * cols < nt * v or cols % v ~= 0) do v = v // 2 end
  local xt = cols // v -- <= 32 for the tiles resolve() accepts (cols <= 256, v = 8 unless the tile is small)
  local rt = nt // xt
  return tl.encoding { h = { { rows // rt, rt }, { xt, v } }, p = { { { 1, 1 }, { 2, 0 } } }, y = { { 1, 0 }, { 2, 1 } } }, v
end

-- The LDS descriptors: A as [2*BM, BK] and B as [2*BK, BN] (two buffers each, stacked along the
-- first dimension), XOR-preshuffled (seed 003) in kpack-element chunks along the contiguous
-- dimension, kpack and m_lds_layer chosen with the bank model of the target: the fewest-way MMA
-- fragment read, then the fewest-way tile write (row-major operands), then the widest kpack.
local TARGET = { [32] = "sm_90", [64] = "gfx90a" }
local function bank(dist, lds, op, s)
  return tl.bank_report { dist = dist, lds = lds, op = op, elem_bytes = C.SIZE[s.dtype], target = TARGET[s.warp], warp = s.warp }
end

local function pick(rows, cols, frag, write_dist, s)
  local best, bscore
  for _, kpack in ipairs { 8, 4, 2 } do
    for _, layer in ipairs { 1, 2, 4 } do
      local ok, d = pcall(tl.xor_preshuffle, { m_per_block = rows, k_per_block = cols, kpack = math.min(kpack, cols),
                                               m_lds_layer = layer })
      if ok then
        local r, w = bank(frag, d, "read", s), bank(write_dist, d, "write", s)
        local score = r.worst * 1000 + w.worst * 10 + (kpack == 8 and 0 or kpack == 4 and 1 or 2)
        if not bscore or score < bscore then best, bscore = d, score end
      end
    end
  end
  return best
end

local descs = {}
local function lds_descs(r, s, stages)
  if r.wgmma then
    local key = table.concat({ "wgmma", r.bm, r.bn, r.bk, stages }, ":")
    descs[key] = descs[key] or { tl.xor_preshuffle { m_per_block = stages * r.bm, k_per_block = r.bk,
                                                     kpack = 16 // C.SIZE[s.dtype], m_lds_layer = 1 },
                                 tl.wgmma_mn_layout(stages * r.bk, r.bn) }
    return descs[key][1], descs[key][2]
  end
  stages = stages or 2
  local key = table.concat({ s.warp, s.dtype, r.bm, r.bn, r.bk, r.threads, stages }, ":")
  local d = descs[key]
  if not d then
    d = { pick(stages * r.bm, r.bk, s.a, load_dist(r.bm, r.bk, r.threads), s),
          pick(stages * r.bk, r.bn, s.b, load_dist(r.bk, r.bn, r.threads), s) }
    descs[key] = d
  end
  return d[1], d[2]
end

-- The config a call without one takes where it differs from resolve()'s default (nil: that default):
-- on sm_90 with trans_a the default without clusters (A's multicast is written for row blocks only;
-- a cluster would leave TMA for the wgmma pipeline), so A^T still arrives by TMA
local function default_for(ta)
  if not (ta and tl.default_warp() == 32 and default_wgmma()) then return nil end
  local c = C.copy(WGMMA_CONFIGS[1])
  c.cluster = nil
  return c
end

local function variant(dt, opts)
  opts = opts or {}
  local warp = tl.default_warp()
  local s = shape_of(dt, opts.who or "gemm_kernel")
  local r = resolve(opts.who or "gemm_kernel", opts.config or (not FP8[dt] and default_for(opts.trans_a == true)) or nil, s)
  return s, r, warp
end

-- std.gemm_kernel(dtype[, {trans_a, trans_b, beta, c_dtype, out_dtype, config, latency}]) -> kernel,
-- config (with stages and lds_bytes for the latency hint; a kernel:replace_hints{latency = n} copy
-- retraces with the depth of n).
-- Params: a, b, c (the result, out_dtype), alpha; with beta = true also cin (c_dtype) and beta.
-- Grid: std.gemm_grid(config, M, N).
local function gemm_kernel(dtype, opts)
  opts = opts or {}
  local dt = C.dtype_name("gemm_kernel", dtype)
  if dt ~= "f16" and dt ~= "bf16" and not FP8[dt] then
    C.fail("std.gemm_kernel: the inputs must be f16, bf16, f8e4m3 or f8e5m2 (got %s)", dt)
  end
  if FP8[dt] and (opts or {}).trans_b ~= true then
    C.fail("std.gemm: %s inputs need B as N x K (trans_b = true): the tensor cores read 8-bit operands K-major", dt)
  end
  if FP8[dt] and (opts or {}).trans_a == true then
    C.fail("std.gemm: %s inputs need A as M x K (trans_a = false): the tensor cores read 8-bit operands K-major", dt)
  end
  local s, r, warp = variant(dt, opts)
  local ta, tb, has_beta = opts.trans_a == true, opts.trans_b == true, opts.beta == true
  local odt = opts.out_dtype and C.dtype_name("gemm_kernel", opts.out_dtype) or "f32"
  local cdt = opts.c_dtype and C.dtype_name("gemm_kernel", opts.c_dtype) or odt
  local latency = opts.latency
  if latency ~= nil and not (math.type(latency) == "integer" and latency >= 1 and latency <= 10) then
    C.fail("std.gemm: latency must be an integer in 1..10 (got %s)", tostring(latency))
  end
  latency = latency or (r.wgmma and DEFAULT_LATENCY_WGMMA or DEFAULT_LATENCY)
  -- config.tma_store: two 64-row, 128-byte-wide staging buffers per consumer warpgroup
  r.epi_bytes = r.tma_store and 2 * r.wm * 64 * 128 or 0
  r.stages = stages_of(latency, r.stage_bytes, r.epi_bytes)
  r.lds_bytes = r.stages * r.stage_bytes + r.epi_bytes
  local key = table.concat({ "gemm", dt, tostring(ta), tostring(tb), tostring(has_beta), odt, cdt, r.bm, r.bn, r.bk,
                             r.wm, r.wn, warp, latency, tostring(r.wgmma), r.pending or 0, r.group or 1, tostring(r.ws), tostring(r.persistent), r.cluster or 1,
                             tostring(r.tma_store), tostring(r.tma) }, ";")
  return C.memo(key, function()
    local bm, bn, bk, wn, tm, tn = r.bm, r.bn, r.bk, r.wn, r.tm, r.tn
    -- the threads that load tiles: all, or the consumer warpgroups of a warp-specialized block
    local nt = r.ws and r.threads - 128 or r.threads
    local dist_a = ta and load_dist(bk, bm, nt) or load_dist(bm, bk, nt)
    local dist_b = tb and load_dist(bn, bk, nt) or load_dist(bk, bn, nt)
    local params = { { "a", tl.tensor(dt, 2) }, { "b", tl.tensor(dt, 2) }, { "c", tl.tensor(odt, 2) }, { "alpha", tl.f32 } }
    if has_beta then
      params[5] = { "cin", tl.tensor(cdt, 2) }
      params[6] = { "beta", tl.f32 }
    end
    return tl.kernel {
      name = string.format("std_gemm_%s_%s%s_%dx%dx%d%s", dt, ta and "t" or "n", tb and "t" or "n", bm, bn, bk,
                           r.persistent and ("_wsp" .. (r.cluster and ("c" .. r.cluster) or "")) or r.cluster and ("_wsc" .. r.cluster) or r.ws and "_ws" or r.wgmma and "_wgmma" or ""),
      block = r.threads, warp = warp, params = params, hints = { latency = latency, num_ctas = r.cluster },
      body = function(k, p)
        local S = stages_of(k:hint("latency"), r.stage_bytes, r.epi_bytes)
        local desc_a, desc_b = lds_descs(r, s, S)
        local K = ta and p.a:shape(0) or p.a:shape(1)
        -- the output tile of a linear tile id pid on a gn x gm grid of tiles: with config.group = G,
        -- tiles (in launch order) walk groups of G tile rows column by column, so the blocks resident at
        -- once share their A rows and B columns in L2; else row by row
        local function tile_index(pid, gn, gm)
          if not (r.group and r.group > 1) then return pid // gn, pid % gn end
          local per_group = gn * r.group
          local first = (pid // per_group) * r.group
          local rows = tl.min(gm - first, r.group)
          local within = pid % per_group
          return first + within % rows, within // rows
        end
        local function tile_origin(pid, gn, gm)
          local row, col = tile_index(pid, gn, gm)
          return row * bm, col * bn
        end
        -- m0, n0: the tile being computed. One per block, or with config.persistent a loop over tiles
        -- (each_tile) sets them for its body: blocks take tiles block_id, block_id + grid, ...
        local m0, n0
        -- with clusters: the tile of this block in unit `unit` of gnc x gm units of C neighbouring tiles of
        -- one row (the cluster's ranks are its blocks along x); units walk the grouped order
        local function cluster_tile(unit, gnc, gm)
          local row, col = tile_index(unit, gnc, gm)
          m0, n0 = row * bm, (col * r.cluster + k.block_id(0) % r.cluster) * bn
        end
        local function each_tile(fn)
          if not r.persistent then
            if r.cluster then
              local gnc = k.grid_dim(0) // r.cluster
              cluster_tile(k.block_id(1) * gnc + k.block_id(0) // r.cluster, gnc, k.grid_dim(1))
            elseif r.group and r.group > 1 then
              m0, n0 = tile_origin(k.block_id(1) * k.grid_dim(0) + k.block_id(0), k.grid_dim(0), k.grid_dim(1))
            else
              m0, n0 = k.block_id(1) * bm, k.block_id(0) * bn
            end
            return fn(nil)
          end
          local gn = ((p.c:shape(1) + (bn - 1)) // bn):cast("i32")
          local gm = ((p.c:shape(0) + (bm - 1)) // bm):cast("i32")
          if r.cluster then
            -- clusters walk the units (a block past N shares its A rows and stores nothing); both
            -- blocks of a cluster take the same units, so their barriers' phases stay together
            local gnc = (gn + (r.cluster - 1)) // r.cluster
            local cid, nclusters = k.block_id(0) // r.cluster, k.grid_dim(0) // r.cluster
            k:range(cid, gnc * gm, nclusters, function(unit)
              cluster_tile(unit, gnc, gm)
              fn((unit - cid) // nclusters)
            end)
            return
          end
          k:range(k.block_id(0), gn * gm, k.grid_dim(0), function(tile)
            m0, n0 = tile_origin(tile, gn, gm)
            fn((tile - k.block_id(0)) // k.grid_dim(0))
          end)
        end
        -- config.ws needs what TMA needs of A and B (16-byte-aligned, contiguous rows, row strides of a
        -- multiple of 16 bytes) and no hint forbidding it; otherwise this specialization takes the
        -- wgmma pipeline below, and the report says why. With TMA a transposed operand lands as TMA
        -- copies it (A^T: K x M, MN-major for the wgmma; B^T: N x K, K-major) and the wgmma reads the
        -- tile transposed.
        local why
        if r.ws then
          -- (a cluster multicasts row blocks of A: B^T, N x K, loads per block as without clusters)
          if ta and r.cluster then why = "trans_a with config.cluster (not written yet)"
          elseif k:hint("allow_tma") == false then why = "the hint allow_tma = false"
          else
            for _, t in ipairs({ p.a, p.b }) do
              if not C.tma_copyable(t, 2) then
                why = string.format("tensor %s is not 16-byte aligned with contiguous rows and a row stride of a multiple of 16 bytes", t.name)
              end
            end
          end
          if why and FP8[dt] then C.fail("std.gemm: %s inputs need TMA, and %s", dt, why) end
          if why then k:note("config.ws not used: " .. why .. "; the wgmma pipeline without TMA runs instead") end
        end
        local tma = r.ws and not why
        local la = (tma and ta) and k:lds(dt, { S * bk, bm }, { swizzle = tl.wgmma_mn_layout(S * bk, bm) })
                   or k:lds(dt, { S * bm, bk }, { swizzle = desc_a })
        local lb = (tma and tb) and k:lds(dt, { S * bn, bk }, { swizzle = tl.xor_preshuffle { m_per_block = S * bn,
                                                                  k_per_block = bk, kpack = 16 // C.SIZE[dt],
                                                                  m_lds_layer = 1 } })
                   or k:lds(dt, { S * bk, bn }, { swizzle = desc_b })
        -- Tile kk of A (B) into LDS buffer buf (0..S-1), in two halves around the MMAs of a step:
        -- issue() starts it, land() finishes it. A row-major operand is copied global -> LDS
        -- asynchronously (k:copy: cp.async on NVIDIA; masked elements become 0); a transposed one
        -- is loaded into registers by issue() and stored transposed into LDS by land().
        local function window_a(kk)
          if ta then return k:window(p.a, { kk, m0 }, { bk, bm }, dist_a) end
          return k:window(p.a, { m0, kk }, { bm, bk }, dist_a)
        end
        local function window_b(kk)
          if tb then return k:window(p.b, { n0, kk }, { bn, bk }, dist_b) end
          return k:window(p.b, { kk, n0 }, { bk, bn }, dist_b)
        end
        local function epilogue(acc, r0, c0, rows, cols, dist)
          local res = acc:map(function(v) return v * p.alpha end)
          if has_beta then
            local cin = k:window(p.cin, { r0, c0 }, { rows, cols }, dist):load()
            res = res + cin:map(function(v) return v:cast("f32") * p.beta end)
          end
          k:window(p.c, { r0, c0 }, { rows, cols }, dist):store(res)
        end
        -- config.tma_store: each consumer warpgroup stages 64 x (128 bytes) chunks of its result in
        -- LDS (two buffers, so one chunk's store overlaps the next chunk's writes) and the role's
        -- leader stores them by TMA; the output must be what TMA needs, else the direct epilogue
        local store_epilogue
        if r.ws and not why and r.tma_store then
          local t = p.c
          if not C.tma_copyable(t, 2) then
            k:note("config.tma_store not used: the output is not 16-byte aligned with contiguous rows and a row " ..
                   "stride of a multiple of 16 bytes; the epilogue stores directly")
          else
            local cw = 128 // C.SIZE[odt]
            local G = r.wm
            local lc = k:lds(odt, { 2 * G * 64, cw }, { swizzle = tl.xor_preshuffle { m_per_block = 2 * G * 64,
                                                                                     k_per_block = cw, kpack = 16 // C.SIZE[odt],
                                                                                     m_lds_layer = 1 } })
            store_epilogue = function(acc, row0, role)
              local res = acc:map(function(v) return v * p.alpha end)
              if has_beta then
                local cin = k:window(p.cin, { m0 + row0, n0 }, { 64, bn }, r.wg.c):load()
                res = res + cin:map(function(v) return v:cast("f32") * p.beta end)
              end
              local wg = k.warp_id() // 4
              for ch = 0, bn // cw - 1 do
                local buf = ch % 2
                if ch >= 2 then
                  -- the stores of chunk ch - 2 (G of them, older than chunk ch - 1's) have read buffer buf
                  k:when(role:leader(), function() k:tma_store_wait(G) end)
                  role:sync()
                end
                -- the chunk of an element is static: its column is 8j + pr (the register) plus 2 * (lane % 4)
                -- (the thread), which never crosses the 8-column group (wgmma.h)
                res:foreach(function(v, idx, y)
                  if res.facts.offsets[y + 1][2] // cw == ch then
                    lc:store({ (wg * 2 + buf) * 64 + idx[1], idx[2] - ch * cw }, v)
                  end
                end)
                role:sync()
                k:when(role:leader(), function()
                  for g = 0, G - 1 do
                    k:copy(k:window(p.c, { m0 + g * 64, n0 + ch * cw }, { 64, cw }), k:window(lc, { (g * 2 + buf) * 64, 0 }, { 64, cw }),
                           { tma = true })
                  end
                end)
              end
              -- every store has read its buffer before the next tile (or the end) writes them
              k:when(role:leader(), function() k:tma_store_wait(0) end)
              role:sync()
            end
          end
        end
        if r.ws and not why then
          require("tilelua.std.gemm_ws").mainloop(k, {
            r = r, S = S, la = la, lb = lb, K = K, each_tile = each_tile,
            -- the boxes of tile kk (A: rows row.. of it, for multicast) into stage j, and stage j's wgmma tiles
            window_a = function(kk, row, rows) return k:window(p.a, { m0 + (row or 0), kk }, { rows or bm, bk }) end,
            copy_a = function(kk, j, opts)
              if ta then k:copy(k:window(la, { j * bk, 0 }, { bk, bm }), k:window(p.a, { kk, m0 }, { bk, bm }), opts)
              else k:copy(k:window(la, { j * bm, 0 }, { bm, bk }), k:window(p.a, { m0, kk }, { bm, bk }), opts) end
            end,
            copy_b = function(kk, j, opts)
              if tb then k:copy(k:window(lb, { j * bn, 0 }, { bn, bk }), k:window(p.b, { n0, kk }, { bn, bk }), opts)
              else k:copy(k:window(lb, { j * bk, 0 }, { bk, bn }), k:window(p.b, { kk, n0 }, { bk, bn }), opts) end
            end,
            tile_a = function(j)
              if ta then return la:tile({ j * bk, 0 }, { bk, bm }, { transposed = true }) end
              return la:tile({ j * bm, 0 }, { bm, bk })
            end,
            tile_b = function(j)
              if tb then return lb:tile({ j * bn, 0 }, { bn, bk }, { transposed = true }) end
              return lb:tile({ j * bk, 0 }, { bk, bn })
            end,
            epilogue = store_epilogue or function(acc, row0) epilogue(acc, m0 + row0, n0, 64, bn, r.wg.c) end,
          })
          return
        end
        -- the wgmma / mma.sync pipeline (sync: the block's barrier, or the consumer role's when config.ws
        -- falls back inside its roles)
        local function pipeline(sync)
          -- warp ids count from the first thread of a role
          local w = k.warp_id()
          local wr, wc = (w // wn) * r.wtm, (w % wn) * r.wtn
          local function issue(kk, buf)
            local staged = {}
            -- TMA copies (copy groups) with config.tma, the default of wgmma configs; else cp.async
            local how = { tma = r.tma == true }
            if ta then staged.a = window_a(kk):load()
            else k:copy(k:window(la, { buf * bm, 0 }, { bm, bk }, dist_a), window_a(kk), how) end
            if tb then staged.b = window_b(kk):load()
            else k:copy(k:window(lb, { buf * bk, 0 }, { bk, bn }, dist_b), window_b(kk), how) end
            k:copy_commit()
            return staged
          end
          local function land(staged, buf)
            if staged.a then staged.a:foreach(function(v, idx) la:store({ buf * bm + idx[2], idx[1] }, v) end) end
            if staged.b then staged.b:foreach(function(v, idx) lb:store({ buf * bk + idx[2], idx[1] }, v) end) end
          end
          -- with wgmma groups left in flight (pending 1, S >= 3) a buffer is free one step later: the
          -- copies run S-2 tiles ahead instead of S-1
          local lag = r.wgmma and r.pending == 1 and S >= 3 and 1 or 0
          local ahead = S - 1 - lag
          for j = 0, ahead - 1 do land(issue(j * bk, j), j) end
          local n = r.wgmma and 1 or tm * tn
          local init = {}
          -- with groups in flight the accumulators start undefined and the first K step does not
          -- accumulate (scale-d 0): zeroing them would be an instruction writing the registers of a
          -- group in flight on the path that skips the loop, and ptxas then serializes every group
          if r.wgmma then init[1] = lag == 1 and r.wg:undefined() or r.wg:zeros() end
          for i = 0, (r.wgmma and 0 or tm) - 1 do
            for j = 0, tn - 1 do init[i * tn + j + 1] = s:zeros() end
          end
          -- one K step on the tiles in LDS buffer buf (a constant: every LDS offset of the fragment
          -- reads is then the same in every iteration, and the compiler hoists it out of the loop);
          -- with wgmma the block's warpgroups read the tiles through descriptors
          local function step(acc, buf, first)
            if r.wgmma then
              acc[1] = r.wg:mma(la:tile({ buf * bm, 0 }, { bm, bk }), lb:tile({ buf * bk, 0 }, { bk, bn }), acc[1],
                                { pending = lag, accumulate = lag == 1 and first or nil })
              return
            end
            local ra, rb = buf * bm + wr, buf * bk
            for ks = 0, bk - 1, s.k do
              local fa, fb = {}, {}
              for i = 0, tm - 1 do fa[i] = k:window(la, { ra + i * s.m, ks }, { s.m, s.k }, s.a):load() end
              for j = 0, tn - 1 do fb[j] = k:window(lb, { rb + ks, wc + j * s.n }, { s.k, s.n }, s.b):load() end
              for i = 0, tm - 1 do
                for j = 0, tn - 1 do acc[i * tn + j + 1] = s:mma(fa[i], fb[j], acc[i * tn + j + 1]) end
              end
            end
          end
          -- S K steps per iteration, step j on buffer j: tile kk + j*bk is in buffer j once this
          -- thread's copies of it are done (at most S-2 younger copy groups still in flight: each step
          -- commits one) and the block has synchronized; that barrier also says every thread is done
          -- with buffer j-1, which then receives the tile S-1 ahead. With wgmma groups left in flight
          -- (config.pending = 1, the default of wgmma configs, with S >= 3) the wgmma of step j-1 is
          -- known complete only at step j+1 (its wait_group 1 at step j, then the barrier): buffer j-2
          -- receives the tile S-2 ahead, and a k:wgmma_wait(0) ends the loop. When the number of K tiles is
          -- not a multiple of S the last steps multiply the zero padding of the masked copies (no
          -- effect on the result).
          local accs = table.pack(k:range(0, K, S * bk, function(kk, ...)
            local acc = { ... }
            for j = 0, S - 1 do
              k:copy_wait(ahead - 1)
              sync()
              local buf = (j + ahead) % S
              local staged = issue(kk + (j + ahead) * bk, buf)
              step(acc, j, j == 0 and tl.ne(kk, 0) or nil)
              land(staged, buf)
            end
            return table.unpack(acc, 1, n)
          end, table.unpack(init, 1, n)))
          if lag == 1 then
            k:wgmma_wait(0)
            -- K = 0: the loop did not run and the accumulators are still undefined
            accs[1] = accs[1]:map(function(v) return tl.select(tl.gt(K, 0), v, 0.0) end)
          end
          k:copy_wait(0)
          if r.wgmma then epilogue(accs[1], m0 + 64 * (w // 4), n0, 64, bn, r.wg.c) end
          for i = 0, (r.wgmma and 0 or tm) - 1 do
            for j = 0, tn - 1 do
              epilogue(accs[i * tn + j + 1], m0 + wr + i * s.m, n0 + wc + j * s.n, s.m, s.n, s.c)
            end
          end
        end
        if r.ws then
          -- the producer warpgroup has nothing to do without TMA
          k:roles { { warps = 4, fn = function() end },
                    { warps = r.wm * 4, fn = function(role)
                      each_tile(function() pipeline(function() role:sync() end) end)
                    end } }
        else
          each_tile(function() pipeline(function() k:sync() end) end)
        end
      end,
    }
  end), r
end

M.gemm_kernel = tl.retargetable(gemm_kernel)

-- std.gemm_grid(config, M, N[, dtype[, trans_a]]) -> the launch grid {N tiles, M tiles} (dtype: the
-- inputs', whose default config may differ: 8-bit floats; trans_a: so is sm_90's without a config)
function M.gemm_grid(cfg, m, n, dtype, trans_a)
  local dt = dtype and C.dtype_name("gemm_grid", dtype) or "f16"
  local s = shape_of(dt, "gemm")
  local r = resolve("gemm_grid", cfg or (not FP8[dt] and default_for(trans_a == true)) or nil, s)
  local gy = C.blocks(m, r.bm)
  if r.persistent then
    -- one block per multiprocessor (at most one per tile); 2 on the executor, so its blocks walk tiles;
    -- with clusters whole clusters, each taking units of neighbouring tiles (2 clusters on the executor)
    if r.cluster then
      local units = C.blocks(C.blocks(n, r.bn), r.cluster) * gy
      return { math.min(units, C.resident_blocks(nil, 1, 2 * r.cluster) // r.cluster) * r.cluster, 1 }
    end
    return { C.resident_blocks(C.blocks(n, r.bn) * gy), 1 }
  end
  if gy > 65535 then C.fail("std.gemm: %d row tiles of %d, over the GPU grid limit of 65535", gy, r.bm) end
  -- clusters: whole clusters along x (a block past N loads and shares its A rows, stores nothing)
  local gx = C.blocks(n, r.bn)
  if r.cluster then gx = C.blocks(gx, r.cluster) * r.cluster end
  return { gx, gy }
end

local OPT_FIELDS = { C = true, alpha = true, beta = true, trans_a = true, trans_b = true, out = true, config = true,
                     latency = true, scale_a = true, scale_b = true }
local C_DTYPES = { f16 = true, bf16 = true, f32 = true }

local function check_bool(name, v)
  if v ~= nil and type(v) ~= "boolean" then C.fail("std.gemm: %s must be a boolean (got %s)", name, tostring(v)) end
  return v == true
end

-- std.gemm's resolved launches by key (at most 256, then forgotten together; the config by its fields,
-- so an edited table is a new key)
local launches, nlaunches = {}, 0

-- std.gemm(A, B[, {C, alpha = 1, beta = 0, trans_a, trans_b, out, config, latency}]) -> the result tensor:
-- out if given, else C (updated in place, BLAS-style), else a new f32 M x N tensor.
function M.gemm(A, B, opts)
  local da = C.tensor_dtype("gemm", "A", A)
  local db = C.tensor_dtype("gemm", "B", B)
  if opts ~= nil and type(opts) ~= "table" then C.fail("std.gemm: options must be a table such as {alpha = 2} (got %s)", type(opts)) end
  opts = opts or {}
  for key in pairs(opts) do
    if not OPT_FIELDS[key] then
      C.fail("std.gemm: unknown option '%s' (expected C, alpha, beta, trans_a, trans_b, out, config, latency, scale_a or scale_b)", tostring(key))
    end
  end
  if da ~= "f16" and da ~= "bf16" and not FP8[da] then
    C.fail("std.gemm: A must be f16, bf16, f8e4m3 or f8e5m2 (got %s)", da)
  end
  if db ~= da then C.fail("std.gemm: A and B must have the same dtype (got %s and %s)", da, db) end
  local ta, tb = check_bool("trans_a", opts.trans_a), check_bool("trans_b", opts.trans_b)
  local sa, sb = A:shape(), B:shape()
  if #sa ~= 2 then C.fail("std.gemm: A must have rank 2 (got shape %s)", C.shape_str(sa)) end
  if #sb ~= 2 then C.fail("std.gemm: B must have rank 2 (got shape %s)", C.shape_str(sb)) end
  local m, ka = ta and sa[2] or sa[1], ta and sa[1] or sa[2]
  local kb, n = tb and sb[2] or sb[1], tb and sb[1] or sb[2]
  if ka ~= kb then
    C.fail("std.gemm: inner dimensions differ: op(A) is %dx%d, op(B) is %dx%d", m, ka, kb, n)
  end
  local alpha, beta = opts.alpha == nil and 1.0 or opts.alpha, opts.beta == nil and 0.0 or opts.beta
  if type(alpha) ~= "number" then C.fail("std.gemm: alpha must be a number (got %s)", type(alpha)) end
  -- per-tensor scales of 8-bit inputs (as torch._scaled_mm's): the product is scaled by both
  for _, key in ipairs({ "scale_a", "scale_b" }) do
    local v = opts[key]
    if v ~= nil then
      if type(v) ~= "number" then C.fail("std.gemm: %s must be a number (got %s)", key, type(v)) end
      if not FP8[da] then C.fail("std.gemm: %s scales 8-bit inputs (A is %s)", key, da) end
      alpha = alpha * v
    end
  end
  if type(beta) ~= "number" then C.fail("std.gemm: beta must be a number (got %s)", type(beta)) end
  local cin, cdt = opts.C, nil
  if cin ~= nil then
    cdt = C.tensor_dtype("gemm", "C", cin)
    if not C_DTYPES[cdt] then C.fail("std.gemm: C must be f16, bf16 or f32 (got %s)", cdt) end
    if not C.same_shape(cin:shape(), { m, n }) then
      C.fail("std.gemm: C must have shape %s (got %s)", C.shape_str { m, n }, C.shape_str(cin:shape()))
    end
  elseif beta ~= 0 then
    C.fail("std.gemm: beta = %s needs C (the matrix it scales)", tostring(beta))
  end
  local out = opts.out
  if out ~= nil then
    local odt = C.tensor_dtype("gemm", "out", out)
    if not C_DTYPES[odt] then C.fail("std.gemm: out must be f16, bf16 or f32 (got %s)", odt) end
    if not C.same_shape(out:shape(), { m, n }) then
      C.fail("std.gemm: out must have shape %s (got %s)", C.shape_str { m, n }, C.shape_str(out:shape()))
    end
    C.check_out("gemm", "out", out)
  elseif cin ~= nil then
    C.check_out("gemm", "C", cin)
    out = cin
  else
    -- (where the launch runs: A's device; not cleared first: every config's tiles store all of their part of out, edge
    -- tiles masked, K = 0 storing zeros)
    out = tl.empty({ m, n }, tl.f32, { device = A:device(), clear = false })
  end
  if m * n == 0 then return out end
  local odt = tostring(out:dtype())
  local cfg = opts.config
  if cfg == nil and not FP8[da] then cfg = default_for(ta) end
  -- (K = 0 without a config on sm_90: the warp-specialized default, stripped below)
  if ka == 0 and cfg == nil and not FP8[da] and tl.default_warp() == 32 and default_wgmma() then cfg = WGMMA_CONFIGS[1] end
  if ka == 0 and type(cfg) == "table" and cfg.ws then
    -- a TMA tensor map needs every dimension >= 1: with K = 0 the wgmma pipeline writes the result
    cfg = C.copy(cfg)
    cfg.ws, cfg.persistent, cfg.cluster, cfg.tma_store = nil, nil, nil, nil
  end
  -- the kernel and grid of this call: resolved once per (target, dtypes, transposes, config's fields,
  -- latency, M, N) and then looked up (resolving them again took longer than a 2048^3 product runs)
  local key = table.concat({ tl.target().arch, tl._sm_count(), tl.default_warp(), da, tostring(ta), tostring(tb), tostring(beta ~= 0), odt,
                             cdt or odt, tostring(opts.latency), C.config_key(cfg), m, n }, ";")
  local hit = launches[key]
  if not hit then
    local kern, r = M.gemm_kernel(da, { trans_a = ta, trans_b = tb, beta = beta ~= 0, out_dtype = odt,
                                        c_dtype = cdt or odt, config = cfg, latency = opts.latency, who = "gemm" })
    if nlaunches >= 256 then launches, nlaunches = {}, 0 end
    hit = { kern, r, M.gemm_grid(cfg, m, n, da, ta) }
    launches[key], nlaunches = hit, nlaunches + 1
  end
  local kern, r, grid = hit[1], C.copy(hit[2]), hit[3]
  if beta ~= 0 then kern(grid, A, B, out, alpha, cin, beta)
  else kern(grid, A, B, out, alpha) end
  return out, r
end

-- std.gemm_bank_report(dtype[, config]) -> text, reports {a_read, b_read, a_write, b_write}: the LDS
-- accesses of the kernel (row-major A and B) through the bank model of the default warp's target
function M.gemm_bank_report(dtype, cfg)
  local dt = C.dtype_name("gemm_bank_report", dtype)
  if dt ~= "f16" and dt ~= "bf16" then C.fail("std.gemm_bank_report: the inputs must be f16 or bf16 (got %s)", dt) end
  local warp = tl.default_warp()
  local s = shape_of(dt, "gemm_bank_report")
  if cfg and cfg.wgmma then
    C.fail("std.gemm_bank_report: wgmma tiles are read by the matrix units through descriptors, not by threads; " ..
           "the report covers configs without wgmma")
  end
  local r = resolve("gemm_bank_report", cfg or DEFAULT[warp], s)
  local target = TARGET[warp]
  local desc_a, desc_b = lds_descs(r, s, stages_of(nil, r.stage_bytes))
  local reps = {
    a_read = bank(s.a, desc_a, "read", s),
    b_read = bank(s.b, desc_b, "read", s),
    a_write = bank((load_dist(r.bm, r.bk, r.threads)), desc_a, "write", s),
    b_write = bank((load_dist(r.bk, r.bn, r.threads)), desc_b, "write", s),
  }
  local text = string.format("std.gemm %s %dx%dx%d, %d threads, %s %s (%s): LDS A fragment read %d-way, B fragment read %d-way, " ..
    "A tile write %d-way, B tile write %d-way", dt, r.bm, r.bn, r.bk, r.threads, s.target, s.name, target,
    reps.a_read.worst, reps.b_read.worst, reps.a_write.worst, reps.b_write.worst)
  return text, reps
end

return M
