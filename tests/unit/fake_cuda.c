/* fake_cuda.c - a stand-in for the CUDA driver library (libcuda) and NVRTC, for the CUDA backend's host logic on a
 * machine without a GPU: one device of compute capability 9.0, device memory from malloc, copies and clears done at
 * once, events, a compiler that turns any source into a placeholder code object, kernels that load and launch
 * without running, and every memory operation, event, wait and launch written to a log the test reads
 * (fake_cuda_log). TILELUA_LIBCUDA=<this library> points the backend at it (src/backend_driver.c), TILELUA_NVRTC=<this
 * library> the compiler (src/rtc_nvrtc.c). Only what those files call is here, with their signatures. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EXPORT __attribute__((visibility("default")))

static char LOG[16384];

static void note(const char *fmt, ...) {
  size_t used = strlen(LOG);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(LOG + used, sizeof LOG - used, fmt, ap);
  va_end(ap);
  used = strlen(LOG);
  if (used + 1 < sizeof LOG) LOG[used] = '\n', LOG[used + 1] = 0;
}

/* the calls since the last fake_cuda_clear, one a line: "alloc N", "free", "htod N", "htod_async N S",
 * "dtoh N", "memset N", "memset_async N S", "stream_sync S", "ctx_sync", "event_record S #E", "stream_wait_event S #E",
 * "event_destroy #E", "launch S", "ctx_release" (S: the stream as %p; an event's stream is where it was recorded or
 * the stream made to wait; E: the event's number, from 0 in the order of creation) */
EXPORT const char *fake_cuda_log(void) { return LOG; }
EXPORT void fake_cuda_clear(void) { LOG[0] = 0; }

EXPORT int cuInit(unsigned flags) { return flags ? 1 : 0; }
EXPORT int cuDriverGetVersion(int *v) { *v = 13000; return 0; }
EXPORT int cuDeviceGetCount(int *n) { *n = 1; return 0; }
EXPORT int cuDeviceGet(int *dev, int ordinal) { *dev = ordinal; return ordinal == 0 ? 0 : 101; }
EXPORT int cuDeviceGetName(char *name, int len, int dev) {
  (void)dev;
  snprintf(name, (size_t)len, "fake CUDA device");
  return 0;
}
EXPORT int cuDeviceGetAttribute(int *v, int attr, int dev) {
  (void)dev;
  switch (attr) {
    case 10: *v = 32; return 0;      /* warp size */
    case 8: *v = 49152; return 0;    /* LDS a block */
    case 16: *v = 4; return 0;       /* multiprocessors */
    case 75: *v = 9; return 0;       /* compute capability */
    case 76: *v = 0; return 0;
    case 39: *v = 2048; return 0;    /* threads a multiprocessor */
    case 82: *v = 65536; return 0;   /* registers a multiprocessor */
    case 81: *v = 233472; return 0;  /* LDS a multiprocessor */
    case 97: *v = 232448; return 0;  /* LDS a block, opted in */
    default: *v = 0; return 1;
  }
}
EXPORT int cuDeviceTotalMem_v2(size_t *bytes, int dev) { (void)dev; *bytes = (size_t)1 << 30; return 0; }
EXPORT int cuDevicePrimaryCtxRetain(void **ctx, int dev) { (void)dev; *ctx = (void *)0x1; return 0; }
EXPORT int cuDevicePrimaryCtxRelease_v2(int dev) { (void)dev; note("ctx_release"); return 0; }
EXPORT int cuCtxSetCurrent(void *ctx) { return ctx ? 0 : 1; }
EXPORT int cuCtxGetCurrent(void **ctx) { *ctx = (void *)0x1; return 0; }
EXPORT int cuCtxSynchronize(void) { note("ctx_sync"); return 0; }
EXPORT int cuStreamSynchronize(void *stream) { note("stream_sync %p", stream); return 0; }

/* a code object: the placeholder the fake compiler writes (anything else fails to load, as a real CUBIN would here) */
static const char CODE[] = "fake code object";
static int MODULE, FUNCTION;
EXPORT int cuModuleLoadData(void **module, const void *image) {
  if (memcmp(image, CODE, sizeof CODE) != 0) return 200; /* CUDA_ERROR_INVALID_IMAGE */
  *module = &MODULE;
  return 0;
}
EXPORT int cuModuleUnload(void *module) { return module == &MODULE ? 0 : 400; }
EXPORT int cuModuleGetFunction(void **fn, void *module, const char *name) {
  (void)name;
  if (module != &MODULE) return 400;
  *fn = &FUNCTION;
  return 0;
}
EXPORT int cuLaunchKernel(void *fn, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                          unsigned lds, void *stream, void **params, void **extra) {
  (void)gx; (void)gy; (void)gz; (void)bx; (void)by; (void)bz; (void)lds; (void)params; (void)extra;
  if (fn != &FUNCTION) return 400;
  note("launch %p", stream);
  return 0;
}

/* events: handles into a small table; a record and a stream's wait are logged */
static int EVENTS[16], NEVENTS;
EXPORT int fake_cuda_events(void) { return NEVENTS; } /* events made so far (the last one's number: this - 1) */
EXPORT int cuEventCreate(void **ev, unsigned flags) {
  (void)flags;
  if (NEVENTS == 16) return 2;
  *ev = &EVENTS[NEVENTS++];
  return 0;
}
static long event_id(void *ev) { return (long)((int *)ev - EVENTS); }
EXPORT int cuEventRecord(void *ev, void *stream) { note("event_record %p #%ld", stream, event_id(ev)); return 0; }
EXPORT int cuStreamWaitEvent(void *stream, void *ev, unsigned flags) {
  (void)flags;
  note("stream_wait_event %p #%ld", stream, event_id(ev));
  return 0;
}
EXPORT int cuEventSynchronize(void *ev) { (void)ev; note("event_sync"); return 0; }
EXPORT int cuEventElapsedTime_v2(float *ms, void *from, void *to) { (void)from; (void)to; *ms = 0; return 0; }
EXPORT int cuEventDestroy_v2(void *ev) { note("event_destroy #%ld", event_id(ev)); return 0; }
/* stream 0x7000 is under capture (a CUDA graph being recorded) */
EXPORT int cuStreamIsCapturing(void *stream, int *status) {
  *status = stream == (void *)0x7000;
  return 0;
}

EXPORT int cuMemAlloc_v2(void **p, size_t n) {
  *p = malloc(n ? n : 1);
  note("alloc %zu", n);
  return *p ? 0 : 2;
}
EXPORT int cuMemFree_v2(void *p) { free(p); note("free"); return 0; }
EXPORT int cuMemcpyHtoD_v2(void *dst, const void *src, size_t n) { memcpy(dst, src, n); note("htod %zu", n); return 0; }
EXPORT int cuMemcpyDtoH_v2(void *dst, const void *src, size_t n) { memcpy(dst, src, n); note("dtoh %zu", n); return 0; }
EXPORT int cuMemcpyHtoDAsync_v2(void *dst, const void *src, size_t n, void *stream) {
  memcpy(dst, src, n);
  note("htod_async %zu %p", n, stream);
  return 0;
}
EXPORT int cuMemsetD8_v2(void *p, unsigned char v, size_t n) { memset(p, v, n); note("memset %zu", n); return 0; }
EXPORT int cuMemsetD8Async(void *p, unsigned char v, size_t n, void *stream) {
  memset(p, v, n);
  note("memset_async %zu %p", n, stream);
  return 0;
}

EXPORT int cuGetErrorName(int rc, const char **s) { *s = rc ? "CUDA_ERROR_FAKE" : "CUDA_SUCCESS"; return 0; }
EXPORT int cuGetErrorString(int rc, const char **s) { *s = rc ? "the fake driver does not do this" : "no error"; return 0; }

/* NVRTC: every source "compiles" to the placeholder code object, with an empty log */
static int PROGRAM;
EXPORT int nvrtcVersion(int *major, int *minor) { *major = 13; *minor = 0; return 0; }
EXPORT const char *nvrtcGetErrorString(int rc) { return rc ? "NVRTC_ERROR_FAKE" : "NVRTC_SUCCESS"; }
EXPORT int nvrtcCreateProgram(void **prog, const char *src, const char *name, int nheaders, const char *const *headers,
                              const char *const *include_names) {
  (void)src; (void)name; (void)nheaders; (void)headers; (void)include_names;
  *prog = &PROGRAM;
  return 0;
}
EXPORT int nvrtcCompileProgram(void *prog, int nopts, const char *const *opts) { (void)prog; (void)nopts; (void)opts; return 0; }
EXPORT int nvrtcGetProgramLogSize(void *prog, size_t *n) { (void)prog; *n = 1; return 0; }
EXPORT int nvrtcGetProgramLog(void *prog, char *log) { (void)prog; log[0] = 0; return 0; }
EXPORT int nvrtcGetCUBINSize(void *prog, size_t *n) { (void)prog; *n = sizeof CODE; return 0; }
EXPORT int nvrtcGetCUBIN(void *prog, char *code) { (void)prog; memcpy(code, CODE, sizeof CODE); return 0; }
EXPORT int nvrtcGetPTXSize(void *prog, size_t *n) { (void)prog; *n = sizeof CODE; return 0; }
EXPORT int nvrtcGetPTX(void *prog, char *code) { (void)prog; memcpy(code, CODE, sizeof CODE); return 0; }
EXPORT int nvrtcDestroyProgram(void **prog) { *prog = NULL; return 0; }
