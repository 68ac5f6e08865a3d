/* devices_lua.c - the devices of a process and where tensors live (tl.devices, tl.set_device, t:to).
 *
 * A device is an index of tl.devices(). On a GPU backend the indices are the vendor's ordinals; the
 * process's GPU is the one the backend opened first ($TILELUA_DEVICE, else torchrun's $LOCAL_RANK,
 * else 0) and the default device; the others open on first use (tlua_state_device_at), so one
 * process may drive every GPU of the host: each tensor's storage carries its device index, a launch
 * runs on the device of its tensors (kernel.lua checks that they agree; each GPU loads its own copy
 * of the code object), t:to(i) copies between GPUs through the host, and tl.dist's list form runs
 * NCCL over all of them. On the cpu backend $TILELUA_CPU_DEVICES=N (1..64, default 1) gives N
 * simulated devices with the same rules: copies between devices are host copies, and the
 * collectives of tl.dist run their reference implementation (dist.c).
 *
 *   tl.devices() -> { {index=, name=, arch=, memory=, simulated=}, ... }
 *   tl.current_device() -> index        where constructors put tensors (default: the process's GPU, 0 on cpu)
 *   tl.set_device(i) -> previous index
 *   t:device() -> index;  t:to(i) -> t itself when it lives on i, else a copy on device i
 *   constructors take a trailing options table {device = i}: tl.empty(shape, dt, {device = 1}) */
#include <lauxlib.h>
#include <lua.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "backend.h"
#include "bindings_lua.h"
#include "devices_lua.h"
#include "tensor_budget_lua.h"
#include "tensor_lua.h"

#define COUNT_KEY "tilelua.device_count"
#define CURRENT_KEY "tilelua.current_device"
#define MAX_CPU_DEVICES 64

int tlua_device_count(lua_State *L) {
  if (lua_getfield(L, LUA_REGISTRYINDEX, COUNT_KEY) == LUA_TNUMBER) {
    int n = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
    return n;
  }
  lua_pop(L, 1);
  tlua_Device *d = tlua_state_device(L);
  int n = 1;
  if (d) {
    char err[512];
    if (tlua_device_backend(d)->probe(&n, err, sizeof err)) return luaL_error(L, "devices: %s", err);
  } else {
    const char *s = getenv("TILELUA_CPU_DEVICES");
    if (s && *s) {
      char *end;
      long v = strtol(s, &end, 10);
      if (*end || v < 1 || v > MAX_CPU_DEVICES)
        return luaL_error(L, "TILELUA_CPU_DEVICES must be an integer from 1 to %d (got '%s')", MAX_CPU_DEVICES, s);
      n = (int)v;
    }
  }
  lua_pushinteger(L, n);
  lua_setfield(L, LUA_REGISTRYINDEX, COUNT_KEY);
  return n;
}

int tlua_current_device(lua_State *L) {
  if (lua_getfield(L, LUA_REGISTRYINDEX, CURRENT_KEY) == LUA_TNUMBER) {
    int i = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
    return i;
  }
  lua_pop(L, 1);
  /* the process's GPU; asking for it selects the backend, which making a tensor need not do when
   * that GPU would be device 0 anyway (the cpu backend's default too) */
  int selected = lua_getfield(L, LUA_REGISTRYINDEX, "tilelua.device") != LUA_TNIL;
  lua_pop(L, 1);
  const char *want = getenv("TILELUA_DEVICE");
  if (!(want && *want)) want = getenv("LOCAL_RANK");
  if (!selected && !(want && *want && atoi(want) != 0)) return 0;
  tlua_Device *d = tlua_state_device(L);
  return d ? tlua_device_ordinal(d) : 0;
}

int tlua_check_device_index(lua_State *L, int idx, const char *who) {
  int n = tlua_device_count(L);
  long long i = tlua_check_int_arg(L, idx, who, "the device");
  if (i < 0 || i >= n)
    return luaL_error(L, "%s: device %d does not exist (%d device%s: 0..%d%s)", who, (int)i, n, n == 1 ? "" : "s",
                      n - 1, tlua_state_device(L) ? "" : "; TILELUA_CPU_DEVICES=N simulates N on the cpu backend");
  return (int)i;
}

int tlua_opts_index(lua_State *L, int first) {
  int top = lua_gettop(L);
  if (top >= first && lua_type(L, top) == LUA_TTABLE) return top;
  return 0;
}

int tlua_opt_device_clear(lua_State *L, int opts, const char *who, int dflt, int *clear) {
  if (!opts) return dflt;
  int dev = dflt;
  lua_pushnil(L);
  while (lua_next(L, opts)) {
    lua_pop(L, 1);
    const char *key = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
    if (!key || (strcmp(key, "device") != 0 && (!clear || strcmp(key, "clear") != 0))) {
      lua_pushfstring(L, "%s: unknown option '%s' (options: device%s)", who, luaL_tolstring(L, -1, NULL),
                      clear ? ", clear" : "");
      return lua_error(L);
    }
  }
  if (lua_getfield(L, opts, "device") != LUA_TNIL) dev = tlua_check_device_index(L, lua_gettop(L), who);
  lua_pop(L, 1);
  if (clear) {
    int ty = lua_getfield(L, opts, "clear");
    if (ty != LUA_TNIL && ty != LUA_TBOOLEAN) {
      lua_pushfstring(L, "%s: option clear must be a boolean (got %s)", who, luaL_typename(L, -1));
      return lua_error(L);
    }
    if (ty == LUA_TBOOLEAN) *clear = lua_toboolean(L, -1);
    lua_pop(L, 1);
  }
  return dev;
}

int tlua_opt_device(lua_State *L, int opts, const char *who, int dflt) {
  return tlua_opt_device_clear(L, opts, who, dflt, NULL);
}

/* tl.devices() */
static int l_devices(lua_State *L) {
  int n = tlua_device_count(L);
  tlua_Device *d = tlua_state_device(L);
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    lua_createtable(L, 0, 5);
    lua_pushinteger(L, i);
    lua_setfield(L, -2, "index");
    if (d) {
      tlua_DeviceInfo info;
      char err[512];
      if (i == tlua_device_ordinal(d)) info = *tlua_device_info(d);
      else if (tlua_backend_describe(tlua_device_backend(d), i, &info, err, sizeof err)) return luaL_error(L, "devices: %s", err);
      lua_pushstring(L, info.name);
      lua_setfield(L, -2, "name");
      lua_pushstring(L, info.arch);
      lua_setfield(L, -2, "arch");
      lua_pushinteger(L, (lua_Integer)info.total_memory);
      lua_setfield(L, -2, "memory");
      lua_pushboolean(L, 0);
    } else {
      lua_pushfstring(L, "CPU executor (simulated device %d)", i);
      lua_setfield(L, -2, "name");
      lua_pushstring(L, "cpu");
      lua_setfield(L, -2, "arch");
      long pages = sysconf(_SC_PHYS_PAGES), psize = sysconf(_SC_PAGESIZE);
      lua_pushinteger(L, pages > 0 && psize > 0 ? (lua_Integer)pages * psize : 0); /* shared by all */
      lua_setfield(L, -2, "memory");
      lua_pushboolean(L, 1);
    }
    lua_setfield(L, -2, "simulated");
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static int l_current_device(lua_State *L) {
  lua_pushinteger(L, tlua_current_device(L));
  return 1;
}

/* tl._process_gpu() -> the ordinal of the process's GPU (0 on cpu) */
static int l_process_gpu(lua_State *L) {
  tlua_Device *d = tlua_state_device(L);
  lua_pushinteger(L, d ? tlua_device_ordinal(d) : 0);
  return 1;
}

/* tl._launch_stream() -> the stream launches on the current device go to, as an integer (0: the legacy default
 * stream, and on cpu): what per-stream state of the standard library is kept by (std.attention's counter) */
static int l_launch_stream(lua_State *L) {
  tlua_Device *d = tlua_state_device_at(L, tlua_current_device(L));
  lua_pushinteger(L, d ? (lua_Integer)(uintptr_t)tlua_device_stream(d) : 0);
  return 1;
}

static int l_set_device(lua_State *L) {
  int prev = tlua_current_device(L);
  int i = tlua_check_device_index(L, 1, "set_device");
  lua_pushinteger(L, i);
  lua_setfield(L, LUA_REGISTRYINDEX, CURRENT_KEY);
  lua_pushinteger(L, prev);
  return 1;
}

int tlua_tensor_m_device(lua_State *L) {
  lua_pushinteger(L, tlua_check_tensor(L, 1)->storage->device_index);
  return 1;
}

int tlua_tensor_m_to(lua_State *L) {
  tlua_Tensor *t = tlua_check_tensor(L, 1);
  int dev = tlua_check_device_index(L, 2, "tensor:to");
  if (t->storage->device_index == dev) {
    lua_settop(L, 1);
    return 1;
  }
  char err[TLUA_TENSOR_ERRLEN];
  tlua_tensor_reserve(L, (size_t)tlua_tensor_numel(t) * tlua_tensor_elsize(t));
  tlua_Tensor *c;
  tlua_Storage *ss = t->storage;
  tlua_Device *dd = tlua_state_device(L) ? tlua_state_device_at(L, dev) : NULL; /* names dev when it cannot open */
  if (dd && ss->device && (ss->valid & TLUA_STORAGE_DEVICE_VALID) && tlua_tensor_is_contiguous(t)) {
    /* GPU to GPU: a new buffer on dev and a peer copy of the tensor's bytes */
    if (tlua_tensor_new(t->dtype, t->rank, t->shape, &c, err)) return luaL_error(L, "tensor:to: %s", err);
    c->storage->device_index = dev;
    char derr[1024];
    if (tlua_device_prepare_storage(dd, c->storage, derr, sizeof derr) ||
        tlua_device_copy_peer(dd, c->storage->device, tlua_state_device_at(L, ss->device_index),
                              (const char *)ss->device + t->offset,
                              (size_t)tlua_tensor_numel(t) * tlua_tensor_elsize(t), derr, sizeof derr)) {
      tlua_tensor_release(c);
      return luaL_error(L, "tensor:to: %s", derr);
    }
    tlua_storage_device_written(c->storage);
  } else {
    /* through the host: the source's bytes come down (waiting for its GPU's work), the copy is
     * uploaded to GPU dev when a launch or collective there first needs it */
    if (tlua_tensor_sync_host(t, err)) return luaL_error(L, "%s", err);
    if (tlua_tensor_clone(t, -1, &c, err)) return luaL_error(L, "tensor:to: %s", err);
    c->storage->device_index = dev;
  }
  tlua_push_tensor(L, c);
  tlua_tensor_release(c);
  tlua_tensor_charge(L, c->storage);
  return 1;
}

static const luaL_Reg funcs[] = {{"devices", l_devices},
                                 {"current_device", l_current_device},
                                 {"set_device", l_set_device},
                                 {"_process_gpu", l_process_gpu},
                                 {"_launch_stream", l_launch_stream},
                                 {NULL, NULL}};

void tlua_open_devices(lua_State *L) { luaL_setfuncs(L, funcs, 0); }
