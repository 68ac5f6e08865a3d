# The cache from Lua through tilesh: tl.cache.{stats,dir,clear}, tl._cache_get/_put/_note, hits
# across processes, a bad entry reported once and rebuilt, TILELUA_CACHE=0 and --sandbox.
. "$(dirname "$0")/lib.bash"
unset TILELUA_CACHE XDG_CACHE_HOME
export TILELUA_CACHE_DIR="$TMPD/c"

# the entry file of a key, computed independently (coreutils sha256sum)
entry_of() { h=$(printf '%s' "$1" | sha256sum | cut -c1-64); echo "$TILELUA_CACHE_DIR/${h:0:2}/${h:2}"; }

out=$("$TILESH" -e '
  assert(tl.cache.dir() == os.getenv("TILELUA_CACHE_DIR"), tostring(tl.cache.dir()))
  local b, why = tl._cache_get("code|one")
  assert(b == nil and why:find("not in memory; no disk entry ", 1, true), why)
  assert(tl._cache_put("code|one", "blob\0with NUL") == true)
  local b2, where = tl._cache_get("code|one")
  assert(b2 == "blob\0with NUL" and where == "memory", where)
  tl._cache_note("traces"); tl._cache_note("compiles"); tl._cache_note("compiles")
  assert(not pcall(tl._cache_note, "launches"))
  assert(not pcall(tl._cache_put, "a\0b", "x"))
  tl.cache.clear()
  local b3, where3 = tl._cache_get("code|one")
  assert(b3 == "blob\0with NUL" and where3 == "disk", tostring(where3))
  local s = tl.cache.stats()
  io.write(s.memory_hits, " ", s.disk_hits, " ", s.misses, " ", s.traces, " ", s.compiles, " ",
           s.bad_entries, " ", s.write_errors, " ", s.memory_entries)') || fail "first process: $out"
expect_eq "stats after put/get/clear/get" "$out" "1 1 1 1 2 0 0 1"
[ -f "$(entry_of code\|one)" ] || fail "no entry file at $(entry_of 'code|one') (sha256sum of the key)"
expect_eq "directory mode" "$(stat -c %a "$TILELUA_CACHE_DIR")" "700"

out=$("$TILESH" -e 'local b, w = tl._cache_get("code|one"); io.write(w, " ", #b)')
expect_eq "a new process hits the disk" "$out" "disk 13"

# a truncated entry: one warning however often it is read, counted, a miss, rebuilt by a put
path=$(entry_of "code|one")
truncate -s 60 "$path"
err=$("$TILESH" -e '
  for _ = 1, 3 do local b, why = tl._cache_get("code|one"); assert(b == nil and why:find("is bad (truncated", 1, true), why) end
  assert(tl.cache.stats().bad_entries == 3)
  tl._cache_put("code|one", "rebuilt")' 2>&1 >/dev/null) || fail "reading a truncated entry: $err"
expect_eq "one warning for a bad entry" "$(printf '%s\n' "$err" | grep -c 'tilelua: cache: ignoring')" "1"
expect_contains "warning text" "$err" "tilelua: cache: ignoring $path: truncated:"
expect_contains "warning text" "$err" "; it will be rebuilt"
out=$("$TILESH" -e 'local b, w = tl._cache_get("code|one"); io.write(w, " ", b)' 2>&1)
expect_eq "rebuilt entry" "$out" "disk rebuilt"

# a symbolic link in place of an entry is refused, even when it points at a valid entry
"$TILESH" -e 'tl._cache_put("code|two", "two")' || fail "put code|two"
two=$(entry_of "code|two")
mv "$two" "$TMPD/valid-elsewhere"
ln -s "$TMPD/valid-elsewhere" "$two"
err=$("$TILESH" -e 'local b, why = tl._cache_get("code|two"); assert(b == nil and why:find("refused (a symbolic link)", 1, true), why)' 2>&1) \
  || fail "symlink entry: $err"
expect_contains "symlink warning" "$err" "tilelua: cache: ignoring $two: a symbolic link"

# TILELUA_CACHE=0: memory only, silent, nothing written
out=$(TILELUA_CACHE=0 TILELUA_CACHE_DIR="$TMPD/off" "$TILESH" -e '
  local d, why = tl.cache.dir(); assert(d == nil, d)
  tl._cache_put("code|x", "x")
  local _, why2 = tl._cache_get("code|y")
  io.write(why, "|", why2, "|", select(2, tl._cache_get("code|x")))' 2>&1)
expect_eq "TILELUA_CACHE=0" "$out" "TILELUA_CACHE=0|not in memory; disk cache off (TILELUA_CACHE=0)|memory"
[ ! -e "$TMPD/off" ] || fail "TILELUA_CACHE=0 created $TMPD/off"

# --sandbox: the disk part is off whatever the environment says
out=$(TILELUA_CACHE_DIR="$TMPD/sandboxed" "$TILESH" --sandbox -e '
  local d, why = tl.cache.dir(); tl._cache_put("k", "v")
  print(tostring(d) .. "|" .. why .. "|" .. select(2, tl._cache_get("k")))' 2>&1)
expect_eq "sandboxed" "$out" "nil|sandboxed state|memory"
[ ! -e "$TMPD/sandboxed" ] || fail "a sandboxed state created $TMPD/sandboxed"

# an unsafe directory (group/other writable) turns the disk part off with one warning
mkdir -m 777 "$TMPD/open" && chmod 777 "$TMPD/open"
err=$(TILELUA_CACHE_DIR="$TMPD/open" "$TILESH" -e 'assert(tl.cache.dir() == nil); tl._cache_put("k", "v"); tl._cache_get("q")' 2>&1) \
  || fail "unsafe directory: $err"
expect_eq "one warning for an unsafe directory" "$(printf '%s\n' "$err" | grep -c 'disk cache off')" "1"
expect_contains "unsafe directory warning" "$err" "is writable by group or others"
echo "cache lua: ok"
