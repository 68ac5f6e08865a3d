/* api_tensor.c - the public C API of tensors: the application's memory wrapped in place, tensors
 * handed back, globals, the backend and stream waits (tilelua.h "Tensors over the application's
 * memory"). Lua is entered only through tlua_state_protected: nothing here longjmps into the host. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "api.h"
#include "backend.h"
#include "bindings_lua.h"
#include "state.h"
#include "tensor_lua.h"

_Static_assert(TLUA_DTYPE_F16 == TLUA_F16 && TLUA_DTYPE_BF16 == TLUA_BF16 && TLUA_DTYPE_F32 == TLUA_F32 &&
                   TLUA_DTYPE_F64 == TLUA_F64 && TLUA_DTYPE_I8 == TLUA_I8 && TLUA_DTYPE_U8 == TLUA_U8 &&
                   TLUA_DTYPE_I16 == TLUA_I16 && TLUA_DTYPE_U16 == TLUA_U16 && TLUA_DTYPE_I32 == TLUA_I32 &&
                   TLUA_DTYPE_U32 == TLUA_U32 && TLUA_DTYPE_I64 == TLUA_I64 && TLUA_DTYPE_U64 == TLUA_U64 &&
                   TLUA_DTYPE_BOOL == TLUA_BOOL && TLUA_DTYPE_F8E4M3 == TLUA_F8E4M3 &&
                   TLUA_DTYPE_F8E5M2 == TLUA_F8E5M2 && TLUA_NDTYPES == 15 && TLUA_MAX_RANK == TLUA_TENSOR_MAX_RANK,
               "public dtype codes follow dtype.h");

/* --- the state's device, asked under protection ------------------------------------------------ */

typedef struct DeviceQuery { tlua_Device *d; } DeviceQuery;

static int query_device(lua_State *L) {
  DeviceQuery *q = (DeviceQuery *)lua_touserdata(L, 1);
  q->d = tlua_state_device(L);
  return 0;
}

int tlua_api_device(tlua_State *T, tlua_Device **out) {
  void *known;
  if (tlua_state_cached_device(T, &known)) {
    *out = (tlua_Device *)known;
    return TLUA_OK;
  }
  DeviceQuery q = {NULL};
  int status = tlua_state_protected(T, query_device, &q);
  if (status == TLUA_ERRRUN) status = TLUA_ERRDEVICE; /* the requested backend cannot be used */
  if (status == TLUA_OK) tlua_state_cache_device(T, q.d);
  *out = q.d;
  return status;
}

const char *tlua_backend(tlua_State *T) {
  tlua_Device *d;
  if (!T || tlua_api_device(T, &d) != TLUA_OK) return NULL;
  return d ? tlua_device_backend(d)->name : "cpu";
}

/* --- wrapping ---------------------------------------------------------------------------------- */

void tlua_tensor_desc_init(tlua_TensorDesc *d, void *data, int dtype, int device, int rank, const int64_t *shape) {
  if (!d) return;
  memset(d, 0, sizeof *d);
  d->data = data;
  d->dtype = dtype;
  d->device = device;
  d->rank = rank;
  if (rank < 0 || rank > TLUA_MAX_RANK || !shape) return;
  for (int i = 0; i < rank; i++) d->shape[i] = shape[i];
  tlua_contiguous_strides(rank, d->shape, d->strides);
}

int tlua_api_wrap(tlua_State *T, const tlua_TensorDesc *desc, tlua_Tensor **out) {
  char err[TLUA_TENSOR_ERRLEN], msg[512];
  *out = NULL;
  if (desc->dtype < 0 || desc->dtype >= TLUA_NDTYPES) {
    snprintf(msg, sizeof msg, "tensor: dtype %d is not a TLUA_DTYPE_* code (0..%d)", desc->dtype, TLUA_NDTYPES - 1);
    return tlua_state_fail(T, TLUA_ERRARG, msg);
  }
  if (desc->device != TLUA_DEVICE_CPU && desc->device != TLUA_DEVICE_GPU) {
    snprintf(msg, sizeof msg, "tensor: device %d is neither TLUA_DEVICE_CPU (1) nor TLUA_DEVICE_GPU (2)", desc->device);
    return tlua_state_fail(T, TLUA_ERRARG, msg);
  }
  int64_t numel;
  if (tlua_shape_check(desc->rank, desc->shape, &numel, err)) return tlua_state_fail(T, TLUA_ERRARG, err);
  size_t es = (size_t)tlua_dtype_info((tlua_DType)desc->dtype)->size;
  /* the byte span the view can address: [lo, hi) around element 0 (negative strides reach below) */
  int64_t lo = 0, hi = numel ? (int64_t)es : 0;
  for (int d = 0; numel && d < desc->rank; d++) {
    int64_t reach = (desc->shape[d] - 1) * desc->strides[d] * (int64_t)es;
    if (reach < 0) lo += reach; else hi += reach;
  }
  if (numel && !desc->data) return tlua_state_fail(T, TLUA_ERRARG, "tensor: data is NULL for a non-empty tensor");
  tlua_Device *dev = NULL, *state_gpu = NULL;
  int status = tlua_api_device(T, &state_gpu);
  if (status != TLUA_OK) return status;
  if (desc->device == TLUA_DEVICE_GPU) {
    dev = state_gpu;
    if (!dev)
      return tlua_state_fail(T, TLUA_ERRDEVICE,
                             "tensor: device memory given, but the state runs on the cpu backend (no GPU): pass host "
                             "memory, or open the state with backend \"cuda\" / \"hip\"");
    if (desc->device_id != tlua_device_ordinal(dev)) {
      snprintf(msg, sizeof msg, "tensor: the memory is on GPU %d, the state runs on GPU %d (TILELUA_DEVICE)",
               desc->device_id, tlua_device_ordinal(dev));
      return tlua_state_fail(T, TLUA_ERRDEVICE, msg);
    }
  }
  char *base = (char *)desc->data + lo;
  tlua_Storage *s;
  if (tlua_storage_wrap(dev ? NULL : base, (size_t)(hi - lo), NULL, NULL, &s, err))
    return tlua_state_fail(T, TLUA_ERRMEM, err);
  if (dev && tlua_device_wrap_storage(dev, s, base, msg, sizeof msg)) {
    tlua_storage_release(s);
    return tlua_state_fail(T, TLUA_ERRDEVICE, msg);
  }
  /* the GPU a launch on it runs on (the specialization key has it): the state's, also for host
   * memory, which a launch copies there */
  s->device_index = state_gpu ? tlua_device_ordinal(state_gpu) : 0;
  tlua_Tensor *t = (tlua_Tensor *)calloc(1, sizeof *t);
  if (!t) {
    tlua_storage_release(s);
    return tlua_state_fail(T, TLUA_ERRMEM, "tensor: out of memory");
  }
  t->refs = 1;
  t->dtype = (tlua_DType)desc->dtype;
  t->rank = desc->rank;
  for (int d = 0; d < desc->rank; d++) {
    t->shape[d] = desc->shape[d];
    t->strides[d] = desc->strides[d];
  }
  t->offset = (size_t)-lo;
  t->storage = s;
  /* only now, with nothing left to fail, does the release callback belong to tilelua */
  s->release = desc->release;
  s->release_ud = desc->release_ud;
  *out = t;
  tlua_state_fail(T, TLUA_OK, NULL);
  return TLUA_OK;
}

int tlua_tensor_wrap(tlua_State *T, const tlua_TensorDesc *desc, tlua_Tensor **out) {
  if (!out) return TLUA_ERRARG;
  *out = NULL;
  if (!T || !desc) return TLUA_ERRARG;
  return tlua_api_wrap(T, desc, out);
}

void tlua_tensor_free(tlua_Tensor *t) { tlua_tensor_release(t); }

/* --- handing tensors back ---------------------------------------------------------------------- */

int tlua_api_place(tlua_State *T, tlua_Tensor *t, int device, int *where) {
  tlua_Storage *s = t->storage;
  char err[512];
  if (device == 0) device = s->device && (s->valid & TLUA_STORAGE_DEVICE_VALID) ? TLUA_DEVICE_GPU : TLUA_DEVICE_CPU;
  if (device == TLUA_DEVICE_CPU) {
    if (tlua_storage_sync_host(s, err)) return tlua_state_fail(T, TLUA_ERRDEVICE, err);
    tlua_storage_host_written(s); /* the caller may write through the pointer */
  } else if (device == TLUA_DEVICE_GPU) {
    tlua_Device *d;
    int status = tlua_api_device(T, &d);
    if (status != TLUA_OK) return status;
    if (!d) return tlua_state_fail(T, TLUA_ERRDEVICE, "tensor: the GPU copy was asked for, but the state runs on the cpu backend");
    if (s->device_index != tlua_device_ordinal(d)) {
      snprintf(err, sizeof err, "tensor: it lives on device %d; the C API hands out tensors of the state's GPU (device %d) "
               "only (t:to(%d) in the script first)", s->device_index, tlua_device_ordinal(d), tlua_device_ordinal(d));
      return tlua_state_fail(T, TLUA_ERRDEVICE, err);
    }
    if (tlua_device_prepare_storage(d, s, err, sizeof err)) return tlua_state_fail(T, TLUA_ERRDEVICE, err);
    tlua_storage_device_written(s);
  } else {
    snprintf(err, sizeof err, "tensor: device %d is neither 0, TLUA_DEVICE_CPU (1) nor TLUA_DEVICE_GPU (2)", device);
    return tlua_state_fail(T, TLUA_ERRARG, err);
  }
  *where = device;
  return TLUA_OK;
}

int tlua_tensor_describe(tlua_State *T, tlua_Tensor *t, int device, tlua_TensorDesc *out) {
  if (!T || !t || !out) return TLUA_ERRARG;
  int where;
  int status = tlua_api_place(T, t, device, &where);
  if (status != TLUA_OK) return status;
  memset(out, 0, sizeof *out);
  const tlua_Storage *s = t->storage;
  out->data = (char *)(where == TLUA_DEVICE_GPU ? s->device : s->host) + t->offset;
  out->dtype = (int)t->dtype;
  out->device = where;
  out->device_id = where == TLUA_DEVICE_GPU ? tlua_device_ordinal((const tlua_Device *)s->devmem->ctx) : 0;
  out->rank = t->rank;
  for (int d = 0; d < t->rank; d++) {
    out->shape[d] = t->shape[d];
    out->strides[d] = t->strides[d];
  }
  tlua_state_fail(T, TLUA_OK, NULL);
  return TLUA_OK;
}

/* --- globals ------------------------------------------------------------------------------------ */

typedef struct GlobalTensor { const char *name; tlua_Tensor *t; } GlobalTensor;

static int set_global(lua_State *L) {
  GlobalTensor *g = (GlobalTensor *)lua_touserdata(L, 1);
  tlua_push_tensor(L, g->t);
  lua_setglobal(L, g->name);
  return 0;
}

static int get_global(lua_State *L) {
  GlobalTensor *g = (GlobalTensor *)lua_touserdata(L, 1);
  lua_getglobal(L, g->name);
  g->t = tlua_to_tensor(L, -1);
  if (!g->t)
    return tlua_state_raise(L, TLUA_ERRTYPE, "global '%s' is %s, not a tensor", g->name,
                            lua_isuserdata(L, -1) && luaL_testudata(L, -1, TLUA_TENSOR_MT) ? "a closed tensor"
                                                                                            : luaL_typename(L, -1));
  tlua_tensor_retain(g->t);
  return 0;
}

int tlua_set_tensor(tlua_State *T, const char *name, tlua_Tensor *t) {
  if (!T || !name || !t) return TLUA_ERRARG;
  GlobalTensor g = {name, t};
  return tlua_state_protected(T, set_global, &g);
}

int tlua_get_tensor(tlua_State *T, const char *name, tlua_Tensor **out) {
  if (!out) return TLUA_ERRARG;
  *out = NULL;
  if (!T || !name) return TLUA_ERRARG;
  GlobalTensor g = {name, NULL};
  int status = tlua_state_protected(T, get_global, &g);
  if (status == TLUA_OK) *out = g.t;
  return status;
}

int tlua_set_stream(tlua_State *T, void *stream) {
  tlua_Device *d;
  int status = tlua_api_device(T, &d);
  if (status != TLUA_OK || !d) return status;
  tlua_device_set_stream(d, stream);
  return TLUA_OK;
}

/* --- waiting ------------------------------------------------------------------------------------ */

int tlua_synchronize(tlua_State *T, void *stream) {
  tlua_Device *d;
  int status = tlua_api_device(T, &d);
  if (status != TLUA_OK || !d) return status;
  char err[512];
  int rc;
  if (!stream) {
    rc = tlua_device_synchronize(d, err, sizeof err);
  } else {
    void *old = tlua_device_set_stream(d, stream);
    rc = tlua_device_sync_stream(d, err, sizeof err);
    tlua_device_set_stream(d, old);
  }
  return rc ? tlua_state_fail(T, TLUA_ERRDEVICE, err) : TLUA_OK;
}
