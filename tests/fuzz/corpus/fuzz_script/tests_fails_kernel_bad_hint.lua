-- expect: hints: occupancy must be an integer in 1..32 (got 40)
tl.kernel { name = "k", hints = { occupancy = 40 }, body = function() end }
