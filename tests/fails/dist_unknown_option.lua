-- Options are out and comm.
-- expect: all_reduce: unknown option 'outt' (options: out, comm)
local tl = require "tilelua"
tl.dist.all_reduce({ tl.zeros({ 4 }) }, "sum", { outt = 1 })
