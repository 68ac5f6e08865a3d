/* mma.c - the fragment layouts of the warp-level MMA instructions and the reference computation
 * of one MMA (mma.h documents the layouts and where they come from). */
#include <stddef.h>

#include "mma.h"

static const tlua_MmaInfo infos[TLUA_MMA_NLAYOUTS] = {
  [TLUA_MMA_NV_M16N8K16] = {"m16n8k16", 0, 32, 16, 8, 16, 8, 4, 4},
  [TLUA_MMA_AMD_M32N32K8] = {"m32n32k8", 1, 64, 32, 32, 8, 4, 4, 16},
  [TLUA_MMA_AMD_M16N16K16] = {"m16n16k16", 1, 64, 16, 16, 16, 4, 4, 4},
};

const tlua_MmaInfo *tlua_mma_info(int64_t layout) {
  return layout >= 0 && layout < TLUA_MMA_NLAYOUTS ? &infos[layout] : NULL;
}

void tlua_mma_coord(tlua_MmaLayout layout, int operand, int lane, int i, int *row, int *col) {
  int r = 0, c = 0;
  switch (layout) {
  case TLUA_MMA_NV_M16N8K16: {
    const int g = lane >> 2, t = lane & 3;
    if (operand == TLUA_MMA_A) r = g + 8 * ((i >> 1) & 1), c = 2 * t + (i & 1) + 8 * (i >> 2);
    else if (operand == TLUA_MMA_B) r = 2 * t + (i & 1) + 8 * (i >> 1), c = g;
    else r = g + 8 * (i >> 1), c = 2 * t + (i & 1);
    break;
  }
  case TLUA_MMA_AMD_M32N32K8:
    if (operand == TLUA_MMA_A) r = lane % 32, c = 4 * (lane / 32) + i;
    else if (operand == TLUA_MMA_B) r = 4 * (lane / 32) + i, c = lane % 32;
    else r = 8 * (i / 4) + 4 * (lane / 32) + i % 4, c = lane % 32;
    break;
  case TLUA_MMA_AMD_M16N16K16:
    if (operand == TLUA_MMA_A) r = lane % 16, c = 4 * (lane / 16) + i;
    else r = 4 * (lane / 16) + i, c = lane % 16;   /* B and C/D share the layout */
    break;
  default:
    break;
  }
  *row = r;
  *col = c;
}

/* the largest m, n, k of any layout */
#define MAX_DIM 32

void tlua_mma_compute(tlua_MmaLayout layout, const float *a, const float *b, const float *c, float *d) {
  const tlua_MmaInfo *mi = tlua_mma_info(layout);
  if (!mi) return;
  /* gather the warp's fragments into whole matrices */
  float A[MAX_DIM][MAX_DIM], B[MAX_DIM][MAX_DIM], C[MAX_DIM][MAX_DIM];
  int r, col;
  for (int l = 0; l < mi->warp; l++) {
    for (int i = 0; i < mi->na; i++) {
      tlua_mma_coord(layout, TLUA_MMA_A, l, i, &r, &col);
      A[r][col] = a[l * mi->na + i];
    }
    for (int i = 0; i < mi->nb; i++) {
      tlua_mma_coord(layout, TLUA_MMA_B, l, i, &r, &col);
      B[r][col] = b[l * mi->nb + i];
    }
    for (int i = 0; i < mi->nc; i++) {
      tlua_mma_coord(layout, TLUA_MMA_C, l, i, &r, &col);
      C[r][col] = c[l * mi->nc + i];
    }
  }
  /* each lane's results: the products of f16/bf16 values are exact in double, and so is their
     sum unless the exponents are far apart; one rounding to f32 at the end */
  for (int l = 0; l < mi->warp; l++)
    for (int i = 0; i < mi->nc; i++) {
      tlua_mma_coord(layout, TLUA_MMA_C, l, i, &r, &col);
      double s = (double)C[r][col];
      for (int kk = 0; kk < mi->k; kk++) s += (double)A[r][kk] * (double)B[kk][col];
      d[l * mi->nc + i] = (float)s;
    }
}
