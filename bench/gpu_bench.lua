-- gpu_bench.lua - tilelua's side of the GPU benchmarks (bench/run_gpu.sh runs it with the peers).
-- Usage: tilesh --backend=cuda bench/gpu_bench.lua MODE OUTDIR
--   MODE launch  : empty-kernel launch overhead, trace/codegen/compile times, in-process cache hit;
--                  writes OUTDIR/empty.hip and OUTDIR/scale.hip for the bare-NVRTC and raw-launch peers
--   MODE overhead: the empty-kernel launch loop alone (run_gpu.sh alternates it with the C peer)
--   MODE compile : the first compile in a process of the scale kernel, then the same source again
--   MODE newproc : time of the first prepare in this process (the disk cache is expected warm)
--   MODE stream  : 2^26-element axpy and a 2D scale (8192 x 8192), GB/s
-- Prints "key: value" lines that run_gpu.sh collects.
local mode, out = arg[1], arg[2] or "."
local name, info = tl.backend()
assert(name ~= "cpu", "gpu_bench needs a GPU backend (run with --backend=cuda)")
local arch = info.arch

local timing = dofile((arg[0]:match("^(.*)/[^/]*$") or ".") .. "/timing.lua")
-- one sample of n calls after a warm-up
local function timeit(n, fn) return timing.timeit(fn, n, 1) end

local empty = tl.kernel { name = "empty", block = 32,
  params = { { "x", tl.tensor(tl.f32, 1) }, { "a", tl.f32 } },
  body = function(k, p) end }

-- scale over a 2D tile: what the compile benchmarks compile (a representative kernel)
local function scale_kernel(nm, pattern, TR, TC, vec)
  TR, TC = TR or 32, TC or 128
  local dist2 = tl.pattern2d { block = 256, rows = TR, cols = TC, vec = vec or 4, pattern = pattern or "thread_raked" }
  return tl.kernel { name = nm, block = 256,
    params = { { "x", tl.tensor(tl.f32, 2) }, { "y", tl.tensor(tl.f32, 2) }, { "alpha", tl.f32 } },
    body = function(k, p)
      local r0, c0 = k.block_id(1) * TR, k.block_id(0) * TC
      local t = k:window(p.x, { r0, c0 }, { TR, TC }, dist2):load()
      k:window(p.y, { r0, c0 }, { TR, TC }, dist2):store(t:map(function(v) return v * p.alpha end))
    end }
end

-- axpy over 1D: each block takes BLOCK*V*U elements, V-wide vectors, U per thread
local V, U, B = 4, 4, 256
local dist1 = tl.encoding { h = { { U, B, V } }, p = { { { 1, 1 } } }, y = { { 1, 0 }, { 1, 2 } } }
local axpy = tl.kernel { name = "axpy", block = B,
  params = { { "x", tl.tensor(tl.f32, 1) }, { "y", tl.tensor(tl.f32, 1) }, { "a", tl.f32 } },
  body = function(k, p)
    local o = k.block_id(0) * (B * V * U)
    local xs = k:window(p.x, { o }, { B * V * U }, dist1):load()
    local wy = k:window(p.y, { o }, { B * V * U }, dist1)
    local ys = wy:load()
    ys:foreach(function(v, idx, y) return p.a * xs:get(y) + v end)
    wy:store(ys)
  end }

if mode == "launch" then
  local x = tl.zeros({ 1024 }, tl.f32)
  empty:prepare({ 1 }, x, 1.0)
  print(string.format("empty kernel: trace %.3f ms, codegen %.3f ms, compile %.2f ms",
    empty.timings and empty.timings.trace * 1e3 or -1, empty.timings and empty.timings.codegen * 1e3 or -1,
    empty.timings and empty.timings.compile and empty.timings.compile * 1e3 or -1))
  local g1 = { 1 }
  local per = timeit(20000, function() empty(g1, x, 1.0) end)
  print(string.format("tilelua launch: %.3f us per launch", per * 1e6))
  local hit = timeit(20000, function() empty:prepare({ 1 }, x, 1.0) end)
  print(string.format("in-process cache hit: %.3f us", hit * 1e6))
  local f = assert(io.open(out .. "/empty.hip", "w")); f:write(empty:source()); f:close()
  local s = scale_kernel("scale")
  local a, b = tl.zeros({ 256, 256 }, tl.f32), tl.zeros({ 256, 256 }, tl.f32)
  s:prepare({ 2, 8 }, a, b, 2.0)
  local t = s.timings
  print(string.format("scale kernel: trace %.3f ms, codegen %.3f ms, compile %.2f ms", t.trace * 1e3, t.codegen * 1e3,
    (t.compile or -1) * 1e3))
  f = assert(io.open(out .. "/scale.hip", "w")); f:write(s:source()); f:close()
elseif mode == "overhead" then
  local x = tl.zeros({ 1024 }, tl.f32)
  local g1 = { 1 }
  local per = timeit(20000, function() empty(g1, x, 1.0) end)
  print(string.format("tilelua launch: %.3f us per launch", per * 1e6))
elseif mode == "compile" then
  -- the first compile in this process (run with TILELUA_CACHE=0), then the same source again
  local s = scale_kernel("scale")
  local a, b = tl.zeros({ 256, 256 }, tl.f32), tl.zeros({ 256, 256 }, tl.f32)
  s:prepare({ 2, 8 }, a, b, 2.0)
  local src = s:source()
  local t0 = tl.clock()
  tl._compile(src, "scale", arch)
  print(string.format("tilelua compile #1 in this process: %.2f ms (trace %.3f ms, codegen %.3f ms); #2: %.2f ms",
    s.timings.compile * 1e3, s.timings.trace * 1e3, s.timings.codegen * 1e3, (tl.clock() - t0) * 1e3))
elseif mode == "newproc" then
  local x = tl.zeros({ 1024 }, tl.f32)
  local s = scale_kernel("scale")
  local a, b = tl.zeros({ 256, 256 }, tl.f32), tl.zeros({ 256, 256 }, tl.f32)
  local t0 = tl.clock()
  s:prepare({ 2, 8 }, a, b, 2.0)
  local t1 = tl.clock()
  local st = tl.cache.stats()
  print(string.format("new-process cache hit: %.3f ms (traces %d, compiles %d, disk hits %d)", (t1 - t0) * 1e3,
    st.traces, st.compiles, st.disk_hits))
  empty:prepare({ 1 }, x, 1.0)
elseif mode == "stream" then
  local n = 1 << 26
  local x, y = tl.rand({ n }, tl.f32, 1), tl.rand({ n }, tl.f32, 2)
  local y0 = y:clone()
  local grid = { n // (B * V * U) }
  axpy(grid, x, y, 2.0)
  tl.synchronize()
  -- check a few elements against the host
  for _, i in ipairs { 0, 1, 12345, n - 1 } do
    local want = 2.0 * x:get(i) + y0:get(i)
    assert(math.abs(y:get(i) - want) <= 1e-5 * math.max(1, math.abs(want)), "axpy mismatch at " .. i)
  end
  local per = timeit(50, function() axpy(grid, x, y, 2.0) end)
  print(string.format("tilelua axpy 2^26: %.1f us, %.0f GB/s", per * 1e6, 3 * 4 * n / per / 1e9))
  local R, C = 8192, 8192
  local a, b = tl.rand({ R, C }, tl.f32, 3), tl.zeros({ R, C }, tl.f32)
  for _, cfg in ipairs { { "thread_raked", 32, 128, 4 }, { "warp_raked", 32, 128, 4 }, { "thread_raked", 16, 256, 8 },
                         { "thread_raked", 8, 256, 4 }, { "warp_raked", 64, 128, 4 } } do
    local pattern, TR, TC, vec = table.unpack(cfg)
    local ok, s = pcall(scale_kernel, "scale", pattern, TR, TC, vec)
    if ok then
      local g2 = { C // TC, R // TR }
      b:fill(0)
      s(g2, a, b, 2.0)
      tl.synchronize()
      assert(b:get(R - 1, C - 1) == 2.0 * a:get(R - 1, C - 1), "scale mismatch")
      per = timeit(50, function() s(g2, a, b, 2.0) end)
      print(string.format("tilelua scale2d 8192x8192 (%s %dx%d vec %d): %.1f us, %.0f GB/s", pattern, TR, TC, vec,
        per * 1e6, 2 * 4 * R * C / per / 1e9))
    else
      print("scale config " .. table.concat(cfg, " ") .. ": " .. tostring(s))
    end
  end
end
