-- bank_report_lds_function.lua - the LDS layout may be a plain function(coord) -> offset.
local T = require "testing"
local bank_report = tl.bank_report or require("tilelua.bank_report").report

local d = tl.pattern2d{block = 32, rows = 32, cols = 32, vec = 1, pattern = "thread_raked", warp = 32}
-- threads run along the columns; storing the tile transposed turns that into a column read
local transposed = function(c) return c[2] * 32 + c[1] end
local r = bank_report{dist = d, lds = transposed}
T.eq({r.worst, #r.steps}, {32, 32}, "transposed")
local swizzled = function(c) return c[2] * 32 + (c[1] ~ c[2]) end
T.eq(bank_report{dist = d, lds = swizzled}.worst, 1, "transposed and swizzled")
-- overrides pass through to the model: 16 banks halve the distinct banks of a padded read
local padded = function(c) return c[2] * 34 + c[1] end
T.eq(bank_report{dist = d, lds = padded}.worst, 2, "stride 34: 2-way")
T.eq(bank_report{dist = d, lds = padded, banks = 16}.worst, 4, "16 banks")
