-- reps counts timed samples: at least one.
-- expect: tl.autotune: reps must be an integer in 1..1000 (got 0)
tl.autotune { configs = { { tile = 16 } }, build = function() end, grid = { 1 }, reps = 0 }
