/* launcher_lua.c - the fast path of a GPU launch, all in C: `k(grid, args...)` on a kernel whose
 * specialization for these arguments is already loaded.
 *
 * Kernel.__call is tl._fast_call(slow): a C closure over the Lua launch (kernel.lua). It takes the
 * fast path when the kernel has a Launcher (it runs on a GPU backend), the call is positional
 * (grid table, then exactly one value per parameter), every tensor argument has the declared
 * dtype and rank, scalars are numbers or booleans, grid x is a multiple of the cluster size (the
 * num_ctas hint), and the specialization key computed here is one
 * the Launcher has seen. Anything else, including every error case, goes to `slow`, which checks,
 * reports at the user's line, traces, compiles and then registers the loaded function here
 * (tl._launcher_add) under the same key.
 *
 * The key has the facts the Lua key has (kernel.lua: dtype, rank, shape/stride divisibility by 16,
 * 16-byte alignment, contiguous last dimension, the last dimension's power-of-two divisor), packed as 4
 * bytes per tensor argument, and the device
 * each tensor lives on (a byte more; a kernel without tensors: the current device), so that one
 * Launcher holds the variants loaded on every GPU of the process and each launch goes to the GPU its
 * function was loaded on.
 *
 *   tl._launcher_new(sig, block, name[, grid_x_multiple]) -> Launcher
 *   tl._launcher_add(launcher, fn, args)   args: the sequence of arguments of a launch
 *   tl._fast_call(slow) -> the __call function */
#include <lauxlib.h>
#include <lua.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "backend.h"
#include "bindings_lua.h"
#include "devices_lua.h"
#include "ir.h"
#include "prof.h"
#include "tensor_lua.h"

#define LAUNCHER_MT "tilelua.Launcher"
#define MAX_VARIANTS 16
#define KEY_MAX (5 * TLUA_IR_MAX_PARAMS + 1)

TLUA_HIDDEN int tlua_gpu_launch_stack(lua_State *L, tlua_Function *f, tlua_Device *d, const unsigned grid[3],
                                      unsigned block, const char *sig, int nparams, int first, const char *name,
                                      char *err, size_t n);
TLUA_HIDDEN tlua_Function *tlua_check_function(lua_State *L, int idx);

typedef struct Variant {
  unsigned char key[KEY_MAX];
  int keylen;
  tlua_Function *fn; /* kept alive by the launcher's uservalue table */
} Variant;

typedef struct Launcher {
  char sig[2 * TLUA_IR_MAX_PARAMS];
  int nparams;
  unsigned block;
  char name[128];
  unsigned grid_x_multiple; /* thread-block clusters: grid x must be a multiple (else slow path) */
  long long launches;
  int nvariants;
  Variant v[MAX_VARIANTS];
} Launcher;

/* The specialization bytes of tensor t (divisibility, rank, alignment, contiguity, device) at key[k..k+4];
 * returns the next position. */
static int tensor_key(const tlua_Tensor *t, unsigned char *key, int k) {
  unsigned sdiv, tdiv;
  int aligned, contiguous;
  tlua_tensor_spec_facts(t, &sdiv, &tdiv, &aligned, &contiguous);
  key[k++] = (unsigned char)sdiv;
  key[k++] = (unsigned char)tdiv;
  key[k++] = (unsigned char)(t->rank << 2 | aligned << 1 | contiguous);
  key[k++] = (unsigned char)t->storage->device_index;
  key[k++] = (unsigned char)tlua_tensor_last_div(t);
  return k;
}

/* The key of the arguments at first..first+nparams-1; 0 when they do not fit the signature (the
 * slow path then reports why). */
static int make_key(lua_State *L, const Launcher *l, int first, unsigned char *key, int *keylen) {
  int k = 0;
  for (int i = 0; i < l->nparams; i++) {
    int idx = first + i;
    if (l->sig[2 * i] == 'T') {
      const tlua_Tensor *t = tlua_to_tensor(L, idx);
      if (!t || (int)t->dtype != l->sig[2 * i + 1]) return 0;
      k = tensor_key(t, key, k);
    } else {
      int ty = lua_type(L, idx);
      if (ty != LUA_TNUMBER && ty != LUA_TBOOLEAN) return 0;
      tlua_DType dt = (tlua_DType)l->sig[2 * i + 1];
      if (ty == LUA_TNUMBER && tlua_dtype_is_integral(dt) && !lua_isinteger(L, idx)) return 0;
    }
  }
  if (k == 0) key[k++] = (unsigned char)tlua_current_device(L);
  *keylen = k;
  return 1;
}

/* make_key for arguments given from C (tlua_kernel_launch). */
static int make_key_args(lua_State *L, const Launcher *l, const tlua_LaunchArg *in, unsigned char *key, int *keylen) {
  int k = 0;
  for (int i = 0; i < l->nparams; i++) {
    const tlua_LaunchArg *a = &in[i];
    if (l->sig[2 * i] == 'T') {
      const tlua_Tensor *t = a->tensor;
      if (a->kind != TLUA_LAUNCH_TENSOR || !t || (int)t->dtype != l->sig[2 * i + 1]) return 0;
      k = tensor_key(t, key, k);
    } else {
      if (a->kind == TLUA_LAUNCH_TENSOR) return 0;
      tlua_DType dt = (tlua_DType)l->sig[2 * i + 1];
      if (a->kind == TLUA_LAUNCH_NUM && tlua_dtype_is_integral(dt)) return 0;
    }
  }
  if (k == 0) key[k++] = (unsigned char)tlua_current_device(L);
  *keylen = k;
  return 1;
}

TLUA_HIDDEN int tlua_gpu_launch_args(lua_State *L, tlua_Function *f, tlua_Device *d, const unsigned grid[3],
                                     unsigned block, const char *sig, int nparams, const tlua_LaunchArg *in,
                                     const char *name, char *err, size_t n);

/* The Launcher of the kernel table at kidx, pushed (nil when it has none yet: no GPU launch took
 * the path that makes one); returns it. The C API keeps it (api_kernel.c): a kernel table's launcher
 * is made once and never replaced (kernel.lua). */
TLUA_HIDDEN void *tlua_launcher_push(lua_State *L, int kidx) {
  lua_getfield(L, kidx, "launcher");
  Launcher *l = (Launcher *)luaL_testudata(L, -1, LAUNCHER_MT);
  if (!l) {
    lua_pop(L, 1);
    lua_pushnil(L);
  }
  return l;
}

/* The C API's fast path (api_kernel.c): launches on `in` through launcher l (tlua_launcher_push)
 * when it has already loaded the specialization of these arguments, as fast_call does for Lua
 * calls; else sets *launched = 0 and leaves it to a call through Lua. 1 + err when the launch
 * itself failed. With a tensor among the arguments nothing here raises (L is only collected: before a
 * buffer the pool cannot serve, and when device memory runs out); without, the key asks for the current device,
 * which may. */
TLUA_HIDDEN int tlua_launcher_fast(lua_State *L, void *launcher, const unsigned grid[3], const tlua_LaunchArg *in,
                                   int nargs, int *launched, char *err, size_t n) {
  *launched = 0;
  Launcher *l = (Launcher *)launcher;
  if (!l || nargs != l->nparams || grid[0] % l->grid_x_multiple) return 0;
  for (int i = 0; i < 3; i++)
    if (grid[i] < 1 || grid[i] > 0x7fffffffu) return 0;
  unsigned char key[KEY_MAX];
  int keylen;
  if (!make_key_args(L, l, in, key, &keylen)) return 0;
  tlua_Function *fn = NULL;
  for (int i = 0; i < l->nvariants && !fn; i++)
    if (l->v[i].keylen == keylen && memcmp(l->v[i].key, key, (size_t)keylen) == 0) fn = l->v[i].fn;
  if (!fn) return 0;
  *launched = 1;
  TLUA_PROF(13);
  if (tlua_gpu_launch_args(L, fn, tlua_function_device(fn), grid, l->block, l->sig, l->nparams, in, l->name, err, n)) return 1;
  l->launches++;
  return 0;
}

static int l_launcher_new(lua_State *L) {
  size_t siglen;
  const char *sig = luaL_checklstring(L, 1, &siglen);
  if (siglen % 2 || siglen > sizeof ((Launcher *)0)->sig) return luaL_error(L, "launcher: bad signature");
  Launcher *l = (Launcher *)lua_newuserdatauv(L, sizeof *l, 1);
  memset(l, 0, sizeof *l);
  memcpy(l->sig, sig, siglen);
  l->nparams = (int)(siglen / 2);
  l->block = (unsigned)luaL_checkinteger(L, 2);
  snprintf(l->name, sizeof l->name, "%s", luaL_checkstring(L, 3));
  l->grid_x_multiple = (unsigned)luaL_optinteger(L, 4, 1);
  if (l->grid_x_multiple < 1) l->grid_x_multiple = 1;
  /* (each variant's function holds the GPU it was loaded on, and launches there) */
  if (!tlua_state_device(L)) return luaL_error(L, "launcher: the cpu backend has no GPU device");
  lua_newtable(L);
  lua_setiuservalue(L, -2, 1);
  luaL_setmetatable(L, LAUNCHER_MT);
  return 1;
}

/* tl._launcher_add(launcher, fn, args): remember fn for the key of args (a sequence). */
static int l_launcher_add(lua_State *L) {
  Launcher *l = (Launcher *)luaL_checkudata(L, 1, LAUNCHER_MT);
  tlua_Function *fn = tlua_check_function(L, 2);
  luaL_checktype(L, 3, LUA_TTABLE);
  if (l->nvariants == MAX_VARIANTS) return 0; /* more variants still launch, through the slow path */
  luaL_checkstack(L, l->nparams + 2, "too many kernel arguments");
  int first = lua_gettop(L) + 1;
  for (int i = 0; i < l->nparams; i++) lua_rawgeti(L, 3, i + 1);
  Variant *v = &l->v[l->nvariants];
  if (!make_key(L, l, first, v->key, &v->keylen)) return 0;
  for (int i = 0; i < l->nvariants; i++)
    if (l->v[i].keylen == v->keylen && memcmp(l->v[i].key, v->key, (size_t)v->keylen) == 0) return 0;
  lua_settop(L, 3);
  lua_getiuservalue(L, 1, 1); /* keep fn alive as long as the launcher */
  lua_pushvalue(L, 2);
  lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
  v->fn = fn;
  l->nvariants++;
  return 0;
}

/* Calls the slow path with the original arguments. */
static int slow(lua_State *L) {
  int n = lua_gettop(L);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, n, LUA_MULTRET);
  return lua_gettop(L);
}

static int fast_call(lua_State *L) {
  if (lua_type(L, 1) != LUA_TTABLE || lua_type(L, 2) != LUA_TTABLE) return slow(L);
  lua_getfield(L, 1, "launcher");
  Launcher *l = (Launcher *)luaL_testudata(L, -1, LAUNCHER_MT);
  lua_pop(L, 1);
  if (!l || lua_gettop(L) != 2 + l->nparams) return slow(L);
  unsigned grid[3] = {1, 1, 1};
  lua_Unsigned gn = lua_rawlen(L, 2);
  if (gn < 1 || gn > 3) return slow(L);
  for (int i = 0; i < (int)gn; i++) {
    int isint = lua_rawgeti(L, 2, i + 1) == LUA_TNUMBER;
    lua_Integer g = isint ? lua_tointegerx(L, -1, &isint) : 0;
    lua_pop(L, 1);
    if (!isint || g < 1 || g > 0x7fffffff) return slow(L);
    grid[i] = (unsigned)g;
  }
  if (grid[0] % l->grid_x_multiple) return slow(L);
  unsigned char key[KEY_MAX];
  int keylen;
  if (!make_key(L, l, 3, key, &keylen)) return slow(L);
  tlua_Function *fn = NULL;
  for (int i = 0; i < l->nvariants && !fn; i++)
    if (l->v[i].keylen == keylen && memcmp(l->v[i].key, key, (size_t)keylen) == 0) fn = l->v[i].fn;
  if (!fn) return slow(L);
  char err[1024];
  if (tlua_gpu_launch_stack(L, fn, tlua_function_device(fn), grid, l->block, l->sig, l->nparams, 3, l->name, err, sizeof err)) {
    luaL_where(L, 2);
    lua_pushstring(L, err);
    lua_concat(L, 2);
    return lua_error(L);
  }
  l->launches++;
  lua_settop(L, 1);
  return 1;
}

/* tl._launcher_launches(launcher) -> launches that took the fast path */
static int l_launcher_launches(lua_State *L) {
  Launcher *l = (Launcher *)luaL_checkudata(L, 1, LAUNCHER_MT);
  lua_pushinteger(L, (lua_Integer)l->launches);
  return 1;
}

static int l_fast_call(lua_State *L) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  lua_pushcclosure(L, fast_call, 1);
  return 1;
}

static const luaL_Reg funcs[] = {{"_launcher_new", l_launcher_new},
                                 {"_launcher_add", l_launcher_add},
                                 {"_fast_call", l_fast_call},
                                 {"_launcher_launches", l_launcher_launches},
                                 {NULL, NULL}};

void tlua_open_launcher(lua_State *L) {
  luaL_newmetatable(L, LAUNCHER_MT);
  lua_pop(L, 1);
  luaL_setfuncs(L, funcs, 0);
}
