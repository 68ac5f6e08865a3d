-- curve_analyze.lua - seed 000's locality classes: Manhattan distance <= 1 sequential,
-- <= line (16 elements by default) within a cache line, else a large jump.
local T = require "testing"
local row = tl.curve{lengths = {4, 8}}:analyze()
T.eq({row.steps, row.sequential, row.within_line, row.large_jump, row.line},
     {31, 28, 3, 0, 16}, "row-major 4x8: three row changes of distance 8")
local snake = tl.curve{lengths = {4, 8}, snake = true}:analyze()
T.eq({snake.sequential, snake.within_line, snake.large_jump}, {31, 0, 0}, "snake 4x8: all sequential")
local small = tl.curve{lengths = {4, 8}}:analyze(4)
T.eq({small.within_line, small.large_jump, small.line}, {0, 3, 4}, "line = 4 elements")
T.eq(tl.curve{lengths = {4, 8}}:analyze{line = 8}.within_line, 3, "table form, distance 8 <= 8")
local gemm = tl.curve{lengths = {16, 32}, order = {1, 0}, vector = {1, 8}}:analyze()
T.eq({gemm.sequential, gemm.within_line, gemm.large_jump, gemm.max_distance},
     {60, 0, 3, 23}, "GEMM curve: 15 + 8 = 23 at each column change")
local v = tl.curve{lengths = {4, 8}, vector = {1, 4}}:analyze()
T.eq({v.sequential, v.within_line, v.total_distance}, {0, 7, 4 * 4 + 3 * 5},
     "vector-4: steps of 4 and row changes of 1 + 4")
