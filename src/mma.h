/* mma.h - warp-level matrix multiply-accumulate (TLUA_OP_MMA): the fragment layouts of the
 * hardware instructions, shared by the verifier, the CPU executor and the HIP generator.
 *
 * One MMA computes D = A * B + C for one warp: A is m x k, B is k x n, C and D are m x n. Each
 * lane of the warp holds a fragment of every matrix: na elements of A, nb of B, nc of C/D, in the
 * instruction's register order (element i of a fragment is register element i: for NVIDIA the
 * low half of .f16x2 register i/2 when i is even). Where element i of lane l sits in its matrix
 * is the layout (tlua_mma_coord); the Lua half describes the same layouts as tilelua encodings
 * (lua/mma.lua), so a fragment loaded through a window with that encoding holds exactly the
 * elements the instruction expects.
 *
 * Layouts (from the PTX ISA "Matrix Fragments for mma.m16n8k16 with floating point type" and the
 * AMD CDNA MFMA register layouts; g = lane >> 2, t = lane & 3 on NVIDIA):
 *   NV_M16N8K16    warp 32, mma.sync.aligned.m16n8k16.row.col.f32.{f16,bf16}x2.f32 (sm_80+)
 *                  A[8]: row g + 8*((i>>1)&1), col 2t + (i&1) + 8*(i>>2)
 *                  B[4]: row 2t + (i&1) + 8*(i>>1), col g
 *                  C[4]: row g + 8*(i>>1), col 2t + (i&1)
 *   AMD_M32N32K8   wave 64, v_mfma_f32_32x32x8f16 / _32x32x8bf16_1k (gfx908 f16, gfx90a+)
 *                  A[4]: row lane%32, col 4*(lane/32) + i
 *                  B[4]: row 4*(lane/32) + i, col lane%32
 *                  C[16]: row 8*(i/4) + 4*(lane/32) + i%4, col lane%32
 *   AMD_M16N16K16  wave 64, v_mfma_f32_16x16x16f16 / _16x16x16bf16_1k
 *                  A[4]: row lane%16, col 4*(lane/16) + i
 *                  B[4]: row 4*(lane/16) + i, col lane%16
 *                  C[4]: row 4*(lane/16) + i, col lane%16
 * Inputs are f16 or bf16 (both A and B the same), the accumulator f32. Pure C, reentrant. */
#ifndef TLUA_MMA_H
#define TLUA_MMA_H

#include <stdint.h>
#include "tlua.h"

typedef enum tlua_MmaLayout {
  TLUA_MMA_NV_M16N8K16 = 0,
  TLUA_MMA_AMD_M32N32K8 = 1,
  TLUA_MMA_AMD_M16N16K16 = 2,
  TLUA_MMA_NLAYOUTS
} tlua_MmaLayout;

enum { TLUA_MMA_A = 0, TLUA_MMA_B = 1, TLUA_MMA_C = 2 };

#define TLUA_MMA_MAX_FRAG 16   /* elements of one fragment per lane, any operand */
#define TLUA_MMA_MAX_WARP 64

typedef struct tlua_MmaInfo {
  const char *name;     /* "m16n8k16" */
  int amd;              /* 0 NVIDIA, 1 AMD */
  int warp;             /* lanes that execute one instruction together */
  int m, n, k;
  int na, nb, nc;       /* fragment elements per lane of A, B and C/D */
} tlua_MmaInfo;

/* The layout's facts, or NULL when `layout` names none (e.g. a bad IR immediate). */
TLUA_HIDDEN const tlua_MmaInfo *tlua_mma_info(int64_t layout);

/* Row and column (in A: m, k; in B: k, n; in C: m, n) of element i of lane's fragment of
 * `operand` (TLUA_MMA_A/B/C). No range checks: lane < warp, i below the operand's count. */
TLUA_HIDDEN void tlua_mma_coord(tlua_MmaLayout layout, int operand, int lane, int i, int *row, int *col);

/* One warp's MMA on fragments given lane-major: a[lane * na + i], b[lane * nb + i],
 * c[lane * nc + i] (inputs already exact f16/bf16 values as floats); writes d the same way as c.
 * Each result is C + sum_k A*B evaluated in double (the products are exact) and rounded once to
 * f32; the hardware may round its sums differently, within f32 rounding of this. */
TLUA_HIDDEN void tlua_mma_compute(tlua_MmaLayout layout, const float *a, const float *b, const float *c,
                                  float *d);

#endif
