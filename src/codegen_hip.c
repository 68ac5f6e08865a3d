/* codegen_hip.c - the HIP code generator: walks a verified tlua_IR and prints one extern "C"
 * __global__ function (HIP dialect, a small per-vendor prelude so NVRTC and hiprtc both accept it).
 *
 * Mapping (the CPU executor, exec.c, is the reference; where the GPU differs it is said here):
 * - Every SSA value is a C variable v<id>; regions are C blocks, so visibility matches the IR's.
 *   FOR: carried variables declared before a C for loop, YIELD assigns them (through temporaries
 *   when one next value reads another carry); FOR_RESULT copies them. IF: result variables
 *   initialised with the inits, each branch's YIELD assigns them.
 * - Integer + - * neg shl are computed in the unsigned type of at least 32 bits and converted back,
 *   so they wrap as in the executor with no signed-overflow UB. Shift counts are masked to the width.
 * - Integer division / remainder by zero: the executor reports an error; the generated code calls
 *   tl_div/tl_rem, which give 0 instead (one select, no UB, no trap); x / -1 wraps like the executor.
 * - f16/bf16 arithmetic is done in float and rounded back after every op (as the executor does);
 *   fma, int->f16 and f64->f16 round twice (through float) where the executor rounds once.
 * - Float->integer casts: 32/64-bit targets use the hardware conversion (saturating, NaN -> 0 on
 *   both vendors); 8/16-bit targets clamp first. rsqrt uses the fast rsqrtf/rsqrt intrinsics.
 * - LDS is not zeroed at block start (the executor zeroes it; kernels must not read before writing).
 * - MMA (codegen_hip_sync.c): NVIDIA inline PTX mma.sync (sm_80+), AMD MFMA builtins (gfx908/gfx90a+);
 *   a layout exists for one vendor and warp size, so other targets are refused with a message.
 * - Shuffles: lanes beyond the block read their own value in the executor; on the GPU the block is a
 *   whole number of warps when it matters. A kernel traced for a warp wider than the target's is
 *   refused when it shuffles (a xor mask >= 32 would cross hardware warps).
 * - Atomics: AMD uses HIP's __hip_atomic_* builtins with the exact order and scope. NVIDIA uses
 *   inline PTX: atom.<sem>.<scope>.<op>.<type> (sem relaxed/acquire/release/acq_rel; scope
 *   block -> .cta, device -> .gpu, system -> .sys), red.<sem>.<scope> when the old value is unused and
 *   the order is relaxed or release (red has no acquire form); add/and/or/xor/min/max/exch/cas on
 *   32/64-bit integers, add/exch/cas on f32/f64 (bit patterns for exch/cas), f32/f64 min/max through
 *   an atom.cas loop. 8/16-bit and f16/bf16 atomics are refused with an error (not generated yet).
 * - Vector groups (vec > 1, lanes 0..vec-1 adjacent, same target, offsets base+c..base+c+vec-1) become
 *   one tl_vec<T,vec> access when the target is proven aligned to vec*size bytes (param aligned16 or
 *   an LDS buffer, which is declared 16-byte aligned, and the offset's known power-of-two divisor);
 *   with masks: all lanes' masks true -> vector path, else per-element masked path. Groups wider
 *   than 16 bytes are emitted as consecutive 16-byte chunks (the widest global/LDS access). An LDS
 *   group of 2 to 8 bytes is one access of an unsigned integer as wide (vbits_type). */
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codegen_hip_impl.h"
#include "wgmma.h"

void put(Buf *b, const char *fmt, ...) {
  if (b->oom) return;
  for (;;) {
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(b->s ? b->s + b->n : NULL, b->s ? b->cap - b->n : 0, fmt, ap);
    va_end(ap);
    if (k < 0) { b->oom = 1; return; }
    if (b->s && (size_t)k < b->cap - b->n) { b->n += (size_t)k; return; }
    size_t ncap = b->cap * 2 + (size_t)k + 256;
    char *p = realloc(b->s, ncap);
    if (!p) { b->oom = 1; return; }
    b->s = p;
    b->cap = ncap;
  }
}

int fail(Gen *g, const tlua_Instr *in, const char *fmt, ...) {
  if (g->failed) return -1;
  g->failed = 1;
  if (!g->err || !g->errsz) return -1;
  int k = snprintf(g->err, g->errsz, "hip codegen: kernel %s: ", g->ir->name);
  size_t n = k > 0 && (size_t)k < g->errsz ? (size_t)k : 0;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(g->err + n, g->errsz - n, fmt, ap);
  va_end(ap);
  n = strlen(g->err);
  if (in && in->line > 0 && n < g->errsz) snprintf(g->err + n, g->errsz - n, " (script line %d)", (int)in->line);
  return -1;
}

/* --- output helpers ------------------------------------------------------------------------------- */

/* Counts output newlines in the text just written so #line bookkeeping stays exact. */
void line_text(Gen *g, const char *fmt, ...) {
  char tmp[1024];
  va_list ap;
  va_start(ap, fmt);
  int k = vsnprintf(tmp, sizeof tmp, fmt, ap);
  va_end(ap);
  if (k < 0) { g->b.oom = 1; return; }
  if ((size_t)k >= sizeof tmp) {
    char *big = malloc((size_t)k + 1);
    if (!big) { g->b.oom = 1; return; }
    va_start(ap, fmt);
    vsnprintf(big, (size_t)k + 1, fmt, ap);
    va_end(ap);
    put(&g->b, "%s", big);
    for (char *p = big; *p; p++) if (*p == '\n' && g->presumed) g->presumed++;
    free(big);
    return;
  }
  put(&g->b, "%s", tmp);
  for (char *p = tmp; *p; p++) if (*p == '\n' && g->presumed) g->presumed++;
}

/* Emits `#line L "file"` unless the compiler already presumes line L for the next output line: L is the
   instruction's line in source_name, the body's own file in a kernel of tilelua's (src_line; none where -1),
   else the user's script line. */
void line_dir(Gen *g, const tlua_Instr *in) {
  const int line = in->src_line ? in->src_line : in->line;
  if (line <= 0 || !g->ir->source_name[0] || g->presumed == line) return;
  put(&g->b, "#line %d \"", line);
  const char *s = g->ir->source_name;
  if (*s == '@') s++;
  for (; *s; s++) {
    if (*s == '"' || *s == '\\') put(&g->b, "\\%c", *s);
    else if ((unsigned char)*s < 32) put(&g->b, "?");
    else put(&g->b, "%c", *s);
  }
  put(&g->b, "\"\n");
  g->presumed = line;
}



/* A constant in C notation for dt. */
static void const_text(const Gen *g, int dt, int64_t imm, double f, char *out, size_t n) {
  switch (dt) {
  case TLUA_BOOL: snprintf(out, n, "%s", imm ? "true" : "false"); return;
  case TLUA_I64:
    if (imm == INT64_MIN) snprintf(out, n, "(-9223372036854775807LL - 1)");
    else snprintf(out, n, "%" PRId64 "LL", imm);
    return;
  case TLUA_U64: snprintf(out, n, "%" PRIu64 "ULL", (uint64_t)imm); return;
  case TLUA_I32:
    if ((int32_t)imm == INT32_MIN) snprintf(out, n, "(-2147483647 - 1)");
    else snprintf(out, n, "%" PRId32, (int32_t)imm);
    return;
  case TLUA_U32: snprintf(out, n, "%" PRIu32 "u", (uint32_t)imm); return;
  case TLUA_I8: case TLUA_U8: case TLUA_I16: case TLUA_U16:
    snprintf(out, n, "(%s)%" PRId64, ctype(g, dt), imm);
    return;
  default: break;
  }
  char num[64];
  int dbl = dt == TLUA_F64;
  if (isnan(f)) snprintf(num, sizeof num, dbl ? "__longlong_as_double(0x7ff8000000000000LL)" : "__int_as_float(0x7fc00000)");
  else if (isinf(f))
    snprintf(num, sizeof num, dbl ? "__longlong_as_double(%s)" : "__int_as_float(%s)",
             dbl ? (f > 0 ? "0x7ff0000000000000LL" : "(long long)0xfff0000000000000ULL") : (f > 0 ? "0x7f800000" : "(int)0xff800000u"));
  else {
    snprintf(num, sizeof num, dbl ? "%.17g" : "%.9g", f);
    if (!strpbrk(num, ".e")) strcat(num, ".0");
    if (!dbl) strcat(num, "f");
  }
  if (is_small_float(dt)) snprintf(out, n, "%s(%s)", small_ctor(dt), num);
  else snprintf(out, n, "%s", num);
}

/* --- analysis ------------------------------------------------------------------------------------- */

/* (base, c): value == v<base> + c (base -1: the constant c), through nested additions of constants (a lane
   of a vector group whose first lane is itself an element's offset plus a constant: lua/window.lua's
   relative offsets). Returns 0 when not of that form. */
static int affine(const tlua_IR *ir, int id, int *base, int64_t *c) {
  int64_t acc = 0;
  for (;;) { /* (operands precede their instruction: the walk ends) */
    const tlua_Instr *in = &ir->instrs[id];
    const int32_t *o = tlua_ir_ops(ir, in);
    if (in->op == TLUA_OP_CONST && is_int(in->dtype)) { *base = -1; *c = acc + in->imm; return 1; }
    if (!((in->op == TLUA_OP_ADD || in->op == TLUA_OP_SUB) && is_int(in->dtype))) break;
    const tlua_Instr *b = &ir->instrs[o[1]], *a = &ir->instrs[o[0]];
    if (b->op == TLUA_OP_CONST) { acc += in->op == TLUA_OP_ADD ? b->imm : -b->imm; id = o[0]; }
    else if (a->op == TLUA_OP_CONST && in->op == TLUA_OP_ADD) { acc += a->imm; id = o[1]; }
    else break;
  }
  *base = id;
  *c = acc;
  return 1;
}

static int ctz16(uint64_t x) {
  int d = 1;
  while (d < 16 && x % (uint64_t)(2 * d) == 0) d *= 2;
  return x == 0 ? 16 : d;
}

/* Known power-of-two divisor (capped at 16) of every value, from constants, the shape/stride
 * specialization facts, loop induction variables (lo and step),
 * and + - * << % / & | ^ min max select (ids are in definition order, so one
 * pass suffices). */
static void divisors(Gen *g) {
  const tlua_IR *ir = g->ir;
  for (int id = 0; id < ir->ninstrs; id++) {
    const tlua_Instr *in = &ir->instrs[id];
    const int32_t *o = tlua_ir_ops(ir, in);
    int d = 1;
    switch (in->op) {
    case TLUA_OP_CONST: if (is_int(in->dtype)) d = ctz16((uint64_t)in->imm); break;
    case TLUA_OP_SHAPE: case TLUA_OP_STRIDE: {
      const tlua_Param *p = &ir->params[in->imm];
      uint32_t bits = in->op == TLUA_OP_SHAPE ? p->shape_div16 : p->stride_div16;
      /* a shape fact counts elements, a stride fact bytes: 16 / element size elements */
      if (in->imm2 >= 0 && in->imm2 < TLUA_IR_MAX_RANK && (bits >> in->imm2) & 1) {
        d = in->op == TLUA_OP_SHAPE ? 16 : 16 / dsize(p->dtype);
        if (d < 1) d = 1;
      } else if (in->op == TLUA_OP_SHAPE && in->imm2 == p->rank - 1) {
        d = (int)TLUA_SHAPE_LAST_DIV(bits); /* the last dimension's divisor short of 16 */
      }
      break;
    }
    case TLUA_OP_ADD: case TLUA_OP_SUB:
      if (is_int(in->dtype)) d = g->div[o[0]] < g->div[o[1]] ? g->div[o[0]] : g->div[o[1]];
      break;
    case TLUA_OP_MUL:
      if (is_int(in->dtype)) { d = g->div[o[0]] * g->div[o[1]]; if (d > 16) d = 16; }
      break;
    case TLUA_OP_SHL:
      if (is_int(in->dtype) && ir->instrs[o[1]].op == TLUA_OP_CONST) {
        int64_t s = ir->instrs[o[1]].imm & (width(in->dtype) - 1);
        d = g->div[o[0]];
        while (s-- > 0 && d < 16) d *= 2;
      }
      break;
    case TLUA_OP_CAST:
      if (is_int(in->dtype) && is_int(ir->instrs[o[0]].dtype) && width(in->dtype) >= 8) d = g->div[o[0]];
      break;
    case TLUA_OP_AND: case TLUA_OP_OR: case TLUA_OP_XOR: case TLUA_OP_MIN: case TLUA_OP_MAX:
      /* bitwise ops keep low zero bits both operands have; min/max give one of them */
      if (is_int(in->dtype)) d = g->div[o[0]] < g->div[o[1]] ? g->div[o[0]] : g->div[o[1]];
      break;
    case TLUA_OP_REM:  /* x % c = x - (x / c) * c: a multiple of what divides both */
      if (is_int(in->dtype) && ir->instrs[o[1]].op == TLUA_OP_CONST && ir->instrs[o[1]].imm != 0) {
        const int dc = ctz16((uint64_t)ir->instrs[o[1]].imm);
        d = g->div[o[0]] < dc ? g->div[o[0]] : dc;
      }
      break;
    case TLUA_OP_DIV:  /* a multiple of d divided exactly by a power of two c <= d: a multiple of d / c */
      if (is_int(in->dtype) && ir->instrs[o[1]].op == TLUA_OP_CONST && ir->instrs[o[1]].imm > 0) {
        const int64_t c = ir->instrs[o[1]].imm;
        if ((c & (c - 1)) == 0 && c <= g->div[o[0]]) d = g->div[o[0]] / (int)c;
      }
      break;
    case TLUA_OP_SELECT:
      d = g->div[o[1]] < g->div[o[2]] ? g->div[o[1]] : g->div[o[2]];
      break;
    case TLUA_OP_FOR:  /* the induction variable is lo + i * step: set here, its id comes later */
      if (in->region[0] >= 0 && ir->regions[in->region[0]].n > 0) {
        const int iv = ir->regions[in->region[0]].instrs[0];
        if (iv > id && iv < ir->ninstrs && ir->instrs[iv].op == TLUA_OP_LOOP_IV)
          g->div[iv] = g->div[o[0]] < g->div[o[2]] ? g->div[o[0]] : g->div[o[2]];
      }
      break;
    case TLUA_OP_LOOP_IV: d = g->div[id] > 0 ? g->div[id] : 1; break;
    default: break;
    }
    g->div[id] = d;
  }
}

/* --- expressions ---------------------------------------------------------------------------------- */

/* an EXP2 written as the prelude's tl_ex2_ftz: flush_to_zero (imm 1) on NVIDIA, f32 or a small float */
static int ex2_ftz(const Gen *g, const tlua_Instr *in) {
  return in->op == TLUA_OP_EXP2 && in->imm == 1 && g->nv && in->dtype != TLUA_F64;
}

/* an XOR written as the prelude's tl_xor_stay: TLUA_XOR_STAY on NVIDIA, 32-bit integers */
static int xor_stay(const Gen *g, const tlua_Instr *in) {
  return in->op == TLUA_OP_XOR && in->imm == TLUA_XOR_STAY && g->nv && (in->dtype == TLUA_I32 || in->dtype == TLUA_U32);
}

static const char *float_fn(int op, int dbl) {
  static const struct { int op; const char *f, *d; } fns[] = {
    {TLUA_OP_REM, "fmodf", "fmod"}, {TLUA_OP_MIN, "fminf", "fmin"}, {TLUA_OP_MAX, "fmaxf", "fmax"},
    {TLUA_OP_POW, "powf", "pow"}, {TLUA_OP_ABS, "fabsf", "fabs"}, {TLUA_OP_EXP, "expf", "exp"},
    {TLUA_OP_LOG, "logf", "log"}, {TLUA_OP_EXP2, "exp2f", "exp2"}, {TLUA_OP_LOG2, "log2f", "log2"},
    {TLUA_OP_SQRT, "sqrtf", "sqrt"}, {TLUA_OP_RSQRT, "rsqrtf", "rsqrt"}, {TLUA_OP_SIN, "sinf", "sin"},
    {TLUA_OP_COS, "cosf", "cos"}, {TLUA_OP_TANH, "tanhf", "tanh"}, {TLUA_OP_FLOOR, "floorf", "floor"},
    {TLUA_OP_CEIL, "ceilf", "ceil"}, {TLUA_OP_FMA, "fmaf", "fma"},
  };
  for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++)
    if (fns[i].op == op) return dbl ? fns[i].d : fns[i].f;
  return NULL;
}

static const char *bin_sym(int op) {
  switch (op) {
  case TLUA_OP_ADD: return "+"; case TLUA_OP_SUB: return "-"; case TLUA_OP_MUL: return "*";
  case TLUA_OP_DIV: return "/"; case TLUA_OP_AND: return "&"; case TLUA_OP_OR: return "|";
  case TLUA_OP_XOR: return "^"; case TLUA_OP_LT: return "<"; case TLUA_OP_LE: return "<=";
  case TLUA_OP_GT: return ">"; case TLUA_OP_GE: return ">="; case TLUA_OP_EQ: return "==";
  case TLUA_OP_NE: return "!=";
  default: return NULL;
  }
}

/* The right-hand side of an arithmetic / comparison / select / cast instruction into out. */
static int arith_expr(Gen *g, const tlua_Instr *in, char *out, size_t n) {
  const tlua_IR *ir = g->ir;
  const int32_t *o = tlua_ir_ops(ir, in);
  const int dt = in->dtype, op = in->op;
  const int sdt = in->nops > 0 ? ir->instrs[o[0]].dtype : dt;
  char a[48] = "", b[48] = "", c[48] = "";
  const int small = is_small_float(sdt);
  /* operands as C expressions: small floats are viewed as float */
  char *ops[3] = {a, b, c};
  for (int k = 0; k < in->nops && k < 3; k++) {
    const int kdt = ir->instrs[o[k]].dtype;
    if (is_small_float(kdt)) snprintf(ops[k], 48, "tl_f(v%d)", o[k]);
    else snprintf(ops[k], 48, "v%d", o[k]);
  }
  const char *sym = bin_sym(op);
  if (op == TLUA_OP_SELECT) {
    snprintf(n ? out : out, n, "%s ? v%d : v%d", a, o[1], o[2]);
    return 0;
  }
  if (op >= TLUA_OP_LT && op <= TLUA_OP_NE) {
    snprintf(out, n, "%s %s %s", a, sym, b);
    return 0;
  }
  if (op == TLUA_OP_BITCAST) {
    snprintf(out, n, "tl_bitcast<%s>(v%d)", ctype(g, dt), o[0]);
    return 0;
  }
  if (op == TLUA_OP_CAST) {
    const char *T = ctype(g, dt);
    if (dt == TLUA_BOOL) snprintf(out, n, is_float(sdt) ? "%s != 0.0f" : "%s != 0", a);
    else if (is_small_float(dt))
      snprintf(out, n, "%s((float)%s)", small_ctor(dt), a);
    else if (is_int(dt) && is_float(sdt) && width(dt) < 32) {
      const int64_t lo = is_signed_int(dt) ? -((int64_t)1 << (width(dt) - 1)) : 0;
      const int64_t hi = is_signed_int(dt) ? ((int64_t)1 << (width(dt) - 1)) - 1 : ((int64_t)1 << width(dt)) - 1;
      snprintf(out, n, "(%s)(int)fminf(fmaxf((float)%s, %" PRId64 ".0f), %" PRId64 ".0f)", T, a, lo, hi);
    } else snprintf(out, n, "(%s)%s", T, a);
    return 0;
  }
  if (is_float(dt)) {
    const int dbl = dt == TLUA_F64;
    char e[160];
    const char *fn = float_fn(op, dbl);
    if (op == TLUA_OP_NEG) snprintf(e, sizeof e, "-%s", a);
    else if (sym && op <= TLUA_OP_DIV) snprintf(e, sizeof e, "%s %s %s", a, sym, b);
    else if (fn && op == TLUA_OP_FMA) snprintf(e, sizeof e, "%s(%s, %s, %s)", fn, a, b, c);
    else if (fn && (op == TLUA_OP_REM || op == TLUA_OP_MIN || op == TLUA_OP_MAX || op == TLUA_OP_POW))
      snprintf(e, sizeof e, "%s(%s, %s)", fn, a, b);
    /* exp2's flush_to_zero (NVIDIA, f32 and the small floats computed in it): one ex2.approx.ftz instead of
       exp2f's ex2.approx with its fix-up of subnormal results (a compare and two predicated multiplies) */
    else if (ex2_ftz(g, in)) snprintf(e, sizeof e, "tl_ex2_ftz(%s)", a);
    else if (fn) snprintf(e, sizeof e, "%s(%s)", fn, a);
    else return fail(g, in, "op %s is not defined on %s", tlua_op_name((tlua_Op)op), ctype(g, dt));
    if (small) snprintf(out, n, "%s(%s)", small_ctor(dt), e);
    else snprintf(out, n, "%s", e);
    return 0;
  }
  if (dt == TLUA_BOOL) {
    switch (op) {
    case TLUA_OP_AND: snprintf(out, n, "%s && %s", a, b); return 0;
    case TLUA_OP_OR: snprintf(out, n, "%s || %s", a, b); return 0;
    case TLUA_OP_XOR: snprintf(out, n, "%s != %s", a, b); return 0;
    case TLUA_OP_NOT: snprintf(out, n, "!%s", a); return 0;
    case TLUA_OP_SHL: case TLUA_OP_SHR: snprintf(out, n, "%s", a); return 0;
    default: return fail(g, in, "op %s is not defined on bool", tlua_op_name((tlua_Op)op));
    }
  }
  /* integers */
  const char *T = ctype(g, dt), *U = utype(dt);
  const int W = width(dt), sgn = is_signed_int(dt);
  switch (op) {
  case TLUA_OP_ADD: case TLUA_OP_SUB: case TLUA_OP_MUL:
    snprintf(out, n, "(%s)((%s)%s %s (%s)%s)", T, U, a, sym, U, b);
    return 0;
  case TLUA_OP_FMA:
    snprintf(out, n, "(%s)((%s)%s * (%s)%s + (%s)%s)", T, U, a, U, b, U, c);
    return 0;
  case TLUA_OP_NEG: snprintf(out, n, "(%s)(0u - (%s)%s)", T, U, a); return 0;
  case TLUA_OP_NOT: snprintf(out, n, "(%s)~%s", T, a); return 0;
  case TLUA_OP_ABS:
    if (sgn) snprintf(out, n, "(%s)(%s < 0 ? 0u - (%s)%s : (%s)%s)", T, a, U, a, U, a);
    else snprintf(out, n, "%s", a);
    return 0;
  case TLUA_OP_DIV: case TLUA_OP_REM: {
    if (op == TLUA_OP_DIV && tlua_hg_warp_index(g, in, out, n)) return 0;
    const char *fn = op == TLUA_OP_DIV ? "tl_div" : "tl_rem";
    if (W < 32) snprintf(out, n, "(%s)%s((int)%s, (int)%s)", T, fn, a, b);
    else snprintf(out, n, "%s(%s, %s)", fn, a, b);
    return 0;
  }
  case TLUA_OP_MIN: snprintf(out, n, "%s < %s ? %s : %s", a, b, a, b); return 0;
  case TLUA_OP_MAX: snprintf(out, n, "%s > %s ? %s : %s", a, b, a, b); return 0;
  case TLUA_OP_AND: case TLUA_OP_OR: case TLUA_OP_XOR:
    if (xor_stay(g, in)) snprintf(out, n, "(%s)tl_xor_stay((unsigned int)%s, (unsigned int)%s)", T, a, b);
    else snprintf(out, n, "(%s)(%s %s %s)", T, a, sym, b);
    return 0;
  case TLUA_OP_SHL: snprintf(out, n, "(%s)((%s)%s << (int)(%s & %d))", T, U, a, b, W - 1); return 0;
  case TLUA_OP_SHR: snprintf(out, n, "(%s)(%s >> (int)(%s & %d))", T, a, b, W - 1); return 0;
  default: return fail(g, in, "op %s is not defined on %s", tlua_op_name((tlua_Op)op), T);
  }
}

/* --- memory --------------------------------------------------------------------------------------- */

/* "x" for a tensor parameter, "lds1" for an LDS buffer. */
void target_name(const Gen *g, int lds, int64_t idx, char *out, size_t n) {
  if (lds) snprintf(out, n, "lds%d", (int)idx);
  else snprintf(out, n, "%s", g->ir->params[idx].name);
}

int mem_dtype(const Gen *g, int lds, int64_t idx) {
  return lds ? g->ir->lds[idx].dtype : g->ir->params[idx].dtype;
}

/* 1 when element offset v<base> + c (base -1: just c) of elements of esize bytes is known to be a
 * multiple of `bytes` bytes: the base's known divisor and the constant's. */
static int offset_aligned(const Gen *g, int base, int64_t c, int esize, int bytes) {
  int d = base < 0 ? 16 : g->div[base];
  const int dc = ctz16((uint64_t)c);
  if (dc < d) d = dc;
  return (int64_t)d * esize % bytes == 0;
}

/* Length of the vector group starting at region position p (0 when it cannot be fused). */
static int vector_group(Gen *g, const tlua_Region *rg, int p) {
  const tlua_IR *ir = g->ir;
  const tlua_Instr *in0 = &ir->instrs[rg->instrs[p]];
  const int group = in0->vec;
  if (group < 2 || (group & (group - 1))) return 0;
  /* (vec groups loads and stores; other instructions give it meanings of their own: a ROLE's groups) */
  if (in0->op != TLUA_OP_LOAD && in0->op != TLUA_OP_STORE && in0->op != TLUA_OP_LDS_LOAD && in0->op != TLUA_OP_LDS_STORE)
    return 0;
  const int lds = in0->op == TLUA_OP_LDS_LOAD || in0->op == TLUA_OP_LDS_STORE;
  const int dt = mem_dtype(g, lds, in0->imm);
  /* a group wider than 16 bytes (8 x f32) is emitted as 16-byte chunks */
  int v = group;
  while (v > 1 && v * dsize(dt) > 16) v /= 2;
  const int lane0 = in0->vec_lane;
  if (v < 2 || lane0 % v != 0 || p + v > rg->n) return 0;
  const int bytes = v * dsize(dt);
  if (bytes < 2) return 0;
  if (!lds && !ir->params[in0->imm].aligned16) return 0;
  tlua_MemOperands m0;
  if (tlua_ir_mem_operands(ir, in0, &m0)) return 0;
  int base0;
  int64_t c0;
  affine(ir, m0.offset, &base0, &c0);
  for (int k = 1; k < v; k++) {
    const tlua_Instr *in = &ir->instrs[rg->instrs[p + k]];
    tlua_MemOperands mk;
    if (in->op != in0->op || in->imm != in0->imm || in->vec != group || in->vec_lane != lane0 + k ||
        tlua_ir_mem_operands(ir, in, &mk) || (mk.mask < 0) != (m0.mask < 0))
      return 0;
    int bk;
    int64_t ck;
    affine(ir, mk.offset, &bk, &ck);
    if (bk != base0 || ck != c0 + k) return 0;
  }
  if (!offset_aligned(g, base0, c0, dsize(dt), bytes)) return 0;
  return v;
}

/* The unsigned integer an LDS vector group of 2 to 8 bytes is accessed as (tl_vbits / tl_vfrom), NULL for the
   others (one tl_vec access): NVRTC compiled the aggregate copy of a tl_vec to LDS as one scalar access per
   element in the attention kernels (two st.shared.u16 a pair of f16, two st.shared.f32 a pair of f32), though
   a small kernel's became one st.shared.v2; the global accesses of the same kernels were vectors. */
static const char *vbits_type(int lds, int bytes) {
  if (!lds) return NULL;
  return bytes == 2 ? "unsigned short" : bytes == 4 ? "unsigned int" : bytes == 8 ? "unsigned long long" : NULL;
}

static void emit_vector(Gen *g, const tlua_Region *rg, int p, int v) {
  const tlua_IR *ir = g->ir;
  const tlua_Instr *in0 = &ir->instrs[rg->instrs[p]];
  const int load = in0->op == TLUA_OP_LOAD || in0->op == TLUA_OP_LDS_LOAD;
  const int lds = in0->op == TLUA_OP_LDS_LOAD || in0->op == TLUA_OP_LDS_STORE;
  const int dt = mem_dtype(g, lds, in0->imm);
  const char *T = ctype(g, dt);
  char tn[80], pad[96];
  target_name(g, lds, in0->imm, tn, sizeof tn);
  tlua_MemOperands mo[16];
  for (int k = 0; k < v; k++) tlua_ir_mem_operands(ir, &ir->instrs[rg->instrs[p + k]], &mo[k]);
  const int masked = mo[0].mask >= 0;
  const int id0 = rg->instrs[p];
  if (load) {
    STMT(g, in0, "%s", "");
    for (int k = 0; k < v; k++) line_text(g, "%s v%d;%s", T, rg->instrs[p + k], k + 1 < v ? " " : "\n");
  }
  if (masked) {
    indent(g);
    line_text(g, "if (");
    for (int k = 0; k < v; k++) line_text(g, "%sv%d", k ? " && " : "", mo[k].mask);
    line_text(g, ") {\n");
    g->depth++;
  }
  indent(g);
  const char *U = vbits_type(lds, v * dsize(dt));
  if (load && U) {
    line_text(g, "const tl_vec<%s, %d> t%d = tl_vfrom<%s, %d>(*reinterpret_cast<const %s*>(%s + v%d));\n", T, v, id0, T, v, U,
              tn, mo[0].offset);
    indent(g);
    for (int k = 0; k < v; k++) line_text(g, "v%d = t%d.v[%d];%s", rg->instrs[p + k], id0, k, k + 1 < v ? " " : "\n");
  } else if (load) {
    line_text(g, "const tl_vec<%s, %d> t%d = *reinterpret_cast<const tl_vec<%s, %d>*>(%s + v%d);\n",
              T, v, id0, T, v, tn, mo[0].offset);
    indent(g);
    for (int k = 0; k < v; k++) line_text(g, "v%d = t%d.v[%d];%s", rg->instrs[p + k], id0, k, k + 1 < v ? " " : "\n");
  } else {
    line_text(g, "tl_vec<%s, %d> t%d;", T, v, id0);
    for (int k = 0; k < v; k++) line_text(g, " t%d.v[%d] = v%d;", id0, k, mo[k].value);
    line_text(g, "\n");
    indent(g);
    if (U) line_text(g, "*reinterpret_cast<%s*>(%s + v%d) = tl_vbits<%s>(t%d);\n", U, tn, mo[0].offset, U, id0);
    else line_text(g, "*reinterpret_cast<tl_vec<%s, %d>*>(%s + v%d) = t%d;\n", T, v, tn, mo[0].offset, id0);
  }
  if (!masked) return;
  g->depth--;
  indent(g);
  line_text(g, "} else {\n");
  g->depth++;
  for (int k = 0; k < v; k++) {
    const tlua_Instr *in = &ir->instrs[rg->instrs[p + k]];
    indent(g);
    if (load) {
      const_text(g, dt, in->imm2, in->fimm, pad, sizeof pad);
      line_text(g, "v%d = v%d ? %s[v%d] : %s;\n", rg->instrs[p + k], mo[k].mask, tn, mo[k].offset, pad);
    } else {
      line_text(g, "if (v%d) %s[v%d] = v%d;\n", mo[k].mask, tn, mo[k].offset, mo[k].value);
    }
  }
  g->depth--;
  indent(g);
  line_text(g, "}\n");
}

/* --- asynchronous copies global -> LDS -------------------------------------------------------------- */

/* Lanes of the LDS_COPY group at p that one cp.async moves (4, 8 or 16 bytes), or 0 when it cannot:
 * NVIDIA sm_80+, lanes adjacent and consecutive in both offsets under one mask, both addresses
 * aligned to the size (the tensor's base 16-byte aligned, the offsets' known divisors). */
static int copy_chunk(Gen *g, const tlua_Region *rg, int p) {
  const tlua_IR *ir = g->ir;
  const tlua_Instr *in0 = &ir->instrs[rg->instrs[p]];
  if (!g->nv || atoi(g->t->arch + 3) < 80) return 0;
  const int dt = ir->lds[in0->imm].dtype, group = in0->vec > 1 ? in0->vec : 1;
  int v = group;
  while (v > 1 && v * dsize(dt) > 16) v /= 2;
  const int bytes = v * dsize(dt), lane0 = in0->vec > 1 ? in0->vec_lane : 0;
  if ((bytes != 4 && bytes != 8 && bytes != 16) || lane0 % v != 0 || p + v > rg->n) return 0;
  if (!ir->params[in0->imm2].aligned16) return 0;
  const int32_t *o0 = tlua_ir_ops(ir, in0);
  const int32_t mask0 = in0->nops == 3 ? o0[2] : -1;
  int lb0, gb0;
  int64_t lc0, gc0;
  affine(ir, o0[0], &lb0, &lc0);
  affine(ir, o0[1], &gb0, &gc0);
  for (int k = 1; k < v; k++) {
    const tlua_Instr *in = &ir->instrs[rg->instrs[p + k]];
    if (in->op != TLUA_OP_LDS_COPY || in->imm != in0->imm || in->imm2 != in0->imm2 || in->vec != in0->vec ||
        in->vec_lane != lane0 + k || in->nops != in0->nops)
      return 0;
    const int32_t *o = tlua_ir_ops(ir, in);
    if ((in->nops == 3 ? o[2] : -1) != mask0) return 0;
    int lb, gb;
    int64_t lc, gc;
    affine(ir, o[0], &lb, &lc);
    affine(ir, o[1], &gb, &gc);
    if (lb != lb0 || lc != lc0 + k || gb != gb0 || gc != gc0 + k) return 0;
  }
  if (!offset_aligned(g, lb0, lc0, dsize(dt), bytes) || !offset_aligned(g, gb0, gc0, dsize(dt), bytes)) return 0;
  return v;
}

/* The LDS_COPY at p: one cp.async for a chunk of its group, else a plain copy of the element.
 * Returns the number of instructions consumed. */
static int emit_lds_copy(Gen *g, const tlua_Region *rg, int p) {
  const tlua_IR *ir = g->ir;
  const tlua_Instr *in = &ir->instrs[rg->instrs[p]];
  const int32_t *o = tlua_ir_ops(ir, in);
  const int32_t mask = in->nops == 3 ? o[2] : -1;
  const int dt = ir->lds[in->imm].dtype;
  const char *src = ir->params[in->imm2].name;
  char e[96];
  const int v = copy_chunk(g, rg, p);
  if (v > 0) {
    const int bytes = v * dsize(dt);
    char addr[160], size[64];
    if (mask >= 0) {
      snprintf(addr, sizeof addr, "v%d ? %s + v%d : %s", mask, src, o[1], src);
      snprintf(size, sizeof size, "v%d ? %d : 0", mask, bytes);  /* 0 bytes read: the chunk is zero-filled */
    } else {
      snprintf(addr, sizeof addr, "%s + v%d", src, o[1]);
      snprintf(size, sizeof size, "%d", bytes);
    }
    STMT(g, in, "asm volatile(\"cp.async.%s.shared.global [%%0], [%%1], %d, %%2;\" :: \"r\"((unsigned int)"
         "__cvta_generic_to_shared(lds%d + v%d)), \"l\"(%s), \"r\"(%s) : \"memory\");\n", bytes == 16 ? "cg" : "ca",
         bytes, (int)in->imm, o[0], addr, size);
    return v;
  }
  if (mask >= 0) {
    const_text(g, dt, 0, 0.0, e, sizeof e);
    STMT(g, in, "lds%d[v%d] = v%d ? %s[v%d] : %s;\n", (int)in->imm, o[0], mask, src, o[1], e);
  } else {
    STMT(g, in, "lds%d[v%d] = %s[v%d];\n", (int)in->imm, o[0], src, o[1]);
  }
  return 1;
}

/* --- instructions and regions ---------------------------------------------------------------------- */

static int emit_region(Gen *g, int r);
int tlua_hg_region(Gen *g, int r) { return emit_region(g, r); }

static int emit_yield(Gen *g, int r, const tlua_Instr *in, int is_loop) {
  const int32_t *o = tlua_ir_ops(g->ir, in), *dst = g->ydst[r];
  if (!dst) return in->nops ? fail(g, in, "yield outside for/if") : 0;
  int temps = 0;
  /* (a WGMMA result may be a reference to a loop carry: it reads that carry) */
  if (is_loop)   /* a later next value that reads an earlier, already overwritten carry */
    for (int k = 0; k < in->nops && !temps; k++)
      for (int j = 0; j < k; j++) if (o[k] == dst[j] || g->root[o[k]] == dst[j]) temps = 1;
  if (temps) {
    for (int k = 0; k < in->nops; k++)
      STMT(g, in, "const %s y%d_%d = v%d;\n", ctype(g, g->ir->instrs[dst[k]].dtype), r, k, o[k]);
    for (int k = 0; k < in->nops; k++) STMT(g, in, "v%d = y%d_%d;\n", dst[k], r, k);
    return 0;
  }
  for (int k = 0; k < in->nops; k++)
    if (o[k] != dst[k] && g->root[o[k]] != dst[k]) STMT(g, in, "v%d = v%d;\n", dst[k], o[k]);
  return 0;
}

static int emit_instr(Gen *g, int r, int p) {
  const tlua_IR *ir = g->ir;
  const tlua_Region *rg = &ir->regions[r];
  const int id = rg->instrs[p];
  const tlua_Instr *in = &ir->instrs[id];
  const int32_t *o = tlua_ir_ops(ir, in);
  const char *T = ctype(g, in->dtype);
  char e[512];
  switch ((tlua_Op)in->op) {
  case TLUA_OP_CONST:
    const_text(g, in->dtype, in->imm, in->fimm, e, sizeof e);
    STMT(g, in, "const %s v%d = %s;\n", T, id, e);
    return 0;
  case TLUA_OP_UNDEF:
    STMT(g, in, "%s v%d; /* undefined: the first wgmma does not read it */\n", T, id);
    return 0;
  case TLUA_OP_PARAM:
    STMT(g, in, "const %s v%d = %s;\n", T, id, ir->params[in->imm].name);
    return 0;
  case TLUA_OP_SHAPE: case TLUA_OP_STRIDE:
    STMT(g, in, "const %s v%d = %s_%s%d;\n", T, id, ir->params[in->imm].name,
         in->op == TLUA_OP_SHAPE ? "shape" : "stride", (int)in->imm2);
    return 0;
  case TLUA_OP_THREAD_ID: STMT(g, in, "const %s v%d = (%s)threadIdx.x;\n", T, id, T); return 0;
  case TLUA_OP_BLOCK_ID: case TLUA_OP_GRID_DIM:
    STMT(g, in, "const %s v%d = (%s)%s.%c;\n", T, id, T, in->op == TLUA_OP_BLOCK_ID ? "blockIdx" : "gridDim",
         "xyz"[in->imm >= 0 && in->imm <= 2 ? in->imm : 0]);
    return 0;
  case TLUA_OP_LOAD: case TLUA_OP_LDS_LOAD: case TLUA_OP_STORE: case TLUA_OP_LDS_STORE: {
    tlua_MemOperands mo;
    if (tlua_ir_mem_operands(ir, in, &mo)) return fail(g, in, "bad memory operands");
    const int lds = in->op == TLUA_OP_LDS_LOAD || in->op == TLUA_OP_LDS_STORE;
    char tn[80];
    target_name(g, lds, in->imm, tn, sizeof tn);
    if (in->op == TLUA_OP_LOAD || in->op == TLUA_OP_LDS_LOAD) {
      if (mo.mask >= 0) {
        const_text(g, in->dtype, in->imm2, in->fimm, e, sizeof e);
        STMT(g, in, "const %s v%d = v%d ? %s[v%d] : %s;\n", T, id, mo.mask, tn, mo.offset, e);
      } else {
        STMT(g, in, "const %s v%d = %s[v%d];\n", T, id, tn, mo.offset);
      }
    } else if (mo.mask >= 0) {
      STMT(g, in, "if (v%d) %s[v%d] = v%d;\n", mo.mask, tn, mo.offset, mo.value);
    } else {
      STMT(g, in, "%s[v%d] = v%d;\n", tn, mo.offset, mo.value);
    }
    return 0;
  }
  case TLUA_OP_ATOMIC: return emit_atomic(g, id, in);
  case TLUA_OP_BARRIER:
    /* LDS accesses before the barrier, TMA copies (copy groups) or wgmma reads after it: fence the async proxy */
    if (g->uses_wgmma || (g->nv && ir->copy_groups)) STMT(g, in, "asm volatile(\"fence.proxy.async.shared::cta;\" ::: \"memory\");\n");
    /* a group barrier (imm threads a group, every thread of the block reaches it): named barrier 1 + the
       group's index on NVIDIA; AMD has no named barriers, so the whole block meets (it orders the same accesses) */
    if (in->imm > 0 && g->nv)
      tlua_hg_group_barrier(g, in, 1, (unsigned)in->imm, 0);
    else
      STMT(g, in, "__syncthreads();\n");
    return 0;
  case TLUA_OP_SHFL_XOR: case TLUA_OP_SHFL_IDX: return emit_shuffle(g, id, in);
  case TLUA_OP_MMA: return emit_mma(g, rg, p, in);
  case TLUA_OP_WGMMA: return tlua_hg_wgmma(g, rg, p, in);
  case TLUA_OP_MMA_RESULT: return 0;  /* declared by its mma */
  case TLUA_OP_LDS_MATRIX: return fail(g, in, "lds_matrix element %d outside its group", in->vec_lane);
  case TLUA_OP_LDS_COPY: return fail(g, in, "lds_copy outside a region walk");
  case TLUA_OP_ASYNC_COMMIT:
    if (g->nv && atoi(g->t->arch + 3) >= 80) STMT(g, in, "asm volatile(\"cp.async.commit_group;\" ::: \"memory\");\n");
    return ir->copy_groups ? tlua_hg_copy_groups(g, in, id) : 0;
  case TLUA_OP_COPY_GROUP: return tlua_hg_copy_groups(g, in, id);
  case TLUA_OP_WGMMA_WAIT:
    if (!g->nv) return fail(g, in, "not available on %s: wgmma_wait belongs to NVIDIA sm_90's wgmma", g->t->arch);
    STMT(g, in, "asm volatile(\"wgmma.wait_group.sync.aligned %d;\" ::: \"memory\");\n", (int)in->imm);
    return 0;
  case TLUA_OP_ASYNC_WAIT:
    if (g->nv && atoi(g->t->arch + 3) >= 80)
      STMT(g, in, "asm volatile(\"cp.async.wait_group %d;\" ::: \"memory\");\n", (int)in->imm);
    return ir->copy_groups ? tlua_hg_copy_groups(g, in, id) : 0;
  case TLUA_OP_FOR: {
    const tlua_Region *body = &ir->regions[in->region[0]];
    const int n = in->nops - 3, iv = body->instrs[0];
    for (int k = 0; k < n; k++) {
      const int c = body->instrs[1 + k];
      STMT(g, in, "%s v%d = v%d;\n", ctype(g, ir->instrs[c].dtype), c, o[3 + k]);
    }
    /* (TLUA_FOR_WHILE: carry #0, a bool, is the loop's condition too) */
    char go[24] = "";
    if (in->imm == TLUA_FOR_WHILE) snprintf(go, sizeof go, " && v%d", body->instrs[1]);
    STMT(g, in, "for (%s v%d = v%d; v%d < v%d%s; v%d += v%d) {\n", ctype(g, ir->instrs[iv].dtype), iv, o[0], iv, o[1], go,
         iv, o[2]);
    g->depth++;
    int rc = emit_region(g, in->region[0]);
    g->depth--;
    indent(g);
    line_text(g, "}\n");
    return rc;
  }
  case TLUA_OP_FOR_RESULT: {
    const tlua_Instr *f = &ir->instrs[o[0]];
    const int c = ir->regions[f->region[0]].instrs[1 + in->imm];
    STMT(g, in, "const %s v%d = v%d;\n", T, id, c);
    return 0;
  }
  case TLUA_OP_IF: {
    const int n = in->nops - 1;
    for (int k = 0; k < n; k++) {
      const int res = rg->instrs[p + 1 + k];
      STMT(g, in, "%s v%d = v%d;\n", ctype(g, ir->instrs[res].dtype), res, o[1 + k]);
    }
    const int rt = in->region[0], re = in->region[1];
    const int ht = rt >= 0 && ir->regions[rt].n > 0, he = re >= 0 && ir->regions[re].n > 0;
    int rc = 0;
    if (!ht && !he) return 0;
    STMT(g, in, "if (%sv%d) {\n", ht ? "" : "!", o[0]);
    g->depth++;
    rc = emit_region(g, ht ? rt : re);
    g->depth--;
    if (ht && he && !rc) {
      indent(g);
      line_text(g, "} else {\n");
      g->depth++;
      rc = emit_region(g, re);
      g->depth--;
    }
    indent(g);
    line_text(g, "}\n");
    return rc;
  }
  case TLUA_OP_YIELD: return emit_yield(g, r, in, 0);
  case TLUA_OP_MBAR_ARRIVE: case TLUA_OP_MBAR_WAIT: case TLUA_OP_TMA_LOAD: case TLUA_OP_ROLE: case TLUA_OP_ROLE_SYNC:
  case TLUA_OP_CLUSTER_RANK: case TLUA_OP_CLUSTER_SYNC: case TLUA_OP_TMA_STORE: case TLUA_OP_TMA_STORE_WAIT:
  case TLUA_OP_NAMED_BAR:
    return tlua_hg_async(g, in, id);
  case TLUA_OP_LOOP_IV: case TLUA_OP_LOOP_CARRY: case TLUA_OP_IF_RESULT:
    return 0;  /* declared by their for/if */
  default:
    if (arith_expr(g, in, e, sizeof e)) return -1;
    STMT(g, in, "const %s v%d = %s;\n", T, id, e);
    return 0;
  }
}

static int emit_region(Gen *g, int r) {
  const tlua_Region *rg = &g->ir->regions[r];
  int loop_body = rg->n > 0 && g->ir->instrs[rg->instrs[0]].op == TLUA_OP_LOOP_IV;
  for (int p = 0; p < rg->n && !g->failed; p++) {
    const tlua_Instr *in = &g->ir->instrs[rg->instrs[p]];
    if (in->op == TLUA_OP_YIELD) {
      if (emit_yield(g, r, in, loop_body)) return -1;
      continue;
    }
    if (in->op == TLUA_OP_LDS_COPY) {
      p += emit_lds_copy(g, rg, p) - 1;
      continue;
    }
    if (in->op == TLUA_OP_LDS_MATRIX) {
      int n = emit_lds_matrix(g, rg, p);
      if (n < 0) return -1;
      p += n - 1;
      continue;
    }
    int v = vector_group(g, rg, p);
    if (v > 1) {
      emit_vector(g, rg, p, v);
      p += v - 1;
      continue;
    }
    if (tlua_hg_bf16_pair(g, rg, p)) {
      p++;
      continue;
    }
    if (emit_instr(g, r, p)) return -1;
  }
  return g->failed ? -1 : 0;
}

/* --- top level ------------------------------------------------------------------------------------ */

/* Each LDS buffer's byte alignment: the swizzle atom for buffers the matrix units read through
 * descriptors (WGMMA), 16 bytes (the widest vector access) for the others. */
static void lds_aligns(const tlua_IR *ir, int *align) {
  for (int i = 0; i < ir->nlds; i++) align[i] = 16;
  for (int i = 0; i < ir->ninstrs; i++) {
    tlua_Wgmma w;
    if (ir->instrs[i].op == TLUA_OP_WGMMA && tlua_wgmma_unpack(ir->instrs[i].imm, ir->instrs[i].imm2, &w) == 0)
      align[w.lds_b] = align[w.a_regs ? w.lds_b : w.lds_a] = TLUA_WGMMA_ALIGN;
  }
  /* TMA writes boxes at 128-byte-aligned LDS addresses, and its swizzle patterns repeat every 1 KiB of
     address (the executor checks offsets within the buffer against that) */
  for (int i = 0; i < ir->ntma; i++) align[ir->tma[i].lds] = 1024;
}

const char *tlua_hip_compile_arch(const tlua_IR *ir, const tlua_Target *target) {
  if (strncmp(target->arch, "sm_90", 5) == 0)
    for (int i = 0; i < ir->ninstrs; i++)
      if (ir->instrs[i].op == TLUA_OP_WGMMA || (ir->instrs[i].op == TLUA_OP_ROLE && ir->instrs[i].fimm > 0))
        return "sm_90a";  /* wgmma and setmaxnreg are sm_90a instructions */
  return target->arch;
}

int64_t tlua_hip_lds_layout(const tlua_IR *ir, const tlua_Target *target, int64_t *offset, int *align) {
  int64_t total = 0, most = 16;
  lds_aligns(ir, align);
  for (int i = 0; i < ir->nlds; i++) {
    const int64_t a = align[i];
    if (a > most) most = a;
    total = (total + a - 1) / a * a;
    offset[i] = total;
    total += ir->lds[i].count * dsize(ir->lds[i].dtype);
  }
  if (target->vendor != TLUA_VENDOR_NVIDIA || total <= TLUA_HIP_STATIC_LDS) return 0;
  /* the dynamic block's base is only known to be 16-byte aligned: the source rounds it up */
  return most > 16 ? total + most : total;
}

char *tlua_hip_source(const tlua_IR *ir, const tlua_Target *target, char *err, size_t n) {
  if (err && n) err[0] = '\0';
  Gen g;
  memset(&g, 0, sizeof g);
  g.ir = ir;
  g.t = target;
  g.err = err;
  g.errsz = n;
  if (!ir || !target) {
    if (err && n) snprintf(err, n, "hip codegen: no kernel or no target");
    return NULL;
  }
  char verr[256];
  if (tlua_ir_check(ir, verr, sizeof verr)) { fail(&g, NULL, "invalid IR: %s", verr); return NULL; }
  if (target->warp_size != 32 && target->warp_size != 64) { fail(&g, NULL, "target warp size %d", target->warp_size); return NULL; }
  g.nv = target->vendor == TLUA_VENDOR_NVIDIA;
  const char *why = tlua_hip_name_problem(ir->name);
  if (why) { fail(&g, NULL, "the name is not usable as a C identifier: %s", why); return NULL; }
  for (int i = 0; i < ir->nparams; i++) {
    const char *pwhy = tlua_hip_name_problem(ir->params[i].name);
    if (pwhy) {
      fail(&g, NULL, "parameter name '%s' is not usable in C: %s", ir->params[i].name, pwhy);
      return NULL;
    }
    for (int j = 0; j < i; j++)
      if (!strcmp(ir->params[i].name, ir->params[j].name)) { fail(&g, NULL, "duplicate parameter '%s'", ir->params[i].name); return NULL; }
  }
  int uses_div = 0, uses_vec = 0, uses_mma = 0;
  for (int i = 0; i < ir->ninstrs; i++) {
    const tlua_Instr *in = &ir->instrs[i];
    if (in->op == TLUA_OP_MMA) uses_mma = 1;
    /* wgmma and TMA stores read LDS through the async proxy: barriers then fence it */
    if ((in->op == TLUA_OP_WGMMA || in->op == TLUA_OP_TMA_STORE) && g.nv) g.uses_wgmma = 1;
    tlua_Wgmma w;
    if (in->op == TLUA_OP_WGMMA && tlua_wgmma_unpack(in->imm, in->imm2, &w) == 0 && w.a_regs) g.uses_wgmma_rs = 1;
    if (in->dtype == TLUA_F16 && in->has_value) g.uses_f16 = 1;
    if (in->dtype == TLUA_BF16 && in->has_value) g.uses_bf16 = 1;
    if (tlua_dtype_is_fp8(in->dtype) && in->has_value) g.uses_fp8 = 1;
    if ((in->op == TLUA_OP_DIV || in->op == TLUA_OP_REM) && is_int(in->dtype)) uses_div = 1;
    if (in->op == TLUA_OP_BITCAST) g.uses_bitcast = 1;
    if (ex2_ftz(&g, in)) g.uses_ex2_ftz = 1;
    if (xor_stay(&g, in)) g.uses_xor_stay = 1;
  }
  for (int i = 0; i < ir->nparams; i++) {
    if (ir->params[i].dtype == TLUA_F16) g.uses_f16 = 1;
    if (ir->params[i].dtype == TLUA_BF16) g.uses_bf16 = 1;
    if (tlua_dtype_is_fp8(ir->params[i].dtype)) g.uses_fp8 = 1;
  }
  for (int i = 0; i < ir->nlds; i++) {
    if (ir->lds[i].dtype == TLUA_F16) g.uses_f16 = 1;
    if (ir->lds[i].dtype == TLUA_BF16) g.uses_bf16 = 1;
    if (tlua_dtype_is_fp8(ir->lds[i].dtype)) g.uses_fp8 = 1;
  }
  g.ydst = calloc((size_t)ir->nregions, sizeof *g.ydst);
  g.div = calloc((size_t)ir->ninstrs + 1, sizeof *g.div);
  g.uses = calloc((size_t)ir->ninstrs + 1, sizeof *g.uses);
  g.root = malloc(((size_t)ir->ninstrs + 1) * sizeof *g.root);
  if (!g.ydst || !g.div || !g.uses || !g.root) {
    free(g.ydst); free(g.div); free(g.uses); free(g.root);
    fail(&g, NULL, "out of memory");
    return NULL;
  }
  for (int i = 0; i <= ir->ninstrs; i++) g.root[i] = -1;
  for (int i = 0; i < ir->ninstrs; i++) {
    const int32_t *ops = tlua_ir_ops(ir, &ir->instrs[i]);
    for (int k = 0; k < ir->instrs[i].nops; k++)
      if (ops[k] >= 0 && ops[k] < ir->ninstrs) g.uses[ops[k]]++;
  }
  tlua_ir_yield_dests(ir, g.ydst);
  divisors(&g);
  /* uses_vec: 1 when a vector group is fused (tl_vec), 2 when one is an LDS access of 2 to 8 bytes (tl_vbits too) */
  for (int r = 0; r < ir->nregions && uses_vec < 2; r++)
    for (int p = 0; p < ir->regions[r].n && uses_vec < 2; p++) {
      const int v = vector_group(&g, &ir->regions[r], p);
      if (v < 2) continue;
      const tlua_Instr *in = &ir->instrs[ir->regions[r].instrs[p]];
      const int lds = in->op == TLUA_OP_LDS_LOAD || in->op == TLUA_OP_LDS_STORE;
      uses_vec = vbits_type(lds, v * dsize(mem_dtype(&g, lds, in->imm))) ? 2 : 1;
    }

  if (g.uses_fp8 && !g.nv) {
    fail(&g, NULL, "not available on %s: tilelua generates 8-bit floats (f8e4m3, f8e5m2) for NVIDIA only", target->arch);
    goto failed;
  }
  tlua_hg_prelude(&g, uses_div, uses_vec, uses_mma);
  if (g.uses_wgmma) tlua_hg_wgmma_prelude(&g);
  if (tlua_hg_async_prelude(&g)) goto failed;
  put(&g.b, "\nextern \"C\" __global__ void ");
  if (g.nv) {
    /* roles that set their registers (setmaxnreg) need the entry register count fixed: one block per
       SM, the count ptxas then gives every thread (else ptxas ignores setmaxnreg, C7508) */
    int regs_set = 0;
    for (int i = 0; i < ir->ninstrs && !regs_set; i++) regs_set = ir->instrs[i].op == TLUA_OP_ROLE && ir->instrs[i].fimm > 0;
    if (target->occupancy > 0) put(&g.b, "__launch_bounds__(%d, %d) ", (int)ir->block, target->occupancy);
    else if (regs_set) put(&g.b, "__launch_bounds__(%d, 1) ", (int)ir->block);
    else put(&g.b, "__launch_bounds__(%d) ", (int)ir->block);
    /* thread-block clusters exist from sm_90 on; the grid's x must be a multiple (kernel.lua checks) */
    if (target->num_ctas > 1 && atoi(target->arch + 3) >= 90) put(&g.b, "__cluster_dims__(%d, 1, 1) ", target->num_ctas);
  } else {
    put(&g.b, "__launch_bounds__(%d) ", (int)ir->block);
    if (target->occupancy > 0) {
      /* blocks per CU * waves per block spread over the CU's 4 SIMDs (EUs) */
      int waves = (ir->block + target->warp_size - 1) / target->warp_size;
      int per_eu = (target->occupancy * waves + 3) / 4;
      if (per_eu < 1) per_eu = 1;
      if (per_eu > 10) per_eu = 10;
      put(&g.b, "__attribute__((amdgpu_waves_per_eu(%d))) ", per_eu);
    }
  }
  put(&g.b, "%s(", ir->name);
  const char *sep = "";
  for (int i = 0; i < ir->nparams; i++) {
    const tlua_Param *p = &ir->params[i];
    if (p->kind == TLUA_PARAM_TENSOR) {
      put(&g.b, "%s\n    %s* __restrict__ %s", sep, ctype(&g, p->dtype), p->name);
      for (int d = 0; d < p->rank; d++) put(&g.b, ", const long long %s_shape%d", p->name, d);
      for (int d = 0; d < p->rank; d++) put(&g.b, ", const long long %s_stride%d", p->name, d);
    } else {
      put(&g.b, "%s\n    const %s %s", sep, ctype(&g, p->dtype), p->name);
    }
    sep = ",";
  }
  tlua_hg_async_params(&g, sep);
  put(&g.b, ") {\n");
  g.depth = 1;
  int64_t at[TLUA_IR_MAX_LDS];
  int align[TLUA_IR_MAX_LDS];
  if (tlua_hip_lds_layout(ir, target, at, align) > 0) {
    /* over the 48 KiB a block may declare statically on NVIDIA: one dynamic block, the launch passes
       its size (launch.lua keeps it with the code object) */
    put(&g.b, "  extern __shared__ __align__(16) unsigned char tl_lds_raw[];\n"
              "  unsigned char* const tl_lds = tl_lds_raw + ((1024u - ((unsigned int)__cvta_generic_to_shared(tl_lds_raw) & "
              "1023u)) & 1023u);\n");
    for (int i = 0; i < ir->nlds; i++)
      put(&g.b, "  %s* const lds%d = reinterpret_cast<%s*>(tl_lds + %" PRId64 ");\n", ctype(&g, ir->lds[i].dtype), i,
          ctype(&g, ir->lds[i].dtype), at[i]);
  } else {
    for (int i = 0; i < ir->nlds; i++)
      put(&g.b, "  __shared__ __attribute__((aligned(%d))) %s lds%d[%" PRId64 "];\n", align[i],
          ctype(&g, ir->lds[i].dtype), i, ir->lds[i].count);
  }
  tlua_hg_async_decls(&g);
  tlua_hg_warp_index_decl(&g);
  emit_region(&g, 0);
  put(&g.b, "}\n");
failed:
  free(g.ydst);
  free(g.div);
  free(g.uses);
  free(g.root);
  if (g.failed || g.b.oom) {
    if (g.b.oom && !g.failed) fail(&g, NULL, "out of memory");
    free(g.b.s);
    return NULL;
  }
  return g.b.s;
}
