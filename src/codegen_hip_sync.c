/* codegen_hip_sync.c - the HIP generator's atomics (exact order and scope per vendor) and warp
 * shuffles (sized by the target's warp). The mapping is described at the top of codegen_hip.c. */
#include <stdio.h>
#include <string.h>

#include "codegen_hip_impl.h"

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
  case TLUA_F32: case TLUA_F16: case TLUA_BF16: carrier = "float"; break;
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
  else if (dt == TLUA_BF16) STMT(g, in, "%s v%d = tl_bf(%s);\n", ctype(g, dt), id, call);
  else if (dt == TLUA_BOOL) STMT(g, in, "bool v%d = %s != 0;\n", id, call);
  else STMT(g, in, "%s v%d = (%s)%s;\n", ctype(g, dt), id, ctype(g, dt), call);
  return 0;
}
