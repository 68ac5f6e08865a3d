/* codegen_hip_warp.c - the hint uniform_warp (NVIDIA): the warp index broadcast from lane 0, so that
 * ptxas knows what derives from it warp-uniform and keeps it in uniform registers (warpgroup offsets
 * of LDS tiles, wgmma descriptors) instead of one register per thread, as CUTLASS's canonical warp
 * index does. Measured: the attention forward 1.02-1.05x at D = 128, the backward (no roles) 5-8%
 * slower (bench/RESULTS.md, 2026-11-26 session 15): a hint, not the default. */
#include "codegen_hip_impl.h"

#include <stdio.h>

/* whether the hint applies: NVIDIA, the hint given, a block of whole warps */
static int applies(const Gen *g) { return g->nv && g->t->uniform_warp && g->ir->block % 32 == 0; }

void tlua_hg_warp_index_decl(Gen *g) {
  /* (at the top of the body, where every lane of the block's warps is there) */
  if (applies(g)) tlua_hg_put(&g->b, "  const int tl_wid_ = __shfl_sync(0xffffffffu, (int)(threadIdx.x >> 5), 0);\n  (void)tl_wid_;\n");
}

/* `in` divides by a multiple of 32 (an i32 division by a constant) the thread id, the thread id plus a
 * multiple of 32, or the thread id less one where every thread that runs the code is past it (a role's
 * thread id inside the role): the dividend is never negative, so the IR's truncating division is the
 * warp index's, and the quotient is the same in every lane of a warp. */
int tlua_hg_warp_index(const Gen *g, const tlua_Instr *in, char *out, size_t n) {
  const tlua_IR *ir = g->ir;
  if (!applies(g) || in->op != TLUA_OP_DIV || in->dtype != TLUA_I32) return 0;
  const int32_t *o = tlua_ir_ops(ir, in);
  const tlua_Instr *a = &ir->instrs[o[0]], *c = &ir->instrs[o[1]];
  if (c->op != TLUA_OP_CONST || c->imm <= 0 || c->imm % 32 != 0 || c->imm > 1024) return 0;
  const int w = (int)(c->imm / 32);
  int k = 0;  /* the warps taken off (negative: added) */
  if (a->op != TLUA_OP_THREAD_ID) {
    if ((a->op != TLUA_OP_SUB && a->op != TLUA_OP_ADD) || a->dtype != TLUA_I32) return 0;
    const int32_t *ao = tlua_ir_ops(ir, a);
    const tlua_Instr *t = &ir->instrs[ao[0]], *d = &ir->instrs[ao[1]];
    if (t->op != TLUA_OP_THREAD_ID || d->op != TLUA_OP_CONST || d->imm < 0 || d->imm > 1024 || d->imm % 32 != 0) return 0;
    if (a->op == TLUA_OP_SUB && g->role_first < d->imm) return 0;
    k = (int)(a->op == TLUA_OP_SUB ? d->imm / 32 : -d->imm / 32);
  }
  if (k == 0) snprintf(out, n, w == 1 ? "tl_wid_" : "tl_wid_ / %d", w);
  else if (k > 0) snprintf(out, n, w == 1 ? "tl_wid_ - %d" : "(tl_wid_ - %d) / %d", k, w);
  else snprintf(out, n, w == 1 ? "tl_wid_ + %d" : "(tl_wid_ + %d) / %d", -k, w);
  return 1;
}
