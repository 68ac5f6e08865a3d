/* ir_verify.c - the IR verifier: structure, placement, visibility and typing rules of ir.h. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"
#include "mma.h"
#include "wgmma.h"

#define MAX_BLOCK 1024
#define MAX_WARP 64

typedef struct Verifier {
  const tlua_IR *ir;
  int32_t *region_of, *pos_of;   /* where each instruction sits */
  int32_t *owner;                /* the FOR/IF owning each region; -1 for region 0 / unowned */
  char *err;
  size_t errsz;
} Verifier;

static int fail_at(Verifier *V, int id, const char *fmt, ...) {
  if (!V->err || V->errsz == 0) return -1;
  const tlua_Instr *in = &V->ir->instrs[id];
  int k = snprintf(V->err, V->errsz, "instruction %d (%s, line %d): ", id,
                   tlua_op_name((tlua_Op)in->op), (int)in->line);
  if (k >= 0 && (size_t)k < V->errsz) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(V->err + k, V->errsz - (size_t)k, fmt, ap);
    va_end(ap);
  }
  return -1;
}

static int fail(Verifier *V, const char *fmt, ...) {
  if (!V->err || V->errsz == 0) return -1;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(V->err, V->errsz, fmt, ap);
  va_end(ap);
  return -1;
}

static const char *dtn(int dt) {
  const tlua_DTypeInfo *di = tlua_dtype_info((tlua_DType)dt);
  return di ? di->name : "?";
}
static int is_float(int dt) {
  return dt == TLUA_F16 || dt == TLUA_BF16 || dt == TLUA_F32 || dt == TLUA_F64 || tlua_dtype_is_fp8(dt);
}
static int is_int(int dt) { return dt >= TLUA_I8 && dt <= TLUA_U64; }
static int dsize_of(int dt) {
  const tlua_DTypeInfo *di = tlua_dtype_info((tlua_DType)dt);
  return di ? di->size : 1;
}

/* True when value `def` may be used by instruction `use`: it sits in the use's region before it,
 * or in an enclosing region before the for/if that (transitively) contains the use. */
static int visible(const Verifier *V, int def, int use) {
  int r = V->region_of[use], p = V->pos_of[use];
  for (int guard = 0; guard <= V->ir->nregions; guard++) {
    if (r == V->region_of[def]) return V->pos_of[def] < p;
    int o = V->owner[r];
    if (o < 0) return 0;
    r = V->region_of[o];
    p = V->pos_of[o];
  }
  return 0;
}

/* Checks operand k of instruction id; returns its dtype, -2 when it is the optional "none" (-1)
 * and none is allowed, or -1 after an error. */
static int operand(Verifier *V, int id, int k, int optional) {
  const tlua_IR *ir = V->ir;
  const tlua_Instr *in = &ir->instrs[id];
  if (k >= in->nops) return fail_at(V, id, "missing operand %d", k);
  int32_t v = ir->operands[in->ops + k];
  if (v == -1 && optional) return -2;
  if (v < 0 || v >= ir->ninstrs) return fail_at(V, id, "operand %d (%d) is not an instruction", k, (int)v);
  if (!ir->instrs[v].has_value)
    return fail_at(V, id, "operand %d (%%%d, %s) defines no value", k, (int)v,
                   tlua_op_name((tlua_Op)ir->instrs[v].op));
  if (!visible(V, v, id))
    return fail_at(V, id, "operand %d (%%%d) is not defined before this use or not visible from "
                   "its region", k, (int)v);
  return ir->instrs[v].dtype;
}

/* Operand k must have dtype dt. */
static int operand_is(Verifier *V, int id, int k, int dt, const char *what) {
  int t = operand(V, id, k, 0);
  if (t < 0) return -1;
  if (t != dt)
    return fail_at(V, id, "operand %d (%s, %%%d) is %s, expected %s", k, what,
                   (int)V->ir->operands[V->ir->instrs[id].ops + k], dtn(t), dtn(dt));
  return 0;
}

static int want_nops(Verifier *V, int id, int n) {
  const tlua_Instr *in = &V->ir->instrs[id];
  if (in->nops != n) return fail_at(V, id, "has %d operands, expected %d", (int)in->nops, n);
  return 0;
}

static int want_value(Verifier *V, int id, int has) {
  const tlua_Instr *in = &V->ir->instrs[id];
  if (!!in->has_value != has)
    return fail_at(V, id, has ? "must define a value" : "must not define a value");
  return 0;
}

/* Offset (integer) and optional mask (bool) operands of a memory instruction, by position in its
 * operand list (kmask < 0: no mask operand). */
static int offset_mask(Verifier *V, int id, int koff, int kmask) {
  int t = operand(V, id, koff, 0);
  if (t < 0) return -1;
  if (!is_int(t)) return fail_at(V, id, "offset is %s, expected an integer type", dtn(t));
  if (kmask < 0) return 0;
  t = operand(V, id, kmask, 1);
  if (t == -1) return -1;
  if (t != -2 && t != TLUA_BOOL) return fail_at(V, id, "mask is %s, expected bool", dtn(t));
  return 0;
}

static int tensor_param(Verifier *V, int id, int64_t p) {
  if (p < 0 || p >= V->ir->nparams) return fail_at(V, id, "parameter %lld does not exist", (long long)p);
  if (V->ir->params[p].kind != TLUA_PARAM_TENSOR)
    return fail_at(V, id, "parameter %s is not a tensor", V->ir->params[p].name);
  return 0;
}

static int lds_buffer(Verifier *V, int id, int64_t b) {
  if (b < 0 || b >= V->ir->nlds) return fail_at(V, id, "LDS buffer %lld does not exist", (long long)b);
  return 0;
}

/* The n result instructions (FOR_RESULT/IF_RESULT) that must follow a FOR/IF in its region, typed
 * like the carried values (operands first..first+n-1 of the construct). */
static int check_results(Verifier *V, int id, tlua_Op rop, int first, int n) {
  const tlua_IR *ir = V->ir;
  const tlua_Region *rg = &ir->regions[V->region_of[id]];
  int p = V->pos_of[id];
  for (int k = 0; k < n; k++) {
    if (p + 1 + k >= rg->n)
      return fail_at(V, id, "needs %d %s instructions right after it, found %d", n, tlua_op_name(rop), k);
    int r = rg->instrs[p + 1 + k];
    const tlua_Instr *ri = &ir->instrs[r];
    if (ri->op != rop || ri->nops != 1 || ir->operands[ri->ops] != id || ri->imm != k)
      return fail_at(V, id, "needs %d %s instructions right after it (operand %%%d, imm 0..%d); "
                     "instruction %d is not result %d", n, tlua_op_name(rop), id, n - 1, r, k);
    int t = ir->instrs[ir->operands[ir->instrs[id].ops + first + k]].dtype;
    if (ri->dtype != t)
      return fail_at(V, r, "result %d is %s, the carried value is %s", k, dtn(ri->dtype), dtn(t));
  }
  return 0;
}

/* The YIELD closing `region` must carry n values typed like operands first.. of construct id. */
static int check_yield(Verifier *V, int id, int region, int first, int n) {
  const tlua_IR *ir = V->ir;
  const tlua_Region *rg = &ir->regions[region];
  if (rg->n == 0 || ir->instrs[rg->instrs[rg->n - 1]].op != TLUA_OP_YIELD)
    return fail_at(V, id, "region %d does not end with yield", region);
  int y = rg->instrs[rg->n - 1];
  if (ir->instrs[y].nops != n)
    return fail_at(V, y, "yields %d values, the %s carries %d", (int)ir->instrs[y].nops,
                   tlua_op_name((tlua_Op)ir->instrs[id].op), n);
  for (int k = 0; k < n; k++) {
    int t = operand(V, y, k, 0);
    if (t < 0) return -1;
    int want = ir->instrs[ir->operands[ir->instrs[id].ops + first + k]].dtype;
    if (t != want) return fail_at(V, y, "value %d is %s, the carried value is %s", k, dtn(t), dtn(want));
  }
  return 0;
}

static int check_for(Verifier *V, int id) {
  const tlua_IR *ir = V->ir;
  const tlua_Instr *in = &ir->instrs[id];
  if (in->nops < 3) return fail_at(V, id, "needs operands (lo, hi, step, inits...), has %d", (int)in->nops);
  int lt = operand(V, id, 0, 0);
  if (lt < 0) return -1;
  if (!is_int(lt)) return fail_at(V, id, "lo is %s, expected an integer type", dtn(lt));
  if (operand_is(V, id, 1, lt, "hi") || operand_is(V, id, 2, lt, "step")) return -1;
  int n = in->nops - 3;
  for (int k = 0; k < n; k++)
    if (operand(V, id, 3 + k, 0) < 0) return -1;
  if (in->imm != 0 && in->imm != TLUA_FOR_WHILE)
    return fail_at(V, id, "imm %lld (0, or 1: while carry #0)", (long long)in->imm);
  if (in->imm == TLUA_FOR_WHILE && (n < 1 || ir->instrs[ir->operands[in->ops + 3]].dtype != TLUA_BOOL))
    return fail_at(V, id, "a while loop's carry #0 must be a bool (its condition)");
  if (in->region[0] < 0 || in->region[1] != -1)
    return fail_at(V, id, "needs a body region and no second region");
  const tlua_Region *body = &ir->regions[in->region[0]];
  if (body->n < 2 + n)
    return fail_at(V, id, "body has %d instructions; it needs loop_iv, %d loop_carry and yield",
                   (int)body->n, n);
  const tlua_Instr *iv = &ir->instrs[body->instrs[0]];
  if (iv->op != TLUA_OP_LOOP_IV) return fail_at(V, id, "body does not start with loop_iv");
  if (iv->dtype != lt)
    return fail_at(V, body->instrs[0], "induction variable is %s, the bounds are %s", dtn(iv->dtype), dtn(lt));
  for (int k = 0; k < n; k++) {
    int c = body->instrs[1 + k];
    const tlua_Instr *ci = &ir->instrs[c];
    if (ci->op != TLUA_OP_LOOP_CARRY || ci->imm != k)
      return fail_at(V, id, "body instruction %d must be loop_carry #%d", 1 + k, k);
    int want = ir->instrs[ir->operands[in->ops + 3 + k]].dtype;
    if (ci->dtype != want)
      return fail_at(V, c, "carried value %d is %s, its init is %s", k, dtn(ci->dtype), dtn(want));
  }
  if (check_yield(V, id, in->region[0], 3, n)) return -1;
  return check_results(V, id, TLUA_OP_FOR_RESULT, 3, n);
}

static int check_if(Verifier *V, int id) {
  const tlua_IR *ir = V->ir;
  const tlua_Instr *in = &ir->instrs[id];
  if (in->nops < 1) return fail_at(V, id, "needs a condition operand");
  if (operand_is(V, id, 0, TLUA_BOOL, "condition")) return -1;
  int n = in->nops - 1;
  for (int k = 0; k < n; k++)
    if (operand(V, id, 1 + k, 0) < 0) return -1;
  /* a branch that carries nothing may leave its (empty) yield out */
  for (int s = 0; s < 2; s++) {
    int r = in->region[s];
    if (r < 0 || ir->regions[r].n == 0) continue;
    if (n == 0 && ir->instrs[ir->regions[r].instrs[ir->regions[r].n - 1]].op != TLUA_OP_YIELD) continue;
    if (check_yield(V, id, r, 1, n)) return -1;
  }
  return check_results(V, id, TLUA_OP_IF_RESULT, 1, n);
}

static int check_atomic(Verifier *V, int id) {
  const tlua_IR *ir = V->ir;
  const tlua_Instr *in = &ir->instrs[id];
  if (want_value(V, id, in->want_old ? 1 : 0)) return -1;
  tlua_MemOperands mo;
  if (tlua_ir_mem_operands(ir, in, &mo))
    return fail_at(V, id, "has %d operands, expected (offset, value, cmp|-1, mask|-1) or "
                   "(offset, value[, cmp][, mask])", (int)in->nops);
  int tdt;
  if (in->space == TLUA_SPACE_GLOBAL) {
    if (tensor_param(V, id, in->imm)) return -1;
    tdt = ir->params[in->imm].dtype;
  } else if (in->space == TLUA_SPACE_LDS) {
    if (lds_buffer(V, id, in->imm)) return -1;
    tdt = ir->lds[in->imm].dtype;
  } else {
    return fail_at(V, id, "unknown memory space %d", in->space);
  }
  if (offset_mask(V, id, mo.at[0], mo.at[3]) || operand_is(V, id, mo.at[1], tdt, "value")) return -1;
  if (in->want_old && in->dtype != tdt)
    return fail_at(V, id, "old value is %s, the target holds %s", dtn(in->dtype), dtn(tdt));
  if (in->atomic_op > TLUA_ATOMIC_CAS) return fail_at(V, id, "unknown atomic op %d", in->atomic_op);
  if (in->order > TLUA_ORDER_ACQ_REL) return fail_at(V, id, "unknown memory order %d", in->order);
  if (in->scope > TLUA_SCOPE_SYSTEM) return fail_at(V, id, "unknown scope %d", in->scope);
  int bitwise = in->atomic_op == TLUA_ATOMIC_AND || in->atomic_op == TLUA_ATOMIC_OR ||
                in->atomic_op == TLUA_ATOMIC_XOR;
  int numeric = in->atomic_op == TLUA_ATOMIC_ADD || in->atomic_op == TLUA_ATOMIC_MAX ||
                in->atomic_op == TLUA_ATOMIC_MIN;
  if (bitwise && !is_int(tdt) && tdt != TLUA_BOOL)
    return fail_at(V, id, "bitwise atomic on %s (needs an integer type or bool)", dtn(tdt));
  if (numeric && tdt == TLUA_BOOL) return fail_at(V, id, "arithmetic atomic on bool");
  if (in->atomic_op == TLUA_ATOMIC_CAS) {
    if (mo.cmp == -1) return fail_at(V, id, "cas needs a compare operand");
    if (operand_is(V, id, mo.at[2], tdt, "compare value")) return -1;
  } else if (mo.cmp != -1) {
    return fail_at(V, id, "only cas takes a compare operand");
  }
  return 0;
}

/* MMA: the layout exists and fits the IR's warp and block; a and b operands all f16 or all bf16,
 * c operands f32; nc MMA_RESULTs (f32) follow it. */
static int check_mma(Verifier *V, int id) {
  const tlua_IR *ir = V->ir;
  const tlua_Instr *in = &ir->instrs[id];
  if (want_value(V, id, 0)) return -1;
  const tlua_MmaInfo *mi = tlua_mma_info(in->imm);
  if (!mi) return fail_at(V, id, "unknown layout %lld", (long long)in->imm);
  if (ir->warp != mi->warp)
    return fail_at(V, id, "layout %s runs on warps of %d, the kernel is traced for warp %d", mi->name,
                   mi->warp, (int)ir->warp);
  if (ir->block % mi->warp != 0)
    return fail_at(V, id, "block %d is not a whole number of warps of %d", (int)ir->block, mi->warp);
  if (in->nops != mi->na + mi->nb + mi->nc)
    return fail_at(V, id, "has %d operands, layout %s takes %d (a %d, b %d, c %d)", (int)in->nops, mi->name,
                   mi->na + mi->nb + mi->nc, mi->na, mi->nb, mi->nc);
  int in_dt = operand(V, id, 0, 0);
  if (in_dt < 0) return -1;
  if (in_dt != TLUA_F16 && in_dt != TLUA_BF16)
    return fail_at(V, id, "operand 0 (a) is %s, expected f16 or bf16", dtn(in_dt));
  for (int k = 1; k < mi->na + mi->nb; k++)
    if (operand_is(V, id, k, in_dt, k < mi->na ? "a" : "b")) return -1;
  for (int k = mi->na + mi->nb; k < in->nops; k++)
    if (operand_is(V, id, k, TLUA_F32, "c")) return -1;
  return check_results(V, id, TLUA_OP_MMA_RESULT, mi->na + mi->nb, mi->nc);
}

/* WGMMA: fields in range, warp 32 and whole warpgroups, both buffers of the input dtype, n/2 f32
 * accumulators and two integer start offsets; n/2 MMA_RESULTs (f32) follow it. */
static int check_wgmma(Verifier *V, int id) {
  const tlua_IR *ir = V->ir;
  const tlua_Instr *in = &ir->instrs[id];
  tlua_Wgmma w;
  if (want_value(V, id, 0)) return -1;
  if (tlua_wgmma_unpack(in->imm, in->imm2, &w)) return fail_at(V, id, "bad wgmma immediates");
  if (ir->warp != 32) return fail_at(V, id, "wgmma runs on warps of 32, the kernel is traced for warp %d", (int)ir->warp);
  if (ir->block % TLUA_WGMMA_THREADS != 0)
    return fail_at(V, id, "block %d is not a whole number of warpgroups (128 threads)", (int)ir->block);
  const int bop = tlua_wgmma_bop(&w);
  if (in->nops != tlua_wgmma_nops(&w))
    return fail_at(V, id, "has %d operands, m64n%dk16 takes %d (c %d, %s, b_start%s)", (int)in->nops, w.n, tlua_wgmma_nops(&w),
                   w.n / 2, w.a_regs ? "A's 8 x ksteps registers" : "a_start", w.scale_op ? ", accumulate" : "");
  if ((!w.a_regs && lds_buffer(V, id, w.lds_a)) || lds_buffer(V, id, w.lds_b)) return -1;
  const int dt = w.fp8 == 1 ? TLUA_F8E4M3 : w.fp8 == 2 ? TLUA_F8E5M2 : w.bf16 ? TLUA_BF16 : TLUA_F16;
  if ((!w.a_regs && ir->lds[w.lds_a].dtype != dt) || ir->lds[w.lds_b].dtype != dt)
    return fail_at(V, id, "reads LDS buffers of %s and %s, expected %s", w.a_regs ? "(A in registers)" : dtn(ir->lds[w.lds_a].dtype),
                   dtn(ir->lds[w.lds_b].dtype), dtn(dt));
  for (int k = 0; k < w.n / 2; k++)
    if (operand_is(V, id, k, TLUA_F32, "c")) return -1;
  for (int k = w.n / 2; k < in->nops; k++) {
    int t = operand(V, id, k, 0);
    if (t < 0) return -1;
    if (k < bop && w.a_regs) {
      if (t != dt) return fail_at(V, id, "operand %d (a register of A) is %s, expected %s", k, dtn(t), dtn(dt));
    } else if (t != TLUA_I32) {
      return fail_at(V, id, "operand %d (%s) is %s, expected i32", k, k < bop ? "a_start" : k == bop ? "b_start" : "accumulate", dtn(t));
    }
  }
  return check_results(V, id, TLUA_OP_MMA_RESULT, 0, w.n / 2);
}

/* A vector group starts at vec_lane 0 and continues on the next vec-1 instructions of the region. */
static int check_vec(Verifier *V, int id) {
  const tlua_IR *ir = V->ir;
  const tlua_Instr *in = &ir->instrs[id];
  if (in->vec <= 1) return 0;
  if (in->vec_lane >= in->vec) return fail_at(V, id, "vec_lane %d is not below vec %d", in->vec_lane, in->vec);
  if (in->vec_lane != 0) return 0;
  const tlua_Region *rg = &ir->regions[V->region_of[id]];
  for (int l = 1; l < in->vec; l++) {
    int p = V->pos_of[id] + l;
    const tlua_Instr *o = p < rg->n ? &ir->instrs[rg->instrs[p]] : NULL;
    if (!o || o->op != in->op || o->imm != in->imm || o->vec != in->vec || o->vec_lane != l)
      return fail_at(V, id, "vector group of %d is not followed by its lane %d", in->vec, l);
  }
  return 0;
}

/* Each placement op must sit where its construct expects it. */
static int owner_op(const Verifier *V, int id) {
  int o = V->owner[V->region_of[id]];
  return o < 0 ? -1 : V->ir->instrs[o].op;
}

/* LDS_MATRIX (ir.h): a whole group of vec = 2, 4 or 8 consecutive elements, one operand (the row
 * offset, an integer, the same for the group), 16-bit elements of the buffer's dtype, warp 32. */
static int check_lds_matrix(Verifier *V, int id) {
  const tlua_IR *ir = V->ir;
  const tlua_Instr *in = &ir->instrs[id];
  if (want_nops(V, id, 1) || want_value(V, id, 1) || lds_buffer(V, id, in->imm)) return -1;
  if (ir->warp != 32) return fail_at(V, id, "lds_matrix needs warp 32 (the IR's warp is %d)", (int)ir->warp);
  const int bdt = ir->lds[in->imm].dtype;
  if (in->dtype != bdt) return fail_at(V, id, "is %s, the LDS buffer holds %s", dtn(in->dtype), dtn(bdt));
  if (tlua_dtype_info((tlua_DType)bdt)->size != 2)
    return fail_at(V, id, "lds_matrix loads 16-bit elements, the LDS buffer holds %s", dtn(bdt));
  if (in->vec != 2 && in->vec != 4 && in->vec != 8)
    return fail_at(V, id, "lds_matrix group of %d elements (expected 2, 4 or 8: 1, 2 or 4 matrices)", in->vec);
  if (in->imm2 != 0 && in->imm2 != 1) return fail_at(V, id, "lds_matrix imm2 %lld is not 0 or 1 (transposed)", (long long)in->imm2);
  if (check_vec(V, id)) return -1;
  const int t = operand(V, id, 0, 0);
  if (t < 0) return -1;
  if (!is_int(t)) return fail_at(V, id, "row offset is %s, expected an integer type", dtn(t));
  if (in->vec_lane != 0) {
    const tlua_Region *rg = &ir->regions[V->region_of[id]];
    const int p0 = V->pos_of[id] - in->vec_lane;
    const tlua_Instr *first = p0 >= 0 ? &ir->instrs[rg->instrs[p0]] : NULL;
    if (!first || first->op != TLUA_OP_LDS_MATRIX || first->vec_lane != 0 || first->vec != in->vec || first->imm != in->imm)
      return fail_at(V, id, "lds_matrix element %d is not preceded by elements 0..%d of its group", in->vec_lane,
                     in->vec_lane - 1);
    if (first->nops != 1 || ir->operands[first->ops] != ir->operands[in->ops] || first->imm2 != in->imm2)
      return fail_at(V, id, "lds_matrix element %d has another row offset or transposition than element 0", in->vec_lane);
  }
  return 0;
}

/* The number of ROLE instructions in the group of ROLE o (consecutive in its region): they take named barriers 1..that. */
static int group_roles(const Verifier *V, int o) {
  const tlua_Region *rg = &V->ir->regions[V->region_of[o]];
  int lo = V->pos_of[o], hi = V->pos_of[o];
  while (lo > 0 && V->ir->instrs[rg->instrs[lo - 1]].op == TLUA_OP_ROLE) lo--;
  while (hi + 1 < rg->n && V->ir->instrs[rg->instrs[hi + 1]].op == TLUA_OP_ROLE) hi++;
  return hi - lo + 1;
}

/* The ROLE instruction whose body (transitively) holds id, or -1. */
static int enclosing_role(const Verifier *V, int id) {
  int r = V->region_of[id];
  for (int guard = 0; guard <= V->ir->nregions && r > 0; guard++) {
    int o = V->owner[r];
    if (o < 0) return -1;
    if (V->ir->instrs[o].op == TLUA_OP_ROLE) return o;
    r = V->region_of[o];
  }
  return -1;
}

/* Operands first..first+n-1 are integers. */
static int int_operands(Verifier *V, int id, int first, int n, const char *what) {
  for (int k = first; k < first + n; k++) {
    int t = operand(V, id, k, 0);
    if (t < 0) return -1;
    if (!is_int(t)) return fail_at(V, id, "%s (operand %d) is %s, expected an integer type", what, k, dtn(t));
  }
  return 0;
}

static int mbar_array(Verifier *V, int id, int64_t a) {
  if (a < 0 || a >= V->ir->nmbar) return fail_at(V, id, "mbarrier array %lld does not exist", (long long)a);
  return 0;
}

/* MBAR_ARRIVE (index[, tx]), MBAR_WAIT (index, parity), TMA_LOAD (lds_offset, index, coords..). */
static int check_async(Verifier *V, int id) {
  const tlua_IR *ir = V->ir;
  const tlua_Instr *in = &ir->instrs[id];
  if (want_value(V, id, 0)) return -1;
  if (in->op == TLUA_OP_MBAR_ARRIVE) {
    if (in->nops < 1 || in->nops > 3) return fail_at(V, id, "has %d operands, expected (index[, tx[, cta]])", (int)in->nops);
    if (in->imm2 != 0 && !(in->imm2 == 1 && in->nops == 1))
      return fail_at(V, id, "fence flag %lld: 0, or 1 on a plain arrival (index alone)", (long long)in->imm2);
    return mbar_array(V, id, in->imm) || int_operands(V, id, 0, in->nops, "index / tx / cta") ? -1 : 0;
  }
  if (in->op == TLUA_OP_MBAR_WAIT)
    return want_nops(V, id, 2) || mbar_array(V, id, in->imm) || int_operands(V, id, 0, 2, "index / parity") ? -1 : 0;
  if (in->imm < 0 || in->imm >= ir->ntma) return fail_at(V, id, "TMA descriptor %lld does not exist", (long long)in->imm);
  const tlua_TmaDesc *d = &ir->tma[in->imm];
  const int mc = in->vec == 1;
  if (mc && ir->cluster < 2) return fail_at(V, id, "a multicast TMA copy in a kernel without clusters");
  if (want_nops(V, id, 2 + d->rank + mc) || mbar_array(V, id, in->imm2) ||
      int_operands(V, id, 0, 2 + d->rank + mc, "offset / index / coordinate / mask"))
    return -1;
  if (!(in->fimm >= 0 && in->fimm < ir->block) || in->fimm != (double)(int)in->fimm)
    return fail_at(V, id, "issuing thread %g is not a thread of the block (0..%d)", in->fimm, (int)ir->block - 1);
  return 0;
}

/* ROLE: warp-aligned threads inside the block, not nested in another role, not overlapping the
 * roles next to it; registers 0 or 24..256 in steps of 8 (then whole warpgroups). */
static int check_role(Verifier *V, int id) {
  const tlua_IR *ir = V->ir;
  const tlua_Instr *in = &ir->instrs[id];
  if (want_nops(V, id, 0) || want_value(V, id, 0)) return -1;
  const int64_t a = in->imm, n = in->imm2, W = ir->warp;
  if (a < 0 || n < 1 || a + n > ir->block || a % W || n % W)
    return fail_at(V, id, "threads [%lld, %lld) are not whole warps of %d inside the block of %d", (long long)a,
                   (long long)(a + n), (int)W, (int)ir->block);
  if (enclosing_role(V, id) >= 0) return fail_at(V, id, "a role inside another role");
  if (in->vec && (n / W) % in->vec)
    return fail_at(V, id, "groups of %d warps do not divide the role's %lld warps", (int)in->vec, (long long)(n / W));
  const int regs = (int)in->fimm;
  if (in->fimm != regs || (regs && (regs < 24 || regs > 256 || regs % 8)))
    return fail_at(V, id, "registers %g: expected 0 (none) or 24..256 in steps of 8", in->fimm);
  if (regs && (a % 128 || n % 128))
    return fail_at(V, id, "registers per role (setmaxnreg) need whole warpgroups of 128 threads; threads [%lld, %lld)",
                   (long long)a, (long long)(a + n));
  const tlua_Region *rg = &ir->regions[V->region_of[id]];
  /* the last role of a group: the registers the roles ask for must fit the SM's 64K (roles that ask
     none keep the entry count), or setmaxnreg.inc would wait forever */
  if (V->pos_of[id] + 1 >= rg->n || ir->instrs[rg->instrs[V->pos_of[id] + 1]].op != TLUA_OP_ROLE) {
    int64_t total = 0, covered = 0;
    const int entry = tlua_ir_entry_regs(ir->block);
    for (int p = V->pos_of[id]; p >= 0 && ir->instrs[rg->instrs[p]].op == TLUA_OP_ROLE; p--) {
      const tlua_Instr *o = &ir->instrs[rg->instrs[p]];
      total += o->imm2 * (o->fimm > 0 ? (int64_t)o->fimm : entry);
      covered += o->imm2;
    }
    total += (ir->block - covered) * entry;
    if (total > 65536)
      return fail_at(V, id, "the roles' registers add up to %lld per block (threads x registers), over the SM's 65536",
                     (long long)total);
  }
  for (int p = V->pos_of[id] - 1; p >= 0 && ir->instrs[rg->instrs[p]].op == TLUA_OP_ROLE; p--) {
    const tlua_Instr *o = &ir->instrs[rg->instrs[p]];
    if (a < o->imm + o->imm2 && o->imm < a + n)
      return fail_at(V, id, "threads [%lld, %lld) overlap those of the role next to it (instruction %d: [%lld, %lld))",
                     (long long)a, (long long)(a + n), rg->instrs[p], (long long)o->imm, (long long)(o->imm + o->imm2));
  }
  if (in->region[0] >= 0) {
    const tlua_Region *body = &ir->regions[in->region[0]];
    if (body->n > 0 && ir->instrs[body->instrs[body->n - 1]].op == TLUA_OP_YIELD)
      return fail_at(V, id, "a role's body yields nothing");
  }
  return 0;
}

static int check_instr(Verifier *V, int id) {
  const tlua_IR *ir = V->ir;
  const tlua_Instr *in = &ir->instrs[id];
  int dt = in->dtype, t;
  if (in->op != TLUA_OP_FOR && in->op != TLUA_OP_IF && !(in->op == TLUA_OP_ROLE && in->region[1] == -1) &&
      (in->region[0] != -1 || in->region[1] != -1))
    return fail_at(V, id, "only for/if/role own regions");
  switch ((tlua_Op)in->op) {
  case TLUA_OP_CONST:
    return want_nops(V, id, 0) || want_value(V, id, 1) ? -1 : 0;
  case TLUA_OP_PARAM:
    if (want_nops(V, id, 0) || want_value(V, id, 1)) return -1;
    if (in->imm < 0 || in->imm >= ir->nparams) return fail_at(V, id, "parameter %lld does not exist", (long long)in->imm);
    if (ir->params[in->imm].kind != TLUA_PARAM_SCALAR)
      return fail_at(V, id, "parameter %s is a tensor, not a scalar", ir->params[in->imm].name);
    if (ir->params[in->imm].dtype != dt)
      return fail_at(V, id, "is %s, parameter %s is %s", dtn(dt), ir->params[in->imm].name,
                     dtn(ir->params[in->imm].dtype));
    return 0;
  case TLUA_OP_SHAPE: case TLUA_OP_STRIDE:
    if (want_nops(V, id, 0) || want_value(V, id, 1) || tensor_param(V, id, in->imm)) return -1;
    if (in->imm2 < 0 || in->imm2 >= ir->params[in->imm].rank)
      return fail_at(V, id, "dimension %lld of %s (rank %d)", (long long)in->imm2, ir->params[in->imm].name,
                     ir->params[in->imm].rank);
    if (dt != TLUA_I64) return fail_at(V, id, "is %s, expected i64", dtn(dt));
    return 0;
  case TLUA_OP_THREAD_ID: case TLUA_OP_BLOCK_ID: case TLUA_OP_GRID_DIM:
    if (want_nops(V, id, 0) || want_value(V, id, 1)) return -1;
    if (dt != TLUA_I32) return fail_at(V, id, "is %s, expected i32", dtn(dt));
    if (in->op != TLUA_OP_THREAD_ID && (in->imm < 0 || in->imm > 2))
      return fail_at(V, id, "grid dimension %lld (expected 0, 1 or 2)", (long long)in->imm);
    return 0;
  case TLUA_OP_ADD: case TLUA_OP_SUB: case TLUA_OP_MUL: case TLUA_OP_DIV: case TLUA_OP_REM:
  case TLUA_OP_MIN: case TLUA_OP_MAX: case TLUA_OP_POW:
    if (want_nops(V, id, 2) || want_value(V, id, 1)) return -1;
    if (dt == TLUA_BOOL) return fail_at(V, id, "arithmetic on bool (cast it first)");
    if (in->op == TLUA_OP_POW && !is_float(dt)) return fail_at(V, id, "needs a float type, not %s", dtn(dt));
    return operand_is(V, id, 0, dt, "a") || operand_is(V, id, 1, dt, "b") ? -1 : 0;
  case TLUA_OP_AND: case TLUA_OP_OR: case TLUA_OP_XOR: case TLUA_OP_SHL: case TLUA_OP_SHR:
    if (want_nops(V, id, 2) || want_value(V, id, 1)) return -1;
    if (!is_int(dt) && dt != TLUA_BOOL) return fail_at(V, id, "needs an integer type or bool, not %s", dtn(dt));
    if (in->imm != 0 && !(in->op == TLUA_OP_XOR && in->imm == TLUA_XOR_STAY))
      return fail_at(V, id, "imm %lld (only xor takes a flag: 1, stay)", (long long)in->imm);
    return operand_is(V, id, 0, dt, "a") || operand_is(V, id, 1, dt, "b") ? -1 : 0;
  case TLUA_OP_NEG: case TLUA_OP_ABS: case TLUA_OP_NOT:
    if (want_nops(V, id, 1) || want_value(V, id, 1)) return -1;
    if (in->op == TLUA_OP_NOT ? is_float(dt) : dt == TLUA_BOOL)
      return fail_at(V, id, "not defined on %s", dtn(dt));
    return operand_is(V, id, 0, dt, "a");
  case TLUA_OP_EXP: case TLUA_OP_LOG: case TLUA_OP_EXP2: case TLUA_OP_LOG2: case TLUA_OP_SQRT:
  case TLUA_OP_RSQRT: case TLUA_OP_SIN: case TLUA_OP_COS: case TLUA_OP_TANH: case TLUA_OP_FLOOR:
  case TLUA_OP_CEIL:
    if (want_nops(V, id, 1) || want_value(V, id, 1)) return -1;
    if (!is_float(dt)) return fail_at(V, id, "needs a float type, not %s", dtn(dt));
    if (in->imm != 0 && !(in->op == TLUA_OP_EXP2 && in->imm == 1))
      return fail_at(V, id, "imm %lld (only exp2 takes a flag: 1, flush_to_zero)", (long long)in->imm);
    return operand_is(V, id, 0, dt, "a");
  case TLUA_OP_FMA:
    if (want_nops(V, id, 3) || want_value(V, id, 1)) return -1;
    if (dt == TLUA_BOOL) return fail_at(V, id, "arithmetic on bool (cast it first)");
    return operand_is(V, id, 0, dt, "a") || operand_is(V, id, 1, dt, "b") || operand_is(V, id, 2, dt, "c") ? -1 : 0;
  case TLUA_OP_LT: case TLUA_OP_LE: case TLUA_OP_GT: case TLUA_OP_GE: case TLUA_OP_EQ: case TLUA_OP_NE:
    if (want_nops(V, id, 2) || want_value(V, id, 1)) return -1;
    if (dt != TLUA_BOOL) return fail_at(V, id, "comparison result is %s, expected bool", dtn(dt));
    if ((t = operand(V, id, 0, 0)) < 0) return -1;
    return operand_is(V, id, 1, t, "b");
  case TLUA_OP_SELECT:
    if (want_nops(V, id, 3) || want_value(V, id, 1)) return -1;
    return operand_is(V, id, 0, TLUA_BOOL, "condition") || operand_is(V, id, 1, dt, "a") ||
           operand_is(V, id, 2, dt, "b") ? -1 : 0;
  case TLUA_OP_CAST:
    if (want_nops(V, id, 1) || want_value(V, id, 1)) return -1;
    return operand(V, id, 0, 0) < 0 ? -1 : 0;
  case TLUA_OP_BITCAST:
    if (want_nops(V, id, 1) || want_value(V, id, 1)) return -1;
    if ((t = operand(V, id, 0, 0)) < 0) return -1;
    if (t == TLUA_BOOL || dt == TLUA_BOOL || dsize_of(t) != dsize_of(dt))
      return fail_at(V, id, "bitcast from %s to %s: both must be numbers of one width", dtn(t), dtn(dt));
    return 0;
  case TLUA_OP_LOAD: case TLUA_OP_LDS_LOAD: {
    tlua_MemOperands mo;
    if (want_value(V, id, 1) || check_vec(V, id)) return -1;
    if (tlua_ir_mem_operands(ir, in, &mo))
      return fail_at(V, id, "has %d operands, expected (offset[, mask])", (int)in->nops);
    int g = in->op == TLUA_OP_LOAD;
    if (g ? tensor_param(V, id, in->imm) : lds_buffer(V, id, in->imm)) return -1;
    int tdt = g ? ir->params[in->imm].dtype : ir->lds[in->imm].dtype;
    if (dt != tdt) return fail_at(V, id, "is %s, the %s holds %s", dtn(dt), g ? "tensor" : "LDS buffer", dtn(tdt));
    return offset_mask(V, id, mo.at[0], mo.at[3]);
  }
  case TLUA_OP_STORE: case TLUA_OP_LDS_STORE: {
    tlua_MemOperands mo;
    if (want_value(V, id, 0) || check_vec(V, id)) return -1;
    if (tlua_ir_mem_operands(ir, in, &mo))
      return fail_at(V, id, "has %d operands, expected (offset, value[, mask])", (int)in->nops);
    int g = in->op == TLUA_OP_STORE;
    if (g ? tensor_param(V, id, in->imm) : lds_buffer(V, id, in->imm)) return -1;
    int tdt = g ? ir->params[in->imm].dtype : ir->lds[in->imm].dtype;
    return offset_mask(V, id, mo.at[0], mo.at[3]) || operand_is(V, id, mo.at[1], tdt, "value") ? -1 : 0;
  }
  case TLUA_OP_ATOMIC:
    return check_atomic(V, id);
  case TLUA_OP_BARRIER:
    if (want_nops(V, id, 0) || want_value(V, id, 0)) return -1;
    if (enclosing_role(V, id) >= 0)
      return fail_at(V, id, "a block-wide barrier inside a role: the block's other roles never reach it "
                     "(synchronize the role's own threads with role:sync())");
    /* a group barrier: whole warps, a proper divisor of the block, at most 15 groups (named barriers 1..15) */
    if (in->imm != 0 && (in->imm < 0 || in->imm % ir->warp != 0 || in->imm >= ir->block || ir->block % in->imm != 0 ||
                         ir->block / in->imm > 15))
      return fail_at(V, id, "group barrier of %lld threads: expected whole warps of %d dividing the block's %d threads "
                     "into 2..15 groups", (long long)in->imm, (int)ir->warp, (int)ir->block);
    /* its named barriers 1.. are those k:roles gives its roles */
    for (int32_t i = 0; in->imm != 0 && i < ir->ninstrs; i++)
      if (ir->instrs[i].op == TLUA_OP_ROLE)
        return fail_at(V, id, "a group barrier (k:sync{warps = n}) in a kernel with roles: their named barriers would "
                       "collide (inside a role, role:sync{warps = n} groups the role's threads)");
    return 0;
  case TLUA_OP_SHFL_XOR:
    if (want_nops(V, id, 1) || want_value(V, id, 1)) return -1;
    if (in->imm < 0 || in->imm >= ir->warp)
      return fail_at(V, id, "lane mask %lld is not in [0, warp %d)", (long long)in->imm, (int)ir->warp);
    return operand_is(V, id, 0, dt, "value");
  case TLUA_OP_SHFL_IDX:
    if (want_nops(V, id, 2) || want_value(V, id, 1) || operand_is(V, id, 0, dt, "value")) return -1;
    if ((t = operand(V, id, 1, 0)) < 0) return -1;
    if (!is_int(t)) return fail_at(V, id, "source lane is %s, expected an integer type", dtn(t));
    return 0;
  case TLUA_OP_FOR:
    return want_value(V, id, 0) || check_for(V, id) ? -1 : 0;
  case TLUA_OP_IF:
    return want_value(V, id, 0) || check_if(V, id) ? -1 : 0;
  case TLUA_OP_LOOP_IV: case TLUA_OP_LOOP_CARRY: {
    if (want_nops(V, id, 0) || want_value(V, id, 1)) return -1;
    int o = V->owner[V->region_of[id]], p = V->pos_of[id];
    int ok = owner_op(V, id) == TLUA_OP_FOR &&
             (in->op == TLUA_OP_LOOP_IV ? p == 0 : p >= 1 && p <= ir->instrs[o].nops - 3);
    if (!ok) return fail_at(V, id, "must be at the start of a for body (loop_iv, then loop_carry #0..)");
    return 0;  /* types are checked by the owning for */
  }
  case TLUA_OP_MMA:
    return check_mma(V, id);
  case TLUA_OP_WGMMA:
    return check_wgmma(V, id);
  case TLUA_OP_MMA_RESULT: {
    if (want_nops(V, id, 1) || want_value(V, id, 1)) return -1;
    int c = ir->operands[in->ops];
    const tlua_MmaInfo *mi = c >= 0 && c < ir->ninstrs && ir->instrs[c].op == TLUA_OP_MMA ? tlua_mma_info(ir->instrs[c].imm) : NULL;
    tlua_Wgmma w;
    int nc = mi ? mi->nc : -1;
    if (c >= 0 && c < ir->ninstrs && ir->instrs[c].op == TLUA_OP_WGMMA &&
        tlua_wgmma_unpack(ir->instrs[c].imm, ir->instrs[c].imm2, &w) == 0)
      nc = w.n / 2;
    if (nc < 0 || V->region_of[c] != V->region_of[id] || V->pos_of[c] + 1 + in->imm != V->pos_of[id] ||
        in->imm < 0 || in->imm >= nc)
      return fail_at(V, id, "must follow its mma as result #%lld", (long long)in->imm);
    return 0;  /* the type is checked by the mma */
  }
  case TLUA_OP_LDS_MATRIX:
    return check_lds_matrix(V, id);
  case TLUA_OP_LDS_COPY: {
    if (want_value(V, id, 0) || check_vec(V, id)) return -1;
    if (in->nops < 2 || in->nops > 3) return fail_at(V, id, "has %d operands, expected (lds_offset, offset[, mask])", (int)in->nops);
    if (lds_buffer(V, id, in->imm) || tensor_param(V, id, in->imm2)) return -1;
    if (ir->lds[in->imm].dtype != ir->params[in->imm2].dtype)
      return fail_at(V, id, "copies %s elements into an LDS buffer of %s", dtn(ir->params[in->imm2].dtype),
                     dtn(ir->lds[in->imm].dtype));
    if ((t = operand(V, id, 0, 0)) < 0) return -1;
    if (!is_int(t)) return fail_at(V, id, "LDS offset is %s, expected an integer type", dtn(t));
    return offset_mask(V, id, 1, in->nops == 3 ? 2 : -1);
  }
  case TLUA_OP_ASYNC_COMMIT:
    return want_nops(V, id, 0) || want_value(V, id, 0) ? -1 : 0;
  case TLUA_OP_COPY_GROUP:
    if (want_nops(V, id, 0) || want_value(V, id, 1)) return -1;
    if (in->dtype != TLUA_I32) return fail_at(V, id, "copy_group is i32");
    if (!ir->copy_groups) return fail_at(V, id, "copy_group in a kernel without copy groups");
    return 0;
  case TLUA_OP_UNDEF:
    if (want_nops(V, id, 0) || want_value(V, id, 1)) return -1;
    if (!is_float(in->dtype)) return fail_at(V, id, "undef is %s, expected a float type", dtn(in->dtype));
    return 0;
  case TLUA_OP_WGMMA_WAIT:
    if (want_nops(V, id, 0) || want_value(V, id, 0)) return -1;
    if (ir->warp != 32) return fail_at(V, id, "wgmma_wait runs on warps of 32, the kernel is traced for warp %d", (int)ir->warp);
    if (in->imm < 0 || in->imm > TLUA_WGMMA_MAX_PENDING)
      return fail_at(V, id, "wgmma_wait %lld is not 0..%d (groups left in flight)", (long long)in->imm, TLUA_WGMMA_MAX_PENDING);
    return 0;
  case TLUA_OP_ASYNC_WAIT:
    if (want_nops(V, id, 0) || want_value(V, id, 0)) return -1;
    if (in->imm < 0 || in->imm > 7) return fail_at(V, id, "async_wait %lld is not in 0..7 (groups left in flight)", (long long)in->imm);
    return 0;
  case TLUA_OP_FOR_RESULT: case TLUA_OP_IF_RESULT: {
    if (want_nops(V, id, 1) || want_value(V, id, 1)) return -1;
    int c = ir->operands[in->ops], cop = in->op == TLUA_OP_FOR_RESULT ? TLUA_OP_FOR : TLUA_OP_IF;
    if (c < 0 || c >= ir->ninstrs || ir->instrs[c].op != cop || V->region_of[c] != V->region_of[id] ||
        V->pos_of[c] + 1 + in->imm != V->pos_of[id] || in->imm < 0 ||
        in->imm >= ir->instrs[c].nops - (cop == TLUA_OP_FOR ? 3 : 1))
      return fail_at(V, id, "must follow its %s as result #%lld", tlua_op_name((tlua_Op)cop), (long long)in->imm);
    return 0;
  }
  case TLUA_OP_MBAR_ARRIVE: case TLUA_OP_MBAR_WAIT: case TLUA_OP_TMA_LOAD:
    return check_async(V, id);
  case TLUA_OP_ROLE:
    return check_role(V, id);
  case TLUA_OP_TMA_STORE: case TLUA_OP_TMA_STORE_WAIT: {
    if (want_value(V, id, 0)) return -1;
    if (!(in->fimm >= 0 && in->fimm < ir->block) || in->fimm != (double)(int)in->fimm)
      return fail_at(V, id, "issuing thread %g is not a thread of the block (0..%d)", in->fimm, (int)ir->block - 1);
    if (in->op == TLUA_OP_TMA_STORE_WAIT) {
      if (in->imm < 0 || in->imm > 7) return fail_at(V, id, "tma_store_wait %lld is not in 0..7 (stores left in flight)", (long long)in->imm);
      if (in->imm2 != 0 && in->imm2 != 1)
        return fail_at(V, id, "tma_store_wait mode %lld is neither 0 (read) nor 1 (written)", (long long)in->imm2);
      return want_nops(V, id, 0);
    }
    if (in->imm < 0 || in->imm >= ir->ntma) return fail_at(V, id, "TMA descriptor %lld does not exist", (long long)in->imm);
    if (in->imm2 != 0 && in->imm2 != 1) return fail_at(V, id, "TMA store mode %lld is neither 0 (store) nor 1 (add)", (long long)in->imm2);
    if (in->imm2 == 1) {
      const int rdt = ir->lds[ir->tma[in->imm].lds].dtype;
      if (rdt != TLUA_F32 && rdt != TLUA_I32 && rdt != TLUA_U32)
        return fail_at(V, id, "a TMA reduce-add of %s (f32, i32 and u32 only)", dtn(rdt));
    }
    const int rank = ir->tma[in->imm].rank;
    return want_nops(V, id, 1 + rank) || int_operands(V, id, 0, 1 + rank, "offset / coordinate") ? -1 : 0;
  }
  case TLUA_OP_CLUSTER_RANK:
    return want_nops(V, id, 0) || want_value(V, id, 1) || (in->dtype != TLUA_I32 ? fail_at(V, id, "cluster_rank is i32") : 0) ? -1 : 0;
  case TLUA_OP_CLUSTER_SYNC:
    if (want_nops(V, id, 0) || want_value(V, id, 0)) return -1;
    if (enclosing_role(V, id) >= 0)
      return fail_at(V, id, "a cluster barrier inside a role: the block's other roles never reach it");
    return 0;
  case TLUA_OP_ROLE_SYNC: {
    if (want_nops(V, id, 0) || want_value(V, id, 0)) return -1;
    int o = enclosing_role(V, id);
    if (o < 0) return fail_at(V, id, "role_sync outside a role");
    if (in->imm < 1 || in->imm > 15 || in->imm2 != ir->instrs[o].imm2)
      return fail_at(V, id, "named barrier %lld for %lld threads: expected 1..15 and the role's %lld threads",
                     (long long)in->imm, (long long)in->imm2, (long long)ir->instrs[o].imm2);
    if (in->fimm != 0) {
      /* a group barrier within the role: aligned groups of whole warps, their barriers imm.. within 15 */
      const int64_t g = (int64_t)in->fimm, start = ir->instrs[o].imm;
      if ((double)g != in->fimm || g <= 0 || g % ir->warp != 0 || g >= in->imm2 || in->imm2 % g != 0 || start % g != 0 ||
          in->imm + in->imm2 / g - 1 > 15)
        return fail_at(V, id, "role group barrier of %g threads in a role of %lld from thread %lld: expected whole warps "
                       "of %d dividing it into aligned groups, named barriers %lld.. within 15", in->fimm,
                       (long long)in->imm2, (long long)start, (int)ir->warp, (long long)in->imm);
    }
    return 0;
  }
  case TLUA_OP_NAMED_BAR: {
    if (want_nops(V, id, 1) || want_value(V, id, 0) || int_operands(V, id, 0, 1, "barrier index")) return -1;
    int o = enclosing_role(V, id);
    if (o < 0) return fail_at(V, id, "named_bar outside a role");
    if (in->imm <= group_roles(V, o) || in->vec < 1 || in->imm + in->vec - 1 > 15 || in->imm2 < ir->warp || in->imm2 % ir->warp != 0 ||
        in->imm2 > ir->instrs[o].imm2 || (in->fimm != 0 && in->fimm != 1))
      return fail_at(V, id, "named barriers %lld..%lld for %lld threads (%s): expected barriers past the roles' 1..%d, within "
                     "15, and whole warps of %d, at most the role's %lld threads", (long long)in->imm,
                     (long long)(in->imm + in->vec - 1), (long long)in->imm2, in->fimm == 1 ? "arrive" : in->fimm == 0 ? "sync" : "?",
                     group_roles(V, o), (int)ir->warp, (long long)ir->instrs[o].imm2);
    return 0;
  }
  case TLUA_OP_YIELD: {
    if (want_value(V, id, 0)) return -1;
    int r = V->region_of[id];
    if (V->owner[r] < 0 || V->pos_of[id] != ir->regions[r].n - 1)
      return fail_at(V, id, "yield must be the last instruction of a for body or an if branch");
    return 0;  /* operands are checked by the owning for/if */
  }
  default:
    return fail_at(V, id, "unknown op %d", in->op);
  }
}

/* Params, LDS buffers and header fields. */
static int check_header(Verifier *V) {
  const tlua_IR *ir = V->ir;
  if (ir->block < 1 || ir->block > MAX_BLOCK)
    return fail(V, "kernel %s: block %d is not in [1, %d]", ir->name, (int)ir->block, MAX_BLOCK);
  if (ir->warp < 1 || ir->warp > MAX_WARP || (ir->warp & (ir->warp - 1)))
    return fail(V, "kernel %s: warp %d is not a power of two in [1, %d]", ir->name, (int)ir->warp, MAX_WARP);
  if (ir->nparams < 0 || ir->nparams > TLUA_IR_MAX_PARAMS)
    return fail(V, "kernel %s: %d parameters (at most %d)", ir->name, (int)ir->nparams, TLUA_IR_MAX_PARAMS);
  if (ir->nlds < 0 || ir->nlds > TLUA_IR_MAX_LDS)
    return fail(V, "kernel %s: %d LDS buffers (at most %d)", ir->name, (int)ir->nlds, TLUA_IR_MAX_LDS);
  for (int i = 0; i < ir->nparams; i++) {
    const tlua_Param *p = &ir->params[i];
    if (p->dtype >= TLUA_NDTYPES || p->kind > TLUA_PARAM_TENSOR ||
        (p->kind == TLUA_PARAM_TENSOR && p->rank > TLUA_IR_MAX_RANK))
      return fail(V, "kernel %s: parameter %d (%s) has an invalid dtype, kind or rank", ir->name, i, p->name);
  }
  for (int i = 0; i < ir->nlds; i++)
    if (ir->lds[i].dtype >= TLUA_NDTYPES || ir->lds[i].count < 1)
      return fail(V, "kernel %s: LDS buffer %d has an invalid dtype or count %lld", ir->name, i,
                  (long long)ir->lds[i].count);
  if (ir->cluster < 0 || ir->cluster > 16 || (ir->cluster & (ir->cluster - 1)))
    return fail(V, "kernel %s: cluster of %d blocks (1, 2, 4, 8 or 16)", ir->name, (int)ir->cluster);
  if (ir->nmbar < 0 || ir->nmbar > TLUA_IR_MAX_MBAR || ir->ntma < 0 || ir->ntma > TLUA_IR_MAX_TMA)
    return fail(V, "kernel %s: %d mbarrier arrays (at most %d), %d TMA descriptors (at most %d)", ir->name,
                (int)ir->nmbar, TLUA_IR_MAX_MBAR, (int)ir->ntma, TLUA_IR_MAX_TMA);
  for (int i = 0; i < ir->nmbar; i++)
    if (ir->mbar[i].count < 1 || ir->mbar[i].count > 64 || ir->mbar[i].arrivals < 1 || ir->mbar[i].arrivals > (1 << 20) - 1)
      return fail(V, "kernel %s: mbarrier array %d: %d barriers of %d arrivals (1..64 barriers, 1..2^20-1 arrivals)",
                  ir->name, i, (int)ir->mbar[i].count, (int)ir->mbar[i].arrivals);
  if (ir->copy_groups && (ir->copy_groups < 1 || ir->copy_groups > ir->nmbar || ir->mbar[ir->copy_groups - 1].count != 8 ||
                          ir->mbar[ir->copy_groups - 1].arrivals != 1))
    return fail(V, "kernel %s: copy groups on mbarrier array %lld, which is not an array of 8 barriers of 1 arrival", ir->name,
                (long long)ir->copy_groups - 1);
  for (int i = 0; i < ir->ntma; i++) {
    const tlua_TmaDesc *d = &ir->tma[i];
    int ok = d->param >= 0 && d->param < ir->nparams && ir->params[d->param].kind == TLUA_PARAM_TENSOR &&
             d->rank >= 1 && d->rank <= 5 && d->rank == ir->params[d->param].rank && d->lds >= 0 && d->lds < ir->nlds &&
             ir->lds[d->lds].dtype == ir->params[d->param].dtype &&
             (d->swizzle == 0 || d->swizzle == 32 || d->swizzle == 64 || d->swizzle == 128);
    for (int k = 0; ok && k < d->rank; k++) ok = d->box[k] >= 1 && d->box[k] <= 256;
    if (ok && d->swizzle) ok = d->box[d->rank - 1] * dsize_of(ir->params[d->param].dtype) <= d->swizzle;
    if (!ok)
      return fail(V, "kernel %s: TMA descriptor %d is malformed (a tensor parameter of rank 1..5, an LDS buffer of its "
                  "dtype, box lengths 1..256 with the inner row within the swizzle span, swizzle 0/32/64/128)", ir->name, i);
  }
  if (ir->nregions < 1 || !ir->regions) return fail(V, "kernel %s: no body region", ir->name);
  if (ir->ninstrs < 0 || (ir->ninstrs > 0 && !ir->instrs) || ir->noperands < 0)
    return fail(V, "kernel %s: malformed instruction arrays", ir->name);
  return 0;
}

/* Placement: each instruction in exactly one region, each region owned by at most one for/if,
 * the owner tree rooted at region 0. */
static int check_placement(Verifier *V) {
  const tlua_IR *ir = V->ir;
  for (int i = 0; i < ir->ninstrs; i++) {
    const tlua_Instr *in = &ir->instrs[i];
    V->region_of[i] = -1;
    if (in->op >= TLUA_NOPS) return fail(V, "instruction %d (line %d): unknown op %d", i, (int)in->line, in->op);
    if (in->dtype >= TLUA_NDTYPES) return fail_at(V, i, "invalid dtype %d", in->dtype);
    if (in->nops < 0 || in->ops < 0 || (int64_t)in->ops + in->nops > ir->noperands)
      return fail_at(V, i, "operands %d..%d are outside the operand array (%d)", (int)in->ops,
                     (int)(in->ops + in->nops), (int)ir->noperands);
  }
  for (int r = 0; r < ir->nregions; r++) {
    V->owner[r] = -1;
    const tlua_Region *rg = &ir->regions[r];
    if (rg->n < 0 || (rg->n > 0 && !rg->instrs)) return fail(V, "region %d is malformed", r);
    for (int p = 0; p < rg->n; p++) {
      int id = rg->instrs[p];
      if (id < 0 || id >= ir->ninstrs) return fail(V, "region %d lists instruction %d, which does not exist", r, id);
      if (V->region_of[id] >= 0)
        return fail_at(V, id, "listed twice (regions %d and %d)", (int)V->region_of[id], r);
      V->region_of[id] = r;
      V->pos_of[id] = p;
    }
  }
  for (int i = 0; i < ir->ninstrs; i++) {
    if (V->region_of[i] < 0) return fail_at(V, i, "is in no region");
    const tlua_Instr *in = &ir->instrs[i];
    if (in->op != TLUA_OP_FOR && in->op != TLUA_OP_IF && in->op != TLUA_OP_ROLE) continue;
    for (int s = 0; s < (in->op == TLUA_OP_ROLE ? 1 : 2); s++) {
      int r = in->region[s];
      if (r == -1) continue;
      if (r < 0 || r >= ir->nregions) return fail_at(V, i, "region %d does not exist", r);
      if (r == 0) return fail_at(V, i, "region 0 is the kernel body and cannot be nested");
      if (V->owner[r] >= 0) return fail_at(V, i, "region %d is already owned by instruction %d", r, (int)V->owner[r]);
      V->owner[r] = i;
    }
  }
  for (int r = 1; r < ir->nregions; r++) {
    if (V->owner[r] < 0) {
      if (ir->regions[r].n > 0) return fail_at(V, ir->regions[r].instrs[0], "is in region %d, which no for/if owns", r);
      continue;
    }
    int x = r, steps = 0;
    while (x != 0) {
      if (V->owner[x] < 0 || ++steps > ir->nregions)
        return fail_at(V, V->owner[r], "region %d is not nested in the kernel body (cycle)", r);
      x = V->region_of[V->owner[x]];
    }
  }
  return 0;
}

int tlua_ir_verify(const tlua_IR *ir, char *err, size_t errsz) {
  if (err && errsz) err[0] = '\0';
  if (!ir) {
    if (err && errsz) snprintf(err, errsz, "no IR");
    return -1;
  }
  Verifier V = {ir, NULL, NULL, NULL, err, errsz};
  if (check_header(&V)) return -1;
  size_t ni = (size_t)ir->ninstrs + 1, nr = (size_t)ir->nregions;
  V.region_of = malloc(ni * sizeof *V.region_of);
  V.pos_of = malloc(ni * sizeof *V.pos_of);
  V.owner = malloc(nr * sizeof *V.owner);
  int rc = -1;
  if (!V.region_of || !V.pos_of || !V.owner) {
    fail(&V, "kernel %s: out of memory verifying the IR", ir->name);
    goto done;
  }
  if (check_placement(&V)) goto done;
  for (int i = 0; i < ir->ninstrs; i++)
    if (check_instr(&V, i)) goto done;
  rc = 0;
done:
  free(V.region_of);
  free(V.pos_of);
  free(V.owner);
  return rc;
}
