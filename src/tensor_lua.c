/* tensor_lua.c - Lua binding of dtypes (tl.f32, ...) and host tensors (tl.zeros, ..., "tilelua.Tensor"). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "bindings_lua.h"
#include "devices_lua.h"
#include "npy.h"
#include "tensor_budget_lua.h"
#include "tensor_lua.h"

#define DTYPES_KEY "tilelua.dtypes"   /* registry: {[dtype] = its unique DType userdata} */
#define RAND_KEY "tilelua.rand_calls" /* registry: how many unseeded tl.rand calls so far */
#define TOSTRING_ELEMS 8
/* Unseeded tl.rand calls use seeds RAND_STREAM + 0, + 1, ...: far from the small seeds people pass. */
#define RAND_STREAM 0x7e1a5eed00000000ull

typedef struct TensorBox { tlua_Tensor *t; } TensorBox;

/* luaL_error with C's printf formats (lua_pushfstring knows no %lld or %zu); the message still
 * carries the calling script's file:line. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static int tl_error(lua_State *L, const char *fmt, ...) {
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return luaL_error(L, "%s", msg);
}

/* --- dtypes ------------------------------------------------------------------------------------ */

static void push_dtypes_table(lua_State *L) {
  if (lua_getfield(L, LUA_REGISTRYINDEX, DTYPES_KEY) == LUA_TTABLE) return;
  lua_pop(L, 1);
  lua_createtable(L, TLUA_NDTYPES, 0);
  for (int t = 0; t < TLUA_NDTYPES; t++) {
    int *u = (int *)lua_newuserdatauv(L, sizeof *u, 0);
    *u = t;
    luaL_setmetatable(L, TLUA_DTYPE_MT);
    lua_rawseti(L, -2, t);
  }
  lua_pushvalue(L, -1);
  lua_setfield(L, LUA_REGISTRYINDEX, DTYPES_KEY);
}

void tlua_push_dtype(lua_State *L, int dtype) {
  push_dtypes_table(L);
  lua_rawgeti(L, -1, dtype);
  lua_remove(L, -2);
}

int tlua_to_dtype(lua_State *L, int idx) {
  int *u = (int *)luaL_testudata(L, idx, TLUA_DTYPE_MT);
  return u ? *u : -1;
}

int tlua_check_dtype(lua_State *L, int idx) {
  int t = tlua_to_dtype(L, idx);
  if (t >= 0) return t;
  if (lua_type(L, idx) == LUA_TSTRING) {
    t = tlua_dtype_from_name(lua_tostring(L, idx));
    if (t >= 0) return t;
    return luaL_argerror(L, idx, lua_pushfstring(L, "unknown dtype '%s' (f16, bf16, f32, f64, i8, "
                         "u8, i16, u16, i32, u32, i64, u64, bool)", lua_tostring(L, idx)));
  }
  return luaL_argerror(L, idx, lua_pushfstring(L, "dtype expected (tl.f16, tl.bf16, tl.f32, "
                       "tl.f64, tl.i8, ..., tl.bool), got %s", luaL_typename(L, idx)));
}

int tlua_opt_dtype(lua_State *L, int idx, int dflt) {
  return lua_isnoneornil(L, idx) ? dflt : tlua_check_dtype(L, idx);
}

static int dtype_index(lua_State *L) {
  const tlua_DTypeInfo *info = tlua_dtype_info((tlua_DType)tlua_check_dtype(L, 1));
  const char *k = luaL_checkstring(L, 2);
  if (!strcmp(k, "name")) lua_pushstring(L, info->name);
  else if (!strcmp(k, "size")) lua_pushinteger(L, info->size);
  else if (!strcmp(k, "is_float")) lua_pushboolean(L, info->is_float);
  else if (!strcmp(k, "is_signed")) lua_pushboolean(L, info->is_signed);
  else return tl_error(L, "dtype %s has no field '%s' (fields: name, size, is_float, is_signed)",
                         info->name, k);
  return 1;
}

static int dtype_tostring(lua_State *L) {
  lua_pushstring(L, tlua_dtype_info((tlua_DType)tlua_check_dtype(L, 1))->name);
  return 1;
}

static int dtype_eq(lua_State *L) {
  lua_pushboolean(L, tlua_to_dtype(L, 1) >= 0 && tlua_to_dtype(L, 1) == tlua_to_dtype(L, 2));
  return 1;
}

static const luaL_Reg dtype_meta[] = {
  {"__index", dtype_index},
  {"__tostring", dtype_tostring},
  {"__eq", dtype_eq},
  {NULL, NULL}
};

/* --- tensor objects ---------------------------------------------------------------------------- */

tlua_Tensor *tlua_to_tensor(lua_State *L, int idx) {
  TensorBox *b = (TensorBox *)luaL_testudata(L, idx, TLUA_TENSOR_MT);
  return b ? b->t : NULL;
}

tlua_Tensor *tlua_check_tensor(lua_State *L, int idx) {
  TensorBox *b = (TensorBox *)luaL_checkudata(L, idx, TLUA_TENSOR_MT);
  if (!b->t) tl_error(L, "tensor: used after it was closed");
  return b->t;
}

/* A box in the "closed" state (a failure leaks nothing), once `reserve` bytes fit the limit. */
static TensorBox *push_box(lua_State *L, size_t reserve) {
  tlua_tensor_reserve(L, reserve);
  TensorBox *b = (TensorBox *)lua_newuserdatauv(L, sizeof *b, 0);
  b->t = NULL;
  luaL_setmetatable(L, TLUA_TENSOR_MT);
  return b;
}

void tlua_push_tensor(lua_State *L, tlua_Tensor *t) {
  TensorBox *b = push_box(L, 0);
  tlua_tensor_retain(t);
  b->t = t;
}

/* Pushes a new tensor (the box first, then the allocation). */
static tlua_Tensor *push_new(lua_State *L, tlua_DType dtype, int rank, const int64_t *shape) {
  TensorBox *b = push_box(L, tlua_tensor_shape_bytes(dtype, rank, shape));
  char err[TLUA_TENSOR_ERRLEN];
  if (tlua_tensor_new(dtype, rank, shape, &b->t, err)) tl_error(L, "%s", err);
  tlua_tensor_charge(L, b->t->storage);
  b->t->storage->device_index = tlua_current_device(L);
  return b->t;
}

/* Host-side access on behalf of a script: bring the host copy up to date first. */
static void host_read(lua_State *L, const tlua_Tensor *t) {
  char err[TLUA_TENSOR_ERRLEN];
  if (tlua_tensor_sync_host(t, err)) tl_error(L, "%s", err);
}

static void host_write(lua_State *L, tlua_Tensor *t) {
  host_read(L, t);
  tlua_tensor_host_written(t);
}

/* Raises a C-side message under the script-facing name `who`: "reshape: the new shape has 6
 * elements, the tensor 4" becomes "tensor:reshape: the new shape ...". Out-of-memory messages
 * stay as they are ("tensor: out of memory allocating N bytes"). */
static int raise_c(lua_State *L, const char *who, const char *err) {
  const char *rest = strstr(err, ": ");
  if (strncmp(err, "tensor: out of memory", 21) == 0 || !rest) return tl_error(L, "%s", err);
  return tl_error(L, "%s: %s", who, rest + 2);
}

/* --- argument helpers -------------------------------------------------------------------------- */

/* 1 with *out the integer at idx: a number with an integer value (lua_tointegerx alone would also take the
 * string "2"); 0 otherwise */
static int get_integer(lua_State *L, int idx, int64_t *out) {
  int isnum = 0;
  *out = lua_type(L, idx) == LUA_TNUMBER ? (int64_t)lua_tointegerx(L, idx, &isnum) : 0;
  return isnum;
}

/* An integer argument or raises "who: what must be an integer (got 2.5)". */
static int64_t check_integer(lua_State *L, int idx, const char *who, const char *what) {
  int64_t v;
  if (!get_integer(L, idx, &v)) {
    if (lua_type(L, idx) == LUA_TNUMBER)
      tl_error(L, "%s: %s must be an integer (got %s)", who, what, lua_tostring(L, idx));
    tl_error(L, "%s: %s must be an integer (got %s)", who, what, luaL_typename(L, idx));
  }
  return v;
}

/* A shape: a sequence of lengths ({2, 3}; {} is rank 0) or one integer (rank 1). */
static int check_shape(lua_State *L, int idx, const char *who, int64_t *shape) {
  idx = lua_absindex(L, idx);
  if (lua_type(L, idx) == LUA_TNUMBER) {
    shape[0] = check_integer(L, idx, who, "the length");
    if (shape[0] < 0) tl_error(L, "%s: the length must be >= 0 (got %lld)", who, (long long)shape[0]);
    return 1;
  }
  if (!lua_istable(L, idx))
    tl_error(L, "%s: shape must be a sequence of lengths such as {2, 3} (got %s)", who,
               luaL_typename(L, idx));
  lua_Integer n = luaL_len(L, idx);
  if (n > TLUA_TENSOR_MAX_RANK)
    tl_error(L, "%s: rank %d is over the limit of %d", who, (int)n, TLUA_TENSOR_MAX_RANK);
  for (int d = 0; d < (int)n; d++) {
    char what[64];
    snprintf(what, sizeof what, "the length of dimension %d", d);
    lua_geti(L, idx, d + 1);
    shape[d] = check_integer(L, -1, who, what);
    lua_pop(L, 1);
    if (shape[d] < 0) tl_error(L, "%s: %s must be >= 0 (got %lld)", who, what, (long long)shape[d]);
  }
  int64_t numel;
  char err[TLUA_TENSOR_ERRLEN];
  if (tlua_shape_check((int)n, shape, &numel, err))
    raise_c(L, who, err);
  return (int)n;
}

/* Stores the Lua value at vidx into element idx: integers exactly, floats rounded once, booleans
 * as 1/0. */
static void store_value(lua_State *L, int vidx, tlua_Tensor *t, const int64_t *idx, const char *who) {
  switch (lua_type(L, vidx)) {
  case LUA_TNUMBER:
    if (lua_isinteger(L, vidx)) tlua_tensor_store_i64(t, idx, (int64_t)lua_tointeger(L, vidx));
    else tlua_tensor_store(t, idx, (double)lua_tonumber(L, vidx));
    break;
  case LUA_TBOOLEAN:
    tlua_tensor_store_i64(t, idx, lua_toboolean(L, vidx));
    break;
  default:
    tl_error(L, "%s: value must be a number or a boolean (got %s)", who, luaL_typename(L, vidx));
  }
}

/* Pushes element idx: bool as a boolean, integer types as integers (u64 above 2^63-1 wraps to a
 * negative integer, Lua's own convention), floats as floats. */
static void push_elem(lua_State *L, const tlua_Tensor *t, const int64_t *idx) {
  if (t->dtype == TLUA_BOOL) lua_pushboolean(L, (int)tlua_tensor_load_i64(t, idx));
  else if (tlua_dtype_is_integral(t->dtype)) lua_pushinteger(L, (lua_Integer)tlua_tensor_load_i64(t, idx));
  else lua_pushnumber(L, (lua_Number)tlua_tensor_load(t, idx));
}

/* Reads `rank` indices from stack slots first.. into idx, checking each against the shape. */
static void check_indices(lua_State *L, const tlua_Tensor *t, int first, int n, int64_t *idx,
                          const char *who) {
  if (n != t->rank)
    tl_error(L, "%s: expected %d ind%s (one per dimension of the rank-%d tensor), got %d", who,
               t->rank, t->rank == 1 ? "ex" : "ices", t->rank, n);
  for (int d = 0; d < n; d++) {
    if (get_integer(L, first + d, &idx[d])) continue;
    /* (the message is made only for a bad index: formatting it for each index was most of tensor:get's time) */
    char what[48];
    snprintf(what, sizeof what, "the index of dimension %d", d);
    idx[d] = check_integer(L, first + d, who, what);
  }
  char err[TLUA_TENSOR_ERRLEN];
  if (tlua_tensor_check_index(t, who, n, idx, err)) tl_error(L, "%s", err);
}

/* Reads a table of indices ({i, j}) at tidx onto the stack and checks them. */
static void table_indices(lua_State *L, const tlua_Tensor *t, int tidx, int64_t *idx,
                          const char *who) {
  lua_Integer n = luaL_len(L, tidx);
  if (n > TLUA_TENSOR_MAX_RANK || n != t->rank)
    tl_error(L, "%s: expected %d ind%s (one per dimension of the rank-%d tensor), got %d", who,
               t->rank, t->rank == 1 ? "ex" : "ices", t->rank, (int)n);
  int top = lua_gettop(L);
  luaL_checkstack(L, (int)n, "tensor indices");
  for (lua_Integer i = 1; i <= n; i++) lua_geti(L, tidx, i);
  check_indices(L, t, top + 1, (int)n, idx, who);
  lua_settop(L, top);
}

/* --- tl.from ----------------------------------------------------------------------------------- */

/* Appends "[i]" path parts to buf: "table[2][1]" (Lua's 1-based positions in the nested table). */
static const char *path_str(char *buf, size_t n, const int64_t *path, int depth) {
  size_t len = (size_t)snprintf(buf, n, "table");
  for (int d = 0; d < depth && len < n; d++)
    len += (size_t)snprintf(buf + len, n - len, "[%lld]", (long long)path[d] + 1);
  return buf;
}

/* Fills t from the nested table at the top of the stack (depth d, position path[0..d-1]). */
static void from_fill(lua_State *L, tlua_Tensor *t, int d, int64_t *path) {
  char where[128];
  lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
  if (n != t->shape[d])
    tl_error(L, "tl.from: ragged nesting: %s has %lld entr%s but the first table at that depth "
             "has %lld", path_str(where, sizeof where, path, d), (long long)n, n == 1 ? "y" : "ies",
             (long long)t->shape[d]);
  luaL_checkstack(L, 2, "tl.from nesting");
  for (int64_t i = 0; i < t->shape[d]; i++) {
    path[d] = i;
    lua_rawgeti(L, -1, (lua_Integer)i + 1);
    int ty = lua_type(L, -1);
    if (d + 1 < t->rank) {
      if (ty != LUA_TTABLE)
        tl_error(L, "tl.from: ragged nesting: %s is a %s where a table (depth %d) was expected",
                   path_str(where, sizeof where, path, d + 1), luaL_typename(L, -1), d + 2);
      from_fill(L, t, d + 1, path);
    } else {
      if (ty == LUA_TTABLE)
        tl_error(L, "tl.from: ragged nesting: %s is a table where a number was expected "
                   "(the first entry at this depth is a number)", path_str(where, sizeof where, path, d + 1));
      if (ty != LUA_TNUMBER && ty != LUA_TBOOLEAN)
        tl_error(L, "tl.from: %s is a %s, expected a number or a boolean",
                   path_str(where, sizeof where, path, d + 1), luaL_typename(L, -1));
      store_value(L, lua_gettop(L), t, path, "tl.from");
    }
    lua_pop(L, 1);
  }
}

/* Pushes a tensor built from the Lua value at idx: a tensor (copied), a number or boolean (rank 0)
 * or a nested table of them, shape inferred from the first entries. */
static tlua_Tensor *push_from(lua_State *L, int idx, tlua_DType dtype) {
  idx = lua_absindex(L, idx);
  char err[TLUA_TENSOR_ERRLEN];
  tlua_Tensor *src = tlua_to_tensor(L, idx);
  if (src) {
    host_read(L, src);
    TensorBox *b = push_box(L, tlua_tensor_shape_bytes(dtype, src->rank, src->shape));
    if (tlua_tensor_clone(src, (int)dtype, &b->t, err)) tl_error(L, "%s", err);
    tlua_tensor_charge(L, b->t->storage);
    return b->t;
  }
  int ty = lua_type(L, idx);
  if (ty == LUA_TNUMBER || ty == LUA_TBOOLEAN) {
    tlua_Tensor *t = push_new(L, dtype, 0, NULL);
    store_value(L, idx, t, NULL, "tl.from");
    return t;
  }
  if (ty != LUA_TTABLE)
    tl_error(L, "tl.from: expected a nested table of numbers (got %s)", luaL_typename(L, idx));
  int64_t shape[TLUA_TENSOR_MAX_RANK];
  int rank = 0;
  lua_pushvalue(L, idx);
  while (lua_type(L, -1) == LUA_TTABLE) {
    if (rank == TLUA_TENSOR_MAX_RANK)
      tl_error(L, "tl.from: nesting deeper than %d levels (rank over the limit of %d)",
                 TLUA_TENSOR_MAX_RANK, TLUA_TENSOR_MAX_RANK);
    shape[rank++] = (int64_t)lua_rawlen(L, -1);
    if (shape[rank - 1] == 0) break;
    lua_rawgeti(L, -1, 1);
    lua_remove(L, -2);
  }
  lua_pop(L, 1);
  int64_t numel;
  if (tlua_shape_check(rank, shape, &numel, err)) raise_c(L, "tl.from", err);
  tlua_Tensor *t = push_new(L, dtype, rank, shape);
  int64_t path[TLUA_TENSOR_MAX_RANK] = {0};
  lua_pushvalue(L, idx);
  from_fill(L, t, 0, path);
  lua_pop(L, 1);
  return t;
}

/* --- constructors ------------------------------------------------------------------------------ */

/* The dtype at idx unless idx is the options table (or past it): dflt then. */
static int dtype_before(lua_State *L, int idx, int opts, int dflt) {
  return opts && idx >= opts ? dflt : tlua_opt_dtype(L, idx, dflt);
}

/* The device a constructor puts its tensor on: the options table's, else the current device. */
static int new_device(lua_State *L, int opts, const char *who) {
  return tlua_opt_device(L, opts, who, tlua_current_device(L));
}

/* TILELUA_POISON=1 (or the registry's "tilelua.poison" true, which tests set): the host bytes of tl.empty{clear =
 * false} and tl.empty_like{clear = false} are all ones (NaN for floats, -1 for signed integers, the maximum for
 * unsigned ones) instead of zeros, so a kernel that reads such a tensor before writing it gives wrong results on the
 * CPU executor too. On a GPU the buffer is the allocator's, as without it; the host bytes are still written (every
 * page touched: a cost for large tensors in a GPU run). */
static void poison_undefined(lua_State *L, tlua_Tensor *t) {
  static int env_on = -1; /* the environment, read once (every std op's output is such a tensor) */
  if (env_on < 0) {
    const char *env = getenv("TILELUA_POISON");
    env_on = env && env[0] && strcmp(env, "0") != 0;
  }
  if (!env_on) {
    lua_getfield(L, LUA_REGISTRYINDEX, "tilelua.poison");
    int on = lua_toboolean(L, -1);
    lua_pop(L, 1);
    if (!on) return;
  }
  if (t->storage->host && t->storage->nbytes) memset(t->storage->host, 0xff, t->storage->nbytes);
  t->storage->host_zero = 0;
}

/* tl.zeros, tl.empty: zeros (a device copy made by clearing); tl.empty's {clear = false}: contents left
 * undefined until written (on a GPU the buffer as the allocator gives it: no clear) */
static int new_zeroed(lua_State *L, const char *who, int empty) {
  int64_t shape[TLUA_TENSOR_MAX_RANK];
  int rank = check_shape(L, 1, who, shape);
  int opts = tlua_opts_index(L, 2);
  int clear = 1;
  int dev = tlua_opt_device_clear(L, opts, who, tlua_current_device(L), empty ? &clear : NULL);
  tlua_Tensor *t = push_new(L, (tlua_DType)dtype_before(L, 2, opts, TLUA_F32), rank, shape);
  t->storage->host_zero = 1;
  t->storage->undefined = !clear;
  t->storage->device_index = dev;
  if (!clear) poison_undefined(L, t);
  return 1;
}

static int l_empty(lua_State *L) { return new_zeroed(L, "tl.empty", 1); }
static int l_zeros(lua_State *L) { return new_zeroed(L, "tl.zeros", 0); }

static int l_full(lua_State *L) {
  int64_t shape[TLUA_TENSOR_MAX_RANK];
  int rank = check_shape(L, 1, "tl.full", shape);
  int ty = lua_type(L, 2);
  if (ty != LUA_TNUMBER && ty != LUA_TBOOLEAN)
    return tl_error(L, "tl.full: value must be a number or a boolean (got %s)", luaL_typename(L, 2));
  int opts = tlua_opts_index(L, 3);
  int dev = new_device(L, opts, "tl.full");
  tlua_Tensor *t = push_new(L, (tlua_DType)dtype_before(L, 3, opts, TLUA_F32), rank, shape);
  t->storage->device_index = dev;
  if (ty == LUA_TBOOLEAN) tlua_tensor_fill_i64(t, lua_toboolean(L, 2));
  else if (lua_isinteger(L, 2)) tlua_tensor_fill_i64(t, (int64_t)lua_tointeger(L, 2));
  else tlua_tensor_fill(t, (double)lua_tonumber(L, 2));
  return 1;
}

static int l_rand(lua_State *L) {
  int64_t shape[TLUA_TENSOR_MAX_RANK];
  int rank = check_shape(L, 1, "tl.rand", shape);
  int opts = tlua_opts_index(L, 2);
  int dev = new_device(L, opts, "tl.rand");
  tlua_DType dtype = (tlua_DType)dtype_before(L, 2, opts, TLUA_F32);
  uint64_t seed;
  if (lua_isnoneornil(L, 3) || opts == 3) {
    /* successive unseeded calls differ (rand(x) + rand(y) is not 2 * rand(x)) but a script gives
     * the same numbers on every run */
    lua_getfield(L, LUA_REGISTRYINDEX, RAND_KEY);
    lua_Integer calls = lua_tointeger(L, -1);
    lua_pop(L, 1);
    lua_pushinteger(L, calls + 1);
    lua_setfield(L, LUA_REGISTRYINDEX, RAND_KEY);
    seed = RAND_STREAM + (uint64_t)calls;
  } else {
    seed = (uint64_t)check_integer(L, 3, "tl.rand", "seed");
  }
  tlua_Tensor *t = push_new(L, dtype, rank, shape);
  t->storage->device_index = dev;
  tlua_tensor_fill_random(t, seed);
  return 1;
}

static int l_arange(lua_State *L) {
  int nnum = 0;
  while (nnum < 3 && lua_type(L, nnum + 1) == LUA_TNUMBER) nnum++;
  if (nnum == 0)
    return tl_error(L, "tl.arange: expected (n[, dtype]) or (start, stop[, step][, dtype]) "
                         "(got %s first)", luaL_typename(L, 1));
  tlua_DType dtype = (tlua_DType)tlua_opt_dtype(L, nnum + 1, TLUA_F32);
  if (!lua_isnone(L, nnum + 2))
    return tl_error(L, "tl.arange: too many arguments (expected (n[, dtype]) or (start, stop"
                         "[, step][, dtype]))");
  int all_int = 1;
  for (int i = 1; i <= nnum; i++) all_int = all_int && lua_isinteger(L, i);
  int64_t n;
  tlua_Tensor *t;
  if (all_int) {
    int64_t start = nnum >= 2 ? (int64_t)lua_tointeger(L, 1) : 0;
    int64_t stop = (int64_t)lua_tointeger(L, nnum >= 2 ? 2 : 1);
    int64_t step = nnum == 3 ? (int64_t)lua_tointeger(L, 3) : 1;
    if (step == 0) return tl_error(L, "tl.arange: step must not be 0");
    /* ceil((stop - start) / step) in unsigned arithmetic: stop - start may not fit int64 */
    uint64_t span = 0, ustep = step > 0 ? (uint64_t)step : 0 - (uint64_t)step;
    if (step > 0 && stop > start) span = (uint64_t)stop - (uint64_t)start;
    if (step < 0 && stop < start) span = (uint64_t)start - (uint64_t)stop;
    uint64_t count = span / ustep + (span % ustep != 0);
    if (count > (uint64_t)TLUA_TENSOR_MAX_NUMEL)
      return tl_error(L, "tl.arange: %llu elements is over the limit of 2^40",
                        (unsigned long long)count);
    n = (int64_t)count;
    t = push_new(L, dtype, 1, &n);
    uint64_t v = (uint64_t)start; /* wrapping arithmetic: no overflow past the last element */
    for (int64_t i = 0; i < n; i++, v += (uint64_t)step) tlua_tensor_store_i64(t, &i, (int64_t)v);
  } else {
    double start = nnum >= 2 ? (double)lua_tonumber(L, 1) : 0;
    double stop = (double)lua_tonumber(L, nnum >= 2 ? 2 : 1);
    double step = nnum == 3 ? (double)lua_tonumber(L, 3) : 1;
    if (step == 0) return tl_error(L, "tl.arange: step must not be 0");
    if (!isfinite(start) || !isfinite(stop) || !isfinite(step))
      return tl_error(L, "tl.arange: start, stop and step must be finite");
    double count = ceil((stop - start) / step);
    if (count > (double)TLUA_TENSOR_MAX_NUMEL)
      return tl_error(L, "tl.arange: %.0f elements is over the limit of 2^40", count);
    n = count > 0 ? (int64_t)count : 0;
    t = push_new(L, dtype, 1, &n);
    for (int64_t i = 0; i < n; i++) tlua_tensor_store(t, &i, start + (double)i * step);
  }
  return 1;
}

static int l_from(lua_State *L) {
  luaL_checkany(L, 1);
  int opts = tlua_opts_index(L, 2);
  int dev = new_device(L, opts, "tl.from");
  push_from(L, 1, (tlua_DType)dtype_before(L, 2, opts, TLUA_F32))->storage->device_index = dev;
  return 1;
}

/* empty_like / zeros_like: on the tensor's device unless the options name another (empty_like: clear as
 * tl.empty's) */
static int new_like(lua_State *L, const char *who, int empty) {
  tlua_Tensor *t = tlua_check_tensor(L, 1);
  int opts = tlua_opts_index(L, 2);
  int clear = 1;
  int dev = tlua_opt_device_clear(L, opts, who, t->storage->device_index, empty ? &clear : NULL);
  tlua_Tensor *u = push_new(L, (tlua_DType)dtype_before(L, 2, opts, t->dtype), t->rank, t->shape);
  u->storage->host_zero = 1;
  u->storage->undefined = !clear;
  u->storage->device_index = dev;
  if (!clear) poison_undefined(L, u);
  return 1;
}
static int l_empty_like(lua_State *L) { return new_like(L, "tl.empty_like", 1); }
static int l_zeros_like(lua_State *L) { return new_like(L, "tl.zeros_like", 0); }

/* --- files ------------------------------------------------------------------------------------- */

static int l_save_npy(lua_State *L) {
  if (tlua_is_sandboxed(L))
    return tl_error(L, "tl.save_npy: writing files is not allowed in the sandbox");
  const char *path = luaL_checkstring(L, 1);
  tlua_Tensor *t = tlua_check_tensor(L, 2);
  host_read(L, t);
  char err[TLUA_TENSOR_ERRLEN];
  if (tlua_npy_save(path, t, err)) return raise_c(L, "tl.save_npy", err);
  lua_pushboolean(L, 1);
  return 1;
}

static int l_load_npy(lua_State *L) {
  if (tlua_is_sandboxed(L))
    return tl_error(L, "tl.load_npy: reading files is not allowed in the sandbox");
  const char *path = luaL_checkstring(L, 1);
  int dtype = tlua_opt_dtype(L, 2, -1);
  TensorBox *b = push_box(L, 0);
  char err[TLUA_TENSOR_ERRLEN];
  if (tlua_npy_load(path, &b->t, err)) return raise_c(L, "tl.load_npy", err);
  tlua_tensor_admit(L, b->t->storage); /* its size is known only now */
  b->t->storage->device_index = tlua_current_device(L);
  if (dtype >= 0 && dtype != (int)b->t->dtype) {
    TensorBox *c = push_box(L, tlua_tensor_shape_bytes((tlua_DType)dtype, b->t->rank, b->t->shape));
    if (tlua_tensor_clone(b->t, dtype, &c->t, err)) return raise_c(L, "tl.load_npy", err);
    tlua_tensor_charge(L, c->t->storage);
  }
  return 1;
}

/* --- methods ----------------------------------------------------------------------------------- */

static void push_seq(lua_State *L, const int64_t *v, int n) {
  long long ll[TLUA_TENSOR_MAX_RANK];
  for (int i = 0; i < n; i++) ll[i] = (long long)v[i];
  tlua_push_int_seq(L, ll, n);
}

static int m_shape(lua_State *L) {
  tlua_Tensor *t = tlua_check_tensor(L, 1);
  push_seq(L, t->shape, t->rank);
  return 1;
}

static int m_strides(lua_State *L) {
  tlua_Tensor *t = tlua_check_tensor(L, 1);
  push_seq(L, t->strides, t->rank);
  return 1;
}

static int m_dtype(lua_State *L) {
  tlua_push_dtype(L, (int)tlua_check_tensor(L, 1)->dtype);
  return 1;
}

static int m_rank(lua_State *L) {
  lua_pushinteger(L, tlua_check_tensor(L, 1)->rank);
  return 1;
}

static int m_numel(lua_State *L) {
  lua_pushinteger(L, (lua_Integer)tlua_tensor_numel(tlua_check_tensor(L, 1)));
  return 1;
}

static int m_is_contiguous(lua_State *L) {
  lua_pushboolean(L, tlua_tensor_is_contiguous(tlua_check_tensor(L, 1)));
  return 1;
}

static void push_list(lua_State *L, const tlua_Tensor *t, int d, int64_t *idx) {
  if (d == t->rank) {
    push_elem(L, t, idx);
    return;
  }
  luaL_checkstack(L, 2, "tensor:tolist");
  lua_createtable(L, (int)(t->shape[d] < 1 << 24 ? t->shape[d] : 1 << 24), 0);
  for (idx[d] = 0; idx[d] < t->shape[d]; idx[d]++) {
    push_list(L, t, d + 1, idx);
    lua_rawseti(L, -2, (lua_Integer)idx[d] + 1);
  }
}

static int m_tolist(lua_State *L) {
  tlua_Tensor *t = tlua_check_tensor(L, 1);
  host_read(L, t);
  int64_t idx[TLUA_TENSOR_MAX_RANK] = {0};
  push_list(L, t, 0, idx);
  return 1;
}

static int m_get(lua_State *L) {
  tlua_Tensor *t = tlua_check_tensor(L, 1);
  int64_t idx[TLUA_TENSOR_MAX_RANK];
  check_indices(L, t, 2, lua_gettop(L) - 1, idx, "tensor:get");
  host_read(L, t);
  push_elem(L, t, idx);
  return 1;
}

static int m_set(lua_State *L) {
  tlua_Tensor *t = tlua_check_tensor(L, 1);
  int64_t idx[TLUA_TENSOR_MAX_RANK];
  int nargs = lua_gettop(L) - 1;
  if (nargs != t->rank + 1)
    return tl_error(L, "tensor:set: expected %d ind%s and a value (rank-%d tensor), got %d "
                         "argument%s", t->rank, t->rank == 1 ? "ex" : "ices", t->rank, nargs,
                      nargs == 1 ? "" : "s");
  check_indices(L, t, 2, t->rank, idx, "tensor:set");
  host_write(L, t);
  store_value(L, nargs + 1, t, idx, "tensor:set");
  return 0;
}

/* Returns the tensor at idx, or converts a nested table into a temporary f64 tensor (left on the
 * stack) so results can be compared with plain-Lua references. */
static tlua_Tensor *tensor_or_table(lua_State *L, int idx, const char *who) {
  tlua_Tensor *t = tlua_to_tensor(L, idx);
  if (t) return t;
  if (luaL_testudata(L, idx, TLUA_TENSOR_MT)) tl_error(L, "tensor: used after it was closed");
  if (!lua_istable(L, idx))
    tl_error(L, "%s: expected a tensor or a nested table (got %s)", who, luaL_typename(L, idx));
  return push_from(L, idx, TLUA_F64);
}

static int m_copy_from(lua_State *L) {
  tlua_Tensor *t = tlua_check_tensor(L, 1);
  tlua_Tensor *u = tensor_or_table(L, 2, "tensor:copy_from");
  host_read(L, u);
  host_write(L, t);
  char err[TLUA_TENSOR_ERRLEN];
  if (tlua_tensor_copy(t, u, err)) return raise_c(L, "tensor:copy_from", err);
  lua_settop(L, 1);
  return 1;
}

static int m_clone(lua_State *L) {
  tlua_Tensor *t = tlua_check_tensor(L, 1);
  int dtype = tlua_opt_dtype(L, 2, (int)t->dtype);
  host_read(L, t);
  TensorBox *b = push_box(L, tlua_tensor_shape_bytes((tlua_DType)dtype, t->rank, t->shape));
  char err[TLUA_TENSOR_ERRLEN];
  if (tlua_tensor_clone(t, dtype, &b->t, err)) return tl_error(L, "%s", err);
  tlua_tensor_charge(L, b->t->storage);
  return 1;
}

static int m_fill(lua_State *L) {
  tlua_Tensor *t = tlua_check_tensor(L, 1);
  int ty = lua_type(L, 2);
  if (ty != LUA_TNUMBER && ty != LUA_TBOOLEAN)
    return tl_error(L, "tensor:fill: value must be a number or a boolean (got %s)",
                      luaL_typename(L, 2));
  host_write(L, t);
  if (ty == LUA_TBOOLEAN) tlua_tensor_fill_i64(t, lua_toboolean(L, 2));
  else if (lua_isinteger(L, 2)) tlua_tensor_fill_i64(t, (int64_t)lua_tointeger(L, 2));
  else tlua_tensor_fill(t, (double)lua_tonumber(L, 2));
  lua_settop(L, 1);
  return 1;
}

static int m_reshape(lua_State *L) {
  tlua_Tensor *t = tlua_check_tensor(L, 1);
  int64_t shape[TLUA_TENSOR_MAX_RANK];
  int rank;
  if (lua_istable(L, 2)) {
    lua_Integer n = luaL_len(L, 2);
    if (n > TLUA_TENSOR_MAX_RANK)
      return tl_error(L, "tensor:reshape: rank %d is over the limit of %d", (int)n,
                        TLUA_TENSOR_MAX_RANK);
    rank = (int)n;
    for (int d = 0; d < rank; d++) {
      char what[48];
      snprintf(what, sizeof what, "the length of dimension %d", d);
      lua_geti(L, 2, d + 1);
      shape[d] = check_integer(L, -1, "tensor:reshape", what);
      lua_pop(L, 1);
    }
  } else {
    rank = lua_gettop(L) - 1;
    if (rank > TLUA_TENSOR_MAX_RANK)
      return tl_error(L, "tensor:reshape: rank %d is over the limit of %d", rank,
                        TLUA_TENSOR_MAX_RANK);
    for (int d = 0; d < rank; d++) {
      char what[48];
      snprintf(what, sizeof what, "the length of dimension %d", d);
      shape[d] = check_integer(L, d + 2, "tensor:reshape", what);
    }
  }
  /* a view shares the storage (and its device copy): only a copy needs the host bytes */
  if (!tlua_tensor_is_contiguous(t)) host_read(L, t);
  size_t copy = tlua_tensor_is_contiguous(t) ? 0 : tlua_tensor_shape_bytes(t->dtype, t->rank, t->shape);
  TensorBox *b = push_box(L, copy); /* a contiguous tensor gives a view, another a copy */
  char err[TLUA_TENSOR_ERRLEN];
  if (tlua_tensor_reshape(t, rank, shape, &b->t, err)) return raise_c(L, "tensor:reshape", err);
  if (b->t->storage != t->storage) tlua_tensor_charge(L, b->t->storage);
  return 1;
}

/* t:narrow(dim, start, length) -> a view of `length` entries of dimension dim (0-based) from start */
static int m_narrow(lua_State *L) {
  tlua_Tensor *t = tlua_check_tensor(L, 1);
  int64_t dim = check_integer(L, 2, "tensor:narrow", "dim");
  int64_t start = check_integer(L, 3, "tensor:narrow", "start");
  int64_t len = check_integer(L, 4, "tensor:narrow", "length");
  if (dim < 0 || dim >= t->rank)
    return tl_error(L, "tensor:narrow: dim must be in 0..%d for a rank-%d tensor (got %lld)", t->rank - 1, t->rank,
                    (long long)dim);
  if (start < 0 || len < 0 || start + len > t->shape[dim])
    return tl_error(L, "tensor:narrow: start %lld and length %lld must lie within dimension %lld (size %lld)",
                    (long long)start, (long long)len, (long long)dim, (long long)t->shape[dim]);
  int64_t shape[TLUA_TENSOR_MAX_RANK];
  memcpy(shape, t->shape, sizeof shape);
  shape[dim] = len;
  size_t offset = t->offset;
  if (len > 0) offset = (size_t)((int64_t)t->offset + start * t->strides[dim] * (int64_t)tlua_tensor_elsize(t));
  TensorBox *b = push_box(L, 0);
  char err[TLUA_TENSOR_ERRLEN];
  if (tlua_tensor_view(t, t->dtype, t->rank, shape, t->strides, offset, &b->t, err))
    return raise_c(L, "tensor:narrow", err);
  return 1;
}

static int m_sum(lua_State *L) {
  tlua_Tensor *t = tlua_check_tensor(L, 1);
  host_read(L, t);
  if (tlua_dtype_is_integral(t->dtype)) lua_pushinteger(L, (lua_Integer)tlua_tensor_sum_i64(t));
  else lua_pushnumber(L, (lua_Number)tlua_tensor_sum(t));
  return 1;
}

static int m_max_abs_diff(lua_State *L) {
  tlua_Tensor *t = tlua_check_tensor(L, 1);
  tlua_Tensor *u = tensor_or_table(L, 2, "tensor:max_abs_diff");
  host_read(L, t);
  host_read(L, u);
  double d;
  char err[TLUA_TENSOR_ERRLEN];
  if (tlua_tensor_max_abs_diff(t, u, &d, err)) return raise_c(L, "tensor:max_abs_diff", err);
  lua_pushnumber(L, (lua_Number)d);
  return 1;
}

/* --- metamethods ------------------------------------------------------------------------------- */

static int t_tostring(lua_State *L) {
  TensorBox *b = (TensorBox *)luaL_checkudata(L, 1, TLUA_TENSOR_MT);
  if (!b->t) {
    lua_pushliteral(L, "Tensor{closed}");
    return 1;
  }
  host_read(L, b->t);
  char buf[1024];
  size_t n = tlua_tensor_format(b->t, buf, sizeof buf, TOSTRING_ELEMS);
  n = n < sizeof buf ? n : sizeof buf - 1;
  if (b->t->storage->device_index != 0 && n > 7) /* "Tensor{device=1, shape=..." */
    lua_pushfstring(L, "Tensor{device=%d, %s", b->t->storage->device_index, buf + 7);
  else
    lua_pushlstring(L, buf, n);
  return 1;
}

static int t_len(lua_State *L) {
  tlua_Tensor *t = tlua_check_tensor(L, 1);
  if (t->rank == 0) return tl_error(L, "tensor: # of a rank-0 tensor (it has no first dimension)");
  lua_pushinteger(L, (lua_Integer)t->shape[0]);
  return 1;
}

/* __gc and __close: drop the reference once; later use raises "used after it was closed". */
static int t_release(lua_State *L) {
  TensorBox *b = (TensorBox *)luaL_checkudata(L, 1, TLUA_TENSOR_MT);
  tlua_tensor_uncharge(L, b->t);
  tlua_tensor_release(b->t);
  b->t = NULL;
  return 0;
}

void tlua_close_tensor(lua_State *L, int idx) {
  TensorBox *b = (TensorBox *)luaL_testudata(L, idx, TLUA_TENSOR_MT);
  if (!b) return;
  tlua_tensor_uncharge(L, b->t);
  tlua_tensor_release(b->t);
  b->t = NULL;
}

static const luaL_Reg tensor_methods[] = {
  {"shape", m_shape},
  {"strides", m_strides},
  {"dtype", m_dtype},
  {"rank", m_rank},
  {"numel", m_numel},
  {"is_contiguous", m_is_contiguous},
  {"tolist", m_tolist},
  {"get", m_get},
  {"set", m_set},
  {"copy_from", m_copy_from},
  {"clone", m_clone},
  {"fill", m_fill},
  {"reshape", m_reshape},
  {"sum", m_sum},
  {"narrow", m_narrow},
  {"max_abs_diff", m_max_abs_diff},
  {"device", tlua_tensor_m_device},
  {"to", tlua_tensor_m_to},
  {NULL, NULL}
};

/* __index: methods by name (upvalue 1); t[{i, j}] reads an element. */
static int t_index(lua_State *L) {
  tlua_Tensor *t = tlua_check_tensor(L, 1);
  if (lua_type(L, 2) == LUA_TSTRING) {
    if (lua_getfield(L, lua_upvalueindex(1), lua_tostring(L, 2)) == LUA_TNIL)
      return tl_error(L, "tensor: no method '%s'", lua_tostring(L, 2));
    return 1;
  }
  if (lua_istable(L, 2)) {
    int64_t idx[TLUA_TENSOR_MAX_RANK];
    table_indices(L, t, 2, idx, "tensor[]");
    host_read(L, t);
    push_elem(L, t, idx);
    return 1;
  }
  return tl_error(L, "tensor: index with a table of 0-based indices, t[{i, j}], or t:get(i, j) "
                       "(got a %s key)", luaL_typename(L, 2));
}

static int t_newindex(lua_State *L) {
  tlua_Tensor *t = tlua_check_tensor(L, 1);
  if (!lua_istable(L, 2))
    return tl_error(L, "tensor: assign elements with t[{i, j}] = v or t:set(i, j, v) (got a %s "
                         "key)", luaL_typename(L, 2));
  int64_t idx[TLUA_TENSOR_MAX_RANK];
  table_indices(L, t, 2, idx, "tensor[]");
  host_write(L, t);
  store_value(L, 3, t, idx, "tensor[]");
  return 0;
}

static const luaL_Reg tensor_meta[] = {
  {"__newindex", t_newindex},
  {"__tostring", t_tostring},
  {"__len", t_len},
  {"__gc", t_release},
  {"__close", t_release},
  {NULL, NULL}
};

static const luaL_Reg tensor_funcs[] = {
  {"empty", l_empty},
  {"zeros", l_zeros},
  {"full", l_full},
  {"rand", l_rand},
  {"arange", l_arange},
  {"from", l_from},
  {"empty_like", l_empty_like},
  {"zeros_like", l_zeros_like},
  {"save_npy", l_save_npy},
  {"load_npy", l_load_npy},
  {NULL, NULL}
};

void tlua_open_tensor(lua_State *L) {
  luaL_newmetatable(L, TLUA_DTYPE_MT);
  luaL_setfuncs(L, dtype_meta, 0);
  lua_pop(L, 1);
  luaL_newmetatable(L, TLUA_TENSOR_MT);
  luaL_setfuncs(L, tensor_meta, 0);
  luaL_newlib(L, tensor_methods);
  lua_pushcclosure(L, t_index, 1);
  lua_setfield(L, -2, "__index");
  lua_pop(L, 1);
  luaL_setfuncs(L, tensor_funcs, 0);
  push_dtypes_table(L);
  for (int t = 0; t < TLUA_NDTYPES; t++) {
    lua_rawgeti(L, -1, t);
    lua_setfield(L, -3, tlua_dtype_info((tlua_DType)t)->name);
  }
  lua_pop(L, 1);
}
