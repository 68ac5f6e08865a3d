/* backend_driver.c - the cuda and hip backends over the vendors' driver APIs, dlopen'd.
 *
 * CUDA's driver API (libcuda.so.1: cuInit, cuModuleLoadData, cuLaunchKernel, ...) and HIP's module
 * API (libamdhip64.so: hipInit, hipModuleLoadData, hipModuleLaunchKernel, ...) have the same shape,
 * so one implementation serves both: a Vendor row names the library, each symbol and the few
 * constants that differ. Types are declared here by shape (handles are pointers, device pointers
 * 64-bit integers on CUDA and pointers on HIP, both carried as void *); vendor headers are not used.
 *
 * Faults. The launch itself is asynchronous: a kernel that faults is reported by the next call
 * that waits for the device (a copy, a synchronize, a later launch). Error codes 700..799 other than
 * 701 (too many resources requested) and 720 (cooperative launch too large) mean the context is
 * lost: the device is marked broken, the message names the last kernel launched, and every later
 * operation fails with "device unusable" without calling the driver again. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prof.h"
#include "backend.h"

typedef int (*fn_i_u)(unsigned);
typedef int (*fn_i_pi)(int *);
typedef int (*fn_i_pi_i)(int *, int);
typedef int (*fn_i_name)(char *, int, int);
typedef int (*fn_i_attr)(int *, int, int);
typedef int (*fn_i_mem)(size_t *, int);
typedef int (*fn_i_ctxretain)(void **, int);
typedef int (*fn_i_i)(int);
typedef int (*fn_i_p)(void *);
typedef int (*fn_i_load)(void **, const void *);
typedef int (*fn_i_pp)(void **);
typedef int (*fn_i_getfn)(void **, void *, const char *);
typedef int (*fn_i_launch)(void *, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                           void *, void **, void **);
typedef int (*fn_i_alloc)(void **, size_t);
typedef int (*fn_i_htod)(void *, const void *, size_t);
typedef int (*fn_i_dtoh)(void *, const void *, size_t);
typedef int (*fn_i_v)(void);
typedef int (*fn_cu_errstr)(int, const char **);
typedef const char *(*fn_hip_errstr)(int);
typedef int (*fn_i_props)(void *, int);
typedef int (*fn_i_funcattr)(int *, int, void *);
typedef int (*fn_i_memset8)(void *, unsigned char, size_t);
typedef int (*fn_i_memset8_async)(void *, unsigned char, size_t, void *);
typedef int (*fn_i_htod_async)(void *, const void *, size_t, void *);
typedef int (*fn_i_funcset)(void *, int, int);
typedef int (*fn_i_ptrattr)(void *, int, void *);
/* cuTensorMapEncodeTiled(map, data type, rank, address, dims, byte strides, box, element strides,
 * interleave, swizzle, L2 promotion, OOB fill); the enums are ints, cuuint32_t/cuuint64_t fixed-width */
typedef int (*fn_i_tmap)(void *, int, uint32_t, void *, const uint64_t *, const uint64_t *, const uint32_t *,
                         const uint32_t *, int, int, int, int);

typedef struct Vendor {
  const char *backend, *libs[4];
  int cuda; /* 1: CUDA driver API, 0: HIP */
  const char *s_init, *s_count, *s_get, *s_name, *s_attr, *s_mem, *s_load, *s_unload, *s_getfn, *s_launch,
      *s_alloc, *s_free, *s_htod, *s_dtoh, *s_sync, *s_errname, *s_errstr, *s_version;
  int a_warp, a_lds, a_sms, a_ccmaj, a_ccmin, a_thr_sm, a_regs_sm, a_lds_sm;
  const char *s_funcattr; /* optional: registers and static LDS of a loaded kernel */
  const char *s_memset8;  /* (device pointer, byte, count) */
  const char *s_funcset;  /* optional: (function, attribute, value); NULL where not needed */
  int a_lds_optin;        /* the most LDS one block may have (opt-in above a_lds); 0: a_lds */
  const char *s_memset8_async, *s_htod_async; /* optional: the same on a stream (..., stream) */
} Vendor;

static const Vendor CUDA_V = {
    "cuda", {"libcuda.so.1", "libcuda.so", NULL, NULL}, 1,
    "cuInit", "cuDeviceGetCount", "cuDeviceGet", "cuDeviceGetName", "cuDeviceGetAttribute",
    "cuDeviceTotalMem_v2", "cuModuleLoadData", "cuModuleUnload", "cuModuleGetFunction", "cuLaunchKernel",
    "cuMemAlloc_v2", "cuMemFree_v2", "cuMemcpyHtoD_v2", "cuMemcpyDtoH_v2", "cuCtxSynchronize",
    "cuGetErrorName", "cuGetErrorString", "cuDriverGetVersion",
    /* CU_DEVICE_ATTRIBUTE_WARP_SIZE, MAX_SHARED_MEMORY_PER_BLOCK, MULTIPROCESSOR_COUNT,
     * COMPUTE_CAPABILITY_MAJOR, _MINOR (cuda.h) */
    10, 8, 16, 75, 76,
    /* MAX_THREADS_PER_MULTIPROCESSOR, MAX_REGISTERS_PER_MULTIPROCESSOR,
     * MAX_SHARED_MEMORY_PER_MULTIPROCESSOR */
    39, 82, 81, "cuFuncGetAttribute", "cuMemsetD8_v2",
    /* CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN */
    "cuFuncSetAttribute", 97, "cuMemsetD8Async", "cuMemcpyHtoDAsync_v2"};

static const Vendor HIP_V = {
    "hip", {"libamdhip64.so", "libamdhip64.so.6", "libamdhip64.so.5", NULL}, 0,
    "hipInit", "hipGetDeviceCount", "hipDeviceGet", "hipDeviceGetName", "hipDeviceGetAttribute",
    "hipDeviceTotalMem", "hipModuleLoadData", "hipModuleUnload", "hipModuleGetFunction",
    "hipModuleLaunchKernel", "hipMalloc", "hipFree", "hipMemcpyHtoD", "hipMemcpyDtoH",
    "hipDeviceSynchronize", "hipGetErrorName", "hipGetErrorString", "hipRuntimeGetVersion",
    /* hipDeviceAttribute_t of HIP 5.2: WarpSize, MaxSharedMemoryPerBlock, MultiprocessorCount,
     * ComputeCapabilityMajor, ComputeCapabilityMinor (unused on AMD) */
    87, 74, 63, 23, 24,
    /* MaxThreadsPerMultiProcessor, MaxRegistersPerMultiprocessor, MaxSharedMemoryPerMultiprocessor */
    57, 72, 10002, "hipFuncGetAttribute", "hipMemsetD8",
    /* AMD blocks take all of a_lds without opting in */
    NULL, 0, "hipMemsetD8Async", "hipMemcpyHtoDAsync"};

typedef struct Api {
  const Vendor *v;
  void *lib;
  int init_status;
  char why[512];
  fn_i_u init;
  fn_i_pi count;
  fn_i_pi_i get;
  fn_i_name name;
  fn_i_attr attr;
  fn_i_mem mem;
  fn_i_load load;
  fn_i_p unload;
  fn_i_getfn getfn;
  fn_i_launch launch;
  fn_i_alloc alloc;
  fn_i_p free_;
  fn_i_htod htod;
  fn_i_dtoh dtoh;
  fn_i_v sync;
  void *errname, *errstr;
  fn_i_pi version;
  fn_i_ctxretain ctx_retain; /* CUDA only */
  fn_i_p ctx_set;            /* CUDA only */
  fn_i_pp ctx_get;           /* CUDA only: cuCtxGetCurrent */
  fn_i_i ctx_release;        /* CUDA only */
  fn_i_i set_device;         /* HIP only */
  fn_i_props props;          /* HIP only: hipGetDeviceProperties */
  fn_i_funcattr funcattr;    /* optional */
  void *peer;                /* optional: cuMemcpyPeer / hipMemcpyPeer (signatures differ) */
  /* optional: events (cuEvent* / hipEvent*; create takes flags, elapsed gives milliseconds) */
  int (*ev_create)(void **, unsigned);
  int (*ev_record)(void *, void *);
  int (*ev_wait)(void *, void *, unsigned); /* cuStreamWaitEvent(stream, event, flags) */
  int (*ev_sync)(void *);
  int (*ev_elapsed)(float *, void *, void *);
  int (*ev_destroy)(void *);
  fn_i_funcset funcset;      /* optional */
  fn_i_memset8 memset8;
  fn_i_memset8_async memset8_async; /* optional */
  fn_i_htod_async htod_async;       /* optional */
  fn_i_p stream_sync;        /* cuStreamSynchronize / hipStreamSynchronize */
  int (*is_capturing)(void *, int *); /* optional: cuStreamIsCapturing / hipStreamIsCapturing (status 0: not) */
  fn_i_ptrattr ptr_attr;     /* optional, CUDA only: cuPointerGetAttribute */
  fn_i_tmap tmap_encode;     /* optional, CUDA 12+ only: cuTensorMapEncodeTiled */
} Api;

/* One table per vendor, filled once per process under pthread_once and read-only afterwards: the
 * library is never unloaded (the driver keeps process-wide state of its own anyway). */
static Api CUDA_API = {.v = &CUDA_V}, HIP_API = {.v = &HIP_V};

/* Freed device buffers are kept for reuse by an allocation of the same rounded size (as frameworks'
 * caching allocators do): cuMemAlloc/cuMemFree cost far more than a launch, and cuMemFree waits for
 * the device. A buffer goes back only to an allocation on the launch stream it was allocated on (as
 * torch's allocator keeps a pool a stream): a launch on another stream is not ordered after the work
 * still using it there. At most POOL_MAX buffers and POOL_BYTES bytes are kept; all go back to the
 * driver when an allocation fails and when the device is released. */
#define POOL_MAX 64
/* a storage's device_stream once it has been used on two streams (never a stream handle) */
#define MIXED_STREAMS ((void *)~(uintptr_t)0)
#define POOL_BYTES ((size_t)2 << 30)
#define POOL_ROUND 512

struct tlua_Device {
  long refs; /* atomic: storages may be released from any thread (DLPack deleters) */
  pthread_mutex_t lock; /* the pool and the byte count, for the same reason */
  void *stream;      /* where launches go: the application's stream (tlua_device_set_stream), NULL:
                        the legacy default stream */
  void *last_stream; /* the stream of the last launch (or clear or upload on an application's stream), waited for
                        before copies; NULL: none, or the legacy default stream (legacy_busy says which) */
  int legacy_busy;   /* work on the legacy default stream not waited for on the host (a launch, a clear, an upload or
                        a peer copy there): ordered before an application stream's next launch, clear or upload
                        (app_stream_ready) */
  unsigned legacy_gen; /* counts the marks of legacy work (mark_legacy) */
  struct { void *stream; unsigned gen; } ordered[4]; /* application streams ordered after the legacy stream's work up
                        to mark gen (the last few, round robin) */
  int next_ordered;
  void *order_ev;    /* the event order_after records, made on first need (NULL: none yet) */
  struct { uintptr_t lo, hi; } checked[8]; /* allocations the driver said are ours (wrap_storage) */
  int next_checked;
  struct { void *ptr; size_t n; void *stream; } pool[POOL_MAX]; /* stream: the launch stream the buffer was
                        allocated on (its work is ordered there): handed on to an allocation on that stream alone, as
                        another stream's work could still be using it */
  int npool;
  size_t pool_bytes;
  size_t fresh; /* bytes taken from the driver since the last full collection tlua_device_collect_due asked for */
  const tlua_Backend *backend;
  Api *api;
  int ordinal, broken;
  void *ctx; /* CUDA primary context */
  tlua_DeviceInfo info;
  size_t bytes;
  char last_kernel[128];
  tlua_DeviceMemory devmem;
  tlua_TmaCache *tma; /* encoded TMA tensor maps, made on first need; guarded by lock */
};

static size_t pool_size(size_t nbytes) { return (nbytes + POOL_ROUND - 1) / POOL_ROUND * POOL_ROUND; }

struct tlua_Function {
  tlua_Device *dev;
  void *module, *fn;
  char name[128];
  int regs, lds; /* per thread / static bytes per block; -1 when the driver does not say */
  unsigned dyn_lds; /* dynamic LDS bytes every launch passes */
  int ntma;         /* TMA tensor maps every launch passes after the ordinary parameters */
  tlua_TmaSpec tma[TLUA_TMA_MAX_MAPS];
};

static void *sym(Api *a, const char *name, int *missing) {
  void *p = dlsym(a->lib, name);
  if (!p && !*missing) {
    *missing = 1;
    snprintf(a->why, sizeof a->why, "%s: the library has no symbol %s (driver too old?)", a->v->backend, name);
  }
  return p;
}

static const char *errtext(Api *a, int rc, char *buf, size_t n) {
  const char *nm = NULL, *st = NULL;
  if (a->v->cuda) {
    if (a->errname) ((fn_cu_errstr)a->errname)(rc, &nm);
    if (a->errstr) ((fn_cu_errstr)a->errstr)(rc, &st);
  } else {
    if (a->errname) nm = ((fn_hip_errstr)a->errname)(rc);
    if (a->errstr) st = ((fn_hip_errstr)a->errstr)(rc);
  }
  snprintf(buf, n, "%s: %s", nm ? nm : "error", st ? st : "(no description)");
  buf[n - 1] = 0;
  (void)rc;
  return buf;
}

/* Loads the vendor library and calls cuInit/hipInit (once per process: api_load). */
static void api_init(Api *a) {
  {
    const char *env = getenv(a->v->cuda ? "TILELUA_LIBCUDA" : "TILELUA_LIBHIP");
    if (env && *env) a->lib = dlopen(env, RTLD_NOW | RTLD_LOCAL);
    for (int i = 0; !a->lib && a->v->libs[i]; i++) a->lib = dlopen(a->v->libs[i], RTLD_NOW | RTLD_LOCAL);
    if (!a->lib) {
      snprintf(a->why, sizeof a->why, "%s: no driver library (tried %s%s%s%s%s)", a->v->backend,
               env && *env ? env : "", env && *env ? ", " : "", a->v->libs[0], a->v->libs[1] ? ", " : "",
               a->v->libs[1] ? a->v->libs[1] : "");
      a->init_status = -1;
    } else {
      int m = 0;
      const Vendor *v = a->v;
      a->init = (fn_i_u)sym(a, v->s_init, &m);
      a->count = (fn_i_pi)sym(a, v->s_count, &m);
      a->get = (fn_i_pi_i)sym(a, v->s_get, &m);
      a->name = (fn_i_name)sym(a, v->s_name, &m);
      a->attr = (fn_i_attr)sym(a, v->s_attr, &m);
      a->mem = (fn_i_mem)sym(a, v->s_mem, &m);
      a->load = (fn_i_load)sym(a, v->s_load, &m);
      a->unload = (fn_i_p)sym(a, v->s_unload, &m);
      a->getfn = (fn_i_getfn)sym(a, v->s_getfn, &m);
      a->launch = (fn_i_launch)sym(a, v->s_launch, &m);
      a->alloc = (fn_i_alloc)sym(a, v->s_alloc, &m);
      a->free_ = (fn_i_p)sym(a, v->s_free, &m);
      a->htod = (fn_i_htod)sym(a, v->s_htod, &m);
      a->dtoh = (fn_i_dtoh)sym(a, v->s_dtoh, &m);
      a->sync = (fn_i_v)sym(a, v->s_sync, &m);
      a->errname = sym(a, v->s_errname, &m);
      a->errstr = sym(a, v->s_errstr, &m);
      a->version = (fn_i_pi)sym(a, v->s_version, &m);
      a->funcattr = (fn_i_funcattr)dlsym(a->lib, v->s_funcattr);
      a->peer = dlsym(a->lib, v->cuda ? "cuMemcpyPeer" : "hipMemcpyPeer");
      *(void **)&a->ev_create = dlsym(a->lib, v->cuda ? "cuEventCreate" : "hipEventCreateWithFlags");
      *(void **)&a->ev_record = dlsym(a->lib, v->cuda ? "cuEventRecord" : "hipEventRecord");
      *(void **)&a->ev_wait = dlsym(a->lib, v->cuda ? "cuStreamWaitEvent" : "hipStreamWaitEvent");
      *(void **)&a->ev_sync = dlsym(a->lib, v->cuda ? "cuEventSynchronize" : "hipEventSynchronize");
      *(void **)&a->ev_elapsed = dlsym(a->lib, v->cuda ? "cuEventElapsedTime_v2" : "hipEventElapsedTime");
      if (!a->ev_elapsed && v->cuda) *(void **)&a->ev_elapsed = dlsym(a->lib, "cuEventElapsedTime");
      *(void **)&a->ev_destroy = dlsym(a->lib, v->cuda ? "cuEventDestroy_v2" : "hipEventDestroy");
      *(void **)&a->is_capturing = dlsym(a->lib, v->cuda ? "cuStreamIsCapturing" : "hipStreamIsCapturing");
      a->funcset = v->s_funcset ? (fn_i_funcset)dlsym(a->lib, v->s_funcset) : NULL;
      a->memset8 = (fn_i_memset8)sym(a, v->s_memset8, &m);
      a->memset8_async = (fn_i_memset8_async)dlsym(a->lib, v->s_memset8_async);
      a->htod_async = (fn_i_htod_async)dlsym(a->lib, v->s_htod_async);
      a->stream_sync = (fn_i_p)sym(a, v->cuda ? "cuStreamSynchronize" : "hipStreamSynchronize", &m);
      a->ptr_attr = v->cuda ? (fn_i_ptrattr)dlsym(a->lib, "cuPointerGetAttribute") : NULL;
      a->tmap_encode = v->cuda ? (fn_i_tmap)dlsym(a->lib, "cuTensorMapEncodeTiled") : NULL;
      if (v->cuda) {
        a->ctx_retain = (fn_i_ctxretain)sym(a, "cuDevicePrimaryCtxRetain", &m);
        a->ctx_set = (fn_i_p)sym(a, "cuCtxSetCurrent", &m);
        a->ctx_get = (fn_i_pp)sym(a, "cuCtxGetCurrent", &m);
        a->ctx_release = (fn_i_i)sym(a, "cuDevicePrimaryCtxRelease_v2", &m);
      } else {
        a->set_device = (fn_i_i)sym(a, "hipSetDevice", &m);
        a->props = (fn_i_props)sym(a, "hipGetDeviceProperties", &m);
      }
      if (m) {
        a->init_status = -1;
      } else {
        int rc = a->init(0);
        if (rc) {
          char b[256];
          snprintf(a->why, sizeof a->why, "%s: %s failed: %s (no usable GPU or driver)", v->backend, v->s_init,
                   errtext(a, rc, b, sizeof b));
          a->init_status = rc;
        }
      }
    }
  }
}

static pthread_once_t CUDA_ONCE = PTHREAD_ONCE_INIT, HIP_ONCE = PTHREAD_ONCE_INIT;
static void init_cuda(void) { api_init(&CUDA_API); }
static void init_hip(void) { api_init(&HIP_API); }

static int api_load(Api *a, char *err, size_t n) {
  pthread_once(a->v->cuda ? &CUDA_ONCE : &HIP_ONCE, a->v->cuda ? init_cuda : init_hip);
  if (a->init_status) return tlua_errorf(1, err, n, "%s", a->why);
  return 0;
}

static int probe(Api *a, int *count, char *err, size_t n) {
  *count = 0;
  if (api_load(a, err, n)) return 1;
  int rc = a->count(count);
  if (rc) {
    char b[256];
    *count = 0;
    return tlua_errorf(1, err, n, "%s: %s failed: %s", a->v->backend, a->v->s_count, errtext(a, rc, b, sizeof b));
  }
  return 0;
}

/* Is rc a sticky error that lost the context? */
static int fatal(int rc) { return rc >= 700 && rc <= 799 && rc != 701 && rc != 720; }

/* Turns a driver status into the device's error message (and marks faults). */
static int check(tlua_Device *d, int rc, const char *what, char *err, size_t n) {
  if (rc == 0) return 0;
  char b[256];
  errtext(d->api, rc, b, sizeof b);
  if (fatal(rc)) {
    d->broken = 1;
    return tlua_errorf(1, err, n,
                       "%s: kernel '%s' faulted (%s, reported by %s); the device is unusable for the rest of this "
                       "process",
                       d->backend->name, d->last_kernel[0] ? d->last_kernel : "?", b, what);
  }
  return tlua_errorf(1, err, n, "%s: %s: %s", d->backend->name, what, b);
}

static int usable(tlua_Device *d, char *err, size_t n) {
  if (!d->broken) return 0;
  return tlua_errorf(1, err, n, "%s: device unusable: kernel '%s' faulted earlier in this process",
                     d->backend->name, d->last_kernel[0] ? d->last_kernel : "?");
}

static int make_current(tlua_Device *d, char *err, size_t n) {
  if (d->api->v->cuda) return check(d, d->api->ctx_set(d->ctx), "cuCtxSetCurrent", err, n);
  return check(d, d->api->set_device(d->ordinal), "hipSetDevice", err, n);
}

/* --- tensor storage memory ops --------------------------------------------------------------- */

/* The legacy default stream, which the copies below use (but a clear or an upload on an application's stream, where
 * the driver has their stream forms: on_app_stream), does not wait for an application's non-blocking stream: wait
 * for the stream of the last launch first. */
static int wait_launches(tlua_Device *d, char *err, size_t n) {
  if (!d->last_stream) return 0;
  void *st = d->last_stream;
  d->last_stream = NULL;
  return check(d, d->api->stream_sync(st), "wait for the launch stream", err, n);
}

/* Work put on the legacy default stream (a launch, a clear, an upload, a peer copy): not waited for on the host */
static void mark_legacy(tlua_Device *d) {
  d->legacy_busy = 1;
  d->legacy_gen++;
}

/* The legacy stream's work waited for on the host: nothing of it is left to order */
static void legacy_done(tlua_Device *d) {
  d->legacy_busy = 0;
  d->next_ordered = 0;
  memset(d->ordered, 0, sizeof d->ordered);
}

/* Stream `to` ordered after the work issued so far on stream `from` (NULL: the legacy default stream), without a host
 * wait: `to` waits for an event recorded on `from` (one event a device, recorded again each time: a stream's wait
 * takes the event as it was recorded when the wait is issued). Where the driver has no events: a host wait for `from`
 * (*waited set). */
static int order_after(tlua_Device *d, void *from, void *to, int *waited, char *err, size_t n) {
  Api *a = d->api;
  *waited = 0;
  if (!a->ev_create || !a->ev_record || !a->ev_wait || !a->ev_destroy) {
    *waited = 1;
    return check(d, a->stream_sync(from), "wait for a stream", err, n);
  }
  if (!d->order_ev) {
    void *ev = NULL;
    /* (flags 2: CU_EVENT_DISABLE_TIMING, hipEventDisableTiming: the cheaper form, for ordering alone) */
    if (check(d, a->ev_create(&ev, 2), "create an event", err, n)) return 1;
    d->order_ev = ev;
  }
  return check(d, a->ev_record(d->order_ev, from), "record an event", err, n) ||
         check(d, a->ev_wait(to, d->order_ev, 0), "order a stream after another", err, n);
}

/* Before a launch, clear or upload on an application's stream (tlua_device_set_stream): a non-blocking stream is not
 * ordered after the legacy default stream, so the legacy stream's work (legacy_busy) is ordered before it, once a
 * stream for each new mark: a buffer cleared or uploaded there, or a launch there whose buffers the pool may hand on;
 * and for a clear or an upload (all_streams) the last launch's stream too if it is another application stream (its
 * work on a buffer the pool may hand on). A launch is not ordered after another application stream's launches: that
 * is the application's to order, as torch's streams are. A stream under capture (a CUDA graph) is left as it is: a
 * captured stream may not wait for work outside the capture, and the graph's launches are ordered by the
 * application. */
static int app_stream_ready(tlua_Device *d, int all_streams, char *err, size_t n) {
  void *st = d->stream;
  int legacy = d->legacy_busy;
  for (int i = 0; i < 4 && legacy; i++) legacy = !(d->ordered[i].stream == st && d->ordered[i].gen == d->legacy_gen);
  int other = all_streams && d->last_stream && d->last_stream != st;
  if (!legacy && !other) return 0;
  int status = 0;
  if (d->api->is_capturing && d->api->is_capturing(st, &status) == 0 && status != 0) return 0;
  int waited;
  if (legacy) {
    if (order_after(d, NULL, st, &waited, err, n)) return 1;
    if (waited) {
      legacy_done(d);
    } else {
      d->ordered[d->next_ordered].stream = st;
      d->ordered[d->next_ordered].gen = d->legacy_gen;
      d->next_ordered = (d->next_ordered + 1) % 4;
    }
  }
  if (other) {
    if (order_after(d, d->last_stream, st, &waited, err, n)) return 1;
    d->last_stream = st; /* (a copy back waits for this stream, which now comes after that one) */
  }
  return 0;
}

/* A clear or an upload on the legacy stream would not be ordered before a non-blocking application stream's next
 * launch: on an application's stream they go on that stream instead, after what it holds (app_stream_ready), where the
 * driver has their stream forms (have). 1: they go on the application's stream (with *failed set where ordering it
 * failed). */
static int on_app_stream(tlua_Device *d, int have, char *err, size_t n, int *failed) {
  *failed = 0;
  if (!d->stream || !have) return 0;
  *failed = app_stream_ready(d, 1, err, n);
  return 1;
}

static int dm_upload(void *ctx, void *device, const void *host, size_t nbytes, char *err) {
  tlua_Device *d = (tlua_Device *)ctx;
  if (usable(d, err, TLUA_TENSOR_ERRLEN) || make_current(d, err, TLUA_TENSOR_ERRLEN)) return 1;
  int failed;
  if (on_app_stream(d, d->api->htod_async != NULL, err, TLUA_TENSOR_ERRLEN, &failed)) {
    if (failed || check(d, d->api->htod_async(device, host, nbytes, d->stream), "copy to the device", err,
                        TLUA_TENSOR_ERRLEN))
      return 1;
    /* (then waited for: the host buffer may be the application's own, pinned, which the copy reads as it runs) */
    d->last_stream = d->stream;
    return wait_launches(d, err, TLUA_TENSOR_ERRLEN);
  }
  if (wait_launches(d, err, TLUA_TENSOR_ERRLEN)) return 1;
  mark_legacy(d); /* (from pageable memory the copy may return before its transfer is done) */
  return check(d, d->api->htod(device, host, nbytes), "copy to the device", err, TLUA_TENSOR_ERRLEN);
}

static int dm_download(void *ctx, void *host, const void *device, size_t nbytes, char *err) {
  tlua_Device *d = (tlua_Device *)ctx;
  if (usable(d, err, TLUA_TENSOR_ERRLEN) || make_current(d, err, TLUA_TENSOR_ERRLEN) ||
      wait_launches(d, err, TLUA_TENSOR_ERRLEN))
    return 1;
  return check(d, d->api->dtoh(host, device, nbytes), "copy from the device", err, TLUA_TENSOR_ERRLEN);
}

static int dm_zero(void *ctx, void *device, size_t nbytes, char *err) {
  tlua_Device *d = (tlua_Device *)ctx;
  if (usable(d, err, TLUA_TENSOR_ERRLEN) || make_current(d, err, TLUA_TENSOR_ERRLEN)) return 1;
  int failed;
  if (on_app_stream(d, d->api->memset8_async != NULL, err, TLUA_TENSOR_ERRLEN, &failed)) {
    /* (no host wait: the clear is in the stream's order; a copy to or from the host waits for it) */
    if (failed || check(d, d->api->memset8_async(device, 0, nbytes, d->stream), "clear device memory", err,
                        TLUA_TENSOR_ERRLEN))
      return 1;
    d->last_stream = d->stream;
    return 0;
  }
  if (wait_launches(d, err, TLUA_TENSOR_ERRLEN)) return 1;
  mark_legacy(d); /* (the clear does not wait for itself on the host) */
  return check(d, d->api->memset8(device, 0, nbytes), "clear device memory", err, TLUA_TENSOR_ERRLEN);
}

static void dm_free(void *ctx, void *device, size_t nbytes, void *stream) {
  tlua_Device *d = (tlua_Device *)ctx;
  size_t keep = pool_size(nbytes ? nbytes : 1);
  void *evicted = NULL;
  pthread_mutex_lock(&d->lock);
  int pooled = !d->broken && stream != MIXED_STREAMS && d->npool < POOL_MAX && d->pool_bytes + keep <= POOL_BYTES;
  if (pooled) {
    d->pool[d->npool].ptr = device;
    d->pool[d->npool].n = keep;
    d->pool[d->npool].stream = stream;
    d->npool++;
    d->pool_bytes += keep;
  } else if (!d->broken && stream != MIXED_STREAMS) {
    /* the pool full: a buffer of another stream (one no allocation on this stream can take) makes room, so that
     * buffers a stream no longer allocates on do not keep the rest from the pool */
    for (int i = 0; i < d->npool && !pooled; i++) {
      if (d->pool[i].stream != stream && d->pool_bytes - d->pool[i].n + keep <= POOL_BYTES) {
        evicted = d->pool[i].ptr;
        d->pool_bytes = d->pool_bytes - d->pool[i].n + keep;
        d->pool[i].ptr = device;
        d->pool[i].n = keep;
        d->pool[i].stream = stream;
        pooled = 1;
      }
    }
  }
  d->bytes -= nbytes;
  pthread_mutex_unlock(&d->lock);
  void *to_free = pooled ? evicted : device;
  if (to_free && !d->broken && make_current(d, NULL, 0) == 0) d->api->free_(to_free);
  tlua_device_release(d);
}

static void dm_unref(void *ctx) { tlua_device_release((tlua_Device *)ctx); }

static void pool_drain(tlua_Device *d) {
  for (int i = 0; i < d->npool; i++)
    if (!d->broken) d->api->free_(d->pool[i].ptr);
  d->npool = 0;
  d->pool_bytes = 0;
}

int tlua_device_collect_due(tlua_Device *d, size_t nbytes) {
  size_t want = pool_size(nbytes ? nbytes : 1);
  int due = 1;
  pthread_mutex_lock(&d->lock);
  for (int i = 0; i < d->npool && due; i++) due = d->pool[i].n != want || d->pool[i].stream != d->stream;
  if (due && d->fresh + want >= POOL_BYTES / 2) {
    due = 2;
    d->fresh = 0;
  }
  pthread_mutex_unlock(&d->lock);
  return due;
}

int tlua_device_alloc(tlua_Device *d, size_t nbytes, void **ptr, char *err, size_t n) {
  *ptr = NULL;
  if (usable(d, err, n) || make_current(d, err, n)) return 1;
  size_t want = pool_size(nbytes ? nbytes : 1);
  pthread_mutex_lock(&d->lock);
  for (int i = d->npool - 1; i >= 0; i--) {
    if (d->pool[i].n == want && d->pool[i].stream == d->stream) {
      *ptr = d->pool[i].ptr;
      d->pool_bytes -= want;
      d->pool[i] = d->pool[--d->npool];
      pthread_mutex_unlock(&d->lock);
      return 0;
    }
  }
  d->fresh += want;
  pthread_mutex_unlock(&d->lock);
  int rc = d->api->alloc(ptr, want);
  if (rc && !fatal(rc) && d->npool > 0) { /* give the cached buffers back and try once more */
    pthread_mutex_lock(&d->lock);
    pool_drain(d);
    pthread_mutex_unlock(&d->lock);
    rc = d->api->alloc(ptr, want);
  }
  if (rc) {
    char b[256];
    *ptr = NULL;
    if (fatal(rc)) return check(d, rc, "allocate device memory", err, n);
    return tlua_errorf(1, err, n, "%s: cannot allocate %zu bytes of device memory (%zu in use by tilelua): %s",
                       d->backend->name, nbytes, d->bytes, errtext(d->api, rc, b, sizeof b));
  }
  return 0;
}

int tlua_device_prepare_storage(tlua_Device *d, tlua_Storage *s, char *err, size_t n) {
  char terr[TLUA_TENSOR_ERRLEN];
  if (s->device && s->devmem && s->devmem->ctx != d)
    return tlua_errorf(1, err, n, "%s: the tensor lives on another device", d->backend->name);
  if (!s->device) {
    void *p;
    if (tlua_device_alloc(d, s->nbytes, &p, err, n)) return 1;
    tlua_device_retain(d);
    pthread_mutex_lock(&d->lock);
    d->bytes += s->nbytes;
    pthread_mutex_unlock(&d->lock);
    if (tlua_storage_attach_device(s, p, &d->devmem, terr)) {
      /* attach failed: the storage did not take the buffer */
      dm_free(d, p, s->nbytes, d->stream);
      return tlua_errorf(1, err, n, "%s", terr);
    }
    s->device_stream = d->stream;
    return 0;
  }
  /* used on a stream other than its own: its work is on two streams, which the pool cannot tell apart, so it goes
   * back to the driver when freed (cuMemFree waits for the device) */
  if (s->device_stream != d->stream && s->devmem == &d->devmem) s->device_stream = MIXED_STREAMS;
  if (tlua_storage_sync_device(s, terr)) return tlua_errorf(1, err, n, "%s", terr);
  return 0;
}

typedef int (*fn_peer_cuda)(uint64_t, void *, uint64_t, void *, size_t);
typedef int (*fn_peer_hip)(void *, int, const void *, int, size_t);

int tlua_device_copy_peer(tlua_Device *dst, void *dptr, tlua_Device *src, const void *sptr, size_t nbytes, char *err,
                          size_t n) {
  if (usable(src, err, n) || usable(dst, err, n)) return 1;
  if (!src->api->peer) return tlua_errorf(1, err, n, "%s: the driver has no peer copy", src->backend->name);
  /* both legacy default streams are serialized with it; an application's streams are not */
  if (make_current(src, err, n) || wait_launches(src, err, n) || make_current(dst, err, n) || wait_launches(dst, err, n))
    return 1;
  int rc = src->api->v->cuda
               ? ((fn_peer_cuda)src->api->peer)((uint64_t)(uintptr_t)dptr, dst->ctx, (uint64_t)(uintptr_t)sptr,
                                                src->ctx, nbytes)
               : ((fn_peer_hip)src->api->peer)(dptr, dst->ordinal, sptr, src->ordinal, nbytes);
  mark_legacy(src); /* (a copy between devices need not wait for itself on the host) */
  mark_legacy(dst);
  return check(dst, rc, "copy between devices", err, n);
}

size_t tlua_device_bytes_in_use(const tlua_Device *d) { return d->bytes; }

int tlua_device_wrap_storage(tlua_Device *d, tlua_Storage *s, void *ptr, char *err, size_t n) {
  if (usable(d, err, n)) return 1;
  uintptr_t p = (uintptr_t)ptr;
  int known = 0;
  for (int i = 0; i < 8 && !known; i++) known = p >= d->checked[i].lo && p < d->checked[i].hi;
  if (d->api->ptr_attr && ptr && !known) {
    /* CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL (9): refuses host memory and other GPUs' memory here
     * rather than as a fault inside a kernel; the allocation's range (RANGE_START_ADDR 11,
     * RANGE_SIZE 12) is remembered so that later tensors in it skip the question */
    int ordinal = -1, rc = d->api->ptr_attr(&ordinal, 9, ptr);
    if (rc) {
      char b[256];
      return tlua_errorf(1, err, n, "%s: %p is not device memory the driver knows (%s)", d->backend->name, ptr,
                         errtext(d->api, rc, b, sizeof b));
    }
    if (ordinal != d->ordinal)
      return tlua_errorf(1, err, n, "%s: the buffer at %p is on device %d, tilelua runs on device %d",
                         d->backend->name, ptr, ordinal, d->ordinal);
    uint64_t start = 0;
    size_t size = 0;
    if (d->api->ptr_attr(&start, 11, ptr) == 0 && d->api->ptr_attr(&size, 12, ptr) == 0 && size) {
      d->checked[d->next_checked].lo = (uintptr_t)start;
      d->checked[d->next_checked].hi = (uintptr_t)start + size;
      d->next_checked = (d->next_checked + 1) % 8;
    }
  }
  tlua_device_retain(d);
  tlua_storage_wrap_device(s, ptr, &d->devmem);
  return 0;
}

int tlua_device_ordinal(const tlua_Device *d) { return d->ordinal; }

void *tlua_device_stream(const tlua_Device *d) { return d->stream; }

void *tlua_device_set_stream(tlua_Device *d, void *stream) {
  void *old = d->stream;
  d->stream = stream;
  return old;
}

int tlua_device_sync_stream(tlua_Device *d, char *err, size_t n) {
  if (usable(d, err, n) || make_current(d, err, n)) return 1;
  /* (only this stream's work is waited for: a last stream that is another stays to be waited for) */
  if (d->last_stream == d->stream) d->last_stream = NULL;
  if (!d->stream) legacy_done(d);
  return check(d, d->api->stream_sync(d->stream), "synchronize the stream", err, n);
}

/* --- events ------------------------------------------------------------------------------------ */

static int events_ok(tlua_Device *d, char *err, size_t n) {
  Api *a = d->api;
  if (!a->ev_create || !a->ev_record || !a->ev_wait || !a->ev_sync || !a->ev_elapsed || !a->ev_destroy)
    return tlua_errorf(1, err, n, "%s: the driver has no events", d->backend->name);
  return usable(d, err, n) || make_current(d, err, n);
}

int tlua_device_event_record(tlua_Device *d, void **ev, char *err, size_t n) {
  *ev = NULL;
  if (events_ok(d, err, n)) return 1;
  if (check(d, d->api->ev_create(ev, 0), "create an event", err, n)) return 1;
  if (check(d, d->api->ev_record(*ev, d->stream), "record an event", err, n)) {
    d->api->ev_destroy(*ev);
    *ev = NULL;
    return 1;
  }
  return 0;
}

int tlua_device_event_wait(tlua_Device *d, void *ev, char *err, size_t n) {
  if (events_ok(d, err, n)) return 1;
  return check(d, d->api->ev_wait(d->stream, ev, 0), "make a stream wait for an event", err, n);
}

int tlua_device_event_sync(tlua_Device *d, void *ev, char *err, size_t n) {
  if (events_ok(d, err, n)) return 1;
  return check(d, d->api->ev_sync(ev), "wait for an event", err, n);
}

int tlua_device_event_elapsed(tlua_Device *d, void *from, void *to, double *seconds, char *err, size_t n) {
  float ms = 0;
  if (events_ok(d, err, n) || check(d, d->api->ev_elapsed(&ms, from, to), "time between events", err, n)) return 1;
  *seconds = (double)ms * 1e-3;
  return 0;
}

void tlua_device_event_free(tlua_Device *d, void *ev) {
  if (ev && d->api->ev_destroy && !d->broken && make_current(d, NULL, 0) == 0) d->api->ev_destroy(ev);
}

/* --- devices ------------------------------------------------------------------------------------ */

/* Name, arch, limits and memory of device `dev` (ordinal `ordinal`); needs no context. */
static int read_info(const tlua_Backend *b, Api *a, int ordinal, int dev, tlua_DeviceInfo *in, char *err, size_t n) {
  int v = 0;
  if (a->name(in->name, (int)sizeof in->name, dev)) snprintf(in->name, sizeof in->name, "%s device %d", b->name, ordinal);
  in->name[sizeof in->name - 1] = 0;
  if (a->attr(&v, a->v->a_warp, dev) == 0) in->warp_size = v;
  if (a->attr(&v, a->v->a_lds, dev) == 0) in->lds_bytes = (size_t)v;
  if (a->v->a_lds_optin && a->attr(&v, a->v->a_lds_optin, dev) == 0 && (size_t)v > in->lds_bytes)
    in->lds_bytes = (size_t)v;
  if (a->attr(&v, a->v->a_sms, dev) == 0) in->sm_count = v;
  if (a->attr(&v, a->v->a_thr_sm, dev) == 0) in->threads_per_sm = v;
  if (a->attr(&v, a->v->a_regs_sm, dev) == 0) in->regs_per_sm = v;
  if (a->attr(&v, a->v->a_lds_sm, dev) == 0) in->lds_per_sm = (size_t)v;
  size_t mem = 0;
  if (a->mem(&mem, dev) == 0) in->total_memory = mem;
  if (a->version(&v) == 0) in->driver_version = v;
  if (a->v->cuda) {
    int maj = 0, min = 0;
    a->attr(&maj, a->v->a_ccmaj, dev);
    a->attr(&min, a->v->a_ccmin, dev);
    snprintf(in->arch, sizeof in->arch, "sm_%d%d", maj, min);
  } else {
    /* hipDeviceProp_t of HIP 5.x: gcnArchName (char[256]) at byte 396 of a 792-byte struct,
     * e.g. "gfx90a:sramecc+:xnack-"; keep the part before ':' */
    unsigned char props[4096];
    memset(props, 0, sizeof props);
    if (a->props(props, ordinal) == 0 && in->driver_version / 10000000 == 5) {
      char *arch = (char *)props + 396;
      arch[255] = 0;
      snprintf(in->arch, sizeof in->arch, "%.*s", (int)strcspn(arch, ":"), arch);
    }
    if (!in->arch[0])
      return tlua_errorf(1, err, n, "hip: cannot read the architecture of device %d (HIP runtime %d; only HIP 5.x "
                         "device properties are known)", ordinal, in->driver_version);
  }
  return 0;
}

static const tlua_Backend CUDA_B, HIP_B;

static int open_device(const tlua_Backend *b, Api *a, int ordinal, tlua_Device **out, char *err, size_t n) {
  *out = NULL;
  int count;
  if (probe(a, &count, err, n)) return 1;
  if (ordinal < 0 || ordinal >= count)
    return tlua_errorf(1, err, n, "%s: device %d does not exist (%d device%s found)", b->name, ordinal, count,
                       count == 1 ? "" : "s");
  tlua_Device *d = (tlua_Device *)calloc(1, sizeof *d);
  if (!d) return tlua_errorf(1, err, n, "%s: out of memory", b->name);
  d->refs = 1;
  d->backend = b;
  d->api = a;
  d->ordinal = ordinal;
  d->devmem.ctx = d;
  d->devmem.upload = dm_upload;
  d->devmem.download = dm_download;
  d->devmem.free = dm_free;
  d->devmem.zero = dm_zero;
  d->devmem.unref = dm_unref;
  pthread_mutex_init(&d->lock, NULL);
  int dev = 0, rc = a->get(&dev, ordinal);
  if (rc == 0 && a->v->cuda) rc = a->ctx_retain(&d->ctx, dev);
  if (rc) {
    char e[256];
    tlua_errorf(1, err, n, "%s: cannot open device %d: %s", b->name, ordinal, errtext(a, rc, e, sizeof e));
    free(d);
    return 1;
  }
  if (make_current(d, err, n)) {
    if (a->v->cuda) a->ctx_release(dev);
    free(d);
    return 1;
  }
  if (read_info(b, a, ordinal, dev, &d->info, err, n)) {
    free(d);
    return 1;
  }
  *out = d;
  return 0;
}

void tlua_device_retain(tlua_Device *d) { __atomic_add_fetch(&d->refs, 1, __ATOMIC_RELAXED); }

void tlua_device_release(tlua_Device *d) {
  if (!d || __atomic_sub_fetch(&d->refs, 1, __ATOMIC_ACQ_REL) > 0) return;
  if ((d->npool || d->order_ev) && !d->broken && make_current(d, NULL, 0) == 0) {
    pool_drain(d);
    if (d->order_ev) d->api->ev_destroy(d->order_ev); /* (before the context's release, which may reset it) */
  }
  if (d->api->v->cuda && d->ctx) {
    int dev = 0;
    if (d->api->get(&dev, d->ordinal) == 0) d->api->ctx_release(dev);
  }
  pthread_mutex_destroy(&d->lock);
  free(d->tma);
  free(d);
}

const tlua_Backend *tlua_device_backend(const tlua_Device *d) { return d->backend; }

int tlua_device_activate(tlua_Device *d, char *err, size_t n) {
  return usable(d, err, n) || make_current(d, err, n);
}

int tlua_backend_describe(const tlua_Backend *b, int ordinal, tlua_DeviceInfo *out, char *err, size_t n) {
  Api *a = b == &CUDA_B ? &CUDA_API : &HIP_API;
  int count;
  memset(out, 0, sizeof *out);
  if (probe(a, &count, err, n)) return 1;
  if (ordinal < 0 || ordinal >= count)
    return tlua_errorf(1, err, n, "%s: device %d does not exist (%d device%s found)", b->name, ordinal, count,
                       count == 1 ? "" : "s");
  int dev = 0, rc = a->get(&dev, ordinal);
  if (rc) {
    char e[256];
    return tlua_errorf(1, err, n, "%s: cannot describe device %d: %s", b->name, ordinal, errtext(a, rc, e, sizeof e));
  }
  return read_info(b, a, ordinal, dev, out, err, n);
}
const tlua_DeviceInfo *tlua_device_info(const tlua_Device *d) { return &d->info; }
int tlua_device_broken(const tlua_Device *d) { return d->broken; }

int tlua_device_synchronize(tlua_Device *d, char *err, size_t n) {
  if (usable(d, err, n) || make_current(d, err, n)) return 1;
  d->last_stream = NULL;
  legacy_done(d);
  return check(d, d->api->sync(), "synchronize", err, n);
}

/* --- kernels ------------------------------------------------------------------------------------ */

int tlua_device_load(tlua_Device *d, const void *code, size_t size, const char *entry, size_t dyn_lds,
                     tlua_Function **out, char *err, size_t n) {
  (void)size;
  *out = NULL;
  if (usable(d, err, n) || make_current(d, err, n)) return 1;
  tlua_Function *f = (tlua_Function *)calloc(1, sizeof *f);
  if (!f) return tlua_errorf(1, err, n, "%s: out of memory", d->backend->name);
  snprintf(f->name, sizeof f->name, "%s", entry);
  char what[192];
  snprintf(what, sizeof what, "load the code object of kernel '%s'", entry);
  if (check(d, d->api->load(&f->module, code), what, err, n)) {
    free(f);
    return 1;
  }
  snprintf(what, sizeof what, "find kernel '%s' in its code object", entry);
  if (check(d, d->api->getfn(&f->fn, f->module, entry), what, err, n)) {
    d->api->unload(f->module);
    free(f);
    return 1;
  }
  /* CU_FUNC_ATTRIBUTE_NUM_REGS (4) and SHARED_SIZE_BYTES (1), the same numbers on HIP */
  f->regs = f->lds = -1;
  if (d->api->funcattr) {
    if (d->api->funcattr(&f->regs, 4, f->fn)) f->regs = -1;
    if (d->api->funcattr(&f->lds, 1, f->fn)) f->lds = -1;
  }
  f->dyn_lds = (unsigned)dyn_lds;
  int bad = 0;
  /* (the static LDS, e.g. mbarriers, counts against the same limit as the dynamic block) */
  const size_t static_lds = f->lds > 0 ? (size_t)f->lds : 0;
  if (dyn_lds + static_lds > d->info.lds_bytes)
    bad = tlua_errorf(1, err, n, "%s: kernel '%s' needs %zu bytes of LDS per block (%zu of buffers with their alignment, %zu static), "
                      "over the %zu bytes a block may have on %s (%s)", d->api->v->backend, entry, dyn_lds + static_lds, dyn_lds,
                      static_lds, d->info.lds_bytes, d->info.name, d->info.arch);
  else if (dyn_lds > 0 && d->api->funcset) /* CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES: opt in */
    bad = check(d, d->api->funcset(f->fn, 8, (int)dyn_lds), "allow the kernel's dynamic LDS", err, n);
  if (bad) {
    d->api->unload(f->module);
    free(f);
    return 1;
  }
  tlua_device_retain(d);
  f->dev = d;
  *out = f;
  return 0;
}

void tlua_function_resources(const tlua_Function *f, int *regs, int *lds) {
  *regs = f->regs;
  *lds = f->lds >= 0 ? f->lds + (int)f->dyn_lds : -1; /* static + what every launch passes */
}

tlua_Device *tlua_function_device(const tlua_Function *f) { return f->dev; }

void tlua_function_free(tlua_Function *f) {
  if (!f) return;
  if (!f->dev->broken && make_current(f->dev, NULL, 0) == 0) f->dev->api->unload(f->module);
  tlua_device_release(f->dev);
  free(f);
}

_Static_assert(sizeof ((tlua_Device *)0)->last_kernel == sizeof ((tlua_Function *)0)->name,
               "tlua_function_launch copies a function's name into last_kernel whole");

int tlua_function_launch(tlua_Function *f, const unsigned grid[3], unsigned block, void **args, char *err,
                         size_t n) {
  tlua_Device *d = f->dev;
  if (usable(d, err, n)) return 1;
  if (d->api->v->cuda) {
    /* the host may have made another context current on this thread: set ours only then (reading
     * the current context is cheaper than setting it, and this is the per-launch path) */
    void *cur = NULL;
    if ((d->api->ctx_get(&cur) != 0 || cur != d->ctx) && make_current(d, err, n)) return 1;
  }
  if (d->stream && d->legacy_busy && app_stream_ready(d, 0, err, n)) return 1;
  TLUA_PROF(15);
  int rc = d->api->launch(f->fn, grid[0], grid[1], grid[2], block, 1, 1, f->dyn_lds, d->stream, args, NULL);
  TLUA_PROF(16);
  if (rc) {
    char what[192];
    snprintf(what, sizeof what, "launch kernel '%s' (grid %u x %u x %u, block %u)", f->name, grid[0], grid[1],
             grid[2], block);
    return check(d, rc, what, err, n);
  }
  memcpy(d->last_kernel, f->name, sizeof d->last_kernel); /* (both 128 bytes; snprintf cost 0.25 us a launch) */
  d->last_stream = d->stream;
  if (!d->stream) mark_legacy(d);
  TLUA_PROF(17);
  return 0;
}

/* --- TMA tensor maps ------------------------------------------------------------------------------ */

int tlua_function_set_tma(tlua_Function *f, const tlua_TmaSpec *specs, int count, char *err, size_t n) {
  if (count < 0 || count > TLUA_TMA_MAX_MAPS)
    return tlua_errorf(1, err, n, "kernel '%s': %d TMA maps, over the %d a kernel may take", f->name, count,
                       TLUA_TMA_MAX_MAPS);
  for (int j = 0; j < count; j++) {
    char e[256];
    if (tlua_tma_spec_check(&specs[j], j, e, sizeof e)) return tlua_errorf(1, err, n, "kernel '%s': %s", f->name, e);
  }
  if (count) memcpy(f->tma, specs, (size_t)count * sizeof *specs);
  f->ntma = count;
  return 0;
}

const tlua_TmaSpec *tlua_function_tma(const tlua_Function *f, int *count) {
  *count = f->ntma;
  return f->tma;
}

/* The cache's encoder: the driver's cuTensorMapEncodeTiled in d's context. */
static int driver_encode(void *ctx, const tlua_TmaEncode *a, tlua_TensorMap *out, char *err, size_t n) {
  tlua_Device *d = (tlua_Device *)ctx;
  if (make_current(d, err, n)) return 1;
  int rc = d->api->tmap_encode(out->bytes, a->data_type, a->rank, a->address, a->dims, a->strides, a->box,
                               a->element_strides, a->interleave, a->swizzle, a->l2_promotion, a->oob_fill);
  return check(d, rc, "cuTensorMapEncodeTiled", err, n);
}

int tlua_device_encode_tensor_map(tlua_Device *d, const tlua_TmaEncode *args, const char *kernel, tlua_TensorMap *out,
                                  char *err, size_t n) {
  if (usable(d, err, n)) return 1;
  if (!d->api->tmap_encode)
    return tlua_errorf(1, err, n, "%s: kernel '%s' takes TMA tensor maps, but the driver lacks cuTensorMapEncodeTiled "
                       "(TMA needs the CUDA 12 driver or newer)", d->backend->name, kernel);
  pthread_mutex_lock(&d->lock);
  if (!d->tma) {
    /* the maps inside are 64-byte aligned types, more than calloc promises */
    d->tma = (tlua_TmaCache *)aligned_alloc(_Alignof(tlua_TmaCache), sizeof *d->tma);
    if (d->tma) {
      memset(d->tma, 0, sizeof *d->tma);
      d->tma->encode = driver_encode;
      d->tma->ctx = d;
    }
  }
  int rc = d->tma ? tlua_tma_cache_get(d->tma, args, out, err, n)
                  : tlua_errorf(1, err, n, "%s: out of memory for the TMA map cache", d->backend->name);
  pthread_mutex_unlock(&d->lock);
  return rc;
}

/* --- the backend tables ------------------------------------------------------------------------- */

static int cuda_probe(int *count, char *err, size_t n) { return probe(&CUDA_API, count, err, n); }
static int hip_probe(int *count, char *err, size_t n) { return probe(&HIP_API, count, err, n); }
static int cuda_open(int ordinal, tlua_Device **out, char *err, size_t n);
static int hip_open(int ordinal, tlua_Device **out, char *err, size_t n);

static const tlua_Backend CUDA_B = {TLUA_BACKEND_API, "cuda", tlua_rtc_nvrtc, cuda_probe, cuda_open};
static const tlua_Backend HIP_B = {TLUA_BACKEND_API, "hip", tlua_rtc_hiprtc, hip_probe, hip_open};

static int cuda_open(int ordinal, tlua_Device **out, char *err, size_t n) {
  return open_device(&CUDA_B, &CUDA_API, ordinal, out, err, n);
}
static int hip_open(int ordinal, tlua_Device **out, char *err, size_t n) {
  return open_device(&HIP_B, &HIP_API, ordinal, out, err, n);
}

const tlua_Backend *tlua_backend_cuda(void) { return &CUDA_B; }
const tlua_Backend *tlua_backend_hip(void) { return &HIP_B; }
const tlua_Backend *tlua_backend_find(const char *name) {
  if (name && strcmp(name, "cuda") == 0) return &CUDA_B;
  if (name && strcmp(name, "hip") == 0) return &HIP_B;
  return NULL;
}
