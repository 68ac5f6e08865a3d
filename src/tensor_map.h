/* tensor_map.h - TMA tensor maps (NVIDIA Hopper): what a kernel asks for, the checked arguments of
 * the driver's cuTensorMapEncodeTiled, and a cache of encoded maps. Pure C, no vendor header.
 *
 * A kernel compiled for sm_90 that copies with TMA takes, after all its ordinary parameters, one
 * `const __grid_constant__ CUtensorMap tl_tmap<j>` per descriptor j: 128 opaque bytes, 64-byte
 * aligned, that the driver encodes on the host from a tensor's address, shape, strides and the box
 * (the tile one copy moves). The generator says which tensor and box each map is for (tlua_TmaSpec);
 * at launch tlua_tma_args checks the tensor against the hardware's rules and fills the encoder's
 * arguments, and a tlua_TmaCache returns the map, calling the encoder only for arguments it has not
 * seen.
 *
 * Orders. A spec's box is in the tensor's order (outermost first, like its shape). The driver wants
 * every array innermost first: tlua_TmaEncode holds them reversed, strides in bytes.
 *
 * Errors: 0 on success, nonzero with a message in err (n bytes) naming the kernel, the argument
 * (1-based) and the rule broken. Thread safety: a cache is used by one thread at a time (the device
 * that owns one guards it with its lock). */
#ifndef TLUA_TENSOR_MAP_H
#define TLUA_TENSOR_MAP_H

#include <stddef.h>
#include <stdint.h>

#include "tensor.h"
#include "tlua.h"

#define TLUA_TMA_MAX_RANK 5     /* the hardware's limit on a tensor map's rank */
#define TLUA_TMA_MAP_BYTES 128  /* sizeof(CUtensorMap) */
#define TLUA_TMA_MAX_MAPS 16    /* maps one kernel may take */
#define TLUA_TMA_CACHE_SIZE 64  /* encoded maps a cache keeps */

/* One map a kernel takes: the tensor parameter it describes (0-based index among the kernel's
 * parameters), the box lengths for the tensor's `rank` dimensions (outermost first; entries past
 * rank unused), and the swizzle in bytes: 0 (none), 32, 64 or 128. */
typedef struct tlua_TmaSpec {
  int param;
  int rank;
  uint32_t box[TLUA_TENSOR_MAX_RANK];
  int swizzle;
} tlua_TmaSpec;

/* An encoded map, as the kernel parameter wants it (the driver writes it through a 64-byte aligned
 * pointer; the kernel reads it by value). */
typedef struct tlua_TensorMap {
  _Alignas(64) unsigned char bytes[TLUA_TMA_MAP_BYTES];
} tlua_TensorMap;

/* The arguments of cuTensorMapEncodeTiled, innermost dimension first, with the driver's enum
 * values. Also the cache's key: made by tlua_tma_args, which zeroes it first so that unused entries
 * compare equal. */
typedef struct tlua_TmaEncode {
  int data_type;                            /* CUtensorMapDataType */
  uint32_t rank;
  void *address;                            /* globalAddress: the tensor's element (0, ..., 0) */
  uint64_t dims[TLUA_TMA_MAX_RANK];         /* globalDim[i] = shape[rank-1-i] */
  uint64_t strides[TLUA_TMA_MAX_RANK - 1];  /* globalStrides: bytes, dims 1..rank-1 */
  uint32_t box[TLUA_TMA_MAX_RANK];          /* boxDim, reversed like dims */
  uint32_t element_strides[TLUA_TMA_MAX_RANK]; /* all 1 */
  int interleave;                           /* CU_TENSOR_MAP_INTERLEAVE_NONE (0) */
  int swizzle;                              /* CUtensorMapSwizzle: NONE 0, 32B 1, 64B 2, 128B 3 */
  int l2_promotion;                         /* CU_TENSOR_MAP_L2_PROMOTION_L2_128B (2) */
  int oob_fill;                             /* CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE (0): zeros */
} tlua_TmaEncode;

/* CUtensorMapDataType of dtype t (u8 0, u16 1, u32 2, i32 3, u64 4, i64 5, f16 6, f32 7, f64 8,
 * bf16 9), or -1 for a dtype TMA has no type for (i8, i16, bool). */
TLUA_HIDDEN int tlua_tma_data_type(tlua_DType t);

/* Checks a spec on its own (when a kernel is loaded): param >= 0, rank 1..5, every box length
 * 1..256, swizzle 0/32/64/128. `which` is the spec's 0-based index, for the message. */
TLUA_HIDDEN int tlua_tma_spec_check(const tlua_TmaSpec *spec, int which, char *err, size_t n);

/* Checks tensor t, whose element (0, ..., 0) is at device address `address`, against spec and
 * fills *out. kernel and argno (1-based) name the argument in the message. The rules: the ranks
 * match and are 1..5; the dtype has a TMA data type; the address is 16-byte aligned; the innermost
 * stride is 1 element; every other stride is a multiple of 16 bytes and below 2^40 bytes; every
 * length is 1..2^32; every box length is 1..256; the box's innermost extent is a multiple of 16
 * bytes and, with a swizzle, no more than the swizzle's span. */
TLUA_HIDDEN int tlua_tma_args(const tlua_TmaSpec *spec, const tlua_Tensor *t, void *address, const char *kernel,
                              int argno, tlua_TmaEncode *out, char *err, size_t n);

/* Encodes a map: the driver's cuTensorMapEncodeTiled behind it (backend_driver.c), or a test's own.
 * ctx is the cache's. 0, or nonzero with a message in err. */
typedef int (*tlua_TmaEncoder)(void *ctx, const tlua_TmaEncode *args, tlua_TensorMap *out, char *err, size_t n);

/* Encoded maps keyed by their tlua_TmaEncode (everything the encoding depends on, the address
 * included, so a hit is exact even when freed memory is reused), replaced round-robin when full.
 * Zero-initialise it, then set encode and ctx. */
typedef struct tlua_TmaCache {
  tlua_TmaEncoder encode;
  void *ctx;
  struct {
    uint64_t hash; /* 0: empty */
    tlua_TmaEncode key;
    tlua_TensorMap map;
  } entries[TLUA_TMA_CACHE_SIZE];
  int next; /* the entry the next miss replaces */
  long long encodes; /* calls of encode so far */
} tlua_TmaCache;

/* The map of args into *out: from the cache, or encoded (then kept). 0, or nonzero with the
 * encoder's message in err (nothing is kept then). */
TLUA_HIDDEN int tlua_tma_cache_get(tlua_TmaCache *c, const tlua_TmaEncode *args, tlua_TensorMap *out, char *err,
                                   size_t n);

#endif
