-- a misspelt field is an error
-- expect: bank_report: unknown field 'elem_size'
local bank_report = tl.bank_report or require("tilelua.bank_report").report
local d = tl.pattern2d{block = 64, rows = 16, cols = 16, vec = 4, pattern = "thread_raked", warp = 64}
local lds = tl.descriptor{lengths = {16, 16}, strides = {16, 1}}
bank_report{dist = d, lds = lds, elem_size = 2}
