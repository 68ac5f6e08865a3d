/* ir.c - the kernel IR: building (growable arrays), op names and the readable printer. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"
#include "mma.h"
#include "wgmma.h"

/* --- lifetime and building ---------------------------------------------------------------------- */

static void copy_name(char *dst, size_t cap, const char *src) {
  if (!src) src = "";
  size_t n = strlen(src);
  if (n >= cap) n = cap - 1;
  memcpy(dst, src, n);
  dst[n] = '\0';
}

/* Grows *arr (elements of `size` bytes) so that it holds at least need elements. */
static int grow(void **arr, int32_t *cap, int64_t need, size_t size) {
  if (need <= *cap) return 0;
  if (need > INT32_MAX / 2) return -1;
  int64_t ncap = *cap ? *cap : 16;
  while (ncap < need) ncap *= 2;
  void *p = realloc(*arr, (size_t)ncap * size);
  if (!p) return -1;
  *arr = p;
  *cap = (int32_t)ncap;
  return 0;
}

tlua_IR *tlua_ir_new(const char *name, int block, int warp) {
  tlua_IR *ir = calloc(1, sizeof *ir);
  if (!ir) return NULL;
  copy_name(ir->name, sizeof ir->name, name);
  ir->block = block;
  ir->warp = warp;
  if (tlua_ir_new_region(ir) != 0) {
    tlua_ir_free(ir);
    return NULL;
  }
  return ir;
}

void tlua_ir_free(tlua_IR *ir) {
  if (!ir) return;
  for (int32_t r = 0; r < ir->nregions; r++) free(ir->regions[r].instrs);
  free(ir->regions);
  free(ir->instrs);
  free(ir->operands);
  free(ir);
}

int tlua_ir_add_param(tlua_IR *ir, const char *name, tlua_ParamKind kind, tlua_DType dt, int rank) {
  if (ir) ir->verified = 0;
  if (!ir || ir->nparams >= TLUA_IR_MAX_PARAMS || rank < 0 || rank > TLUA_IR_MAX_RANK) return -1;
  tlua_Param *p = &ir->params[ir->nparams];
  memset(p, 0, sizeof *p);
  copy_name(p->name, sizeof p->name, name);
  p->kind = (uint8_t)kind;
  p->dtype = (uint8_t)dt;
  p->rank = (uint8_t)rank;
  return ir->nparams++;
}

int tlua_ir_add_lds(tlua_IR *ir, tlua_DType dt, int64_t count) {
  if (ir) ir->verified = 0;
  if (!ir || ir->nlds >= TLUA_IR_MAX_LDS) return -1;
  ir->lds[ir->nlds].dtype = (uint8_t)dt;
  ir->lds[ir->nlds].count = count;
  return ir->nlds++;
}

int tlua_ir_add_mbar(tlua_IR *ir, int32_t count, int32_t arrivals) {
  if (ir) ir->verified = 0;
  if (!ir || ir->nmbar >= TLUA_IR_MAX_MBAR) return -1;
  ir->mbar[ir->nmbar].count = count;
  ir->mbar[ir->nmbar].arrivals = arrivals;
  return ir->nmbar++;
}

int tlua_ir_add_tma(tlua_IR *ir, const tlua_TmaDesc *d) {
  if (ir) ir->verified = 0;
  if (!ir || ir->ntma >= TLUA_IR_MAX_TMA) return -1;
  ir->tma[ir->ntma] = *d;
  return ir->ntma++;
}

int tlua_ir_new_region(tlua_IR *ir) {
  if (ir) ir->verified = 0;
  if (!ir || grow((void **)&ir->regions, &ir->cap_regions, (int64_t)ir->nregions + 1,
                  sizeof *ir->regions) != 0)
    return -1;
  ir->regions[ir->nregions] = (tlua_Region){NULL, 0, 0};
  return ir->nregions++;
}

int tlua_ir_emit(tlua_IR *ir, int region, tlua_Op op, tlua_DType dt, int has_value,
                 const int32_t *ops, int nops, int line) {
  if (ir) ir->verified = 0;
  if (!ir || region < 0 || region >= ir->nregions || nops < 0 || (nops > 0 && !ops)) return -1;
  tlua_Region *rg = &ir->regions[region];
  if (grow((void **)&ir->instrs, &ir->cap_instrs, (int64_t)ir->ninstrs + 1, sizeof *ir->instrs) ||
      grow((void **)&ir->operands, &ir->cap_operands, (int64_t)ir->noperands + nops,
           sizeof *ir->operands) ||
      grow((void **)&rg->instrs, &rg->cap, (int64_t)rg->n + 1, sizeof *rg->instrs))
    return -1;
  int id = ir->ninstrs++;
  tlua_Instr *in = &ir->instrs[id];
  memset(in, 0, sizeof *in);
  in->op = (uint16_t)op;
  in->dtype = (uint8_t)dt;
  in->has_value = has_value ? 1 : 0;
  in->nops = nops;
  in->ops = ir->noperands;
  in->region[0] = in->region[1] = -1;
  in->line = line;
  if (nops > 0) memcpy(ir->operands + ir->noperands, ops, (size_t)nops * sizeof *ops);
  ir->noperands += nops;
  rg->instrs[rg->n++] = id;
  return id;
}

int tlua_ir_mem_operands(const tlua_IR *ir, const tlua_Instr *in, tlua_MemOperands *mo) {
  int n = in->nops, pos[4] = {-1, -1, -1, -1};  /* offset, value, cmp, mask */
  switch (in->op) {
  case TLUA_OP_LOAD: case TLUA_OP_LDS_LOAD:
    if (n < 1 || n > 2) return -1;
    pos[0] = 0;
    if (n == 2) pos[3] = 1;
    break;
  case TLUA_OP_STORE: case TLUA_OP_LDS_STORE:
    if (n < 2 || n > 3) return -1;
    pos[0] = 0, pos[1] = 1;
    if (n == 3) pos[3] = 2;
    break;
  case TLUA_OP_ATOMIC: {
    if (n < 2 || n > 4) return -1;
    pos[0] = 0, pos[1] = 1;
    if (n == 4) {
      pos[2] = 2, pos[3] = 3;
    } else {
      int k = 2;
      if (in->atomic_op == TLUA_ATOMIC_CAS && k < n) pos[2] = k++;
      if (k < n) pos[3] = k++;
      if (k != n) return -1;
    }
    break;
  }
  default:
    return -1;
  }
  const int32_t *o = tlua_ir_ops(ir, in);
  int32_t *ids[4] = {&mo->offset, &mo->value, &mo->cmp, &mo->mask};
  for (int k = 0; k < 4; k++) {
    mo->at[k] = (int8_t)pos[k];
    *ids[k] = pos[k] >= 0 ? o[pos[k]] : -1;
  }
  return 0;
}

/* --- names --------------------------------------------------------------------------------------- */

static const char *const op_names[TLUA_NOPS] = {
  [TLUA_OP_CONST] = "const", [TLUA_OP_PARAM] = "param", [TLUA_OP_SHAPE] = "shape",
  [TLUA_OP_STRIDE] = "stride", [TLUA_OP_THREAD_ID] = "thread_id", [TLUA_OP_BLOCK_ID] = "block_id",
  [TLUA_OP_GRID_DIM] = "grid_dim",
  [TLUA_OP_ADD] = "add", [TLUA_OP_SUB] = "sub", [TLUA_OP_MUL] = "mul", [TLUA_OP_DIV] = "div",
  [TLUA_OP_REM] = "rem", [TLUA_OP_MIN] = "min", [TLUA_OP_MAX] = "max",
  [TLUA_OP_AND] = "and", [TLUA_OP_OR] = "or", [TLUA_OP_XOR] = "xor", [TLUA_OP_SHL] = "shl",
  [TLUA_OP_SHR] = "shr", [TLUA_OP_NEG] = "neg", [TLUA_OP_NOT] = "not", [TLUA_OP_ABS] = "abs",
  [TLUA_OP_EXP] = "exp", [TLUA_OP_LOG] = "log", [TLUA_OP_EXP2] = "exp2", [TLUA_OP_LOG2] = "log2",
  [TLUA_OP_SQRT] = "sqrt", [TLUA_OP_RSQRT] = "rsqrt", [TLUA_OP_SIN] = "sin", [TLUA_OP_COS] = "cos",
  [TLUA_OP_TANH] = "tanh", [TLUA_OP_FLOOR] = "floor", [TLUA_OP_CEIL] = "ceil", [TLUA_OP_POW] = "pow",
  [TLUA_OP_FMA] = "fma",
  [TLUA_OP_LT] = "lt", [TLUA_OP_LE] = "le", [TLUA_OP_GT] = "gt", [TLUA_OP_GE] = "ge",
  [TLUA_OP_EQ] = "eq", [TLUA_OP_NE] = "ne", [TLUA_OP_SELECT] = "select", [TLUA_OP_CAST] = "cast",
  [TLUA_OP_LOAD] = "load", [TLUA_OP_STORE] = "store", [TLUA_OP_LDS_LOAD] = "lds_load",
  [TLUA_OP_LDS_STORE] = "lds_store", [TLUA_OP_ATOMIC] = "atomic", [TLUA_OP_BARRIER] = "barrier",
  [TLUA_OP_SHFL_XOR] = "shfl_xor", [TLUA_OP_SHFL_IDX] = "shfl_idx",
  [TLUA_OP_FOR] = "for", [TLUA_OP_LOOP_IV] = "loop_iv", [TLUA_OP_LOOP_CARRY] = "loop_carry",
  [TLUA_OP_FOR_RESULT] = "for_result", [TLUA_OP_IF] = "if", [TLUA_OP_IF_RESULT] = "if_result",
  [TLUA_OP_YIELD] = "yield", [TLUA_OP_MMA] = "mma", [TLUA_OP_MMA_RESULT] = "mma_result",
  [TLUA_OP_LDS_MATRIX] = "lds_matrix", [TLUA_OP_LDS_COPY] = "lds_copy", [TLUA_OP_ASYNC_COMMIT] = "async_commit",
  [TLUA_OP_ASYNC_WAIT] = "async_wait",
  [TLUA_OP_COPY_GROUP] = "copy_group", [TLUA_OP_WGMMA] = "wgmma", [TLUA_OP_WGMMA_WAIT] = "wgmma_wait", [TLUA_OP_UNDEF] = "undef",
  [TLUA_OP_MBAR_ARRIVE] = "mbar_arrive", [TLUA_OP_MBAR_WAIT] = "mbar_wait", [TLUA_OP_TMA_LOAD] = "tma_load",
  [TLUA_OP_ROLE] = "role", [TLUA_OP_ROLE_SYNC] = "role_sync",
  [TLUA_OP_CLUSTER_RANK] = "cluster_rank", [TLUA_OP_CLUSTER_SYNC] = "cluster_sync",
  [TLUA_OP_TMA_STORE] = "tma_store", [TLUA_OP_TMA_STORE_WAIT] = "tma_store_wait",
  [TLUA_OP_BITCAST] = "bitcast", [TLUA_OP_NAMED_BAR] = "named_bar",
};

const char *tlua_op_name(tlua_Op op) {
  return (int)op >= 0 && op < TLUA_NOPS && op_names[op] ? op_names[op] : "?";
}

/* --- printer ------------------------------------------------------------------------------------- */

typedef struct Buf { char *s; size_t n, cap; int oom; } Buf;

static void put(Buf *b, const char *fmt, ...) {
  if (b->oom) return;
  for (;;) {
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(b->s + b->n, b->cap - b->n, fmt, ap);
    va_end(ap);
    if (k < 0) { b->oom = 1; return; }
    if ((size_t)k < b->cap - b->n) { b->n += (size_t)k; return; }
    size_t ncap = b->cap * 2 + (size_t)k + 64;
    char *p = realloc(b->s, ncap);
    if (!p) { b->oom = 1; return; }
    b->s = p;
    b->cap = ncap;
  }
}

static const char *dt_name(int dt) {
  const tlua_DTypeInfo *di = tlua_dtype_info((tlua_DType)dt);
  return di ? di->name : "?";
}

static int dt_is_float(int dt) {
  const tlua_DTypeInfo *di = tlua_dtype_info((tlua_DType)dt);
  return di && di->is_float;
}

/* A constant or padding value in the notation of its dtype. */
static void put_scalar(Buf *b, int dt, int64_t imm, double fimm) {
  if (dt_is_float(dt)) put(b, dt == TLUA_F64 ? "%.17g" : "%.9g", fimm);
  else if (dt == TLUA_BOOL) put(b, "%s", imm ? "true" : "false");
  else if (dt == TLUA_U64) put(b, "%" PRIu64, (uint64_t)imm);
  else put(b, "%" PRId64, imm);
}

static void put_operand(Buf *b, int32_t v) {
  if (v < 0) put(b, "none");
  else put(b, "%%%d", (int)v);
}

static const char *param_name(const tlua_IR *ir, int64_t p) {
  return p >= 0 && p < ir->nparams ? ir->params[p].name : "?";
}

static const char *const atomic_names[] = {"add", "and", "or", "xor", "max", "min", "xchg", "cas"};
static const char *const order_names[] = {"relaxed", "acquire", "release", "acq_rel"};
static const char *const scope_names[] = {"block", "device", "system"};

#define NAME_OF(tab, i) ((i) < sizeof tab / sizeof tab[0] ? tab[i] : "?")

static void put_region(Buf *b, const tlua_IR *ir, int r, int depth);

/* Memory target: x[%3] for tensors, lds1[%3] for LDS buffers. */
static void put_target(Buf *b, const tlua_IR *ir, int lds, int64_t t, int32_t off) {
  if (lds) put(b, "lds%" PRId64 "[", t);
  else put(b, "%s[", param_name(ir, t));
  put_operand(b, off);
  put(b, "]");
}

static void put_instr(Buf *b, const tlua_IR *ir, int id, int depth) {
  const tlua_Instr *in = &ir->instrs[id];
  const int32_t *o = tlua_ir_ops(ir, in);
  int n = in->nops;
  put(b, "%*s", 2 * depth, "");
  if (in->has_value) put(b, "%%%d:%s = ", id, dt_name(in->dtype));
  put(b, "%s", tlua_op_name((tlua_Op)in->op));
  switch (in->op) {
  case TLUA_OP_CONST: put(b, " "); put_scalar(b, in->dtype, in->imm, in->fimm); break;
  case TLUA_OP_PARAM: put(b, " %s", param_name(ir, in->imm)); break;
  case TLUA_OP_SHAPE: case TLUA_OP_STRIDE:
    put(b, " %s, %" PRId64, param_name(ir, in->imm), in->imm2);
    break;
  case TLUA_OP_BLOCK_ID: case TLUA_OP_GRID_DIM: put(b, " %c", in->imm >= 0 && in->imm <= 2 ? "xyz"[in->imm] : '?');
    break;
  case TLUA_OP_LOAD: case TLUA_OP_LDS_LOAD: case TLUA_OP_STORE: case TLUA_OP_LDS_STORE:
  case TLUA_OP_ATOMIC: {
    tlua_MemOperands mo;
    if (tlua_ir_mem_operands(ir, in, &mo)) {
      put(b, " <%d operands>", n);
      break;
    }
    int lds = in->op == TLUA_OP_LDS_LOAD || in->op == TLUA_OP_LDS_STORE ||
              (in->op == TLUA_OP_ATOMIC && in->space == TLUA_SPACE_LDS);
    if (in->op == TLUA_OP_ATOMIC) put(b, " %s", NAME_OF(atomic_names, in->atomic_op));
    put(b, " ");
    put_target(b, ir, lds, in->imm, mo.offset);
    if (in->op == TLUA_OP_STORE || in->op == TLUA_OP_LDS_STORE) { put(b, " = "); put_operand(b, mo.value); }
    if (in->op == TLUA_OP_ATOMIC) { put(b, ", "); put_operand(b, mo.value); }
    if (mo.cmp >= 0) { put(b, " cmp "); put_operand(b, mo.cmp); }
    if (mo.mask >= 0) {
      put(b, " mask ");
      put_operand(b, mo.mask);
      if (in->op == TLUA_OP_LOAD || in->op == TLUA_OP_LDS_LOAD) {
        put(b, " pad ");
        put_scalar(b, in->dtype, in->imm2, in->fimm);
      }
    }
    if (in->op == TLUA_OP_ATOMIC) put(b, " %s %s", NAME_OF(order_names, in->order), NAME_OF(scope_names, in->scope));
    break;
  }
  case TLUA_OP_LDS_MATRIX:
    put(b, " ");
    put_target(b, ir, 1, in->imm, n > 0 ? o[0] : -1);
    put(b, "%s vec %d.%d", in->imm2 ? " trans" : "", in->vec, in->vec_lane);
    break;
  case TLUA_OP_LDS_COPY:
    if (n < 2 || n > 3) { put(b, " <%d operands>", n); break; }
    put(b, " ");
    put_target(b, ir, 1, in->imm, o[0]);
    put(b, " <- ");
    put_target(b, ir, 0, in->imm2, o[1]);
    if (n == 3 && o[2] >= 0) { put(b, " mask "); put_operand(b, o[2]); }
    if (in->vec > 1) put(b, " vec %d.%d", in->vec, in->vec_lane);
    break;
  case TLUA_OP_ASYNC_WAIT: case TLUA_OP_WGMMA_WAIT: put(b, " %" PRId64, in->imm); break;
  case TLUA_OP_MBAR_ARRIVE: case TLUA_OP_MBAR_WAIT:
    put(b, " mbar%" PRId64 "[", in->imm);
    put_operand(b, n > 0 ? o[0] : -1);
    put(b, "]");
    if (n > 1) { put(b, in->op == TLUA_OP_MBAR_WAIT ? " parity " : " tx "); put_operand(b, o[1]); }
    if (n > 2) { put(b, " of block "); put_operand(b, o[2]); }
    if (in->op == TLUA_OP_MBAR_ARRIVE && in->imm2 == 1) put(b, " fence");
    break;
  case TLUA_OP_TMA_LOAD: {
    const tlua_TmaDesc *d = in->imm >= 0 && in->imm < ir->ntma ? &ir->tma[in->imm] : NULL;
    if (!d || n != 2 + d->rank + (in->vec == 1)) { put(b, " <descriptor %" PRId64 ", %d operands>", in->imm, n); break; }
    put(b, " ");
    put_target(b, ir, 1, d->lds, o[0]);
    put(b, " <- %s[", param_name(ir, d->param));
    for (int k = 0; k < d->rank; k++) { put(b, k ? ", " : ""); put_operand(b, o[2 + k]); }
    put(b, "] box");
    for (int k = 0; k < d->rank; k++) put(b, "%s%d", k ? "x" : " ", (int)d->box[k]);
    if (d->swizzle) put(b, " swizzle %d", (int)d->swizzle);
    put(b, " mbar%" PRId64 "[", in->imm2);
    put_operand(b, o[1]);
    put(b, "] by thread %d", (int)in->fimm);
    if (in->vec == 1) { put(b, " multicast "); put_operand(b, o[2 + d->rank]); }
    break;
  }
  case TLUA_OP_TMA_STORE: {
    const tlua_TmaDesc *d = in->imm >= 0 && in->imm < ir->ntma ? &ir->tma[in->imm] : NULL;
    if (!d || n != 1 + d->rank) { put(b, " <descriptor %" PRId64 ", %d operands>", in->imm, n); break; }
    put(b, " %s[", param_name(ir, d->param));
    for (int k = 0; k < d->rank; k++) { put(b, k ? ", " : ""); put_operand(b, o[1 + k]); }
    put(b, "] <- ");
    put_target(b, ir, 1, d->lds, o[0]);
    put(b, " box");
    for (int k = 0; k < d->rank; k++) put(b, "%s%d", k ? "x" : " ", (int)d->box[k]);
    if (d->swizzle) put(b, " swizzle %d", (int)d->swizzle);
    if (in->imm2 == 1) put(b, " add");
    put(b, " by thread %d", (int)in->fimm);
    break;
  }
  case TLUA_OP_TMA_STORE_WAIT:
    put(b, " %" PRId64 "%s by thread %d", in->imm, in->imm2 == 1 ? " written" : "", (int)in->fimm);
    break;
  case TLUA_OP_ROLE:
    put(b, " threads %" PRId64 "..%" PRId64, in->imm, in->imm + in->imm2 - 1);
    if (in->fimm > 0) put(b, " registers %d", (int)in->fimm);
    if (in->vec > 0) put(b, " in groups of %d warps", (int)in->vec);
    break;
  case TLUA_OP_ROLE_SYNC:
    put(b, " %" PRId64 ", %" PRId64 " threads", in->imm, in->imm2);
    if (in->fimm > 0) put(b, " in groups of %d", (int)in->fimm);
    break;
  case TLUA_OP_NAMED_BAR:
    put(b, " %s %" PRId64 " + ", in->fimm > 0 ? "arrive" : "sync", in->imm);
    put_operand(b, n > 0 ? o[0] : -1);
    put(b, " of %d, %" PRId64 " threads", (int)in->vec, in->imm2);
    break;
  case TLUA_OP_BARRIER:
    if (in->imm > 0) put(b, " groups of %" PRId64 " threads", in->imm);
    break;
  case TLUA_OP_SHFL_XOR:
    put(b, " ");
    put_operand(b, n > 0 ? o[0] : -1);
    put(b, ", %" PRId64, in->imm);
    break;
  case TLUA_OP_MMA: {
    const tlua_MmaInfo *mi = tlua_mma_info(in->imm);
    if (!mi || n != mi->na + mi->nb + mi->nc) {
      put(b, " <layout %" PRId64 ", %d operands>", in->imm, n);
      break;
    }
    put(b, " %s %s", mi->amd ? "amd" : "nvidia", mi->name);
    const char *part[3] = {" a(", " b(", " c("};
    const int cnt[3] = {mi->na, mi->nb, mi->nc};
    for (int q = 0, i = 0; q < 3; q++) {
      put(b, "%s", part[q]);
      for (int j = 0; j < cnt[q]; j++, i++) { put(b, j ? ", " : ""); put_operand(b, o[i]); }
      put(b, ")");
    }
    break;
  }
  case TLUA_OP_WGMMA: {
    tlua_Wgmma w;
    if (tlua_wgmma_unpack(in->imm, in->imm2, &w) || n != tlua_wgmma_nops(&w)) {
      put(b, " <imm %" PRId64 ", %d operands>", in->imm, n);
      break;
    }
    const int nc = w.n / 2, bop = tlua_wgmma_bop(&w);
    const char *dn = w.fp8 == 1 ? "f8e4m3" : w.fp8 == 2 ? "f8e5m2" : w.bf16 ? "bf16" : "f16";
    if (w.a_regs) {
      put(b, " m64n%dk%dx%d %s a(registers ", w.n, tlua_wgmma_k(&w), w.ksteps, dn);
      for (int i = nc; i < bop; i++) { put(b, i > nc ? ", " : ""); put_operand(b, o[i]); }
      put(b, ") b(lds%d ", w.lds_b);
    } else {
      put(b, " m64n%dk%dx%d %s a(lds%d ", w.n, tlua_wgmma_k(&w), w.ksteps, dn, w.lds_a);
      put_operand(b, o[nc]);
      put(b, " %s step %d lbo %d sbo %d) b(lds%d ", w.trans_a ? "mn" : "k", w.a_step, w.a_lbo, w.a_sbo, w.lds_b);
    }
    put_operand(b, o[bop]);
    char pend[16] = "";
    if (w.pending) snprintf(pend, sizeof pend, " pending %d", w.pending);
    put(b, " %s step %d lbo %d sbo %d)%s c(", w.trans_b ? "mn" : "k", w.b_step, w.b_lbo, w.b_sbo, pend);
    for (int i = 0; i < nc; i++) { put(b, i ? ", " : ""); put_operand(b, o[i]); }
    if (w.scale_op) { put(b, ") accumulate("); put_operand(b, o[bop + 1]); }
    put(b, ")");
    break;
  }
  case TLUA_OP_LOOP_CARRY: case TLUA_OP_FOR_RESULT: case TLUA_OP_IF_RESULT: case TLUA_OP_MMA_RESULT:
    for (int i = 0; i < n; i++) { put(b, i ? ", " : " "); put_operand(b, o[i]); }
    put(b, " #%" PRId64, in->imm);
    break;
  case TLUA_OP_FOR:
    put(b, " ");
    for (int i = 0; i < n && i < 3; i++) { put(b, i ? ", " : ""); put_operand(b, o[i]); }
    if (n > 3) {
      put(b, " iter(");
      for (int i = 3; i < n; i++) { put(b, i > 3 ? ", " : ""); put_operand(b, o[i]); }
      put(b, ")");
    }
    break;
  case TLUA_OP_IF:
    put(b, " ");
    put_operand(b, n > 0 ? o[0] : -1);
    if (n > 1) {
      put(b, " init(");
      for (int i = 1; i < n; i++) { put(b, i > 1 ? ", " : ""); put_operand(b, o[i]); }
      put(b, ")");
    }
    break;
  default:
    for (int i = 0; i < n; i++) { put(b, i ? ", " : " "); put_operand(b, o[i]); }
    break;
  }
  if (in->op == TLUA_OP_EXP2 && in->imm == 1) put(b, " flush_to_zero");
  if (in->op == TLUA_OP_XOR && in->imm == TLUA_XOR_STAY) put(b, " stay");
  if (in->op == TLUA_OP_FOR && in->imm == TLUA_FOR_WHILE) put(b, " while carry 0");
  if ((in->op == TLUA_OP_LOAD || in->op == TLUA_OP_STORE || in->op == TLUA_OP_LDS_LOAD ||
       in->op == TLUA_OP_LDS_STORE) && in->vec > 1)
    put(b, " vec %d.%d", in->vec, in->vec_lane);
  const int nested = in->op == TLUA_OP_FOR || in->op == TLUA_OP_IF || in->op == TLUA_OP_ROLE;
  if (nested) put(b, " {");
  if (in->line > 0) put(b, "    ; line %d", (int)in->line);
  put(b, "\n");
  if (nested) {
    if (in->region[0] >= 0) put_region(b, ir, in->region[0], depth + 1);
    if (in->op == TLUA_OP_IF && in->region[1] >= 0 && ir->regions[in->region[1]].n > 0) {
      put(b, "%*s} else {\n", 2 * depth, "");
      put_region(b, ir, in->region[1], depth + 1);
    }
    put(b, "%*s}\n", 2 * depth, "");
  }
}

static void put_region(Buf *b, const tlua_IR *ir, int r, int depth) {
  /* depth bounds malformed (cyclic) region trees; the verifier rejects those anyway */
  if (r < 0 || r >= ir->nregions || depth > 200) { put(b, "%*s<bad region %d>\n", 2 * depth, "", r); return; }
  const tlua_Region *rg = &ir->regions[r];
  for (int32_t i = 0; i < rg->n; i++) {
    int id = rg->instrs[i];
    if (id < 0 || id >= ir->ninstrs) { put(b, "%*s<bad instruction %d>\n", 2 * depth, "", id); continue; }
    put_instr(b, ir, id, depth);
  }
}

char *tlua_ir_print(const tlua_IR *ir) {
  Buf b = {malloc(1024), 0, 1024, 0};
  if (!b.s) return NULL;
  b.s[0] = '\0';
  put(&b, "kernel %s (block %d, warp %d)\n", ir->name, (int)ir->block, (int)ir->warp);
  if (ir->cluster > 1) put(&b, "  cluster %d blocks along x\n", (int)ir->cluster);
  if (ir->copy_groups) put(&b, "  copy groups on mbar%lld\n", (long long)ir->copy_groups - 1);
  for (int i = 0; i < ir->nparams; i++) {
    const tlua_Param *p = &ir->params[i];
    if (p->kind == TLUA_PARAM_TENSOR) {
      put(&b, "  param %d %s: tensor(%s, %d)", i, p->name, dt_name(p->dtype), (int)p->rank);
      if (p->shape_div16 || p->stride_div16 || p->aligned16 || p->last_contiguous) {
        put(&b, " [");
        const char *sep = "";
        if (p->shape_div16 & 0xffu) { put(&b, "%sshape%%16=0x%x", sep, (unsigned)(p->shape_div16 & 0xffu)); sep = " "; }
        if (p->shape_div16 >> 8) { put(&b, "%slast%%%u=0", sep, TLUA_SHAPE_LAST_DIV(p->shape_div16)); sep = " "; }
        if (p->stride_div16) { put(&b, "%sstride_bytes%%16=0x%x", sep, (unsigned)p->stride_div16); sep = " "; }
        if (p->aligned16) { put(&b, "%saligned16", sep); sep = " "; }
        if (p->last_contiguous) put(&b, "%scontiguous", sep);
        put(&b, "]");
      }
      put(&b, "\n");
    } else {
      put(&b, "  param %d %s: %s\n", i, p->name, dt_name(p->dtype));
    }
  }
  for (int i = 0; i < ir->nlds; i++)
    put(&b, "  lds%d: %s[%" PRId64 "]\n", i, dt_name(ir->lds[i].dtype), ir->lds[i].count);
  for (int i = 0; i < ir->nmbar; i++)
    put(&b, "  mbar%d: %d mbarriers of %d arrivals\n", i, (int)ir->mbar[i].count, (int)ir->mbar[i].arrivals);
  for (int i = 0; i < ir->ntma; i++) {
    const tlua_TmaDesc *d = &ir->tma[i];
    put(&b, "  tma%d: %s -> lds%d box", i, param_name(ir, d->param), (int)d->lds);
    for (int k = 0; k < d->rank && k < TLUA_IR_MAX_RANK; k++) put(&b, "%s%d", k ? "x" : " ", (int)d->box[k]);
    put(&b, " swizzle %d\n", (int)d->swizzle);
  }
  put(&b, "body {\n");
  if (ir->nregions > 0) put_region(&b, ir, 0, 1);
  put(&b, "}\n");
  if (b.oom) { free(b.s); return NULL; }
  return b.s;
}

int tlua_ir_verified(tlua_IR *ir, char *err, size_t errsz) {
  if (ir->verified) return 0;
  int status = tlua_ir_verify(ir, err, errsz);
  ir->verified = status == 0;
  return status;
}

void tlua_ir_yield_dests(const tlua_IR *ir, const int32_t **dst) {
  for (int r = 0; r < ir->nregions; r++) dst[r] = NULL;
  for (int r = 0; r < ir->nregions; r++) {
    const tlua_Region *rg = &ir->regions[r];
    for (int p = 0; p < rg->n; p++) {
      const tlua_Instr *in = &ir->instrs[rg->instrs[p]];
      if (in->op == TLUA_OP_IF) {
        for (int s = 0; s < 2; s++)
          if (in->region[s] >= 0) dst[in->region[s]] = &rg->instrs[p + 1]; /* the IF_RESULTs after it */
      } else if (in->op == TLUA_OP_FOR) {
        dst[in->region[0]] = &ir->regions[in->region[0]].instrs[1]; /* after LOOP_IV: the carries */
      }
    }
  }
}
