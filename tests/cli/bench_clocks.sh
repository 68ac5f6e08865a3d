# bench/clocks.py on made-up nvidia-smi samples: the columns found by name (a temperature column between them), idle
# samples (the GPU less than 50% busy, whatever the power) and a sample nvidia-smi could not fill left out, the power-cap share of the busy ones (another clock event not counted);
# a file with no busy sample says so; a header without the clock column is an error naming it; with the bench's log,
# a line for each phase its "# phase NAME SECONDS" marks delimit (the last one to the samples' end). Then
# bench/clocks.sh, the run scripts' helpers, with a stand-in nvidia-smi: the GPU CUDA sees first sampled, a phase's
# samples summarized into the log, the sampler stopped.
. "$(dirname "$0")/lib.bash"
command -v python3 >/dev/null || exit 77
TOOL="$SRC/bench/clocks.py"
cat >"$TMPD/s.csv" <<'EOF2'
timestamp, utilization.gpu [%], clocks.current.sm [MHz], temperature.gpu, power.draw [W], clocks_event_reasons.active
2026/11/30 18:01:22.431, 0 %, 345 MHz, 33, 77.47 W, 0x0000000000000001
2026/11/30 18:01:22.451, 100 %, 1755 MHz, 50, 527.6 W, 0x0000000000000004
2026/11/30 18:01:22.471, 50 %, 1980 MHz, 45, 435.6 W, 0x0000000000000001
2026/11/30 18:01:22.491, 87 %, 1800 MHz, 55, 642.7 W, 0x0000000000000004
2026/11/30 18:01:22.511, 100 %, [N/A], 55, 650.0 W, 0x0000000000000004
2026/11/30 18:01:22.531, 49 %, 1980 MHz, 36, 609.0 W, 0x0000000000000000
EOF2
out=$(python3 "$TOOL" "$TMPD/s.csv") || fail "clocks.py exited $?"
expect_contains "the busy samples' clock, power and cap share" "$out" \
  "# clocks: SM 1755-1980 MHz (median 1800) over 3 busy samples, power up to 643 W, SW power cap in 67%"
head -2 "$TMPD/s.csv" >"$TMPD/idle.csv"
out=$(python3 "$TOOL" "$TMPD/idle.csv") || fail "clocks.py exited $?"
expect_contains "no busy samples" "$out" "no busy samples"
: >"$TMPD/empty.csv"
out=$(python3 "$TOOL" "$TMPD/empty.csv") || fail "clocks.py exited $?"
expect_eq "an empty file: no samples at all" "$out" "# clocks: no samples"
sed 's/clocks.current.sm/clocks.mem/' "$TMPD/s.csv" >"$TMPD/bad.csv"
if out=$(python3 "$TOOL" "$TMPD/bad.csv" 2>&1); then fail "a header without the SM clock was accepted"; fi
expect_contains "the missing column named" "$out" "the header lacks clocks.current.sm"
# (the samples' local time and the marks' seconds read in one time zone, not UTC: a clocks.py that took the samples'
# time for UTC would put them 5.5 hours off the marks)
export TZ=XST-5:30
{ echo "# phase setup $(date -d '2026-11-30 18:01:22.400' +%s.%N)"
  echo "# phase compile $(date -d '2026-11-30 18:01:22.440' +%s.%N)"
  echo "# phase tilelua $(date -d '2026-11-30 18:01:22.450' +%s.%N)"
  echo "tilelua attention f16 d64 full S=1024: 400.0 us"
  echo "# phase sdpa $(date -d '2026-11-30 18:01:22.480' +%s.%N)"; } >"$TMPD/log"
out=$(python3 "$TOOL" "$TMPD/s.csv" "$TMPD/log") || fail "clocks.py exited $?"
expect_eq "the whole run first" "${out%%$'\n'*}" \
  "# clocks: SM 1755-1980 MHz (median 1800) over 3 busy samples, power up to 643 W, SW power cap in 67%"
expect_contains "a phase of idle samples" "$out" "# clocks setup: no busy samples"
expect_contains "a phase with no samples" "$out" "# clocks compile: no busy samples"
expect_contains "the first phase's samples" "$out" \
  "# clocks tilelua: SM 1755-1980 MHz (median 1868) over 2 busy samples, power up to 528 W, SW power cap in 50%"
expect_contains "the last phase to the samples' end" "$out" \
  "# clocks sdpa: SM 1800-1800 MHz (median 1800) over 1 busy samples, power up to 643 W, SW power cap in 100%"
echo "# phase broken later" >>"$TMPD/log"
if out=$(python3 "$TOOL" "$TMPD/s.csv" "$TMPD/log" 2>&1); then fail "a phase mark without a time was accepted"; fi
expect_contains "the bad mark named" "$out" "a phase mark without a time: # phase broken later"
mkdir "$TMPD/bin"
cat >"$TMPD/bin/nvidia-smi" <<'EOF2'
#!/usr/bin/env bash
echo "$*" >"$ARGS"
echo "timestamp, utilization.gpu [%], clocks.current.sm [MHz], power.draw [W], clocks_event_reasons.active"
while :; do echo "$(date '+%Y/%m/%d %H:%M:%S.%3N'), 100 %, 1900 MHz, 500.00 W, 0x0000000000000004"; sleep 0.05; done
EOF2
chmod +x "$TMPD/bin/nvidia-smi"
mkdir "$TMPD/run"
out=$(cd "$TMPD/run" && export PATH="$TMPD/bin:$PATH" ARGS="$TMPD/args" CUDA_VISIBLE_DEVICES=1,0 &&
      . "$SRC/bench/clocks.sh" && clocks_start . && sleep 0.2 && phase work >log && sleep 0.4 && clocks_end . &&
      echo "sampler $(kill -0 "$CLOCKS_PID" 2>/dev/null && echo running || echo stopped)") || fail "clocks.sh: $out"
expect_contains "nvidia-smi asked for CUDA's first GPU" "$(cat "$TMPD/args")" "-i 1 --query-gpu="
expect_contains "the phase's samples, in the log" "$(cat "$TMPD/run/log")" "# clocks work: SM 1900-1900 MHz (median 1900) over"
expect_contains "the sampler stopped" "$out" "sampler stopped"
echo "bench_clocks: ok"
