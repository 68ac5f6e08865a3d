# bench/attention_table.py on a made-up log: tilelua's forward and backward lines (the backward's dq=wgmma row, the
# faster of two rounds), SDPA's by do_bench (two backends: the faster is the ratio's) and cuDNN's timed as tilelua is
# (PEERS_TIMER=timeit, "sdpa_cudnn[timeit]"): the ratio against each, both columns only where timeit lines are; a case
# with no timeit line shows dashes there; tilelua timed by do_bench (ATTENTION_TIMER=do_bench, "tilelua[do_bench]") in two
# more columns, not among the config variants. No matplotlib needed (the chart is skipped with a note).
. "$(dirname "$0")/lib.bash"
command -v python3 >/dev/null || exit 77
TOOL="$SRC/bench/attention_table.py"
cat >"$TMPD/log" <<'EOF2'
tilelua attention f16 d64 full S=1024: 400.0 us 343.6 TFLOP/s (max error 1.3e-05)
tilelua attention f16 d64 full_bwd S=1024 dq=wgmma: 1000.0 us 343.6 TFLOP/s
tilelua attention f16 d64 full_bwd S=1024 dq=wgmma: 950.0 us 361.7 TFLOP/s
tilelua attention f16 d64 full_bwd S=1024 dq=memset: 900.0 us 381.8 TFLOP/s
sdpa_flash attention f16 d64 full S=1024: 500.0 us 274.9 TFLOP/s (vs first backend 0)
sdpa_cudnn attention f16 d64 full S=1024: 360.0 us 381.8 TFLOP/s (vs first backend 0)
sdpa_cudnn[timeit] attention f16 d64 full S=1024: 380.0 us 361.7 TFLOP/s (vs first backend 0)
sdpa_cudnn attention f16 d64 full_bwd S=1024: 931.0 us 369.1 TFLOP/s
tilelua[do_bench] attention f16 d64 full S=1024: 420.0 us 327.2 TFLOP/s (max error 1.3e-05)
EOF2
out=$(python3 "$TOOL" "$TMPD/log" "$TMPD/c.png" "test" 2>/dev/null) || fail "attention_table.py exited $?"
expect_contains "the timeit columns" "$out" "| ratio | fastest SDPA, timeit | ratio, timeit |"
expect_contains "forward: against the faster backend, then cuDNN timed alike, then tilelua by do_bench" "$out" \
  "| f16 d64 full S=1024 | 400 µs | 344 | 500 µs (275) | — | 360 µs (382) | — | cudnn | 0.90× | cudnn 380 µs | 0.95× | 420 µs | 0.86× |"
expect_contains "backward: the faster round of dq=wgmma, no timeit or do_bench line" "$out" \
  "| f16 d64 full_bwd S=1024 | 950 µs | 362 | — | — | 931 µs (369) | — | cudnn | 0.98× | — | — | — | — |"
expect_lacks "tilelua's do_bench lines are no config variant" "$out" "| \`do_bench\` |"
grep -v "timeit\|do_bench" "$TMPD/log" >"$TMPD/plain"
plain=$(python3 "$TOOL" "$TMPD/plain" "$TMPD/c.png" "test" 2>/dev/null) || fail "attention_table.py exited $?"
expect_lacks "no timeit columns without timeit lines" "$plain" "timeit"
expect_lacks "no do_bench columns without tilelua's do_bench lines" "$plain" "do_bench"
echo "attention_table: ok"
