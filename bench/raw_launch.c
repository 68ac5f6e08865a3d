/* raw_launch.c - the peers of tilelua's launch and compile paths, in plain C over the same vendor
 * libraries (dlopen'd): a bare NVRTC compile of a given source and a raw cuLaunchKernel loop.
 *
 *   bench_raw_launch SOURCE.hip KERNEL ARCH N
 *
 * SOURCE is what tilelua generated (kernel:source()); KERNEL must take (float *x, long long
 * x_shape0, long long x_stride0, float a), the signature of bench/gpu_bench.lua's empty kernel.
 * Prints: "bare nvrtc compile #k in this process: <ms> ms" for k = 1..3 (the options tilelua passes) and
 * "raw cuLaunchKernel: <us> us per launch" (N launches, then one synchronize; N = 0 compiles only). */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef int (*nvrtcCreate_t)(void **, const char *, const char *, int, const char *const *, const char *const *);
typedef int (*nvrtcCompile_t)(void *, int, const char *const *);
typedef int (*nvrtcSize_t)(void *, size_t *);
typedef int (*nvrtcGet_t)(void *, char *);
typedef int (*nvrtcDestroy_t)(void **);

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void *need(void *lib, const char *name) {
  void *p = dlsym(lib, name);
  if (!p) {
    fprintf(stderr, "raw_launch: missing symbol %s\n", name);
    exit(1);
  }
  return p;
}

int main(int argc, char **argv) {
  if (argc != 5) {
    fprintf(stderr, "usage: %s SOURCE.hip KERNEL ARCH N\n", argv[0]);
    return 2;
  }
  const char *kernel = argv[2], *arch = argv[3];
  long n = atol(argv[4]);
  FILE *f = fopen(argv[1], "rb");
  if (!f) { perror(argv[1]); return 1; }
  static char src[1 << 20];
  size_t len = fread(src, 1, sizeof src - 1, f);
  fclose(f);
  src[len] = 0;

  const char *nvlibs[] = {"libnvrtc.so", "libnvrtc.so.13", "libnvrtc.so.12", "/usr/local/cuda/lib64/libnvrtc.so"};
  void *nv = NULL;
  for (size_t i = 0; i < 4 && !nv; i++) nv = dlopen(nvlibs[i], RTLD_NOW);
  void *cu = dlopen("libcuda.so.1", RTLD_NOW);
  if (!nv || !cu) { fprintf(stderr, "raw_launch: need libnvrtc and libcuda.so.1\n"); return 1; }

  /* bare NVRTC, same options as tilelua's rtc_nvrtc.c */
  char archopt[64];
  snprintf(archopt, sizeof archopt, "--gpu-architecture=%s", arch);
  const char *opts[] = {archopt, "-default-device", "--std=c++17", "-lineinfo"};
  char *cubin = NULL;
  for (int round = 1; round <= 3; round++) {
    double t0 = now();
    void *prog = NULL;
    if (((nvrtcCreate_t)need(nv, "nvrtcCreateProgram"))(&prog, src, "bench.hip", 0, NULL, NULL)) return 1;
    int rc = ((nvrtcCompile_t)need(nv, "nvrtcCompileProgram"))(prog, 4, opts);
    size_t csize = 0;
    ((nvrtcSize_t)need(nv, "nvrtcGetCUBINSize"))(prog, &csize);
    free(cubin);
    cubin = malloc(csize);
    ((nvrtcGet_t)need(nv, "nvrtcGetCUBIN"))(prog, cubin);
    ((nvrtcDestroy_t)need(nv, "nvrtcDestroyProgram"))(&prog);
    double t1 = now();
    if (rc) { fprintf(stderr, "raw_launch: compile failed (%d)\n", rc); return 1; }
    printf("bare nvrtc compile #%d in this process: %.2f ms\n", round, (t1 - t0) * 1e3);
  }

  if (n == 0) return 0; /* compile only */
  int (*cuInit)(unsigned) = (int (*)(unsigned))need(cu, "cuInit");
  int (*cuDeviceGet)(int *, int) = (int (*)(int *, int))need(cu, "cuDeviceGet");
  int (*retain)(void **, int) = (int (*)(void **, int))need(cu, "cuDevicePrimaryCtxRetain");
  int (*setcur)(void *) = (int (*)(void *))need(cu, "cuCtxSetCurrent");
  int (*load)(void **, const void *) = (int (*)(void **, const void *))need(cu, "cuModuleLoadData");
  int (*getfn)(void **, void *, const char *) = (int (*)(void **, void *, const char *))need(cu, "cuModuleGetFunction");
  int (*alloc)(unsigned long long *, size_t) = (int (*)(unsigned long long *, size_t))need(cu, "cuMemAlloc_v2");
  int (*launch)(void *, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, void *, void **, void **) =
      (int (*)(void *, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, void *, void **,
               void **))need(cu, "cuLaunchKernel");
  int (*sync)(void) = (int (*)(void))need(cu, "cuCtxSynchronize");
  int dev;
  void *ctx, *mod, *fn;
  unsigned long long x;
  if (cuInit(0) || cuDeviceGet(&dev, 0) || retain(&ctx, dev) || setcur(ctx)) return 1;
  if (load(&mod, cubin) || getfn(&fn, mod, kernel) || alloc(&x, 4096)) return 1;
  long long shape = 1024, stride = 1;
  float a = 1.0f;
  void *args[] = {&x, &shape, &stride, &a};
  for (int i = 0; i < 1000; i++) launch(fn, 1, 1, 1, 32, 1, 1, 0, NULL, args, NULL);
  sync();
  double t2 = now();
  for (long i = 0; i < n; i++) launch(fn, 1, 1, 1, 32, 1, 1, 0, NULL, args, NULL);
  sync();
  double t3 = now();
  printf("raw cuLaunchKernel: %.3f us per launch\n", (t3 - t2) / (double)n * 1e6);
  free(cubin);
  return 0;
}
