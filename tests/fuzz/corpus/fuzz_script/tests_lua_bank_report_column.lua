-- bank_report_column.lua - report: a column read of a 32x32 f32 row-major LDS tile is 32-way
-- at every step; the same read through an XOR swizzle (tl.xor) is 1-way.
local T = require "testing"
local bank_report = tl.bank_report or require("tilelua.bank_report").report

-- thread t owns row t (H0 -> P), its 32 elements run along the columns (H1 -> Y)
local dist = tl.encoding{h = {{32}, {32}}, p = {{{1, 0}}}, y = {{2, 0}}}
local tile = tl.descriptor{lengths = {32, 32}, strides = {32, 1}}

local r = bank_report{dist = dist, lds = tile, elem_bytes = 4, vector = 1}
T.eq({r.worst, r.average, #r.steps, r.warps, r.warp, r.target}, {32, 32.0, 32, 1, 32, "nvidia"}, "plain")
for i, s in ipairs(r.steps) do
  T.eq({s.index, s.y, s.elements, s.degree, s.warp_degrees}, {i - 1, i - 1, 1, 32, {32}}, "step " .. i)
end
T.eq(r.cycles, 32 * 32, "cycles")
T.eq(r.ideal_cycles, 32, "ideal cycles")
T.eq(r.conflict_free, false, "not conflict-free")

local swizzled = tile:transform{{tl.xor{32, 32}, lower = {0, 1}, upper = {0, 1}}}
local s = bank_report{dist = dist, lds = swizzled, elem_bytes = 4, vector = 1}
T.eq({s.worst, s.average, s.cycles}, {1, 1.0, 32}, "xor swizzled")
T.eq(s.conflict_free, true, "conflict-free")

-- the text rendering says it
local text = tostring(r)
assert(text:find("worst 32-way, average 32.00-way", 1, true), text)
assert(text:find("model nvidia: 32 banks x 4 bytes", 1, true), text)
assert(tostring(s):find("worst 1-way", 1, true))
-- a write through the same layouts reports the same degrees
T.eq(bank_report{dist = dist, lds = tile, vector = 1, op = "write"}.worst, 32, "write")
