/* dtype.c - element types: the table of names and sizes, f16/bf16 rounding, typed loads/stores. */
#include <math.h>
#include <string.h>

#include "dtype.h"

static const tlua_DTypeInfo dtype_infos[TLUA_NDTYPES] = {
  [TLUA_F16]  = {"f16", "__half", "<f2", 2, 1, 1},
  /* NumPy has no bfloat16 (npy: NULL); npy.c writes it widened to <f4, exactly */
  [TLUA_BF16] = {"bf16", "__hip_bfloat16", NULL, 2, 1, 1},
  [TLUA_F32]  = {"f32", "float", "<f4", 4, 1, 1},
  [TLUA_F64]  = {"f64", "double", "<f8", 8, 1, 1},
  [TLUA_I8]   = {"i8", "int8_t", "|i1", 1, 0, 1},
  [TLUA_U8]   = {"u8", "uint8_t", "|u1", 1, 0, 0},
  [TLUA_I16]  = {"i16", "int16_t", "<i2", 2, 0, 1},
  [TLUA_U16]  = {"u16", "uint16_t", "<u2", 2, 0, 0},
  [TLUA_I32]  = {"i32", "int32_t", "<i4", 4, 0, 1},
  [TLUA_U32]  = {"u32", "uint32_t", "<u4", 4, 0, 0},
  [TLUA_I64]  = {"i64", "int64_t", "<i8", 8, 0, 1},
  [TLUA_U64]  = {"u64", "uint64_t", "<u8", 8, 0, 0},
  [TLUA_BOOL] = {"bool", "bool", "|b1", 1, 0, 0},
  /* NumPy has none (npy.c widens them to <f4) */
  [TLUA_F8E4M3] = {"f8e4m3", "__nv_fp8_e4m3", NULL, 1, 1, 1},
  [TLUA_F8E5M2] = {"f8e5m2", "__nv_fp8_e5m2", NULL, 1, 1, 1},
};

/* --- FP8 ------------------------------------------------------------------------------------------- */

float tlua_fp8_to_float(uint8_t b, int e5m2) {
  const int s = b >> 7;
  int e, m;
  double v;
  if (e5m2) {
    e = (b >> 2) & 31, m = b & 3;
    if (e == 31) return m ? NAN : (s ? -INFINITY : INFINITY);
    v = e ? ldexp(1.0 + m / 4.0, e - 15) : ldexp(m / 4.0, -14);
  } else {
    e = (b >> 3) & 15, m = b & 7;
    if (e == 15 && m == 7) return NAN;
    v = e ? ldexp(1.0 + m / 8.0, e - 7) : ldexp(m / 8.0, -6);
  }
  return (float)(s ? -v : v);
}

uint8_t tlua_double_to_fp8(double v, int e5m2) {
  const uint8_t nan = 0x7f, maxcode = e5m2 ? 0x7b : 0x7e;
  if (isnan(v)) return nan;
  const uint8_t sign = signbit(v) ? 0x80 : 0;
  const double a = fabs(v);
  if (a >= tlua_fp8_to_float(maxcode, e5m2)) return sign | maxcode;
  /* the non-negative codes 0..maxcode increase with their values: the nearest, ties to the even code */
  int lo = 0, hi = maxcode;
  while (hi - lo > 1) {
    const int mid = (lo + hi) / 2;
    if (tlua_fp8_to_float((uint8_t)mid, e5m2) <= a) lo = mid;
    else hi = mid;
  }
  const double dl = a - tlua_fp8_to_float((uint8_t)lo, e5m2), dh = tlua_fp8_to_float((uint8_t)hi, e5m2) - a;
  const int code = dl < dh ? lo : dh < dl ? hi : (lo % 2 == 0 ? lo : hi);
  return sign | (uint8_t)code;
}

const tlua_DTypeInfo *tlua_dtype_info(tlua_DType t) {
  return (int)t >= 0 && t < TLUA_NDTYPES ? &dtype_infos[t] : NULL;
}

int tlua_dtype_from_name(const char *name) {
  if (!name) return -1;
  for (int t = 0; t < TLUA_NDTYPES; t++)
    if (strcmp(dtype_infos[t].name, name) == 0) return t;
  return -1;
}

int tlua_dtype_is_integral(tlua_DType t) {
  return (int)t >= 0 && t < TLUA_NDTYPES && !dtype_infos[t].is_float;
}

/* --- small floats ------------------------------------------------------------------------------ */

/* Rounds the magnitude M * 2^e2 (M > 0) to a binary format with `mant` stored mantissa bits and
 * `expbits` exponent bits, to nearest even, and returns its bits without the sign. One routine for
 * both half (10, 5) and bfloat16 (7, 8), fed either from a double or from an integer, so that every
 * conversion rounds exactly once. */
static uint16_t round_small(uint64_t M, int e2, int mant, int expbits) {
  int bias = (1 << (expbits - 1)) - 1, emin = 1 - bias;
  uint32_t inf_bits = ((1u << expbits) - 1) << mant;
  int top = 63;
  while (!(M >> top)) top--;
  int e = top + e2;                      /* exponent of the leading bit */
  if (e > bias + 1) return (uint16_t)inf_bits;
  int qexp = (e > emin ? e : emin) - mant; /* exponent of the last mantissa bit kept */
  int s = qexp - e2;                     /* bits of M dropped */
  uint64_t R;
  if (s <= 0) {
    R = M << -s;
  } else if (s > 64) {
    R = 0;
  } else if (s == 64) {
    R = M > (1ull << 63) ? 1 : 0;        /* exactly half ties to even (0) */
  } else {
    R = M >> s;
    uint64_t rem = M & ((1ull << s) - 1), half = 1ull << (s - 1);
    if (rem > half || (rem == half && (R & 1))) R++;
  }
  /* Subnormals encode R directly (R == 2^mant carries into the smallest normal); normals add the
   * biased exponent, and a mantissa carry (R == 2^(mant+1)) bumps the exponent by itself. */
  uint64_t bits = e < emin ? R : ((uint64_t)(e + bias - 1) << mant) + R;
  if (bits >= inf_bits) return (uint16_t)inf_bits;
  return (uint16_t)bits;
}

static uint16_t double_to_small(double v, int mant, int expbits) {
  uint64_t b;
  memcpy(&b, &v, sizeof b);
  uint16_t sign = (uint16_t)((b >> 63) << (mant + expbits));
  uint32_t exp_all = ((1u << expbits) - 1) << mant;
  int dexp = (int)((b >> 52) & 0x7ff);
  uint64_t dman = b & ((1ull << 52) - 1);
  if (dexp == 0x7ff) /* inf, or NaN made quiet (keeping the payload's top bits) */
    return (uint16_t)(sign | exp_all |
                      (dman ? (1u << (mant - 1)) | (uint32_t)(dman >> (52 - mant)) : 0));
  if (dexp == 0 && dman == 0) return sign;
  uint64_t M = dexp ? dman | (1ull << 52) : dman;
  int e2 = (dexp ? dexp : 1) - 1075;
  return (uint16_t)(sign | round_small(M, e2, mant, expbits));
}

static double small_to_double(uint16_t h, int mant, int expbits) {
  int bias = (1 << (expbits - 1)) - 1;
  int ex = (h >> mant) & ((1 << expbits) - 1);
  unsigned m = h & ((1u << mant) - 1);
  double v;
  if (ex == (1 << expbits) - 1) v = m ? NAN : INFINITY;
  else if (ex == 0) v = ldexp((double)m, 1 - bias - mant);
  else v = ldexp((double)(m | (1u << mant)), ex - bias - mant);
  return (h >> (mant + expbits)) & 1 ? -v : v;
}

uint16_t tlua_double_to_half(double v) { return double_to_small(v, 10, 5); }
uint16_t tlua_double_to_bf16(double v) { return double_to_small(v, 7, 8); }
/* float -> double is exact, so these round once too */
uint16_t tlua_float_to_half(float f) { return double_to_small((double)f, 10, 5); }
uint16_t tlua_float_to_bf16(float f) { return double_to_small((double)f, 7, 8); }
float tlua_half_to_float(uint16_t h) { return (float)small_to_double(h, 10, 5); }

float tlua_bf16_to_float(uint16_t h) {
  /* bf16 is the top half of a float: widening is a shift and keeps NaN payloads */
  uint32_t b = (uint32_t)h << 16;
  float f;
  memcpy(&f, &b, sizeof f);
  return f;
}

static uint16_t int_to_small(int64_t v, int mant, int expbits) {
  if (v == 0) return 0;
  uint16_t sign = v < 0 ? (uint16_t)(1u << (mant + expbits)) : 0;
  uint64_t M = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
  return (uint16_t)(sign | round_small(M, 0, mant, expbits));
}

/* --- integers ----------------------------------------------------------------------------------- */

uint64_t tlua_double_to_bits64(double v) {
  if (!isfinite(v)) return 0;
  double t = trunc(v);
  double r = fmod(t, 18446744073709551616.0); /* exact; |r| < 2^64 */
  if (r >= 0) return (uint64_t)r;
  return 0 - (uint64_t)(-r);
}

/* --- typed access --------------------------------------------------------------------------------- */

#define AT(type) (((const type *)base)[i])
#define SET(type) (((type *)base)[i])

double tlua_dtype_load(tlua_DType t, const void *base, size_t i) {
  switch (t) {
  case TLUA_F16: return small_to_double(AT(uint16_t), 10, 5);
  case TLUA_BF16: return (double)tlua_bf16_to_float(AT(uint16_t));
  case TLUA_F32: return (double)AT(float);
  case TLUA_F64: return AT(double);
  case TLUA_I8: return (double)AT(int8_t);
  case TLUA_U8: return (double)AT(uint8_t);
  case TLUA_I16: return (double)AT(int16_t);
  case TLUA_U16: return (double)AT(uint16_t);
  case TLUA_I32: return (double)AT(int32_t);
  case TLUA_U32: return (double)AT(uint32_t);
  case TLUA_I64: return (double)AT(int64_t);
  case TLUA_U64: return (double)AT(uint64_t);
  case TLUA_BOOL: return AT(uint8_t) ? 1.0 : 0.0;
  case TLUA_F8E4M3: case TLUA_F8E5M2: return (double)tlua_fp8_to_float(AT(uint8_t), t == TLUA_F8E5M2);
  default: return 0.0;
  }
}

void tlua_dtype_store(tlua_DType t, void *base, size_t i, double v) {
  switch (t) {
  case TLUA_F16: SET(uint16_t) = tlua_double_to_half(v); break;
  case TLUA_BF16: SET(uint16_t) = tlua_double_to_bf16(v); break;
  case TLUA_F32: SET(float) = (float)v; break;
  case TLUA_F64: SET(double) = v; break;
  case TLUA_BOOL: SET(uint8_t) = v != 0; break; /* NaN is true, as for C's _Bool */
  case TLUA_F8E4M3: case TLUA_F8E5M2: SET(uint8_t) = tlua_double_to_fp8(v, t == TLUA_F8E5M2); break;
  default: tlua_dtype_store_i64(t, base, i, (int64_t)tlua_double_to_bits64(v)); break;
  }
}

int64_t tlua_dtype_load_i64(tlua_DType t, const void *base, size_t i) {
  switch (t) {
  case TLUA_I8: return AT(int8_t);
  case TLUA_U8: return AT(uint8_t);
  case TLUA_I16: return AT(int16_t);
  case TLUA_U16: return AT(uint16_t);
  case TLUA_I32: return AT(int32_t);
  case TLUA_U32: return AT(uint32_t);
  case TLUA_I64: return AT(int64_t);
  case TLUA_U64: return (int64_t)AT(uint64_t);
  case TLUA_BOOL: return AT(uint8_t) != 0;
  default: return (int64_t)tlua_double_to_bits64(tlua_dtype_load(t, base, i));
  }
}

void tlua_dtype_store_i64(tlua_DType t, void *base, size_t i, int64_t v) {
  uint64_t u = (uint64_t)v; /* narrowing through unsigned types is defined modulo 2^n */
  switch (t) {
  case TLUA_F16: SET(uint16_t) = int_to_small(v, 10, 5); break;
  case TLUA_BF16: SET(uint16_t) = int_to_small(v, 7, 8); break;
  case TLUA_F32: SET(float) = (float)v; break; /* one rounding, int64 -> float directly */
  case TLUA_F64: SET(double) = (double)v; break;
  case TLUA_I8: case TLUA_U8: SET(uint8_t) = (uint8_t)u; break;
  case TLUA_I16: case TLUA_U16: SET(uint16_t) = (uint16_t)u; break;
  case TLUA_I32: case TLUA_U32: SET(uint32_t) = (uint32_t)u; break;
  case TLUA_I64: case TLUA_U64: SET(uint64_t) = u; break;
  case TLUA_BOOL: SET(uint8_t) = v != 0; break;
  /* |v| < 2^53 converts exactly; beyond, every FP8 saturates anyway */
  case TLUA_F8E4M3: case TLUA_F8E5M2: SET(uint8_t) = tlua_double_to_fp8((double)v, t == TLUA_F8E5M2); break;
  default: break;
  }
}
