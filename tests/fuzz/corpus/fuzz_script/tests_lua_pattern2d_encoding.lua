-- pattern2d_encoding.lua - a pattern is an encoding: :encoding() gives CK Tile's R/H/P/Y (minors
-- 0-based) and feeding it back to tl.encoding gives the same distribution.
local T = require "testing"

local x1, vec = 16, 4 -- 64 cols / vector 4
local want = {
  thread_raked = {h = {{4, 4, 4}, {x1, vec}}, p = {{{1, 0}}, {{1, 1}, {2, 0}}}, y = {{1, 2}, {2, 1}}},
  warp_raked   = {h = {{4, 4, 4}, {x1, vec}}, p = {{{1, 0}}, {{1, 2}, {2, 0}}}, y = {{1, 1}, {2, 1}}},
  block_raked  = {h = {{4, 4, 4}, {x1, vec}}, p = {{{1, 1}}, {{1, 2}, {2, 0}}}, y = {{1, 0}, {2, 1}}},
}
for pattern, w in pairs(want) do
  local d = tl.pattern2d{block = 256, rows = 64, cols = 64, vec = 4, pattern = pattern, warp = 64}
  local e = d:encoding()
  T.eq(e.r, {}, pattern .. " r")
  T.eq(e.h, w.h, pattern .. " h")
  T.eq(e.p, w.p, pattern .. " p")
  T.eq(e.y, w.y, pattern .. " y")
  local g = tl.encoding(e)
  T.eq(g.pattern, nil, "a general encoding has no pattern")
  T.eq(g:elements(), d:elements(), "elements")
  T.eq(g.threads, 256, "threads")
  T.eq(g.vector, 4, "vector of the general encoding")
  for t = 0, 255, 7 do
    for y = 0, d:elements() - 1 do
      T.eq(g:coord(t, y), d:coord(t, y), string.format("%s coord(%d, %d)", pattern, t, y))
    end
  end
end
-- with wave groups the group is an R component in front of the warp id
local d = tl.pattern2d{block = 256, rows = 32, cols = 32, vec = 4, pattern = "thread_raked",
                       warp = 32, wave_groups = 2}
local e = d:encoding()
T.eq(e.r, {2}, "r")
T.eq(e.p[1], {{0, 0}, {1, 0}}, "P0 = (wave group, warp)")
local g = tl.encoding(e)
for t = 0, 255, 5 do T.eq(g:coord(t, 1), d:coord(t, 1), "coord(" .. t .. ", 1)") end
