# tl.autotune across processes: the first run tunes and puts the winner in the cache, a second run
# against the same TILELUA_CACHE_DIR does no timing run and launches the same winner (injected
# timings and real ones); an edited script re-tunes; a sandboxed run (no disk cache) tunes every
# time and still works; the progress line appears on stderr only with TILELUA_AUTOTUNE_VERBOSE=1
# (stderr is not a terminal here).
. "$(dirname "$0")/lib.bash"
unset TILELUA_CACHE XDG_CACHE_HOME TILELUA_AUTOTUNE_VERBOSE
export TILELUA_CACHE_DIR="$TMPD/cache"
cat >"$TMPD/tune.lua" <<'LUA'
local function build(cfg)
  return tl.kernel {
    name = "twice", block = cfg.block,
    params = { { "x", tl.tensor(tl.f32, 1) }, { "y", tl.tensor(tl.f32, 1) } },
    body = function(k, p)
      local i = k.block_id(0) * cfg.block + k.thread_id()
      local m = tl.lt(i, p.x:shape(0))
      p.y:store({ i }, p.x:load({ i }, { mask = m }) * 2.0, { mask = m })
    end,
  }
end
local FAKE = { 3e-3, 1e-3, 2e-3 }
local common = { configs = { { block = 32 }, { block = 64 }, { block = 128 } }, build = build,
  grid = function(cfg, x) return { (x:shape()[1] + cfg.block - 1) // cfg.block } end }
local injected = tl.autotune { name = "injected", configs = common.configs, build = build, grid = common.grid,
  measure = function(run, cfg, i) run(); return FAKE[i] end }
local real = tl.autotune { name = "real", configs = common.configs, build = build, grid = common.grid, reps = 2 }
local x = tl.rand({ 1000 }, tl.f32, 1)
for _, t in ipairs({ injected, real }) do
  local y = tl.zeros({ 1000 }, tl.f32)
  t(x, y)
  for i = 0, 999 do assert(y:get(i) == 2 * x:get(i), "wrong result at " .. i) end
  local s = t:stats()
  local _, w = t:best(x, y)
  print(string.format("TUNE %s winner=%d tunings=%d timing_runs=%d cache_hits=%d", t.name, w, s.tunings, s.timing_runs, s.cache_hits))
end
LUA
line() { grep "^TUNE $1 " <<<"$2"; }
first=$(cd "$TMPD" && "$TILESH" tune.lua 2>"$TMPD/err1") || fail "first run: $first $(cat "$TMPD/err1")"
expect_eq "first run, injected" "$(line injected "$first")" "TUNE injected winner=2 tunings=1 timing_runs=3 cache_hits=0"
expect_contains "first run, real timings" "$(line real "$first")" "tunings=1"
expect_eq "first run is quiet on stderr" "$(cat "$TMPD/err1")" ""
real_winner=$(line real "$first" | sed 's/.*winner=\([0-9]*\).*/\1/')

second=$(cd "$TMPD" && "$TILESH" tune.lua 2>&1) || fail "second run: $second"
expect_eq "second run, injected" "$(line injected "$second")" "TUNE injected winner=2 tunings=0 timing_runs=0 cache_hits=1"
expect_eq "second run, real" "$(line real "$second")" "TUNE real winner=$real_winner tunings=0 timing_runs=0 cache_hits=1"

# an edited script changes the build function's fingerprint: tuned again
echo "-- edited" >>"$TMPD/tune.lua"
edited=$(cd "$TMPD" && "$TILESH" tune.lua 2>&1) || fail "edited run: $edited"
expect_eq "edited run" "$(line injected "$edited")" "TUNE injected winner=2 tunings=1 timing_runs=3 cache_hits=0"

# sandboxed: memory cache only, so every process tunes; still correct
for i in 1 2; do
  boxed=$(cd "$TMPD" && "$TILESH" --sandbox tune.lua 2>&1) || fail "sandboxed run $i: $boxed"
  expect_eq "sandboxed run $i" "$(line injected "$boxed")" "TUNE injected winner=2 tunings=1 timing_runs=3 cache_hits=0"
done

# progress on request: one \r-updated line per tuning, ending in a newline
rm -rf "$TILELUA_CACHE_DIR"
(cd "$TMPD" && TILELUA_AUTOTUNE_VERBOSE=1 "$TILESH" tune.lua >/dev/null 2>"$TMPD/err2") || fail "verbose run: $(cat "$TMPD/err2")"
progress=$(tr '\r' '\n' <"$TMPD/err2")
expect_contains "progress, first config" "$progress" "autotune injected [f32[1000],f32[1000]]: 1/3 configs, best 3.00 ms (cfg 1)"
expect_contains "progress, last config" "$progress" "autotune injected [f32[1000],f32[1000]]: 3/3 configs, best 1.00 ms (cfg 2)"
expect_contains "progress, real timings" "$progress" "autotune real [f32[1000],f32[1000]]: 3/3 configs, best "
expect_eq "one line per tuning" "$(wc -l <"$TMPD/err2" | tr -d ' ')" "2"
(cd "$TMPD" && TILELUA_AUTOTUNE_VERBOSE=1 "$TILESH" tune.lua >/dev/null 2>"$TMPD/err3") || fail "cached verbose run"
expect_eq "no progress when nothing is tuned" "$(cat "$TMPD/err3")" ""

# on a terminal (util-linux script gives a pty) the line shows without the variable, once tilesh has
# the tl._isatty binding; TILELUA_AUTOTUNE_VERBOSE=0 silences it there
if command -v script >/dev/null && "$TILESH" -e 'os.exit(tl._isatty and 0 or 1)' 2>/dev/null; then
  rm -rf "$TILELUA_CACHE_DIR"
  tty_out=$(cd "$TMPD" && script -qec "'$TILESH' tune.lua" /dev/null 2>&1) || fail "run on a pty: $tty_out"
  expect_contains "progress on a terminal" "$tty_out" "autotune injected [f32[1000],f32[1000]]: 3/3 configs"
  rm -rf "$TILELUA_CACHE_DIR"
  quiet_out=$(cd "$TMPD" && TILELUA_AUTOTUNE_VERBOSE=0 script -qec "'$TILESH' tune.lua" /dev/null 2>&1) || fail "quiet pty run"
  expect_lacks "silenced on a terminal" "$quiet_out" "configs, best"
else
  echo "note: no tl._isatty binding (or no script); the terminal case is not tested"
fi
echo "autotune cache: ok"
