# tools/sass_loops.py on a small made-up `cuobjdump -sass` listing: two kernels; in the first, an outer loop around
# an inner one that holds the HGMMAs, so the main loop is the inner one and the spills split before / inside / after
# it; a forward branch is no loop; an mbarrier wait's retry code past EXIT, branching back into the body, is no main loop;
# --outline lists the main loop's events in order; a file with no kernel is refused, naming it.
. "$(dirname "$0")/lib.bash"
command -v python3 >/dev/null || exit 77
TOOL="$SRC/tools/sass_loops.py"
cat >"$TMPD/k.sass" <<'EOF2'
	code for sm_90a
		Function : kern_a
	.headerflags	@"EF_CUDA_SM90"
        /*0000*/                   STL [R1], R2 ;
        /*0010*/                   LDL R3, [R1] ;
        /*0020*/                   HGMMA.64x128x16.F32 R24, gdesc[UR4], R24 ;
        /*0030*/                   MUFU.EX2 R5, R6 ;
        /*0040*/                   LDL R7, [R1+0x4] ;
        /*0050*/                   HGMMA.64x128x16.F32 R24, gdesc[UR8], R24 ;
        /*0060*/              @!P0 BRA 0x20 ;
        /*0070*/                   @P1 BRA 0x90 ;
        /*0080*/                   STS [R9], R10 ;
        /*0090*/                   BRA 0x10 ;
        /*00a0*/                   STL [R1+0x8], R11 ;
        /*00b0*/                   EXIT ;
        /*00c0*/                   HGMMA.64x128x16.F32 R24, gdesc[UR4], R24 ;
        /*00d0*/                   HGMMA.64x128x16.F32 R24, gdesc[UR4], R24 ;
        /*00e0*/                   SYNCS.PHASECHK.TRANS64.TRYWAIT P1, [R2+URZ], R3 ;
        /*00f0*/                   BRA 0x50 ;
		Function : kern_b
        /*0000*/                   MOV R1, c[0x0][0x28] ;
        /*0010*/                   EXIT ;
EOF2
out=$(python3 "$TOOL" "$TMPD/k.sass") || fail "sass_loops.py exited $?"
expect_contains "first kernel" "$out" "kern_a: 16 instructions"
expect_contains "outer loop first" "$out" "  loop 0x10-0x90: 9 instructions; LDL 2, STL 0, HGMMA 2, MUFU 1, SYNCS 0, BAR 0, LDS 0, STS 1"
expect_contains "inner loop" "$out" "  loop 0x20-0x60: 5 instructions; LDL 1, STL 0, HGMMA 2, MUFU 1"
expect_contains "main loop: the inner one" "$out" "main loop 0x20-0x60 (5 instructions, HGMMA 2); spills before / inside / after it: LDL 1 / 1 / 0, STL 1 / 0 / 1"
expect_contains "the retry code's branch back is listed" "$out" "loop 0x50-0xf0"
expect_contains "no loop in the second kernel" "$out" "kern_b: 2 instructions"
expect_lacks "a forward branch is no loop" "$out" "0x70"
ol=$(python3 "$TOOL" "$TMPD/k.sass" 1 --outline) || fail "--outline exited $?"
expect_contains "outline: the HGMMA" "$ol" "   0-   0 x  1 HGMMA.64x128x16.F32 R24, gdesc[UR4], R24"
expect_contains "outline: the MUFU" "$ol" "   1-   1 x  1 MUFU.EX2 R5, R6"
expect_contains "outline: the spill load" "$ol" "   2-   2 x  1 LDL R7, [R1+0x4]"
expect_contains "outline: the loop's size" "$ol" "    5 instructions"
top=$(python3 "$TOOL" "$TMPD/k.sass" 1)
expect_lacks "TOP = 1 lists one loop" "$top" "loop 0x20-0x60: 5"
printf 'nothing here\n' >"$TMPD/none.sass"
if err=$(python3 "$TOOL" "$TMPD/none.sass" 2>&1); then fail "a listing without kernels was accepted"; fi
expect_contains "refusal names the file" "$err" "no 'Function :' header with instructions in $TMPD/none.sass"
echo "sass_loops: ok"
