/* exec.c - the CPU executor: runs a verified IR one block at a time, every value a vector over the
 * block's lanes, with an active-lane list per region for divergent control flow (see exec.h).
 *
 * Semantics worth knowing:
 * - Blocks run in order, x fastest; within a block each instruction runs over all active lanes
 *   before the next one starts. So every store of an instruction is visible to every load of a
 *   later one, which is why a barrier (reached by the whole block) needs no further action.
 * - Lanes run in increasing order within an instruction: stores of several lanes to one element
 *   leave the highest lane's value; atomics apply in lane order (one valid order of many).
 * - Values computed inside a branch or loop exist only for the lanes that were active there. A
 *   shuffle that reads an inactive lane gets that lane's last value of the shuffled SSA value:
 *   from an earlier loop iteration or block, or 0 when the lane never computed it.
 * - A masked-off lane of an atomic with want_old gets 0 as its old value.
 * - An MMA runs per warp on whole warps (exec_mma.c): a warp with some but not all lanes active is an error.
 *   Its results are rounded once from a double evaluation (mma.h); GPUs round their sums their way. */
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec.h"
#include "exec_impl.h"
#include "exec_ops.h"

#define DEFAULT_LDS_BYTES TLUA_LDS_MAX

static int dt_size(int dt) {
  switch (dt) {
  case TLUA_F64: case TLUA_I64: case TLUA_U64: return 8;
  case TLUA_F32: case TLUA_I32: case TLUA_U32: return 4;
  case TLUA_F16: case TLUA_BF16: case TLUA_I16: case TLUA_U16: return 2;
  default: return 1;
  }
}
static int is_signed_int(int dt) {
  return dt == TLUA_I8 || dt == TLUA_I16 || dt == TLUA_I32 || dt == TLUA_I64;
}
static const char *dtn(int dt) {
  const tlua_DTypeInfo *di = tlua_dtype_info((tlua_DType)dt);
  return di ? di->name : "?";
}

/* --- errors --------------------------------------------------------------------------------------- */

/* "kernel K: <what> at line L (thread t, block (x, y, z))"; lane < 0 leaves the thread out,
 * in == NULL the line (errors of the launch as a whole). */
int tlua_exec_error(Exec *ex, const tlua_Instr *in, int lane, const char *fmt, ...) {
  if (!ex->err || !ex->errsz) return -1;
  size_t n = 0;
  int k = snprintf(ex->err, ex->errsz, "kernel %s: ", ex->ir->name);
  if (k > 0) n = (size_t)k < ex->errsz ? (size_t)k : ex->errsz - 1;
  va_list ap;
  va_start(ap, fmt);
  k = vsnprintf(ex->err + n, ex->errsz - n, fmt, ap);
  va_end(ap);
  if (k > 0) n += (size_t)k < ex->errsz - n ? (size_t)k : ex->errsz - n - 1;
  k = 0;
  if (in && in->line > 0) k = snprintf(ex->err + n, ex->errsz - n, " at line %d", (int)in->line);
  else if (in) k = snprintf(ex->err + n, ex->errsz - n, " (script line unknown)");
  if (k > 0) n += (size_t)k < ex->errsz - n ? (size_t)k : ex->errsz - n - 1;
  if (lane >= 0)
    snprintf(ex->err + n, ex->errsz - n, " (thread %d, block (%" PRId64 ", %" PRId64 ", %" PRId64 "))",
             lane, ex->bid[0], ex->bid[1], ex->bid[2]);
  return -1;
}

/* --- memory ------------------------------------------------------------------------------------- */

/* Element access in the memory format of dt; memcpy because tensor views need not be aligned. */
static inline tlua_Slot mem_get(int dt, const uint8_t *p) {
  tlua_Slot s;
  s.u = 0;
  switch (dt) {
  case TLUA_F32: memcpy(&s.f, p, 4); break;
  case TLUA_F64: memcpy(&s.d, p, 8); break;
  case TLUA_F16: { uint16_t h; memcpy(&h, p, 2); s.f = tlua_half_to_float(h); break; }
  case TLUA_BF16: { uint16_t h; memcpy(&h, p, 2); s.f = tlua_bf16_to_float(h); break; }
  case TLUA_F8E4M3: case TLUA_F8E5M2: s.f = tlua_fp8_to_float(*p, dt == TLUA_F8E5M2); break;
  case TLUA_I8: { int8_t v; memcpy(&v, p, 1); s.i = v; break; }
  case TLUA_U8: { uint8_t v; memcpy(&v, p, 1); s.u = v; break; }
  case TLUA_I16: { int16_t v; memcpy(&v, p, 2); s.i = v; break; }
  case TLUA_U16: { uint16_t v; memcpy(&v, p, 2); s.u = v; break; }
  case TLUA_I32: { int32_t v; memcpy(&v, p, 4); s.i = v; break; }
  case TLUA_U32: { uint32_t v; memcpy(&v, p, 4); s.u = v; break; }
  case TLUA_I64: case TLUA_U64: memcpy(&s.u, p, 8); break;
  case TLUA_BOOL: s.u = *p != 0; break;
  default: break;
  }
  return s;
}

static inline void mem_put(int dt, uint8_t *p, tlua_Slot s) {
  switch (dt) {
  case TLUA_F32: memcpy(p, &s.f, 4); break;
  case TLUA_F64: memcpy(p, &s.d, 8); break;
  case TLUA_F16: { uint16_t h = tlua_float_to_half(s.f); memcpy(p, &h, 2); break; }
  case TLUA_BF16: { uint16_t h = tlua_float_to_bf16(s.f); memcpy(p, &h, 2); break; }
  case TLUA_F8E4M3: case TLUA_F8E5M2: *p = tlua_double_to_fp8((double)s.f, dt == TLUA_F8E5M2); break;
  case TLUA_I8: case TLUA_U8: { uint8_t v = (uint8_t)s.u; memcpy(p, &v, 1); break; }
  case TLUA_I16: case TLUA_U16: { uint16_t v = (uint16_t)s.u; memcpy(p, &v, 2); break; }
  case TLUA_I32: case TLUA_U32: { uint32_t v = (uint32_t)s.u; memcpy(p, &v, 4); break; }
  case TLUA_I64: case TLUA_U64: memcpy(p, &s.u, 8); break;
  case TLUA_BOOL: *p = s.u != 0; break;
  default: break;
  }
}

Target tlua_exec_target(const Exec *ex, int lds, int64_t index) {
  Target t;
  t.lds = lds;
  t.index = index;
  if (lds) {
    t.base = ex->lds[index];
    t.dt = ex->ir->lds[index].dtype;
    t.extent = (uint64_t)ex->ir->lds[index].count;
  } else {
    const tlua_ExecArg *a = &ex->args[index];
    t.base = a->data;
    t.dt = ex->ir->params[index].dtype;
    t.extent = a->data && a->extent > 0 ? (uint64_t)a->extent : 0;
  }
  t.size = dt_size(t.dt);
  return t;
}

static int oob_error(Exec *ex, const tlua_Instr *in, const Target *t, int off_dt, tlua_Slot off, int lane) {
  char what[96], offs[32];
  if (t->lds)
    snprintf(what, sizeof what, "LDS buffer %" PRId64 " (%s[%" PRIu64 "])", t->index, dtn(t->dt), t->extent);
  else
    snprintf(what, sizeof what, "%s", ex->ir->params[t->index].name);
  if (is_signed_int(off_dt)) snprintf(offs, sizeof offs, "%" PRId64, off.i);
  else snprintf(offs, sizeof offs, "%" PRIu64, off.u);
  const char *verb = in->op == TLUA_OP_ATOMIC ? "atomic on" :
                     in->op == TLUA_OP_LOAD || in->op == TLUA_OP_LDS_LOAD ? "load from" :
                     in->op == TLUA_OP_LDS_MATRIX ? "lds_matrix row from" :
                     in->op == TLUA_OP_LDS_COPY ? "lds_copy between" : "store to";
  return rt_error(ex, in, lane, "%s %s: offset %s is outside [0, %" PRIu64 ")", verb, what, offs, t->extent);
}

/* Checks the offsets of the active, unmasked lanes against the target's extent. Negative signed
 * offsets are huge as uint64_t, so one unsigned comparison covers both ends. */
static int check_bounds(Exec *ex, const tlua_Instr *in, const Target *t, int32_t off_id, int32_t mask_id,
                        const tlua_LaneMask *m) {
  const tlua_Slot *off = VAL(ex, off_id), *msk = mask_id >= 0 ? VAL(ex, mask_id) : NULL;
  const uint64_t ext = t->extent;
  const int B = ex->B;
  int bad = -1;
  if (msk) TLUA_LANES(m, B, if (msk[i].u && off[i].u >= ext && bad < 0) bad = i);
  else TLUA_LANES(m, B, if (off[i].u >= ext && bad < 0) bad = i);
  if (bad >= 0) return oob_error(ex, in, t, ex->ir->instrs[off_id].dtype, off[bad], bad);
  return 0;
}

/* Accesses of the active lanes to LDS elements a TMA copy in flight will write, and writes to
 * elements a TMA store still reads, are errors (exec_async.h); costs nothing while none is pending. */
static int check_lds_busy(Exec *ex, const tlua_Instr *in, int lds, int32_t off_id, int32_t mask_id,
                          const tlua_LaneMask *m, uint64_t count, int writes, const char *verb) {
  if (!tlua_async_busy(&ex->async) && !(writes && ex->async.stores)) return 0;
  const tlua_Slot *off = VAL(ex, off_id), *msk = mask_id >= 0 ? VAL(ex, mask_id) : NULL;
  char e[320];
  for (int32_t j = 0; j < m->n; j++) {
    const int i = m->idx[j];
    if (msk && !msk[i].u) continue;
    if (tlua_async_lds_access(&ex->async, lds, off[i].u, count, verb, e, sizeof e)) return rt_error(ex, in, i, "%s", e);
    if (writes && tlua_async_lds_write(&ex->async, lds, off[i].u, count, verb, e, sizeof e)) return rt_error(ex, in, i, "%s", e);
  }
  return 0;
}

/* One lane loop per element type, so the conversion is resolved outside the loop. */
#define EACH_DTYPE(dt, CASE) switch (dt) {                                                    \
  case TLUA_F32: CASE(TLUA_F32); break; case TLUA_F64: CASE(TLUA_F64); break;                 \
  case TLUA_F16: CASE(TLUA_F16); break; case TLUA_BF16: CASE(TLUA_BF16); break;              \
  case TLUA_I8: CASE(TLUA_I8); break; case TLUA_U8: CASE(TLUA_U8); break;                     \
  case TLUA_I16: CASE(TLUA_I16); break; case TLUA_U16: CASE(TLUA_U16); break;                 \
  case TLUA_I32: CASE(TLUA_I32); break; case TLUA_U32: CASE(TLUA_U32); break;                 \
  case TLUA_I64: CASE(TLUA_I64); break; case TLUA_U64: CASE(TLUA_U64); break;                 \
  case TLUA_F8E4M3: CASE(TLUA_F8E4M3); break; case TLUA_F8E5M2: CASE(TLUA_F8E5M2); break;     \
  default: CASE(TLUA_BOOL); break; }

/* The padding value of a masked load: fimm for float dtypes, imm2 for integers and bool (imm names
 * the tensor or buffer; see ir.h). */
static tlua_Slot pad_value(int dt, int64_t imm2, double fimm) {
  return tlua_exec_scalar(dt, imm2, fimm);
}

static int do_load(Exec *ex, int id, const tlua_Instr *in, const tlua_LaneMask *m) {
  tlua_MemOperands mo;
  tlua_ir_mem_operands(ex->ir, in, &mo);
  Target t = target_of(ex, in->op == TLUA_OP_LDS_LOAD, in->imm);
  if (check_bounds(ex, in, &t, mo.offset, mo.mask, m)) return -1;
  if (t.lds && check_lds_busy(ex, in, (int)in->imm, mo.offset, mo.mask, m, 1, 0, "load from")) return -1;
  tlua_Slot *restrict d = VAL(ex, id);
  const tlua_Slot *restrict off = VAL(ex, mo.offset);
  const tlua_Slot *restrict msk = mo.mask >= 0 ? VAL(ex, mo.mask) : NULL;
  const uint8_t *base = t.base;
  const int B = ex->B;
  if (msk) {
    const tlua_Slot pad = pad_value(t.dt, in->imm2, in->fimm);
#define LOAD_MASKED(DT) TLUA_LANES(m, B, d[i] = msk[i].u ? mem_get(DT, base + off[i].u * (size_t)dt_size(DT)) : pad)
    EACH_DTYPE(t.dt, LOAD_MASKED)
#undef LOAD_MASKED
  } else {
#define LOAD_ALL(DT) TLUA_LANES(m, B, d[i] = mem_get(DT, base + off[i].u * (size_t)dt_size(DT)))
    EACH_DTYPE(t.dt, LOAD_ALL)
#undef LOAD_ALL
  }
  return 0;
}

static int do_store(Exec *ex, const tlua_Instr *in, const tlua_LaneMask *m) {
  tlua_MemOperands mo;
  tlua_ir_mem_operands(ex->ir, in, &mo);
  Target t = target_of(ex, in->op == TLUA_OP_LDS_STORE, in->imm);
  if (check_bounds(ex, in, &t, mo.offset, mo.mask, m)) return -1;
  if (t.lds && check_lds_busy(ex, in, (int)in->imm, mo.offset, mo.mask, m, 1, 1, "store to")) return -1;
  const tlua_Slot *off = VAL(ex, mo.offset), *val = VAL(ex, mo.value);
  const tlua_Slot *msk = mo.mask >= 0 ? VAL(ex, mo.mask) : NULL;
  uint8_t *base = t.base;
  const int B = ex->B;
  if (msk) {
#define STORE_MASKED(DT) TLUA_LANES(m, B, if (msk[i].u) mem_put(DT, base + off[i].u * (size_t)dt_size(DT), val[i]))
    EACH_DTYPE(t.dt, STORE_MASKED)
#undef STORE_MASKED
  } else {
#define STORE_ALL(DT) TLUA_LANES(m, B, mem_put(DT, base + off[i].u * (size_t)dt_size(DT), val[i]))
    EACH_DTYPE(t.dt, STORE_ALL)
#undef STORE_ALL
  }
  return 0;
}

/* New memory value of one atomic element; cas compares bit patterns, as the hardware does. */
static tlua_Slot atomic_apply(int aop, int dt, const uint8_t *p, tlua_Slot old, tlua_Slot v, tlua_Slot cmp) {
  int fl = dt == TLUA_F32 || dt == TLUA_F16 || dt == TLUA_BF16 || tlua_dtype_is_fp8(dt);
  tlua_Slot r = old;
  switch (aop) {
  case TLUA_ATOMIC_ADD:
    if (fl) r.f = tlua_exec_round(dt, old.f + v.f);
    else if (dt == TLUA_F64) r.d = old.d + v.d;
    else r.u = tlua_exec_wrap(dt, old.u + v.u);
    break;
  case TLUA_ATOMIC_MAX: case TLUA_ATOMIC_MIN: {
    int mx = aop == TLUA_ATOMIC_MAX;
    if (fl) r.f = mx ? fmaxf(old.f, v.f) : fminf(old.f, v.f);
    else if (dt == TLUA_F64) r.d = mx ? fmax(old.d, v.d) : fmin(old.d, v.d);
    else if (is_signed_int(dt)) r = (mx ? v.i > old.i : v.i < old.i) ? v : old;
    else r = (mx ? v.u > old.u : v.u < old.u) ? v : old;
    break;
  }
  case TLUA_ATOMIC_AND: r.u = old.u & v.u; break;
  case TLUA_ATOMIC_OR: r.u = old.u | v.u; break;
  case TLUA_ATOMIC_XOR: r.u = old.u ^ v.u; break;
  case TLUA_ATOMIC_XCHG: r = v; break;
  case TLUA_ATOMIC_CAS: {
    uint8_t bits[8];
    mem_put(dt, bits, cmp);
    if (memcmp(bits, p, (size_t)dt_size(dt)) == 0) r = v;
    break;
  }
  default: break;
  }
  return r;
}

static int do_atomic(Exec *ex, int id, const tlua_Instr *in, const tlua_LaneMask *m) {
  tlua_MemOperands mo;
  tlua_ir_mem_operands(ex->ir, in, &mo);
  Target t = target_of(ex, in->space == TLUA_SPACE_LDS, in->imm);
  if (check_bounds(ex, in, &t, mo.offset, mo.mask, m)) return -1;
  if (t.lds && check_lds_busy(ex, in, (int)in->imm, mo.offset, mo.mask, m, 1, 1, "atomic on")) return -1;
  const tlua_Slot *off = VAL(ex, mo.offset), *val = VAL(ex, mo.value);
  const tlua_Slot *cmp = mo.cmp >= 0 ? VAL(ex, mo.cmp) : NULL, *msk = mo.mask >= 0 ? VAL(ex, mo.mask) : NULL;
  tlua_Slot *d = in->want_old ? VAL(ex, id) : NULL;
  tlua_Slot zero;
  zero.u = 0;
  const int B = ex->B, aop = in->atomic_op, dt = t.dt;
  TLUA_LANES(m, B,
    if (msk && !msk[i].u) { if (d) d[i] = zero; continue; }
    uint8_t *p = t.base + off[i].u * (size_t)t.size;
    tlua_Slot old = mem_get(dt, p);
    mem_put(dt, p, atomic_apply(aop, dt, p, old, val[i], cmp ? cmp[i] : zero));
    if (d) d[i] = old);
  return 0;
}

/* --- warp-wide instructions ---------------------------------------------------------------------- */

int tlua_exec_whole_warps(Exec *ex, const tlua_Instr *in, const tlua_LaneMask *m, int W, const char *hint, int *active) {
  const int B = ex->B;
  for (int w = 0; w * W < B; w++) active[w] = 0;
  TLUA_LANES(m, B, active[i / W]++);
  for (int w = 0; w * W < B; w++)
    if (active[w] != 0 && (active[w] != W || (w + 1) * W > B))
      return rt_error(ex, in, w * W, "%s reached by %d of the %d lanes of warp %d (divergent control flow: every "
                      "lane of a warp must execute it%s)", tlua_op_name((tlua_Op)in->op), active[w], W, w, hint);
  return 0;
}

/* LDS_COPY: the executor copies at once (a valid order of the asynchronous copy; programs see the
 * data only after ASYNC_WAIT and a barrier, by which time it has landed on the GPU too). */
static int do_lds_copy(Exec *ex, const tlua_Instr *in, const tlua_LaneMask *m) {
  const int32_t *o = OPS(ex, in);
  const int32_t mask_id = in->nops == 3 ? o[2] : -1;
  Target dst = target_of(ex, 1, in->imm), src = target_of(ex, 0, in->imm2);
  if (check_bounds(ex, in, &src, o[1], mask_id, m) || check_bounds(ex, in, &dst, o[0], -1, m)) return -1;
  if (check_lds_busy(ex, in, (int)in->imm, o[0], -1, m, 1, 1, "lds_copy into")) return -1;
  const tlua_Slot *loff = VAL(ex, o[0]), *goff = VAL(ex, o[1]), *msk = mask_id >= 0 ? VAL(ex, mask_id) : NULL;
  const size_t sz = (size_t)dst.size;
  const int B = ex->B;
  TLUA_LANES(m, B, {
    uint8_t *d = dst.base + loff[i].u * sz;
    if (!msk || msk[i].u) memcpy(d, src.base + goff[i].u * sz, sz);
    else memset(d, 0, sz);
  });
  return 0;
}

/* --- warp matrix loads from LDS (ldmatrix) -------------------------------------------------------------- */

/* LDS_MATRIX (ir.h): lane L's element comes from the row that lane 8r + L/4 (or, transposed,
 * 8r + 2*(L%4) + h) supplies. Every warp with an active lane must be whole; each element's offset
 * is checked against the buffer. */
static int do_lds_matrix(Exec *ex, int id, const tlua_Instr *in, const tlua_LaneMask *m) {
  const int B = ex->B, W = 32, e = in->vec_lane, r = e / 2, h = e % 2, trans = in->imm2 != 0;
  const int32_t row_id = OPS(ex, in)[0];
  const tlua_Slot *restrict row = VAL(ex, row_id);
  tlua_Slot *restrict d = VAL(ex, id);
  Target t = target_of(ex, 1, in->imm);
  int active[1024 / 32];
  if (whole_warps(ex, in, m, W, "; a window load under a condition can be element by element with "
                  ":load{matrix = false}", active))
    return -1;
  if (check_lds_busy(ex, in, (int)in->imm, row_id, -1, m, 8, 0, "lds_matrix row from")) return -1;
  for (int w = 0; w * W < B; w++) {
    if (active[w] == 0) continue;
    const int l0 = w * W;
    for (int l = 0; l < W; l++) {
      const int src = l0 + 8 * r + (trans ? 2 * (l % 4) + h : l / 4);
      const uint64_t col = (uint64_t)(trans ? l / 4 : 2 * (l % 4) + h);
      const uint64_t off = row[src].u + col;
      if (row[src].u >= t.extent || off >= t.extent) {
        tlua_Slot bad = row[src];
        if (row[src].u < t.extent) bad.u = off;
        return oob_error(ex, in, &t, ex->ir->instrs[row_id].dtype, bad, src);
      }
      d[l0 + l] = mem_get(t.dt, t.base + off * (size_t)t.size);
    }
  }
  return 0;
}

/* --- control flow --------------------------------------------------------------------------------- */


static void copy_lanes(tlua_Slot *restrict d, const tlua_Slot *restrict s, const tlua_LaneMask *m, int B) {
  if (m->n == B) memcpy(d, s, (size_t)B * sizeof *d);
  else TLUA_LANES(m, B, d[i] = s[i]);
}

static void do_yield(Exec *ex, int r, const tlua_Instr *in, const tlua_LaneMask *m) {
  const int32_t *o = OPS(ex, in), *dst = ex->ydst[r];
  const int B = ex->B;
  if (ex->ydirect[r]) {
    for (int k = 0; k < in->nops; k++)
      if (o[k] != dst[k]) copy_lanes(VAL(ex, dst[k]), VAL(ex, o[k]), m, B);
    return;
  }
  for (int k = 0; k < in->nops; k++) copy_lanes(ex->scratch + (size_t)k * B, VAL(ex, o[k]), m, B);
  for (int k = 0; k < in->nops; k++) copy_lanes(VAL(ex, dst[k]), ex->scratch + (size_t)k * B, m, B);
}

/* iv += step for one lane; 0 when the lane leaves the loop (iv >= hi, or the sum would overflow
 * the induction variable's type: the loop then ends instead of wrapping around forever). */
static inline int loop_advance(int dt, tlua_Slot *iv, tlua_Slot step, tlua_Slot hi) {
  if (is_signed_int(dt)) {
    if (iv->i > INT64_MAX - step.i) return 0;
    int64_t next = iv->i + step.i;
    if ((int64_t)tlua_exec_wrap(dt, (uint64_t)next) != next) return 0;
    iv->i = next;
    return next < hi.i;
  }
  uint64_t next = iv->u + step.u;
  if (next < iv->u || tlua_exec_wrap(dt, next) != next) return 0;
  iv->u = next;
  return next < hi.u;
}

static int run_for(Exec *ex, const tlua_Instr *in, const tlua_LaneMask *m) {
  const tlua_IR *ir = ex->ir;
  const int32_t *o = OPS(ex, in);
  const int B = ex->B, body = in->region[0], n = in->nops - 3;
  const int32_t *bi = ir->regions[body].instrs;
  const int dt = ir->instrs[o[0]].dtype, sgn = is_signed_int(dt);
  const tlua_Slot *lo = VAL(ex, o[0]), *hi = VAL(ex, o[1]), *st = VAL(ex, o[2]);
  tlua_Slot *iv = VAL(ex, bi[0]);
  int bad = -1;
  TLUA_LANES(m, B, if ((sgn ? st[i].i <= 0 : st[i].u == 0) && bad < 0) bad = i);
  if (bad >= 0)
    return rt_error(ex, in, bad, "loop step must be positive, got %" PRId64, sgn ? st[bad].i : (int64_t)st[bad].u);
  for (int k = 0; k < n; k++) copy_lanes(VAL(ex, bi[1 + k]), VAL(ex, o[3 + k]), m, B);
  copy_lanes(iv, lo, m, B);
  tlua_LaneMask *bm = tlua_exec_mask(ex, body);
  /* (TLUA_FOR_WHILE: a thread also leaves once its carry #0 is false, the init before the first iteration) */
  const tlua_Slot *go = in->imm == TLUA_FOR_WHILE ? VAL(ex, bi[1]) : NULL;
  bm->n = 0;
  if (sgn) TLUA_LANES(m, B, if (lo[i].i < hi[i].i && (!go || go[i].u)) bm->idx[bm->n++] = i);
  else TLUA_LANES(m, B, if (lo[i].u < hi[i].u && (!go || go[i].u)) bm->idx[bm->n++] = i);
  while (bm->n > 0) {
    if (run_region(ex, body, bm)) return -1;
    int32_t kept = 0;
    for (int32_t j = 0; j < bm->n; j++) {
      int i = bm->idx[j];
      if (loop_advance(dt, &iv[i], st[i], hi[i]) && (!go || go[i].u)) bm->idx[kept++] = i;
    }
    bm->n = kept;
  }
  return 0;
}

static int run_if(Exec *ex, const tlua_Instr *in, int r, int p, const tlua_LaneMask *m) {
  const tlua_IR *ir = ex->ir;
  const int32_t *o = OPS(ex, in);
  const int B = ex->B, n = in->nops - 1;
  const tlua_Slot *cond = VAL(ex, o[0]);
  int rt = in->region[0], re = in->region[1];
  int has_t = rt >= 0 && ir->regions[rt].n > 0, has_e = re >= 0 && ir->regions[re].n > 0;
  if (!has_t || !has_e) {  /* lanes taking an empty branch keep the inits */
    const int32_t *res = &ir->regions[r].instrs[p + 1];
    for (int k = 0; k < n; k++) copy_lanes(VAL(ex, res[k]), VAL(ex, o[1 + k]), m, B);
  }
  tlua_LaneMask *tm = has_t ? tlua_exec_mask(ex, rt) : NULL, *em = has_e ? tlua_exec_mask(ex, re) : NULL;
  if (tm) tm->n = 0;
  if (em) em->n = 0;
  TLUA_LANES(m, B,
    if (cond[i].u) { if (tm) tm->idx[tm->n++] = i; }
    else if (em) em->idx[em->n++] = i);
  if (tm && tm->n > 0 && run_region(ex, rt, tm)) return -1;
  if (em && em->n > 0 && run_region(ex, re, em)) return -1;
  return 0;
}

/* --- instructions ------------------------------------------------------------------------------ */

static void fill(tlua_Slot *d, tlua_Slot v, const tlua_LaneMask *m, int B) { TLUA_LANES(m, B, d[i] = v); }

static int exec_instr(Exec *ex, int id, const tlua_Instr *in, int r, int p, const tlua_LaneMask *m) {
  const tlua_IR *ir = ex->ir;
  const int B = ex->B;
  const int32_t *o = OPS(ex, in);
  tlua_Slot v;
  switch ((tlua_Op)in->op) {
  case TLUA_OP_CONST:
    fill(VAL(ex, id), tlua_exec_scalar(in->dtype, in->imm, in->fimm), m, B);
    return 0;
  case TLUA_OP_UNDEF:
    fill(VAL(ex, id), tlua_exec_scalar(in->dtype, 0, NAN), m, B);
    return 0;
  case TLUA_OP_PARAM: {
    const tlua_ExecArg *a = &ex->args[in->imm];
    fill(VAL(ex, id), tlua_exec_scalar(in->dtype, a->i, a->f), m, B);
    return 0;
  }
  case TLUA_OP_SHAPE: case TLUA_OP_STRIDE: {
    const tlua_ExecArg *a = &ex->args[in->imm];
    v.i = in->op == TLUA_OP_SHAPE ? a->shape[in->imm2] : a->strides[in->imm2];
    fill(VAL(ex, id), v, m, B);
    return 0;
  }
  case TLUA_OP_THREAD_ID: {
    tlua_Slot *d = VAL(ex, id);
    TLUA_LANES(m, B, d[i].i = i);
    return 0;
  }
  case TLUA_OP_BLOCK_ID: case TLUA_OP_GRID_DIM:
    v.i = in->op == TLUA_OP_BLOCK_ID ? ex->bid[in->imm] : ex->grid[in->imm];
    fill(VAL(ex, id), v, m, B);
    return 0;
  case TLUA_OP_LOAD: case TLUA_OP_LDS_LOAD:
    return do_load(ex, id, in, m);
  case TLUA_OP_STORE: case TLUA_OP_LDS_STORE:
    return do_store(ex, in, m);
  case TLUA_OP_ATOMIC:
    return do_atomic(ex, id, in, m);
  case TLUA_OP_BARRIER:
    /* (a group barrier, too, is reached by the whole block: its groups only wait for their own threads) */
    if (m->n != B) {
      if (in->imm > 0)
        return rt_error(ex, in, -1, "group barrier reached by %d of the block's %d threads (every thread reaches a "
                        "k:sync{warps = n}; only the waiting is per group)", (int)m->n, B);
      return tlua_exec_split_barrier(ex, in, m);
    }
    return 0;
  case TLUA_OP_SHFL_XOR: case TLUA_OP_SHFL_IDX: {
    tlua_Slot *restrict d = VAL(ex, id);
    const tlua_Slot *restrict s = VAL(ex, o[0]);
    const int w = ir->warp;
    if (in->op == TLUA_OP_SHFL_XOR) {
      const int x = (int)in->imm;
      TLUA_LANES(m, B, int src = i ^ x; d[i] = src < B ? s[src] : s[i]);
    } else {
      const tlua_Slot *restrict sl = VAL(ex, o[1]);
      TLUA_LANES(m, B, int src = (i & ~(w - 1)) | (int)(sl[i].u & (uint64_t)(w - 1));
                 d[i] = src < B ? s[src] : s[i]);
    }
    return 0;
  }
  case TLUA_OP_FOR:
    return run_for(ex, in, m);
  case TLUA_OP_IF:
    return run_if(ex, in, r, p, m);
  case TLUA_OP_FOR_RESULT: {
    const int32_t *bi = ir->regions[ir->instrs[o[0]].region[0]].instrs;
    copy_lanes(VAL(ex, id), VAL(ex, bi[1 + in->imm]), m, B);
    return 0;
  }
  case TLUA_OP_YIELD:
    do_yield(ex, r, in, m);
    return 0;
  case TLUA_OP_MMA:
    return tlua_exec_mma(ex, in, r, p, m);
  case TLUA_OP_WGMMA:
    return tlua_exec_wgmma(ex, in, r, p, m);
  case TLUA_OP_LDS_MATRIX:
    return do_lds_matrix(ex, id, in, m);
  case TLUA_OP_LDS_COPY:
    return do_lds_copy(ex, in, m);
  case TLUA_OP_ASYNC_COMMIT: case TLUA_OP_ASYNC_WAIT: case TLUA_OP_COPY_GROUP:
    /* cp.async copies are complete when issued; TMA copies in copy groups complete on barriers */
    return ir->copy_groups ? tlua_exec_copy_groups(ex, id, in, m) : 0;
  case TLUA_OP_WGMMA_WAIT:
    return 0;  /* the executor's WGMMAs are complete when issued */
  case TLUA_OP_MBAR_ARRIVE: case TLUA_OP_MBAR_WAIT:
    return tlua_exec_mbar(ex, in, m);
  case TLUA_OP_TMA_LOAD:
    return tlua_exec_tma_load(ex, in, m);
  case TLUA_OP_TMA_STORE: case TLUA_OP_TMA_STORE_WAIT:
    return tlua_exec_tma_store(ex, in, m);
  case TLUA_OP_ROLE_SYNC:
    return tlua_exec_role_sync(ex, in, m);
  case TLUA_OP_NAMED_BAR:
    return tlua_exec_named_bar(ex, in, m);
  case TLUA_OP_ROLE:
    return rt_error(ex, in, -1, "role outside a group walk");  /* run_region runs groups */
  case TLUA_OP_CLUSTER_RANK:
    v.i = ex->rank;
    fill(VAL(ex, id), v, m, B);
    return 0;
  case TLUA_OP_CLUSTER_SYNC:
    return tlua_exec_cluster_sync(ex, in, m);
  case TLUA_OP_LOOP_IV: case TLUA_OP_LOOP_CARRY: case TLUA_OP_IF_RESULT: case TLUA_OP_MMA_RESULT:
    return 0;  /* their slots are written by the for/if/mma (state and results live there) */
  default: {
    const tlua_Slot *src[3] = {NULL, NULL, NULL};
    for (int k = 0; k < in->nops && k < 3; k++) src[k] = VAL(ex, o[k]);
    int bad;
    if (tlua_exec_compute(in, ir->instrs[o[0]].dtype, VAL(ex, id), src, m, B, &bad))
      return rt_error(ex, in, bad, "integer %s by zero", in->op == TLUA_OP_DIV ? "division" : "remainder");
    return 0;
  }
  }
}

int tlua_exec_instr(Exec *ex, int id, int r, int p, const tlua_LaneMask *m) {
  return exec_instr(ex, id, &ex->ir->instrs[id], r, p, m);
}

int tlua_exec_region(Exec *ex, int r, const tlua_LaneMask *m) {
  const tlua_Region *rg = &ex->ir->regions[r];
  for (int32_t p = 0; p < rg->n; p++) {
    int id = rg->instrs[p];
    ex->lane_ops += (uint64_t)m->n;
    if (ex->max_lane_ops && ex->lane_ops > ex->max_lane_ops)
      return rt_error(ex, &ex->ir->instrs[id], -1, "stopped after %" PRIu64 " lane operations: the work limit of a "
                      "launch (the state's instruction limit) is spent", ex->max_lane_ops);
    if (ex->roles_in[id]) { /* a loop or an if holding roles: each role's lanes through it on their own */
      int rc = tlua_exec_split(ex, id, r, p, m);
      if (rc < 0) return -1;
      if (rc == 0) continue;
    }
    if (ex->ir->instrs[id].op == TLUA_OP_ROLE) {
      int q = p;
      while (q < rg->n && ex->ir->instrs[rg->instrs[q]].op == TLUA_OP_ROLE) q++;
      if (tlua_exec_roles(ex, r, p, q, m)) return -1;
      p = q - 1;
      continue;
    }
    if (exec_instr(ex, id, &ex->ir->instrs[id], r, p, m)) return -1;
  }
  return 0;
}

/* --- setup ------------------------------------------------------------------------------------- */

/* What region r holds, directly or in the regions of its instructions (role bodies excluded from
 * the second bit): 1 a ROLE instruction, 2 an instruction one thread issues for the block or that
 * the whole block (or cluster) must reach (TMA copies and their waits, copy-group commits, cluster
 * barriers). memo: bits + 4 once known. */
static int region_scan(const tlua_IR *ir, int r, uint8_t *memo) {
  if (memo[r]) return memo[r] & 3;
  memo[r] = 4;
  int bits = 0;
  const tlua_Region *rg = &ir->regions[r];
  for (int32_t p = 0; p < rg->n; p++) {
    const tlua_Instr *in = &ir->instrs[rg->instrs[p]];
    switch ((tlua_Op)in->op) {
    case TLUA_OP_ROLE: bits |= 1; continue; /* (its body runs on its own lanes only) */
    case TLUA_OP_TMA_LOAD: case TLUA_OP_TMA_STORE: case TLUA_OP_TMA_STORE_WAIT: case TLUA_OP_ASYNC_COMMIT:
    case TLUA_OP_CLUSTER_SYNC: bits |= 2; break;
    default: break;
    }
    for (int k = 0; k < 2; k++)
      if (in->region[k] >= 0) bits |= region_scan(ir, in->region[k], memo);
  }
  memo[r] = (uint8_t)(4 | bits);
  return bits;
}

/* roles_in[id]: instruction id is a loop or an if with roles inside, and nothing outside them that
 * one thread issues for the block (those keep the old schedule: the roles join at each group) */
static void mark_roles(const tlua_IR *ir, uint8_t *roles_in) {
  uint8_t *memo = calloc((size_t)ir->nregions + 1, 1);
  if (!memo) return; /* (then nothing is split: the roles join at each group, as before) */
  for (int32_t i = 0; i < ir->ninstrs; i++) {
    const tlua_Instr *in = &ir->instrs[i];
    if (in->op != TLUA_OP_FOR && in->op != TLUA_OP_IF) continue;
    int bits = 0;
    for (int k = 0; k < 2; k++)
      if (in->region[k] >= 0) bits |= region_scan(ir, in->region[k], memo);
    roles_in[i] = bits == 1;
  }
  free(memo);
}

/* Slots, masks, yield destinations, LDS; 0 or -1 (out of memory). */
static int prepare(Exec *ex) {
  const tlua_IR *ir = ex->ir;
  const size_t B = (size_t)ex->B;
  int32_t nvals = 0, max_carry = 0;
  ex->slot = malloc(((size_t)ir->ninstrs + 1) * sizeof *ex->slot);
  ex->masks = calloc((size_t)ir->nregions, sizeof *ex->masks);
  ex->ydst = calloc((size_t)ir->nregions, sizeof *ex->ydst);
  ex->ydirect = calloc((size_t)ir->nregions, 1);
  if (!ex->slot || !ex->masks || !ex->ydst || !ex->ydirect) return -1;
  for (int32_t i = 0; i < ir->ninstrs; i++) ex->slot[i] = ir->instrs[i].has_value ? nvals++ : -1;
  ex->vals = calloc((size_t)(nvals ? nvals : 1) * B, sizeof *ex->vals);
  if (!ex->vals) return -1;
  for (int32_t r = 0; r < ir->nregions; r++) {
    ex->masks[r].idx = malloc(B * sizeof(int32_t));
    if (!ex->masks[r].idx) return -1;
  }
  for (int32_t i = 0; i < (int32_t)B; i++) ex->masks[0].idx[i] = i;
  ex->masks[0].n = ex->B;
  tlua_ir_yield_dests(ir, ex->ydst);
  if (!(ex->roles_in = calloc((size_t)ir->ninstrs + 1, 1))) return -1;
  mark_roles(ir, ex->roles_in);
  for (int32_t r = 0; r < ir->nregions; r++) {
    const tlua_Region *rg = &ir->regions[r];
    for (int32_t p = 0; p < rg->n; p++) {
      const tlua_Instr *in = &ir->instrs[rg->instrs[p]];
      if (in->op == TLUA_OP_IF) {
        for (int s = 0; s < 2; s++)
          if (in->region[s] >= 0) ex->ydirect[in->region[s]] = 1; /* IF_RESULTs are not visible inside */
      } else if (in->op == TLUA_OP_FOR) {
        const tlua_Region *body = &ir->regions[in->region[0]];
        int n = in->nops - 3;
        const int32_t *y = tlua_ir_ops(ir, &ir->instrs[body->instrs[body->n - 1]]);
        /* writing carry k in place is safe unless a later next value reads an earlier carry */
        int direct = 1;
        for (int k = 0; k < n && direct; k++)
          for (int j = 0; j < k; j++)
            if (y[k] == body->instrs[1 + j]) direct = 0;
        ex->ydirect[in->region[0]] = (uint8_t)direct;
        if (!direct && n > max_carry) max_carry = n;
      }
    }
  }
  if (max_carry > 0 && !(ex->scratch = malloc((size_t)max_carry * B * sizeof *ex->scratch))) return -1;
  size_t off = 0;
  for (int i = 0; i < ir->nlds; i++) off += ((size_t)ir->lds[i].count * (size_t)dt_size(ir->lds[i].dtype) + 15) & ~(size_t)15;
  ex->lds_bytes = off;
  if (off && !(ex->lds_mem = malloc(off))) return -1;
  off = 0;
  for (int i = 0; i < ir->nlds; i++) {
    ex->lds[i] = ex->lds_mem + off;
    off += ((size_t)ir->lds[i].count * (size_t)dt_size(ir->lds[i].dtype) + 15) & ~(size_t)15;
  }
  if (ir->copy_groups && !(ex->cgroup = calloc(2 * (size_t)B, sizeof *ex->cgroup))) return -1;
  if (tlua_async_init(&ex->async, ir)) return -1;
  for (int i = 0; i < ir->nlds; i++) ex->async.lds[i] = ex->lds[i];
  return 0;
}

static void release(Exec *ex) {
  free(ex->roles_in);
  ex->roles_in = NULL;
  if (ex->masks)
    for (int32_t r = 0; r < ex->ir->nregions; r++) free(ex->masks[r].idx);
  free(ex->masks);
  free(ex->slot);
  free(ex->vals);
  free(ex->ydst);
  free(ex->ydirect);
  free(ex->scratch);
  free(ex->lds_mem);
  free(ex->cgroup);
  if (ex->async.ir) tlua_async_free(&ex->async);
}

/* --- runs ----------------------------------------------------------------------------------------- */

/* Whether blocks of a cluster must run at once: the IR synchronizes them, arrives on another's
 * barriers or multicasts into their LDS. */
static int cluster_ops(const tlua_IR *ir) {
  for (int i = 0; i < ir->ninstrs; i++) {
    const tlua_Instr *in = &ir->instrs[i];
    if (in->op == TLUA_OP_CLUSTER_SYNC || (in->op == TLUA_OP_MBAR_ARRIVE && in->nops > 2) ||
        (in->op == TLUA_OP_TMA_LOAD && in->vec == 1))
      return 1;
  }
  return 0;
}

/* A block's fresh LDS and barriers (before any block of its cluster starts: they write into each other). */
static void fresh_block(Exec *ex) {
  if (ex->lds_bytes) memset(ex->lds_mem, 0, ex->lds_bytes);
  tlua_async_block(&ex->async);
  if (ex->cgroup) memset(ex->cgroup, 0, 2 * (size_t)ex->B * sizeof *ex->cgroup);
  memset(ex->role_arrived, 0, sizeof ex->role_arrived); /* (a named barrier's arrivals nobody waited for end with the block) */
  ex->finished = 0;
}

/* One block from the start of its body to its end (a task when blocks of a cluster run at once). */
static int run_block(Exec *ex) {
  int rc = run_region(ex, 0, &ex->masks[0]);
  char e[512];
  if (!rc && tlua_async_block_end(&ex->async, e, sizeof e)) rc = rt_error(ex, NULL, -1, "%s", e);
  ex->finished = 1;
  return rc;
}
static int block_task(void *arg) { return run_block(arg); }

static int setup(Exec *ex, tlua_Sched *sched) {
  if (prepare(ex)) return rt_error(ex, NULL, -1, "out of memory preparing %d values x %d lanes", (int)ex->ir->ninstrs, ex->B);
  ex->sched = sched;
  ex->async.progress = tlua_sched_counter(sched);
  return 0;
}

/* Blocks one after another, x fastest. */
static int run_blocks(Exec *ex, tlua_Sched *sched, int csize, tlua_ExecStats *stats) {
  int rc = setup(ex, sched);
  uint64_t blocks = 0;
  for (int64_t z = 0; z < ex->grid[2] && !rc; z++)
    for (int64_t y = 0; y < ex->grid[1] && !rc; y++)
      for (int64_t x = 0; x < ex->grid[0] && !rc; x++) {
        ex->bid[0] = x, ex->bid[1] = y, ex->bid[2] = z;
        ex->rank = (int)(x % csize);
        fresh_block(ex);
        rc = run_block(ex);
        blocks++;
      }
  if (stats) {
    stats->lane_ops = ex->lane_ops;
    stats->blocks = blocks;
  }
  release(ex);
  return rc;
}

/* Clusters one after another; the csize blocks of a cluster at once, as tasks taking turns. */
static int run_clusters(Exec *base, tlua_Sched *sched, int csize, tlua_ExecStats *stats) {
  Exec *ex = calloc((size_t)csize, sizeof *ex);
  if (!ex) return rt_error(base, NULL, -1, "out of memory for a cluster of %d blocks", csize);
  Cluster cl;
  memset(&cl, 0, sizeof cl);
  cl.n = csize;
  int rc = 0, ready = 0;
  for (int r = 0; r < csize && !rc; r++) {
    ex[r] = *base;
    rc = setup(&ex[r], sched);
    if (!rc) ready++;
    ex[r].cluster = &cl;
    ex[r].rank = r;
    cl.blocks[r] = &ex[r];
  }
  uint64_t blocks = 0;
  void *args[16];
  for (int64_t z = 0; z < base->grid[2] && !rc; z++)
    for (int64_t y = 0; y < base->grid[1] && !rc; y++)
      for (int64_t x = 0; x < base->grid[0] && !rc; x += csize) {
        for (int r = 0; r < csize; r++) {
          ex[r].bid[0] = x + r, ex[r].bid[1] = y, ex[r].bid[2] = z;
          fresh_block(&ex[r]);
          args[r] = &ex[r];
        }
        cl.arrived = 0;
        rc = tlua_sched_spawn(sched, csize, block_task, args);
        if (rc && base->err && !base->err[0]) rt_error(base, NULL, -1, "a block of the cluster failed");
        blocks += (uint64_t)csize;
      }
  if (stats) {
    stats->blocks = blocks;
    for (int r = 0; r < csize; r++) stats->lane_ops += ex[r].lane_ops;
  }
  (void)ready;
  for (int r = 0; r < csize; r++) release(&ex[r]);
  free(ex);
  return rc;
}

int tlua_exec_run(const tlua_IR *ir, const tlua_ExecArg *args, const int64_t grid[3],
                  const tlua_ExecLimits *limits, tlua_ExecStats *stats, char *err, size_t errsz) {
  if (err && errsz) err[0] = '\0';
  if (stats) memset(stats, 0, sizeof *stats);
  if (!ir) {
    if (err && errsz) snprintf(err, errsz, "exec: no kernel");
    return -1;
  }
  Exec ex;
  memset(&ex, 0, sizeof ex);
  ex.ir = ir;
  ex.args = args;
  ex.err = err;
  ex.errsz = errsz;
  char verr[256];
  if (tlua_ir_check(ir, verr, sizeof verr)) return rt_error(&ex, NULL, -1, "invalid IR: %s", verr);
  ex.B = ir->block;
  if (!grid) return rt_error(&ex, NULL, -1, "no grid given");
  for (int d = 0; d < 3; d++) {
    if (grid[d] < 1 || grid[d] > INT32_MAX)
      return rt_error(&ex, NULL, -1, "grid dimension %d is %" PRId64 " (must be in [1, 2^31))", d, grid[d]);
    ex.grid[d] = grid[d];
  }
  if (ir->nparams > 0 && !args) return rt_error(&ex, NULL, -1, "no arguments for %d parameters", (int)ir->nparams);
  for (int i = 0; i < ir->nparams; i++)
    if (ir->params[i].kind == TLUA_PARAM_TENSOR && args[i].extent < 0)
      return rt_error(&ex, NULL, -1, "tensor %s has a negative extent %" PRId64 "", ir->params[i].name, args[i].extent);
  ex.max_lane_ops = limits ? limits->max_lane_ops : 0;
  int64_t limit = limits && limits->lds_bytes > 0 ? limits->lds_bytes : DEFAULT_LDS_BYTES, lds = 0;
  for (int i = 0; i < ir->nlds; i++) {
    int64_t sz = dt_size(ir->lds[i].dtype);
    if (ir->lds[i].count > (INT64_MAX - lds) / sz) { lds = INT64_MAX; break; }
    lds += ir->lds[i].count * sz;
  }
  if (lds > limit)
    return rt_error(&ex, NULL, -1, "LDS use of %" PRId64 " bytes is over the limit of %" PRId64 " bytes", lds, limit);
  tlua_Sched *sched = tlua_sched_new();
  if (!sched) return rt_error(&ex, NULL, -1, "out of memory for the scheduler");
  const int csize = ir->cluster > 1 ? (int)ir->cluster : 1;
  int rc;
  if (csize > 1 && cluster_ops(ir)) {
    if (grid[0] % csize)
      rc = rt_error(&ex, NULL, -1, "grid x = %" PRId64 " is not a multiple of the cluster size %d (the hint num_ctas)",
                    grid[0], csize);
    else
      rc = run_clusters(&ex, sched, csize, stats);
  } else {
    rc = run_blocks(&ex, sched, csize, stats);
  }
  tlua_sched_free(sched);
  return rc;
}
