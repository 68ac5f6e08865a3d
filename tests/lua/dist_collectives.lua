-- all_gather, reduce_scatter, broadcast and send/recv in one process over 4 simulated devices
-- (TILELUA_CPU_DEVICES=4), into new tensors, into out and in place; and a one-rank per-process world.
local tl = require "tilelua"
local P = #tl.devices()
assert(P == 4, "run with TILELUA_CPU_DEVICES=4")

local function on_each(fn) local t = {} for r = 0, P - 1 do t[r + 1] = fn(r) end return t end

-- all_gather: rank r's {2, 3} block lands at rows 2r..2r+1 of every rank's {8, 3}
local xs = on_each(function(r) return tl.arange(r * 6, r * 6 + 6, tl.i32):reshape { 2, 3 }:to(r) end)
local g = tl.dist.all_gather(xs)
for r = 1, P do
  assert(g[r]:device() == r - 1, "all_gather output on its rank's device")
  local s = g[r]:shape()
  assert(s[1] == 8 and s[2] == 3, "all_gather shape {8, 3}")
  for i = 0, 7 do for j = 0, 2 do assert(g[r]:get(i, j) == i * 3 + j) end end
end
-- into out, any shape with world x the elements
local outs = on_each(function(r) return tl.zeros({ 4, 6 }, tl.i32, { device = r }) end)
assert(tl.dist.all_gather(xs, { out = outs }) == outs)
assert(outs[3]:get(3, 5) == 23)
-- rank 0 tensors gather into {world}
local sc = on_each(function(r) return tl.from(r * 10, tl.f64, { device = r }) end)
local gs = tl.dist.all_gather(sc)
assert(gs[2]:shape()[1] == 4 and gs[2]:get(3) == 30)

-- reduce_scatter: rank r gets rows r of the sum
local ys = on_each(function(r) return tl.full({ 4, 2 }, r + 1, tl.f32, { device = r }) end)
ys[3]:set(2, 1, 100)
local rs = tl.dist.reduce_scatter(ys, "sum")
for r = 1, P do
  assert(rs[r]:shape()[1] == 1 and rs[r]:shape()[2] == 2 and rs[r]:device() == r - 1)
  assert(rs[r]:get(0, 0) == 10)
end
assert(rs[3]:get(0, 1) == 10 - 3 + 100, "rank 2 gets row 2 with the 100")
local mins = tl.dist.reduce_scatter(ys, "min", { out = on_each(function(r) return tl.empty({ 2 }, tl.f32, { device = r }) end) })
assert(mins[4]:get(1) == 1)

-- broadcast from root 2, in place and into out
local bs = on_each(function(r) return tl.full({ 5 }, r, tl.bf16, { device = r }) end)
local bo = tl.dist.broadcast(bs, 2, { out = on_each(function(r) return tl.empty({ 5 }, tl.bf16, { device = r }) end) })
assert(bo[1]:get(4) == 2 and bs[1]:get(4) == 0, "broadcast into out leaves the inputs")
tl.dist.broadcast(bs, 2)
for r = 1, P do assert(bs[r]:sum() == 10) end

-- send / recv in one process: a copy from device 0 to device 3, in order per pair
local a = tl.arange(6, tl.u8)
local b = tl.zeros({ 2, 3 }, tl.u8, { device = 3 })
tl.dist.send(a, 3)
tl.dist.send(tl.full({ 6 }, 7, tl.u8), 3)
tl.dist.recv(b, 0)
assert(b:get(1, 2) == 5, "recv gets the first message")
tl.dist.recv(b, 0)
assert(b:get(0, 0) == 7, "then the second")
-- sendrecv in one process: device 3 sends back to 0 what it received from 0 (the message from 0 is
-- already there: in one process the send half goes first)
tl.dist.send(tl.full({ 6 }, 9, tl.u8), 3)
local c = tl.zeros({ 6 }, tl.u8)
assert(tl.dist.sendrecv(b, 0, b, 0) == b and b:get(1, 2) == 9, "sendrecv received device 0's message")
assert(tl.dist.recv(c, 3) == c and c:get(5) == 7, "device 0 got device 3's former contents")

-- a per-process world of one (WORLD_SIZE unset): collectives return their input
local w = tl.dist.init { timeout = 5 }
assert(w.rank == 0 and w.size == 1 and w.mode == "process", tostring(w))
local x = tl.arange(4, tl.f32)
assert(tl.dist.all_reduce(x, "prod") == x and x:get(3) == 3)
assert(tl.dist.all_gather(x):numel() == 4)
assert(tl.dist.reduce_scatter(x):get(2) == 2)
assert(tl.dist.broadcast(x, 0):get(1) == 1)
print("dist_collectives: all_gather, reduce_scatter, broadcast, send/recv ok on " .. P .. " devices")
