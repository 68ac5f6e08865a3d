-- dist must be a distribution
-- expect: bank_report: dist must be a distribution
local bank_report = tl.bank_report or require("tilelua.bank_report").report
local d = tl.pattern2d{block = 64, rows = 16, cols = 16, vec = 4, pattern = "thread_raked", warp = 64}
local lds = tl.descriptor{lengths = {16, 16}, strides = {16, 1}}
bank_report{dist = {}, lds = lds}
