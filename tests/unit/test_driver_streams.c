/* test_driver_streams.c - the CUDA backend's streams, against the fake driver (tests/unit/fake_cuda.c, named by
 * TILELUA_LIBCUDA and TILELUA_NVRTC): a buffer's first clear and upload go on the application's stream (a
 * non-blocking stream is not ordered after the legacy stream), the clear without a host wait, and a copy back to the
 * host waits for that stream first; work on the legacy stream or another stream is ordered before an application
 * stream's clear by an event, and tilelua's legacy-stream work before an application stream's launch. */
#include <dlfcn.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tilelua.h"
#include "tu.h"

static const char *(*fake_log)(void);
static void (*fake_clear)(void);

/* A state on the fake CUDA driver; NULL with *why NULL where TILELUA_LIBCUDA is unset (the binary run by hand: the
 * test skips), or with *why saying what failed (under CTest, which sets it: the test fails) */
static tlua_State *open_fake(const char **why) {
  *why = NULL;
  const char *lib = getenv("TILELUA_LIBCUDA");
  if (!lib || !*lib) return NULL;
  void *h = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
  if (!h) return *why = dlerror(), NULL;
  *(void **)&fake_log = dlsym(h, "fake_cuda_log");
  *(void **)&fake_clear = dlsym(h, "fake_cuda_clear");
  if (!fake_log || !fake_clear) return *why = "the library has no fake_cuda_log", NULL;
  tlua_Config cfg;
  tlua_config_init(&cfg);
  cfg.backend = "cuda";
  tlua_State *T = NULL;
  if (tlua_open(&cfg, &T) != TLUA_OK) return *why = "tlua_open on the cuda backend failed", NULL;
  return T;
}

/* T, a state on the fake driver, declared; the test skips or fails as open_fake says */
#define OPEN_FAKE(T)                                                     \
  const char *why_;                                                      \
  tlua_State *T = open_fake(&why_);                                      \
  if (!T && !why_) TU_SKIP("no fake driver (TILELUA_LIBCUDA unset)");    \
  if (!T) TU_FAIL_("the fake driver: %s", why_)

/* The tensor global `name` made by `code`, placed on the device (its first clear or upload). */
static int to_device(tlua_State *T, const char *code, const char *name, tlua_Tensor **t) {
  if (tlua_dostring(T, code, "=test") != TLUA_OK) return 1;
  if (tlua_get_tensor(T, name, t) != TLUA_OK) return 1;
  tlua_TensorDesc d;
  return tlua_tensor_describe(T, *t, TLUA_DEVICE_GPU, &d) != TLUA_OK;
}

TU_TEST(legacy_stream) {
  OPEN_FAKE(T);
  ASSERT_STR_EQ(tlua_backend(T), "cuda");
  tlua_Tensor *z = NULL, *u = NULL;
  fake_clear();
  ASSERT_EQ(to_device(T, "z = tl.zeros({256}, tl.f32)", "z", &z), 0);
  ASSERT_CONTAINS(fake_log(), "memset 1024\n");
  ASSERT(strstr(fake_log(), "memset_async") == NULL);
  ASSERT(strstr(fake_log(), "stream_sync") == NULL);
  fake_clear();
  ASSERT_EQ(to_device(T, "u = tl.from({1, 2, 3, 4}, tl.f32)", "u", &u), 0);
  ASSERT_CONTAINS(fake_log(), "htod 16\n");
  ASSERT(strstr(fake_log(), "htod_async") == NULL);
  tlua_tensor_free(z);
  tlua_tensor_free(u);
  tlua_close(T);
}

TU_TEST(application_stream) {
  OPEN_FAKE(T);
  void *stream = (void *)(uintptr_t)0x5000;
  char want[64];
  ASSERT_EQ(tlua_set_stream(T, stream), TLUA_OK);
  ASSERT_EQ(tlua_dostring(T, "assert(tl._launch_stream() == 0x5000, tl._launch_stream())", "=test"), TLUA_OK);
  tlua_Tensor *z = NULL, *u = NULL;
  /* the clear: on the stream, no host wait */
  fake_clear();
  ASSERT_EQ(to_device(T, "z = tl.zeros({256}, tl.f32)", "z", &z), 0);
  snprintf(want, sizeof want, "memset_async 1024 %p\n", stream);
  ASSERT_STR_EQ(strstr(fake_log(), "memset"), want);
  ASSERT(strstr(fake_log(), "stream_sync") == NULL);
  /* a second, the stream's last work the first clear: still no host wait */
  fake_clear();
  tlua_Tensor *z1 = NULL;
  ASSERT_EQ(to_device(T, "z1 = tl.zeros({16}, tl.f32)", "z1", &z1), 0);
  snprintf(want, sizeof want, "memset_async 64 %p\n", stream);
  ASSERT_STR_EQ(strstr(fake_log(), "memset"), want);
  ASSERT(strstr(fake_log(), "stream_sync") == NULL);
  tlua_tensor_free(z1);
  /* the copy back to the host waits for the stream (the clear) first */
  fake_clear();
  ASSERT_EQ(tlua_dostring(T, "assert(z:tolist()[1] == 0)", "=test"), TLUA_OK);
  snprintf(want, sizeof want, "stream_sync %p\ndtoh 1024\n", stream);
  ASSERT_STR_EQ(fake_log(), want);
  /* the upload: on the stream, then waited for (the host buffer may be the application's, pinned) */
  fake_clear();
  ASSERT_EQ(to_device(T, "u = tl.from({1, 2, 3, 4}, tl.f32)", "u", &u), 0);
  snprintf(want, sizeof want, "htod_async 16 %p\nstream_sync %p\n", stream, stream);
  ASSERT_STR_EQ(strstr(fake_log(), "htod"), want);
  ASSERT_EQ(tlua_dostring(T, "assert(u:tolist()[3] == 3)", "=test"), TLUA_OK);
  /* back on the legacy stream: the legacy forms again */
  ASSERT_EQ(tlua_set_stream(T, NULL), TLUA_OK);
  tlua_tensor_free(z);
  fake_clear();
  ASSERT_EQ(to_device(T, "z2 = tl.zeros({8}, tl.f32)", "z2", &z), 0);
  ASSERT_CONTAINS(fake_log(), "memset 32\n");
  tlua_tensor_free(z);
  tlua_tensor_free(u);
  tlua_close(T);
}

/* from one stream to another: the clear on the new stream is ordered after the old one's work (on the buffer, which
 * the pool may hand on) by an event, without a host wait; from the legacy stream to an application's, after the legacy
 * stream's clear the same way */
TU_TEST(stream_switches) {
  OPEN_FAKE(T);
  void *a = (void *)(uintptr_t)0x5000, *b = (void *)(uintptr_t)0x6000;
  char want[96];
  tlua_Tensor *t = NULL;
  ASSERT_EQ(to_device(T, "l = tl.zeros({4}, tl.f32)", "l", &t), 0); /* (on the legacy stream) */
  tlua_tensor_free(t);
  ASSERT_EQ(tlua_set_stream(T, a), TLUA_OK);
  fake_clear();
  ASSERT_EQ(to_device(T, "x = tl.zeros({8}, tl.f32)", "x", &t), 0);
  snprintf(want, sizeof want, "event_record %p\nstream_wait_event %p\nmemset_async 32 %p\n", (void *)NULL, a, a);
  ASSERT_STR_EQ(strstr(fake_log(), "event_record"), want);
  ASSERT(strstr(fake_log(), "stream_sync") == NULL);
  tlua_tensor_free(t);
  ASSERT_EQ(tlua_set_stream(T, b), TLUA_OK);
  fake_clear();
  ASSERT_EQ(to_device(T, "y = tl.zeros({16}, tl.f32)", "y", &t), 0);
  snprintf(want, sizeof want, "event_record %p\nstream_wait_event %p\nmemset_async 64 %p\n", a, b, b);
  ASSERT_STR_EQ(strstr(fake_log(), "event_record"), want);
  ASSERT(strstr(fake_log(), "stream_sync") == NULL);
  tlua_tensor_free(t);
  /* tlua_synchronize of another stream leaves b's clear to be waited for before a copy back */
  ASSERT_EQ(tlua_synchronize(T, a), TLUA_OK);
  fake_clear();
  ASSERT_EQ(tlua_dostring(T, "assert(y:tolist()[1] == 0)", "=test"), TLUA_OK);
  snprintf(want, sizeof want, "stream_sync %p\ndtoh 64\n", b);
  ASSERT_STR_EQ(fake_log(), want);
  tlua_close(T);
}

/* A kernel's launch on an application's stream is ordered after the legacy stream's work (here a buffer's clear, then
 * a launch there) by an event, once after each; not after another application stream's launches (the application's
 * to order, as with torch's streams). The launches are the fake's: compiled to a placeholder, never run. */
TU_TEST(launch_order) {
  OPEN_FAKE(T);
  void *a = (void *)(uintptr_t)0x5000, *b = (void *)(uintptr_t)0x6000;
  char want[160];
  ASSERT_EQ(tlua_dostring(T,
                          "touch = tl.kernel { name = 'touch', block = 32, warp = 32,\n"
                          "  params = { { 'x', tl.tensor(tl.f32, 1) } },\n"
                          "  body = function(k, p) p.x:store({ k.thread_id() }, 1.0) end }\n"
                          "x = tl.zeros({ 32 }, tl.f32)",
                          "=test"),
            TLUA_OK);
  /* the buffer's clear on the legacy stream (the state's stream is the legacy one) */
  tlua_Tensor *t = NULL;
  ASSERT_EQ(tlua_get_tensor(T, "x", &t), TLUA_OK);
  tlua_TensorDesc desc;
  ASSERT_EQ(tlua_tensor_describe(T, t, TLUA_DEVICE_GPU, &desc), TLUA_OK);
  tlua_tensor_free(t);
  ASSERT_EQ(tlua_set_stream(T, a), TLUA_OK);
  fake_clear();
  ASSERT_EQ(tlua_dostring(T, "touch({ 1 }, x)", "=test"), TLUA_OK);
  snprintf(want, sizeof want, "event_record %p\nstream_wait_event %p\nlaunch %p\n", (void *)NULL, a, a);
  ASSERT_STR_EQ(fake_log(), want);
  /* once: the next launch on a is already after it */
  fake_clear();
  ASSERT_EQ(tlua_dostring(T, "touch({ 1 }, x)", "=test"), TLUA_OK);
  snprintf(want, sizeof want, "launch %p\n", a);
  ASSERT_STR_EQ(fake_log(), want);
  /* a launch on the legacy stream, then on b: b ordered after it */
  ASSERT_EQ(tlua_set_stream(T, NULL), TLUA_OK);
  fake_clear();
  ASSERT_EQ(tlua_dostring(T, "touch({ 1 }, x)", "=test"), TLUA_OK);
  snprintf(want, sizeof want, "launch %p\n", (void *)NULL);
  ASSERT_STR_EQ(fake_log(), want);
  ASSERT_EQ(tlua_set_stream(T, b), TLUA_OK);
  fake_clear();
  ASSERT_EQ(tlua_dostring(T, "touch({ 1 }, x)", "=test"), TLUA_OK);
  snprintf(want, sizeof want, "event_record %p\nstream_wait_event %p\nlaunch %p\n", (void *)NULL, b, b);
  ASSERT_STR_EQ(fake_log(), want);
  /* from b to a: no ordering between two application streams' launches */
  ASSERT_EQ(tlua_set_stream(T, a), TLUA_OK);
  fake_clear();
  ASSERT_EQ(tlua_dostring(T, "touch({ 1 }, x)", "=test"), TLUA_OK);
  snprintf(want, sizeof want, "launch %p\n", a);
  ASSERT_STR_EQ(fake_log(), want);
  /* a copy back waits on the host for the last launch's stream */
  fake_clear();
  ASSERT_EQ(tlua_dostring(T, "assert(#x:tolist() == 32)", "=test"), TLUA_OK);
  snprintf(want, sizeof want, "stream_sync %p\ndtoh 128\n", a);
  ASSERT_STR_EQ(fake_log(), want);
  tlua_close(T);
}

TU_MAIN(TU_ENTRY(legacy_stream), TU_ENTRY(application_stream), TU_ENTRY(stream_switches), TU_ENTRY(launch_order))
