/* ir_serial.c - tlua_IR to bytes and back, deterministic, safe on arbitrary input (ir_serial.h).
 *
 * Layout (little endian):
 *   magic "TLUAIR\0\4"
 *   name (u32 length + bytes), source_name (same), block i32, warp i32
 *   nparams u32, per parameter: name, kind u8, dtype u8, rank u8, shape_div16 u32,
 *     stride_div16 u32, aligned16 u8, last_contiguous u8
 *   nlds u32, per buffer: dtype u8, count i64
 *   nmbar u32, per array: count i32, arrivals i32
 *   ntma u32, per descriptor: param i32, lds i32, rank i32, swizzle i32, box i32 x TLUA_IR_MAX_RANK
 *   cluster i32, copy_groups i32
 *   ninstrs u32, per instruction (INSTR_BYTES): op u16, dtype u8, has_value u8, nops i32, ops i32,
 *     region0 i32, region1 i32, imm i64, imm2 i64, fimm (f64 bits), vec u8, vec_lane u8,
 *     atomic_op u8, order u8, scope u8, space u8, want_old u8, line i32, src_line i32
 *   noperands u32, operands i32...
 *   nregions u32, per region: n u32, instruction ids i32...
 * and nothing after. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir_serial.h"

#define MAGIC "TLUAIR\0\4"  /* 2: mbarrier arrays and TMA descriptors; 3: copy groups; 4: src_line */
#define MAGIC_LEN 8
#define INSTR_BYTES 59

/* --- writing ------------------------------------------------------------------------------------- */

typedef struct Out { uint8_t *p; size_t n, cap; int oom; } Out;

static uint8_t *room(Out *o, size_t k) {
  if (o->oom) return NULL;
  if (o->cap - o->n < k) {
    size_t cap = o->cap ? o->cap : 256;
    while (cap - o->n < k) {
      if (cap > SIZE_MAX / 2) { o->oom = 1; return NULL; }
      cap *= 2;
    }
    uint8_t *p = realloc(o->p, cap);
    if (!p) { o->oom = 1; return NULL; }
    o->p = p;
    o->cap = cap;
  }
  uint8_t *at = o->p + o->n;
  o->n += k;
  return at;
}

static void w_uint(Out *o, uint64_t v, int bytes) {
  uint8_t *p = room(o, (size_t)bytes);
  if (p) for (int i = 0; i < bytes; i++) p[i] = (uint8_t)(v >> (8 * i));
}
#define W8(o, v) w_uint(o, (uint8_t)(v), 1)
#define W16(o, v) w_uint(o, (uint16_t)(v), 2)
#define W32(o, v) w_uint(o, (uint32_t)(v), 4)
#define W64(o, v) w_uint(o, (uint64_t)(v), 8)

/* A string field of a fixed-size char array: its bytes up to the first NUL. */
static void w_str(Out *o, const char *s, size_t cap) {
  size_t n = 0;
  while (n < cap && s[n]) n++;
  W32(o, n);
  uint8_t *p = room(o, n);
  if (p && n) memcpy(p, s, n);
}

int tlua_ir_serialize(const tlua_IR *ir, void **buf, size_t *len, char *err, size_t errsz) {
  *buf = NULL;
  *len = 0;
  Out o = {NULL, 0, 0, 0};
  uint8_t *m = room(&o, MAGIC_LEN);
  if (m) memcpy(m, MAGIC, MAGIC_LEN);
  w_str(&o, ir->name, sizeof ir->name);
  w_str(&o, ir->source_name, sizeof ir->source_name);
  W32(&o, ir->block);
  W32(&o, ir->warp);
  W32(&o, ir->nparams);
  for (int i = 0; i < ir->nparams; i++) {
    const tlua_Param *p = &ir->params[i];
    w_str(&o, p->name, sizeof p->name);
    W8(&o, p->kind); W8(&o, p->dtype); W8(&o, p->rank);
    W32(&o, p->shape_div16); W32(&o, p->stride_div16);
    W8(&o, p->aligned16); W8(&o, p->last_contiguous);
  }
  W32(&o, ir->nlds);
  for (int i = 0; i < ir->nlds; i++) {
    W8(&o, ir->lds[i].dtype);
    W64(&o, ir->lds[i].count);
  }
  W32(&o, ir->nmbar);
  for (int i = 0; i < ir->nmbar; i++) {
    W32(&o, ir->mbar[i].count);
    W32(&o, ir->mbar[i].arrivals);
  }
  W32(&o, ir->ntma);
  for (int i = 0; i < ir->ntma; i++) {
    const tlua_TmaDesc *d = &ir->tma[i];
    W32(&o, d->param); W32(&o, d->lds); W32(&o, d->rank); W32(&o, d->swizzle);
    for (int k = 0; k < TLUA_IR_MAX_RANK; k++) W32(&o, d->box[k]);
  }
  W32(&o, ir->cluster);
  W32(&o, ir->copy_groups);
  W32(&o, ir->ninstrs);
  for (int i = 0; i < ir->ninstrs; i++) {
    const tlua_Instr *in = &ir->instrs[i];
    uint64_t fbits;
    memcpy(&fbits, &in->fimm, sizeof fbits);
    W16(&o, in->op); W8(&o, in->dtype); W8(&o, in->has_value);
    W32(&o, in->nops); W32(&o, in->ops); W32(&o, in->region[0]); W32(&o, in->region[1]);
    W64(&o, in->imm); W64(&o, in->imm2); W64(&o, fbits);
    W8(&o, in->vec); W8(&o, in->vec_lane); W8(&o, in->atomic_op); W8(&o, in->order);
    W8(&o, in->scope); W8(&o, in->space); W8(&o, in->want_old);
    W32(&o, in->line);
    W32(&o, in->src_line);
  }
  W32(&o, ir->noperands);
  for (int i = 0; i < ir->noperands; i++) W32(&o, ir->operands[i]);
  W32(&o, ir->nregions);
  for (int r = 0; r < ir->nregions; r++) {
    W32(&o, ir->regions[r].n);
    for (int k = 0; k < ir->regions[r].n; k++) W32(&o, ir->regions[r].instrs[k]);
  }
  if (o.oom) {
    free(o.p);
    return tlua_errorf(-1, err, errsz, "IR serialize: out of memory for kernel %s", ir->name);
  }
  *buf = o.p;
  *len = o.n;
  return 0;
}

/* --- reading ------------------------------------------------------------------------------------- */

typedef struct In {
  const uint8_t *base;
  size_t n, at;
  const char *what;   /* the field being read, for the error */
  long index;         /* its element index, -1 when none */
  int bad;
} In;

static const uint8_t *take(In *r, size_t k) {
  if (r->bad || k > r->n - r->at) { r->bad = 1; return NULL; }
  const uint8_t *p = r->base + r->at;
  r->at += k;
  return p;
}

static uint64_t r_uint(In *r, int bytes) {
  const uint8_t *p = take(r, (size_t)bytes);
  uint64_t v = 0;
  if (p) for (int i = 0; i < bytes; i++) v |= (uint64_t)p[i] << (8 * i);
  return v;
}
#define R8(r) ((uint8_t)r_uint(r, 1))
#define R16(r) ((uint16_t)r_uint(r, 2))
#define R32(r) ((uint32_t)r_uint(r, 4))
#define RI32(r) ((int32_t)(uint32_t)r_uint(r, 4))
#define R64(r) r_uint(r, 8)

/* A string into a char[cap]: shorter than cap, no NUL inside. Returns -1 when bad. */
static int r_str(In *r, char *dst, size_t cap) {
  uint32_t n = R32(r);
  if (r->bad) return -1;
  if (n >= cap) return -2;
  const uint8_t *p = take(r, n);
  if (!p) return -1;
  if (memchr(p, 0, n)) return -3;
  memcpy(dst, p, n);
  dst[n] = '\0';
  return 0;
}

/* A count that must be at most max and leave room for count * each bytes (-2 too large, -1 the
 * bytes end first). */
static int r_count(In *r, uint32_t max, size_t each, int32_t *out) {
  uint32_t v = R32(r);
  if (r->bad) return -1;
  if (v > max) return -2;
  if (each && v > (r->n - r->at) / each) return -1;   /* more items than bytes left: truncated */
  *out = (int32_t)v;
  return 0;
}

/* "truncated at byte N reading instruction 3" / "bad value before byte N in parameter 2" */
static int fail_at(In *r, char *err, size_t errsz, int truncated) {
  char where[96];
  if (r->index >= 0) snprintf(where, sizeof where, "%s %ld", r->what, r->index);
  else snprintf(where, sizeof where, "%s", r->what);
  if (truncated) return tlua_errorf(-1, err, errsz, "IR bytes: truncated at byte %zu reading %s", r->n, where);
  return tlua_errorf(-1, err, errsz, "IR bytes: bad value before byte %zu in %s", r->at, where);
}

#define CHECK(call)                                                                          \
  do {                                                                                       \
    int rc_ = (call);                                                                        \
    if (r.bad || rc_ == -1) { status = fail_at(&r, err, errsz, 1); goto done; } \
    if (rc_ < 0) { status = fail_at(&r, err, errsz, 0); goto done; }                        \
  } while (0)
#define FIELD(name, idx) (r.what = (name), r.index = (idx))

int tlua_ir_deserialize(const void *buf, size_t len, tlua_IR **out, char *err, size_t errsz) {
  *out = NULL;
  In r = {(const uint8_t *)buf, buf ? len : 0, 0, "magic", -1, 0};
  int status = 0;
  tlua_IR *ir = calloc(1, sizeof *ir);
  if (!ir) return tlua_errorf(-1, err, errsz, "IR bytes: out of memory");
  const uint8_t *m = take(&r, MAGIC_LEN);
  if (!m || memcmp(m, MAGIC, MAGIC_LEN) != 0) {
    status = tlua_errorf(-1, err, errsz, "IR bytes: bad magic (not serialized IR of this format)");
    goto done;
  }
  FIELD("kernel name", -1);
  CHECK(r_str(&r, ir->name, sizeof ir->name));
  FIELD("source name", -1);
  CHECK(r_str(&r, ir->source_name, sizeof ir->source_name));
  FIELD("block and warp", -1);
  ir->block = RI32(&r);
  ir->warp = RI32(&r);
  CHECK(0);
  FIELD("parameter count", -1);
  CHECK(r_count(&r, TLUA_IR_MAX_PARAMS, 17, &ir->nparams));
  for (int i = 0; i < ir->nparams; i++) {
    tlua_Param *p = &ir->params[i];
    FIELD("parameter", i);
    CHECK(r_str(&r, p->name, sizeof p->name));
    p->kind = R8(&r); p->dtype = R8(&r); p->rank = R8(&r);
    p->shape_div16 = R32(&r); p->stride_div16 = R32(&r);
    p->aligned16 = R8(&r); p->last_contiguous = R8(&r);
    /* bits 0..7: a dimension each; 8..10: log2 of the last dimension's divisor, at most 4 (16) */
    CHECK(p->shape_div16 >> 11 || (p->shape_div16 >> 8) > 4 ? -2 : 0);
  }
  FIELD("LDS buffer count", -1);
  CHECK(r_count(&r, TLUA_IR_MAX_LDS, 9, &ir->nlds));
  for (int i = 0; i < ir->nlds; i++) {
    FIELD("LDS buffer", i);
    ir->lds[i].dtype = R8(&r);
    ir->lds[i].count = (int64_t)R64(&r);
    CHECK(0);
  }
  FIELD("mbarrier array count", -1);
  CHECK(r_count(&r, TLUA_IR_MAX_MBAR, 8, &ir->nmbar));
  for (int i = 0; i < ir->nmbar; i++) {
    FIELD("mbarrier array", i);
    ir->mbar[i].count = RI32(&r);
    ir->mbar[i].arrivals = RI32(&r);
    CHECK(0);
  }
  FIELD("TMA descriptor count", -1);
  CHECK(r_count(&r, TLUA_IR_MAX_TMA, 16 + 4 * TLUA_IR_MAX_RANK, &ir->ntma));
  for (int i = 0; i < ir->ntma; i++) {
    tlua_TmaDesc *d = &ir->tma[i];
    FIELD("TMA descriptor", i);
    d->param = RI32(&r); d->lds = RI32(&r); d->rank = RI32(&r); d->swizzle = RI32(&r);
    for (int k = 0; k < TLUA_IR_MAX_RANK; k++) d->box[k] = RI32(&r);
    CHECK(0);
  }
  FIELD("cluster", -1);
  ir->cluster = RI32(&r);
  CHECK(0);
  FIELD("copy groups", -1);
  ir->copy_groups = RI32(&r);
  CHECK(0);
  FIELD("instruction count", -1);
  CHECK(r_count(&r, INT32_MAX / 2, INSTR_BYTES, &ir->ninstrs));
  if (ir->ninstrs > 0 && !(ir->instrs = calloc((size_t)ir->ninstrs, sizeof *ir->instrs))) goto oom;
  ir->cap_instrs = ir->ninstrs;
  for (int i = 0; i < ir->ninstrs; i++) {
    tlua_Instr *in = &ir->instrs[i];
    FIELD("instruction", i);
    in->op = R16(&r); in->dtype = R8(&r); in->has_value = R8(&r);
    in->nops = RI32(&r); in->ops = RI32(&r); in->region[0] = RI32(&r); in->region[1] = RI32(&r);
    in->imm = (int64_t)R64(&r); in->imm2 = (int64_t)R64(&r);
    uint64_t fbits = R64(&r);
    memcpy(&in->fimm, &fbits, sizeof fbits);
    in->vec = R8(&r); in->vec_lane = R8(&r); in->atomic_op = R8(&r); in->order = R8(&r);
    in->scope = R8(&r); in->space = R8(&r); in->want_old = R8(&r);
    in->line = RI32(&r);
    in->src_line = RI32(&r);
    CHECK(in->has_value > 1 ? -2 : 0);
  }
  FIELD("operand count", -1);
  CHECK(r_count(&r, INT32_MAX / 2, 4, &ir->noperands));
  if (ir->noperands > 0 && !(ir->operands = malloc((size_t)ir->noperands * sizeof *ir->operands))) goto oom;
  ir->cap_operands = ir->noperands;
  FIELD("operands", -1);
  for (int i = 0; i < ir->noperands; i++) ir->operands[i] = RI32(&r);
  CHECK(0);
  FIELD("region count", -1);
  CHECK(r_count(&r, INT32_MAX / 2, 4, &ir->nregions));
  if (ir->nregions > 0 && !(ir->regions = calloc((size_t)ir->nregions, sizeof *ir->regions))) {
    ir->nregions = 0;
    goto oom;
  }
  ir->cap_regions = ir->nregions;
  for (int i = 0; i < ir->nregions; i++) {
    tlua_Region *rg = &ir->regions[i];
    FIELD("region", i);
    CHECK(r_count(&r, INT32_MAX / 2, 4, &rg->n));
    if (rg->n > 0 && !(rg->instrs = malloc((size_t)rg->n * sizeof *rg->instrs))) { rg->n = 0; goto oom; }
    rg->cap = rg->n;
    for (int k = 0; k < rg->n; k++) rg->instrs[k] = RI32(&r);
    CHECK(0);
  }
  if (r.at != r.n) {
    status = tlua_errorf(-1, err, errsz, "IR bytes: %zu bytes after the end of the IR (at byte %zu)",
                         r.n - r.at, r.at);
    goto done;
  }
  char verr[400];
  if (tlua_ir_verified(ir, verr, sizeof verr) != 0) {
    status = tlua_errorf(-1, err, errsz, "IR bytes: not a valid IR: %s", verr);
    goto done;
  }
  goto done;
oom:
  status = tlua_errorf(-1, err, errsz, "IR bytes: out of memory");
done:
  if (status != 0) {
    tlua_ir_free(ir);
    return status;
  }
  *out = ir;
  return 0;
}
