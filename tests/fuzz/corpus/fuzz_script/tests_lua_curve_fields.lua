-- curve_fields.lua - fields, defaults, __tostring, __eq and unknown-name errors of a Curve.
local T = require "testing"
local c = tl.curve{lengths = {3, 5, 7}}
T.eq(c.lengths, {3, 5, 7}, "lengths")
T.eq(c.order, {0, 1, 2}, "default order is row-major")
T.eq(c.vector, {1, 1, 1}, "default vector is scalar")
T.eq(c.snake, false, "default snake")
T.eq(c.access_lengths, {3, 5, 7}, "access_lengths")
T.eq(tostring(c), "Curve{lengths={3,5,7}, order={0,1,2}, vector={1,1,1}, snake=false, accesses=105}",
     "tostring")
T.eq(c == tl.curve{lengths = {3, 5, 7}, snake = false}, true, "equal curves")
T.eq(c == tl.curve{lengths = {3, 5, 7}, snake = true}, false, "snake differs")
T.raises(function() return c.lenghts end, "curve: no field or method 'lenghts'")
-- eight dimensions are allowed
local e = tl.curve{lengths = {2, 2, 2, 2, 2, 2, 2, 2}, order = {7, 6, 5, 4, 3, 2, 1, 0}}
T.eq(e:num_access(), 256, "8D num_access")
T.eq(e:index(1), {1, 0, 0, 0, 0, 0, 0, 0}, "8D reversed order: dimension 0 fastest")
