-- gemm_bench.lua - std.gemm on the GPU (tilelua's side of the GEMM benchmark; bench/peers_gemm.py
-- times torch.matmul and the Triton tutorial matmul on the same shapes).
-- Usage: tilesh --backend=cuda bench/gemm_bench.lua [size|MxNxK [dtype ...]]   (default 4096, f16 bf16)
-- Per dtype: a result check of a few entries against a float64 dot product, then the median of 5
-- timings of 10 calls each (after a warm-up), written into one preallocated f32 out tensor.
-- Prints "tilelua gemm_<dtype> <M>x<N>x<K> [config]: <us> us <TFLOP/s> TFLOP/s" lines; with
-- TUNE=1 also times every config of std.gemm_configs() (CFGS=1,2,.. picks some) at each latency hint
-- of LATS (default 4: 3 stages; e.g. LATS=1,4,7,10 for 2, 3, 4 and 5 stages), wgmma configs at each
-- PENDING value (0,1: wgmma groups left in flight per K step; default the config's own) and GEMM_GROUPS value
-- (1,8: tile rows per group of the launch order; default the config's own). WS=1 also times the
-- TMA configs (config.tma: copy groups in the wgmma pipeline; config.ws, also with config.persistent
-- or config.cluster = 2) at the LATS hints.
-- CONFIGS="{...};{...}" times those configs after the default ("{...}@L": at latency hint L).
-- OUT=same writes the result in the inputs' dtype (as torch.matmul does) instead of f32. Dtypes
-- f8e4m3 / f8e5m2 time the FP8 path (B N x K, bf16 output; bench/peers_gemm.py's _scaled_mm).
local std = require "tilelua.std"
assert(tl.backend() ~= "cpu", "gemm_bench needs a GPU backend (run with --backend=cuda)")
local size = arg[1] or "4096"
local dtypes = {}
for i = 2, #arg do dtypes[#dtypes + 1] = arg[i] end
if #dtypes == 0 then dtypes = { "f16", "bf16" } end

local timing = dofile((arg[0]:match("^(.*)/[^/]*$") or ".") .. "/timing.lua")
local timeit = timing.timeit

local M, N, K = size:match("^(%d+)x(%d+)x(%d+)$")
if M then M, N, K = tonumber(M), tonumber(N), tonumber(K)
else M = assert(tonumber(size), "gemm_bench: a size (4096) or MxNxK (4000x5000x3000) first"); N, K = M, M end
for _, dt in ipairs(dtypes) do
  -- 8-bit floats: B given N x K (trans_b), the output in bf16 unless OUT says otherwise (as _scaled_mm)
  local fp8 = dt == "f8e4m3" or dt == "f8e5m2"
  local A = std.map(function(v) return v - 0.5 end, tl.empty({ M, K }, tl[dt]), tl.rand({ M, K }, tl.f32, 1))
  local B = fp8 and std.map(function(v) return v - 0.5 end, tl.empty({ N, K }, tl[dt]), tl.rand({ N, K }, tl.f32, 2))
            or std.map(function(v) return v - 0.5 end, tl.empty({ K, N }, tl[dt]), tl.rand({ K, N }, tl.f32, 2))
  -- OUT=f16 / bf16: the output in the inputs' width, as cuBLAS writes it (default f32)
  local odt = os.getenv("OUT") and (os.getenv("OUT") == "same" and (fp8 and "bf16" or dt) or os.getenv("OUT")) or
              (fp8 and "bf16" or "f32")
  local out = tl.empty({ M, N }, tl[odt])
  local function run(cfg, lat) std.gemm(A, B, { out = out, config = cfg, latency = lat, trans_b = fp8 or nil }) end
  run(nil)
  -- a few entries against float64 dot products of the same inputs
  local function check(label)
  local worst = 0
  for _, ij in ipairs { { 0, 0 }, { M - 1, N - 1 }, { 1234 % M, 3210 % N }, { M // 2, 7 % N } } do
    local i, j = ij[1], ij[2]
    local s, mag = 0.0, 0.0
    for q = 0, K - 1 do
      local p = A:get(i, q) * (fp8 and B:get(j, q) or B:get(q, j))
      s, mag = s + p, mag + math.abs(p)
    end
    worst = math.max(worst, math.abs(out:get(i, j) - s) / math.max(mag, 1e-30))
  end
  if worst > 1e-2 then error(("gemm_bench: wrong result for %s %s (rel err %.3g)"):format(dt, label, worst)) end
  end
  check("default")
  local flop = 2.0 * M * N * K
  local ok, res = pcall(function() return std.gemm_kernel(tl[dt]):resources() end)
  for _, r in ipairs(ok and res or {}) do
    print(("tilelua gemm_%s kernel: %s, %d registers, %d bytes LDS, %d blocks/SM (%d%% occupancy)"):format(dt, r.arch,
      r.registers, r.lds_bytes, r.blocks_per_sm, r.occupancy_pct))
  end
  local function show(label, cfg, lat)
    local t = timeit(function() run(cfg, lat) end, 10)
    print(("tilelua gemm_%s %dx%dx%d %s: %.1f us %.1f TFLOP/s"):format(dt, M, N, K, label, t * 1e6, flop / t / 1e12))
  end
  show("default", nil)
  -- the host's side alone: 50 calls issued without waiting (the GPU runs behind), per call
  do
    tl.synchronize()
    local t0 = tl.clock()
    for _ = 1, 50 do run(nil) end
    local issue = (tl.clock() - t0) / 50
    tl.synchronize()
    print(("tilelua gemm_%s %dx%dx%d default: host %.1f us per std.gemm call issued"):format(dt, M, N, K, issue * 1e6))
  end
  -- one config checked and timed; a failure is a line, not the end of the run
  local function try(label, c, lat)
    local ok, err = pcall(function()
      out:fill(0)
      run(c, lat)
      check(label)
      show(label, c, lat)
    end)
    if not ok then print(("tilelua gemm_%s %s failed: %s"):format(dt, label, tostring(err):match("[^\n]*"))) end
    io.stdout:flush()
  end
  -- CONFIGS="{...};{...}": these configs too (e.g. FP8's schedule with persistent = true)
  -- ("{...}@L" times it at latency hint L: the stages, as LATS below)
  for src in (os.getenv("CONFIGS") or ""):gmatch("[^;]+") do
    local body, lat = src:match("^(.-)@(%d+)$")
    try(src, assert(load("return " .. (body or src)))(), tonumber(lat))
  end
  -- WS=1: the warp-specialized TMA schedule (config.ws) and its persistent form next to the default
  if os.getenv("WS") == "1" and not fp8 then
    for _, c in ipairs { { bm = 128, bn = 256, bk = 64, wgmma = true, tma = true },
                         { bm = 128, bn = 256, bk = 64, wgmma = true, ws = true },
                         { bm = 128, bn = 256, bk = 64, wgmma = true, ws = true, persistent = true },
                         { bm = 128, bn = 128, bk = 64, wgmma = true, ws = true, persistent = true },
                         { bm = 128, bn = 128, bk = 64, wgmma = true, ws = true, cluster = 2 } } do
      for lat in (os.getenv("LATS") or "7"):gmatch("%d+") do
        local label = ("%dx%dx%d %s%s%s lat %s"):format(c.bm, c.bn, c.bk, c.ws and "ws" or "tma copy groups",
          c.persistent and "+persistent" or "", c.cluster and ("+cluster " .. c.cluster) or "", lat)
        try(label, c, tonumber(lat))
      end
    end
  end
  if os.getenv("TUNE") == "1" then
    local pick = {}
    for c in (os.getenv("CFGS") or ""):gmatch("%d+") do pick[tonumber(c)] = true end
    for i, cfg in ipairs(std.gemm_configs()) do
      for lat in (os.getenv("LATS") or "4"):gmatch("%d+") do
        lat = tonumber(lat)
        -- wgmma configs: PENDING=0,1 times both (wgmma groups left in flight; default: the config's)
        for pend in (cfg.wgmma and os.getenv("PENDING") or "-"):gmatch("[-%d]+") do
         for grp in (os.getenv("GEMM_GROUPS") or "-"):gmatch("[-%d]+") do
          if next(pick) == nil or pick[i] then
            local c = {}
            for key, v in pairs(cfg) do c[key] = v end
            if pend ~= "-" then c.pending = tonumber(pend) end
            if grp ~= "-" then c.group = tonumber(grp) end
            local _, r = std.gemm_kernel(tl[dt], { config = c, latency = lat })
            local warps = (cfg.wgmma and ("wgmma pending " .. r.pending) or ("%dx%d"):format(cfg.wm, cfg.wn)) ..
                          (c.group and (", group " .. c.group) or "")
            local label = ("cfg%d(%dx%dx%d,%s,latency %d: %d stages)"):format(i, cfg.bm, cfg.bn, cfg.bk, warps, lat, r.stages)
            local ok, err = pcall(show, label, c, lat)
            if not ok then print(("tilelua gemm_%s %s failed: %s"):format(dt, label, tostring(err):match("[^\n]*"))) end
          end
         end
        end
      end
    end
  end
end
