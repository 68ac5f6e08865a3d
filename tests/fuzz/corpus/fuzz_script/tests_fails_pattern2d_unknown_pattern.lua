-- an unknown pattern name
-- expect: pattern2d: unknown pattern 'row_raked' (expected thread_raked, warp_raked or block_raked)
tl.pattern2d{block = 256, rows = 64, cols = 64, vec = 4, pattern = "row_raked"}
