#!/usr/bin/env bash
# bench/cross_compile.sh [TILESH] - cold cross-compile time per kernel and target: every example run
# on the CPU with --cross, each target on an empty cache, TILELUA_CROSS_TIMING=1 (trace + codegen +
# compile of each variant). gfx90a twice on the same sources: hiprtc, then clang-19
# (TILELUA_AMD_COMPILER); gfx942 / gfx1100 / gfx1201 with clang-19; sm_90 and sm_80 with NVRTC.
# Prints one table row per target: variants, total seconds, median and largest per variant.
set -u
TILESH=$(realpath "${1:-build/tilesh}")
SRC=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
run() { # label target compiler
  local log="$work/$1.log"
  : >"$log"
  for ex in "$SRC"/examples/*.lua; do
    (cd "$work" && TILELUA_CACHE_DIR="$work/cache-$1" TILELUA_CROSS_TIMING=1 TILELUA_AMD_COMPILER=$3 \
      "$TILESH" --cross="$2" "$ex" 2>/dev/null | grep "^cross .* bytes miss" >>"$log")
  done
  awk '{ print $(NF - 1) }' "$log" | sort -g | awk -v label="$1" '{ v[++n] = $1 + 0; s += $1 }
    END { if (n == 0) { printf "| %s | 0 | - | - | - |\n", label; exit }
          printf "| %s | %d | %.1f | %.3f | %.3f |\n", label, n, s, v[int((n + 1) / 2)], v[n] }'
}
echo "| target (compiler) | variants | total s | median s | largest s |"
echo "|---|---|---|---|---|"
run "gfx90a (hiprtc)" gfx90a hiprtc
run "gfx90a (clang-19)" gfx90a clang
run "gfx942 (clang-19)" gfx942 auto
run "gfx1100 (clang-19)" gfx1100 auto
run "gfx1201 (clang-19)" gfx1201 auto
run "sm_90 (NVRTC)" sm_90 auto
run "sm_80 (NVRTC)" sm_80 auto
