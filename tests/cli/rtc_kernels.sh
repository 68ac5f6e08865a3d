# Every kernel the examples, the kernel tests (tests/lua/kernel_*.lua) and a dtype sweep trace, in
# every specialization, is generated for gfx90a (CDNA, wave64) and gfx1030 (RDNA, wave32) where the
# code generator accepts its warp size, and compiles with hiprtc (dlopen'd through
# test_rtc --compile; skipped when hiprtc is not installed). HIPRTC_ARCHS widens the check: the
# allow-list of src/rtc_hiprtc.c was verified with HIPRTC_ARCHS="gfx900 gfx906 gfx908 gfx90a gfx1030".
# A second pass traces everything with warp 32 (the registry default that tl.default_warp reads) and
# compiles it for sm_90 with NVRTC, so kernels with warp shuffles are covered on NVIDIA too.
. "$(dirname "$0")/lib.bash"
compilers_loaded
RTC=$RTC_TEST
[ -x "$RTC" ] || fail "no compile driver at $RTC"

# emit.lua OUTDIR ARCH... SCRIPT...: runs each script (its output silenced), then writes the HIP
# source of every specialization of every kernel it created as OUTDIR/<script>.<kernel>[.n]_<arch>.hip
cat > "$TMPD/emit.lua" <<'EOF'
local outdir = arg[1]
local archs, scripts = {}, {}
for i = 2, #arg do
  if arg[i]:match("^gfx") or arg[i]:match("^sm_") then archs[#archs + 1] = arg[i] else scripts[#scripts + 1] = arg[i] end
end
local count, kernels_seen, skipped_warp = 0, 0, 0
for _, path in ipairs(scripts) do
  local kernels = {}
  local real = tl.kernel
  tl.kernel = function(spec) local k = real(spec); kernels[#kernels + 1] = k; return k end
  local quiet, saved_arg = print, arg
  print = function() end
  arg = { [0] = path }
  local ok, err = pcall(dofile, path)
  arg, print, tl.kernel = saved_arg, quiet, real
  assert(ok, path .. ": " .. tostring(err))
  local script = path:match("([^/]+)%.lua$")
  local used = {}
  for _, k in ipairs(kernels) do
    local irs = {}
    for _, ir in pairs(k.specs or {}) do irs[#irs + 1] = ir end
    if #irs == 0 and k.last_ir then irs[1] = k.last_ir end
    if #irs > 0 then kernels_seen = kernels_seen + 1 end
    for _, ir in ipairs(irs) do
      local base = script .. "." .. k.name
      used[base] = (used[base] or 0) + 1
      if used[base] > 1 then base = base .. "." .. used[base] end
      local wrote = 0
      for _, a in ipairs(archs) do
        -- a kernel is traced for one warp size: it has sources only for targets of that size
        local ok2, src, _, carch = pcall(tl._hip_source, ir, { arch = a, occupancy = k:get_hints(a).occupancy })
        if ok2 then
          -- (named for the arch it compiles for: a wgmma kernel for sm_90 is sm_90a code)
          local f = assert(io.open(("%s/%s_%s.hip"):format(outdir, base, carch), "w"))
          f:write(src)
          f:close()
          count, wrote = count + 1, wrote + 1
        elseif not tostring(src):find("traced for warp", 1, true) and
               not tostring(src):find("exists on NVIDIA sm_90 (Hopper) only", 1, true) and
               not tostring(src):find("not available on " .. a .. ":", 1, true) then
          error(base .. " for " .. a .. ": " .. tostring(src))
        end
      end
      -- only a kernel traced for a warp size no target has (warp 64 on an sm_* pass), or a wgmma
      -- (mbarrier, TMA) kernel on a pass without sm_90, gets none
      if wrote == 0 then skipped_warp = skipped_warp + 1 end
    end
  end
end
print(("emitted %d sources of %d kernels (%d traced for a warp size none of the targets runs)"):format(count,
  kernels_seen, skipped_warp))
EOF

# dtypes.lua: every dtype through loads, stores, arithmetic, math, casts, cross-thread reductions
# (shuffles) and atomics, so each dtype's part of the AMD prelude and intrinsics is compiled too
cat > "$TMPD/dtypes.lua" <<'EOF'
local names = { "f16", "bf16", "f32", "f64", "i8", "u8", "i16", "u16", "i32", "u32", "i64", "u64" }
for _, name in ipairs(names) do
  local dt = tl[name]
  local float = name:match("^[fb]") ~= nil
  local wide = name:match("32$") or name:match("64$") -- the code generator has atomics of 32 and 64 bits
  for _, warp in ipairs { 32, 64 } do
    local dist = tl.pattern2d { block = 64, rows = 8, cols = 64, vec = 4, warp = warp, pattern = "thread_raked" }
    local kern = tl.kernel {
      name = "dtypes_" .. name .. "_w" .. warp, block = 64, warp = warp,
      params = { { "x", tl.tensor(dt, 2) }, { "y", tl.tensor(dt, 2) }, { "acc", tl.tensor(dt, 1) }, { "s", dt } },
      body = function(k, p)
        local t = k:window(p.x, { 0, 0 }, { 8, 64 }, dist):load()
        t = t:map(function(v)
          local w = v * p.s + v - p.s
          if float then w = w + tl.exp(v) * tl.sqrt(tl.abs(v)) + tl.tanh(v) + tl.floor(v) + v ^ p.s + tl.rsqrt(v + 2)
          else w = w // (v + 1) + (v % 3) + (v & 5) + (v ~ p.s) + (v << 1) + (v >> 1) end
          return tl.select(tl.lt(w, v), w, v:cast(tl.f32):cast(dt))
        end)
        k:window(p.y, { 0, 0 }, { 8, 64 }, dist):store(tl.reduce(t, "max", 1))
        k:window(p.x, { 0, 0 }, { 8, 64 }, dist):store(tl.reduce(t, "sum", 0))
        if wide then
          k:window(p.y, { 0, 0 }, { 8, 64 }, dist):atomic_add(t)
          p.acc:atomic_max({ 0 }, t:reduce("max"))
          p.acc:atomic_min({ 1 }, t:reduce("min"))
          if not float then p.acc:atomic_xor({ 2 }, t:reduce("sum")) end
          p.acc:atomic_cas({ 3 }, t:reduce("sum"), { cmp = 0, old = false })
        end
      end,
    }
    kern({ 1 }, tl.zeros({ 8, 64 }, dt), tl.zeros({ 8, 64 }, dt), tl.zeros({ 4 }, dt), 2)
  end
end
EOF

# The two emitting runs, then the compiles (one driver per compiler and target), run as stages, at
# most RTC_JOBS (default: the cores) at once: they share nothing. Each stage's output goes to
# log/<stage>, printed in a fixed order once all have ended. (Alone on 2 cores: 297 s one after the
# other with every file compiled, 241 s with the drivers' deduplication, 148-172 s as 2 stages at once.)
JOBS=${RTC_JOBS:-$(nproc 2>/dev/null || echo 2)}
mkdir -p "$TMPD/log" "$TMPD/out" "$TMPD/nv" "$TMPD/w64" "$TMPD/w32"
# stage NAME CMD...: runs CMD in the background once fewer than JOBS stages run; status in log/NAME.rc
stage() {
  local name=$1
  shift
  while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n; done
  ( "$@" >"$TMPD/log/$name" 2>&1; echo $? >"$TMPD/log/$name.rc" ) &
}
rc_of() { cat "$TMPD/log/$1.rc"; }

archs=${HIPRTC_ARCHS:-gfx90a gfx1030}
# each emitting run gets its own cache (the scripts count their traces) and its own working directory
# (the two run the same scripts at once); the second traces everything with warp 32, for NVIDIA
# shellcheck disable=SC2086
emit64() {
  cd "$TMPD/w64" && TILELUA_CACHE_DIR="$TMPD/cache" "$TILESH" "$TMPD/emit.lua" "$TMPD/out" $archs \
    "$SRC"/examples/*.lua "$SRC"/tests/lua/kernel_*.lua "$TMPD/dtypes.lua"
}
emit32() {
  cd "$TMPD/w32" && TILELUA_CACHE_DIR="$TMPD/cache32" "$TILESH" -e 'debug.getregistry()["tilelua.warp"] = 32' \
    "$TMPD/emit.lua" "$TMPD/nv" sm_90 "$SRC"/examples/*.lua "$SRC"/tests/lua/kernel_*.lua "$TMPD/dtypes.lua"
}
stage emit64 emit64
stage emit32 emit32
wait
out=$(cat "$TMPD/log/emit64")
[ "$(rc_of emit64)" = 0 ] || fail "emitting sources: $out"
echo "$out"
expect_contains "sources emitted" "$out" "emitted"
n=$(ls "$TMPD"/out/*.hip | wc -l)
[ "$n" -ge 40 ] || fail "expected at least 40 sources, got $n"
out=$(cat "$TMPD/log/emit32")
[ "$(rc_of emit32)" = 0 ] || fail "emitting warp-32 sources: $out"
echo "$out"
n=$(ls "$TMPD"/nv/*_sm_90.hip | wc -l)
[ "$n" -ge 30 ] || fail "expected at least 30 sm_90 sources, got $n"
case " $archs " in *" gfx90a "*) cp "$SRC"/tests/golden/*_gfx90a.hip "$TMPD/out/";; esac
cp "$SRC"/tests/golden/*_sm_90.hip "$SRC"/tests/golden/*_sm_90a.hip "$TMPD/nv/"

# The compiles, the longest first (clang ~50 s each, NVRTC ~40 s, hiprtc ~30 s on a 2-core machine).
# The offline LLVM compiler (clang-19, freestanding): the same gfx90a sources as hiprtc, then the AMD
# targets Debian's hiprtc cannot build: the wave64 sources for MI300 (gfx942), the wave32 ones for
# RDNA3 (gfx1100). Not in the sanitizer build: the compiler is another process, nothing of tilelua
# runs. (gfx1201 and clang's gfx1030 are left to cli/cross_examples: this test is the suite's longest.)
pairs=
if [ "${SANITIZE:-OFF}" = "ON" ]; then
  echo "clang compiles: checked by the normal build"
elif command -v "${TILELUA_CLANG:-clang-19}" >/dev/null 2>&1; then
  for pair in "gfx90a gfx942" "gfx90a gfx90a" "gfx1030 gfx1100"; do
    set -- $pair
    case " $archs " in *" $1 "*) pairs="$pairs $1:$2";; esac
  done
else
  echo "skipped: no clang-19 here (apt-get install clang-19 lld-19)"
fi
for p in $pairs; do
  stage "clang_${p#*:}" env TILELUA_AMD_COMPILER=clang "$RTC" --compile "${p#*:}" "$TMPD"/out/*_"${p%:*}".hip
done
stage nvrtc_sm_90 "$RTC" --compile sm_90 "$TMPD"/nv/*_sm_90.hip
for arch in $archs; do stage "hiprtc_$arch" "$RTC" --compile "$arch" "$TMPD"/out/*_"$arch".hip; done
wgmma=0
if ls "$TMPD"/nv/*_sm_90a.hip >/dev/null 2>&1; then
  wgmma=1
  stage nvrtc_sm_90a "$RTC" --compile sm_90a "$TMPD"/nv/*_sm_90a.hip
fi
wait

# every driver's output (its failures name the file), then the statuses
for arch in $archs; do cat "$TMPD/log/hiprtc_$arch"; done
for p in $pairs; do cat "$TMPD/log/clang_${p#*:}"; done
cat "$TMPD/log/nvrtc_sm_90"
[ $wgmma -eq 1 ] && cat "$TMPD/log/nvrtc_sm_90a"
skipped=0
for arch in $archs; do
  rc=$(rc_of "hiprtc_$arch")
  if [ "$rc" -eq 77 ]; then echo "skipped: no hiprtc here"; skipped=1; break; fi
  expect_eq "hiprtc compile of every kernel for $arch" "$rc" "0"
done
for p in $pairs; do
  expect_eq "clang compile of every ${p%:*} kernel for ${p#*:}" "$(rc_of "clang_${p#*:}")" "0"
done
rc=$(rc_of nvrtc_sm_90)
if [ "$rc" -eq 77 ]; then
  echo "skipped: no NVRTC here"
  [ $skipped -eq 1 ] && exit 77
else
  expect_eq "NVRTC compile of every kernel for sm_90" "$rc" "0"
  [ $wgmma -eq 1 ] && expect_eq "NVRTC compile of the wgmma kernels for sm_90a" "$(rc_of nvrtc_sm_90a)" "0"
fi
# a driver compiles a source once, however many of its files hold it: each driver's count of distinct
# sources is the files' count of distinct contents (a driver that ran: one skipped prints no count)
distinct_eq() { # STAGE FILE...
  local stage=$1 got want
  shift
  got=$(sed -n 's/^[0-9]* files, \([0-9]*\) distinct.*/\1/p' "$TMPD/log/$stage")
  [ -n "$got" ] || return 0
  want=$(md5sum "$@" | awk '{ print $1 }' | sort -u | wc -l)
  expect_eq "$stage: distinct sources compiled" "$got" "$want"
}
for arch in $archs; do distinct_eq "hiprtc_$arch" "$TMPD"/out/*_"$arch".hip; done
for p in $pairs; do distinct_eq "clang_${p#*:}" "$TMPD"/out/*_"${p%:*}".hip; done
distinct_eq nvrtc_sm_90 "$TMPD"/nv/*_sm_90.hip
[ $wgmma -eq 1 ] && distinct_eq nvrtc_sm_90a "$TMPD"/nv/*_sm_90a.hip
cat "$TMPD"/log/hiprtc_* "$TMPD"/log/clang_* "$TMPD"/log/nvrtc_* 2>/dev/null |
  sed -n 's/^\([0-9]*\) files, \([0-9]*\) distinct.*/\1 \2/p' |
  awk '{ f += $1; d += $2 }
       END { printf "rtc kernels: %d files, %d compiles (%d the same source as another file)\n", f, d, f - d }'
echo "rtc kernels: ok"
