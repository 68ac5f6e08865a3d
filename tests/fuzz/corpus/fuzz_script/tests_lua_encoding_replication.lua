-- encoding_replication.lua - an R component: threads differing only in it own the same elements;
-- owner() answers the lowest of them.
local T = require "testing"
local d = tl.encoding{r = {2}, h = {{8}, {16}}, p = {{{0, 0}, {1, 0}}}, y = {{2, 0}}}
T.eq(d.threads, 16, "threads = 2 replicas * 8 rows")
T.eq(d.replicas, 2, "replicas")
T.eq(d:elements(), 16, "elements")
for t = 0, 7 do
  for y = 0, 15 do
    T.eq(d:coord(t, y), {t, y}, "coord")
    T.eq(d:coord(t + 8, y), {t, y}, "replica coord")
    T.eq({d:owner(t, y)}, {t, y}, "owner is the lowest replica")
  end
end
T.eq(d:check(), true, "each replica group covers the tile once")
-- the replication may also sit below the H component: then replicas are neighbours
local e = tl.encoding{r = {4}, h = {{8}}, p = {{{1, 0}, {0, 0}}}}
T.eq(e:coord(5, 0), {1}, "t = row * 4 + r")
T.eq({e:owner(1)}, {4, 0}, "lowest of threads 4..7")
T.eq(e:peers(6, 0), {2, 6, 10, 14, 18, 22, 26, 30}, "peers keep the replica digit")
