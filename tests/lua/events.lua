-- events.lua - tl.event on the cpu backend (4 simulated devices: CMake runs every lua/ test with
-- TILELUA_CPU_DEVICES=4): recorded on a device, waited for, timed; the GPU run (tests/gpu/dist_local.lua)
-- has the real ones.
local tl = require "tilelua"
local std = require "tilelua.std"

local e0 = tl.event()
assert(e0:device() == tl.current_device() and tostring(e0) == "Event{device=0}", tostring(e0))
local x = tl.rand({ 64, 64 }, tl.f32, 1, { device = 2 })
local a = tl.event(2)
std.map(function(v) return v * 2 end, x, x)
local b = tl.event(2)
assert(a:device() == 2 and b:device() == 2)
local dt = a:elapsed(b)
assert(math.type(dt) == "float" and dt >= 0, "elapsed is seconds, not negative")
assert(b:wait(3) == b and b:wait() == b and b:synchronize() == b, "wait and synchronize return the event")
-- the current device is the default
tl.with_device(1, function() assert(tl.event():device() == 1) end)
-- errors name the rule
local ok, err = pcall(function() return a:elapsed(e0) end)
assert(not ok and err:find("event:elapsed: the events are on devices 2 and 0: time between events of one device", 1, true), err)
ok, err = pcall(tl.event, 9)
assert(not ok and err:find("event: device 9 does not exist", 1, true), err)
ok, err = pcall(function() return b:wait(7) end)
assert(not ok and err:find("event:wait: device 7 does not exist", 1, true), err)
print("events: ok")
