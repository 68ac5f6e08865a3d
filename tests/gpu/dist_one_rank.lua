-- A one-rank NCCL communicator end to end on the GPU (tests/gpu/run.sh): the library loads, NVLink
-- multicast is off, every NCCL dtype and op goes through device buffers and back (one rank: every
-- reduction returns its input), in place and into out, in both modes (a per-process world of one, a
-- one-process communicator over a list of one tensor), ordered between kernel launches on the same
-- stream.
local tl = require "tilelua"
local std = require "tilelua.std"
local name, info = tl.backend()
assert(name ~= "cpu", "needs a GPU backend")
local v, lib = tl.dist.nccl_version()
assert(v, lib)
print(("dist_one_rank: %s %d on %s (%s), %d device(s) listed"):format(lib, v, info.name, info.arch, #tl.devices()))
assert(os.getenv("NCCL_NVLS_ENABLE") == "0", "NCCL_NVLS_ENABLE must be 0 once NCCL is loaded")
local comm = tl.dist.init { timeout = 60 }
assert(comm.size == 1 and comm.rank == 0)
local n = 0
for _, dt in ipairs { "f16", "bf16", "f32", "f64", "i8", "u8", "i32", "u32", "i64", "u64" } do
  local x = tl.rand({ 1000, 3 }, tl[dt], 7)
  local want = x:clone()
  for _, op in ipairs { "sum", "prod", "max", "min", "avg" } do
    local out = tl.dist.all_reduce(x, op, { out = tl.empty_like(x) })
    assert(out:max_abs_diff(want) == 0, dt .. " " .. op .. " through NCCL")
    local l = tl.dist.all_reduce({ x:clone() }, op)[1] -- one-process mode, in place
    assert(l:max_abs_diff(want) == 0, dt .. " " .. op .. " (list)")
    n = n + 2
  end
  assert(tl.dist.broadcast(x:clone(), 0):max_abs_diff(want) == 0, dt .. " broadcast")
  assert(tl.dist.all_gather(x):max_abs_diff(want) == 0, dt .. " all_gather")
  assert(tl.dist.reduce_scatter(x, "max"):max_abs_diff(want) == 0, dt .. " reduce_scatter")
  n = n + 3
end
-- ordering on the stream: kernel, collective in place, kernel; nothing read back in between
local x = tl.rand({ 4096 }, tl.f32, 3)
local y, z = tl.empty_like(x), tl.empty_like(x)
std.map(function(a) return a * 2.0 end, y, x)
tl.dist.all_reduce(y, "sum")
std.map(function(a) return a + 1.0 end, z, y)
local worst = 0
for i = 0, 4095, 97 do
  local e = math.abs(z:get(i) - (2 * x:get(i) + 1))
  worst = e ~= e and math.huge or math.max(worst, e) -- (a NaN counted as infinite: math.max would drop it)
end
assert(worst < 1e-6, "kernel -> all_reduce -> kernel: " .. worst)
-- a large one: 256 MiB, timed (one rank moves no data between GPUs: this is the call's own cost)
local big = tl.rand({ 64 * 1024 * 1024 }, tl.f32, 5)
tl.dist.all_reduce(big, "sum")
tl.synchronize()
local t0 = tl.clock()
for _ = 1, 10 do tl.dist.all_reduce(big, "sum") end
tl.synchronize()
print(("dist_one_rank: %d collectives checked; all_reduce of 256 MiB on one rank: %.3f ms"):format(n, (tl.clock() - t0) * 100))
print("dist_one_rank: ok")
