-- bank_report_pattern2d.lua - report over the raked patterns: warps, steps, vector narrowing,
-- split (non-contiguous) vectors.
local T = require "testing"
local bank_report = tl.bank_report or require("tilelua.bank_report").report

local rowmajor = tl.descriptor{lengths = {64, 64}, strides = {64, 1}}
for _, pattern in ipairs{"thread_raked", "warp_raked", "block_raked"} do
  for _, warp in ipairs{32, 64} do
    local d = tl.pattern2d{block = 256, rows = 64, cols = 64, vec = 4, pattern = pattern, warp = warp}
    local r = bank_report{dist = d, lds = rowmajor}
    -- every warp reads whole rows with float4: conflict-free on both vendors
    T.eq({r.worst, r.warps, r.warp, #r.steps}, {1, 256 // warp, warp, 4}, pattern .. " warp " .. warp)
    T.eq(r.target, warp == 64 and "amd" or "nvidia", "target from the warp")
    for i, s in ipairs(r.steps) do T.eq({s.y, s.elements}, {(i - 1) * 4, 4}, "step y") end
    -- rows padded to 65 floats: float4 loads would be misaligned, so they are split into scalars
    local padded = tl.descriptor{lengths = {64, 64}, strides = {65, 1}}
    local p = bank_report{dist = d, lds = padded}
    local split = 0
    for _, s in ipairs(p.steps) do if s.split then split = split + 1 end end
    assert(split > 0, "some rows start unaligned: their steps are split")
  end
end
-- f16 with vec 16: the 32-byte vector is narrowed to 16-byte (8-element) accesses
local h = tl.pattern2d{block = 64, rows = 32, cols = 64, vec = 16, pattern = "thread_raked", warp = 64}
local r = bank_report{dist = h, lds = tl.descriptor{lengths = {32, 64}, strides = {64, 1}}, elem_bytes = 2}
T.eq(r.steps[1].elements, 8, "16-byte steps")
T.eq(#r.steps, h:elements() // 8, "step count")
-- a column-major LDS tile read by rows: 4 threads of a quarter-warp share banks
local colmajor = tl.descriptor{lengths = {64, 64}, strides = {1, 64}}
local d = tl.pattern2d{block = 256, rows = 64, cols = 64, vec = 4, pattern = "thread_raked", warp = 32}
local c = bank_report{dist = d, lds = colmajor, vector = 1}
assert(c.worst > 1, "column-major read conflicts")
assert(c.average <= c.worst and c.average >= 1, "average within range")
