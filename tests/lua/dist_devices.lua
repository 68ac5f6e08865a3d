-- Devices on the cpu backend with TILELUA_CPU_DEVICES=4: tl.devices(), where tensors live (options,
-- tl.set_device, tl.with_device, t:to), copies between devices, and a launch that runs on its
-- tensors' device (an error names the arguments when they disagree).
local tl = require "tilelua"
local devs = tl.devices()
assert(#devs == 4)
for i, d in ipairs(devs) do
  assert(d.index == i - 1 and d.arch == "cpu" and d.simulated == true and d.memory > 0, d.name)
end
assert(tl.current_device() == 0)
local a = tl.rand({ 4, 8 }, tl.f32, 1)
assert(a:device() == 0)
local b = a:to(2)
assert(b:device() == 2 and b:max_abs_diff(a) == 0, "to() copies")
assert(b:to(2) == b, "to() its own device returns the tensor itself")
assert(tostring(b):find("^Tensor{device=2, shape={4,8}, dtype=f32"), tostring(b))
assert(tostring(a):find("^Tensor{shape={4,8}"), "device 0 is not shown")
assert(b:clone():device() == 2 and tl.empty_like(b):device() == 2, "copies keep the device")
assert(tl.zeros_like(b, nil, { device = 1 }):device() == 1)
assert(b:reshape { 32 }:device() == 2 and b:narrow(1, 2, 3):device() == 2, "views share the storage's device")
assert(tl.empty({ 2 }, { device = 3 }):device() == 3 and tl.rand({ 2 }, tl.f16, { device = 1 }):device() == 1)
assert(tl.from({ 1, 2 }, tl.i32, { device = 3 }):device() == 3)
local prev = tl.set_device(3)
assert(prev == 0 and tl.zeros({ 1 }):device() == 3 and tl.arange(3):device() == 3)
tl.set_device(prev)
local inside = tl.with_device(1, function() return tl.full({ 2 }, 1.5):device() end)
assert(inside == 1 and tl.current_device() == 0, "with_device restores the device")
-- copy_from between devices
local c = tl.zeros({ 4, 8 }, tl.f32, { device = 3 })
c:copy_from(b)
assert(c:device() == 3 and c:max_abs_diff(a) == 0)
-- narrow
local n = tl.arange(12, tl.i32):reshape { 3, 4 }:narrow(1, 1, 2)
assert(n:get(2, 0) == 9 and n:get(0, 1) == 2 and not n:is_contiguous())

-- a launch on device 2 (std.map allocates nothing: out is given), then one with mixed devices
local std = require "tilelua.std"
local y = tl.empty({ 4, 8 }, tl.f32, { device = 2 })
std.map(function(v) return v * 2.0 end, y, b)
assert(y:max_abs_diff(a) > 0 and y:get(1, 1) == 2 * a:get(1, 1))
local ok, err = pcall(std.map, function(v) return v * 2.0 end, tl.empty({ 4, 8 }, tl.f32, { device = 1 }), b)
assert(not ok and err:find("argument 'a1' is on device 2 but argument 'out' is on device 1", 1, true), err)
-- std.gemm's result lands on its inputs' device
local A = tl.rand({ 16, 16 }, tl.f16, 3):to(3)
local B = tl.rand({ 16, 16 }, tl.f16, 4):to(3)
assert(std.gemm(A, B):device() == 3)
print("dist_devices: ok")
