/* host.c - an application that runs a tilelua kernel on its own buffers: y = a * x + y.
 *
 * The script only defines the kernel; the application finds it by name and launches it from C on
 * memory it allocated itself, which tilelua uses in place (no copy):
 *   - always: host arrays, including a strided view (every other element of a larger array);
 *   - with --gpu and a CUDA GPU: device buffers from the application's own cuMemAlloc, launched on
 *     its own non-blocking stream in the primary context (the one the CUDA runtime and PyTorch use),
 *     synchronized by the application, not by tilelua.
 * Exits 0 when every result is right, 77 for --gpu without a usable GPU (a skip), 1 otherwise. */
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "tilelua.h"

static const char *script =
    "saxpy = tl.kernel{ name = 'saxpy', block = 128,\n"
    "  params = {{'x', tl.tensor(tl.f32, 1)}, {'y', tl.tensor(tl.f32, 1)}, {'a', tl.f32}},\n"
    "  body = function(k, p)\n"
    "    local i = k.block_id(0) * 128 + k.thread_id()\n"
    "    local m = tl.lt(i, p.x:shape(0))\n"
    "    p.y:store({i}, p.x:load({i}, {mask = m}) * p.a + p.y:load({i}, {mask = m}), {mask = m})\n"
    "  end }\n";

static int released; /* release callbacks seen */
static void on_release(void *ud) { released += ud != NULL; }

#define N 1000

static int check(const float *y, const float *x, float a, float y0, int n, int stride, const char *what) {
  for (int i = 0; i < n; i++) {
    float want = a * x[i * stride] + y0;
    if (y[i * stride] != want) {
      fprintf(stderr, "host: %s: y[%d] = %g, want %g\n", what, i, y[i * stride], want);
      return 0;
    }
  }
  printf("host: %s: %d elements right\n", what, n);
  return 1;
}

static int fail(tlua_State *T, const char *what) {
  fprintf(stderr, "host: %s: %s\n", what, tlua_errmsg(T));
  tlua_close(T);
  return 1;
}

/* --- the application's own CUDA use (driver API, dlopen'd: nothing to link) -------------------- */
static int run_gpu(void) {
  void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!lib) { puts("host: --gpu: no libcuda.so.1, skipped"); return 77; }
#define CU(name, sym, ...) int (*name)(__VA_ARGS__) = (int (*)(__VA_ARGS__))dlsym(lib, sym)
  CU(cuInit, "cuInit", unsigned);
  CU(cuDeviceGet, "cuDeviceGet", int *, int);
  CU(cuPrimaryRetain, "cuDevicePrimaryCtxRetain", void **, int);
  CU(cuCtxSetCurrent, "cuCtxSetCurrent", void *);
  CU(cuMemAlloc, "cuMemAlloc_v2", uint64_t *, size_t);
  CU(cuMemFree, "cuMemFree_v2", uint64_t);
  CU(cuHtoD, "cuMemcpyHtoD_v2", uint64_t, const void *, size_t);
  CU(cuDtoH, "cuMemcpyDtoH_v2", void *, uint64_t, size_t);
  CU(cuStreamCreate, "cuStreamCreate", void **, unsigned);
  CU(cuStreamSync, "cuStreamSynchronize", void *);
  CU(cuStreamDestroy, "cuStreamDestroy_v2", void *);
#undef CU
  if (!cuInit || !cuStreamDestroy) { puts("host: --gpu: libcuda lacks a symbol, skipped"); return 77; }
  int dev = 0;
  void *ctx = NULL, *stream = NULL;
  uint64_t dx = 0, dy = 0;
  if (cuInit(0) || cuDeviceGet(&dev, 0) || cuPrimaryRetain(&ctx, dev) || cuCtxSetCurrent(ctx)) {
    puts("host: --gpu: no usable CUDA device, skipped");
    return 77;
  }
  static float x[N], y[N];
  for (int i = 0; i < N; i++) x[i] = (float)i, y[i] = 1.0f;
  if (cuMemAlloc(&dx, sizeof x) || cuMemAlloc(&dy, sizeof y) || cuHtoD(dx, x, sizeof x) || cuHtoD(dy, y, sizeof y) ||
      cuStreamCreate(&stream, 1 /* CU_STREAM_NON_BLOCKING */)) {
    fputs("host: --gpu: CUDA setup failed\n", stderr);
    return 1;
  }
  tlua_Config cfg;
  tlua_config_init(&cfg);
  cfg.backend = "cuda";
  tlua_State *T;
  if (tlua_open(&cfg, &T) != TLUA_OK) return 1;
  if (tlua_dostring(T, script, "=saxpy") != TLUA_OK) return fail(T, "script");
  tlua_Kernel *k;
  if (tlua_kernel_find(T, "saxpy", &k) != TLUA_OK) return fail(T, "find");
  int64_t n = N;
  tlua_TensorDesc d;
  tlua_Tensor *tx, *ty;
  tlua_tensor_desc_init(&d, (void *)(uintptr_t)dx, TLUA_DTYPE_F32, TLUA_DEVICE_GPU, 1, &n);
  if (tlua_tensor_wrap(T, &d, &tx) != TLUA_OK) return fail(T, "wrap x");
  tlua_tensor_desc_init(&d, (void *)(uintptr_t)dy, TLUA_DTYPE_F32, TLUA_DEVICE_GPU, 1, &n);
  if (tlua_tensor_wrap(T, &d, &ty) != TLUA_OK) return fail(T, "wrap y");
  tlua_Arg args[3] = {{TLUA_ARG_TENSOR, {.tensor = tx}}, {TLUA_ARG_TENSOR, {.tensor = ty}}, {TLUA_ARG_NUMBER, {.number = 3.0}}};
  unsigned grid[3] = {(N + 127) / 128, 1, 1};
  if (tlua_kernel_launch(k, grid, args, 3, stream, 0) != TLUA_OK) return fail(T, "launch");
  /* the application waits for its own stream, then reads its own buffer */
  int ok = cuStreamSync(stream) == 0 && cuDtoH(y, dy, sizeof y) == 0 && check(y, x, 3.0f, 1.0f, N, 1, "device buffers, own stream");
  /* a host buffer given to the GPU backend: copied there and back around the launch */
  static float hx[N], hy[N];
  for (int i = 0; i < N; i++) hx[i] = (float)i, hy[i] = 2.0f;
  tlua_Tensor *thx, *thy;
  tlua_tensor_desc_init(&d, hx, TLUA_DTYPE_F32, TLUA_DEVICE_CPU, 1, &n);
  if (tlua_tensor_wrap(T, &d, &thx) != TLUA_OK) return fail(T, "wrap host x");
  tlua_tensor_desc_init(&d, hy, TLUA_DTYPE_F32, TLUA_DEVICE_CPU, 1, &n);
  if (tlua_tensor_wrap(T, &d, &thy) != TLUA_OK) return fail(T, "wrap host y");
  args[0].v.tensor = thx;
  args[1].v.tensor = thy;
  if (tlua_kernel_launch(k, grid, args, 3, stream, 0) != TLUA_OK) return fail(T, "launch on host memory");
  ok = ok && check(hy, hx, 3.0f, 2.0f, N, 1, "host buffers on the GPU backend");
  tlua_tensor_free(tx);
  tlua_tensor_free(ty);
  tlua_tensor_free(thx);
  tlua_tensor_free(thy);
  tlua_close(T);
  cuMemFree(dx);
  cuMemFree(dy);
  cuStreamDestroy(stream);
  return ok ? 0 : 1;
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "--gpu") == 0) {
    int rc = run_gpu();
    puts(rc == 0 ? "host: ok" : rc == 77 ? "host: skipped" : "host: FAILED");
    return rc;
  }
  tlua_Config cfg;
  tlua_config_init(&cfg);
  cfg.backend = "cpu";
  tlua_State *T;
  if (tlua_open(&cfg, &T) != TLUA_OK) return 1;
  if (tlua_dostring(T, script, "=saxpy") != TLUA_OK) return fail(T, "script");
  tlua_Kernel *k;
  if (tlua_kernel_find(T, "saxpy", &k) != TLUA_OK) return fail(T, "find");

  /* the application's arrays; y is released by callback once tilelua is done with it */
  static float x[N], y[N], wide[2 * N];
  for (int i = 0; i < N; i++) x[i] = (float)i, y[i] = 1.0f;
  for (int i = 0; i < 2 * N; i++) wide[i] = -1.0f;
  int64_t n = N;
  tlua_TensorDesc d;
  tlua_Tensor *tx, *ty, *tw;
  tlua_tensor_desc_init(&d, x, TLUA_DTYPE_F32, TLUA_DEVICE_CPU, 1, &n);
  if (tlua_tensor_wrap(T, &d, &tx) != TLUA_OK) return fail(T, "wrap x");
  tlua_tensor_desc_init(&d, y, TLUA_DTYPE_F32, TLUA_DEVICE_CPU, 1, &n);
  d.release = on_release;
  d.release_ud = y;
  if (tlua_tensor_wrap(T, &d, &ty) != TLUA_OK) return fail(T, "wrap y");
  tlua_Arg args[3] = {{TLUA_ARG_TENSOR, {.tensor = tx}}, {TLUA_ARG_TENSOR, {.tensor = ty}}, {TLUA_ARG_NUMBER, {.number = 2.0}}};
  unsigned grid[3] = {(N + 127) / 128, 1, 1};
  if (tlua_kernel_launch(k, grid, args, 3, NULL, TLUA_LAUNCH_SYNC) != TLUA_OK) return fail(T, "launch");
  int ok = check(y, x, 2.0f, 1.0f, N, 1, "host arrays, in place");

  /* a strided view: every other element of `wide`; the ones between stay untouched */
  tlua_tensor_desc_init(&d, wide, TLUA_DTYPE_F32, TLUA_DEVICE_CPU, 1, &n);
  d.strides[0] = 2;
  if (tlua_tensor_wrap(T, &d, &tw) != TLUA_OK) return fail(T, "wrap a strided view");
  args[1].v.tensor = tw;
  if (tlua_kernel_launch(k, grid, args, 3, NULL, 0) != TLUA_OK) return fail(T, "launch on a view");
  for (int i = 0; i < N; i++) ok = ok && wide[2 * i] == 2.0f * x[i] - 1.0f && wide[2 * i + 1] == -1.0f;
  printf("host: strided view (stride 2): %s\n", ok ? "right, gaps untouched" : "WRONG");

  /* errors come back as a status and a message */
  int status = tlua_kernel_launch(k, grid, args, 2, NULL, 0);
  ok = ok && status == TLUA_ERRARG && strstr(tlua_errmsg(T), "expected 3 arguments, got 2");
  printf("host: two arguments -> %d: %s\n", status, tlua_errmsg(T));
  tlua_Kernel *none;
  status = tlua_kernel_find(T, "nope", &none);
  ok = ok && status == TLUA_ERRTYPE && none == NULL && strstr(tlua_errmsg(T), "kernels are: saxpy");
  printf("host: find 'nope' -> %d: %s\n", status, tlua_errmsg(T));
  tlua_tensor_desc_init(&d, x, TLUA_DTYPE_F32, TLUA_DEVICE_GPU, 1, &n);
  tlua_Tensor *bad = NULL;
  status = tlua_tensor_wrap(T, &d, &bad);
  ok = ok && status == TLUA_ERRDEVICE && bad == NULL;
  printf("host: device memory on the cpu backend -> %d: %.70s...\n", status, tlua_errmsg(T));

  /* the release callback runs once, when both the application and tilelua are done */
  tlua_tensor_free(ty);
  ok = ok && released == 1;
  tlua_tensor_free(tx);
  tlua_tensor_free(tw);
  tlua_close(T);
  ok = ok && released == 1;
  printf("host: release callbacks: %d\n", released);
  puts(ok ? "host: ok" : "host: FAILED");
  return ok ? 0 : 1;
}
