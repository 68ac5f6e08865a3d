-- When every config fails, the call fails with each config's error.
-- expect: autotune broken [f32[8]]: every config failed
local function build(cfg) error("cannot build tile " .. cfg.tile) end
local tuned = tl.autotune { name = "broken", configs = { { tile = 16 }, { tile = 32 } }, build = build, grid = { 1 } }
local ok, err = pcall(function() tuned(tl.zeros({ 8 }, tl.f32)) end)
assert(not ok and err:find("cfg 1 {tile=16}: build: ", 1, true) and err:find("cannot build tile 16", 1, true), err)
assert(err:find("cfg 2 {tile=32}: build: ", 1, true) and err:find("cannot build tile 32", 1, true), err)
assert(err:find("autotune_all_fail.lua:5: ", 1, true), "the error points at the call: " .. err)
tuned(tl.zeros({ 8 }, tl.f32))
