/* codegen_hip_bf16.c - NVIDIA's f32 -> bf16 conversions two at a time: two casts that follow each other in a region
 * (each of an f32 value defined before the first) become one cvt.rn.bf16x2.f32, each cast's value a half of it. ptxas
 * makes a single conversion an F2F.BF16.F32 (quarter rate, sharing exp2's pipe) and so does not pair bf16's casts as
 * it pairs f16's; tl_bf's pair of x with itself (codegen_hip_prelude.c) took the F2F away but left one F2FP a value
 * and a PRMT a pair where a wgmma A register packs two casts. A pair at the casts themselves is one F2FP for both, and
 * the packing (tl_pack2 of the two halves, in the casts' order) is the pair's own register. The f32 values die at the
 * casts as before (session 30's pairs made at the packing kept them live until the products, and spilled). */
#include "codegen_hip_impl.h"

#include <stdlib.h>

static int f32_to_bf16(const tlua_IR *ir, const tlua_Instr *in) {
  return in->op == TLUA_OP_CAST && in->dtype == TLUA_BF16 && in->nops == 1 &&
         ir->instrs[tlua_ir_ops(ir, in)[0]].dtype == TLUA_F32;
}

/* rg's instructions p and p + 1 as one pair conversion where they are two such casts (NVIDIA sm_80 on): 2 when
 * emitted, 0 when not theirs to emit. (The second cast's operand is defined before the first cast: it is an f32
 * value and the first cast's is bf16.) */
int tlua_hg_bf16_pairs_apply(const Gen *g) { return g->nv && atoi(g->t->arch + 3) >= 80; }

int tlua_hg_bf16_pair(Gen *g, const tlua_Region *rg, int p) {
  const tlua_IR *ir = g->ir;
  if (!tlua_hg_bf16_pairs_apply(g) || p + 1 >= rg->n) return 0;
  const int a = rg->instrs[p], b = rg->instrs[p + 1];
  const tlua_Instr *ia = &ir->instrs[a], *ib = &ir->instrs[b];
  if (!f32_to_bf16(ir, ia) || !f32_to_bf16(ir, ib)) return 0;
  const char *T = ctype(g, TLUA_BF16);
  STMT(g, ia, "const unsigned int v%d_2 = tl_bf2(v%d, v%d);\n", a, tlua_ir_ops(ir, ia)[0], tlua_ir_ops(ir, ib)[0]);
  STMT(g, ia, "const %s v%d = __ushort_as_bfloat16((unsigned short)v%d_2);\n", T, a, a);
  STMT(g, ib, "const %s v%d = __ushort_as_bfloat16((unsigned short)(v%d_2 >> 16));\n", T, b, a);
  return 2;
}
