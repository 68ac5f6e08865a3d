/* exec_mma.c - the CPU executor's matrix-unit instructions (exec_impl.h): MMA, warp-wide on whole warps
 * (mma.c computes), and WGMMA, per warpgroup, its operands read from LDS through the descriptor
 * layouts the hardware uses (wgmma.h) or A from the lanes' registers. Results are rounded once from
 * a double evaluation; GPUs round their sums their way. */
#include <stdlib.h>
#include <string.h>

#include "exec_impl.h"
#include "mma.h"
#include "wgmma.h"

/* --- warp matrix multiply-accumulate ------------------------------------------------------------- */

/* Every warp with an active lane must have all its lanes active (the instruction is warp-wide); each
 * gathers its lanes' fragments, computes (mma.c) and writes the MMA_RESULTs that follow at p+1... */
int tlua_exec_mma(Exec *ex, const tlua_Instr *in, int r, int p, const tlua_LaneMask *m) {
  const tlua_MmaInfo *mi = tlua_mma_info(in->imm);
  const int B = ex->B, W = mi->warp, na = mi->na, nb = mi->nb, nc = mi->nc;
  const int32_t *o = OPS(ex, in), *res = &ex->ir->regions[r].instrs[p + 1];
  int active[1024 / 32];
  if (whole_warps(ex, in, m, W, "", active)) return -1;
  float a[TLUA_MMA_MAX_WARP * TLUA_MMA_MAX_FRAG], b[TLUA_MMA_MAX_WARP * TLUA_MMA_MAX_FRAG];
  float c[TLUA_MMA_MAX_WARP * TLUA_MMA_MAX_FRAG], d[TLUA_MMA_MAX_WARP * TLUA_MMA_MAX_FRAG];
  for (int w = 0; w * W < B; w++) {
    if (active[w] == 0) continue;
    const int l0 = w * W;
    for (int l = 0; l < W; l++) {
      for (int i = 0; i < na; i++) a[l * na + i] = VAL(ex, o[i])[l0 + l].f;
      for (int i = 0; i < nb; i++) b[l * nb + i] = VAL(ex, o[na + i])[l0 + l].f;
      for (int i = 0; i < nc; i++) c[l * nc + i] = VAL(ex, o[na + nb + i])[l0 + l].f;
    }
    tlua_mma_compute((tlua_MmaLayout)in->imm, a, b, c, d);
    for (int l = 0; l < W; l++)
      for (int i = 0; i < nc; i++) VAL(ex, res[i])[l0 + l].f = d[l * nc + i];
  }
  return 0;
}

/* WGMMA (wgmma.h): per warpgroup with an active lane (all 128 must be), the start offsets must be
 * the same in every lane; A and B are read from LDS through the descriptor layouts (every address
 * checked against the buffer), D = C + A*B per step, summed in double per step and rounded to f32
 * (the hardware's internal order is not specified: results agree up to f32 rounding). */
int tlua_exec_wgmma(Exec *ex, const tlua_Instr *in, int r, int p, const tlua_LaneMask *m) {
  tlua_Wgmma w;
  tlua_wgmma_unpack(in->imm, in->imm2, &w);
  const int B = ex->B, W = 32, G = TLUA_WGMMA_THREADS, nc = w.n / 2;
  const int32_t *o = OPS(ex, in), *res = &ex->ir->regions[r].instrs[p + 1];
  int active[1024 / 32];
  if (whole_warps(ex, in, m, W, "", active)) return -1;
  float *D = malloc(sizeof(float) * 64 * (size_t)w.n);
  const int KS = tlua_wgmma_k(&w), ES = tlua_wgmma_esize(&w);
  float *A = malloc(sizeof(float) * 64 * 32), *Bm = malloc(sizeof(float) * 32 * (size_t)w.n);
  if (!D || !A || !Bm) {
    free(D), free(A), free(Bm);
    return rt_error(ex, in, -1, "out of memory for a wgmma");
  }
  int rc = 0;
  for (int g0 = 0; g0 < B && !rc; g0 += G) {
    int any = 0, all = 1;
    for (int w4 = g0 / W; w4 < (g0 + G) / W; w4++) {
      if (w4 * W >= B || active[w4] == 0) all = 0;
      else any = 1;
    }
    if (!any) continue;
    if (!all) { rc = rt_error(ex, in, g0, "wgmma reached by only part of warpgroup %d (all 4 warps must execute it)", g0 / G); break; }
    /* (A from registers: no start offset; b_start's index follows A's register operands) */
    const int bop = tlua_wgmma_bop(&w);
    const tlua_Slot *sa = w.a_regs ? VAL(ex, o[bop]) : VAL(ex, o[nc]), *sb = VAL(ex, o[bop]);
    const int64_t a0 = sa[g0].i, b0 = sb[g0].i;
    for (int l = 1; l < G; l++)
      if (sa[g0 + l].i != a0 || sb[g0 + l].i != b0) {
        rc = rt_error(ex, in, g0 + l, "wgmma start offsets differ within warpgroup %d (lane %d: %lld/%lld, lane 0: %lld/%lld)",
                      g0 / G, l, (long long)sa[g0 + l].i, (long long)sb[g0 + l].i, (long long)a0, (long long)b0);
        break;
      }
    if (rc) break;
    /* gather C from the fragments (zeros when the accumulate operand says not to: scale-d 0) */
    int row, col;
    const int accumulate = !w.scale_op || VAL(ex, o[bop + 1])[g0].i != 0;
    for (int l = 0; l < G; l++)
      for (int i = 0; i < nc; i++) {
        tlua_wgmma_coord(l, i, &row, &col);
        D[row * w.n + col] = accumulate ? VAL(ex, o[i])[g0 + l].f : 0.0f;
      }
    const Target ta = target_of(ex, 1, w.a_regs ? w.lds_b : w.lds_a), tb = target_of(ex, 1, w.lds_b);
    for (int s = 0; s < w.ksteps && !rc; s++) {
      if (w.a_regs) /* A's step s from the lanes' registers: a_{8s + i} of lane l at coord(l, i) */
        for (int l = 0; l < G; l++)
          for (int i = 0; i < 8; i++) {
            tlua_wgmma_coord(l, i, &row, &col);
            A[row * KS + col] = VAL(ex, o[nc + 8 * s + i])[g0 + l].f;
          }
      for (int op = w.a_regs; op < 2 && !rc; op++) {
        const Target *t = op ? &tb : &ta;
        const int rows = op ? w.n : 64;
        for (int mn = 0; mn < rows && !rc; mn++)
          for (int k = 0; k < KS; k++) {
            int64_t at = tlua_wgmma_addr(&w, op, op ? b0 : a0, s, mn, k);
            if (at < 0 || at % ES || (uint64_t)at / (uint64_t)ES >= t->extent) {
              rc = rt_error(ex, in, g0, "wgmma %s element (%d, %d) of step %d is at byte %lld, outside LDS buffer %d (%llu bytes)",
                            op ? "B" : "A", op ? k : mn, op ? mn : k, s, (long long)at, (int)t->index,
                            (unsigned long long)t->extent * (unsigned long long)ES);
              break;
            }
            char e[320];
            if (tlua_async_busy(&ex->async) &&
                tlua_async_lds_access(&ex->async, (int)t->index, (uint64_t)at / (uint64_t)ES, 1, "wgmma reads", e, sizeof e)) {
              rc = rt_error(ex, in, g0, "%s", e);
              break;
            }
            float v;
            if (w.fp8) {
              v = tlua_fp8_to_float(t->base[at], w.fp8 == 2);
            } else {
              uint16_t h;
              memcpy(&h, t->base + at, 2);
              v = w.bf16 ? tlua_bf16_to_float(h) : tlua_half_to_float(h);
            }
            if (op) Bm[k * w.n + mn] = v;
            else A[mn * KS + k] = v;
          }
      }
      if (rc) break;
      for (int i = 0; i < 64; i++)
        for (int j = 0; j < w.n; j++) {
          double acc = D[i * w.n + j];
          for (int k = 0; k < KS; k++) acc += (double)A[i * KS + k] * (double)Bm[k * w.n + j];
          D[i * w.n + j] = (float)acc;
        }
    }
    if (rc) break;
    for (int l = 0; l < G; l++)
      for (int i = 0; i < nc; i++) {
        tlua_wgmma_coord(l, i, &row, &col);
        VAL(ex, res[i])[g0 + l].f = D[row * w.n + col];
      }
  }
  free(D), free(A), free(Bm);
  return rc;
}
