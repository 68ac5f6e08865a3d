-- tensor_from.lua - tl.from: nested tables to tensors, shape inferred, tolist round trip.
local T = require "testing"
local m = {{1, 2, 3}, {4, 5, 6}}
local t = tl.from(m, tl.i32)
T.eq(t:shape(), {2, 3}, "shape inferred")
T.eq(t:tolist(), m, "tolist round trip")
T.eq(tl.from(m):dtype(), tl.f32, "default f32")
T.eq(tl.from(m):tolist(), {{1.0, 2.0, 3.0}, {4.0, 5.0, 6.0}}, "as floats")
local cube = {{{1, 2}, {3, 4}}, {{5, 6}, {7, 8}}, {{9, 10}, {11, 12}}}
T.eq(tl.from(cube, tl.i64):shape(), {3, 2, 2}, "3-D")
T.eq(tl.from(cube, tl.i64):tolist(), cube, "3-D round trip")
T.eq(tl.from({}, tl.f32):shape(), {0}, "empty table is shape {0}")
T.eq(tl.from({{}, {}}, tl.f32):shape(), {2, 0}, "empty rows")
T.eq(tl.from(2.5, tl.f64):rank(), 0, "a number gives rank 0")
T.eq(tl.from(2.5, tl.f64):tolist(), 2.5, "rank-0 value")
T.eq(tl.from({true, false, true}, tl.bool):tolist(), {true, false, true}, "booleans")
T.eq(tl.from({1, 0, 2}, tl.bool):tolist(), {true, false, true}, "numbers into bool")
T.eq(tl.from({math.mininteger, math.maxinteger}, tl.i64):tolist(), {math.mininteger, math.maxinteger},
     "i64 exact")
local c = tl.from(t, tl.f64)
T.eq(c:dtype(), tl.f64, "from a tensor converts")
T.eq(c:tolist(), {{1.0, 2.0, 3.0}, {4.0, 5.0, 6.0}}, "from a tensor copies")
-- ragged nesting names the position (Lua's 1-based positions in the nested table)
T.raises(function() tl.from({{1, 2}, {3}}) end,
         "tl.from: ragged nesting: table[2] has 1 entry but the first table at that depth has 2")
T.raises(function() tl.from({{1, 2}, 3}) end, "table[2] is a number where a table (depth 2) was expected")
T.raises(function() tl.from({{1, {2}}, {3, 4}}) end, "table[1][2] is a table where a number was expected")
T.raises(function() tl.from({{{1}, {2}}, {{3}, {4, 5}}}) end, "table[2][2] has 2 entries")
T.raises(function() tl.from({1, "x"}) end, "tl.from: table[2] is a string, expected a number or a boolean")
T.raises(function() tl.from("x") end, "tl.from: expected a nested table of numbers (got string)")
T.raises(function() tl.from({{{{{{{{{1}}}}}}}}}) end, "nesting deeper than 8 levels")
