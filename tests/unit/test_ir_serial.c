/* test_ir_serial.c - IR serialization: traced kernels round-trip byte for byte and field for field,
 * run identically on the CPU executor before and after, and the reader survives damaged and
 * random bytes (every prefix, byte changes, random input) with a precise message. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <lauxlib.h>
#include <lua.h>

#include "ir_serial.h"
#include "tilelua.h"
#include "tu.h"

TLUA_HIDDEN tlua_IR *tlua_check_ir(lua_State *L, int idx);   /* ir_lua.c */

/* Wraps tl._exec: every launch round-trips its IR through the Lua bindings (bytes identical after
 * a second serialization, same printed IR), runs the original and the round-tripped IR on the same
 * tensors from the same starting contents, and requires identical results and lane counts. Each
 * launched IR is kept in `captured` for the C-level checks. */
static const char *const harness =
  "captured, launches = {}, 0\n"
  "print = function() end\n"   /* the examples report on stdout; the test output stays readable */
  "local exec = tl._exec\n"
  "local function flat(t) local out = {}\n"
  "  local function walk(v) if type(v) == 'table' then for i = 1, #v do walk(v[i]) end else out[#out + 1] = v end end\n"
  "  walk(t:tolist()) return out end\n"
  "local function same(a, b) if #a ~= #b then return false end\n"
  "  for i = 1, #a do local x, y = a[i], b[i]\n"
  "    if x ~= y and not (x ~= x and y ~= y) then return false, i end end return true end\n"
  "local function tensors(args) local s = {}\n"
  "  for i = 1, #args do if tl._launch_facts(args[i]) then s[i] = args[i]:clone() end end return s end\n"
  "tl._exec = function(ir, grid, args)\n"
  "  local bytes = tl._ir_serialize(ir)\n"
  "  local ir2 = tl._ir_deserialize(bytes)\n"
  "  assert(tl._ir_serialize(ir2) == bytes, 'serialize(deserialize(s)) differs from s for ' .. tostring(ir))\n"
  "  assert(ir2:print() == ir:print(), 'printed IR differs after the round trip for ' .. tostring(ir))\n"
  "  local before = tensors(args)\n"
  "  local ops1 = exec(ir, grid, args)\n"
  "  local after = {}\n"
  "  for i, t in pairs(before) do after[i] = flat(args[i]); args[i]:copy_from(t) end\n"
  "  local ops2 = exec(ir2, grid, args)\n"
  "  assert(ops1 == ops2, string.format('lane ops %d vs %d', ops1, ops2))\n"
  "  for i, want in pairs(after) do local ok, at = same(flat(args[i]), want)\n"
  "    assert(ok, string.format('%s: argument %d differs at element %s after the round trip', tostring(ir), i, tostring(at))) end\n"
  "  captured[#captured + 1] = ir\n"
  "  launches = launches + 1\n"
  "  return ops1\n"
  "end\n";

/* Kernels covering masks, float and int constants, select, when/else (IF with results), a
 * run-time range loop with carried values (FOR), LDS with a barrier, atomics with old values. */
static const char *const kernels =
  "local dist = tl.pattern2d { block = 64, rows = 8, cols = 64, vec = 2, warp = 64, pattern = 'warp_raked' }\n"
  "local relu = tl.kernel { name = 'relu', block = 64, warp = 64,\n"
  "  params = { { 'x', tl.tensor(tl.f32, 2) }, { 'y', tl.tensor(tl.f32, 2) }, { 'flags', tl.tensor(tl.i32, 1) } },\n"
  "  body = function(k, p)\n"
  "    local t = k:window(p.x, { 0, 0 }, { 8, 64 }, dist):load()\n"
  "    k:window(p.y, { 0, 0 }, { 8, 64 }, dist):store(t:map(function(v) return tl.select(tl.gt(v, 0.0), v, 0.0) end))\n"
  "    k:when(tl.gt(t:get(0), 0.0), function() p.flags:store({ k.thread_id() }, 1) end,\n"
  "                                 function() p.flags:store({ k.thread_id() }, 2) end)\n"
  "  end }\n"
  "local x = tl.empty({ 8, 64 }, tl.f32)\n"
  "for i = 0, 7 do for j = 0, 63 do x:set(i, j, ((i * 64 + j) * 37 % 19) - 9.5) end end\n"
  "relu({ 1 }, x, tl.zeros({ 8, 64 }, tl.f32), tl.zeros({ 64 }, tl.i32))\n"
  "local gd = tl.pattern2d { block = 32, rows = 16, cols = 16, vec = 4, warp = 32 }\n"
  "local gemm = tl.kernel { name = 'gemm', block = 32, warp = 32,\n"
  "  params = { { 'a', tl.tensor(tl.f32, 2) }, { 'b', tl.tensor(tl.f32, 2) }, { 'c', tl.tensor(tl.f32, 2) } },\n"
  "  body = function(k, p)\n"
  "    local m0, n0 = k.block_id(1) * 16, k.block_id(0) * 16\n"
  "    local cw = k:window(p.c, { m0, n0 }, { 16, 16 }, gd)\n"
  "    local acc = cw:load():map(function() return 0.0 end)\n"
  "    local K, M, N = p.a:shape(1), p.a:shape(0), p.b:shape(1)\n"
  "    acc = k:range(0, K, 1, function(kk, acc)\n"
  "      return acc:foreach(function(v, idx)\n"
  "        local row, col = m0 + idx[1], n0 + idx[2]\n"
  "        return v + p.a:load({ row, kk }, { mask = tl.lt(row, M) }) * p.b:load({ kk, col }, { mask = tl.lt(col, N) })\n"
  "      end)\n"
  "    end, acc)\n"
  "    cw:store(acc)\n"
  "  end }\n"
  "gemm({ 3, 2 }, tl.rand({ 20, 13 }, tl.f32, 1), tl.rand({ 13, 35 }, tl.f32, 2), tl.zeros({ 20, 35 }, tl.f32))\n"
  "local atomics = tl.kernel { name = 'atomics', block = 32, warp = 32,\n"
  "  params = { { 'a', tl.tensor(tl.i32, 1) }, { 'old', tl.tensor(tl.i32, 1) }, { 'b', tl.tensor(tl.i32, 1) } },\n"
  "  body = function(k, p)\n"
  "    local t = k.thread_id()\n"
  "    p.old:store({ t }, p.a:atomic_cas({ 0 }, t + 1, { cmp = 0, old = true, order = 'acq_rel', scope = 'device' }))\n"
  "    p.old:store({ t + 32 }, p.a:atomic_xchg({ 1 }, t, { old = true, order = 'relaxed' }))\n"
  "    p.b:atomic_max({ 0 }, t * 3, { order = 'release' })\n"
  "    p.b:atomic_min({ 1 }, t - 5, { order = 'acquire', scope = 'system' })\n"
  "    p.b:atomic_or({ 2 }, 1 << (t % 8))\n"
  "  end }\n"
  "atomics({ 1 }, tl.zeros({ 2 }, tl.i32), tl.zeros({ 64 }, tl.i32), tl.from({ 0, 100, 0 }, tl.i32))\n";

static tlua_IR *grabbed;
static int grab(lua_State *L) {
  grabbed = tlua_check_ir(L, 1);
  return 0;
}

/* The IR at captured[i] of the state (NULL when there is none). */
static tlua_IR *captured_ir(tlua_State *T, int i) {
  lua_State *L = tlua_lua(T);
  grabbed = NULL;
  lua_pushcfunction(L, grab);
  lua_getglobal(L, "captured");
  if (!lua_istable(L, -1)) { lua_pop(L, 2); return NULL; }
  lua_rawgeti(L, -1, i);
  lua_remove(L, -2);
  if (lua_isnil(L, -1) || lua_pcall(L, 1, 0, 0) != LUA_OK) { lua_pop(L, 1); return NULL; }
  return grabbed;
}

static tlua_State *open_harness(int *tu_failed_) {
  tlua_State *T = NULL;
  setenv("TILELUA_CACHE", "0", 1);   /* trace every kernel: no front index from earlier runs */
  if (tlua_open(NULL, &T) != TLUA_OK) {
    fprintf(stderr, "  tlua_open failed\n");
    *tu_failed_ = 1;
    return NULL;
  }
  if (tlua_dostring(T, harness, "=harness") != TLUA_OK) {
    fprintf(stderr, "  harness: %s\n", tlua_errmsg(T));
    tlua_close(T);
    *tu_failed_ = 1;
    return NULL;
  }
  return T;
}

/* Field-by-field equality of two IRs (the serialized form could hide a dropped field). */
static const char *ir_diff(const tlua_IR *a, const tlua_IR *b) {
  if (strcmp(a->name, b->name) || strcmp(a->source_name, b->source_name)) return "names";
  if (a->block != b->block || a->warp != b->warp) return "block/warp";
  if (a->nparams != b->nparams || a->nlds != b->nlds) return "param/LDS counts";
  for (int i = 0; i < a->nparams; i++) {
    const tlua_Param *p = &a->params[i], *q = &b->params[i];
    if (strcmp(p->name, q->name) || p->kind != q->kind || p->dtype != q->dtype || p->rank != q->rank ||
        p->shape_div16 != q->shape_div16 || p->stride_div16 != q->stride_div16 ||
        p->aligned16 != q->aligned16 || p->last_contiguous != q->last_contiguous)
      return "a parameter";
  }
  for (int i = 0; i < a->nlds; i++)
    if (a->lds[i].dtype != b->lds[i].dtype || a->lds[i].count != b->lds[i].count) return "an LDS buffer";
  if (a->nmbar != b->nmbar || a->ntma != b->ntma || a->cluster != b->cluster) return "mbarrier/TMA counts or cluster";
  for (int i = 0; i < a->nmbar; i++)
    if (a->mbar[i].count != b->mbar[i].count || a->mbar[i].arrivals != b->mbar[i].arrivals) return "an mbarrier array";
  for (int i = 0; i < a->ntma; i++)
    if (memcmp(&a->tma[i], &b->tma[i], sizeof a->tma[i])) return "a TMA descriptor";
  if (a->ninstrs != b->ninstrs || a->noperands != b->noperands || a->nregions != b->nregions) return "counts";
  for (int i = 0; i < a->ninstrs; i++) {
    const tlua_Instr *x = &a->instrs[i], *y = &b->instrs[i];
    if (x->op != y->op || x->dtype != y->dtype || x->has_value != y->has_value || x->nops != y->nops ||
        x->ops != y->ops || x->region[0] != y->region[0] || x->region[1] != y->region[1] ||
        x->imm != y->imm || x->imm2 != y->imm2 || memcmp(&x->fimm, &y->fimm, sizeof x->fimm) ||
        x->vec != y->vec || x->vec_lane != y->vec_lane || x->atomic_op != y->atomic_op ||
        x->order != y->order || x->scope != y->scope || x->space != y->space ||
        x->want_old != y->want_old || x->line != y->line || x->src_line != y->src_line)
      return "an instruction";
  }
  if (a->noperands && memcmp(a->operands, b->operands, (size_t)a->noperands * sizeof *a->operands)) return "operands";
  for (int r = 0; r < a->nregions; r++)
    if (a->regions[r].n != b->regions[r].n ||
        (a->regions[r].n && memcmp(a->regions[r].instrs, b->regions[r].instrs,
                                   (size_t)a->regions[r].n * sizeof(int32_t))))
      return "a region";
  return NULL;
}

#define FAIL_N(...) do { fprintf(stderr, "  %s:%d: ", __FILE__, __LINE__); fprintf(stderr, __VA_ARGS__); \
    fputc('\n', stderr); *tu_failed_ = 1; return -1; } while (0)

/* C-level round trip of every captured IR; returns how many were checked (-1 after a failure). */
static int check_captured(int *tu_failed_, tlua_State *T) {
  int n = 0;
  char err[512];
  for (int i = 1;; i++) {
    tlua_IR *ir = captured_ir(T, i);
    if (!ir) break;
    void *b1, *b2;
    size_t n1, n2;
    tlua_IR *back;
    if (tlua_ir_serialize(ir, &b1, &n1, err, sizeof err)) FAIL_N("serialize: %s", err);
    if (tlua_ir_deserialize(b1, n1, &back, err, sizeof err)) { free(b1); FAIL_N("deserialize %s: %s", ir->name, err); }
    const char *diff = ir_diff(ir, back);
    int verified = back->verified;
    int rc = tlua_ir_serialize(back, &b2, &n2, err, sizeof err);
    int same = rc == 0 && n1 == n2 && memcmp(b1, b2, n1) == 0;
    free(b1);
    if (rc == 0) free(b2);
    tlua_ir_free(back);
    if (diff) FAIL_N("kernel %s: %s differ after the round trip", ir->name, diff);
    if (!verified) FAIL_N("kernel %s: the deserialized IR is not marked verified", ir->name);
    if (!same) FAIL_N("kernel %s: second serialization differs", ir->name);
    n++;
  }
  return n;
}

TU_TEST(inline_kernels_round_trip) {
  tlua_State *T = open_harness(tu_failed_);
  if (!T) return;
  if (tlua_dostring(T, kernels, "=kernels") != TLUA_OK) {
    fprintf(stderr, "  kernels: %s\n", tlua_errmsg(T));
    tlua_close(T);
    TU_FAIL_("the inline kernels failed");
  }
  double launches = 0;
  ASSERT_EQ(tlua_get_number(T, "launches", &launches), TLUA_OK);
  ASSERT_EQ((int)launches, 3);
  int checked = check_captured(tu_failed_, T);
  tlua_close(T);
  ASSERT_EQ(checked, 3);
}

/* The repository's kernel tests and examples (found next to this file), each through the harness. */
TU_TEST(repository_kernels_round_trip) {
  char src[1024];
  snprintf(src, sizeof src, "%s", __FILE__);
  char *cut = strstr(src, "/tests/unit/test_ir_serial.c");
  if (!cut || src[0] != '/') TU_SKIP("source tree not found from __FILE__");
  *cut = '\0';
  static const char *const scripts[] = {
    "tests/lua/kernel_atomic_old.lua", "tests/lua/kernel_block_sum.lua",
    "tests/lua/kernel_conditional_sweep.lua", "tests/lua/kernel_histogram.lua",
    "tests/lua/kernel_range_gemm.lua", "tests/lua/kernel_reduce_rows.lua",
    "tests/lua/kernel_transpose_lds.lua", "tests/lua/kernel_elementwise_ragged.lua",
    "tests/lua/kernel_async.lua",
    "examples/block_sum.lua", "examples/gemm_sweep.lua", "examples/row_softmax.lua",
    "examples/scale2d.lua", "examples/transpose.lua",
    "examples/std_softmax.lua", /* a kernel of the stdlib's: its instructions carry src_line */
  };
  char cwd[1024], tmp[] = "/tmp/tlua-ir-serial.XXXXXX";
  ASSERT(getcwd(cwd, sizeof cwd) != NULL);
  ASSERT(mkdtemp(tmp) != NULL);
  ASSERT_EQ(chdir(tmp), 0);   /* examples may write files */
  int total = 0;
  for (size_t s = 0; s < sizeof scripts / sizeof scripts[0]; s++) {
    char path[1400], setup[1400];
    snprintf(path, sizeof path, "%s/%s", src, scripts[s]);
    if (access(path, R_OK) != 0) continue;   /* a script that was renamed or removed */
    tlua_State *T = open_harness(tu_failed_);
    if (!T) break;
    snprintf(setup, sizeof setup, "package.path = '%s/tests/lua/lib/?.lua;' .. package.path", src);
    int ok = tlua_dostring(T, setup, "=setup") == TLUA_OK && tlua_dofile(T, path) == TLUA_OK;
    if (!ok) fprintf(stderr, "  %s: %s\n", scripts[s], tlua_errmsg(T));
    double launches = 0;
    tlua_get_number(T, "launches", &launches);
    int checked = ok ? check_captured(tu_failed_, T) : 0;
    tlua_close(T);
    if (!ok) { *tu_failed_ = 1; break; }
    if (launches < 1 || checked < 1) { *tu_failed_ = 1; fprintf(stderr, "  %s launched no kernel through tl._exec\n", scripts[s]); break; }
    total += checked;
  }
  ASSERT_EQ(chdir(cwd), 0);
  rmdir(tmp);
  ASSERT(total >= 10);
}

/* Serialized bytes of the relu kernel (the smallest one with an IF), for the damage tests. */
static void *relu_bytes(int *tu_failed_, size_t *n) {
  tlua_State *T = open_harness(tu_failed_);
  if (!T) return NULL;
  void *b = NULL;
  char err[256];
  if (tlua_dostring(T, kernels, "=kernels") == TLUA_OK) {
    tlua_IR *ir = captured_ir(T, 1);
    if (ir && tlua_ir_serialize(ir, &b, n, err, sizeof err) != 0) b = NULL;
  }
  tlua_close(T);
  if (!b) *tu_failed_ = 1;
  return b;
}

/* Deserializes an exact-size heap copy (ASan sees reads past the end); an accepted IR must verify
 * and serialize again. Returns the status. */
static int try_bytes(const uint8_t *b, size_t n, char *err, size_t errsz) {
  uint8_t *copy = malloc(n ? n : 1);
  if (n) memcpy(copy, b, n);
  tlua_IR *ir = NULL;
  int rc = tlua_ir_deserialize(copy, n, &ir, err, errsz);
  free(copy);
  if (rc == 0) {
    void *again;
    size_t m;
    if (!ir->verified || tlua_ir_verify(ir, NULL, 0) != 0 || tlua_ir_serialize(ir, &again, &m, NULL, 0) != 0) abort();
    free(again);
    tlua_ir_free(ir);
  } else if (ir != NULL || !err[0]) {
    abort();
  }
  return rc;
}

TU_TEST(damaged_bytes_refused) {
  size_t n;
  uint8_t *b = relu_bytes(tu_failed_, &n);
  if (!b) return;
  char err[512];
  ASSERT_EQ(try_bytes(b, n, err, sizeof err), 0);
  for (size_t k = 0; k < n; k++) {
    if (try_bytes(b, k, err, sizeof err) != -1) { free(b); TU_FAIL_("prefix of %zu bytes accepted", k); }
    if (k >= 8 && !strstr(err, "truncated at byte")) { free(b); TU_FAIL_("prefix %zu: %s", k, err); }
  }
  ASSERT_EQ(try_bytes(b, 3, err, sizeof err), -1);
  ASSERT_CONTAINS(err, "bad magic");
  uint8_t *longer = malloc(n + 1);
  memcpy(longer, b, n);
  longer[n] = 0;
  ASSERT_EQ(try_bytes(longer, n + 1, err, sizeof err), -1);
  ASSERT_CONTAINS(err, "1 bytes after the end of the IR");
  free(longer);
  /* every byte changed in three ways: refused with a message, or (when the change keeps a valid
     IR, e.g. a line number) accepted as a verified IR */
  uint8_t *m = malloc(n);
  int refused = 0;
  for (size_t at = 0; at < n; at++) {
    static const uint8_t flips[] = {0x01, 0x80, 0xff};
    for (int f = 0; f < 3; f++) {
      memcpy(m, b, n);
      m[at] ^= flips[f];
      refused += try_bytes(m, n, err, sizeof err) != 0;
    }
  }
  ASSERT(refused > (int)n);   /* most changes break something */
  /* a valid-looking header and random rest; and pure random bytes */
  uint64_t x = 88172645463325252ull;
  for (int iter = 0; iter < 20000; iter++) {
    size_t k = (size_t)(iter % 300);
    uint8_t *r = malloc(k + 1);
    for (size_t i = 0; i < k; i++) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      r[i] = iter % 2 && i < n ? (uint8_t)(b[i] ^ ((x & 0x3f) == 0 ? x >> 8 : 0)) : (uint8_t)x;
    }
    try_bytes(r, k, err, sizeof err);
    free(r);
  }
  free(m);
  free(b);
}

/* shape_div16's bits 8..10 hold log2 of the last dimension's divisor, at most 4 (16): more, or
 * bits above, are refused as damage. */
TU_TEST(last_divisor_bits_checked) {
  static const struct { uint32_t bits; int ok; } cases[] = {{0x003, 1}, {0x401, 1}, {0x100, 1}, {0x500, -1}, {0x800, -1}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    tlua_IR *ir = tlua_ir_new("facts", 64, 32);
    ASSERT(ir != NULL);
    ASSERT_EQ(tlua_ir_add_param(ir, "x", TLUA_PARAM_TENSOR, TLUA_F32, 2), 0);
    ir->params[0].shape_div16 = cases[i].bits;
    void *b;
    size_t n;
    char err[512];
    ASSERT_EQ(tlua_ir_serialize(ir, &b, &n, err, sizeof err), 0);
    tlua_IR *out = NULL;
    int rc = tlua_ir_deserialize(b, n, &out, err, sizeof err);
    if (cases[i].ok == 1) {
      ASSERT_EQ(rc, 0);
      ASSERT_EQ(out->params[0].shape_div16, cases[i].bits);
      tlua_ir_free(out);
    } else {
      ASSERT_EQ(rc, -1);
      ASSERT_CONTAINS(err, "bad value before byte");
      ASSERT_CONTAINS(err, "in parameter 0");
    }
    free(b);
    tlua_ir_free(ir);
  }
}

/* A structurally complete IR that breaks a rule reaches the verifier and is refused with its
 * message; the verified flag is not set on anything handed out. */
TU_TEST(invalid_ir_refused_by_verifier) {
  tlua_IR *ir = tlua_ir_new("bad", 64, 32);
  ASSERT(ir != NULL);
  int c = tlua_ir_emit(ir, 0, TLUA_OP_CONST, TLUA_F32, 1, NULL, 0, 7);
  int32_t ops[2] = {c, c + 5};   /* an operand that does not exist */
  tlua_ir_emit(ir, 0, TLUA_OP_ADD, TLUA_F32, 1, ops, 2, 8);
  void *b;
  size_t n;
  char err[512];
  ASSERT_EQ(tlua_ir_serialize(ir, &b, &n, err, sizeof err), 0);
  tlua_IR *out = (tlua_IR *)1;
  ASSERT_EQ(tlua_ir_deserialize(b, n, &out, err, sizeof err), -1);
  ASSERT(out == NULL);
  ASSERT_CONTAINS(err, "IR bytes: not a valid IR: instruction 1 (add, line 8)");
  free(b);
  tlua_ir_free(ir);
  /* an empty IR (no instructions) is valid and round-trips */
  ir = tlua_ir_new("empty", 32, 32);
  ASSERT_EQ(tlua_ir_serialize(ir, &b, &n, err, sizeof err), 0);
  ASSERT_EQ(tlua_ir_deserialize(b, n, &out, err, sizeof err), 0);
  ASSERT_STR_EQ(out->name, "empty");
  ASSERT_EQ(out->ninstrs, 0);
  ASSERT_EQ(out->verified, 1);
  free(b);
  tlua_ir_free(out);
  tlua_ir_free(ir);
}

TU_TEST(lua_binding_errors) {
  tlua_State *T = NULL;
  ASSERT_EQ(tlua_open(NULL, &T), TLUA_OK);
  ASSERT_EQ(tlua_dostring(T, "tl._ir_deserialize('TLUAIR')", "=t"), TLUA_ERRRUN);
  ASSERT_CONTAINS(tlua_errmsg(T), "IR bytes: bad magic");
  ASSERT_EQ(tlua_dostring(T, "tl._ir_deserialize('TLUAIR\\0\\4\\5\\0')", "=t"), TLUA_ERRRUN);
  ASSERT_CONTAINS(tlua_errmsg(T), "truncated at byte 10 reading kernel name");
  ASSERT_EQ(tlua_dostring(T, "tl._ir_serialize(42)", "=t"), TLUA_ERRRUN);
  ASSERT_CONTAINS(tlua_errmsg(T), "tilelua.IR expected");
  tlua_close(T);
}

TU_MAIN(TU_ENTRY(inline_kernels_round_trip), TU_ENTRY(repository_kernels_round_trip),
        TU_ENTRY(damaged_bytes_refused), TU_ENTRY(invalid_ir_refused_by_verifier), TU_ENTRY(last_divisor_bits_checked),
        TU_ENTRY(lua_binding_errors))
