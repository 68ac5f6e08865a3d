-- dist_ranks.lua - one rank of a multi-process world (tools/dist_launch.sh N ...): every collective on
-- inputs seeded by the rank, results saved as DIST_OUT/<backend>_r<rank>_<what>.npy so that a GPU
-- world (NCCL) can be compared with the simulated one (the cpu backend's reference), file by file,
-- by tests/gpu/dist_compare.lua. Also rings of send/recv checked here.
local tl = require "tilelua"
local out = assert(os.getenv("DIST_OUT"), "set DIST_OUT to a directory")
local comm = tl.dist.world()
local R, P = comm.rank, comm.size
local be = tl.backend()
local function save(what, t) tl.save_npy(("%s/%s_r%d_%s.npy"):format(out, be, R, what), t) end
for _, dt in ipairs { "f16", "bf16", "f32", "f64", "i8", "u8", "i32", "u32", "i64", "u64" } do
  local function input() return tl.rand({ 16 * P, 33 }, tl[dt], 1000 + R) end
  for _, op in ipairs { "sum", "prod", "max", "min", "avg" } do
    save(dt .. "_all_reduce_" .. op, tl.dist.all_reduce(input(), op))
  end
  save(dt .. "_all_gather", tl.dist.all_gather(input()))
  save(dt .. "_reduce_scatter_sum", tl.dist.reduce_scatter(input(), "sum"))
  save(dt .. "_broadcast", tl.dist.broadcast(input(), P - 1))
end
-- rings of send/recv, sendrecv and ordered (tests/lua/lib/dist_ring.lua)
dofile((arg[0]:match("^(.*)/[^/]*$") or ".") .. "/../lua/lib/dist_ring.lua")(tl, R, P, 1000)
print(("dist_ranks: rank %d of %d on %s done"):format(R, P, be))
