-- dist_local.lua - one process driving every device (a list of tensors, rank k on device k): the
-- collectives of tests/gpu/dist_ranks.lua on the same inputs, saved as DIST_OUT/<backend>_r<k>_<what>.npy
-- so that tests/gpu/dist_compare.lua compares a GPU run with a simulated one (--backend=cpu with
-- TILELUA_CPU_DEVICES = the GPU count); then launches alternating between the devices (the C fast
-- path keys its variants by device), copies between devices, events, and send/recv in one process.
-- Usage: DIST_OUT=dir tilesh [--backend=cuda|cpu] tests/gpu/dist_local.lua
local tl = require "tilelua"
local std = require "tilelua.std"
local out = assert(os.getenv("DIST_OUT"), "set DIST_OUT to a directory")
local P = #tl.devices()
local be = tl.backend()
local function save(r, what, t) tl.save_npy(("%s/%s_r%d_%s.npy"):format(out, be, r, what), t) end
local function each(fn) local l = {} for r = 0, P - 1 do l[r + 1] = fn(r) end return l end
for _, dt in ipairs { "f16", "bf16", "f32", "f64", "i8", "u8", "i32", "u32", "i64", "u64" } do
  local function inputs() return each(function(r) return tl.rand({ 16 * P, 33 }, tl[dt], 1000 + r, { device = r }) end) end
  local function keep(what, l) for r = 0, P - 1 do assert(l[r + 1]:device() == r, what .. ": result on its device"); save(r, dt .. "_" .. what, l[r + 1]) end end
  for _, op in ipairs { "sum", "prod", "max", "min", "avg" } do keep("all_reduce_" .. op, tl.dist.all_reduce(inputs(), op)) end
  keep("all_gather", tl.dist.all_gather(inputs()))
  keep("reduce_scatter_sum", tl.dist.reduce_scatter(inputs(), "sum"))
  keep("broadcast", tl.dist.broadcast(inputs(), P - 1))
end
-- one kernel, launched on device 0, 1, ..., 0, 1, ... (after the first round through the fast path)
local xs = each(function(r) return tl.full({ 1000 }, r + 1, tl.f32, { device = r }) end)
for round = 1, 3 do
  for r = 0, P - 1 do std.map(function(v) return v * 2 end, xs[r + 1], xs[r + 1]) end
end
tl.synchronize()
for r = 0, P - 1 do
  assert(xs[r + 1]:device() == r and xs[r + 1]:get(999) == (r + 1) * 8, ("device %d: map x3 gave %g"):format(r, xs[r + 1]:get(999)))
end
-- copies between devices, and a kernel on the copy
local a = tl.rand({ 257, 31 }, tl.f32, 5)
for r = 1, P - 1 do -- (on its own device a:to(0) is a itself)
  local b = a:to(r)
  assert(b:device() == r and b:max_abs_diff(a) == 0, "a copy to device " .. r)
  std.map(function(v) return v + 1 end, b, b)
  local back = b:to(0)
  assert(back:device() == 0 and math.abs(back:max_abs_diff(a) - 1) < 1e-5 and math.abs(back:get(3, 4) - a:get(3, 4) - 1) < 1e-5, "the kernel ran on the copy")
end
-- events: a kernel timed on each device; the last device's later work waits for device 0's event
local big = each(function(r) return tl.rand({ 1024, 1024 }, tl.f32, 7, { device = r }) end)
for r = 0, P - 1 do
  local e1 = tl.event(r)
  std.map(function(v) return v * 0.5 end, big[r + 1], big[r + 1])
  local e2 = tl.event(r)
  local dt = e1:elapsed(e2)
  -- (no upper bound: with TILELUA_CHECK_CPU the executor's twin runs before the second event)
  assert(dt > 0, ("device %d: a 4 MiB map took %g s by its events"):format(r, dt))
  if r == 0 then e2:wait(P - 1) end
end
tl.event(P - 1):synchronize()
assert(big[P]:max_abs_diff(big[1]) == 0, "the same map on every device")
-- send/recv in one process: device 0 to the last
if P > 1 then
  local got = tl.zeros({ 1000 }, tl.i32, { device = P - 1 })
  tl.dist.send(tl.full({ 1000 }, 42, tl.i32), P - 1)
  tl.dist.recv(got, 0)
  assert(got:get(999) == 42 and got:device() == P - 1, "send/recv in one process")
end
print(("dist_local: %d devices on %s done"):format(P, be))
