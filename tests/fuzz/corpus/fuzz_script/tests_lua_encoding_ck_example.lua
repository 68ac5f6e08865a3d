-- encoding_ck_example.lua - CK Tile's documented example encoding (minors 0-based as in CK):
--   R = <1>, H = <<Nr_y, Nr_p, Nw>, <Kr_y, Kr_p, Kw, Kv>>,
--   P0 -> (H0[1], H1[1]), P1 -> (H1[2], H0[2]), Y -> (H0[0], H1[0], H1[3]).
local T = require "testing"
local Nr_y, Nr_p, Nw, Kr_y, Kr_p, Kw, Kv = 2, 4, 8, 2, 2, 8, 4
local d = tl.encoding{
  r = {1},
  h = {{Nr_y, Nr_p, Nw}, {Kr_y, Kr_p, Kw, Kv}},
  p = {{{1, 1}, {2, 1}}, {{2, 2}, {1, 2}}},
  y = {{1, 0}, {2, 0}, {2, 3}},
}
T.eq(d.lengths, {64, 128}, "lengths = products of H")
T.eq(d.threads, (Nr_p * Kr_p) * (Kw * Nw), "threads = len(P0) * len(P1)")
T.eq(d:elements(), Nr_y * Kr_y * Kv, "elements = product of Y")
T.eq(d.vector, Kv, "Kv is the contiguous vector")
-- by hand: t = 300 -> p0 = 4 (nr_p 2, kr_p 0), p1 = 44 (kw 5, nw 4);
--          y = 13 -> (nr_y 1, kr_y 1, kv 1)
T.eq(d:coord(300, 13), {(1 * Nr_p + 2) * Nw + 4, ((1 * Kr_p + 0) * Kw + 5) * Kv + 1}, "coord(300, 13)")
T.eq(d:coord(300, 13), {52, 85}, "coord(300, 13) in numbers")
T.eq({d:owner(52, 85)}, {300, 13}, "owner(52, 85)")
for t = 0, d.threads - 1, 3 do
  local p0, p1 = t // (Kw * Nw), t % (Kw * Nw)
  local nr_p, kr_p, kw, nw = p0 // Kr_p, p0 % Kr_p, p1 // Nw, p1 % Nw
  for y = 0, d:elements() - 1 do
    local nr_y, kr_y, kv = y // (Kr_y * Kv), (y // Kv) % Kr_y, y % Kv
    T.eq(d:coord(t, y), {(nr_y * Nr_p + nr_p) * Nw + nw, ((kr_y * Kr_p + kr_p) * Kw + kw) * Kv + kv},
         string.format("coord(%d, %d)", t, y))
  end
end
T.eq(d:check(), true, "check")
