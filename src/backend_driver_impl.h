/* backend_driver_impl.h - the cuda and hip backends' internals shared by backend_driver.c (the vendors' tables,
 * devices, kernels, events) and backend_driver_memory.c (device memory, its pool, and the order of the legacy default
 * stream's work before an application stream's). Never installed. */
#ifndef TLUA_BACKEND_DRIVER_IMPL_H
#define TLUA_BACKEND_DRIVER_IMPL_H

#include <pthread.h>
#include <stdint.h>

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
                        (tlua_drv_app_stream_ready) */
  unsigned legacy_gen; /* counts the marks of legacy work (tlua_drv_mark_legacy) */
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

static inline size_t tlua_drv_pool_size(size_t nbytes) { return (nbytes + POOL_ROUND - 1) / POOL_ROUND * POOL_ROUND; }

/* backend_driver.c: a driver status as the device's error message (marking faults), the fault codes, the vendor's
 * text of a status, "device unusable" once a kernel faulted, the device's context made current */
TLUA_HIDDEN int tlua_drv_check(tlua_Device *d, int rc, const char *what, char *err, size_t n);
TLUA_HIDDEN int tlua_drv_fatal(int rc);
TLUA_HIDDEN const char *tlua_drv_errtext(Api *a, int rc, char *buf, size_t n);
TLUA_HIDDEN int tlua_drv_usable(tlua_Device *d, char *err, size_t n);
TLUA_HIDDEN int tlua_drv_current(tlua_Device *d, char *err, size_t n);

/* backend_driver_memory.c: the stream order of copies, clears and launches (see there), the device memory ops a
 * device's storages call (d->devmem), the pool given back */
TLUA_HIDDEN int tlua_drv_wait_launches(tlua_Device *d, char *err, size_t n);
TLUA_HIDDEN void tlua_drv_mark_legacy(tlua_Device *d);
TLUA_HIDDEN void tlua_drv_legacy_done(tlua_Device *d);
TLUA_HIDDEN int tlua_drv_app_stream_ready(tlua_Device *d, int all_streams, char *err, size_t n);
TLUA_HIDDEN void tlua_drv_memory_init(tlua_Device *d);
TLUA_HIDDEN void tlua_drv_pool_drain(tlua_Device *d);

#endif
