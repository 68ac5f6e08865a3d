-- dist_ring.lua - rings of point-to-point messages between the ranks of a process world, for the
-- multi-process tests (tests/cli/dist_processes.sh on simulated ranks, tests/gpu/dist_ranks.lua on
-- GPUs): each rank sends rank * 10 + round to the next and receives from the previous, twice with
-- sendrecv (an NCCL group), then twice with send and recv ordered so that someone receives first
-- (even ranks send first: NCCL's send waits for its recv, so all ranks sending first would hang).
-- Usage: dofile(path)(tl, rank, world, elements)
return function(tl, R, P, n)
  for round = 1, P > 1 and 4 or 0 do -- (a world of one has no peer)
    local got, msg = tl.zeros({ n }, tl.i32), tl.full({ n }, R * 10 + round, tl.i32)
    if round <= 2 then
      assert(tl.dist.sendrecv(msg, (R + 1) % P, got, (R - 1) % P) == got, "sendrecv returns y")
    elseif R % 2 == 0 then
      tl.dist.send(msg, (R + 1) % P)
      tl.dist.recv(got, (R - 1) % P)
    else
      tl.dist.recv(got, (R - 1) % P)
      tl.dist.send(msg, (R + 1) % P)
    end
    assert(got:get(n - 1) == ((R - 1) % P) * 10 + round, "ring message")
  end
end
