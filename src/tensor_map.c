/* tensor_map.c - TMA tensor maps: the checks of cuTensorMapEncodeTiled's rules, its arguments in
 * the driver's order, and the cache of encoded maps (tensor_map.h). Pure C.
 *
 * The rules are the driver's documented requirements, checked here so that a bad tensor is named
 * by kernel and argument with the rule it breaks, instead of the driver's bare
 * CUDA_ERROR_INVALID_VALUE. Enum values are those of cuda.h (CUDA 12). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "tensor_map.h"

/* cuda.h: CUtensorMapDataType, CUtensorMapSwizzle, CUtensorMapL2promotion, CUtensorMapFloatOOBfill */
enum {
  TMA_U8 = 0, TMA_U16 = 1, TMA_U32 = 2, TMA_I32 = 3, TMA_U64 = 4, TMA_I64 = 5,
  TMA_F16 = 6, TMA_F32 = 7, TMA_F64 = 8, TMA_BF16 = 9
};
enum { TMA_INTERLEAVE_NONE = 0, TMA_L2_PROMOTION_128B = 2, TMA_OOB_FILL_NONE = 0 };

#define TMA_MAX_BOX 256u
#define TMA_MAX_STRIDE_BYTES ((int64_t)1 << 40)
#define TMA_MAX_DIM ((int64_t)1 << 32)

int tlua_tma_data_type(tlua_DType t) {
  switch (t) {
  case TLUA_U8: return TMA_U8;
  case TLUA_U16: return TMA_U16;
  case TLUA_U32: return TMA_U32;
  case TLUA_I32: return TMA_I32;
  case TLUA_U64: return TMA_U64;
  case TLUA_I64: return TMA_I64;
  case TLUA_F16: return TMA_F16;
  case TLUA_F32: return TMA_F32;
  case TLUA_F64: return TMA_F64;
  case TLUA_BF16: return TMA_BF16;
  /* TMA copies bits: 8-bit floats (and 8-bit integers) move as bytes */
  case TLUA_F8E4M3: case TLUA_F8E5M2: case TLUA_I8: return TMA_U8;
  default: return -1;
  }
}

/* CUtensorMapSwizzle of a swizzle span in bytes, -1 for a span the hardware has not. */
static int swizzle_enum(int bytes) {
  switch (bytes) {
  case 0: return 0;
  case 32: return 1;
  case 64: return 2;
  case 128: return 3;
  default: return -1;
  }
}

int tlua_tma_spec_check(const tlua_TmaSpec *spec, int which, char *err, size_t n) {
  if (spec->param < 0)
    return tlua_errorf(1, err, n, "tl_tmap%d: the parameter index must be >= 0 (got %d)", which, spec->param);
  if (spec->rank < 1 || spec->rank > TLUA_TMA_MAX_RANK)
    return tlua_errorf(1, err, n, "tl_tmap%d: the box must have 1 to %d lengths (got %d)", which,
                       TLUA_TMA_MAX_RANK, spec->rank);
  for (int k = 0; k < spec->rank; k++)
    if (spec->box[k] < 1 || spec->box[k] > TMA_MAX_BOX)
      return tlua_errorf(1, err, n, "tl_tmap%d: box length %d must be between 1 and 256 (got %u)", which, k + 1,
                         spec->box[k]);
  if (swizzle_enum(spec->swizzle) < 0)
    return tlua_errorf(1, err, n, "tl_tmap%d: the swizzle must be 0, 32, 64 or 128 bytes (got %d)", which,
                       spec->swizzle);
  return 0;
}

/* "kernel 'k': argument 2 (TMA map): <rule>" into err; returns 1. */
static int arg_error(char *err, size_t n, const char *kernel, int argno, const char *fmt, ...) {
  char rule[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(rule, sizeof rule, fmt, ap);
  va_end(ap);
  return tlua_errorf(1, err, n, "kernel '%s': argument %d (TMA map): %s", kernel, argno, rule);
}

/* The layout rules on t's shape and strides (elements of esize bytes). */
static int check_layout(const tlua_Tensor *t, int esize, const char *kernel, int argno, char *err, size_t n) {
  int r = t->rank;
  for (int k = 0; k < r; k++)
    if (t->shape[k] < 1 || t->shape[k] > TMA_MAX_DIM)
      return arg_error(err, n, kernel, argno, "the length of dimension %d must be between 1 and 2^32 (got %lld)",
                       k + 1, (long long)t->shape[k]);
  if (t->strides[r - 1] != 1)
    return arg_error(err, n, kernel, argno, "the innermost stride must be 1 element (got %lld)",
                     (long long)t->strides[r - 1]);
  for (int k = 0; k < r - 1; k++) {
    int64_t s = t->strides[k];
    if (s < 0 || s >= TMA_MAX_STRIDE_BYTES / esize)
      return arg_error(err, n, kernel, argno, "the stride of dimension %d must be >= 0 and below 2^40 bytes "
                       "(got %lld elements)", k + 1, (long long)s);
    if (s * esize % 16)
      return arg_error(err, n, kernel, argno, "the stride of dimension %d must be a multiple of 16 bytes (got %lld "
                       "bytes)", k + 1, (long long)(s * esize));
  }
  return 0;
}

/* The box rules: lengths, the innermost extent and the swizzle span. */
static int check_box(const tlua_TmaSpec *spec, int esize, const char *kernel, int argno, char *err, size_t n) {
  for (int k = 0; k < spec->rank; k++)
    if (spec->box[k] < 1 || spec->box[k] > TMA_MAX_BOX)
      return arg_error(err, n, kernel, argno, "box length %d must be between 1 and 256 (got %u)", k + 1,
                       spec->box[k]);
  uint32_t inner = spec->box[spec->rank - 1] * (uint32_t)esize;
  if (inner % 16)
    return arg_error(err, n, kernel, argno, "the box's innermost extent must be a multiple of 16 bytes (got %u "
                     "bytes)", inner);
  if (swizzle_enum(spec->swizzle) < 0)
    return arg_error(err, n, kernel, argno, "the swizzle must be 0, 32, 64 or 128 bytes (got %d)", spec->swizzle);
  if (spec->swizzle && inner > (uint32_t)spec->swizzle)
    return arg_error(err, n, kernel, argno, "the box's innermost extent (%u bytes) must not exceed the %d-byte "
                     "swizzle span", inner, spec->swizzle);
  return 0;
}

int tlua_tma_args(const tlua_TmaSpec *spec, const tlua_Tensor *t, void *address, const char *kernel, int argno,
                  tlua_TmaEncode *out, char *err, size_t n) {
  memset(out, 0, sizeof *out);
  int r = t->rank;
  if (r < 1 || r > TLUA_TMA_MAX_RANK)
    return arg_error(err, n, kernel, argno, "a tensor map's rank must be 1 to %d (the tensor has rank %d)",
                     TLUA_TMA_MAX_RANK, r);
  if (spec->rank != r)
    return arg_error(err, n, kernel, argno, "the box has %d lengths but the tensor has rank %d", spec->rank, r);
  int dt = tlua_tma_data_type(t->dtype);
  const tlua_DTypeInfo *info = tlua_dtype_info(t->dtype);
  if (dt < 0 || !info)
    return arg_error(err, n, kernel, argno, "dtype %s has no TMA data type", info ? info->name : "?");
  if ((uintptr_t)address % 16)
    return arg_error(err, n, kernel, argno, "the base address %p must be 16-byte aligned", address);
  if (check_layout(t, info->size, kernel, argno, err, n) || check_box(spec, info->size, kernel, argno, err, n))
    return 1;
  out->data_type = dt;
  out->rank = (uint32_t)r;
  out->address = address;
  for (int i = 0; i < r; i++) { /* the driver counts dimensions from the innermost */
    out->dims[i] = (uint64_t)t->shape[r - 1 - i];
    out->box[i] = spec->box[r - 1 - i];
    out->element_strides[i] = 1;
  }
  for (int i = 1; i < r; i++) out->strides[i - 1] = (uint64_t)t->strides[r - 1 - i] * (uint64_t)info->size;
  out->interleave = TMA_INTERLEAVE_NONE;
  out->swizzle = swizzle_enum(spec->swizzle);
  out->l2_promotion = TMA_L2_PROMOTION_128B;
  out->oob_fill = TMA_OOB_FILL_NONE;
  return 0;
}

/* FNV-1a of the key's bytes; never 0 (the mark of an empty entry). */
static uint64_t key_hash(const tlua_TmaEncode *k) {
  const unsigned char *p = (const unsigned char *)k;
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < sizeof *k; i++) h = (h ^ p[i]) * 1099511628211ull;
  return h ? h : 1;
}

int tlua_tma_cache_get(tlua_TmaCache *c, const tlua_TmaEncode *args, tlua_TensorMap *out, char *err, size_t n) {
  uint64_t h = key_hash(args);
  for (int i = 0; i < TLUA_TMA_CACHE_SIZE; i++) {
    if (c->entries[i].hash == h && memcmp(&c->entries[i].key, args, sizeof *args) == 0) {
      memcpy(out->bytes, c->entries[i].map.bytes, TLUA_TMA_MAP_BYTES);
      return 0;
    }
  }
  if (!c->encode) return tlua_errorf(1, err, n, "tensor map: no encoder");
  c->encodes++;
  if (c->encode(c->ctx, args, out, err, n)) return 1;
  int slot = c->next;
  c->next = (c->next + 1) % TLUA_TMA_CACHE_SIZE;
  c->entries[slot].hash = h;
  memcpy(&c->entries[slot].key, args, sizeof *args);
  memcpy(c->entries[slot].map.bytes, out->bytes, TLUA_TMA_MAP_BYTES);
  return 0;
}
