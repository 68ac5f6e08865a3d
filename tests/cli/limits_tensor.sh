# The tensor memory limit (--max-tensor-memory): a huge tensor request in a sandboxed script ends
# at once with a clear error naming the request and the limit; the state stays usable, and the
# bytes of collected tensors, views included, are returned.
. "$(dirname "$0")/lib.bash"
start=$(date +%s)
err=$("$TILESH" --sandbox --max-tensor-memory=64M -e 'tl.zeros({1 << 40})' 2>&1); rc=$?
expect_eq "huge tensor status" "$rc" "1"
expect_contains "huge tensor message" "$err" \
  "tensor: 4398046511104 bytes requested, over the tensor memory limit of 67108864 bytes (0 in use)"
[ $(( $(date +%s) - start )) -le 1 ] || fail "the huge request took more than a second"

out=$("$TILESH" --sandbox --max-tensor-memory=1M - <<'LUA' 2>&1
local a = tl.zeros({100000})                       -- 400000 bytes
local ok, e = pcall(tl.rand, {300000})             -- 1200000 more: refused
print(ok, e)
print(a:numel(), a:sum())                          -- the state goes on
a = nil                                            -- collected on the next refusal
print(pcall(tl.full, {250000}, 1.0) and "reused")  -- 1000000 fits once a is returned
for i = 1, 200 do local t = tl.from({1, 2, 3}):clone(tl.f64) end
for i = 1, 50 do local t = tl.zeros({200000}) end   -- dropped tensors come back
local v = tl.zeros({500, 400})
local w = v:reshape({400, 500})                    -- a view: no new bytes
v = nil
collectgarbage()
print(select(2, pcall(tl.zeros, {100000})))        -- the view still holds the 800000
w = nil
print(pcall(tl.zeros, {250000}) and "returned")
print(select(2, pcall(tl.empty, {8, 1 << 37}, tl.f64)))
print(select(2, pcall(function() return tl.zeros({200000}):clone(tl.f64) end)))
LUA
); rc=$?
expect_eq "script status" "$rc" "0"
expect_contains "refused" "$out" "false	tensor: 1200000 bytes requested, over the tensor memory limit of 1048576 bytes (400000 in use)"
expect_contains "usable" "$out" "100000	0.0"
expect_contains "reused" "$out" "reused"
expect_contains "view keeps" "$out" "tensor: 400000 bytes requested, over the tensor memory limit of 1048576 bytes (800000 in use)"
expect_contains "returned" "$out" "returned"
expect_contains "f64 size" "$out" "tensor: 8796093022208 bytes requested"
expect_contains "clone size" "$out" "tensor: 1600000 bytes requested"

err=$("$TILESH" --max-tensor-memory=-5 -e 'print(1)' 2>&1); rc=$?
expect_eq "bad limit status" "$rc" "1"
expect_contains "bad limit message" "$err" "'--max-tensor-memory=-5' needs a positive number"
expect_eq "no limit" "$("$TILESH" -e 'print(tl.zeros({1 << 20}):numel())')" "1048576"
echo "limits_tensor: ok"
