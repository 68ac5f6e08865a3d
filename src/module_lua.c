/* module_lua.c - luaopen_tilelua: the tilelua module table, embedded Lua sources in preload. */
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include "bindings_lua.h"
#include "backend.h"
#include "embedded_lua.h"
#include "tilelua.h"
#include "tlua_version.h"

#define SANDBOX_KEY "tilelua.sandbox"
#define WARP_KEY "tilelua.warp"

int tlua_is_sandboxed(lua_State *L) {
  lua_getfield(L, LUA_REGISTRYINDEX, SANDBOX_KEY);
  int on = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return on;
}

int tlua_default_warp(lua_State *L) {
  lua_getfield(L, LUA_REGISTRYINDEX, WARP_KEY);
  int isnum = 0;
  lua_Integer w = lua_tointegerx(L, -1, &isnum);
  lua_pop(L, 1);
  if (isnum && w > 0) return (int)w;
  struct tlua_Device *d = tlua_state_device(L);
  return d ? tlua_device_info(d)->warp_size : 64;
}

#define LUA_DIR_KEY "tilelua.lua_dir"

/* tl._lua_dir() -> the TILELUA_LUA_DIR tree a module of this state was read from (nil: every one embedded) */
static int l_lua_dir(lua_State *L) {
  lua_getfield(L, LUA_REGISTRYINDEX, LUA_DIR_KEY);
  return 1;
}

/* package.preload loader for one embedded module (upvalue 1: light userdata of its entry).
 * With TILELUA_LUA_DIR set (and not sandboxed) the file is read from that source tree instead. */
static int load_embedded(lua_State *L) {
  const tlua_EmbeddedLua *e = (const tlua_EmbeddedLua *)lua_touserdata(L, lua_upvalueindex(1));
  const char *dir = tlua_is_sandboxed(L) ? NULL : getenv("TILELUA_LUA_DIR");
  int status;
  if (dir && *dir) {
    /* what tl._lua_dir() answers: the tree a module really came from (the cache's front index is keyed by the build's
       own sources, lua/launch.lua) */
    lua_pushstring(L, dir);
    lua_setfield(L, LUA_REGISTRYINDEX, LUA_DIR_KEY);
    lua_pushfstring(L, "%s/%s", dir, e->path);
    status = luaL_loadfilex(L, lua_tostring(L, -1), "t");
    lua_remove(L, -2);
  } else {
    status = luaL_loadbufferx(L, (const char *)e->source, e->len, e->chunk, "t");
  }
  if (status != LUA_OK) return lua_error(L);
  lua_pushstring(L, e->module);
  lua_call(L, 1, 1);
  return 1;
}

static void register_preload(lua_State *L) {
  luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_PRELOAD_TABLE);
  for (const tlua_EmbeddedLua *e = tlua_embedded_lua; e->module; e++) {
    if (strcmp(e->module, "tilelua.init") == 0) continue; /* run by luaopen_tilelua itself */
    lua_pushlightuserdata(L, (void *)e);
    lua_pushcclosure(L, load_embedded, 1);
    lua_setfield(L, -2, e->module);
  }
  lua_pop(L, 1);
}

static int l_embedded_modules(lua_State *L) {
  lua_newtable(L);
  int n = 0;
  for (const tlua_EmbeddedLua *e = tlua_embedded_lua; e->module; e++) {
    lua_pushstring(L, e->module);
    lua_rawseti(L, -2, ++n);
  }
  return 1;
}

/* tl.default_warp(): the warp size layouts and kernels use when none is given */
static int l_default_warp(lua_State *L) {
  lua_pushinteger(L, tlua_default_warp(L));
  return 1;
}

/* tl._registry_warp() -> the warp a host or tl.with_target set (nil: none, the device's is used);
 * tl._set_registry_warp(w | nil) sets it (32 or 64) or clears it */
static int l_registry_warp(lua_State *L) {
  lua_getfield(L, LUA_REGISTRYINDEX, WARP_KEY);
  return 1;
}
static int l_set_registry_warp(lua_State *L) {
  if (!lua_isnoneornil(L, 1)) {
    lua_Integer w = luaL_checkinteger(L, 1);
    luaL_argcheck(L, w == 32 || w == 64, 1, "a warp is 32 or 64");
  }
  lua_settop(L, 1);
  lua_setfield(L, LUA_REGISTRYINDEX, WARP_KEY);
  return 0;
}

static const luaL_Reg module_funcs[] = {
  {"_lua_dir", l_lua_dir},
  {"_registry_warp", l_registry_warp},
  {"_set_registry_warp", l_set_registry_warp},
  {"default_warp", l_default_warp},
  {"embedded_modules", l_embedded_modules},
  {NULL, NULL}
};

int luaopen_tilelua(lua_State *L) {
  register_preload(L);
  luaL_newlib(L, module_funcs);
  lua_pushstring(L, TILELUA_VERSION);
  lua_setfield(L, -2, "version");
  lua_pushinteger(L, TILELUA_VERSION_NUMBER);
  lua_setfield(L, -2, "version_number");
  lua_pushstring(L, tlua_build_id);
  lua_setfield(L, -2, "build_id");
  /* concept bindings: one line each (keep sorted) */
  tlua_open_backend(L);
  tlua_open_bank(L);
  tlua_open_cache(L);
  tlua_open_curve(L);
  tlua_open_descriptor(L);
  tlua_open_encoding(L);
  tlua_open_exec(L);
  tlua_open_ir(L);
  tlua_open_tensor(L);
  tlua_open_codegen(L);
  tlua_open_rtc(L);
  tlua_open_launcher(L);
  tlua_open_devices(L);
  tlua_open_dist(L);
  tlua_open_events(L);
  /* the Lua half of the module: lua/init.lua receives the table and returns it, extended */
  for (const tlua_EmbeddedLua *e = tlua_embedded_lua; e->module; e++) {
    if (strcmp(e->module, "tilelua.init") != 0) continue;
    lua_pushlightuserdata(L, (void *)e);
    lua_pushcclosure(L, load_embedded, 1);
    lua_call(L, 0, 1);          /* returns the init chunk's function result: a function */
    lua_pushvalue(L, -2);
    lua_call(L, 1, 1);
    if (!lua_istable(L, -1)) luaL_error(L, "tilelua/init.lua must return the module table");
    break;
  }
  return 1;
}
