/* dtype.h - element types of tensors and kernel values: names, sizes, classes. Pure C. */
#ifndef TLUA_DTYPE_H
#define TLUA_DTYPE_H

#include <stddef.h>
#include <stdint.h>
#include "tlua.h"

typedef enum tlua_DType {
  TLUA_F16, TLUA_BF16, TLUA_F32, TLUA_F64,
  TLUA_I8, TLUA_U8, TLUA_I16, TLUA_U16, TLUA_I32, TLUA_U32, TLUA_I64, TLUA_U64,
  TLUA_BOOL,
  /* 8-bit floats (OCP FP8, as NVIDIA's __nv_fp8_e4m3 / __nv_fp8_e5m2 and torch's float8_e4m3fn /
     float8_e5m2): e4m3 has no infinities (max 448, NaN 0x7f), e5m2 is IEEE-like (max 57344). */
  TLUA_F8E4M3, TLUA_F8E5M2,
  TLUA_NDTYPES
} tlua_DType;

typedef struct tlua_DTypeInfo {
  const char *name;      /* "f32": the Lua name (tl.f32) */
  const char *hip;       /* "float": the type in generated HIP source */
  const char *npy;       /* "<f4": the NumPy descr string */
  int size;              /* bytes */
  int is_float, is_signed;
} tlua_DTypeInfo;

/* Info of a dtype; NULL for an out-of-range value. */
TLUA_HIDDEN const tlua_DTypeInfo *tlua_dtype_info(tlua_DType t);
/* The dtype named `name` ("f32"), or -1. */
TLUA_HIDDEN int tlua_dtype_from_name(const char *name);

/* IEEE half and bfloat16 conversions (round to nearest even; NaN kept NaN). */
TLUA_HIDDEN float tlua_half_to_float(uint16_t h);
TLUA_HIDDEN uint16_t tlua_float_to_half(float f);
TLUA_HIDDEN float tlua_bf16_to_float(uint16_t h);
TLUA_HIDDEN uint16_t tlua_float_to_bf16(float f);

/* Loads element i of a buffer of type t as double / stores a double into it (converting with C
 * semantics for integers: truncation toward zero, saturating is NOT applied). */
TLUA_HIDDEN double tlua_dtype_load(tlua_DType t, const void *base, size_t i);
TLUA_HIDDEN void tlua_dtype_store(tlua_DType t, void *base, size_t i, double v);

/* --- added by the tensor work (declarations above are the lead's and unchanged) -------------- */

/* Rounds a double straight to half / bfloat16 (round to nearest even, one rounding only: going
 * through float first could round twice). Overflow gives +-inf, NaN stays a quiet NaN. */
TLUA_HIDDEN uint16_t tlua_double_to_half(double v);
TLUA_HIDDEN uint16_t tlua_double_to_bf16(double v);

/* Converts a double to an integer the way tlua_dtype_store does: truncation toward zero, then the
 * value modulo 2^64 (so storing into a narrower integer type wraps, as a C cast does on every
 * two's-complement target); NaN and +-inf give 0. Exact for every integer in [-2^63, 2^64). */
TLUA_HIDDEN uint64_t tlua_double_to_bits64(double v);

/* Loads element i as int64 / stores an int64 into it. Exact for the integer types (u64 as its
 * two's-complement bit pattern: 2^64-1 loads as -1); floats convert as above (load truncates
 * toward zero), bool loads 0/1 and stores v != 0. Stores into float types round once. */
TLUA_HIDDEN int64_t tlua_dtype_load_i64(tlua_DType t, const void *base, size_t i);
TLUA_HIDDEN void tlua_dtype_store_i64(tlua_DType t, void *base, size_t i, int64_t v);

/* FP8: the value of bits b (NaN for NaN codes), and the bits of v rounded to nearest even,
 * saturating to the largest finite value (NaN stays NaN; infinities saturate too, as CUDA's
 * __NV_SATFINITE conversions do). */
TLUA_HIDDEN float tlua_fp8_to_float(uint8_t b, int e5m2);
TLUA_HIDDEN uint8_t tlua_double_to_fp8(double v, int e5m2);
static inline int tlua_dtype_is_fp8(int t) { return t == TLUA_F8E4M3 || t == TLUA_F8E5M2; }

/* True for the integer types and bool (values that load exactly as int64). */
TLUA_HIDDEN int tlua_dtype_is_integral(tlua_DType t);

#endif
