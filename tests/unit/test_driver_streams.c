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
static int (*fake_events)(void);

/* the log's lines for stream `to` ordered after stream `from` by the device's event (the last one the fake made) */
static const char *ordered(void *from, void *to) {
  static char lines[4][96];
  static int next;
  char *l = lines[next++ % 4];
  int e = fake_events() - 1;
  snprintf(l, sizeof lines[0], "event_record %p #%d\nstream_wait_event %p #%d\n", from, e, to, e);
  return l;
}

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
  *(void **)&fake_events = dlsym(h, "fake_cuda_events");
  if (!fake_log || !fake_clear || !fake_events) return *why = "the library has no fake_cuda_log", NULL;
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
 * stream's clear the same way, for each application stream */
TU_TEST(stream_switches) {
  OPEN_FAKE(T);
  void *a = (void *)(uintptr_t)0x5000, *b = (void *)(uintptr_t)0x6000;
  char want[256];
  tlua_Tensor *t = NULL;
  ASSERT_EQ(to_device(T, "l = tl.zeros({4}, tl.f32)", "l", &t), 0); /* (on the legacy stream) */
  tlua_tensor_free(t);
  ASSERT_EQ(tlua_set_stream(T, a), TLUA_OK);
  fake_clear();
  ASSERT_EQ(to_device(T, "x = tl.zeros({8}, tl.f32)", "x", &t), 0);
  snprintf(want, sizeof want, "%smemset_async 32 %p\n", ordered(NULL, a), a);
  ASSERT_STR_EQ(strstr(fake_log(), "event_record"), want);
  ASSERT(strstr(fake_log(), "stream_sync") == NULL);
  tlua_tensor_free(t);
  /* b: after the legacy stream's clear, which only a was ordered after, and after a */
  ASSERT_EQ(tlua_set_stream(T, b), TLUA_OK);
  fake_clear();
  ASSERT_EQ(to_device(T, "y = tl.zeros({16}, tl.f32)", "y", &t), 0);
  snprintf(want, sizeof want, "%s%smemset_async 64 %p\n", ordered(NULL, b), ordered(a, b), b);
  ASSERT_STR_EQ(strstr(fake_log(), "event_record"), want);
  ASSERT(strstr(fake_log(), "stream_sync") == NULL);
  tlua_tensor_free(t);
  /* tlua_synchronize of another stream leaves b's clear to be waited for before a copy back */
  ASSERT_EQ(tlua_synchronize(T, a), TLUA_OK);
  fake_clear();
  ASSERT_EQ(tlua_dostring(T, "assert(y:tolist()[1] == 0)", "=test"), TLUA_OK);
  snprintf(want, sizeof want, "stream_sync %p\ndtoh 64\n", b);
  ASSERT_STR_EQ(fake_log(), want);
  /* the event is destroyed while the context is held, before its release */
  fake_clear();
  tlua_close(T);
  const char *destroy = strstr(fake_log(), "event_destroy"), *release = strstr(fake_log(), "ctx_release");
  ASSERT(destroy != NULL && release != NULL && destroy < release);
}

/* kernel touch launched on x on `stream`: 1 where the fake's log is the launch alone, after the stream's ordering
 * after the legacy stream where after_legacy (else the log and the wanted one on stderr) */
static int launches(tlua_State *T, void *stream, int after_legacy) {
  if (tlua_set_stream(T, stream) != TLUA_OK) return 0;
  fake_clear();
  if (tlua_dostring(T, "touch({ 1 }, x)", "=test") != TLUA_OK) return 0;
  char want[256];
  snprintf(want, sizeof want, "%slaunch %p\n", after_legacy ? ordered(NULL, stream) : "", stream);
  if (strcmp(fake_log(), want) == 0) return 1;
  fprintf(stderr, "  the log:\n%s  wanted:\n%s", fake_log(), want);
  return 0;
}

/* A kernel's launch on an application's stream is ordered after the legacy stream's work (a buffer's clear or upload,
 * a launch there) by an event, once a stream after each; not after another application stream's launches (the
 * application's to order, as with torch's streams), and not while its stream is under capture. The launches are the
 * fake's: compiled to a placeholder, never run. */
TU_TEST(launch_order) {
  OPEN_FAKE(T);
  void *a = (void *)(uintptr_t)0x5000, *b = (void *)(uintptr_t)0x6000, *g = (void *)(uintptr_t)0x7000;
  char want[256];
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
  ASSERT(launches(T, a, 1));
  /* once: the next launch on a is already after it */
  ASSERT(launches(T, a, 0));
  /* b: after the same clear too */
  ASSERT(launches(T, b, 1));
  /* a and b again: each already after it, and not after each other */
  ASSERT(launches(T, a, 0));
  ASSERT(launches(T, b, 0));
  /* a launch on the legacy stream (its buffers the pool may hand on), then on b: b ordered after it */
  ASSERT(launches(T, NULL, 0));
  ASSERT(launches(T, b, 1));
  /* a stream under capture: no wait for work outside the graph */
  ASSERT(launches(T, g, 0));
  /* an upload on the legacy stream, then a launch on a (a launch before it first, ordered after the legacy launch) */
  ASSERT(launches(T, a, 1));
  ASSERT_EQ(tlua_set_stream(T, NULL), TLUA_OK);
  ASSERT_EQ(to_device(T, "u = tl.from({1, 2, 3, 4}, tl.f32)", "u", &t), 0);
  tlua_tensor_free(t);
  ASSERT(launches(T, a, 1));
  /* after a host wait for the legacy stream nothing is left to order */
  ASSERT_EQ(tlua_synchronize(T, NULL), TLUA_OK);
  ASSERT(launches(T, b, 0));
  /* a copy back waits on the host for the last launch's stream */
  fake_clear();
  ASSERT_EQ(tlua_dostring(T, "assert(#x:tolist() == 32)", "=test"), TLUA_OK);
  snprintf(want, sizeof want, "stream_sync %p\ndtoh 128\n", b);
  ASSERT_STR_EQ(fake_log(), want);
  tlua_close(T);
}

/* the pool hands a freed buffer back to an allocation on the stream it was allocated on, never to another stream's
 * (whose launches are not ordered after the work still using it) */
TU_TEST(pool_streams) {
  OPEN_FAKE(T);
  void *a = (void *)(uintptr_t)0x5000, *b = (void *)(uintptr_t)0x6000;
  tlua_Tensor *t = NULL;
  ASSERT_EQ(tlua_set_stream(T, a), TLUA_OK);
  ASSERT_EQ(to_device(T, "x = tl.zeros({256}, tl.f32)", "x", &t), 0);
  tlua_tensor_free(t);
  ASSERT_EQ(tlua_dostring(T, "x = nil; collectgarbage(); collectgarbage()", "=test"), TLUA_OK);
  /* on b: a buffer of its own */
  ASSERT_EQ(tlua_set_stream(T, b), TLUA_OK);
  fake_clear();
  ASSERT_EQ(to_device(T, "y = tl.zeros({256}, tl.f32)", "y", &t), 0);
  tlua_tensor_free(t);
  ASSERT_CONTAINS(fake_log(), "alloc 1024\n");
  /* on a again: x's buffer */
  ASSERT_EQ(tlua_set_stream(T, a), TLUA_OK);
  fake_clear();
  ASSERT_EQ(to_device(T, "z = tl.zeros({256}, tl.f32)", "z", &t), 0);
  tlua_tensor_free(t);
  ASSERT(strstr(fake_log(), "alloc") == NULL);
  tlua_close(T);
}

/* a buffer used on a stream other than its own goes back to the driver when freed, not to the pool (its work is on
 * two streams); with the pool full of another stream's buffers, a free makes room by giving one of them back */
TU_TEST(pool_mixed_and_full) {
  OPEN_FAKE(T);
  void *a = (void *)(uintptr_t)0x5000, *b = (void *)(uintptr_t)0x6000;
  ASSERT_EQ(tlua_dostring(T,
                          "touch = tl.kernel { name = 'touch', block = 32, warp = 32,\n"
                          "  params = { { 'x', tl.tensor(tl.f32, 1) } },\n"
                          "  body = function(k, p) p.x:store({ k.thread_id() }, 1.0) end }",
                          "=test"),
            TLUA_OK);
  ASSERT_EQ(tlua_set_stream(T, a), TLUA_OK);
  ASSERT_EQ(tlua_dostring(T, "x = tl.empty({256}, tl.f32); touch({1}, x)", "=test"), TLUA_OK);
  ASSERT_EQ(tlua_set_stream(T, b), TLUA_OK);
  ASSERT_EQ(tlua_dostring(T, "touch({1}, x)", "=test"), TLUA_OK);
  fake_clear();
  ASSERT_EQ(tlua_dostring(T, "x = nil; collectgarbage(); collectgarbage()", "=test"), TLUA_OK);
  ASSERT_STR_EQ(fake_log(), "free\n");
  /* 64 buffers of a in the pool (it is full), then one of b's freed */
  ASSERT_EQ(tlua_set_stream(T, a), TLUA_OK);
  ASSERT_EQ(tlua_dostring(T, "t = {}; for i = 1, 64 do t[i] = tl.empty({256}, tl.f32); touch({1}, t[i]) end\n"
                             "t = nil; collectgarbage(); collectgarbage()", "=test"),
            TLUA_OK);
  ASSERT_EQ(tlua_set_stream(T, b), TLUA_OK);
  ASSERT_EQ(tlua_dostring(T, "y = tl.empty({256}, tl.f32); touch({1}, y)", "=test"), TLUA_OK);
  fake_clear();
  ASSERT_EQ(tlua_dostring(T, "y = nil; collectgarbage(); collectgarbage()", "=test"), TLUA_OK);
  ASSERT_STR_EQ(fake_log(), "free\n"); /* (one of a's buffers) */
  fake_clear();
  ASSERT_EQ(tlua_dostring(T, "z = tl.empty({256}, tl.f32); touch({1}, z)", "=test"), TLUA_OK);
  ASSERT(strstr(fake_log(), "alloc") == NULL); /* (y's buffer) */
  tlua_close(T);
}

TU_MAIN(TU_ENTRY(legacy_stream), TU_ENTRY(application_stream), TU_ENTRY(stream_switches), TU_ENTRY(launch_order),
        TU_ENTRY(pool_streams), TU_ENTRY(pool_mixed_and_full))
