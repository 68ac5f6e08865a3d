# One process per rank on the cpu backend (torchrun's RANK / WORLD_SIZE, a shared TILELUA_DIST_DIR):
# 4 tilesh processes run every collective and send/recv rings (sendrecv; ordered sends), and each compares its results with
# the one-process simulation of the same 4 ranks; then the errors: a rank that never joins (a
# timeout, not a hang), ranks that disagree on the shape (both fail naming the rule), a recv with no
# send, ranks that all send first (NCCL's deadlock, named), a bad TILELUA_CPU_DEVICES; and the tensor-parallel example on 8 simulated devices and as 4
# processes.
. "$(dirname "$0")/lib.bash"
unset TILELUA_CPU_DEVICES WORLD_SIZE RANK LOCAL_RANK TILELUA_DIST_DIR TILELUA_DIST_TIMEOUT
# two_ranks NAME [VAR=VALUE ...] COMMAND...: ranks 0 and 1 of a world of 2 meeting in $TMPD/NAME, each
# one's output in $TMPD/NAME.<rank>; returns when both have ended
two_ranks() {
  local name=$1; shift
  mkdir -p "$TMPD/$name"
  for r in 0 1; do env RANK=$r WORLD_SIZE=2 TILELUA_DIST_DIR="$TMPD/$name" "$@" > "$TMPD/$name.$r" 2>&1 & done
  wait
}
cat > "$TMPD/worker.lua" <<'EOF'
local tl = require "tilelua"
local comm = tl.dist.init { timeout = 20 }
local R, P = comm.rank, comm.size
-- rank r's inputs, and every rank's on simulated devices (TILELUA_CPU_DEVICES=P) for the reference
local function input(dt, r, dev) return tl.rand({ 8, 3 }, tl[dt], 100 + r, { device = dev }) end
local function same(what, got, want)
  local d = got:max_abs_diff(want)
  if d ~= 0 then error(string.format("rank %d: %s differs from the one-process simulation by %g", R, what, d)) end
end
for _, dt in ipairs { "f32", "bf16", "i64", "u8" } do
  for _, op in ipairs { "sum", "max", "avg" } do
    local x = input(dt, R, 0)
    local all = {}
    for r = 0, P - 1 do all[r + 1] = input(dt, r, r) end
    same(dt .. " all_reduce " .. op, tl.dist.all_reduce(x, op), tl.dist.all_reduce(all, op)[R + 1])
  end
  local x = input(dt, R, 0)
  local all = {}
  for r = 0, P - 1 do all[r + 1] = input(dt, r, r) end
  same(dt .. " all_gather", tl.dist.all_gather(x), tl.dist.all_gather(all)[R + 1])
  same(dt .. " reduce_scatter", tl.dist.reduce_scatter(x, "min"), tl.dist.reduce_scatter(all, "min")[R + 1])
  same(dt .. " broadcast", tl.dist.broadcast(x:clone(), 2), tl.dist.broadcast(all, 2)[R + 1])
end
-- rings of send/recv (tests/lua/lib/dist_ring.lua)
dofile(os.getenv("DIST_RING"))(tl, R, P, 2)
print("rank " .. R .. " ok")
EOF
mkdir "$TMPD/world"
pids=""
for r in 0 1 2 3; do
  RANK=$r WORLD_SIZE=4 TILELUA_DIST_DIR="$TMPD/world" TILELUA_CPU_DEVICES=4 DIST_RING="$SRC/tests/lua/lib/dist_ring.lua" \
    "$TILESH" "$TMPD/worker.lua" > "$TMPD/out.$r" 2>&1 &
  pids="$pids $!"
done
r=0
for p in $pids; do
  wait "$p" || fail "rank $r: $(cat "$TMPD/out.$r")"
  expect_eq "rank $r" "$(cat "$TMPD/out.$r")" "rank $r ok"
  r=$((r + 1))
done

# a rank that never joins: rank 0 of 2 waits TILELUA_DIST_TIMEOUT seconds, then fails naming rank 1
cat > "$TMPD/lonely.lua" <<'EOF'
local tl = require "tilelua"
tl.dist.all_reduce(tl.zeros({ 4 }), "sum")
EOF
mkdir "$TMPD/lonely"
out=$(RANK=0 WORLD_SIZE=2 TILELUA_DIST_DIR="$TMPD/lonely" TILELUA_DIST_TIMEOUT=0.5 "$TILESH" "$TMPD/lonely.lua" 2>&1) && fail "a lonely rank succeeded"
expect_contains "timeout" "$out" "lonely.lua:2: all_reduce: timed out after 0.5 s waiting for rank 1 of 2 to join call 0"

# ranks that disagree on the shape: both fail, naming both ranks and the rule
cat > "$TMPD/shapes.lua" <<'EOF'
local tl = require "tilelua"
tl.dist.all_reduce(tl.zeros({ 4 + tl.dist.world().rank }), "sum")
EOF
two_ranks shapes TILELUA_DIST_TIMEOUT=10 "$TILESH" "$TMPD/shapes.lua"
expect_contains "rank 0, shapes" "$(cat "$TMPD/shapes.0")" "all_reduce: rank 1 passed 5 elements of f32, rank 0 passed 4 elements of f32: every rank must pass the same shape and dtype"
expect_contains "rank 1, shapes" "$(cat "$TMPD/shapes.1")" "all_reduce: rank 0 passed 4 elements of f32, rank 1 passed 5 elements of f32"

# the same with TILELUA_DIST_CHECK=1: the ranks compare their calls first (as they would on GPUs)
two_ranks checked TILELUA_DIST_CHECK=1 TILELUA_DIST_TIMEOUT=10 "$TILESH" "$TMPD/shapes.lua"
expect_contains "rank 0, checked" "$(cat "$TMPD/checked.0")" "all_reduce: rank 1 passed 5 elements of f32, rank 0 passed 4 elements of f32: every rank must pass the same shape and dtype (TILELUA_DIST_CHECK)"
expect_contains "rank 1, checked" "$(cat "$TMPD/checked.1")" "(TILELUA_DIST_CHECK)"
# and it lets calls that agree through
two_ranks agree TILELUA_DIST_CHECK=1 "$TILESH" -e 'local x = tl.dist.all_reduce(tl.full({ 3 }, tl.dist.world().rank + 1, tl.i32), "sum") assert(x:get(2) == 3) print("agreed")'
expect_eq "checked calls that agree" "$(cat "$TMPD/agree.0" "$TMPD/agree.1")" "agreed
agreed"

# a recv whose send never comes
cat > "$TMPD/recv.lua" <<'EOF'
local tl = require "tilelua"
tl.dist.recv(tl.zeros({ 4 }), 0)
EOF
mkdir "$TMPD/recv"
out=$(RANK=1 WORLD_SIZE=2 TILELUA_DIST_DIR="$TMPD/recv" TILELUA_DIST_TIMEOUT=0.3 "$TILESH" "$TMPD/recv.lua" 2>&1) && fail "recv without send succeeded"
expect_contains "recv timeout" "$out" "recv: timed out after 0.3 s waiting for message 1 from rank 0"

# a ring whose ranks all send first: NCCL's sends wait for their recv, so on GPUs this hangs; the
# simulation fails every rank after TILELUA_DIST_TIMEOUT, naming the deadlock and sendrecv
cat > "$TMPD/ring.lua" <<'EOF'
local tl = require "tilelua"
local R, P = tl.dist.world().rank, tl.dist.world().size
tl.dist.send(tl.full({ 2 }, R, tl.i32), (R + 1) % P)
tl.dist.recv(tl.zeros({ 2 }, tl.i32), (R - 1) % P)
EOF
two_ranks ring TILELUA_DIST_TIMEOUT=0.5 "$TILESH" "$TMPD/ring.lua"
expect_contains "rank 0, ring of sends" "$(cat "$TMPD/ring.0")" "ring.lua:3: send: timed out after 0.5 s waiting for rank 1 to receive message 1 (a send completes when its peer receives, as NCCL's does"
expect_contains "rank 1, ring of sends" "$(cat "$TMPD/ring.1")" "pair them with tl.dist.sendrecv"

out=$(TILELUA_CPU_DEVICES=0 "$TILESH" -e 'print(#tl.devices())' 2>&1) && fail "TILELUA_CPU_DEVICES=0 accepted"
expect_contains "bad device count" "$out" "TILELUA_CPU_DEVICES must be an integer from 1 to 64 (got '0')"
out=$(TILELUA_CPU_DEVICES=8 "$TILESH" -e 'print(#tl.devices())' 2>&1)
expect_eq "8 devices" "$out" "8"
# the tensor-parallel example on 8 simulated devices (CI's example test runs it on 4)
out=$(cd "$TMPD" && TILELUA_CPU_DEVICES=8 "$TILESH" "$SRC/examples/tensor_parallel.lua" 2>&1) || fail "tensor_parallel on 8: $out"
expect_contains "tensor_parallel on 8" "$out" "tensor_parallel: ok on 1, 2, 4, 8 device(s) of 8 (cpu)"
# and as 4 processes, one share each, started by tools/dist_launch.sh
out=$(cd "$TMPD" && "$SRC/tools/dist_launch.sh" 4 "$TILESH" "$SRC/examples/tensor_parallel.lua" 2>&1) || fail "tensor_parallel, 4 processes: $out"
expect_contains "tensor_parallel, 4 processes" "$out" "[3] tensor_parallel: ok on rank 3 of 4 (cpu)"
echo "dist_processes: ok"
