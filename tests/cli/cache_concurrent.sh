# 8 tilesh processes started together on an empty cache directory put and get overlapping keys;
# all succeed, and afterwards every entry is valid (a fresh process reads each back from disk with
# the right bytes, no bad entries) and no temporary file is left behind.
. "$(dirname "$0")/lib.bash"
unset TILELUA_CACHE
export TILELUA_CACHE_DIR="$TMPD/shared/cache"   # does not exist yet: all race to create it
cat > "$TMPD/worker.lua" <<'EOF'
local id = tonumber(arg[1])
local function blob(k) return string.rep(string.format("%04d:", k), 2000 + 397 * k) end  -- 10..100 KB
for round = 1, 3 do
  for j = 0, 39 do
    local k = (j * 7 + id * 5 + round) % 40
    local key = "code|" .. k
    local b, where = tl._cache_get(key)
    if b then
      assert(b == blob(k), key .. " read back wrong bytes from " .. where)
    else
      assert(tl._cache_put(key, blob(k)))
    end
  end
  tl.cache.clear()   -- next round reads from disk again
end
local s = tl.cache.stats()
assert(s.bad_entries == 0 and s.write_errors == 0,
       string.format("bad entries %d, write errors %d", s.bad_entries, s.write_errors))
EOF
pids=""
for i in 1 2 3 4 5 6 7 8; do
  # each waits for the start file, so they start together
  ( while [ ! -e "$TMPD/go" ]; do sleep 0.01; done; exec "$TILESH" "$TMPD/worker.lua" "$i" ) > "$TMPD/out.$i" 2>&1 &
  pids="$pids $!"
done
sleep 0.2
touch "$TMPD/go"
failed=0
for p in $pids; do wait "$p" || failed=$((failed + 1)); done
for i in 1 2 3 4 5 6 7 8; do
  [ -s "$TMPD/out.$i" ] && { echo "worker $i said:"; cat "$TMPD/out.$i"; }
done
expect_eq "workers that failed" "$failed" "0"

out=$("$TILESH" -e '
  local n = 0
  for k = 0, 39 do
    local b, where = tl._cache_get("code|" .. k)
    assert(where == "disk", "code|" .. k .. ": " .. tostring(where))
    assert(b == string.rep(string.format("%04d:", k), 2000 + 397 * k), "code|" .. k .. " has wrong bytes")
    n = n + 1
  end
  io.write(n, " ", tl.cache.stats().bad_entries)' 2>&1) || fail "checking the entries: $out"
expect_eq "valid entries, bad entries" "$out" "40 0"
expect_eq "temporary files left" "$(find "$TILELUA_CACHE_DIR" -name '.tmp-*' | wc -l)" "0"
expect_eq "entry files" "$(find "$TILELUA_CACHE_DIR" -type f | wc -l)" "40"
expect_eq "cache directory mode" "$(stat -c %a "$TILELUA_CACHE_DIR")" "700"
echo "cache concurrent: ok"
