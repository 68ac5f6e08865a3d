# The front index end to end: a script run twice against one cache directory does no tracing and no
# compiling the second time (cpu executor IR and, with --cross, the sm_90 code object both come from
# the cache); 8 processes started together on an empty cache all succeed and leave it consistent;
# an edited script retraces but finds the unchanged code object; a changed upvalue retraces too;
# another build of the library (tl.build_id) retraces, and finds the unchanged code object; a body that reads the
# environment while traced retraces when what it read changed; with TILELUA_LUA_DIR set the front index is not used.
. "$(dirname "$0")/lib.bash"
compilers_loaded
unset TILELUA_CACHE XDG_CACHE_HOME
export TILELUA_CACHE_DIR="$TMPD/cache"
cp "$SRC/examples/scale2d.lua" "$TMPD/scale2d.lua"
cat >"$TMPD/run.lua" <<'LUA'
dofile(arg[1])
local s = tl.cache.stats()
print(string.format("STATS traces=%d compiles=%d", s.traces, s.compiles))
LUA
cross=""
"$RTC_TEST" --compile sm_90 "$SRC/tests/golden/copy_sm_90.hip" >/dev/null 2>&1; [ $? -ne 77 ] && cross="--cross=sm_90"
stats() { grep '^STATS' <<<"$1"; }
# a kernel is traced once per target: the executor's (warp 64) and, with --cross, sm_90's (warp 32)
t1=1; [ -n "$cross" ] && t1=2

first=$(cd "$TMPD" && "$TILESH" $cross run.lua "$TMPD/scale2d.lua" 2>&1) || fail "first run: $first"
expect_contains "first run traces" "$(stats "$first")" "traces=$t1"
second=$(cd "$TMPD" && "$TILESH" $cross run.lua "$TMPD/scale2d.lua" 2>&1) || fail "second run: $second"
expect_eq "second run" "$(stats "$second")" "STATS traces=0 compiles=0"
if [ -n "$cross" ]; then
  expect_contains "first run compiles for sm_90" "$first" "cross scale sm_90"
  expect_contains "second run: the sm_90 code object is a hit" "$second" "bytes hit"
fi

# 8 processes on an empty cache
export TILELUA_CACHE_DIR="$TMPD/cache8"
pids=()
for i in 1 2 3 4 5 6 7 8; do
  (cd "$TMPD" && "$TILESH" $cross run.lua "$TMPD/scale2d.lua" >"$TMPD/out$i" 2>&1) & pids+=($!)
done
for i in "${!pids[@]}"; do wait "${pids[$i]}" || fail "concurrent run $((i + 1)): $(cat "$TMPD/out$((i + 1))")"; done
ninth=$(cd "$TMPD" && "$TILESH" $cross run.lua "$TMPD/scale2d.lua" 2>&1) || fail "ninth run: $ninth"
expect_eq "after 8 concurrent runs" "$(stats "$ninth")" "STATS traces=0 compiles=0"
expect_lacks "no bad entries" "$ninth" "ignoring"

# an edited script: the fingerprint changes (retrace), the generated code does not (no compile)
echo "-- edited" >>"$TMPD/scale2d.lua"
edited=$(cd "$TMPD" && "$TILESH" $cross run.lua "$TMPD/scale2d.lua" 2>&1) || fail "edited run: $edited"
expect_eq "edited script" "$(stats "$edited")" "STATS traces=$t1 compiles=0"

# another build of tilelua (a different tl.build_id): what the script traces to may differ, so the
# front index misses; the generated source is the same, so the code object is still a hit
rebuilt=$(cd "$TMPD" && "$TILESH" $cross -e 'tl.build_id = string.rep("0", 64)' run.lua "$TMPD/scale2d.lua" 2>&1) \
  || fail "run as another build: $rebuilt"
expect_eq "another build" "$(stats "$rebuilt")" "STATS traces=$t1 compiles=0"
expect_eq "tl.build_id is a SHA-256" "$("$TILESH" -e 'print(#tl.build_id, tl.build_id:match("^%x+$") ~= nil)')" "64	true"

# a value the body reads through an upvalue changes: retrace
cat >"$TMPD/up.lua" <<'LUA'
local SCALE = tonumber(os.getenv("SCALE"))
local k = tl.kernel { name = "up", block = 32, params = { { "x", tl.tensor(tl.f32, 1) } },
  body = function(k, p) p.x:store({ k.thread_id() }, SCALE) end }
local x = tl.zeros({ 32 }, tl.f32)
k({ 1 }, x)
assert(x:get(5) == SCALE, "the kernel stored " .. x:get(5))
print(tl.cache.explain(k))
LUA
one=$(cd "$TMPD" && SCALE=1 "$TILESH" run.lua "$TMPD/up.lua" 2>&1) || fail "SCALE=1: $one"
again=$(cd "$TMPD" && SCALE=1 "$TILESH" run.lua "$TMPD/up.lua" 2>&1) || fail "SCALE=1 again: $again"
expect_contains "same upvalue: cached" "$(stats "$again")" "traces=0"
expect_contains "explain says hit" "$again" "hit: serialized IR"
two=$(cd "$TMPD" && SCALE=2 "$TILESH" run.lua "$TMPD/up.lua" 2>&1) || fail "SCALE=2 (stale code?): $two"
expect_contains "changed upvalue: retraced" "$(stats "$two")" "traces=1"
expect_contains "explain says why" "$two" "miss: no cached IR"
# the body reads the environment while it is traced: its front entries keep the variables read and their values,
# and are used only while those hold (an entry traced with SCALE=1 never serves SCALE=2 or SCALE unset)
cat >"$TMPD/env.lua" <<'LUA'
local k = tl.kernel { name = "envread", block = 32, params = { { "x", tl.tensor(tl.f32, 1) } },
  body = function(k, p) p.x:store({ k.thread_id() }, tonumber(os.getenv("SCALE") or "7")) end }
local x = tl.zeros({ 32 }, tl.f32)
k({ 1 }, x)
print("VALUE " .. x:get(5))
print(tl.cache.explain(k))
LUA
export TILELUA_CACHE_DIR="$TMPD/cache_env"
value() { grep '^VALUE' <<<"$1"; }
e1=$(cd "$TMPD" && SCALE=1 "$TILESH" $cross run.lua "$TMPD/env.lua" 2>&1) || fail "env SCALE=1: $e1"
expect_eq "env SCALE=1" "$(value "$e1")" "VALUE 1.0"
e2=$(cd "$TMPD" && SCALE=1 "$TILESH" $cross run.lua "$TMPD/env.lua" 2>&1) || fail "env SCALE=1 again: $e2"
expect_eq "env SCALE=1 again: cached" "$(stats "$e2")" "STATS traces=0 compiles=0"
e3=$(cd "$TMPD" && SCALE=2 "$TILESH" $cross run.lua "$TMPD/env.lua" 2>&1) || fail "env SCALE=2: $e3"
expect_eq "env SCALE=2: not the SCALE=1 code" "$(value "$e3")" "VALUE 2.0"
expect_contains "env SCALE=2 retraced" "$(stats "$e3")" "traces=$t1"
expect_contains "explain names the variable" "$e3" 'SCALE was "1", now "2"'
[ -n "$cross" ] && expect_contains "the sm_90 code object of SCALE=1 not reused" "$e3" "cross envread sm_90"
e4=$(cd "$TMPD" && env -u SCALE "$TILESH" $cross run.lua "$TMPD/env.lua" 2>&1) || fail "env SCALE unset: $e4"
expect_eq "env SCALE unset" "$(value "$e4")" "VALUE 7.0"
expect_contains "explain: unset" "$e4" 'SCALE was "2", now unset'
# os.getenv captured before the trace (a local the body closes over): its reads are not seen, so no front entry serves it
sed 's/os.getenv("SCALE")/getenv("SCALE")/; 1i local getenv = os.getenv' "$TMPD/env.lua" >"$TMPD/env_captured.lua"
c1=$(cd "$TMPD" && SCALE=1 "$TILESH" run.lua "$TMPD/env_captured.lua" 2>&1) || fail "captured SCALE=1: $c1"
c2=$(cd "$TMPD" && SCALE=2 "$TILESH" run.lua "$TMPD/env_captured.lua" 2>&1) || fail "captured SCALE=2: $c2"
expect_eq "captured getenv, SCALE=2" "$(value "$c2")" "VALUE 2.0"
expect_contains "captured getenv: why" "$c2" "reaches os.getenv captured before its trace"
# an IR traced outside a launch (kernel:source for another target) and then compiled for it keeps its trace's record
{ cat "$TMPD/env.lua"; cat <<'LUA'; } >"$TMPD/env_shown.lua"
k:source("sm_90")
tl.set_cross { "sm_90" }
k({ 1 }, x)
print(tl.cache.explain(k:for_target("sm_90")))
LUA
if [ -n "$cross" ]; then
  s1=$(cd "$TMPD" && SCALE=1 "$TILESH" run.lua "$TMPD/env_shown.lua" 2>&1) || fail "shown SCALE=1: $s1"
  s2=$(cd "$TMPD" && SCALE=2 "$TILESH" run.lua "$TMPD/env_shown.lua" 2>&1) || fail "shown SCALE=2: $s2"
  expect_contains "kernel:source's trace keeps its record" "$(grep '\[sm_90 ' <<<"$s2")" 'SCALE was "1", now "2"'
  expect_lacks "no stale sm_90 code object" "$s2" "bytes hit"
fi
# std.map of a function that closes over os.getenv (its fingerprint pinned by the stdlib)
cat >"$TMPD/env_map.lua" <<'LUA'
local std = require "tilelua.std"
local getenv = os.getenv
local y = std.map(function(v) return v + tonumber(getenv("SCALE") or "7") end, tl.zeros({ 8 }, tl.f32), tl.zeros({ 8 }, tl.f32))
print("VALUE " .. y:get(0))
LUA
m1=$(cd "$TMPD" && SCALE=1 "$TILESH" run.lua "$TMPD/env_map.lua" 2>&1) || fail "map SCALE=1: $m1"
m2=$(cd "$TMPD" && SCALE=2 "$TILESH" run.lua "$TMPD/env_map.lua" 2>&1) || fail "map SCALE=2: $m2"
expect_eq "std.map closing over os.getenv, SCALE=2" "$(value "$m2")" "VALUE 2.0"
# the library's Lua sources read from a tree on disk (TILELUA_LUA_DIR): the front key names the build's own sources
# (tl.version, tl.build_id, a std kernel's pinned config key), so with it set no front entry is used or written
mkdir -p "$TMPD/tree" && cp -r "$SRC/lua" "$SRC/stdlib" "$TMPD/tree/"
export TILELUA_CACHE_DIR="$TMPD/cache_dir"
d0=$(cd "$TMPD" && SCALE=1 "$TILESH" $cross run.lua "$TMPD/env.lua" 2>&1) || fail "dir: first run: $d0"
d1=$(cd "$TMPD" && SCALE=1 TILELUA_LUA_DIR="$TMPD/tree" "$TILESH" $cross run.lua "$TMPD/env.lua" 2>&1) || fail "dir: $d1"
expect_contains "TILELUA_LUA_DIR: traced again" "$(stats "$d1")" "traces=$t1"
expect_contains "TILELUA_LUA_DIR: explain says why" "$d1" "not used: TILELUA_LUA_DIR is set"
export TILELUA_CACHE_DIR="$TMPD/cache_dir2"
d2=$(cd "$TMPD" && SCALE=1 TILELUA_LUA_DIR="$TMPD/tree" "$TILESH" $cross run.lua "$TMPD/env.lua" 2>&1) || fail "dir 2: $d2"
d3=$(cd "$TMPD" && SCALE=1 "$TILESH" $cross run.lua "$TMPD/env.lua" 2>&1) || fail "dir 3: $d3"
expect_contains "no front entry written under TILELUA_LUA_DIR" "$(stats "$d3")" "traces=$t1"
echo "cache second run: ok"
