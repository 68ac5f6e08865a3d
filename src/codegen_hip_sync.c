/* codegen_hip_sync.c - the HIP generator's atomics (exact order and scope per vendor), warp
 * shuffles (sized by the target's warp) and warp MMAs (mma.sync / MFMA). The mapping is described
 * at the top of codegen_hip.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codegen_hip_impl.h"
#include "mma.h"

/* --- atomics -------------------------------------------------------------------------------------- */

static const char *const ptx_sem[] = {"relaxed", "acquire", "release", "acq_rel"};
static const char *const ptx_scope[] = {"cta", "gpu", "sys"};
static const char *const hip_order[] = {"__ATOMIC_RELAXED", "__ATOMIC_ACQUIRE", "__ATOMIC_RELEASE", "__ATOMIC_ACQ_REL"};
static const char *const hip_scope[] = {"__HIP_MEMORY_SCOPE_WORKGROUP", "__HIP_MEMORY_SCOPE_AGENT", "__HIP_MEMORY_SCOPE_SYSTEM"};

/* The statement body (no declaration) of atomic `in` for NVIDIA; `old` names the result variable or
 * is NULL when unused. ptr is the element's address expression. */
static int atomic_nv(Gen *g, const tlua_Instr *in, int dt, const char *ptr, const char *v, const char *cmp,
                     const char *old, char *out, size_t n) {
  const int w = dsize(dt), aop = in->atomic_op;
  const char *sem = ptx_sem[in->order], *scope = ptx_scope[in->scope];
  const int fl = dt == TLUA_F32 || dt == TLUA_F64;
  const char *rc = w == 8 ? "l" : "r";                     /* integer / bit-pattern constraint */
  const char *bits = w == 8 ? "unsigned long long" : "unsigned int";
  const char *to_bits = dt == TLUA_F64 ? "__double_as_longlong" : "__float_as_uint";
  const char *from_bits = dt == TLUA_F64 ? "__longlong_as_double" : "__uint_as_float";
  if (fl && (aop == TLUA_ATOMIC_MIN || aop == TLUA_ATOMIC_MAX)) {
    /* no atom.min/max on floats before PTX 8.1: a compare-and-swap loop on the bit pattern */
    snprintf(out, n,
             "%s* p_ = (%s*)%s; %s e_ = *(volatile %s*)p_, g_;\n"
             "for (;;) { const %s n_ = (%s)%s(%s(%s(e_), %s)); "
             "asm volatile(\"atom.cas.%s.%s.b%d %%0, [%%1], %%2, %%3;\" : \"=%s\"(g_) : \"l\"(p_), \"%s\"(e_), \"%s\"(n_) : \"memory\"); "
             "if (g_ == e_) break; e_ = g_; }%s%s%s%s%s",
             bits, bits, ptr, bits, bits, bits, bits, to_bits,
             aop == TLUA_ATOMIC_MAX ? (dt == TLUA_F64 ? "fmax" : "fmaxf") : (dt == TLUA_F64 ? "fmin" : "fminf"),
             from_bits, v, sem, scope, w * 8, rc, rc, rc,
             old ? "\n" : "", old ? old : "", old ? " = " : "", old ? from_bits : "", old ? "(e_);" : "");
    return 0;
  }
  const char *opn, *ty;
  char tyb[8];
  switch (aop) {
  case TLUA_ATOMIC_ADD: opn = "add"; break;
  case TLUA_ATOMIC_AND: opn = "and"; break;
  case TLUA_ATOMIC_OR: opn = "or"; break;
  case TLUA_ATOMIC_XOR: opn = "xor"; break;
  case TLUA_ATOMIC_MAX: opn = "max"; break;
  case TLUA_ATOMIC_MIN: opn = "min"; break;
  case TLUA_ATOMIC_XCHG: opn = "exch"; break;
  default: opn = "cas"; break;
  }
  if (fl && aop != TLUA_ATOMIC_ADD && aop != TLUA_ATOMIC_XCHG && aop != TLUA_ATOMIC_CAS)
    return fail(g, in, "atomic %s is not defined on %s", opn, ctype(g, dt));
  if (aop == TLUA_ATOMIC_ADD) {
    if (fl) ty = dt == TLUA_F64 ? "f64" : "f32";
    else ty = w == 8 ? "u64" : dt == TLUA_I32 ? "s32" : "u32";
  } else if (aop == TLUA_ATOMIC_MIN || aop == TLUA_ATOMIC_MAX) {
    snprintf(tyb, sizeof tyb, "%c%d", is_signed_int(dt) ? 's' : 'u', w * 8);
    ty = tyb;
  } else {
    snprintf(tyb, sizeof tyb, "b%d", w * 8);
    ty = tyb;
  }
  /* value constraints: floats pass their own register class for add, bits otherwise */
  const int float_regs = fl && aop == TLUA_ATOMIC_ADD;
  const char *vc = float_regs ? (dt == TLUA_F64 ? "d" : "f") : rc;
  char vx[96], cx[96];
  if (fl && !float_regs) {
    snprintf(vx, sizeof vx, "%s(%s)", to_bits, v);
    snprintf(cx, sizeof cx, "%s(%s)", to_bits, cmp ? cmp : "0");
  } else {
    snprintf(vx, sizeof vx, "%s", v);
    snprintf(cx, sizeof cx, "%s", cmp ? cmp : "0");
  }
  if (!old && aop != TLUA_ATOMIC_CAS && aop != TLUA_ATOMIC_XCHG &&
      (in->order == TLUA_ORDER_RELAXED || in->order == TLUA_ORDER_RELEASE)) {
    snprintf(out, n, "asm volatile(\"red.%s.%s.%s.%s [%%0], %%1;\" :: \"l\"(%s), \"%s\"(%s) : \"memory\");",
             sem, scope, opn, ty, ptr, vc, vx);
    return 0;
  }
  const char *dc = vc;
  char dst[96];
  if (fl && !float_regs) snprintf(dst, sizeof dst, "o_");
  else snprintf(dst, sizeof dst, "%s", old ? old : "o_");
  char pre[96] = "", post[128] = "";
  if (!old || (fl && !float_regs)) snprintf(pre, sizeof pre, "%s o_; ", float_regs ? ctype(g, dt) : bits);
  if (old && fl && !float_regs) snprintf(post, sizeof post, " %s = %s(o_);", old, from_bits);
  if (aop == TLUA_ATOMIC_CAS)
    snprintf(out, n, "%sasm volatile(\"atom.%s.%s.cas.%s %%0, [%%1], %%2, %%3;\" : \"=%s\"(%s) : \"l\"(%s), \"%s\"(%s), \"%s\"(%s) : \"memory\");%s",
             pre, sem, scope, ty, dc, dst, ptr, vc, cx, vc, vx, post);
  else
    snprintf(out, n, "%sasm volatile(\"atom.%s.%s.%s.%s %%0, [%%1], %%2;\" : \"=%s\"(%s) : \"l\"(%s), \"%s\"(%s) : \"memory\");%s",
             pre, sem, scope, opn, ty, dc, dst, ptr, vc, vx, post);
  return 0;
}

static int atomic_amd(Gen *g, const tlua_Instr *in, int dt, const char *ptr, const char *v, const char *cmp,
                      const char *old, char *out, size_t n) {
  const char *ord = hip_order[in->order], *sc = hip_scope[in->scope];
  const char *lhs = old ? old : "(void)";
  if (in->atomic_op == TLUA_ATOMIC_CAS) {
    /* the failure order may not release */
    const char *ford = in->order == TLUA_ORDER_ACQ_REL ? "__ATOMIC_ACQUIRE" :
                       in->order == TLUA_ORDER_RELEASE ? "__ATOMIC_RELAXED" : ord;
    snprintf(out, n, "%s e_ = %s; __hip_atomic_compare_exchange_strong(%s, &e_, %s, %s, %s, %s);%s%s%s",
             ctype(g, dt), cmp, ptr, v, ord, ford, sc, old ? " " : "", old ? old : "", old ? " = e_;" : "");
    return 0;
  }
  static const char *const fns[] = {"__hip_atomic_fetch_add", "__hip_atomic_fetch_and", "__hip_atomic_fetch_or",
                                    "__hip_atomic_fetch_xor", "__hip_atomic_fetch_max", "__hip_atomic_fetch_min",
                                    "__hip_atomic_exchange"};
  if (is_float(dt) && in->atomic_op >= TLUA_ATOMIC_AND && in->atomic_op <= TLUA_ATOMIC_XOR)
    return fail(g, in, "atomic bit operation on %s", ctype(g, dt));
  snprintf(out, n, "%s%s%s(%s, %s, %s, %s);", lhs, old ? " = " : "", fns[in->atomic_op], ptr, v, ord, sc);
  return 0;
}

int emit_atomic(Gen *g, int id, const tlua_Instr *in) {
  tlua_MemOperands mo;
  if (tlua_ir_mem_operands(g->ir, in, &mo)) return fail(g, in, "bad atomic operands");
  const int lds = in->space == TLUA_SPACE_LDS;
  const int dt = mem_dtype(g, lds, in->imm);
  if (dsize(dt) < 4 || dt == TLUA_BOOL)
    return fail(g, in, "atomics on %s are not generated yet (only 32- and 64-bit types)", ctype(g, dt));
  if (in->order > TLUA_ORDER_ACQ_REL || in->scope > TLUA_SCOPE_SYSTEM || in->atomic_op > TLUA_ATOMIC_CAS)
    return fail(g, in, "bad atomic order, scope or op");
  char tn[80], ptr[128], v[24], cmp[24], old[24], body[1024];
  target_name(g, lds, in->imm, tn, sizeof tn);
  snprintf(ptr, sizeof ptr, "&%s[v%d]", tn, mo.offset);
  snprintf(v, sizeof v, "v%d", mo.value);
  snprintf(cmp, sizeof cmp, "v%d", mo.cmp);
  snprintf(old, sizeof old, "v%d", id);
  const int want = in->want_old && in->has_value;
  int rc = g->nv ? atomic_nv(g, in, dt, ptr, v, mo.cmp >= 0 ? cmp : NULL, want ? old : NULL, body, sizeof body)
                 : atomic_amd(g, in, dt, ptr, v, mo.cmp >= 0 ? cmp : "0", want ? old : NULL, body, sizeof body);
  if (rc) return -1;
  if (want) STMT(g, in, "%s v%d = 0;\n", ctype(g, dt), id);
  else line_dir(g, in);
  indent(g);
  if (mo.mask >= 0) line_text(g, "if (v%d) {\n", mo.mask);
  else line_text(g, "{\n");
  g->depth++;
  /* the body may span lines: indent each */
  for (char *s = body, *e; s && *s; s = e ? e + 1 : NULL) {
    e = strchr(s, '\n');
    indent(g);
    line_text(g, "%.*s\n", e ? (int)(e - s) : (int)strlen(s), s);
  }
  g->depth--;
  indent(g);
  line_text(g, "}\n");
  return 0;
}

/* --- shuffles ------------------------------------------------------------------------------------- */

int emit_shuffle(Gen *g, int id, const tlua_Instr *in) {
  const int32_t *o = tlua_ir_ops(g->ir, in);
  const int dt = in->dtype, w = g->ir->warp;
  if (w > g->t->warp_size)
    return fail(g, in, "traced for warp %d but target %s runs warps of %d: trace it with warp = %d",
                w, g->t->arch, g->t->warp_size, g->t->warp_size);
  const char *carrier;
  switch (dt) {
  case TLUA_F32: case TLUA_F16: case TLUA_BF16: case TLUA_F8E4M3: case TLUA_F8E5M2: carrier = "float"; break;
  case TLUA_F64: carrier = "double"; break;
  case TLUA_U32: carrier = "unsigned int"; break;
  case TLUA_I64: carrier = "long long"; break;
  case TLUA_U64: carrier = "unsigned long long"; break;
  default: carrier = "int"; break;
  }
  char x[64], call[192], wd[16] = "";
  if (is_small_float(dt)) snprintf(x, sizeof x, "tl_f(v%d)", o[0]);
  else snprintf(x, sizeof x, "(%s)v%d", carrier, o[0]);
  if (w < g->t->warp_size) snprintf(wd, sizeof wd, ", %d", w);
  if (in->op == TLUA_OP_SHFL_XOR) {
    if (g->nv) snprintf(call, sizeof call, "__shfl_xor_sync(0xffffffffu, %s, %d%s)", x, (int)in->imm, wd);
    else snprintf(call, sizeof call, "__shfl_xor(%s, %d%s)", x, (int)in->imm, wd);
  } else {
    if (g->nv) snprintf(call, sizeof call, "__shfl_sync(0xffffffffu, %s, (int)(v%d & %d), %d)", x, o[1], w - 1, w);
    else snprintf(call, sizeof call, "__shfl(%s, (int)(v%d & %d), %d)", x, o[1], w - 1, w);
  }
  if (dt == TLUA_F16) STMT(g, in, "__half v%d = tl_h(%s);\n", id, call);
  else if (dt == TLUA_BF16 || tlua_dtype_is_fp8(dt)) STMT(g, in, "%s v%d = %s(%s);\n", ctype(g, dt), id, small_ctor(dt), call);
  else if (dt == TLUA_BOOL) STMT(g, in, "bool v%d = %s != 0;\n", id, call);
  else STMT(g, in, "%s v%d = (%s)%s;\n", ctype(g, dt), id, ctype(g, dt), call);
  return 0;
}

/* --- warp matrix multiply-accumulate -------------------------------------------------------------- */

void tlua_hg_mma_prelude(Gen *g) {
  if (g->nv) return;  /* NVIDIA: inline PTX on .b32 registers, no types needed */
  put(&g->b, "typedef _Float16 tl_mma_h4 __attribute__((ext_vector_type(4)));\n"
             "typedef short tl_mma_s4 __attribute__((ext_vector_type(4)));\n"
             "typedef float tl_mma_f4 __attribute__((ext_vector_type(4)));\n"
             "typedef float tl_mma_f16 __attribute__((ext_vector_type(16)));\n");
}

/* AMD targets with the MFMA instructions used here: f16 from gfx908, the bf16 "_1k" forms from gfx90a. */
static int amd_has_mfma(const char *arch, int bf16) {
  static const char *const f16_archs[] = {"gfx908", "gfx90a", "gfx940", "gfx941", "gfx942"};
  for (size_t i = 0; i < sizeof f16_archs / sizeof f16_archs[0]; i++)
    if (!strcmp(arch, f16_archs[i])) return !bf16 || i > 0;
  return 0;
}

/* The statement of operand element k (a or b) as the instruction wants it. */
static void frag_bits(const Gen *g, int dt, int v, char *out, size_t n) {
  if (g->nv) snprintf(out, n, "(unsigned int)%s(v%d)", dt == TLUA_F16 ? "__half_as_ushort" : "__bfloat16_as_ushort", v);
  else if (dt == TLUA_F16) snprintf(out, n, "(_Float16)tl_f(v%d)", v);
  else snprintf(out, n, "(short)v%d.bits", v);
}

int emit_mma(Gen *g, const tlua_Region *rg, int p, const tlua_Instr *in) {
  const tlua_IR *ir = g->ir;
  const int32_t *o = tlua_ir_ops(ir, in);
  const tlua_MmaInfo *mi = tlua_mma_info(in->imm);
  if (!mi) return fail(g, in, "mma: unknown layout %d", (int)in->imm);
  const char *vendor = mi->amd ? "AMD" : "NVIDIA", *tv = g->nv ? "NVIDIA" : "AMD";
  if (mi->warp != g->t->warp_size)
    return fail(g, in, "mma %s (%s) traced for warp %d but target %s runs warps of %d: trace it with warp = %d "
                "and a tl.mma_shape for that target", mi->name, vendor, mi->warp, g->t->arch, g->t->warp_size,
                g->t->warp_size);
  if (mi->amd == g->nv)
    return fail(g, in, "mma %s is an %s layout (traced for warp %d) and has no instruction on %s (%s): use a "
                "tl.mma_shape with target = \"%s\"", mi->name, vendor, mi->warp, g->t->arch, tv, g->nv ? "nvidia" : "amd");
  const int dt = ir->instrs[o[0]].dtype, na = mi->na, nb = mi->nb, nc = mi->nc;
  const char *dn = dt == TLUA_F16 ? "f16" : "bf16";
  if (g->nv && atoi(g->t->arch + 3) < 80)
    return fail(g, in, "not available on %s: mma.sync %s with %s inputs needs sm_80 or newer", g->t->arch, mi->name, dn);
  if (!g->nv && !amd_has_mfma(g->t->arch, dt == TLUA_BF16))
    return fail(g, in, "not available on %s: the MFMA %s with %s inputs needs %s", g->t->arch, mi->name, dn,
                dt == TLUA_BF16 ? "gfx90a or gfx94x" : "gfx908, gfx90a or gfx94x");
  const int32_t *res = &rg->instrs[p + 1];
  char e[96];
  STMT(g, in, "float");
  for (int i = 0; i < nc; i++) line_text(g, "%s v%d", i ? "," : "", res[i]);
  line_text(g, ";\n");
  indent(g);
  line_text(g, "{\n");
  g->depth++;
  if (g->nv) {
    /* pairs of 16-bit elements in .b32 registers, the lower element in the low half */
    for (int q = 0; q < 2; q++) {
      const int base = q ? na : 0, cnt = q ? nb : na;
      for (int j = 0; j < cnt / 2; j++) {
        indent(g);
        frag_bits(g, dt, o[base + 2 * j], e, sizeof e);
        line_text(g, "const unsigned int %c%d_ = %s", q ? 'b' : 'a', j, e);
        frag_bits(g, dt, o[base + 2 * j + 1], e, sizeof e);
        line_text(g, " | (%s << 16);\n", e);
      }
    }
    indent(g);
    line_text(g, "asm(\"mma.sync.aligned.m16n8k16.row.col.f32.%s.%s.f32 {%%0, %%1, %%2, %%3}, "
              "{%%4, %%5, %%6, %%7}, {%%8, %%9}, {%%10, %%11, %%12, %%13};\"\n", dn, dn);
    indent(g);
    line_text(g, "    : \"=f\"(v%d), \"=f\"(v%d), \"=f\"(v%d), \"=f\"(v%d)\n", res[0], res[1], res[2], res[3]);
    indent(g);
    line_text(g, "    : \"r\"(a0_), \"r\"(a1_), \"r\"(a2_), \"r\"(a3_), \"r\"(b0_), \"r\"(b1_), "
              "\"f\"(v%d), \"f\"(v%d), \"f\"(v%d), \"f\"(v%d));\n", o[na + nb], o[na + nb + 1], o[na + nb + 2],
              o[na + nb + 3]);
  } else {
    const char *vt = dt == TLUA_F16 ? "tl_mma_h4" : "tl_mma_s4", *ct = nc == 16 ? "tl_mma_f16" : "tl_mma_f4";
    for (int q = 0; q < 2; q++) {
      const int base = q ? na : 0, cnt = q ? nb : na;
      indent(g);
      line_text(g, "const %s %c_ = {", vt, q ? 'b' : 'a');
      for (int j = 0; j < cnt; j++) {
        frag_bits(g, dt, o[base + j], e, sizeof e);
        line_text(g, "%s%s", j ? ", " : "", e);
      }
      line_text(g, "};\n");
    }
    indent(g);
    line_text(g, "%s c_ = {", ct);
    for (int j = 0; j < nc; j++) line_text(g, "%sv%d", j ? ", " : "", o[na + nb + j]);
    line_text(g, "};\n");
    indent(g);
    line_text(g, "c_ = __builtin_amdgcn_mfma_f32_%dx%dx%d%s(a_, b_, c_, 0, 0, 0);\n", mi->m, mi->n, mi->k,
              dt == TLUA_F16 ? "f16" : "bf16_1k");
    indent(g);
    for (int j = 0; j < nc; j++) line_text(g, "v%d = c_[%d];%s", res[j], j, j + 1 < nc ? " " : "\n");
  }
  g->depth--;
  indent(g);
  line_text(g, "}\n");
  return 0;
}

/* --- warp matrix loads from LDS ----------------------------------------------------------------------- */

/* The LDS_MATRIX group at position p of region rg (ir.h): NVIDIA sm_75+ -> one ldmatrix.x1/x2/x4
 * (.trans); elsewhere every element reads the row offset of the lane that supplies its row through a
 * shuffle and loads from LDS, which is the instruction's definition. Returns the group's length. */
int emit_lds_matrix(Gen *g, const tlua_Region *rg, int p) {
  const tlua_IR *ir = g->ir;
  const tlua_Instr *in0 = &ir->instrs[rg->instrs[p]];
  const int n = in0->vec, nm = n / 2, trans = in0->imm2 != 0, dt = in0->dtype;
  const int32_t row = tlua_ir_ops(ir, in0)[0];
  const char *T = ctype(g, dt);
  char tn[80];
  target_name(g, 1, in0->imm, tn, sizeof tn);
  if (g->t->warp_size != 32 || ir->warp != 32)
    return fail(g, in0, "lds_matrix traced for warp %d but target %s runs warps of %d (the 8x8 matrix loads "
                "need warps of 32)", (int)ir->warp, g->t->arch, g->t->warp_size);
  STMT(g, in0, "%s", "");
  for (int e = 0; e < n; e++) line_text(g, "%s v%d;%s", T, rg->instrs[p + e], e + 1 < n ? " " : "\n");
  indent(g);
  line_text(g, "{\n");
  g->depth++;
  if (g->nv && atoi(g->t->arch + 3) >= 75) {
    indent(g);
    line_text(g, "unsigned int m_[%d];\n", nm);
    indent(g);
    line_text(g, "asm volatile(\"ldmatrix.sync.aligned.m8n8.x%d%s.shared.b16 {", nm, trans ? ".trans" : "");
    for (int k = 0; k < nm; k++) line_text(g, "%s%%%d", k ? ", " : "", k);
    line_text(g, "}, [%%%d];\"\n", nm);
    indent(g);
    line_text(g, "    :");
    for (int k = 0; k < nm; k++) line_text(g, "%s \"=r\"(m_[%d])", k ? "," : "", k);
    line_text(g, " : \"r\"((unsigned int)__cvta_generic_to_shared(%s + v%d)));\n", tn, row);
    const char *from = dt == TLUA_F16 ? "__ushort_as_half" : "__ushort_as_bfloat16";
    for (int e = 0; e < n; e++) {
      indent(g);
      line_text(g, "v%d = %s((unsigned short)(m_[%d]%s));\n", rg->instrs[p + e], from, e / 2, e % 2 ? " >> 16" : " & 0xffffu");
    }
  } else {
    const char *rt = ctype(g, ir->instrs[row].dtype);
    indent(g);
    line_text(g, "const int l_ = (int)(threadIdx.x & 31u);\n");
    for (int e = 0; e < n; e++) {
      const int r = e / 2, h = e % 2;
      char src[64], col[32];
      if (trans) {
        snprintf(src, sizeof src, "%d + 2 * (l_ & 3) + %d", 8 * r, h);
        snprintf(col, sizeof col, "(l_ >> 2)");
      } else {
        snprintf(src, sizeof src, "%d + (l_ >> 2)", 8 * r);
        snprintf(col, sizeof col, "(2 * (l_ & 3) + %d)", h);
      }
      indent(g);
      if (g->nv)
        line_text(g, "v%d = %s[(%s)__shfl_sync(0xffffffffu, (long long)v%d, %s, 32) + %s];\n", rg->instrs[p + e], tn,
                  rt, row, src, col);
      else
        line_text(g, "v%d = %s[(%s)__shfl((long long)v%d, %s, 32) + %s];\n", rg->instrs[p + e], tn, rt, row, src, col);
    }
  }
  g->depth--;
  indent(g);
  line_text(g, "}\n");
  return n;
}
