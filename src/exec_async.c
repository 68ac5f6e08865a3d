/* exec_async.c - mbarriers and TMA copies in the CPU executor (exec_async.h has the model). */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec_async.h"

static int esize_of(int dt) {
  const tlua_DTypeInfo *di = tlua_dtype_info((tlua_DType)dt);
  return di ? di->size : 1;
}

static int fmt_err(char *err, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fmt_err(char *err, size_t n, const char *fmt, ...) {
  if (err && n) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, n, fmt, ap);
    va_end(ap);
  }
  return -1;
}

int tlua_async_init(tlua_Async *a, const tlua_IR *ir) {
  memset(a, 0, sizeof *a);
  a->ir = ir;
  a->progress = &a->own_progress;
  for (int i = 0; i < ir->nmbar; i++)
    if (!(a->mbar[i] = calloc((size_t)ir->mbar[i].count, sizeof *a->mbar[i]))) return -1;
  int tma = 0, store = 0;
  for (int i = 0; i < ir->ninstrs; i++) {
    tma |= ir->instrs[i].op == TLUA_OP_TMA_LOAD;
    store |= ir->instrs[i].op == TLUA_OP_TMA_STORE;
  }
  for (int i = 0; i < ir->nlds; i++) {
    if (tma && !(a->busy[i] = calloc((size_t)ir->lds[i].count, 1))) return -1;
    if (store && !(a->reading[i] = calloc((size_t)ir->lds[i].count, 1))) return -1;
  }
  return 0;
}

static void drop_flight(tlua_TmaFlight *f) {
  free(f->dst);
  free(f->bytes);
  memset(f, 0, sizeof *f);
}

void tlua_async_free(tlua_Async *a) {
  for (int i = 0; i < TLUA_IR_MAX_MBAR; i++) free(a->mbar[i]);
  for (int i = 0; i < TLUA_IR_MAX_LDS; i++) free(a->busy[i]), free(a->reading[i]);
  for (int i = 0; i < a->stores; i++) free(a->pending[i].at);
  free(a->pending);
  for (int i = 0; i < a->nflights; i++) drop_flight(&a->flights[i]);
  free(a->flights);
  memset(a, 0, sizeof *a);
}

void tlua_async_block(tlua_Async *a) {
  const tlua_IR *ir = a->ir;
  for (int i = 0; i < ir->nmbar; i++)
    for (int k = 0; k < ir->mbar[i].count; k++) {
      a->mbar[i][k].phase = 0;
      a->mbar[i][k].pending = ir->mbar[i].arrivals;
      a->mbar[i][k].tx = 0;
    }
  for (int i = 0; i < a->nflights; i++) drop_flight(&a->flights[i]);
  a->nflights = 0;
  for (int i = 0; i < ir->nlds; i++) {
    if (a->busy[i]) memset(a->busy[i], 0, (size_t)ir->lds[i].count);
    if (a->reading[i]) memset(a->reading[i], 0, (size_t)ir->lds[i].count);
  }
  for (int i = 0; i < a->stores; i++) free(a->pending[i].at);
  a->stores = 0;
}

int tlua_async_check_index(const tlua_Async *a, int array, int64_t index, char *err, size_t n) {
  if (index < 0 || index >= a->ir->mbar[array].count)
    return fmt_err(err, n, "mbarrier index %" PRId64 " is outside mbar%d[0..%d]", index, array,
                   (int)a->ir->mbar[array].count - 1);
  return 0;
}

/* Completes the current phase when nothing is missing. */
static void maybe_complete(tlua_Async *a, int array, int64_t index) {
  tlua_MbarState *b = &a->mbar[array][index];
  if (b->pending == 0 && b->tx == 0) {
    b->phase++;
    b->pending = a->ir->mbar[array].arrivals;
  }
}

int tlua_async_arrive(tlua_Async *a, int array, int64_t index, int64_t tx, char *err, size_t n) {
  if (tlua_async_check_index(a, array, index, err, n)) return -1;
  tlua_MbarState *b = &a->mbar[array][index];
  if (tx < 0 || tx > (1 << 20) - 1)
    return fmt_err(err, n, "transaction count %" PRId64 " on mbar%d[%" PRId64 "] is outside 0..2^20-1", tx, array, index);
  if (b->pending == 0)
    return fmt_err(err, n, "more arrivals on mbar%d[%" PRId64 "] than its %d in phase %" PRId64
                   " (the phase still waits for %" PRId64 " bytes of TMA copies)", array, index,
                   (int)a->ir->mbar[array].arrivals, b->phase, b->tx);
  b->tx += tx;
  b->pending--;
  (*a->progress)++;
  maybe_complete(a, array, index);
  return 0;
}

/* Lands every copy in flight on barrier (array, index): its bytes into LDS, its transactions done. */
static void land(tlua_Async *a, int array, int64_t index) {
  int kept = 0;
  for (int i = 0; i < a->nflights; i++) {
    tlua_TmaFlight *f = &a->flights[i];
    if (f->array != array || f->index != index) {
      a->flights[kept++] = *f;
      continue;
    }
    uint8_t *buf = a->lds[f->lds];
    for (int64_t e = 0; e < f->n; e++) {
      memcpy(buf + f->dst[e] * f->esize, f->bytes + e * f->esize, (size_t)f->esize);
      a->busy[f->lds][f->dst[e]]--;
    }
    a->mbar[array][index].tx -= f->n * f->esize;
    (*a->progress)++;
    drop_flight(f);
  }
  a->nflights = kept;
  maybe_complete(a, array, index);
}

static int in_flight_on(const tlua_Async *a, int array, int64_t index) {
  for (int i = 0; i < a->nflights; i++)
    if (a->flights[i].array == array && a->flights[i].index == index) return a->flights[i].line;
  return -1;
}

int tlua_async_wait(tlua_Async *a, int array, int64_t index, int64_t parity, int *done, char *err, size_t n) {
  if (tlua_async_check_index(a, array, index, err, n)) return -1;
  if (parity != 0 && parity != 1)
    return fmt_err(err, n, "mbarrier parity %" PRId64 " on mbar%d[%" PRId64 "] is not 0 or 1", parity, array, index);
  tlua_MbarState *b = &a->mbar[array][index];
  if ((b->phase & 1) != parity) {
    int line = in_flight_on(a, array, index);
    if (line >= 0)
      return fmt_err(err, n, "wait on mbar%d[%" PRId64 "] for parity %" PRId64 " passes at once (%s) while a TMA copy of "
                     "its current phase %" PRId64 " (issued at line %d) is in flight: the wait is for the phase before "
                     "the copy's (wrong parity?)", array, index, parity,
                     b->phase ? "the phase of that parity before the current one is complete"
                              : "on a fresh barrier the phase before the first counts as complete",
                     b->phase, line);
    *done = 1;
    return 0;
  }
  land(a, array, index);
  *done = (b->phase & 1) != parity;
  return 0;
}

/* The checks every TMA box copy shares (what: "copy into" / "store from"): the tensor map can be
 * encoded (every dimension >= 1) and the box starts where TMA's layout may (128 bytes, or the
 * swizzle pattern's repeat of 1024/512/256 bytes). Returns the box's element count, or -1. */
static int64_t box_check(const tlua_Async *a, const tlua_TmaDesc *d, const int64_t *shape, int64_t lds_offset,
                         const char *what, char *err, size_t n) {
  const tlua_IR *ir = a->ir;
  for (int k = 0; k < d->rank; k++)
    if (shape[k] < 1)
      return fmt_err(err, n, "a TMA box copy needs every dimension of tensor %s to be at least 1 (its tensor map "
                     "cannot be encoded): dimension %d is %" PRId64, ir->params[d->param].name, k, shape[k]);
  const int es = esize_of(ir->lds[d->lds].dtype);
  const int64_t repeat = d->swizzle ? 8 * d->swizzle : 128, start = lds_offset * es;
  if (lds_offset < 0 || start % repeat)
    return fmt_err(err, n, "TMA %s lds%d at element %" PRId64 " (byte %" PRId64 "): the box must start at a "
                   "multiple of %" PRId64 " bytes (swizzle %d)", what, (int)d->lds, lds_offset, start, repeat,
                   (int)d->swizzle);
  int64_t count = 1;
  for (int k = 0; k < d->rank; k++) count *= d->box[k];
  return count;
}

/* Element e (row-major) of a box at tensor coordinates c: 1 and its element offset in the tensor
 * (*off), or 0 when it lies outside the tensor (TMA reads zeros there and writes nothing). */
static int box_element(const tlua_TmaDesc *d, const int64_t *c, int64_t e, const int64_t *shape, const int64_t *strides,
                       int64_t *off) {
  int64_t rest = e, o = 0;
  int inside = 1;
  for (int k = d->rank - 1; k >= 0; k--) {
    const int64_t g = c[k] + rest % d->box[k];
    rest /= d->box[k];
    if (g < 0 || g >= shape[k]) inside = 0;
    else o += g * strides[k];
  }
  *off = o;
  return inside;
}

int tlua_async_tma(tlua_Async *a, const tlua_TmaDesc *d, int array, int64_t index, const uint8_t *base,
                   int64_t extent, const int64_t *shape, const int64_t *strides, const int64_t *c,
                   int64_t lds_offset, int line, int expect, char *err, size_t n) {
  if (tlua_async_check_index(a, array, index, err, n)) return -1;
  const tlua_IR *ir = a->ir;
  const int64_t count = box_check(a, d, shape, lds_offset, "copy into", err, n);
  if (count < 0) return -1;
  const int es = esize_of(ir->lds[d->lds].dtype);
  if (a->nflights == a->cap) {
    int ncap = a->cap ? 2 * a->cap : 16;
    tlua_TmaFlight *p = realloc(a->flights, (size_t)ncap * sizeof *p);
    if (!p) return fmt_err(err, n, "out of memory for a TMA copy");
    a->flights = p;
    a->cap = ncap;
  }
  tlua_TmaFlight *f = &a->flights[a->nflights];
  memset(f, 0, sizeof *f);
  f->dst = malloc((size_t)count * sizeof *f->dst);
  f->bytes = calloc((size_t)count, (size_t)es);
  if (!f->dst || !f->bytes) {
    drop_flight(f);
    return fmt_err(err, n, "out of memory for a TMA copy of %" PRId64 " elements", count);
  }
  f->array = array, f->index = (int)index, f->lds = d->lds, f->esize = es, f->n = count, f->line = line;
  const uint64_t lds_count = (uint64_t)ir->lds[d->lds].count;
  for (int64_t e = 0; e < count; e++) {
    int64_t off;
    if (box_element(d, c, e, shape, strides, &off)) {
      if (off < 0 || off >= extent) {
        drop_flight(f);
        return fmt_err(err, n, "TMA copy reads element %" PRId64 " of tensor %s, outside its %" PRId64 " elements", off,
                       ir->params[d->param].name, extent);
      }
      memcpy(f->bytes + e * es, base + off * es, (size_t)es);
    }
    const int64_t o = tlua_tma_swizzle(e * es, d->swizzle);
    const int64_t at = lds_offset + o / es;
    if ((uint64_t)at >= lds_count) {
      drop_flight(f);
      return fmt_err(err, n, "TMA copy writes element %" PRId64 " of lds%d, outside its %" PRIu64 " elements", at,
                     (int)d->lds, lds_count);
    }
    if (a->reading[d->lds] && a->stores && a->reading[d->lds][at]) {
      drop_flight(f);
      return fmt_err(err, n, "TMA copy into lds%d[%" PRId64 "] while a TMA store (issued at line %d) still reads it: wait "
                     "with k:tma_store_wait() (and a barrier) first", (int)d->lds, at, a->store_line);
    }
    if (a->busy[d->lds][at]) {
      drop_flight(f);
      return fmt_err(err, n, "TMA copy into lds%d[%" PRId64 "], which another copy in flight also writes (wait on its "
                     "barrier before reusing the buffer)", (int)d->lds, at);
    }
    f->dst[e] = at;
  }
  for (int64_t e = 0; e < count; e++) a->busy[d->lds][f->dst[e]]++;
  if (expect) a->mbar[array][index].tx += count * es;
  a->nflights++;
  return 0;
}

int64_t tlua_async_box_bytes(const tlua_Async *a, const tlua_TmaDesc *d) {
  int64_t count = esize_of(a->ir->lds[d->lds].dtype);
  for (int k = 0; k < d->rank; k++) count *= d->box[k];
  return count;
}

int tlua_async_expect(tlua_Async *a, int array, int64_t index, int64_t bytes, char *err, size_t n) {
  if (tlua_async_check_index(a, array, index, err, n)) return -1;
  a->mbar[array][index].tx += bytes;
  return 0;
}

int tlua_async_lds_access(const tlua_Async *a, int lds, uint64_t off, uint64_t count, const char *verb, char *err,
                          size_t n) {
  const uint8_t *busy = a->busy[lds];
  if (!busy || !a->nflights) return 0;
  for (uint64_t e = off; e < off + count && e < (uint64_t)a->ir->lds[lds].count; e++) {
    if (!busy[e]) continue;
    for (int i = 0; i < a->nflights; i++) {
      const tlua_TmaFlight *f = &a->flights[i];
      if (f->lds != lds) continue;
      for (int64_t k = 0; k < f->n; k++)
        if ((uint64_t)f->dst[k] == e)
          return fmt_err(err, n, "%s lds%d[%" PRIu64 "] while a TMA copy into it is in flight (issued at line %d): "
                         "wait on mbar%d[%d] first", verb, lds, e, f->line, f->array, f->index);
    }
    return fmt_err(err, n, "%s lds%d[%" PRIu64 "] while a TMA copy into it is in flight", verb, lds, e);
  }
  return 0;
}

/* One element of a TMA reduce-add: *dst += *src in dtype dt (f32: one float addition, as the L2's
 * reduction unit does; i32/u32: wrapping). */
static void reduce_add(int dt, uint8_t *dst, const uint8_t *src) {
  if (dt == TLUA_F32) {
    float x, y;
    memcpy(&x, dst, 4), memcpy(&y, src, 4);
    x += y;
    memcpy(dst, &x, 4);
  } else {
    uint32_t x, y;
    memcpy(&x, dst, 4), memcpy(&y, src, 4);
    x += y;
    memcpy(dst, &x, 4);
  }
}

int tlua_async_tma_store(tlua_Async *a, const tlua_TmaDesc *d, uint8_t *base, int64_t extent,
                         const int64_t *shape, const int64_t *strides, const int64_t *c, int64_t lds_offset, int add,
                         int issuer, int line, char *err, size_t n) {
  const tlua_IR *ir = a->ir;
  const int64_t count = box_check(a, d, shape, lds_offset, "store from", err, n);
  if (count < 0) return -1;
  const int es = esize_of(ir->lds[d->lds].dtype);
  const uint64_t lds_count = (uint64_t)ir->lds[d->lds].count;
  const uint8_t *buf = a->lds[d->lds];
  if (a->stores == a->cap_pending) {
    int ncap = a->cap_pending ? 2 * a->cap_pending : 8;
    tlua_TmaStore *p = realloc(a->pending, (size_t)ncap * sizeof *p);
    if (!p) return fmt_err(err, n, "out of memory for a TMA store");
    a->pending = p;
    a->cap_pending = ncap;
  }
  tlua_TmaStore *st = &a->pending[a->stores];
  st->lds = d->lds, st->issuer = issuer, st->n = 0;
  if (!(st->at = malloc((size_t)count * sizeof *st->at))) return fmt_err(err, n, "out of memory for a TMA store");
  for (int64_t e = 0; e < count; e++) {
    const int64_t at = lds_offset + tlua_tma_swizzle(e * es, d->swizzle) / es;
    if ((uint64_t)at >= lds_count) {
      free(st->at);
      return fmt_err(err, n, "TMA store reads element %" PRId64 " of lds%d, outside its %" PRIu64 " elements", at, (int)d->lds,
                     lds_count);
    }
    if (a->busy[d->lds] && a->busy[d->lds][at]) {
      free(st->at);
      return fmt_err(err, n, "TMA store reads lds%d[%" PRId64 "] while a TMA copy into it is in flight", (int)d->lds, at);
    }
    int64_t off;
    const int inside = box_element(d, c, e, shape, strides, &off);
    if (inside) {
      if (off < 0 || off >= extent) {
        free(st->at);
        return fmt_err(err, n, "TMA store writes element %" PRId64 " of tensor %s, outside its %" PRId64 " elements", off,
                       ir->params[d->param].name, extent);
      }
      if (add) reduce_add(ir->lds[d->lds].dtype, base + off * es, buf + at * es);
      else memcpy(base + off * es, buf + at * es, (size_t)es);
    }
    if (a->reading[d->lds][at] < 255) a->reading[d->lds][at]++;
    st->at[st->n++] = at;
  }
  a->stores++;
  a->store_line = line;
  return 0;
}

void tlua_async_store_wait(tlua_Async *a, int keep, int issuer) {
  if (keep < 0) keep = 0;
  int mine = 0;
  for (int i = 0; i < a->stores; i++) mine += a->pending[i].issuer == issuer;
  /* the issuer's oldest (mine - keep) stores are done; the others' stay, in order */
  int done = mine > keep ? mine - keep : 0, kept = 0;
  for (int i = 0; i < a->stores; i++) {
    tlua_TmaStore *st = &a->pending[i];
    if (done > 0 && st->issuer == issuer) {
      for (int64_t e = 0; e < st->n; e++)
        if (a->reading[st->lds][st->at[e]]) a->reading[st->lds][st->at[e]]--;
      free(st->at);
      done--;
    } else {
      a->pending[kept++] = *st;
    }
  }
  a->stores = kept;
}

int tlua_async_lds_write(const tlua_Async *a, int lds, uint64_t off, uint64_t count, const char *verb, char *err,
                         size_t n) {
  const uint8_t *r = a->reading[lds];
  if (!r || !a->stores) return 0;
  for (uint64_t e = off; e < off + count && e < (uint64_t)a->ir->lds[lds].count; e++)
    if (r[e])
      return fmt_err(err, n, "%s lds%d[%" PRIu64 "] while a TMA store (issued at line %d) still reads it: wait with "
                     "k:tma_store_wait() (and a barrier) first", verb, lds, e, a->store_line);
  return 0;
}

int tlua_async_block_end(const tlua_Async *a, char *err, size_t n) {
  if (a->stores)
    return fmt_err(err, n, "the block ends with a TMA store (issued at line %d) not waited for: its LDS may be gone "
                   "before it is read (k:tma_store_wait())", a->store_line);
  if (!a->nflights) return 0;
  const tlua_TmaFlight *f = &a->flights[0];
  if (a->ir->copy_groups && f->array == a->ir->copy_groups - 1)
    return fmt_err(err, n, "the block ends with a k:copy (a TMA copy, issued at line %d into lds%d) that no k:copy_wait "
                   "waited for: its bytes may land after the block's LDS is gone (k:copy_commit(); k:copy_wait(0))",
                   f->line, f->lds);
  return fmt_err(err, n, "the block ends with a TMA copy in flight (issued at line %d into lds%d, completing on "
                 "mbar%d[%d], which nobody waited for)", f->line, f->lds, f->array, f->index);
}
