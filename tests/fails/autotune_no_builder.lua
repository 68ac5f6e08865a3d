-- A tuned function needs build = fn or kernel = k, not both and not neither.
-- expect: tl.autotune: give exactly one of build = function(cfg) -> kernel, or kernel = k (configs of hints)
tl.autotune { configs = { { tile = 16 } }, grid = { 1 } }
