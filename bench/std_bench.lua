-- std_bench.lua - the stdlib kernels on the GPU (tilelua's side of bench/run_std.sh).
-- Usage: tilesh --backend=cuda bench/std_bench.lua [op ...]
-- Prints "tilelua <op>: <us> us <bytes>" per op (median of 5 timings of 20 calls each, after a
-- warm-up and a result check against a host reference). Results are written into `out` tensors
-- where the op takes one, as the peers do (torch's out=).
local std = require "tilelua.std"
local name = tl.backend()
assert(name ~= "cpu", "std_bench needs a GPU backend (run with --backend=cuda)")

local timing = dofile((arg[0]:match("^(.*)/[^/]*$") or ".") .. "/timing.lua")
local timeit = timing.timeit
local function report(op, us, bytes) print(string.format("tilelua %s: %.1f us %d", op, us * 1e6, bytes)) end
local function check(cond, what) if not cond then error("std_bench: wrong result: " .. what, 2) end end

local ops = {}
function ops.axpy()
  local n = 1 << 26
  local x, y = tl.rand({ n }, tl.f32, 1), tl.rand({ n }, tl.f32, 2)
  local y0 = y:get(12345)
  std.axpy(2.0, x, y)
  check(math.abs(y:get(12345) - (2 * x:get(12345) + y0)) < 1e-5, "axpy")
  report("axpy", timeit(function() std.axpy(2.0, x, y) end, 20), 12 * n)
end
function ops.scale2d()
  local a = tl.rand({ 8192, 8192 }, tl.f32, 3)
  local b = tl.empty_like(a)
  local scale = function(v, s) return v * s end -- one function: std.map memoizes kernels per function
  std.map(scale, b, a, 2.0)
  check(b:get(8191, 8191) == 2 * a:get(8191, 8191), "scale2d")
  report("scale2d", timeit(function() std.map(scale, b, a, 2.0) end, 20), 8 * 8192 * 8192)
end
function ops.transpose()
  local a = tl.rand({ 8192, 8192 }, tl.f32, 4)
  local t = std.transpose(a)
  check(t:get(17, 8000) == a:get(8000, 17), "transpose")
  report("transpose", timeit(function() std.transpose(a, { out = t }) end, 20), 8 * 8192 * 8192)
  report("transpose_noswizzle", timeit(function() std.transpose(a, { swizzle = false, out = t }) end, 20), 8 * 8192 * 8192)
end
local function softmax(dt, label)
  local R, C = 4096, 4096
  local a = tl.rand({ R, C }, dt, 5)
  local s = std.softmax(a)
  local row, m, z = 77, -math.huge, 0
  for j = 0, C - 1 do m = math.max(m, a:get(row, j)) end
  for j = 0, C - 1 do z = z + math.exp(a:get(row, j) - m) end
  check(math.abs(s:get(row, 5) - math.exp(a:get(row, 5) - m) / z) < (dt == tl.f32 and 1e-6 or 1e-3), "softmax " .. label)
  report(label, timeit(function() std.softmax(a, { out = s }) end, 20), 2 * R * C * (dt == tl.f32 and 4 or 2))
end
function ops.softmax_f32() softmax(tl.f32, "softmax_f32") end
function ops.softmax_f16() softmax(tl.f16, "softmax_f16") end
function ops.rowsum()
  local a = tl.rand({ 8192, 8192 }, tl.f32, 6)
  local s = std.sum(a, { axis = -1 })
  local want = 0
  for j = 0, 8191 do want = want + a:get(100, j) end
  check(math.abs(s:get(100) - want) < 1e-3 * want, "rowsum")
  report("rowsum", timeit(function() std.sum(a, { axis = -1, out = s }) end, 20), 4 * 8192 * 8192)
end
function ops.sum()
  local n = 1 << 28
  local a = tl.full({ n }, 0.5, tl.f32)
  local s = std.sum(a)
  check(math.abs(s:get(0) - n * 0.5) < 1e-3 * n, "sum")
  report("sum", timeit(function() std.sum(a) end, 10), 4 * n)
end
function ops.histogram()
  local n = 1 << 26
  local a = tl.rand({ n }, tl.f32, 7)
  local h = std.histogram(a, 256, 0.0, 1.0)
  local total = 0
  for i = 0, 255 do total = total + h:get(i) end
  check(total == n, "histogram total " .. total)
  report("histogram", timeit(function() std.histogram(a, 256, 0.0, 1.0) end, 10), 4 * n)
end

-- the transformer-block ops at 16384 tokens x 4096 (f16): norms with a weight, rope on {4, 4096, 32, 128}
local NT, NH = 16384, 4096
local function near(a, b, tol) return math.abs(a - b) <= tol * math.max(1, math.abs(b)) end
local function norm_op(label, dt, fn, ref)
  local x = std.map(function(v) return 4 * v - 2 end, tl.empty({ NT, NH }, dt), tl.rand({ NT, NH }, tl.f32, 8))
  local w = std.cast(tl.rand({ NH }, tl.f32, 9), dt)
  local y = fn(x, w)
  local row = 4321
  local want = ref(x, w, row)
  for _, j in ipairs { 0, 17, 4095 } do check(near(y:get(row, j), want[j], 2e-2), label .. " col " .. j) end
  report(label, timeit(function() fn(x, w, y) end, 20), 2 * NT * NH * (dt == tl.f32 and 4 or 2))
end
local function rms_ref(x, w, row)
  local ss = 0
  for j = 0, NH - 1 do ss = ss + x:get(row, j) ^ 2 end
  local r = 1 / math.sqrt(ss / NH + 1e-6)
  return { [0] = x:get(row, 0) * r * w:get(0), [17] = x:get(row, 17) * r * w:get(17), [4095] = x:get(row, 4095) * r * w:get(4095) }
end
function ops.rmsnorm_f16()
  norm_op("rmsnorm_f16", tl.f16, function(x, w, y) return std.rmsnorm(x, w, { eps = 1e-6, out = y }) end, rms_ref)
end
function ops.rmsnorm_bf16()
  norm_op("rmsnorm_bf16", tl.bf16, function(x, w, y) return std.rmsnorm(x, w, { eps = 1e-6, out = y }) end, rms_ref)
end
function ops.layernorm_f16()
  norm_op("layernorm_f16", tl.f16, function(x, w, y) return std.layernorm(x, { weight = w, out = y }) end, function(x, w, row)
    local s, v = 0, 0
    for j = 0, NH - 1 do s = s + x:get(row, j) end
    local mean = s / NH
    for j = 0, NH - 1 do v = v + (x:get(row, j) - mean) ^ 2 end
    local r = 1 / math.sqrt(v / NH + 1e-5)
    local o = {}
    for _, j in ipairs { 0, 17, 4095 } do o[j] = (x:get(row, j) - mean) * r * w:get(j) end
    return o
  end)
end
local function rope_op(label, interleaved)
  local B, S, H, D = 4, 4096, 32, 128
  local q = std.map(function(v) return 2 * v - 1 end, tl.empty({ B, S, H, D }, tl.f16), tl.rand({ B, S, H, D }, tl.f32, 10))
  local cs, sn = tl.empty({ S, D // 2 }, tl.f16), tl.empty({ S, D // 2 }, tl.f16)
  for p = 0, S - 1 do
    for i = 0, D // 2 - 1 do
      local a = p * 10000 ^ (-2 * i / D)
      cs:set(p, i, math.cos(a)); sn:set(p, i, math.sin(a))
    end
  end
  local y = std.rope(q, cs, sn, { interleaved = interleaved })
  local b, p, h, i = 3, 3000, 17, 5
  local ia, ib = interleaved and 2 * i or i, interleaved and 2 * i + 1 or i + D // 2
  local want = q:get(b, p, h, ia) * cs:get(p, i) - q:get(b, p, h, ib) * sn:get(p, i)
  check(near(y:get(b, p, h, ia), want, 1e-2), label)
  report(label, timeit(function() std.rope(q, cs, sn, { interleaved = interleaved, out = y }) end, 20), 4 * q:numel())
end
function ops.rope_f16() rope_op("rope_f16", false) end
function ops.rope_interleaved_f16() rope_op("rope_interleaved_f16", true) end

local order = { "axpy", "scale2d", "transpose", "softmax_f32", "softmax_f16", "rowsum", "sum", "histogram", "rmsnorm_f16",
                "rmsnorm_bf16", "layernorm_f16", "rope_f16", "rope_interleaved_f16" }
local want = #arg > 0 and arg or order
for _, op in ipairs(want) do
  local ok, err = pcall(ops[op])
  if not ok then print(string.format("tilelua %s: FAILED %s", op, tostring(err):gsub("\n", " "))) end
end
