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
 * operation fails with "device unusable" without calling the driver again.
 *
 * Device memory (the storages' ops, the pool, the order of the legacy default stream's work before an
 * application stream's) is backend_driver_memory.c's; the shared types are backend_driver_impl.h's. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prof.h"
#include "backend_driver_impl.h"

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

/* One table per vendor, filled once per process under pthread_once and read-only afterwards: the
 * library is never unloaded (the driver keeps process-wide state of its own anyway). */
static Api CUDA_API = {.v = &CUDA_V}, HIP_API = {.v = &HIP_V};


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

const char *tlua_drv_errtext(Api *a, int rc, char *buf, size_t n) {
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
                   tlua_drv_errtext(a, rc, b, sizeof b));
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
    return tlua_errorf(1, err, n, "%s: %s failed: %s", a->v->backend, a->v->s_count,
                       tlua_drv_errtext(a, rc, b, sizeof b));
  }
  return 0;
}

/* Is rc a sticky error that lost the context? */
int tlua_drv_fatal(int rc) { return rc >= 700 && rc <= 799 && rc != 701 && rc != 720; }

/* Turns a driver status into the device's error message (and marks faults). */
int tlua_drv_check(tlua_Device *d, int rc, const char *what, char *err, size_t n) {
  if (rc == 0) return 0;
  char b[256];
  tlua_drv_errtext(d->api, rc, b, sizeof b);
  if (tlua_drv_fatal(rc)) {
    d->broken = 1;
    return tlua_errorf(1, err, n,
                       "%s: kernel '%s' faulted (%s, reported by %s); the device is unusable for the rest of this "
                       "process",
                       d->backend->name, d->last_kernel[0] ? d->last_kernel : "?", b, what);
  }
  return tlua_errorf(1, err, n, "%s: %s: %s", d->backend->name, what, b);
}

int tlua_drv_usable(tlua_Device *d, char *err, size_t n) {
  if (!d->broken) return 0;
  return tlua_errorf(1, err, n, "%s: device unusable: kernel '%s' faulted earlier in this process",
                     d->backend->name, d->last_kernel[0] ? d->last_kernel : "?");
}

int tlua_drv_current(tlua_Device *d, char *err, size_t n) {
  if (d->api->v->cuda) return tlua_drv_check(d, d->api->ctx_set(d->ctx), "cuCtxSetCurrent", err, n);
  return tlua_drv_check(d, d->api->set_device(d->ordinal), "hipSetDevice", err, n);
}


/* --- events ------------------------------------------------------------------------------------ */

static int events_ok(tlua_Device *d, char *err, size_t n) {
  Api *a = d->api;
  if (!a->ev_create || !a->ev_record || !a->ev_wait || !a->ev_sync || !a->ev_elapsed || !a->ev_destroy)
    return tlua_errorf(1, err, n, "%s: the driver has no events", d->backend->name);
  return tlua_drv_usable(d, err, n) || tlua_drv_current(d, err, n);
}

int tlua_device_event_record(tlua_Device *d, void **ev, char *err, size_t n) {
  *ev = NULL;
  if (events_ok(d, err, n)) return 1;
  if (tlua_drv_check(d, d->api->ev_create(ev, 0), "create an event", err, n)) return 1;
  if (tlua_drv_check(d, d->api->ev_record(*ev, d->stream), "record an event", err, n)) {
    d->api->ev_destroy(*ev);
    *ev = NULL;
    return 1;
  }
  return 0;
}

int tlua_device_event_wait(tlua_Device *d, void *ev, char *err, size_t n) {
  if (events_ok(d, err, n)) return 1;
  return tlua_drv_check(d, d->api->ev_wait(d->stream, ev, 0), "make a stream wait for an event", err, n);
}

int tlua_device_event_sync(tlua_Device *d, void *ev, char *err, size_t n) {
  if (events_ok(d, err, n)) return 1;
  return tlua_drv_check(d, d->api->ev_sync(ev), "wait for an event", err, n);
}

int tlua_device_event_elapsed(tlua_Device *d, void *from, void *to, double *seconds, char *err, size_t n) {
  float ms = 0;
  if (events_ok(d, err, n) || tlua_drv_check(d, d->api->ev_elapsed(&ms, from, to), "time between events", err, n))
    return 1;
  *seconds = (double)ms * 1e-3;
  return 0;
}

void tlua_device_event_free(tlua_Device *d, void *ev) {
  if (ev && d->api->ev_destroy && !d->broken && tlua_drv_current(d, NULL, 0) == 0) d->api->ev_destroy(ev);
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
  tlua_drv_memory_init(d);
  pthread_mutex_init(&d->lock, NULL);
  int dev = 0, rc = a->get(&dev, ordinal);
  if (rc == 0 && a->v->cuda) rc = a->ctx_retain(&d->ctx, dev);
  if (rc) {
    char e[256];
    tlua_errorf(1, err, n, "%s: cannot open device %d: %s", b->name, ordinal, tlua_drv_errtext(a, rc, e, sizeof e));
    free(d);
    return 1;
  }
  if (tlua_drv_current(d, err, n)) {
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
  if ((d->npool || d->order_ev) && !d->broken && tlua_drv_current(d, NULL, 0) == 0) {
    tlua_drv_pool_drain(d);
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
  return tlua_drv_usable(d, err, n) || tlua_drv_current(d, err, n);
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
    return tlua_errorf(1, err, n, "%s: cannot describe device %d: %s", b->name, ordinal,
                       tlua_drv_errtext(a, rc, e, sizeof e));
  }
  return read_info(b, a, ordinal, dev, out, err, n);
}
const tlua_DeviceInfo *tlua_device_info(const tlua_Device *d) { return &d->info; }
int tlua_device_broken(const tlua_Device *d) { return d->broken; }

int tlua_device_synchronize(tlua_Device *d, char *err, size_t n) {
  if (tlua_drv_usable(d, err, n) || tlua_drv_current(d, err, n)) return 1;
  d->last_stream = NULL;
  tlua_drv_legacy_done(d);
  return tlua_drv_check(d, d->api->sync(), "synchronize", err, n);
}

/* --- kernels ------------------------------------------------------------------------------------ */

int tlua_device_load(tlua_Device *d, const void *code, size_t size, const char *entry, size_t dyn_lds,
                     tlua_Function **out, char *err, size_t n) {
  (void)size;
  *out = NULL;
  if (tlua_drv_usable(d, err, n) || tlua_drv_current(d, err, n)) return 1;
  tlua_Function *f = (tlua_Function *)calloc(1, sizeof *f);
  if (!f) return tlua_errorf(1, err, n, "%s: out of memory", d->backend->name);
  snprintf(f->name, sizeof f->name, "%s", entry);
  char what[192];
  snprintf(what, sizeof what, "load the code object of kernel '%s'", entry);
  if (tlua_drv_check(d, d->api->load(&f->module, code), what, err, n)) {
    free(f);
    return 1;
  }
  snprintf(what, sizeof what, "find kernel '%s' in its code object", entry);
  if (tlua_drv_check(d, d->api->getfn(&f->fn, f->module, entry), what, err, n)) {
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
    bad = tlua_drv_check(d, d->api->funcset(f->fn, 8, (int)dyn_lds), "allow the kernel's dynamic LDS", err, n);
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
  if (!f->dev->broken && tlua_drv_current(f->dev, NULL, 0) == 0) f->dev->api->unload(f->module);
  tlua_device_release(f->dev);
  free(f);
}

_Static_assert(sizeof ((tlua_Device *)0)->last_kernel == sizeof ((tlua_Function *)0)->name,
               "tlua_function_launch copies a function's name into last_kernel whole");

int tlua_function_launch(tlua_Function *f, const unsigned grid[3], unsigned block, void **args, char *err,
                         size_t n) {
  tlua_Device *d = f->dev;
  if (tlua_drv_usable(d, err, n)) return 1;
  if (d->api->v->cuda) {
    /* the host may have made another context current on this thread: set ours only then (reading
     * the current context is cheaper than setting it, and this is the per-launch path) */
    void *cur = NULL;
    if ((d->api->ctx_get(&cur) != 0 || cur != d->ctx) && tlua_drv_current(d, err, n)) return 1;
  }
  if (d->stream && d->legacy_busy && tlua_drv_app_stream_ready(d, 0, err, n)) return 1;
  TLUA_PROF(15);
  int rc = d->api->launch(f->fn, grid[0], grid[1], grid[2], block, 1, 1, f->dyn_lds, d->stream, args, NULL);
  TLUA_PROF(16);
  if (rc) {
    char what[192];
    snprintf(what, sizeof what, "launch kernel '%s' (grid %u x %u x %u, block %u)", f->name, grid[0], grid[1],
             grid[2], block);
    return tlua_drv_check(d, rc, what, err, n);
  }
  memcpy(d->last_kernel, f->name, sizeof d->last_kernel); /* (both 128 bytes; snprintf cost 0.25 us a launch) */
  d->last_stream = d->stream;
  if (!d->stream) tlua_drv_mark_legacy(d);
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
  if (tlua_drv_current(d, err, n)) return 1;
  int rc = d->api->tmap_encode(out->bytes, a->data_type, a->rank, a->address, a->dims, a->strides, a->box,
                               a->element_strides, a->interleave, a->swizzle, a->l2_promotion, a->oob_fill);
  return tlua_drv_check(d, rc, "cuTensorMapEncodeTiled", err, n);
}

int tlua_device_encode_tensor_map(tlua_Device *d, const tlua_TmaEncode *args, const char *kernel, tlua_TensorMap *out,
                                  char *err, size_t n) {
  if (tlua_drv_usable(d, err, n)) return 1;
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
