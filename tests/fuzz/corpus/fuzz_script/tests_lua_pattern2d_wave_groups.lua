-- pattern2d_wave_groups.lua - wave groups replicate the tile: threads t and t + block/wave_groups
-- own the same elements; owner() answers the lowest replica.
local T = require "testing"

for _, warp in ipairs{32, 64} do
  for _, pattern in ipairs{"thread_raked", "warp_raked", "block_raked"} do
    local d = tl.pattern2d{block = 512, rows = 64, cols = 32, vec = 4, pattern = pattern,
                           warp = warp, wave_groups = 2}
    T.eq(d.wave_groups, 2, "wave_groups")
    T.eq(d.warps, 512 // warp // 2, "warps per wave group")
    T.eq(d.replicas, 2, "replicas")
    local half = 512 // 2
    for t = 0, half - 1 do
      for y = 0, d:elements() - 1 do
        T.eq(d:coord(t + half, y), d:coord(t, y), string.format("%s t=%d y=%d", pattern, t, y))
      end
    end
    local t, y = d:owner(63, 31)
    assert(t < half, "owner is the lowest replica, got " .. t)
    T.eq(d:coord(t, y), {63, 31}, "owner inverts coord")
    T.eq(d:check(), true, "each wave group covers the tile once")
    T.eq(d:encoding().r, {2}, "one replication component of length 2")
  end
end
