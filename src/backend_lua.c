/* backend_lua.c - backend selection and the GPU launch path seen from Lua.
 *
 * Selection (DESIGN.md "Backends"), done once per state on first need (a launch, tl.backend(),
 * a kernel or layout asking for the default warp size): the request comes from tlua_Config /
 * `tilesh --backend=` / $TILELUA_BACKEND (registry "tilelua.backend_request", else "auto").
 * "cpu" is the executor; "cuda"/"hip" must open device $TILELUA_DEVICE (else $LOCAL_RANK, else 0) or the first
 * use raises why not; "auto" takes cuda, then hip, whichever has a device, else cpu, and remembers
 * why the others were passed over (tl.backend() returns it).
 *
 *   tl.backend() -> name, info     info = {name, arch, warp_size, lds_bytes, sm_count,
 *                                          total_memory, driver_version, skipped = {cuda = why, ...}}
 *   tl.synchronize()               waits for every GPU the state opened (no-op on cpu)
 *   tl.clock()                     monotonic wall-clock seconds
 *   tl._gpu_load(code, entry[, dyn[, tma[, device]]]) -> Function  a loaded code object on GPU
 *        `device` (an ordinal, default the state's; tlua_state_device_at) (dyn: dynamic LDS
 *        bytes; tma: the TMA tensor maps every launch passes, a sequence of
 *        {param = <0-based parameter index of a tensor>, box = {<lengths, outermost first>},
 *         swizzle = 0|32|64|128 (bytes, default 0)}, entry j+1 being the kernel's tl_tmap<j>)
 *   tl._gpu_resources(fn) -> registers per thread, LDS bytes per block
 *   tl._gpu_launch(fn, gx, gy, gz, block, sig, args)   on the GPU fn was loaded on
 *        sig: one byte pair per parameter, kind ('T' tensor / 'S' scalar) then the dtype code;
 *        args: the sequence of arguments. Tensors go as (pointer, shape..., strides...) exactly as
 *        codegen_hip.c declares them, then one 128-byte CUtensorMap per TMA map of fn (encoded on
 *        the host from its tensor, tensor_map.h); every tensor's device copy is marked current
 *        afterwards. */
#include <lauxlib.h>
#include <lua.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "prof.h"
#include "backend.h"
#include "bindings_lua.h"
#include "ir.h"
#include "tensor_lua.h"

#define DEVICE_KEY "tilelua.device"   /* DeviceBox, or false for cpu */
#define GPUS_KEY "tilelua.gpus"       /* ordinal -> DeviceBox of every GPU this state opened */
#define SKIPPED_KEY "tilelua.skipped" /* table backend -> why it was not chosen */
#define DEVICE_MT "tilelua.Device"
#define FUNCTION_MT "tilelua.Function"

typedef struct DeviceBox { tlua_Device *d; } DeviceBox;
typedef struct FunctionBox { tlua_Function *f; } FunctionBox;

static int device_gc(lua_State *L) {
  DeviceBox *b = (DeviceBox *)luaL_checkudata(L, 1, DEVICE_MT);
  tlua_device_release(b->d);
  b->d = NULL;
  return 0;
}

static int function_gc(lua_State *L) {
  FunctionBox *b = (FunctionBox *)luaL_checkudata(L, 1, FUNCTION_MT);
  tlua_function_free(b->f);
  b->f = NULL;
  return 0;
}

/* $TILELUA_DEVICE, else torchrun's $LOCAL_RANK (one process per GPU), else 0 */
static int device_ordinal(void) {
  const char *s = getenv("TILELUA_DEVICE");
  if (!(s && *s)) s = getenv("LOCAL_RANK");
  return s && *s ? atoi(s) : 0;
}

/* Opens backend b into a new DeviceBox on the stack; on failure pushes nothing, returns 1 + err. */
static int try_open(lua_State *L, const tlua_Backend *b, char *err, size_t n) {
  int count = 0;
  if (b->probe(&count, err, n)) return 1;
  if (count == 0) return tlua_errorf(1, err, n, "%s: the driver loads but finds no device", b->name);
  DeviceBox *box = (DeviceBox *)lua_newuserdatauv(L, sizeof *box, 0);
  box->d = NULL;
  luaL_setmetatable(L, DEVICE_MT);
  if (b->open(device_ordinal(), &box->d, err, n)) {
    lua_pop(L, 1);
    return 1;
  }
  return 0;
}

/* The state's device, selecting the backend on first call; NULL for the cpu backend. */
TLUA_HIDDEN tlua_Device *tlua_state_device(lua_State *L) {
  if (lua_getfield(L, LUA_REGISTRYINDEX, DEVICE_KEY) != LUA_TNIL) {
    DeviceBox *b = (DeviceBox *)luaL_testudata(L, -1, DEVICE_MT);
    lua_pop(L, 1);
    return b ? b->d : NULL;
  }
  lua_pop(L, 1);
  lua_getfield(L, LUA_REGISTRYINDEX, "tilelua.backend_request");
  const char *req = lua_tostring(L, -1);
  char request[16];
  snprintf(request, sizeof request, "%s", req ? req : "auto");
  lua_pop(L, 1);
  char err[512];
  lua_newtable(L); /* skipped */
  if (strcmp(request, "cuda") == 0 || strcmp(request, "hip") == 0) {
    if (try_open(L, tlua_backend_find(request), err, sizeof err))
      luaL_error(L, "backend '%s' was asked for (--backend, TILELUA_BACKEND or tlua_Config) but cannot be used: %s",
                 request, err);
  } else if (strcmp(request, "cpu") == 0) {
    lua_pushboolean(L, 0);
  } else {
    const tlua_Backend *order[2] = {tlua_backend_cuda(), tlua_backend_hip()};
    int found = 0;
    for (int i = 0; i < 2 && !found; i++) {
      if (try_open(L, order[i], err, sizeof err) == 0) {
        found = 1;
      } else {
        lua_pushstring(L, err);
        lua_setfield(L, -2, order[i]->name);
      }
    }
    if (!found) lua_pushboolean(L, 0);
  }
  /* stack: skipped, device-or-false */
  lua_pushvalue(L, -1);
  lua_setfield(L, LUA_REGISTRYINDEX, DEVICE_KEY);
  DeviceBox *b = (DeviceBox *)luaL_testudata(L, -1, DEVICE_MT);
  lua_pop(L, 1);
  lua_setfield(L, LUA_REGISTRYINDEX, SKIPPED_KEY);
  return b ? b->d : NULL;
}

/* GPU `ordinal` of the state's backend, opened on first use (the state's own device when it is that
 * one); NULL on the cpu backend. Raises when it cannot be opened or its arch differs from the state
 * device's (one code object per kernel serves every GPU of a process). */
TLUA_HIDDEN tlua_Device *tlua_state_device_at(lua_State *L, int ordinal) {
  tlua_Device *d = tlua_state_device(L);
  if (!d || ordinal == tlua_device_ordinal(d)) return d;
  luaL_getsubtable(L, LUA_REGISTRYINDEX, GPUS_KEY);
  if (lua_rawgeti(L, -1, ordinal) != LUA_TNIL) {
    DeviceBox *b = (DeviceBox *)luaL_checkudata(L, -1, DEVICE_MT);
    lua_pop(L, 2);
    return b->d;
  }
  lua_pop(L, 1);
  DeviceBox *box = (DeviceBox *)lua_newuserdatauv(L, sizeof *box, 0);
  box->d = NULL;
  luaL_setmetatable(L, DEVICE_MT);
  char err[512];
  const tlua_Backend *be = tlua_device_backend(d);
  if (be->open(ordinal, &box->d, err, sizeof err)) luaL_error(L, "device %d: %s", ordinal, err);
  const char *a = tlua_device_info(d)->arch, *b = tlua_device_info(box->d)->arch;
  if (strcmp(a, b) != 0)
    luaL_error(L, "device %d is %s but device %d is %s: the GPUs one process drives must share an arch (one code "
               "object serves all); run one process per GPU instead", ordinal, b, tlua_device_ordinal(d), a);
  lua_rawseti(L, -2, ordinal);
  lua_pop(L, 1);
  return box->d;
}

static tlua_Device *check_device(lua_State *L, const char *who) {
  tlua_Device *d = tlua_state_device(L);
  if (!d) luaL_error(L, "%s: the cpu backend has no GPU device", who);
  return d;
}

/* tl.backend() -> name, info */
static int l_backend(lua_State *L) {
  tlua_Device *d = tlua_state_device(L);
  lua_pushstring(L, d ? tlua_device_backend(d)->name : "cpu");
  lua_newtable(L);
  if (d) {
    const tlua_DeviceInfo *in = tlua_device_info(d);
    lua_pushstring(L, in->name);
    lua_setfield(L, -2, "name");
    lua_pushstring(L, in->arch);
    lua_setfield(L, -2, "arch");
    lua_pushinteger(L, in->warp_size);
    lua_setfield(L, -2, "warp_size");
    lua_pushinteger(L, (lua_Integer)in->lds_bytes);
    lua_setfield(L, -2, "lds_bytes");
    lua_pushinteger(L, in->sm_count);
    lua_setfield(L, -2, "sm_count");
    lua_pushinteger(L, (lua_Integer)in->total_memory);
    lua_setfield(L, -2, "total_memory");
    lua_pushinteger(L, in->driver_version);
    lua_setfield(L, -2, "driver_version");
    lua_pushinteger(L, (lua_Integer)tlua_device_bytes_in_use(d));
    lua_setfield(L, -2, "bytes_in_use");
    lua_pushinteger(L, in->threads_per_sm);
    lua_setfield(L, -2, "threads_per_sm");
    lua_pushinteger(L, in->regs_per_sm);
    lua_setfield(L, -2, "regs_per_sm");
    lua_pushinteger(L, (lua_Integer)in->lds_per_sm);
    lua_setfield(L, -2, "lds_per_sm");
  } else {
    lua_pushstring(L, "CPU executor");
    lua_setfield(L, -2, "name");
    lua_pushstring(L, "cpu");
    lua_setfield(L, -2, "arch");
    lua_pushinteger(L, 64);
    lua_setfield(L, -2, "warp_size");
  }
  lua_getfield(L, LUA_REGISTRYINDEX, SKIPPED_KEY);
  lua_setfield(L, -2, "skipped");
  return 2;
}

/* every GPU this state opened */
static int l_synchronize(lua_State *L) {
  tlua_Device *d = tlua_state_device(L);
  char err[512];
  if (d && tlua_device_synchronize(d, err, sizeof err)) return luaL_error(L, "%s", err);
  if (!d) return 0;
  luaL_getsubtable(L, LUA_REGISTRYINDEX, GPUS_KEY);
  lua_pushnil(L);
  while (lua_next(L, -2)) {
    DeviceBox *b = (DeviceBox *)luaL_checkudata(L, -1, DEVICE_MT);
    if (tlua_device_synchronize(b->d, err, sizeof err)) return luaL_error(L, "%s", err);
    lua_pop(L, 1);
  }
  return 0;
}

/* Field `key` of the table at idx as an integer in [lo, hi] (absent: dflt); raises a bad argument
 * `arg` error naming TMA map `which` (0-based) otherwise. */
static lua_Integer tma_field(lua_State *L, int arg, int idx, int which, const char *key, lua_Integer lo,
                             lua_Integer hi, lua_Integer dflt) {
  int isnum, type = lua_getfield(L, idx, key);
  lua_Integer v = lua_tointegerx(L, -1, &isnum);
  lua_pop(L, 1);
  if (type == LUA_TNIL && dflt >= lo) return dflt;
  if (!isnum || v < lo || v > hi)
    luaL_argerror(L, arg, lua_pushfstring(L, "tl_tmap%d: %s must be an integer from %I to %I", which, key, lo, hi));
  return v;
}

/* The optional TMA argument of tl._gpu_load at arg into specs; returns their number. */
static int check_tma_specs(lua_State *L, int arg, tlua_TmaSpec *specs) {
  if (lua_isnoneornil(L, arg)) return 0;
  luaL_checktype(L, arg, LUA_TTABLE);
  lua_Integer count = luaL_len(L, arg);
  luaL_argcheck(L, count <= TLUA_TMA_MAX_MAPS, arg, "too many TMA maps (at most 16)");
  for (int j = 0; j < (int)count; j++) {
    if (lua_geti(L, arg, j + 1) != LUA_TTABLE)
      luaL_argerror(L, arg, lua_pushfstring(L, "tl_tmap%d must be a table {param =, box =, swizzle =}", j));
    int t = lua_gettop(L);
    tlua_TmaSpec *s = &specs[j];
    memset(s, 0, sizeof *s);
    s->param = (int)tma_field(L, arg, t, j, "param", 0, TLUA_IR_MAX_PARAMS - 1, -1);
    s->swizzle = (int)tma_field(L, arg, t, j, "swizzle", 0, 128, 0);
    if (lua_getfield(L, t, "box") != LUA_TTABLE)
      luaL_argerror(L, arg, lua_pushfstring(L, "tl_tmap%d: box must be a table of lengths, outermost first", j));
    lua_Integer rank = luaL_len(L, -1);
    if (rank < 1 || rank > TLUA_TMA_MAX_RANK)
      luaL_argerror(L, arg, lua_pushfstring(L, "tl_tmap%d: box must have 1 to %d lengths (got %I)", j,
                                            TLUA_TMA_MAX_RANK, rank));
    s->rank = (int)rank;
    for (int k = 0; k < s->rank; k++) {
      int isnum;
      lua_geti(L, -1, k + 1);
      lua_Integer v = lua_tointegerx(L, -1, &isnum);
      lua_pop(L, 1);
      if (!isnum || v < 1 || v > 256)
        luaL_argerror(L, arg, lua_pushfstring(L, "tl_tmap%d: box length %d must be an integer from 1 to 256", j, k + 1));
      s->box[k] = (uint32_t)v;
    }
    lua_settop(L, t - 1);
    char err[256];
    if (tlua_tma_spec_check(s, j, err, sizeof err)) luaL_argerror(L, arg, lua_pushstring(L, err));
  }
  return (int)count;
}

/* tl._gpu_load(code, entry[, dynamic LDS bytes[, TMA maps]]) -> Function */
static int l_gpu_load(lua_State *L) {
  size_t len;
  const char *code = luaL_checklstring(L, 1, &len);
  const char *entry = luaL_checkstring(L, 2);
  lua_Integer dyn = luaL_optinteger(L, 3, 0);
  luaL_argcheck(L, dyn >= 0 && dyn <= (1 << 30), 3, "dynamic LDS bytes out of range");
  tlua_TmaSpec specs[TLUA_TMA_MAX_MAPS];
  int ntma = check_tma_specs(L, 4, specs);
  tlua_Device *d = check_device(L, "load");
  if (!lua_isnoneornil(L, 5)) d = tlua_state_device_at(L, (int)luaL_checkinteger(L, 5));
  FunctionBox *b = (FunctionBox *)lua_newuserdatauv(L, sizeof *b, 0);
  b->f = NULL;
  luaL_setmetatable(L, FUNCTION_MT);
  char err[1024];
  if (tlua_device_load(d, code, len, entry, (size_t)dyn, &b->f, err, sizeof err)) return luaL_error(L, "%s", err);
  if (tlua_function_set_tma(b->f, specs, ntma, err, sizeof err)) return luaL_error(L, "%s", err);
  return 1;
}

/* One argument slot: the bytes the vendor launch reads through args[k]. */
typedef union Slot { void *p; long long i64; int i32; short i16; signed char i8; float f; double d; } Slot;

#define MAX_SLOTS (TLUA_IR_MAX_PARAMS * (1 + 2 * TLUA_TENSOR_MAX_RANK))

/* The TMA maps of f (tlua_function_tma) into maps[], from the tensors of in (already on the
 * device): each spec must name a tensor parameter of sig. */
static int tma_maps(tlua_Device *d, const tlua_TmaSpec *tma, int ntma, const char *sig, int nparams,
                    const tlua_LaunchArg *in, const char *name, tlua_TensorMap *maps, char *err, size_t n) {
  for (int j = 0; j < ntma; j++) {
    int p = tma[j].param;
    if (p < 0 || p >= nparams || sig[2 * p] != 'T')
      return tlua_errorf(1, err, n, "kernel '%s': TMA map tl_tmap%d is for parameter %d, which is not a tensor "
                         "parameter of the kernel (it has %d)", name, j, p + 1, nparams);
    const tlua_Tensor *t = in[p].tensor;
    tlua_TmaEncode args;
    if (tlua_tma_args(&tma[j], t, (char *)t->storage->device + t->offset, name, p + 1, &args, err, n) ||
        tlua_device_encode_tensor_map(d, &args, name, &maps[j], err, n))
      return 1;
  }
  return 0;
}

/* whether the state's collector is tilelua's generational one (TLUA_GC_STEPS_KEY) */
static int gc_steps(lua_State *L) {
  int on = lua_getfield(L, LUA_REGISTRYINDEX, TLUA_GC_STEPS_KEY) == LUA_TBOOLEAN && lua_toboolean(L, -1);
  lua_pop(L, 1);
  return on;
}

/* Packs args (nparams of them, checked against sig) and launches f. Returns 0, or 1 with a message
 * in err (the caller raises it). L is used only to collect garbage, before a new buffer the pool
 * cannot serve and when device memory runs out (may be NULL). */
TLUA_HIDDEN int tlua_gpu_launch_args(lua_State *L, tlua_Function *f, tlua_Device *d, const unsigned grid[3],
                                     unsigned block, const char *sig, int nparams, const tlua_LaunchArg *in,
                                     const char *name, char *err, size_t n) {
  Slot slots[MAX_SLOTS];
  void *args[MAX_SLOTS + TLUA_TMA_MAX_MAPS]; /* the TMA maps come after the ordinary slots */
  tlua_TensorMap maps[TLUA_TMA_MAX_MAPS];
  tlua_Storage *written[TLUA_IR_MAX_PARAMS];
  int ns = 0, nt = 0;
  if (nparams > TLUA_IR_MAX_PARAMS) return tlua_errorf(1, err, n, "kernel '%s': too many parameters", name);
  for (int i = 0; i < nparams; i++) {
    char kind = sig[2 * i];
    tlua_DType dt = (tlua_DType)sig[2 * i + 1];
    const tlua_LaunchArg *a = &in[i];
    if (kind == 'T') {
      tlua_Tensor *t = a->tensor;
      if (!t) return tlua_errorf(1, err, n, "kernel '%s': argument %d must be a tensor", name, i + 1);
      for (int k = 0; k < t->rank; k++)
        if (t->strides[k] < 0)
          return tlua_errorf(1, err, n, "kernel '%s': argument %d has a negative stride; kernels take tensors "
                             "with non-negative strides (clone() it first)", name, i + 1);
      if (ns + 1 + 2 * t->rank > MAX_SLOTS) return tlua_errorf(1, err, n, "kernel '%s': too many arguments", name);
      char e[512];
      /* the application's host memory: it may have written it since the last launch */
      if (t->storage->external & TLUA_STORAGE_EXT_HOST) tlua_storage_host_written(t->storage);
      /* the tensors the script dropped hold their buffers until the Lua collector runs, and Lua counts only their
       * small boxes, so it may not run for many calls, each taking new buffers from the driver (whose frees, when
       * they come, wait for the device): collecting before such buffers made std.attention_backward at B S = 16k,
       * H D = 2048 1.00-1.19x as fast at S = 1k, 0.99-1.10x at 4k on an H200 (in an incremental form whose steps
       * cost about a heap collection each: bench/RESULTS.md 2026-11-28 session 29). So before a buffer
       * the pool cannot serve, in the states tilelua opened (generational, TLUA_GC_STEPS_KEY; the script has not
       * stopped the collector) a young collection (a few us), now and then a full one */
      if (L && !t->storage->device && gc_steps(L) && lua_gc(L, LUA_GCISRUNNING)) {
        int due = tlua_device_collect_due(d, t->storage->nbytes);
        if (due) lua_gc(L, due == 2 ? LUA_GCCOLLECT : LUA_GCSTEP, 0);
      }
      int rc = tlua_device_prepare_storage(d, t->storage, e, sizeof e);
      if (rc && L && !t->storage->device && !tlua_device_broken(d)) {
        /* out of device memory: tensors the script dropped may still hold buffers until the Lua
         * collector runs; collect and try once more */
        lua_gc(L, LUA_GCCOLLECT);
        rc = tlua_device_prepare_storage(d, t->storage, e, sizeof e);
      }
      if (rc) return tlua_errorf(1, err, n, "kernel '%s': argument %d: %s", name, i + 1, e);
      slots[ns++].p = (char *)t->storage->device + t->offset;
      for (int k = 0; k < t->rank; k++) slots[ns++].i64 = t->shape[k];
      for (int k = 0; k < t->rank; k++) slots[ns++].i64 = t->strides[k];
      written[nt++] = t->storage;
    } else {
      Slot *s = &slots[ns++];
      s->i64 = 0;
      if (a->kind == TLUA_LAUNCH_BOOL) {
        tlua_dtype_store_i64(dt, s, 0, a->i);
      } else if (tlua_dtype_is_integral(dt) || dt == TLUA_BOOL) {
        tlua_dtype_store_i64(dt, s, 0, a->kind == TLUA_LAUNCH_INT ? a->i : (int64_t)a->num);
      } else {
        tlua_dtype_store(dt, s, 0, a->kind == TLUA_LAUNCH_INT ? (double)a->i : a->num);
      }
    }
  }
  int ntma;
  const tlua_TmaSpec *tma = tlua_function_tma(f, &ntma);
  if (ntma > TLUA_TMA_MAX_MAPS) return tlua_errorf(1, err, n, "kernel '%s': too many TMA maps", name);
  if (ntma && tma_maps(d, tma, ntma, sig, nparams, in, name, maps, err, n)) return 1;
  for (int k = 0; k < ns; k++) args[k] = &slots[k];
  for (int j = 0; j < ntma; j++) args[ns + j] = &maps[j];
  TLUA_PROF(14);
  if (tlua_function_launch(f, grid, block, args, err, n)) return 1;
  for (int k = 0; k < nt; k++) tlua_storage_device_written(written[k]);
  /* the application reads its host memory directly, not through tilelua: copy the results back
   * now (waiting for the launch), so a launch on host memory behaves as one on the cpu backend */
  for (int k = 0; k < nt; k++) {
    if (!(written[k]->external & TLUA_STORAGE_EXT_HOST)) continue;
    char e[TLUA_TENSOR_ERRLEN];
    if (tlua_storage_sync_host(written[k], e)) return tlua_errorf(1, err, n, "kernel '%s': %s", name, e);
  }
  TLUA_PROF(18);
  return 0;
}

/* The arguments at stack slots first..first+nparams-1 per sig, then tlua_gpu_launch_args. */
TLUA_HIDDEN int tlua_gpu_launch_stack(lua_State *L, tlua_Function *f, tlua_Device *d, const unsigned grid[3],
                                      unsigned block, const char *sig, int nparams, int first, const char *name,
                                      char *err, size_t n) {
  tlua_LaunchArg in[TLUA_IR_MAX_PARAMS];
  if (nparams > TLUA_IR_MAX_PARAMS) return tlua_errorf(1, err, n, "kernel '%s': too many parameters", name);
  for (int i = 0; i < nparams; i++) {
    int idx = first + i;
    tlua_LaunchArg *a = &in[i];
    a->tensor = NULL;
    a->i = 0;
    a->num = 0;
    if (sig[2 * i] == 'T') {
      a->kind = TLUA_LAUNCH_TENSOR;
      a->tensor = tlua_to_tensor(L, idx);
    } else if (lua_isboolean(L, idx)) {
      a->kind = TLUA_LAUNCH_BOOL;
      a->i = lua_toboolean(L, idx);
    } else if (lua_isinteger(L, idx)) {
      a->kind = TLUA_LAUNCH_INT;
      a->i = (int64_t)lua_tointeger(L, idx);
    } else {
      a->kind = TLUA_LAUNCH_NUM;
      a->num = lua_tonumber(L, idx);
    }
  }
  return tlua_gpu_launch_args(L, f, d, grid, block, sig, nparams, in, name, err, n);
}

TLUA_HIDDEN tlua_Function *tlua_check_function(lua_State *L, int idx) {
  return ((FunctionBox *)luaL_checkudata(L, idx, FUNCTION_MT))->f;
}

/* tl._gpu_resources(fn) -> registers per thread, static LDS bytes per block (-1: unknown) */
static int l_gpu_resources(lua_State *L) {
  int regs, lds;
  tlua_function_resources(tlua_check_function(L, 1), &regs, &lds);
  lua_pushinteger(L, regs);
  lua_pushinteger(L, lds);
  return 2;
}

/* tl._gpu_launch(fn, gx, gy, gz, block, sig, args, name) */
static int l_gpu_launch(lua_State *L) {
  tlua_Function *f = tlua_check_function(L, 1);
  unsigned grid[3];
  for (int i = 0; i < 3; i++) grid[i] = (unsigned)luaL_checkinteger(L, 2 + i);
  unsigned block = (unsigned)luaL_checkinteger(L, 5);
  size_t siglen;
  const char *sig = luaL_checklstring(L, 6, &siglen);
  luaL_checktype(L, 7, LUA_TTABLE);
  const char *name = luaL_optstring(L, 8, "kernel");
  tlua_Device *d = tlua_function_device(f); /* the GPU it was loaded on, its tensors' (kernel.lua checks) */
  int nparams = (int)(siglen / 2);
  luaL_checkstack(L, nparams + 4, "too many kernel arguments");
  int first = lua_gettop(L) + 1;
  for (int i = 0; i < nparams; i++) lua_rawgeti(L, 7, i + 1);
  char err[1024];
  if (tlua_gpu_launch_stack(L, f, d, grid, block, sig, nparams, first, name, err, sizeof err))
    return luaL_error(L, "%s", err);
  return 0;
}

/* tl._isatty(fd) -> whether fd (0, 1 or 2) is a terminal (autotune's progress line) */
static int l_isatty(lua_State *L) {
  lua_Integer fd = luaL_checkinteger(L, 1);
  luaL_argcheck(L, fd >= 0 && fd <= 2, 1, "fd must be 0, 1 or 2");
  lua_pushboolean(L, isatty((int)fd) == 1);
  return 1;
}

/* tl.clock() -> seconds on a monotonic clock (for timing launches; os.clock is CPU time) */
static int l_clock(lua_State *L) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  lua_pushnumber(L, (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9);
  return 1;
}

/* tl._sm_count() -> the device's multiprocessors (compute units), 0 on the cpu backend: what
 * std's persistent grids read at each launch, without tl.backend()'s table */
static int l_sm_count(lua_State *L) {
  tlua_Device *d = tlua_state_device(L);
  lua_pushinteger(L, d ? tlua_device_info(d)->sm_count : 0);
  return 1;
}

static const luaL_Reg funcs[] = {{"backend", l_backend},       {"synchronize", l_synchronize},  {"_sm_count", l_sm_count},
                                 {"clock", l_clock},            {"_isatty", l_isatty},            {"_gpu_resources", l_gpu_resources},
                                 {"_gpu_load", l_gpu_load},    {"_gpu_launch", l_gpu_launch},
                                 {NULL, NULL}};

void tlua_open_backend(lua_State *L) {
  luaL_newmetatable(L, DEVICE_MT);
  lua_pushcfunction(L, device_gc);
  lua_setfield(L, -2, "__gc");
  lua_pop(L, 1);
  luaL_newmetatable(L, FUNCTION_MT);
  lua_pushcfunction(L, function_gc);
  lua_setfield(L, -2, "__gc");
  lua_pop(L, 1);
  luaL_setfuncs(L, funcs, 0);
}
