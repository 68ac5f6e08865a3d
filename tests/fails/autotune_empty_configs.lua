-- There must be something to choose from.
-- expect: tl.autotune: configs must be a non-empty sequence of tables
tl.autotune { configs = {}, build = function() end, grid = { 1 } }
