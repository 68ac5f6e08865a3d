/* tensor.h - tensors: dtype, shape, strides and byte offset over a reference-counted storage. Pure C.
 *
 * Model. A tlua_Storage is a block of bytes owned by the selected backend. On the cpu backend that
 * is host memory (`host`). A GPU backend attaches a device buffer (`device` + the tlua_DeviceMemory
 * operations that move and free it) and keeps `host` as a mirror: `valid` says which copy holds the
 * current bytes, tlua_storage_sync_host/_device copy on demand, and whoever writes one side marks it
 * with tlua_storage_host_written/_device_written so the other side is refreshed before its next use.
 *
 * A tlua_Tensor is a view: dtype, rank (0..TLUA_TENSOR_MAX_RANK), shape, strides in elements
 * (row-major by default: the last dimension is contiguous) and a byte offset into its storage.
 * Views share the storage; both tensors and storages are reference counted (create gives one
 * reference, _retain adds one, _release drops one and frees at zero; _release(NULL) is a no-op).
 *
 * Errors. Functions that can fail return 0 on success and nonzero on failure with a message in
 * err (TLUA_TENSOR_ERRLEN bytes) such as "tensor: out of memory allocating 8796093022208 bytes";
 * out-parameters are NULL on failure. Nothing here longjmps or aborts.
 *
 * Threads. Reference counts are not atomic: a tensor is used by one thread at a time, like the
 * tlua_State that created it. Element accessors do no synchronisation with a device: callers that
 * touch `host` call tlua_tensor_sync_host first (and tlua_tensor_host_written after writing). */
#ifndef TLUA_TENSOR_H
#define TLUA_TENSOR_H

#include <stddef.h>
#include <stdint.h>

#include "dtype.h"
#include "tlua.h"

#define TLUA_TENSOR_MAX_RANK 8
#define TLUA_TENSOR_MAX_NUMEL (1LL << 40) /* elements; more is refused before allocating */
#define TLUA_TENSOR_ERRLEN 256

/* Device side of a storage, provided by a GPU backend. Each function returns 0 on success or
 * nonzero with a message in err. ctx is the backend's (e.g. its device context). */
typedef struct tlua_DeviceMemory {
  void *ctx;
  int (*upload)(void *ctx, void *device, const void *host, size_t nbytes, char *err);
  int (*download)(void *ctx, void *host, const void *device, size_t nbytes, char *err);
  /* stream: the storage's device_stream (the launch stream its buffer was allocated on) */
  void (*free)(void *ctx, void *device, size_t nbytes, void *stream);
  /* optional: set nbytes of the device buffer to zero (instead of uploading zeros) */
  int (*zero)(void *ctx, void *device, size_t nbytes, char *err);
  /* optional: drops the reference on ctx that a storage over an application's device buffer holds
   * (tlua_storage_wrap_device); the buffer itself is the application's and is not freed */
  void (*unref)(void *ctx);
} tlua_DeviceMemory;

enum { TLUA_STORAGE_HOST_VALID = 1, TLUA_STORAGE_DEVICE_VALID = 2 };
/* tlua_Storage.external: which side is memory the application owns (used in place, never freed) */
enum { TLUA_STORAGE_EXT_HOST = 1, TLUA_STORAGE_EXT_DEVICE = 2 };

/* Called once when a storage over application memory is freed (tlua_storage_wrap). */
typedef void (*tlua_ReleaseFn)(void *ud);

typedef struct tlua_Storage {
  long refs;                       /* atomic: a storage may be released from any thread */
  size_t nbytes;
  void *host;                      /* never NULL (at least one byte is allocated), except over an
                                      application's device buffer: NULL until tlua_storage_sync_host
                                      first needs a host copy */
  int host_mapped;                 /* internal: host came from mmap, not calloc */
  void *device;                    /* GPU backend buffer; NULL on the cpu backend */
  const tlua_DeviceMemory *devmem; /* how to move/free `device`; NULL when device is */
  void *device_stream;             /* the launch stream (NULL: the legacy default stream) when `device` was
                                      allocated: the stream its work is ordered on, which the backend's pool
                                      hands the buffer back to alone */
  int valid;                       /* TLUA_STORAGE_*_VALID bits */
  int host_zero;                   /* set by the zeros/empty constructors: the host bytes are zero and
                                      nothing wrote them since, so a device copy is made by clearing
                                      (devmem->zero) rather than uploading; any host write clears it */
  int undefined;                   /* set by tl.empty's {clear = false}: nothing wrote the contents yet
                                      and none are promised, so a device copy is made without clearing
                                      or uploading (the device bytes are then the contents, the host
                                      copy stale); any host or device write clears it */
  unsigned external;               /* TLUA_STORAGE_EXT_* bits */
  tlua_ReleaseFn release;          /* called once at free time; may be NULL */
  void *release_ud;
  int device_index;                /* the device it lives on: an index of tl.devices() (0 unless
                                      placed; copies made from a tensor keep its device) */
} tlua_Storage;

typedef struct tlua_Tensor {
  long refs; /* atomic, as the storage's */
  tlua_DType dtype;
  int rank;
  int64_t shape[TLUA_TENSOR_MAX_RANK];
  int64_t strides[TLUA_TENSOR_MAX_RANK]; /* elements; 0 broadcasts, negative walks backwards */
  size_t offset;                         /* bytes from the storage start to element (0, ..., 0) */
  tlua_Storage *storage;
} tlua_Tensor;

/* --- storage --------------------------------------------------------------------------------- */

/* A zero-filled host storage of nbytes bytes (nbytes may be 0), refs = 1, valid = HOST. */
TLUA_HIDDEN int tlua_storage_new(size_t nbytes, tlua_Storage **out, char *err);
TLUA_HIDDEN void tlua_storage_retain(tlua_Storage *s);
/* Drops a reference; at zero frees the host bytes and the device buffer (devmem->free). */
TLUA_HIDDEN void tlua_storage_release(tlua_Storage *s);
/* A storage over nbytes of the application's host memory at `host` (used in place, never freed;
 * release(ud) is called once when the last reference goes), valid = HOST. host NULL makes a storage
 * with no bytes yet, for tlua_storage_wrap_device. */
TLUA_HIDDEN int tlua_storage_wrap(void *host, size_t nbytes, tlua_ReleaseFn release, void *ud,
                                  tlua_Storage **out, char *err);
/* Gives s (made by tlua_storage_wrap(NULL, ...)) the application's device buffer `device`, current
 * (valid = DEVICE), moved through devmem and not freed; the caller has taken the reference on
 * devmem->ctx that devmem->unref drops when s is freed. */
TLUA_HIDDEN void tlua_storage_wrap_device(tlua_Storage *s, void *device, const tlua_DeviceMemory *devmem);
/* Hands a device buffer of s->nbytes bytes to the storage (which then owns it) and marks both
 * copies valid after uploading the host bytes. Fails if one is attached already. */
TLUA_HIDDEN int tlua_storage_attach_device(tlua_Storage *s, void *device,
                                           const tlua_DeviceMemory *devmem, char *err);
/* Make the host (device) copy current, copying from the other side if needed. */
TLUA_HIDDEN int tlua_storage_sync_host(tlua_Storage *s, char *err);
TLUA_HIDDEN int tlua_storage_sync_device(tlua_Storage *s, char *err);
/* Record that one side was written: the other becomes stale. */
TLUA_HIDDEN void tlua_storage_host_written(tlua_Storage *s);
TLUA_HIDDEN void tlua_storage_device_written(tlua_Storage *s);

/* --- tensors --------------------------------------------------------------------------------- */

/* Validates a shape: rank 0..8, every length >= 0, product <= TLUA_TENSOR_MAX_NUMEL. The message
 * names the dimension: "tensor: the length of dimension 1 must be >= 0 (got -3)". *numel gets
 * the product. */
TLUA_HIDDEN int tlua_shape_check(int rank, const int64_t *shape, int64_t *numel, char *err);

/* A new contiguous row-major tensor, zero-filled (so even "empty" never exposes old memory). */
TLUA_HIDDEN int tlua_tensor_new(tlua_DType dtype, int rank, const int64_t *shape,
                                tlua_Tensor **out, char *err);
/* A view of base's storage with the given shape, strides (elements; NULL = row-major) and byte
 * offset. Every element it can address must lie inside the storage. */
TLUA_HIDDEN int tlua_tensor_view(const tlua_Tensor *base, tlua_DType dtype, int rank,
                                 const int64_t *shape, const int64_t *strides, size_t offset,
                                 tlua_Tensor **out, char *err);
/* The same elements in a new shape (one length may be -1: inferred). A view sharing storage when
 * t is contiguous, otherwise a contiguous copy. The element counts must agree. */
TLUA_HIDDEN int tlua_tensor_reshape(const tlua_Tensor *t, int rank, const int64_t *shape,
                                    tlua_Tensor **out, char *err);
/* A contiguous copy with its own storage on t's device, optionally of another dtype (dtype < 0: same). */
TLUA_HIDDEN int tlua_tensor_clone(const tlua_Tensor *t, int dtype, tlua_Tensor **out, char *err);
TLUA_HIDDEN void tlua_tensor_retain(tlua_Tensor *t);
TLUA_HIDDEN void tlua_tensor_release(tlua_Tensor *t);

TLUA_HIDDEN int64_t tlua_tensor_numel(const tlua_Tensor *t);
TLUA_HIDDEN size_t tlua_tensor_elsize(const tlua_Tensor *t);
/* Row-major contiguous (lengths-1 dimensions and empty tensors count as contiguous). */
TLUA_HIDDEN int tlua_tensor_is_contiguous(const tlua_Tensor *t);
/* Strides of a contiguous row-major tensor of this shape. */
TLUA_HIDDEN void tlua_contiguous_strides(int rank, const int64_t *shape, int64_t *strides);

/* Host address of element (0, ..., 0) / of element idx (idx has t->rank entries, unchecked). */
TLUA_HIDDEN void *tlua_tensor_data(const tlua_Tensor *t);
TLUA_HIDDEN void *tlua_tensor_ptr(const tlua_Tensor *t, const int64_t *idx);
/* Elements of the storage from tlua_tensor_data onward (what a kernel may address through t
 * with non-negative offsets): (nbytes - offset) / element size. */
TLUA_HIDDEN int64_t tlua_tensor_extent(const tlua_Tensor *t);
/* Element offset (in elements, from tlua_tensor_data) of the linear-th element in row-major order. */
TLUA_HIDDEN int64_t tlua_tensor_linear_offset(const tlua_Tensor *t, int64_t linear);
/* Checks n indices against the shape: "tensor: index 5 out of range for dimension 1 (size 4,
 * valid 0..3)"; `who` starts the message ("tensor:get"). */
TLUA_HIDDEN int tlua_tensor_check_index(const tlua_Tensor *t, const char *who, int n,
                                        const int64_t *idx, char *err);

/* Element load/store at idx (unchecked) as double or as int64 (exact for all integer types). */
TLUA_HIDDEN double tlua_tensor_load(const tlua_Tensor *t, const int64_t *idx);
TLUA_HIDDEN void tlua_tensor_store(tlua_Tensor *t, const int64_t *idx, double v);
TLUA_HIDDEN int64_t tlua_tensor_load_i64(const tlua_Tensor *t, const int64_t *idx);
TLUA_HIDDEN void tlua_tensor_store_i64(tlua_Tensor *t, const int64_t *idx, int64_t v);

/* The facts a kernel specialization depends on: bit d of *sdiv is set when shape[d] is a multiple
 * of 16, bit d of *tdiv when strides[d] in bytes (elements x element size) is, *aligned16 when the tensor is not empty and element 0 sits on a
 * 16-byte boundary (host and device buffers share their alignment modulo 16), *contiguous when the
 * last dimension has stride 1. */
TLUA_HIDDEN void tlua_tensor_spec_facts(const tlua_Tensor *t, unsigned *sdiv, unsigned *tdiv, int *aligned16,
                                        int *contiguous);

/* The largest power of two (1, 2, 4, 8 or 16) that divides the last dimension's length (16 for an
 * empty last dimension, 1 for rank 0): a fact of the specialization next to *sdiv, for vector
 * groups along a last dimension that is even but no multiple of 16 (a 5000-column output). */
TLUA_HIDDEN unsigned tlua_tensor_last_div(const tlua_Tensor *t);

/* Host-side synchronisation of the tensor's storage (see the model above). */
TLUA_HIDDEN int tlua_tensor_sync_host(const tlua_Tensor *t, char *err);
TLUA_HIDDEN void tlua_tensor_host_written(tlua_Tensor *t);

/* --- whole-tensor operations (host) ----------------------------------------------------------- */

/* dst[i] = src[i] converted to dst's dtype; shapes must be equal. Overlapping views are safe. */
TLUA_HIDDEN int tlua_tensor_copy(tlua_Tensor *dst, const tlua_Tensor *src, char *err);
TLUA_HIDDEN void tlua_tensor_fill(tlua_Tensor *t, double v);
TLUA_HIDDEN void tlua_tensor_fill_i64(tlua_Tensor *t, int64_t v);
/* Sum of all elements: in double for floats, in int64 (wrapping) for integer types and bool. */
TLUA_HIDDEN double tlua_tensor_sum(const tlua_Tensor *t);
TLUA_HIDDEN int64_t tlua_tensor_sum_i64(const tlua_Tensor *t);
/* max |a[i] - b[i]| over all elements, in double; shapes must be equal. Where both are NaN the
 * elements count as equal; a NaN against a number makes the result +inf (a check fails either
 * way it is written). Empty tensors give 0. */
TLUA_HIDDEN int tlua_tensor_max_abs_diff(const tlua_Tensor *a, const tlua_Tensor *b, double *out,
                                         char *err);
/* Writes "Tensor{shape={2,3}, dtype=f32, data={0.0, 1.0, ...}}" (at most max_elems elements) into
 * buf, truncating to n bytes; returns the length it wanted. */
TLUA_HIDDEN size_t tlua_tensor_format(const tlua_Tensor *t, char *buf, size_t n, int max_elems);
/* Formats one element value: "1.5", "2.0", "-3", "true" (into buf of n bytes). */
TLUA_HIDDEN void tlua_tensor_format_elem(const tlua_Tensor *t, const int64_t *idx, char *buf,
                                         size_t n);

/* Deterministic pseudo-random fill (splitmix64 seeded by `seed`): floats uniform in [0, 1) on a
 * grid every value of which the dtype represents (so rounding never yields 1.0), integer types
 * uniform in 0..15, bool 0/1. */
TLUA_HIDDEN void tlua_tensor_fill_random(tlua_Tensor *t, uint64_t seed);

#endif
