/* wgmma.c - packing and operand addresses of TLUA_OP_WGMMA (wgmma.h). */
#include "wgmma.h"

#define F16(x) ((x) % 16 == 0 && (x) >= 0 && (x) < (1 << 18))

int tlua_wgmma_pack(const tlua_Wgmma *w, int64_t *imm, int64_t *imm2) {
  if (w->lds_a < 0 || w->lds_a > 15 || w->lds_b < 0 || w->lds_b > 15 || w->n < 8 || w->n > TLUA_WGMMA_MAX_N ||
      w->n % 8 || w->ksteps < 1 || w->ksteps > 31 || !F16(w->a_step) || !F16(w->b_step) || !F16(w->a_lbo) ||
      !F16(w->a_sbo) || !F16(w->b_lbo) || !F16(w->b_sbo) || w->fp8 < 0 || w->fp8 > 2 || w->pending < 0 ||
      w->pending > TLUA_WGMMA_MAX_PENDING ||
      (w->fp8 && (w->trans_a || w->trans_b || w->bf16)) || (w->a_regs && (w->fp8 || w->trans_a)))
    return -1;
  *imm = (int64_t)w->lds_a | (int64_t)w->lds_b << 4 | (int64_t)(w->n / 8) << 8 | (int64_t)(w->bf16 != 0) << 14 |
         (int64_t)(w->trans_a != 0) << 15 | (int64_t)(w->trans_b != 0) << 16 | (int64_t)w->ksteps << 17 |
         (int64_t)(w->a_step >> 4) << 22 | (int64_t)(w->b_step >> 4) << 36 | (int64_t)(w->pending & 1) << 50 |
         (int64_t)(w->scale_op != 0) << 51 | (int64_t)w->fp8 << 52 | (int64_t)(w->pending >> 1) << 54 |
         (int64_t)(w->a_regs != 0) << 56;
  *imm2 = (int64_t)(w->a_lbo >> 4) | (int64_t)(w->a_sbo >> 4) << 14 | (int64_t)(w->b_lbo >> 4) << 28 |
          (int64_t)(w->b_sbo >> 4) << 42;
  return 0;
}

int tlua_wgmma_unpack(int64_t imm, int64_t imm2, tlua_Wgmma *w) {
  if (imm < 0 || imm >= (int64_t)1 << 57 || imm2 < 0 || imm2 >= (int64_t)1 << 56) return -1;
  w->a_regs = (int)(imm >> 56 & 1);
  w->fp8 = (int)(imm >> 52 & 3);
  w->pending = (int)(imm >> 50 & 1) | (int)(imm >> 54 & 3) << 1;
  w->scale_op = (int)(imm >> 51 & 1);
  w->lds_a = (int)(imm & 15);
  w->lds_b = (int)(imm >> 4 & 15);
  w->n = (int)(imm >> 8 & 63) * 8;
  w->bf16 = (int)(imm >> 14 & 1);
  w->trans_a = (int)(imm >> 15 & 1);
  w->trans_b = (int)(imm >> 16 & 1);
  w->ksteps = (int)(imm >> 17 & 31);
  w->a_step = (int)(imm >> 22 & 0x3FFF) << 4;
  w->b_step = (int)(imm >> 36 & 0x3FFF) << 4;
  w->a_lbo = (int)(imm2 & 0x3FFF) << 4;
  w->a_sbo = (int)(imm2 >> 14 & 0x3FFF) << 4;
  w->b_lbo = (int)(imm2 >> 28 & 0x3FFF) << 4;
  w->b_sbo = (int)(imm2 >> 42 & 0x3FFF) << 4;
  if (w->n < 8 || w->n > TLUA_WGMMA_MAX_N || w->ksteps < 1 || w->fp8 > 2 || (w->a_regs && (w->fp8 || w->trans_a))) return -1;
  return 0;
}

int64_t tlua_wgmma_swizzle(int64_t a) { return a ^ (((a >> 7) & 7) << 4); }
#define swz tlua_wgmma_swizzle

void tlua_wgmma_coord(int lane, int i, int *row, int *col) {
  const int w = lane / 32, g = lane % 32 / 4, t = lane % 4;
  *row = 16 * w + g + 8 * ((i >> 1) & 1);
  *col = 8 * (i >> 2) + 2 * t + (i & 1);
}

int64_t tlua_wgmma_addr(const tlua_Wgmma *w, int b, int64_t start, int s, int mn, int k) {
  const int trans = b ? w->trans_b : w->trans_a;
  const int64_t lbo = b ? w->b_lbo : w->a_lbo, sbo = b ? w->b_sbo : w->a_sbo;
  const int64_t base = start + (int64_t)s * (b ? w->b_step : w->a_step);
  if (!trans) return swz(base + (mn / 8) * sbo + (mn % 8) * 128 + tlua_wgmma_esize(w) * k);
  return swz(base + (mn / 64) * lbo + (k / 8) * sbo + (k % 8) * 128 + 2 * (mn % 64));
}
