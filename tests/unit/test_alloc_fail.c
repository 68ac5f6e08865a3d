/* test_alloc_fail.c - allocation-failure injection: every Lua allocation a script makes is failed
 * in turn, and the library must neither crash nor leak, and must report the failure.
 *
 * For a script S and n = 1, 2, ...: open a fresh state, wrap its Lua allocator (lua_getallocf /
 * lua_setallocf on tlua_lua(T)) with one that refuses the n-th allocation or growth, run S, then
 * check: the run either failed with a status and a message, or succeeded (S caught the error, or
 * Lua tolerated the refusal, e.g. a string-table resize; S's own asserts then passed); the state
 * still runs code; closing it frees everything (the ASan build's leak check sees that). The sweep
 * ends at the first n past the last allocation S makes.
 *
 * Covered: the Lua allocator (tables, strings, closures, userdata, Lua-side buffers). Not covered:
 * the C layers' own malloc/calloc/mmap (tensor storage, IR arrays) and tlua_open itself.
 *
 *   test_alloc_fail                every script, every n (the whole sweep)
 *   test_alloc_fail <script>       one script
 *   TILELUA_ALLOC_FAIL_STRIDE=k    only every k-th n (a reduced sweep, for slow builds) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lua.h>

#include "tilelua.h"
#include "tu.h"

typedef struct Inject {
  lua_Alloc real;
  void *real_ud;
  long count;   /* allocations and growths so far */
  long fail_at; /* the one to refuse (1-based); 0: none */
  int refused;
  int retry; /* the next request, if it repeats the refused one, is refused too */
  void *retry_ptr;
  size_t retry_size;
} Inject;

/* Refuses the fail_at-th allocation, and also Lua's retry of it: after a refusal Lua collects
 * garbage and asks once more for the same block (lmem.c), which would mask a one-shot refusal. */
static void *inject_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  Inject *in = (Inject *)ud;
  if (nsize > 0 && (ptr == NULL || nsize > osize)) {
    if (in->retry && ptr == in->retry_ptr && nsize == in->retry_size) {
      in->retry = 0;
      return NULL;
    }
    in->retry = 0;
    if (++in->count == in->fail_at) {
      in->refused = in->retry = 1;
      in->retry_ptr = ptr;
      in->retry_size = nsize;
      return NULL;
    }
  }
  return in->real(in->real_ud, ptr, osize, nsize);
}

static const char TENSORS[] =
    "local a = tl.arange(12, tl.f32):reshape({3, 4})\n"
    "local b = a:clone(tl.f64)\n"
    "b:set(1, 2, 7.5)\n"
    "local c = tl.from({{1, 2}, {3, 4}}, tl.i32)\n"
    "assert(c:sum() == 10 and b:get(1, 2) == 7.5 and a:get(2, 3) == 11)\n"
    "local r = tl.rand({4}, tl.f16, 3)\n"
    "assert(#tostring(a) > 0 and #tostring(r) > 0 and #a:tolist() == 3)\n"
    "assert(a:max_abs_diff(tl.arange(12):reshape(3, 4)) == 0)\n"
    "local z <close> = tl.zeros_like(a)\n"
    "z:copy_from(a); assert(z:sum() == 66)\n"
    "assert(not pcall(a.get, a, 9, 9))\n";

static const char LAYOUTS[] =
    "local c = tl.curve{lengths = {4, 6}, order = {1, 0}, vector = {2, 1}}\n"
    "assert(c:num_access() == 12 and #tostring(c) > 0 and c:index(3)[1] >= 0)\n"
    "local d = tl.pattern2d{block = 64, rows = 16, cols = 16, vec = 4, warp = 32,\n"
    "                       pattern = 'thread_raked'}\n"
    "assert(d:elements() == 4 and #d:map() > 0)\n"
    "local e = tl.encoding{h = {{4, 16}}, p = {{{1, 1}}}, y = {{1, 0}}}\n"
    "assert(e.threads == 16 and e:coord(3, 1)[1] == 19)\n"
    "local x = tl.descriptor{lengths = {16, 8}}:transform{{tl.xor{16, 8}, lower = {0, 1},\n"
    "                                                     upper = {0, 1}}}\n"
    "assert(x:offset{3, 5} == 3 * 8 + (5 ~ 3))\n"
    "assert(tl.bank_conflicts{offsets = {0, 32, 64, 96}} >= 1)\n";

static const char KERNEL[] =
    "local dist = tl.pattern2d{block = 32, rows = 8, cols = 16, vec = 4, warp = 32}\n"
    "local scale = tl.kernel{\n"
    "  name = 'scale', block = 32, warp = 32,\n"
    "  params = {{'x', tl.tensor(tl.f32, 2)}, {'y', tl.tensor(tl.f32, 2)}, {'alpha', tl.f32}},\n"
    "  body = function(k, p)\n"
    "    local r0, c0 = k.block_id(1) * 8, k.block_id(0) * 16\n"
    "    local t = k:window(p.x, {r0, c0}, {8, 16}, dist):load()\n"
    "    t = t:map(function(v) return v * p.alpha end)\n"
    "    k:window(p.y, {r0, c0}, {8, 16}, dist):store(t)\n"
    "  end,\n"
    "}\n"
    "local x = tl.rand({9, 20}, tl.f32, 1)\n"
    "local y = tl.zeros({9, 20})\n"
    "scale({2, 2}, x, y, 2.0)\n"
    "assert(y:get(8, 19) == 2 * x:get(8, 19) and y:get(0, 0) == 2 * x:get(0, 0))\n";

typedef struct Script { const char *name, *code; } Script;
static const Script SCRIPTS[] = {{"tensors", TENSORS}, {"layouts", LAYOUTS}, {"kernel", KERNEL}};

static long stride(void) {
  const char *s = getenv("TILELUA_ALLOC_FAIL_STRIDE");
  long k = s ? atol(s) : 1;
  return k > 0 ? k : 1;
}

/* Runs the sweep over one script; returns 0 when every n passed (failures are printed). */
static int sweep(const Script *s, long *runs, long *total) {
  tlua_Config cfg;
  tlua_config_init(&cfg);
  cfg.backend = "cpu";
  long step = stride();
  for (long n = 1;; n += step) {
    tlua_State *T = NULL;
    if (tlua_open(&cfg, &T) != TLUA_OK) {
      fprintf(stderr, "  %s: tlua_open failed\n", s->name);
      return 1;
    }
    lua_State *L = tlua_lua(T);
    Inject in = {0};
    in.real = lua_getallocf(L, &in.real_ud);
    in.fail_at = n;
    lua_setallocf(L, inject_alloc, &in);
    int status = tlua_dostring(T, s->code, s->name);
    char msg[200];
    snprintf(msg, sizeof msg, "%s", tlua_errmsg(T));
    int bad = 0;
    if (!in.refused && status != TLUA_OK) {
      fprintf(stderr, "  %s: fails with no allocation refused: %s\n", s->name, msg);
      bad = 1;
    } else if (status != TLUA_OK && msg[0] == '\0') {
      fprintf(stderr, "  %s: allocation %ld refused: status %d with no message\n", s->name, n,
              status);
      bad = 1;
    }
    /* the state is still usable (and nothing more is refused) */
    long script_allocs = in.count;
    in.fail_at = 0;
    in.retry = 0;
    int after = tlua_dostring(T, "local t = {} for i = 1, 100 do t[i] = tostring(i) end "
                                 "assert(#table.concat(t) == 192)", "=after");
    if (after != TLUA_OK) {
      fprintf(stderr, "  %s: allocation %ld refused: state unusable afterwards: %s\n", s->name, n,
              tlua_errmsg(T));
      bad = 1;
    }
    lua_setallocf(L, in.real, in.real_ud);
    tlua_close(T);
    (*runs)++;
    if (bad) return 1;
    if (!in.refused) {
      *total = script_allocs;
      return 0;
    }
  }
}

static int run_script(const Script *s) {
  long runs = 0, total = 0;
  int failed = sweep(s, &runs, &total);
  printf("%s: %ld allocations, %ld runs%s\n", s->name, total, runs, failed ? " (FAILED)" : "");
  return failed;
}

TU_TEST(tensors) { ASSERT_EQ(run_script(&SCRIPTS[0]), 0); }
TU_TEST(layouts) { ASSERT_EQ(run_script(&SCRIPTS[1]), 0); }
TU_TEST(kernel) { ASSERT_EQ(run_script(&SCRIPTS[2]), 0); }

/* The injector itself must be able to fail a run: a refusal outside any pcall is an error. */
TU_TEST(injection_reaches_the_script) {
  tlua_State *T = NULL;
  ASSERT_EQ(tlua_open(NULL, &T), TLUA_OK);
  lua_State *L = tlua_lua(T);
  Inject in = {0};
  in.real = lua_getallocf(L, &in.real_ud);
  in.fail_at = 1;
  lua_setallocf(L, inject_alloc, &in);
  ASSERT_EQ(tlua_dostring(T, "local t = {} t[1] = {}", "=one"), TLUA_ERRMEM);
  ASSERT(in.refused);
  ASSERT_CONTAINS(tlua_errmsg(T), "not enough memory");
  lua_setallocf(L, in.real, in.real_ud);
  tlua_close(T);
}

TU_MAIN(TU_ENTRY(injection_reaches_the_script), TU_ENTRY(tensors), TU_ENTRY(layouts),
        TU_ENTRY(kernel))
