-- dist_allreduce.lua - all-reduce timings through tl.dist on this process's GPU (one rank per process;
-- run one process per GPU with torchrun's RANK / WORLD_SIZE and TILELUA_NCCL_ID_FILE for several).
-- Prints one line per size: "tilelua <MiB> <in-place us> <out-of-place us> <algbw GB/s> <busbw GB/s>",
-- busbw = algbw * 2 (n - 1) / n as nccl-tests define it (0 on one rank: nothing crosses a link).
-- Usage: tilesh --backend=cuda bench/dist_allreduce.lua [reps]
local tl = require "tilelua"
local reps = tonumber(arg and arg[1]) or 20
local comm = tl.dist.world()
local v, lib = tl.dist.nccl_version()
local _, info = tl.backend()
if comm.rank == 0 then print(("# %s %s, world %d, %s"):format(lib, tostring(v), comm.size, info.name)) end
for _, mib in ipairs { 1, 4, 16, 64, 256, 1024 } do
  local n = mib * 1024 * 1024 // 4
  local x = tl.rand({ n }, tl.f32, 1)
  local y = tl.empty_like(x)
  local function time(fn)
    for _ = 1, 3 do fn() end
    tl.synchronize()
    local t0 = tl.clock()
    for _ = 1, reps do fn() end
    tl.synchronize()
    return (tl.clock() - t0) / reps
  end
  local tin = time(function() tl.dist.all_reduce(x, "sum") end)
  local tout = time(function() tl.dist.all_reduce(x, "sum", { out = y }) end)
  local algbw = mib * 1048576 / tin / 1e9
  if comm.rank == 0 then
    print(("tilelua %5d %10.1f %10.1f %8.1f %8.1f"):format(mib, tin * 1e6, tout * 1e6, algbw,
      algbw * 2 * (comm.size - 1) / comm.size))
  end
end
