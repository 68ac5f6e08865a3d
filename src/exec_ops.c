/* exec_ops.c - the CPU executor's arithmetic: per-dtype lane loops for every value op, with C
 * semantics (f32 in float, f16/bf16 rounded after each op, integers wrapping, casts clamping). */
#include <math.h>
#include <string.h>

#include "exec_ops.h"

/* --- dtype helpers ------------------------------------------------------------------------------ */

static int width_of(int dt) {
  switch (dt) {
  case TLUA_I8: case TLUA_U8: return 8;
  case TLUA_I16: case TLUA_U16: return 16;
  case TLUA_I32: case TLUA_U32: return 32;
  default: return 64;
  }
}
static int is_signed_int(int dt) {
  return dt == TLUA_I8 || dt == TLUA_I16 || dt == TLUA_I32 || dt == TLUA_I64;
}
static int is_int(int dt) { return dt >= TLUA_I8 && dt <= TLUA_U64; }
static int is_small_float(int dt) { return dt == TLUA_F16 || dt == TLUA_BF16 || tlua_dtype_is_fp8(dt); }
/* dtypes whose slot holds a float (f32, f16, bf16) */
static int in_f(int dt) { return dt == TLUA_F32 || is_small_float(dt); }

uint64_t tlua_exec_wrap(int dt, uint64_t x) {
  /* narrowing to a signed type is implementation-defined in C, modulo 2^n on every compiler we
   * target; going through the unsigned type first keeps the executor itself free of UB */
  switch (dt) {
  case TLUA_I8: return (uint64_t)(int64_t)(int8_t)(uint8_t)x;
  case TLUA_U8: return (uint8_t)x;
  case TLUA_I16: return (uint64_t)(int64_t)(int16_t)(uint16_t)x;
  case TLUA_U16: return (uint16_t)x;
  case TLUA_I32: return (uint64_t)(int64_t)(int32_t)(uint32_t)x;
  case TLUA_U32: return (uint32_t)x;
  case TLUA_BOOL: return x != 0;
  default: return x;
  }
}

float tlua_exec_round(int dt, float x) {
  if (dt == TLUA_F16) return tlua_half_to_float(tlua_float_to_half(x));
  if (dt == TLUA_BF16) return tlua_bf16_to_float(tlua_float_to_bf16(x));
  if (tlua_dtype_is_fp8(dt)) return tlua_fp8_to_float(tlua_double_to_fp8((double)x, dt == TLUA_F8E5M2), dt == TLUA_F8E5M2);
  return x;
}

static float small_from_double(int dt, double x) {
  if (tlua_dtype_is_fp8(dt)) return tlua_fp8_to_float(tlua_double_to_fp8(x, dt == TLUA_F8E5M2), dt == TLUA_F8E5M2);
  return dt == TLUA_F16 ? tlua_half_to_float(tlua_double_to_half(x))
                        : tlua_bf16_to_float(tlua_double_to_bf16(x));
}

/* An integer value (signed: its int64; unsigned: its uint64 bits) rounded once to f16/bf16. */
static float small_from_int(int dt, uint64_t u, int is_signed) {
  /* FP8: every integer beyond 2^53 saturates, so one rounding from the double is exact enough */
  if (tlua_dtype_is_fp8(dt)) return small_from_double(dt, is_signed ? (double)(int64_t)u : (double)u);
  uint16_t h;
  if (is_signed || u <= (uint64_t)INT64_MAX) {
    tlua_dtype_store_i64((tlua_DType)dt, &h, 0, (int64_t)u);
    return dt == TLUA_F16 ? tlua_half_to_float(h) : tlua_bf16_to_float(h);
  }
  /* >= 2^63: halve keeping the lost bit as a sticky bit (round to odd), round, double exactly */
  tlua_dtype_store_i64((tlua_DType)dt, &h, 0, (int64_t)((u >> 1) | (u & 1)));
  return 2.0f * (dt == TLUA_F16 ? tlua_half_to_float(h) : tlua_bf16_to_float(h));
}

/* Float to integer dtype dt: truncation toward zero as in C; where C leaves it undefined (NaN,
 * out of range) the executor saturates, as the GPU's conversion instructions do (NaN gives 0). */
static uint64_t float_to_int(double x, int dt) {
  if (dt == TLUA_BOOL) return x != 0;
  if (isnan(x)) return 0;
  x = trunc(x);
  int w = width_of(dt);
  if (is_signed_int(dt)) {
    uint64_t max = (uint64_t)(INT64_MAX >> (64 - w));
    double lim = ldexp(1.0, w - 1);
    if (x >= lim) return max;
    if (x < -lim) return (uint64_t)(-(int64_t)max - 1);
    return (uint64_t)(int64_t)x;
  }
  if (x >= ldexp(1.0, w)) return UINT64_MAX >> (64 - w);
  if (x < 0) return 0;
  return (uint64_t)x;
}

tlua_Slot tlua_exec_scalar(int dt, int64_t i, double f) {
  tlua_Slot s;
  s.u = 0;
  switch (dt) {
  case TLUA_F32: s.f = (float)f; break;
  case TLUA_F16: case TLUA_BF16: case TLUA_F8E4M3: case TLUA_F8E5M2: s.f = small_from_double(dt, f); break;
  case TLUA_F64: s.d = f; break;
  default: s.u = tlua_exec_wrap(dt, (uint64_t)i); break;
  }
  return s;
}

/* --- floats ------------------------------------------------------------------------------------- */

/* One lane loop per op for slots holding T in field F (float: f32 arithmetic in float, as C does
 * with FLT_EVAL_METHOD 0; double: f64). SUF is the libm suffix (f or nothing). */
#define FLOAT_KERNEL(NAME, T, F, SUF)                                                              \
  static void NAME(int op, tlua_Slot *restrict d, const tlua_Slot *const *s,                      \
                   const tlua_LaneMask *m, int B) {                                                \
    const tlua_Slot *restrict a = s[0], *restrict b = s[1], *restrict c = s[2];                   \
    switch (op) {                                                                                  \
    case TLUA_OP_ADD: TLUA_LANES(m, B, d[i].F = a[i].F + b[i].F); break;                           \
    case TLUA_OP_SUB: TLUA_LANES(m, B, d[i].F = a[i].F - b[i].F); break;                           \
    case TLUA_OP_MUL: TLUA_LANES(m, B, d[i].F = a[i].F * b[i].F); break;                           \
    case TLUA_OP_DIV: TLUA_LANES(m, B, d[i].F = a[i].F / b[i].F); break;                           \
    case TLUA_OP_REM: TLUA_LANES(m, B, d[i].F = fmod##SUF(a[i].F, b[i].F)); break;                 \
    case TLUA_OP_MIN: TLUA_LANES(m, B, d[i].F = fmin##SUF(a[i].F, b[i].F)); break;                 \
    case TLUA_OP_MAX: TLUA_LANES(m, B, d[i].F = fmax##SUF(a[i].F, b[i].F)); break;                 \
    case TLUA_OP_POW: TLUA_LANES(m, B, d[i].F = pow##SUF(a[i].F, b[i].F)); break;                  \
    case TLUA_OP_NEG: TLUA_LANES(m, B, d[i].F = -a[i].F); break;                                   \
    case TLUA_OP_ABS: TLUA_LANES(m, B, d[i].F = fabs##SUF(a[i].F)); break;                         \
    case TLUA_OP_EXP: TLUA_LANES(m, B, d[i].F = exp##SUF(a[i].F)); break;                          \
    case TLUA_OP_LOG: TLUA_LANES(m, B, d[i].F = log##SUF(a[i].F)); break;                          \
    case TLUA_OP_EXP2: TLUA_LANES(m, B, d[i].F = exp2##SUF(a[i].F)); break;                        \
    case TLUA_OP_LOG2: TLUA_LANES(m, B, d[i].F = log2##SUF(a[i].F)); break;                        \
    case TLUA_OP_SQRT: TLUA_LANES(m, B, d[i].F = sqrt##SUF(a[i].F)); break;                        \
    case TLUA_OP_RSQRT: TLUA_LANES(m, B, d[i].F = (T)1 / sqrt##SUF(a[i].F)); break;                \
    case TLUA_OP_SIN: TLUA_LANES(m, B, d[i].F = sin##SUF(a[i].F)); break;                          \
    case TLUA_OP_COS: TLUA_LANES(m, B, d[i].F = cos##SUF(a[i].F)); break;                          \
    case TLUA_OP_TANH: TLUA_LANES(m, B, d[i].F = tanh##SUF(a[i].F)); break;                        \
    case TLUA_OP_FLOOR: TLUA_LANES(m, B, d[i].F = floor##SUF(a[i].F)); break;                      \
    case TLUA_OP_CEIL: TLUA_LANES(m, B, d[i].F = ceil##SUF(a[i].F)); break;                        \
    case TLUA_OP_FMA: TLUA_LANES(m, B, d[i].F = fma##SUF(a[i].F, b[i].F, c[i].F)); break;          \
    default: break;                                                                                \
    }                                                                                              \
  }

FLOAT_KERNEL(float_ops, float, f, f)
FLOAT_KERNEL(double_ops, double, d, )

/* --- integers ----------------------------------------------------------------------------------- */

/* One function per integer dtype: the 64-bit slot patterns are combined in uint64_t (no signed
 * overflow, no promotion to int) and wrapped back to the width by WRAP_ (see tlua_exec_wrap).
 * Shift counts are masked to the width; signed division handles x / -1 without overflow. */
#define INT_KERNEL(NAME, ST, UT, SGN, W)                                                           \
  static inline uint64_t NAME##_wrap(uint64_t x) { return (uint64_t)(int64_t)(ST)(UT)x; }         \
  static int NAME(int op, tlua_Slot *restrict d, const tlua_Slot *const *s,                       \
                  const tlua_LaneMask *m, int B, int *bad) {                                       \
    const tlua_Slot *restrict a = s[0], *restrict b = s[1], *restrict c = s[2];                   \
    switch (op) {                                                                                  \
    case TLUA_OP_ADD: TLUA_LANES(m, B, d[i].u = NAME##_wrap(a[i].u + b[i].u)); break;              \
    case TLUA_OP_SUB: TLUA_LANES(m, B, d[i].u = NAME##_wrap(a[i].u - b[i].u)); break;              \
    case TLUA_OP_MUL: TLUA_LANES(m, B, d[i].u = NAME##_wrap(a[i].u * b[i].u)); break;              \
    case TLUA_OP_FMA: TLUA_LANES(m, B, d[i].u = NAME##_wrap(a[i].u * b[i].u + c[i].u)); break;     \
    case TLUA_OP_DIV:                                                                              \
      TLUA_LANES(m, B,                                                                             \
        if (b[i].u == 0) { if (*bad < 0) *bad = i; continue; }                                     \
        d[i].u = SGN ? (b[i].i == -1 ? NAME##_wrap(0 - a[i].u) : NAME##_wrap((uint64_t)(a[i].i / b[i].i))) \
                     : a[i].u / b[i].u);                                                           \
      break;                                                                                       \
    case TLUA_OP_REM:                                                                              \
      TLUA_LANES(m, B,                                                                             \
        if (b[i].u == 0) { if (*bad < 0) *bad = i; continue; }                                     \
        d[i].u = SGN ? (b[i].i == -1 ? 0 : NAME##_wrap((uint64_t)(a[i].i % b[i].i)))               \
                     : a[i].u % b[i].u);                                                           \
      break;                                                                                       \
    case TLUA_OP_MIN:                                                                              \
      TLUA_LANES(m, B, d[i] = (SGN ? a[i].i < b[i].i : a[i].u < b[i].u) ? a[i] : b[i]); break;     \
    case TLUA_OP_MAX:                                                                              \
      TLUA_LANES(m, B, d[i] = (SGN ? a[i].i > b[i].i : a[i].u > b[i].u) ? a[i] : b[i]); break;     \
    case TLUA_OP_AND: TLUA_LANES(m, B, d[i].u = a[i].u & b[i].u); break;                           \
    case TLUA_OP_OR: TLUA_LANES(m, B, d[i].u = a[i].u | b[i].u); break;                            \
    case TLUA_OP_XOR: TLUA_LANES(m, B, d[i].u = a[i].u ^ b[i].u); break;                           \
    case TLUA_OP_SHL: TLUA_LANES(m, B, d[i].u = NAME##_wrap(a[i].u << (b[i].u & (W - 1)))); break; \
    case TLUA_OP_SHR:                                                                              \
      TLUA_LANES(m, B, d[i].u = SGN ? (uint64_t)(a[i].i >> (b[i].u & (W - 1)))                     \
                                    : a[i].u >> (b[i].u & (W - 1)));                               \
      break;                                                                                       \
    case TLUA_OP_NEG: TLUA_LANES(m, B, d[i].u = NAME##_wrap(0 - a[i].u)); break;                   \
    case TLUA_OP_ABS:                                                                              \
      TLUA_LANES(m, B, d[i].u = SGN && a[i].i < 0 ? NAME##_wrap(0 - a[i].u) : a[i].u); break;      \
    case TLUA_OP_NOT: TLUA_LANES(m, B, d[i].u = NAME##_wrap(~a[i].u)); break;                      \
    default: break;                                                                                \
    }                                                                                              \
    return *bad < 0 ? 0 : -1;                                                                      \
  }

INT_KERNEL(int_i8, int8_t, uint8_t, 1, 8)
INT_KERNEL(int_u8, uint8_t, uint8_t, 0, 8)
INT_KERNEL(int_i16, int16_t, uint16_t, 1, 16)
INT_KERNEL(int_u16, uint16_t, uint16_t, 0, 16)
INT_KERNEL(int_i32, int32_t, uint32_t, 1, 32)
INT_KERNEL(int_u32, uint32_t, uint32_t, 0, 32)
INT_KERNEL(int_i64, int64_t, uint64_t, 1, 64)
INT_KERNEL(int_u64, uint64_t, uint64_t, 0, 64)

/* bool: logical and/or/xor/not; a shift count masked to a width of one bit is always 0 */
static void bool_ops(int op, tlua_Slot *restrict d, const tlua_Slot *const *s,
                     const tlua_LaneMask *m, int B) {
  const tlua_Slot *restrict a = s[0], *restrict b = s[1];
  switch (op) {
  case TLUA_OP_AND: TLUA_LANES(m, B, d[i].u = a[i].u & b[i].u); break;
  case TLUA_OP_OR: TLUA_LANES(m, B, d[i].u = a[i].u | b[i].u); break;
  case TLUA_OP_XOR: TLUA_LANES(m, B, d[i].u = a[i].u ^ b[i].u); break;
  case TLUA_OP_NOT: TLUA_LANES(m, B, d[i].u = a[i].u ^ 1); break;
  case TLUA_OP_SHL: case TLUA_OP_SHR: TLUA_LANES(m, B, d[i].u = a[i].u); break;
  default: break;
  }
}

/* --- comparisons, select, casts ------------------------------------------------------------------ */

#define COMPARE(F)                                                                                 \
  switch (op) {                                                                                    \
  case TLUA_OP_LT: TLUA_LANES(m, B, d[i].u = a[i].F < b[i].F); break;                              \
  case TLUA_OP_LE: TLUA_LANES(m, B, d[i].u = a[i].F <= b[i].F); break;                             \
  case TLUA_OP_GT: TLUA_LANES(m, B, d[i].u = a[i].F > b[i].F); break;                              \
  case TLUA_OP_GE: TLUA_LANES(m, B, d[i].u = a[i].F >= b[i].F); break;                             \
  case TLUA_OP_EQ: TLUA_LANES(m, B, d[i].u = a[i].F == b[i].F); break;                             \
  case TLUA_OP_NE: TLUA_LANES(m, B, d[i].u = a[i].F != b[i].F); break;                             \
  default: break;                                                                                  \
  }

static void compare(int op, int dt, tlua_Slot *restrict d, const tlua_Slot *const *s,
                    const tlua_LaneMask *m, int B) {
  const tlua_Slot *restrict a = s[0], *restrict b = s[1];
  if (in_f(dt)) COMPARE(f)
  else if (dt == TLUA_F64) COMPARE(d)
  else if (is_signed_int(dt)) COMPARE(i)
  else COMPARE(u)
}

static void cast(int sdt, int ddt, tlua_Slot *restrict d, const tlua_Slot *restrict a,
                 const tlua_LaneMask *m, int B) {
  int dint = is_int(ddt) || ddt == TLUA_BOOL;
  if (!in_f(sdt) && sdt != TLUA_F64) {                /* from an integer or bool */
    int sgn = is_signed_int(sdt);
    if (dint) {
      switch (ddt) {  /* int -> int is the value modulo 2^w: wrapping the 64-bit pattern */
      case TLUA_I32: TLUA_LANES(m, B, d[i].u = int_i32_wrap(a[i].u)); break;
      case TLUA_I64: case TLUA_U64: TLUA_LANES(m, B, d[i].u = a[i].u); break;
      default: TLUA_LANES(m, B, d[i].u = tlua_exec_wrap(ddt, a[i].u)); break;
      }
    } else if (ddt == TLUA_F32) {
      if (sgn) TLUA_LANES(m, B, d[i].f = (float)a[i].i);
      else TLUA_LANES(m, B, d[i].f = (float)a[i].u);
    } else if (ddt == TLUA_F64) {
      if (sgn) TLUA_LANES(m, B, d[i].d = (double)a[i].i);
      else TLUA_LANES(m, B, d[i].d = (double)a[i].u);
    } else {
      TLUA_LANES(m, B, d[i].f = small_from_int(ddt, a[i].u, sgn));
    }
    return;
  }
  if (in_f(sdt)) {                                    /* from f32/f16/bf16 (held as float) */
    if (ddt == TLUA_F32) TLUA_LANES(m, B, d[i].f = a[i].f);
    else if (ddt == TLUA_F64) TLUA_LANES(m, B, d[i].d = (double)a[i].f);
    else if (is_small_float(ddt)) TLUA_LANES(m, B, d[i].f = tlua_exec_round(ddt, a[i].f));
    else TLUA_LANES(m, B, d[i].u = float_to_int((double)a[i].f, ddt));
    return;
  }
  if (ddt == TLUA_F32) TLUA_LANES(m, B, d[i].f = (float)a[i].d);  /* from f64 */
  else if (ddt == TLUA_F64) TLUA_LANES(m, B, d[i].d = a[i].d);
  else if (is_small_float(ddt)) TLUA_LANES(m, B, d[i].f = small_from_double(ddt, a[i].d));
  else TLUA_LANES(m, B, d[i].u = float_to_int(a[i].d, ddt));
}

/* The bits of a value of dtype dt (its width's low bits), and a value of dtype dt from bits: exactly
 * the bits, as the GPU's bitcast keeps them. A small float's NaN (and an e5m2 infinity, which the
 * saturating conversions would not keep) rides in the f32 slot with its sign and its mantissa in the
 * f32's top mantissa bits; bf16 is the top half of an f32. */
static uint32_t f32_bits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static float f32_of(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
/* a NaN or infinity of a format of m mantissa and e exponent bits from the f32 in the slot */
static uint64_t special_bits(float f, int m, int e) {
  const uint32_t u = f32_bits(f);
  uint64_t mant = isnan(f) ? (u >> (23 - m)) & ((1u << m) - 1) : 0;
  if (isnan(f) && mant == 0) mant = 1;
  return (uint64_t)(u >> 31) << (m + e) | (uint64_t)((1u << e) - 1) << m | mant;
}
static float special_of(uint64_t b, int m, int e) {  /* NaN or infinity of bits b of such a format */
  const uint32_t mant = (uint32_t)(b & ((1u << m) - 1));
  return f32_of((uint32_t)((b >> (m + e)) & 1) << 31 | 0x7f800000u | mant << (23 - m));
}
static int all_ones_exp(uint64_t b, int m, int e) { return ((b >> m) & ((1u << e) - 1)) == (1u << e) - 1; }
static uint64_t bits_of(int dt, const tlua_Slot *a) {
  switch (dt) {
  case TLUA_F16: return isnan(a->f) ? special_bits(a->f, 10, 5) : tlua_float_to_half(a->f);
  case TLUA_BF16: return f32_bits(a->f) >> 16;
  case TLUA_F8E5M2: return isnan(a->f) || isinf(a->f) ? special_bits(a->f, 2, 5) : tlua_double_to_fp8((double)a->f, 1);
  case TLUA_F8E4M3: return isnan(a->f) ? (f32_bits(a->f) >> 31) << 7 | 0x7f : tlua_double_to_fp8((double)a->f, 0);
  case TLUA_F32: return f32_bits(a->f);
  case TLUA_F64: { uint64_t u; memcpy(&u, &a->d, 8); return u; }
  default: return width_of(dt) == 64 ? a->u : a->u & ((1ull << width_of(dt)) - 1);
  }
}
static void from_bits(int dt, uint64_t b, tlua_Slot *d) {
  switch (dt) {
  case TLUA_F16: d->f = all_ones_exp(b, 10, 5) ? special_of(b, 10, 5) : tlua_half_to_float((uint16_t)b); return;
  case TLUA_BF16: d->f = f32_of((uint32_t)(b & 0xffff) << 16); return;
  case TLUA_F8E5M2: d->f = all_ones_exp(b, 2, 5) ? special_of(b, 2, 5) : tlua_fp8_to_float((uint8_t)b, 1); return;
  case TLUA_F8E4M3:
    d->f = (b & 0x7f) == 0x7f ? f32_of((uint32_t)((b >> 7) & 1) << 31 | 0x7fc00000u) : tlua_fp8_to_float((uint8_t)b, 0);
    return;
  case TLUA_F32: d->f = f32_of((uint32_t)b); return;
  case TLUA_F64: memcpy(&d->d, &b, 8); return;
  default: d->u = tlua_exec_wrap(dt, b); return;  /* sign- or zero-extended from the width */
  }
}

/* --- entry ------------------------------------------------------------------------------------- */

int tlua_exec_compute(const tlua_Instr *in, int src_dt, tlua_Slot *d, const tlua_Slot *const *src,
                      const tlua_LaneMask *m, int B, int *bad_lane) {
  int op = in->op, dt = in->dtype;
  *bad_lane = -1;
  switch (op) {
  case TLUA_OP_LT: case TLUA_OP_LE: case TLUA_OP_GT: case TLUA_OP_GE: case TLUA_OP_EQ: case TLUA_OP_NE:
    compare(op, src_dt, d, src, m, B);
    return 0;
  case TLUA_OP_SELECT: {
    const tlua_Slot *restrict c = src[0], *restrict a = src[1], *restrict b = src[2];
    TLUA_LANES(m, B, d[i] = c[i].u ? a[i] : b[i]);
    return 0;
  }
  case TLUA_OP_CAST:
    cast(src_dt, dt, d, src[0], m, B);
    return 0;
  case TLUA_OP_BITCAST: {
    const tlua_Slot *restrict a = src[0];
    TLUA_LANES(m, B, from_bits(dt, bits_of(src_dt, &a[i]), &d[i]));
    return 0;
  }
  default: break;
  }
  switch (dt) {
  case TLUA_F32: float_ops(op, d, src, m, B); return 0;
  case TLUA_F64: double_ops(op, d, src, m, B); return 0;
  case TLUA_F16: case TLUA_BF16: case TLUA_F8E4M3: case TLUA_F8E5M2:
    if (op == TLUA_OP_FMA) {
      /* a*b is exact in double for these formats, so one fma in double and one rounding to the
       * small format gives the correctly rounded result (going through fmaf would round twice) */
      const tlua_Slot *a = src[0], *b = src[1], *c = src[2];
      TLUA_LANES(m, B, d[i].f = small_from_double(dt, fma((double)a[i].f, (double)b[i].f, (double)c[i].f)));
      return 0;
    }
    /* computed in float, then rounded: for + - * / sqrt float has more than 2p+2 bits, so the
     * double rounding is innocuous and results equal the format's own correctly rounded ones */
    float_ops(op, d, src, m, B);
    TLUA_LANES(m, B, d[i].f = tlua_exec_round(dt, d[i].f));
    return 0;
  case TLUA_BOOL: bool_ops(op, d, src, m, B); return 0;
  case TLUA_I8: return int_i8(op, d, src, m, B, bad_lane);
  case TLUA_U8: return int_u8(op, d, src, m, B, bad_lane);
  case TLUA_I16: return int_i16(op, d, src, m, B, bad_lane);
  case TLUA_U16: return int_u16(op, d, src, m, B, bad_lane);
  case TLUA_I32: return int_i32(op, d, src, m, B, bad_lane);
  case TLUA_U32: return int_u32(op, d, src, m, B, bad_lane);
  case TLUA_I64: return int_i64(op, d, src, m, B, bad_lane);
  case TLUA_U64: return int_u64(op, d, src, m, B, bad_lane);
  default: return 0;
  }
}
