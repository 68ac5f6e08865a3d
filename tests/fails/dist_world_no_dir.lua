-- Simulated processes meet in a shared directory.
-- expect: dist.init: a world of 2 processes on the cpu backend meets in a shared directory: set TILELUA_DIST_DIR
local tl = require "tilelua"
tl.dist.init { rank = 0, world = 2 }
