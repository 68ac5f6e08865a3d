/* fake_cuda.c - a stand-in for the CUDA driver library (libcuda), for the CUDA backend's host logic on a
 * machine without a GPU: one device of compute capability 9.0, device memory from malloc, copies and clears
 * done at once, and every memory operation and wait written to a log the test reads (fake_cuda_log). It
 * loads no module and launches nothing (those calls fail). TILELUA_LIBCUDA=<this library> points the
 * backend at it (src/backend_driver.c). Only what backend_driver.c calls is here, with its signatures. */
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
 * "dtoh N", "memset N", "memset_async N S", "stream_sync S", "ctx_sync" (S: the stream as %p) */
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
EXPORT int cuDevicePrimaryCtxRelease_v2(int dev) { (void)dev; return 0; }
EXPORT int cuCtxSetCurrent(void *ctx) { return ctx ? 0 : 1; }
EXPORT int cuCtxGetCurrent(void **ctx) { *ctx = (void *)0x1; return 0; }
EXPORT int cuCtxSynchronize(void) { note("ctx_sync"); return 0; }
EXPORT int cuStreamSynchronize(void *stream) { note("stream_sync %p", stream); return 0; }

EXPORT int cuModuleLoadData(void **module, const void *image) { (void)module; (void)image; return 200; }
EXPORT int cuModuleUnload(void *module) { (void)module; return 0; }
EXPORT int cuModuleGetFunction(void **fn, void *module, const char *name) {
  (void)fn; (void)module; (void)name;
  return 500;
}
EXPORT int cuLaunchKernel(void *fn, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                          unsigned lds, void *stream, void **params, void **extra) {
  (void)fn; (void)gx; (void)gy; (void)gz; (void)bx; (void)by; (void)bz; (void)lds; (void)stream; (void)params;
  (void)extra;
  return 400;
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
