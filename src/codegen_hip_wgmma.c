/* codegen_hip_wgmma.c - the HIP generator's warpgroup MMAs (TLUA_OP_WGMMA, wgmma.h): NVIDIA
 * wgmma.mma_async with the operands read from LDS through 64-bit matrix descriptors, or A from
 * registers (a_regs: each step's eight 16-bit values packed into four 32-bit registers, tl_pack2)
 * (sm_90a; the launcher compiles a kernel that has one for sm_90a on a compute capability 9.0 device).
 *
 * One WGMMA becomes: the accumulators copied into the result variables (or, from the constant zeros,
 * left undefined, the first step not accumulating: scale-d 0; or, for a loop-carried
 * accumulator that only this WGMMA reads and whose result goes back into the same carry, the result
 * declared as a reference to it: the matrix units then accumulate in place, and no other instruction
 * defines those registers while a group is in flight, which ptxas requires to keep wgmma groups
 * pipelined instead of serializing them, its warning C7515), an empty asm on each (so
 * the compiler keeps its own accesses out of the asynchronous region), wgmma.fence, ksteps
 * wgmma.mma_async on descriptors advanced by the step (in 16-byte units: the start field), then
 * commit_group, wait_group 0 and the empty asm again. The LDS writes a WGMMA reads are ordered
 * before it by fence.proxy.async.shared::cta in front of every barrier (codegen_hip.c). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codegen_hip_impl.h"
#include "wgmma.h"

void tlua_hg_wgmma_prelude(Gen *g) {
  put(&g->b, "static __device__ __forceinline__ unsigned long long tl_wgmma_desc(unsigned int addr, unsigned int lbo, "
             "unsigned int sbo) {\n"
             "  return (unsigned long long)((addr & 0x3FFFF) >> 4) | ((unsigned long long)((lbo & 0x3FFFF) >> 4) << 16) |\n"
             "         ((unsigned long long)((sbo & 0x3FFFF) >> 4) << 32) | (1ull << 62); /* 128-byte swizzle */\n"
             "}\n");
  /* two 16-bit values in one 32-bit register (the low half first): A's registers of a wgmma, where
     the kernel has one with A in registers */
  if (!g->uses_wgmma_rs) return;
  if (g->uses_f16)
    put(&g->b, "static __device__ __forceinline__ unsigned int tl_pack2(__half lo, __half hi) {\n"
               "  return (unsigned int)__half_as_ushort(lo) | ((unsigned int)__half_as_ushort(hi) << 16);\n}\n");
  if (g->uses_bf16)
    put(&g->b, "static __device__ __forceinline__ unsigned int tl_pack2(__nv_bfloat16 lo, __nv_bfloat16 hi) {\n"
               "  return (unsigned int)__bfloat16_as_ushort(lo) | ((unsigned int)__bfloat16_as_ushort(hi) << 16);\n}\n");
}

/* the empty asm that pins every result variable at this point (def: it defines them, their values
   until then unused) */
static void pin(Gen *g, const int32_t *res, int nc, int def) {
  for (int i = 0; i < nc; i += 8) {
    indent(g);
    line_text(g, "asm volatile(\"\" :");
    for (int j = i; j < nc && j < i + 8; j++) line_text(g, "%s \"%sf\"(v%d)", j > i ? "," : "", def ? "=" : "+", res[j]);
    line_text(g, " :: \"memory\");\n");
  }
}

/* The loop carry accumulator operand c can be updated in place through (a reference to it), or -1:
 * c is this WGMMA's alone (its only reader) and is a loop carry, or the in-place result of an
 * earlier WGMMA on one (a chain of K steps in a loop body). The yields know (g->root). */
static int in_place_root(const Gen *g, int c) {
  const tlua_IR *ir = g->ir;
  if (g->uses[c] != 1) return -1;
  if (ir->instrs[c].op == TLUA_OP_LOOP_CARRY) return c;
  return g->root[c];
}

/* Whether the nc accumulator operands are all the constant +0.0 (a product started from zeros,
 * without a run-time accumulate operand): the first step then multiplies without accumulating
 * (scale-d 0) and the results need no zeros of their own (the 64 moves a m64n128 chain would
 * otherwise spend filling its registers before it starts). */
static int zero_start(const Gen *g, const tlua_Wgmma *w, const int32_t *o, int nc) {
  if (w->scale_op) return 0;
  for (int i = 0; i < nc; i++) {
    const tlua_Instr *c = &g->ir->instrs[o[i]];
    if (c->op != TLUA_OP_CONST || c->fimm != 0.0 || signbit(c->fimm)) return 0;
  }
  return 1;
}

int tlua_hg_wgmma(Gen *g, const tlua_Region *rg, int p, const tlua_Instr *in) {
  const tlua_IR *ir = g->ir;
  const int32_t *o = tlua_ir_ops(ir, in);
  tlua_Wgmma w;
  if (tlua_wgmma_unpack(in->imm, in->imm2, &w)) return fail(g, in, "wgmma: bad immediates");
  if (!g->nv || strncmp(g->t->arch, "sm_90", 5) != 0 || (g->t->arch[5] && strcmp(g->t->arch + 5, "a") != 0))
    return fail(g, in, "not available on %s: wgmma (warpgroup MMA from LDS) exists on NVIDIA sm_90 (Hopper) only: "
                "use a tile config without wgmma for this target", g->t->arch);
  const int nc = w.n / 2;
  const char *dn = w.fp8 == 1 ? "e4m3" : w.fp8 == 2 ? "e5m2" : w.bf16 ? "bf16" : "f16";
  const int32_t *res = &rg->instrs[p + 1];
  const int zero = zero_start(g, &w, o, nc);
  STMT(g, in, "float");
  for (int i = 0; i < nc; i++) {
    const int root = zero ? -1 : in_place_root(g, o[i]);
    g->root[res[i]] = root;
    if (zero) line_text(g, "%s v%d", i ? "," : "", res[i]);
    else line_text(g, "%s %sv%d = v%d", i ? "," : "", root >= 0 ? "&" : "", res[i], o[i]);
  }
  line_text(g, ";\n");
  indent(g);
  line_text(g, "{\n");
  g->depth++;
  const int bop = tlua_wgmma_bop(&w);
  if (!w.a_regs) {
    indent(g);
    line_text(g, "const unsigned long long da_ = tl_wgmma_desc((unsigned int)__cvta_generic_to_shared(lds%d) + "
              "(unsigned int)v%d, %d, %d);\n", w.lds_a, o[nc], w.a_lbo, w.a_sbo);
  } else {
    /* A from registers: step s's eight 16-bit values a_{8s..8s+7} as four pairs, pinned (an empty asm)
       so that the compiler writes them before the wgmma.fence below, as the PTX rules ask (a pair
       k:range carries packed in 32 bits and unpacks: NVRTC folds the packing back into its register) */
    for (int s = 0; s < w.ksteps; s++) {
      indent(g);
      line_text(g, "unsigned int");
      for (int j = 0; j < 4; j++)
        line_text(g, "%s a%d_%d = tl_pack2(v%d, v%d)", j ? "," : "", s, j, o[nc + 8 * s + 2 * j], o[nc + 8 * s + 2 * j + 1]);
      line_text(g, ";\n");
      indent(g);
      line_text(g, "asm volatile(\"\" : \"+r\"(a%d_0), \"+r\"(a%d_1), \"+r\"(a%d_2), \"+r\"(a%d_3) :: \"memory\");\n", s, s, s, s);
    }
  }
  indent(g);
  line_text(g, "const unsigned long long db_ = tl_wgmma_desc((unsigned int)__cvta_generic_to_shared(lds%d) + "
            "(unsigned int)v%d, %d, %d);\n", w.lds_b, o[bop], w.b_lbo, w.b_sbo);
  pin(g, res, nc, zero);
  indent(g);
  line_text(g, "asm volatile(\"wgmma.fence.sync.aligned;\" ::: \"memory\");\n");
  for (int s = 0; s < w.ksteps; s++) {
    indent(g);
    /* (inputs after the nc accumulators: A's descriptor or its four registers, B's descriptor, scale-d) */
    const int na = w.a_regs ? 4 : 1;
    line_text(g, "asm volatile(\"{\\n.reg .pred p;\\nsetp.ne.b32 p, %%%d, 0;\\n"
              "wgmma.mma_async.sync.aligned.m64n%dk%d.f32.%s.%s {", nc + na + 1, w.n, tlua_wgmma_k(&w), dn, dn);
    for (int i = 0; i < nc; i++) line_text(g, "%s%%%d", i ? ", " : "", i);
    /* 8-bit inputs are K-major only: the instruction has no transpose immediates; A in registers has
       only B's */
    if (w.fp8) line_text(g, "}, %%%d, %%%d, p, 1, 1;\\n}\\n\"\n", nc, nc + 1);
    else if (w.a_regs)
      line_text(g, "}, {%%%d, %%%d, %%%d, %%%d}, %%%d, p, 1, 1, %d;\\n}\\n\"\n", nc, nc + 1, nc + 2, nc + 3, nc + 4, w.trans_b);
    else line_text(g, "}, %%%d, %%%d, p, 1, 1, %d, %d;\\n}\\n\"\n", nc, nc + 1, w.trans_a, w.trans_b);
    indent(g);
    line_text(g, "    :");
    for (int i = 0; i < nc; i++) line_text(g, "%s \"+f\"(v%d)", i ? "," : "", res[i]);
    line_text(g, "\n");
    indent(g);
    /* scale-d: the accumulate operand on the first step (the later ones add to its result) */
    char scale[32] = "1";
    if (zero && s == 0) strcpy(scale, "0");
    else if (w.scale_op && s == 0) snprintf(scale, sizeof scale, "(int)(v%d != 0)", o[bop + 1]);
    if (w.a_regs)
      line_text(g, "    : \"r\"(a%d_0), \"r\"(a%d_1), \"r\"(a%d_2), \"r\"(a%d_3), \"l\"(db_ + %dull), \"r\"(%s));\n", s, s, s, s,
                s * (w.b_step >> 4), scale);
    else
      line_text(g, "    : \"l\"(da_ + %dull), \"l\"(db_ + %dull), \"r\"(%s));\n", s * (w.a_step >> 4), s * (w.b_step >> 4),
                scale);
  }
  indent(g);
  line_text(g, "asm volatile(\"wgmma.commit_group.sync.aligned;\" ::: \"memory\");\n");
  indent(g);
  line_text(g, "asm volatile(\"wgmma.wait_group.sync.aligned %d;\" ::: \"memory\");\n", w.pending);
  pin(g, res, nc, 0);
  g->depth--;
  indent(g);
  line_text(g, "}\n");
  return 0;
}
