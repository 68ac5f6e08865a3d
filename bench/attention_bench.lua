-- attention_bench.lua - std.attention forward on the GPU over the FlashAttention-3 paper's grid
-- (tilelua's side of bench/run_attention.sh): 16k tokens (B * S = 16384), H * D = 2048,
-- S in {1k, 2k, 4k, 8k, 16k}, D in {64, 128}, causal and not, f16 and bf16.
-- Usage: tilesh --backend=cuda bench/attention_bench.lua [S ...]
-- ATTENTION_CONFIGS="{mt = 2, bn = 32};{stages = 2}" times those opts.config variants too (lines
-- labelled "tilelua[<config>]") at S = 4096 (or each S given), f16, D in ATTENTION_DIMS (default
-- "64,128"; 256 too: "64,128,256").
-- Prints "tilelua attention <dt> d<D> <causal|full> S=<S>: <us> us <TFLOP/s>" per case (median of 3
-- samples of 5 calls, after a warm-up call checked against a float64 reference on two rows; ATTENTION_TIMER=do_bench:
-- the median of 20 calls each after a 256 MB clear, between device events, as triton's do_bench times the peers).
-- FLOPs as the FlashAttention papers count them: 4 * B * H * S^2 * D, halved when causal.
local std = require "tilelua.std"
assert(tl.backend() ~= "cpu", "attention_bench needs a GPU backend (run with --backend=cuda)")
local timing = dofile((arg[0]:match("^(.*)/[^/]*$") or ".") .. "/timing.lua")
-- (a first line "# cuda: <device>, driver <version>, <compiler>": one form ran 13% apart on two H200s in session 38, and
-- the code a kernel gets follows the run-time compiler's version, so a log says which it had)
do
  local name, info = tl.backend()
  if name ~= "cpu" then
    local ok, cid = pcall(tl._compiler_id, info.arch)
    print(string.format("# %s: %s, driver %s, %s", name, tostring(info.name), tostring(info.driver_version),
                        ok and cid or "compiler unknown"))
  end
end

local SEQS = {}
for i = 1, #arg do SEQS[#SEQS + 1] = tonumber(arg[i]) end
if #SEQS == 0 then SEQS = { 1024, 2048, 4096, 8192, 16384 } end

local function check_row(q, k, v, o, b, h, i, causal)
  local S, D = q:shape()[3], q:shape()[4]
  local scale, sc, mx = 1 / math.sqrt(D), {}, -math.huge
  for j = 0, (causal and i or S - 1) do
    local s = 0
    for d = 0, D - 1 do s = s + q:get(b, h, i, d) * k:get(b, h, j, d) end
    sc[j] = s * scale
    mx = math.max(mx, sc[j])
  end
  local z = 0
  for _, s in pairs(sc) do z = z + math.exp(s - mx) end
  local worst = 0
  for d = 0, D - 1, 7 do
    local acc = 0
    for j, s in pairs(sc) do acc = acc + math.exp(s - mx) / z * v:get(b, h, j, d) end
    worst = math.max(worst, math.abs(o:get(b, h, i, d) - acc))
  end
  return worst
end

-- seconds a call of fn: timeit's median of `samples` samples of `reps` calls, or with ATTENTION_TIMER=do_bench the median
-- of 20 calls each after a 256 MB clear (bench/timing.lua)
local function time(fn, reps, samples)
  if os.getenv("ATTENTION_TIMER") == "do_bench" then return timing.do_bench(fn, 20) end
  return timing.timeit(fn, reps, samples)
end

local function case(dt, D, causal, S, config, tag)
  local B, H = 16384 // S, 2048 // D
  local function rnd(seed) return timing.signed({ B, H, S, D }, dt, seed) end
  local q, k, v = rnd(1), rnd(2), rnd(3)
  local label = string.format("attention %s d%d %s S=%d", dt, D, causal and "causal" or "full", S)
  local ok, o = pcall(std.attention, q, k, v, { causal = causal, config = config })
  if not ok then print(string.format("%s %s: FAILED %s", tag, label, tostring(o))); return end
  local err = math.max(check_row(q, k, v, o, 0, 0, S - 1, causal), check_row(q, k, v, o, B - 1, H - 1, S // 2, causal))
  if err > 2e-2 then
    print(string.format("%s %s: FAILED max error %.3g", tag, label, err))
  else
    local t = time(function() std.attention(q, k, v, { causal = causal, out = o, config = config }) end, 5, 3)
    local flops = 4 * B * H * S * S * D / (causal and 2 or 1)
    print(string.format("%s %s: %.1f us %.1f TFLOP/s (max error %.2g)", tag, label, t * 1e6, flops / t / 1e12, err))
  end
  io.stdout:flush()
end

-- ATTENTION_BACKWARD=1: std.attention_backward (default S = 4096, f16; lines "... full_bwd|causal_bwd
-- S=4096"; FLOPs 2.5 times the forward's: five products instead of two) in the modes of
-- ATTENTION_BACKWARD_MODES (default "pass,wgmma"): dQ by atomics (atomic) or by a pass of its own
-- (pass, opts.dq), and both kernels on warpgroup MMAs (wgmma, opts.config.wgmma; rs: with config.rs, P^T and
-- dS^T from registers; lds: config.rs = false, both through LDS; ws: config.ws, a producer warpgroup for the
-- copies and lse/delta; bq128: config.bq = 128, tiles of 128 query rows; late: config.late, each tile's dQ reduce-adds
-- issued by the next tile; noflat: config.flat = false, dQ's shares staged in dQ's own order; nostore / store: config.tma_store =
-- false / true, dK and dV stored by each thread or through LDS by TMA; dvstore: config.tma_store = "dv", dV alone by
-- TMA; quad / noquad: config.quad = true / false, each thread's dK and dV stores 16-byte (regathered by quads of lanes)
-- or 4-byte; pairs: config.quad = "pairs", 8-byte; nsquad / nspairs: those with tma_store = false; pt: config.persistent with config.ws, a block for each multiprocessor walking the key blocks; inc: wgmma under
-- Lua's incremental collector, as session 29's call 4 ran; lpt / nolpt: config.lpt = true / false,
-- the launch ordered heavy key blocks first across each batch's heads or not; cleard: config.clear = "delta", dQ's f32
-- buffer cleared by the delta pass instead of a memset (the default since session 43); memset: config.clear = "memset";
-- split / splitN / nosplit: config.split = true / N / false, the launch's last round in pieces (N of them a key block));
-- lines "... dq=MODE"; ATTENTION_DIMS: the head
-- dimensions (default 64,128); ATTENTION_BACKWARD_MASKS (default "full,causal"); ATTENTION_BACKWARD_SEQS the S (default 4096), ATTENTION_BACKWARD_DTYPES the dtypes
-- (default f16), B*S = 16k and H*D = 2048 as in the forward's grid; ATTENTION_BACKWARD_TIMING="reps,samples" (default
-- "10,5": the median of 5 samples of 10 calls; with session 40's "3,3" the same kernel moved by up to 6% between rounds
-- of one process, bench/RESULTS.md 2026-11-29 session 40, call 4); ATTENTION_TIMER=do_bench: the median of 20 calls
-- each after a 256 MB clear, as the forward's
if os.getenv("ATTENTION_BACKWARD") == "1" then
  local reps, samples = (os.getenv("ATTENTION_BACKWARD_TIMING") or "10,5"):match("^(%d+),(%d+)$")
  reps, samples = tonumber(reps) or 10, tonumber(samples) or 5
  for dt in (os.getenv("ATTENTION_BACKWARD_DTYPES") or "f16"):gmatch("%w+") do
  for D in (os.getenv("ATTENTION_DIMS") or "64,128"):gmatch("%d+") do
    D = tonumber(D)
    for mask in (os.getenv("ATTENTION_BACKWARD_MASKS") or "full,causal"):gmatch("%a+") do
    local causal = mask == "causal"
    for S in (os.getenv("ATTENTION_BACKWARD_SEQS") or "4096"):gmatch("%d+") do
    S = tonumber(S)
    for dq in (os.getenv("ATTENTION_BACKWARD_MODES") or "pass,wgmma"):gmatch("[%w]+") do
      local gc_mode = dq == "inc" and collectgarbage("incremental") -- (the mode before)
      local B, H = 16384 // S, 2048 // D
      local function rnd(seed) return timing.signed({ B, H, S, D }, dt, seed) end
      local q, k, v, dout = rnd(1), rnd(2), rnd(3), rnd(4)
      local o, lse = std.attention(q, k, v, { causal = causal })
      local label = string.format("attention %s d%d %s_bwd S=%d dq=%s", dt, D, causal and "causal" or "full", S, dq)
      local bopts = (dq == "wgmma" or dq == "inc") and { causal = causal, config = { wgmma = true } } or
                    dq == "rs" and { causal = causal, config = { wgmma = true, rs = true } } or
                    dq == "lds" and { causal = causal, config = { wgmma = true, rs = false } } or
                    dq == "ws" and { causal = causal, config = { wgmma = true, ws = true } } or
                    dq == "bq128" and { causal = causal, config = { wgmma = true, bq = 128 } } or
                    dq == "late" and { causal = causal, config = { wgmma = true, late = true } } or
                    dq == "noflat" and { causal = causal, config = { wgmma = true, flat = false } } or
                    dq == "nostore" and { causal = causal, config = { wgmma = true, tma_store = false } } or
                    dq == "store" and { causal = causal, config = { wgmma = true, tma_store = true } } or
                    dq == "dvstore" and { causal = causal, config = { wgmma = true, tma_store = "dv" } } or
                    dq == "quad" and { causal = causal, config = { wgmma = true, quad = true } } or
                    dq == "noquad" and { causal = causal, config = { wgmma = true, quad = false } } or
                    dq == "nsquad" and { causal = causal, config = { wgmma = true, tma_store = false, quad = true } } or
                    dq == "pairs" and { causal = causal, config = { wgmma = true, quad = "pairs" } } or
                    dq == "nspairs" and { causal = causal, config = { wgmma = true, tma_store = false, quad = "pairs" } } or
                    dq == "pt" and { causal = causal, config = { wgmma = true, ws = true, persistent = true } } or
                    dq == "lpt" and { causal = causal, config = { wgmma = true, lpt = true } } or
                    dq == "nolpt" and { causal = causal, config = { wgmma = true, lpt = false } } or
                    dq == "cleard" and { causal = causal, config = { wgmma = true, clear = "delta" } } or
                    dq == "memset" and { causal = causal, config = { wgmma = true, clear = "memset" } } or
                    dq:match("^split%d*$") and { causal = causal, config = { wgmma = true, split = tonumber(dq:sub(6)) or true } } or
                    dq == "nosplit" and { causal = causal, config = { wgmma = true, split = false } } or
                    { causal = causal, dq = dq }
      local ok, err = pcall(std.attention_backward, dout, q, k, v, o, lse, bopts)
      if not ok then print("tilelua " .. label .. ": FAILED " .. tostring(err))
      else
        local t = time(function() std.attention_backward(dout, q, k, v, o, lse, bopts) end, reps, samples)
        local flops = 2.5 * 4 * B * H * S * S * D / (causal and 2 or 1)
        print(string.format("tilelua %s: %.1f us %.1f TFLOP/s", label, t * 1e6, flops / t / 1e12))
      end
      io.stdout:flush()
      if gc_mode then collectgarbage(gc_mode) end
    end
    end
    end
  end
  end
end

local variants = os.getenv("ATTENTION_CONFIGS")
if variants and variants ~= "" then
  for text in variants:gmatch("[^;]+") do
    local config = assert(load("return " .. text))()
    for D in (os.getenv("ATTENTION_DIMS") or "64,128"):gmatch("%d+") do
      D = tonumber(D)
      for _, causal in ipairs { false, true } do
        for _, S in ipairs(#arg > 0 and SEQS or { 4096 }) do case("f16", D, causal, S, config, "tilelua[" .. text:gsub("%s", "") .. "]") end
      end
    end
  end
end

-- ATTENTION_GRID=0 skips the default config's grid (only the variants and the backward); ATTENTION_DTYPES its dtypes
-- (default "f16,bf16")
local grid_dtypes = {}
for dt in (os.getenv("ATTENTION_DTYPES") or "f16,bf16"):gmatch("%w+") do grid_dtypes[#grid_dtypes + 1] = dt end
for _, dt in ipairs(os.getenv("ATTENTION_GRID") == "0" and {} or grid_dtypes) do
  for _, D in ipairs { 64, 128 } do
    for _, causal in ipairs { false, true } do
      for _, S in ipairs(SEQS) do
        case(dt, D, causal, S, nil, "tilelua")
      end
    end
  end
end
