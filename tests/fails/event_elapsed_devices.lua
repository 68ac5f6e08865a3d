-- Device time is measured between two events of one device.
-- expect: event_elapsed_devices.lua:5: event:elapsed: the events are on devices 1 and 0: time between events of one device
local tl = require "tilelua"
local a, b = tl.event(1), tl.event(0)
print(a:elapsed(b))
