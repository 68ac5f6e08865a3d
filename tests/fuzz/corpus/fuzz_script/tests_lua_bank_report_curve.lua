-- bank_report_curve.lua - with a curve the steps follow the curve's access order.
local T = require "testing"
local bank_report = tl.bank_report or require("tilelua.bank_report").report

local d = tl.pattern2d{block = 64, rows = 16, cols = 16, vec = 4, pattern = "thread_raked", warp = 32}
T.eq(d:elements(), 4, "elements")
local lds = tl.descriptor{lengths = {16, 16}, strides = {16, 1}}
-- per-thread Y space {1, 4}; a column-major curve of scalars visits y = 0, 1, 2, 3
local c = tl.curve{lengths = {1, 4}, order = {1, 0}, vector = {1, 1}}
local r = bank_report{dist = d, lds = lds, curve = c}
local ys = {}
for _, s in ipairs(r.steps) do ys[#ys + 1] = s.y end
T.eq(ys, {0, 1, 2, 3}, "scalar steps")

-- a 4x4 per-thread space walked column-major: y = 0, 4, 8, 12, 1, 5, ...
local d2 = tl.pattern2d{block = 64, rows = 64, cols = 16, vec = 4, pattern = "warp_raked", warp = 32}
T.eq(d2:elements(), 16, "elements")
local c2 = tl.curve{lengths = {4, 4}, order = {1, 0}, vector = {1, 1}}
local r2 = bank_report{dist = d2, lds = tl.descriptor{lengths = {64, 16}, strides = {16, 1}}, curve = c2}
ys = {}
for _, s in ipairs(r2.steps) do ys[#ys + 1] = s.y end
T.eq(ys, {0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15}, "column-major steps")
-- the same curve with vector {1, 4}: 4 float4 steps
local c3 = tl.curve{lengths = {4, 4}, order = {1, 0}, vector = {1, 4}}
local r3 = bank_report{dist = d2, lds = tl.descriptor{lengths = {64, 16}, strides = {16, 1}}, curve = c3}
ys = {}
for _, s in ipairs(r3.steps) do ys[#ys + 1] = s.y .. "x" .. s.elements end
T.eq(ys, {"0x4", "4x4", "8x4", "12x4"}, "vector steps")
assert(tostring(r3):find("curve Curve{", 1, true))
T.raises(function() bank_report{dist = d2, lds = lds, curve = tl.curve{lengths = {2, 4}, order = {0, 1}}} end,
         "bank_report: curve covers 8 elements, the distribution gives each thread 16")
