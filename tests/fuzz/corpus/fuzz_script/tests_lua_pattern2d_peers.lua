-- pattern2d_peers.lua - :peers(t, dim): the threads sharing t's coordinates in every dimension but
-- dim (the partners of a cross-thread reduction along dim), ascending.
local T = require "testing"

local d = tl.pattern2d{block = 256, rows = 64, cols = 64, vec = 4, pattern = "thread_raked", warp = 64}
-- reducing along columns (dim 1): thread 17's row group is lanes 16..31 of warp 0
local row_peers = d:peers(17, 1)
local want = {}
for i = 16, 31 do want[#want + 1] = i end
T.eq(row_peers, want, "peers along dim 1")
-- reducing along rows (dim 0): same x-thread in every row of every warp
local col_peers = d:peers(17, 0)
T.eq(#col_peers, 16, "4 rows per warp * 4 warps")
for _, p in ipairs(col_peers) do
  T.eq(d:coord(p, 0)[2], d:coord(17, 0)[2], "peer " .. p .. " shares the columns")
end
T.eq(col_peers[1], 1, "lowest")
T.eq(col_peers[16], 241, "highest")
