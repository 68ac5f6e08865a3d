-- tl._gpu_load's fourth argument (the TMA tensor maps a kernel takes) is checked before any device
-- is needed: each malformed entry is refused naming its tl_tmap<j>; a well-formed list passes the
-- checks and the load then fails only for want of a GPU (on the cpu backend).
local T = require "testing"
local function load(tma) return function() return tl._gpu_load("", "k", 0, tma) end end

T.raises(load(42), "bad argument #4")
T.raises(load({ 7 }), "tl_tmap0 must be a table {param =, box =, swizzle =}")
T.raises(load({ { box = { 8 } } }), "tl_tmap0: param must be an integer from 0 to 63")
T.raises(load({ { param = -1, box = { 8 } } }), "tl_tmap0: param must be an integer")
T.raises(load({ { param = 1.5, box = { 8 } } }), "tl_tmap0: param must be an integer")
T.raises(load({ { param = 0, box = { 8 } }, { param = 1 } }), "tl_tmap1: box must be a table of lengths")
T.raises(load({ { param = 0, box = {} } }), "tl_tmap0: box must have 1 to 5 lengths (got 0)")
T.raises(load({ { param = 0, box = { 1, 1, 1, 1, 1, 8 } } }), "box must have 1 to 5 lengths (got 6)")
T.raises(load({ { param = 0, box = { 8, 257 } } }), "tl_tmap0: box length 2 must be an integer from 1 to 256")
T.raises(load({ { param = 0, box = { 0 } } }), "box length 1 must be an integer from 1 to 256")
T.raises(load({ { param = 0, box = { 8 }, swizzle = 48 } }), "tl_tmap0: the swizzle must be 0, 32, 64 or 128 bytes (got 48)")
T.raises(load({ { param = 0, box = { 8 }, swizzle = "wide" } }), "tl_tmap0: swizzle must be an integer")
local many = {}
for j = 1, 17 do many[j] = { param = 0, box = { 8 } } end
T.raises(load(many), "too many TMA maps (at most 16)")

if tl.backend() == "cpu" then
  -- valid maps: only the missing device is reported
  T.raises(load({ { param = 0, box = { 64, 64 }, swizzle = 128 }, { param = 2, box = { 16 } } }),
           "the cpu backend has no GPU device")
  T.raises(load(nil), "the cpu backend has no GPU device")
end
