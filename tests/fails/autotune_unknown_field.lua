-- Misspelled fields are refused.
-- expect: tl.autotune: unknown field 'config' (expected configs, build, kernel, grid, key, warmup, reps, setup, measure or name)
tl.autotune { config = { { tile = 16 } }, build = function() end, grid = { 1 } }
