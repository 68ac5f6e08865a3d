-- pattern2d_property.lua - over many random valid configurations (warp 32 and 64, all patterns,
-- wave groups): every element is owned exactly once per replica group (counted here, not by
-- check), owner(coord(t, y)) == (t, y) for the lowest replica, and check() agrees.
local T = require "testing"
math.randomseed(1234)
local patterns = {"thread_raked", "warp_raked", "block_raked"}
local built, tries = 0, 0
while built < 150 and tries < 5000 do
  tries = tries + 1
  local warp = math.random(2) == 1 and 32 or 64
  local wg = math.random(2)
  local block = warp * (1 << math.random(0, 3)) * wg
  local cfg = {block = block, rows = math.random(1, 4) << math.random(0, 5),
               cols = 1 << math.random(0, 6), vec = 1 << math.random(0, 3),
               pattern = patterns[math.random(3)], warp = warp, wave_groups = wg}
  local ok, d = pcall(tl.pattern2d, cfg)
  if ok then
    built = built + 1
    local what = string.format("%s block=%d %dx%d vec=%d warp=%d wg=%d", cfg.pattern, block,
                               cfg.rows, cfg.cols, cfg.vec, warp, wg)
    local group = block // wg
    local count = {}
    for t = 0, block - 1 do
      local g = t // group
      for y = 0, d:elements() - 1 do
        local c = d:coord(t, y)
        assert(c[1] >= 0 and c[1] < cfg.rows and c[2] >= 0 and c[2] < cfg.cols, what .. ": outside")
        local k = (g * cfg.rows + c[1]) * cfg.cols + c[2]
        count[k] = (count[k] or 0) + 1
        local ot, oy = d:owner(c[1], c[2])
        T.eq({ot, oy}, {t % group, y}, what .. ": owner of coord(" .. t .. ", " .. y .. ")")
      end
    end
    for k = 0, wg * cfg.rows * cfg.cols - 1 do
      T.eq(count[k], 1, what .. ": coverage of cell " .. k)
    end
    T.eq(d:check(), true, what .. ": check")
  else
    assert(tostring(d):find("pattern2d: ", 1, true), "a rejected config names pattern2d: " .. tostring(d))
  end
end
assert(built >= 150, "only " .. built .. " valid configurations built")
