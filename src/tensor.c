/* tensor.c - tensors over reference-counted storage: creation, views, element access, copies. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "tensor.h"

/* Buffers this large come straight from mmap: zero pages for free, and a refused request is a
 * plain MAP_FAILED even under AddressSanitizer, whose calloc would abort the process instead. */
#define MMAP_THRESHOLD ((size_t)1 << 20)

#define fail(err, ...) tlua_errorf(1, err, TLUA_TENSOR_ERRLEN, __VA_ARGS__)

/* --- storage ----------------------------------------------------------------------------------- */

/* Zero-filled host bytes for a storage (mmap above MMAP_THRESHOLD); 0 or 1 + message. */
static int alloc_host(tlua_Storage *s, size_t nbytes, char *err) {
#if defined(MAP_ANONYMOUS)
  if (nbytes >= MMAP_THRESHOLD) {
    void *p = mmap(NULL, nbytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return fail(err, "tensor: out of memory allocating %zu bytes", nbytes);
    s->host = p;
    s->host_mapped = 1;
    return 0;
  }
#endif
  s->host = calloc(nbytes ? nbytes : 1, 1);
  if (!s->host) return fail(err, "tensor: out of memory allocating %zu bytes", nbytes);
  return 0;
}

int tlua_storage_new(size_t nbytes, tlua_Storage **out, char *err) {
  *out = NULL;
  tlua_Storage *s = (tlua_Storage *)calloc(1, sizeof *s);
  if (!s) return fail(err, "tensor: out of memory allocating %zu bytes", sizeof *s);
  if (alloc_host(s, nbytes, err)) {
    free(s);
    return 1;
  }
  s->refs = 1;
  s->nbytes = nbytes;
  s->valid = TLUA_STORAGE_HOST_VALID;
  *out = s;
  return 0;
}

int tlua_storage_wrap(void *host, size_t nbytes, tlua_ReleaseFn release, void *ud, tlua_Storage **out,
                      char *err) {
  *out = NULL;
  tlua_Storage *s = (tlua_Storage *)calloc(1, sizeof *s);
  if (!s) return fail(err, "tensor: out of memory allocating %zu bytes", sizeof *s);
  s->refs = 1;
  s->nbytes = nbytes;
  s->host = host;
  s->external = host ? TLUA_STORAGE_EXT_HOST : 0;
  s->valid = host ? TLUA_STORAGE_HOST_VALID : 0;
  s->release = release;
  s->release_ud = ud;
  *out = s;
  return 0;
}

void tlua_storage_wrap_device(tlua_Storage *s, void *device, const tlua_DeviceMemory *devmem) {
  s->device = device;
  s->devmem = devmem;
  s->external |= TLUA_STORAGE_EXT_DEVICE;
  s->valid = TLUA_STORAGE_DEVICE_VALID;
}

void tlua_storage_retain(tlua_Storage *s) {
  if (s) __atomic_add_fetch(&s->refs, 1, __ATOMIC_RELAXED);
}

void tlua_storage_release(tlua_Storage *s) {
  if (!s || __atomic_sub_fetch(&s->refs, 1, __ATOMIC_ACQ_REL) > 0) return;
  if (s->device && s->devmem) {
    if (s->external & TLUA_STORAGE_EXT_DEVICE) {
      if (s->devmem->unref) s->devmem->unref(s->devmem->ctx);
    } else if (s->devmem->free) {
      s->devmem->free(s->devmem->ctx, s->device, s->nbytes, s->device_stream);
    }
  }
  if (!(s->external & TLUA_STORAGE_EXT_HOST)) {
#if defined(MAP_ANONYMOUS)
    if (s->host_mapped) munmap(s->host, s->nbytes);
    else
#endif
      free(s->host);
  }
  if (s->release) s->release(s->release_ud);
  free(s);
}

int tlua_storage_attach_device(tlua_Storage *s, void *device, const tlua_DeviceMemory *devmem,
                               char *err) {
  if (s->device) return fail(err, "tensor: storage already has a device buffer");
  if (!device || !devmem || !devmem->upload || !devmem->download)
    return fail(err, "tensor: a device buffer needs upload and download operations");
  if (s->undefined) {
    /* contents nobody wrote and tl.empty{clear = false} did not promise: the buffer as it is */
    s->device = device;
    s->devmem = devmem;
    s->valid = TLUA_STORAGE_DEVICE_VALID;
    s->host_zero = 0; /* (the host's zeros no longer say what the storage holds) */
    return 0;
  }
  if (s->host_zero && devmem->zero) {
    if (devmem->zero(devmem->ctx, device, s->nbytes, err)) return 1;
  } else if (devmem->upload(devmem->ctx, device, s->host, s->nbytes, err)) {
    return 1;
  }
  s->device = device;
  s->devmem = devmem;
  s->valid = TLUA_STORAGE_HOST_VALID | TLUA_STORAGE_DEVICE_VALID;
  return 0;
}

int tlua_storage_sync_host(tlua_Storage *s, char *err) {
  if (s->valid & TLUA_STORAGE_HOST_VALID) return 0;
  if (!s->host && alloc_host(s, s->nbytes, err)) return 1; /* first host use of a device buffer */
  if (!s->device) return fail(err, "tensor: storage has no current copy");
  if (s->devmem->download(s->devmem->ctx, s->host, s->device, s->nbytes, err)) return 1;
  s->valid |= TLUA_STORAGE_HOST_VALID;
  return 0;
}

int tlua_storage_sync_device(tlua_Storage *s, char *err) {
  if (!s->device) return fail(err, "tensor: storage has no device buffer");
  if (s->valid & TLUA_STORAGE_DEVICE_VALID) return 0;
  if (s->devmem->upload(s->devmem->ctx, s->device, s->host, s->nbytes, err)) return 1;
  s->valid |= TLUA_STORAGE_DEVICE_VALID;
  return 0;
}

void tlua_storage_host_written(tlua_Storage *s) {
  s->valid = TLUA_STORAGE_HOST_VALID;
  s->host_zero = 0;
  s->undefined = 0;
}

void tlua_storage_device_written(tlua_Storage *s) {
  if (s->device) s->valid = TLUA_STORAGE_DEVICE_VALID;
  s->host_zero = 0;
  s->undefined = 0;
}

/* --- shapes ------------------------------------------------------------------------------------ */

int tlua_shape_check(int rank, const int64_t *shape, int64_t *numel, char *err) {
  *numel = 0;
  if (rank < 0 || rank > TLUA_TENSOR_MAX_RANK)
    return fail(err, "tensor: rank %d is out of range (0..%d)", rank, TLUA_TENSOR_MAX_RANK);
  int64_t n = 1;
  int zero = 0;
  for (int d = 0; d < rank; d++) {
    if (shape[d] < 0)
      return fail(err, "tensor: the length of dimension %d must be >= 0 (got %lld)", d,
                  (long long)shape[d]);
    if (shape[d] == 0) zero = 1;
    /* keep multiplying past a zero so an absurd length is still reported */
    if (shape[d] > TLUA_TENSOR_MAX_NUMEL || (shape[d] && n > TLUA_TENSOR_MAX_NUMEL / shape[d]))
      return fail(err, "tensor: %lld elements is too many (the limit is 2^40 = %lld)",
                  (long long)(shape[d] > TLUA_TENSOR_MAX_NUMEL ? shape[d] : n * shape[d]),
                  (long long)TLUA_TENSOR_MAX_NUMEL);
    if (shape[d]) n *= shape[d];
  }
  *numel = zero ? 0 : n;
  return 0;
}

void tlua_contiguous_strides(int rank, const int64_t *shape, int64_t *strides) {
  int64_t s = 1;
  for (int d = rank - 1; d >= 0; d--) {
    strides[d] = s;
    s *= shape[d] > 0 ? shape[d] : 1;
  }
}

/* --- tensors ----------------------------------------------------------------------------------- */

static tlua_Tensor *tensor_alloc(tlua_DType dtype, int rank, const int64_t *shape, char *err) {
  tlua_Tensor *t = (tlua_Tensor *)calloc(1, sizeof *t);
  if (!t) {
    fail(err, "tensor: out of memory allocating %zu bytes", sizeof *t);
    return NULL;
  }
  t->refs = 1;
  t->dtype = dtype;
  t->rank = rank;
  for (int d = 0; d < rank; d++) t->shape[d] = shape[d];
  return t;
}

int tlua_tensor_new(tlua_DType dtype, int rank, const int64_t *shape, tlua_Tensor **out,
                    char *err) {
  *out = NULL;
  const tlua_DTypeInfo *info = tlua_dtype_info(dtype);
  if (!info) return fail(err, "tensor: unknown dtype %d", (int)dtype);
  int64_t numel;
  if (tlua_shape_check(rank, shape, &numel, err)) return 1;
  tlua_Tensor *t = tensor_alloc(dtype, rank, shape, err);
  if (!t) return 1;
  tlua_contiguous_strides(rank, shape, t->strides);
  if (tlua_storage_new((size_t)numel * (size_t)info->size, &t->storage, err)) {
    free(t);
    return 1;
  }
  *out = t;
  return 0;
}

int tlua_tensor_view(const tlua_Tensor *base, tlua_DType dtype, int rank, const int64_t *shape,
                     const int64_t *strides, size_t offset, tlua_Tensor **out, char *err) {
  *out = NULL;
  const tlua_DTypeInfo *info = tlua_dtype_info(dtype);
  if (!info) return fail(err, "tensor: unknown dtype %d", (int)dtype);
  int64_t numel;
  if (tlua_shape_check(rank, shape, &numel, err)) return 1;
  int64_t st[TLUA_TENSOR_MAX_RANK];
  if (strides) memcpy(st, strides, sizeof(int64_t) * (size_t)rank);
  else tlua_contiguous_strides(rank, shape, st);
  size_t nbytes = base->storage->nbytes;
  if (offset > nbytes) return fail(err, "tensor: view offset %zu is past the storage (%zu bytes)",
                                   offset, nbytes);
  if (numel > 0) {
    /* lowest and highest element reachable, checked without overflow: each stride's reach must
     * stay within the storage's element count on its own */
    int64_t cap = (int64_t)(nbytes / (size_t)info->size), lo = 0, hi = 0;
    for (int d = 0; d < rank; d++) {
      int64_t ext = shape[d] - 1, a = st[d] < 0 ? -st[d] : st[d];
      if (ext && a > cap / ext)
        return fail(err, "tensor: view stride %lld of dimension %d reaches outside the storage",
                    (long long)st[d], d);
      if (st[d] > 0) hi += st[d] * ext;
      else lo += st[d] * ext;
    }
    int64_t first = (int64_t)offset + lo * info->size, end = (int64_t)offset + (hi + 1) * info->size;
    if (first < 0 || end > (int64_t)nbytes)
      return fail(err, "tensor: view addresses bytes %lld..%lld outside the storage (%zu bytes)",
                  (long long)first, (long long)end - 1, nbytes);
  }
  tlua_Tensor *t = tensor_alloc(dtype, rank, shape, err);
  if (!t) return 1;
  memcpy(t->strides, st, sizeof(int64_t) * (size_t)rank);
  t->offset = offset;
  t->storage = base->storage;
  tlua_storage_retain(t->storage);
  *out = t;
  return 0;
}

int tlua_tensor_reshape(const tlua_Tensor *t, int rank, const int64_t *shape, tlua_Tensor **out,
                        char *err) {
  *out = NULL;
  if (rank < 0 || rank > TLUA_TENSOR_MAX_RANK)
    return fail(err, "reshape: rank %d is out of range (0..%d)", rank, TLUA_TENSOR_MAX_RANK);
  int64_t sh[TLUA_TENSOR_MAX_RANK], known = 1, have = tlua_tensor_numel(t);
  int infer = -1;
  for (int d = 0; d < rank; d++) {
    sh[d] = shape[d];
    if (sh[d] == -1) {
      if (infer >= 0) return fail(err, "reshape: only one length may be -1 (dimensions %d and %d)",
                                  infer, d);
      infer = d;
    } else if (sh[d] < 0) {
      return fail(err, "reshape: the length of dimension %d must be >= 0 or -1 (got %lld)", d,
                  (long long)sh[d]);
    } else if (sh[d] > TLUA_TENSOR_MAX_NUMEL || (sh[d] && known > TLUA_TENSOR_MAX_NUMEL / sh[d])) {
      return fail(err, "reshape: too many elements (the limit is 2^40)");
    } else {
      known *= sh[d];
    }
  }
  if (infer >= 0) {
    if (known == 0 || have % known)
      return fail(err, "reshape: cannot infer dimension %d: %lld elements are not a multiple of %lld",
                  infer, (long long)have, (long long)known);
    sh[infer] = have / known;
    known = have;
  }
  if (known != have)
    return fail(err, "reshape: the new shape has %lld elements, the tensor %lld", (long long)known,
                (long long)have);
  if (tlua_tensor_is_contiguous(t))
    return tlua_tensor_view(t, t->dtype, rank, sh, NULL, t->offset, out, err);
  tlua_Tensor *c;
  if (tlua_tensor_clone(t, -1, &c, err)) return 1;
  int rc = tlua_tensor_view(c, c->dtype, rank, sh, NULL, 0, out, err);
  tlua_tensor_release(c);
  return rc;
}

int tlua_tensor_clone(const tlua_Tensor *t, int dtype, tlua_Tensor **out, char *err) {
  *out = NULL;
  tlua_Tensor *c;
  if (tlua_tensor_new(dtype < 0 ? t->dtype : (tlua_DType)dtype, t->rank, t->shape, &c, err))
    return 1;
  c->storage->device_index = t->storage->device_index;
  if (tlua_tensor_copy(c, t, err)) {
    tlua_tensor_release(c);
    return 1;
  }
  *out = c;
  return 0;
}

void tlua_tensor_retain(tlua_Tensor *t) {
  if (t) __atomic_add_fetch(&t->refs, 1, __ATOMIC_RELAXED);
}

void tlua_tensor_release(tlua_Tensor *t) {
  if (!t || __atomic_sub_fetch(&t->refs, 1, __ATOMIC_ACQ_REL) > 0) return;
  tlua_storage_release(t->storage);
  free(t);
}

int64_t tlua_tensor_numel(const tlua_Tensor *t) {
  int64_t n = 1;
  for (int d = 0; d < t->rank; d++) n *= t->shape[d];
  return n;
}

size_t tlua_tensor_elsize(const tlua_Tensor *t) { return (size_t)tlua_dtype_info(t->dtype)->size; }

int tlua_tensor_is_contiguous(const tlua_Tensor *t) {
  int64_t want = 1;
  for (int d = t->rank - 1; d >= 0; d--) {
    if (t->shape[d] == 0) return 1;
    if (t->shape[d] != 1 && t->strides[d] != want) return 0;
    want *= t->shape[d];
  }
  return 1;
}

void *tlua_tensor_data(const tlua_Tensor *t) { return (char *)t->storage->host + t->offset; }

void *tlua_tensor_ptr(const tlua_Tensor *t, const int64_t *idx) {
  int64_t off = 0;
  for (int d = 0; d < t->rank; d++) off += idx[d] * t->strides[d];
  return (char *)tlua_tensor_data(t) + off * (int64_t)tlua_tensor_elsize(t);
}

int64_t tlua_tensor_extent(const tlua_Tensor *t) {
  size_t n = t->storage->nbytes;
  return t->offset >= n ? 0 : (int64_t)((n - t->offset) / tlua_tensor_elsize(t));
}

int64_t tlua_tensor_linear_offset(const tlua_Tensor *t, int64_t linear) {
  int64_t off = 0;
  for (int d = t->rank - 1; d >= 0; d--) {
    if (t->shape[d] == 0) return 0;
    off += (linear % t->shape[d]) * t->strides[d];
    linear /= t->shape[d];
  }
  return off;
}

int tlua_tensor_check_index(const tlua_Tensor *t, const char *who, int n, const int64_t *idx,
                            char *err) {
  if (n != t->rank)
    return fail(err, "%s: expected %d indices (one per dimension of the rank-%d tensor), got %d",
                who, t->rank, t->rank, n);
  for (int d = 0; d < n; d++)
    if (idx[d] < 0 || idx[d] >= t->shape[d]) {
      if (t->shape[d] == 0)
        return fail(err, "%s: index %lld out of range for dimension %d (size 0, no valid index)",
                    who, (long long)idx[d], d);
      return fail(err, "%s: index %lld out of range for dimension %d (size %lld, valid 0..%lld)",
                  who, (long long)idx[d], d, (long long)t->shape[d], (long long)t->shape[d] - 1);
    }
  return 0;
}

double tlua_tensor_load(const tlua_Tensor *t, const int64_t *idx) {
  return tlua_dtype_load(t->dtype, tlua_tensor_ptr(t, idx), 0);
}

void tlua_tensor_store(tlua_Tensor *t, const int64_t *idx, double v) {
  tlua_dtype_store(t->dtype, tlua_tensor_ptr(t, idx), 0, v);
}

int64_t tlua_tensor_load_i64(const tlua_Tensor *t, const int64_t *idx) {
  return tlua_dtype_load_i64(t->dtype, tlua_tensor_ptr(t, idx), 0);
}

void tlua_tensor_store_i64(tlua_Tensor *t, const int64_t *idx, int64_t v) {
  tlua_dtype_store_i64(t->dtype, tlua_tensor_ptr(t, idx), 0, v);
}

void tlua_tensor_spec_facts(const tlua_Tensor *t, unsigned *sdiv, unsigned *tdiv, int *aligned16, int *contiguous) {
  *sdiv = *tdiv = 0;
  const tlua_DTypeInfo *di = tlua_dtype_info(t->dtype);
  const int64_t esize = di ? di->size : 1;
  for (int d = 0; d < t->rank; d++) {
    if (t->shape[d] % 16 == 0) *sdiv |= 1u << d;
    /* strides in bytes: what 16-byte vectors and TMA need (a row of 3000 f16 qualifies) */
    if (t->strides[d] * esize % 16 == 0) *tdiv |= 1u << d;
  }
  /* the buffer a kernel reads: the device one where there is one (an application's device pointer
   * need not share the host mirror's alignment), else the host one */
  const tlua_Storage *s = t->storage;
  uintptr_t base = (uintptr_t)(s->device ? s->device : s->host);
  /* an empty tensor counts as unaligned: nothing is read, and a TMA map cannot describe it */
  int empty = 0;
  for (int d = 0; d < t->rank; d++) empty |= t->shape[d] == 0;
  *aligned16 = !empty && ((base + t->offset) & 15u) == 0;
  *contiguous = t->rank == 0 || t->strides[t->rank - 1] == 1;
}

unsigned tlua_tensor_last_div(const tlua_Tensor *t) {
  if (t->rank == 0) return 1;
  int64_t n = t->shape[t->rank - 1];
  unsigned d = 1;
  while (d < 16 && n % (2 * (int64_t)d) == 0) d *= 2;
  return d;
}

int tlua_tensor_sync_host(const tlua_Tensor *t, char *err) {
  return tlua_storage_sync_host(t->storage, err);
}

void tlua_tensor_host_written(tlua_Tensor *t) { tlua_storage_host_written(t->storage); }

/* --- iteration ---------------------------------------------------------------------------------- */

/* Walks a tensor's elements in row-major order, keeping the element offset from the data pointer
 * up to date incrementally (an odometer), so strided views cost no division per element. */
typedef struct Walk {
  const tlua_Tensor *t;
  int64_t idx[TLUA_TENSOR_MAX_RANK];
  int64_t off;
} Walk;

static void walk_init(Walk *w, const tlua_Tensor *t) {
  memset(w, 0, sizeof *w);
  w->t = t;
}

static void walk_next(Walk *w) {
  const tlua_Tensor *t = w->t;
  for (int d = t->rank - 1; d >= 0; d--) {
    if (++w->idx[d] < t->shape[d]) {
      w->off += t->strides[d];
      return;
    }
    w->off -= t->strides[d] * (t->shape[d] - 1);
    w->idx[d] = 0;
  }
}

static int same_layout(const tlua_Tensor *a, const tlua_Tensor *b) {
  if (a->storage != b->storage || a->offset != b->offset || a->dtype != b->dtype ||
      a->rank != b->rank)
    return 0;
  for (int d = 0; d < a->rank; d++)
    if (a->shape[d] != b->shape[d] || (a->shape[d] > 1 && a->strides[d] != b->strides[d])) return 0;
  return 1;
}

static int check_same_shape(const tlua_Tensor *a, const tlua_Tensor *b, const char *who,
                            char *err) {
  int same = a->rank == b->rank;
  for (int d = 0; same && d < a->rank; d++) same = a->shape[d] == b->shape[d];
  if (same) return 0;
  char sa[160], sb[160];
  int na = 0, nb = 0;
  for (int d = 0; d < a->rank; d++)
    na += snprintf(sa + na, sizeof sa - (size_t)na, "%s%lld", d ? "," : "", (long long)a->shape[d]);
  for (int d = 0; d < b->rank; d++)
    nb += snprintf(sb + nb, sizeof sb - (size_t)nb, "%s%lld", d ? "," : "", (long long)b->shape[d]);
  sa[na] = sb[nb] = 0;
  return fail(err, "%s: shapes differ ({%s} vs {%s})", who, sa, sb);
}

/* One element converted between dtypes. Integers travel as int64 so that i64 -> i64-like copies
 * are exact and int -> float rounds once; a u64 above 2^63 - 1 goes to a float through double. */
static void convert_elem(tlua_DType dt, void *dp, tlua_DType st, const void *sp) {
  if (tlua_dtype_is_integral(st)) {
    int64_t v = tlua_dtype_load_i64(st, sp, 0);
    if (st != TLUA_U64 || v >= 0 || tlua_dtype_is_integral(dt)) {
      tlua_dtype_store_i64(dt, dp, 0, v);
      return;
    }
  }
  tlua_dtype_store(dt, dp, 0, tlua_dtype_load(st, sp, 0));
}

int tlua_tensor_copy(tlua_Tensor *dst, const tlua_Tensor *src, char *err) {
  if (check_same_shape(dst, src, "copy", err)) return 1;
  int64_t n = tlua_tensor_numel(dst);
  if (n == 0 || same_layout(dst, src)) return 0;
  if (dst->storage == src->storage) {
    /* overlapping views: copy through a private snapshot of the source */
    tlua_Tensor *tmp;
    if (tlua_tensor_clone(src, -1, &tmp, err)) return 1;
    int rc = tlua_tensor_copy(dst, tmp, err);
    tlua_tensor_release(tmp);
    return rc;
  }
  size_t es = tlua_tensor_elsize(dst);
  if (dst->dtype == src->dtype && tlua_tensor_is_contiguous(dst) && tlua_tensor_is_contiguous(src)) {
    memcpy(tlua_tensor_data(dst), tlua_tensor_data(src), (size_t)n * es);
    return 0;
  }
  char *dbase = (char *)tlua_tensor_data(dst);
  const char *sbase = (const char *)tlua_tensor_data(src);
  size_t ss = tlua_tensor_elsize(src);
  Walk wd, ws;
  walk_init(&wd, dst);
  walk_init(&ws, src);
  for (int64_t i = 0; i < n; i++, walk_next(&wd), walk_next(&ws)) {
    void *dp = dbase + wd.off * (int64_t)es;
    const void *sp = sbase + ws.off * (int64_t)ss;
    if (dst->dtype == src->dtype) memcpy(dp, sp, es);
    else convert_elem(dst->dtype, dp, src->dtype, sp);
  }
  return 0;
}

void tlua_tensor_fill(tlua_Tensor *t, double v) {
  int64_t n = tlua_tensor_numel(t);
  if (n == 0) return;
  size_t es = tlua_tensor_elsize(t);
  unsigned char one[8];
  tlua_dtype_store(t->dtype, one, 0, v);
  char *base = (char *)tlua_tensor_data(t);
  Walk w;
  walk_init(&w, t);
  for (int64_t i = 0; i < n; i++, walk_next(&w)) memcpy(base + w.off * (int64_t)es, one, es);
}

void tlua_tensor_fill_i64(tlua_Tensor *t, int64_t v) {
  int64_t n = tlua_tensor_numel(t);
  if (n == 0) return;
  size_t es = tlua_tensor_elsize(t);
  unsigned char one[8];
  tlua_dtype_store_i64(t->dtype, one, 0, v);
  char *base = (char *)tlua_tensor_data(t);
  Walk w;
  walk_init(&w, t);
  for (int64_t i = 0; i < n; i++, walk_next(&w)) memcpy(base + w.off * (int64_t)es, one, es);
}

double tlua_tensor_sum(const tlua_Tensor *t) {
  int64_t n = tlua_tensor_numel(t);
  size_t es = tlua_tensor_elsize(t);
  const char *base = (const char *)tlua_tensor_data(t);
  double s = 0;
  Walk w;
  walk_init(&w, t);
  for (int64_t i = 0; i < n; i++, walk_next(&w))
    s += tlua_dtype_load(t->dtype, base + w.off * (int64_t)es, 0);
  return s;
}

int64_t tlua_tensor_sum_i64(const tlua_Tensor *t) {
  int64_t n = tlua_tensor_numel(t);
  size_t es = tlua_tensor_elsize(t);
  const char *base = (const char *)tlua_tensor_data(t);
  uint64_t s = 0; /* unsigned: wrapping is defined */
  Walk w;
  walk_init(&w, t);
  for (int64_t i = 0; i < n; i++, walk_next(&w))
    s += (uint64_t)tlua_dtype_load_i64(t->dtype, base + w.off * (int64_t)es, 0);
  return (int64_t)s;
}

int tlua_tensor_max_abs_diff(const tlua_Tensor *a, const tlua_Tensor *b, double *out, char *err) {
  *out = 0;
  if (check_same_shape(a, b, "max_abs_diff", err)) return 1;
  int64_t n = tlua_tensor_numel(a);
  size_t ea = tlua_tensor_elsize(a), eb = tlua_tensor_elsize(b);
  const char *pa = (const char *)tlua_tensor_data(a), *pb = (const char *)tlua_tensor_data(b);
  int ints = tlua_dtype_is_integral(a->dtype) && tlua_dtype_is_integral(b->dtype);
  double m = 0;
  Walk wa, wb;
  walk_init(&wa, a);
  walk_init(&wb, b);
  for (int64_t i = 0; i < n; i++, walk_next(&wa), walk_next(&wb)) {
    const void *x = pa + wa.off * (int64_t)ea, *y = pb + wb.off * (int64_t)eb;
    double d;
    if (ints) {
      int64_t u = tlua_dtype_load_i64(a->dtype, x, 0), v = tlua_dtype_load_i64(b->dtype, y, 0);
      d = u > v ? (double)((uint64_t)u - (uint64_t)v) : (double)((uint64_t)v - (uint64_t)u);
    } else {
      double u = tlua_dtype_load(a->dtype, x, 0), v = tlua_dtype_load(b->dtype, y, 0);
      if (isnan(u) || isnan(v)) d = isnan(u) && isnan(v) ? 0 : INFINITY;
      else if (u == v) d = 0; /* equal infinities */
      else d = fabs(u - v);
    }
    if (d > m) m = d;
  }
  *out = m;
  return 0;
}

/* --- printing ----------------------------------------------------------------------------------- */

void tlua_tensor_format_elem(const tlua_Tensor *t, const int64_t *idx, char *buf, size_t n) {
  const void *p = tlua_tensor_ptr(t, idx);
  const tlua_DTypeInfo *info = tlua_dtype_info(t->dtype);
  if (t->dtype == TLUA_BOOL) {
    snprintf(buf, n, "%s", *(const unsigned char *)p ? "true" : "false");
  } else if (t->dtype == TLUA_U64) {
    snprintf(buf, n, "%llu", (unsigned long long)(uint64_t)tlua_dtype_load_i64(t->dtype, p, 0));
  } else if (!info->is_float) {
    snprintf(buf, n, "%lld", (long long)tlua_dtype_load_i64(t->dtype, p, 0));
  } else {
    double v = tlua_dtype_load(t->dtype, p, 0);
    if (isnan(v)) snprintf(buf, n, "nan");
    else if (isinf(v)) snprintf(buf, n, "%sinf", v < 0 ? "-" : "");
    else {
      snprintf(buf, n, "%.6g", v);
      /* mark floats the way Lua prints them: 2.0, not 2 */
      if (!strpbrk(buf, ".e") && strlen(buf) + 2 < n) strcat(buf, ".0");
    }
  }
}

size_t tlua_tensor_format(const tlua_Tensor *t, char *buf, size_t n, int max_elems) {
  size_t len = 0;
#define PUT(...) do { int k_ = snprintf(buf + (len < n ? len : n), len < n ? n - len : 0, \
                                        __VA_ARGS__); if (k_ > 0) len += (size_t)k_; } while (0)
  PUT("Tensor{shape={");
  for (int d = 0; d < t->rank; d++) PUT("%s%lld", d ? "," : "", (long long)t->shape[d]);
  PUT("}, dtype=%s, data={", tlua_dtype_info(t->dtype)->name);
  int64_t total = tlua_tensor_numel(t), shown = total < max_elems ? total : max_elems;
  int64_t idx[TLUA_TENSOR_MAX_RANK] = {0};
  for (int64_t i = 0; i < shown; i++) {
    int64_t lin = i;
    for (int d = t->rank - 1; d >= 0; d--) {
      idx[d] = lin % t->shape[d];
      lin /= t->shape[d];
    }
    char e[48];
    tlua_tensor_format_elem(t, idx, e, sizeof e);
    PUT("%s%s", i ? ", " : "", e);
  }
  if (shown < total) PUT(", ... (%lld elements)", (long long)total);
  PUT("}}");
#undef PUT
  return len;
}

/* --- random ------------------------------------------------------------------------------------- */

static uint64_t splitmix64(uint64_t *state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

void tlua_tensor_fill_random(tlua_Tensor *t, uint64_t seed) {
  int64_t n = tlua_tensor_numel(t);
  size_t es = tlua_tensor_elsize(t);
  char *base = (char *)tlua_tensor_data(t);
  /* significant bits of the dtype: k / 2^bits is exact for every k < 2^bits */
  int bits = t->dtype == TLUA_F16 ? 11 : t->dtype == TLUA_BF16 ? 8 : t->dtype == TLUA_F32 ? 24 :
             t->dtype == TLUA_F8E4M3 ? 4 : t->dtype == TLUA_F8E5M2 ? 3 : 53;
  int is_float = tlua_dtype_info(t->dtype)->is_float;
  uint64_t state = seed;
  Walk w;
  walk_init(&w, t);
  for (int64_t i = 0; i < n; i++, walk_next(&w)) {
    uint64_t r = splitmix64(&state);
    void *p = base + w.off * (int64_t)es;
    if (is_float) tlua_dtype_store(t->dtype, p, 0, ldexp((double)(r >> (64 - bits)), -bits));
    else if (t->dtype == TLUA_BOOL) tlua_dtype_store_i64(t->dtype, p, 0, (int64_t)(r >> 63));
    else tlua_dtype_store_i64(t->dtype, p, 0, (int64_t)(r >> 60));
  }
}
