/* api_kernel.c - the public C API of kernels: handles looked up by name, launches from C with a grid,
 * arguments and the application's stream (tilelua.h "Kernels launched from C").
 *
 * A launch calls the kernel exactly as a script's k(grid, args...) does (so it takes the C fast
 * path of launcher_lua.c once the specialization is loaded), with the device's stream set to the
 * caller's for the duration of the call. The tensors go in as Lua tensors made for the call and
 * closed after it: the application's reference decides how long its memory is used. */
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "api.h"
#include "bindings_lua.h"
#include "backend.h"
#include "ir.h"
#include "prof.h"
#include "state.h"
#include "tensor_lua.h"

#define HANDLES_KEY "tilelua.api_kernels" /* registry: {[kernel table] = its tlua_Kernel userdata} */

struct tlua_Kernel {
  tlua_State *T;
  int ref;                       /* the kernel table, in the registry */
  /* known after the first launch through Lua that made the kernel's Launcher: later launches go
   * straight to it, without a protected call (launcher_lua.c) */
  void *launcher;
  int launcher_ref;              /* the Launcher, in the registry (kept alive with the handle) */
  tlua_Device *dev;              /* the state's GPU, whose stream a launch sets */
  int tensors;                   /* tensor parameters: 0 keeps every launch protected */
  int nparams;
  char kinds[TLUA_IR_MAX_PARAMS]; /* 'T' tensor, 'S' scalar */
  char names[TLUA_IR_MAX_PARAMS][TLUA_IR_NAME_MAX + 1];
  char name[TLUA_IR_NAME_MAX + 1];
};

typedef struct Find { const char *name; tlua_State *T; tlua_Kernel *k; } Find;

/* Pushes the tilelua module table (package.loaded.tilelua, present whether or not `tl` is defined). */
static void push_module(lua_State *L) {
  lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
  lua_getfield(L, -1, "tilelua");
  lua_remove(L, -2);
}

static int find(lua_State *L) {
  Find *f = (Find *)lua_touserdata(L, 1);
  push_module(L);
  lua_getfield(L, -1, "_kernels");
  if (!lua_istable(L, -1)) return tlua_state_raise(L, TLUA_ERRTYPE, "kernel '%s': no kernel was made in this state", f->name);
  if (lua_getfield(L, -1, f->name) != LUA_TTABLE) { /* say which names there are, sorted */
    lua_settop(L, 3);
    lua_newtable(L);
    int n = 0;
    lua_pushnil(L);
    while (lua_next(L, 3)) {
      lua_pop(L, 1);
      lua_pushvalue(L, -1);
      lua_rawseti(L, 4, ++n);
    }
    lua_getglobal(L, "table");
    lua_getfield(L, -1, "sort");
    lua_pushvalue(L, 4);
    lua_call(L, 1, 0);
    lua_getfield(L, -1, "concat");
    lua_pushvalue(L, 4);
    lua_pushliteral(L, ", ");
    lua_call(L, 2, 1);
    return tlua_state_raise(L, TLUA_ERRTYPE, "kernel '%s' not found; the state's kernels are: %s", f->name,
                            n ? lua_tostring(L, -1) : "(none)");
  }
  int kt = lua_gettop(L);
  luaL_getsubtable(L, LUA_REGISTRYINDEX, HANDLES_KEY);
  lua_pushvalue(L, kt);
  if (lua_rawget(L, -2) == LUA_TUSERDATA) {
    f->k = (tlua_Kernel *)lua_touserdata(L, -1);
    return 0;
  }
  lua_pop(L, 1);
  tlua_Kernel *k = (tlua_Kernel *)lua_newuserdatauv(L, sizeof *k, 0);
  memset(k, 0, sizeof *k);
  k->T = f->T;
  k->ref = k->launcher_ref = LUA_NOREF;
  snprintf(k->name, sizeof k->name, "%s", f->name);
  lua_getfield(L, kt, "params");
  k->nparams = (int)luaL_len(L, -1);
  if (k->nparams > TLUA_IR_MAX_PARAMS) return luaL_error(L, "kernel '%s': too many parameters", f->name);
  for (int i = 0; i < k->nparams; i++) {
    lua_rawgeti(L, -1, i + 1);
    lua_getfield(L, -1, "kind");
    k->kinds[i] = strcmp(luaL_optstring(L, -1, "scalar"), "tensor") == 0 ? 'T' : 'S';
    k->tensors += k->kinds[i] == 'T';
    lua_getfield(L, -2, "name");
    snprintf(k->names[i], sizeof k->names[i], "%s", luaL_optstring(L, -1, "?"));
    lua_pop(L, 3);
  }
  lua_pop(L, 1);
  lua_pushvalue(L, kt);
  k->ref = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_pushvalue(L, kt);
  lua_pushvalue(L, -2);
  lua_rawset(L, -4); /* handles[kernel] = k: it lives as long as the state */
  f->k = k;
  return 0;
}

int tlua_kernel_find(tlua_State *T, const char *name, tlua_Kernel **out) {
  if (!out) return TLUA_ERRARG;
  *out = NULL;
  if (!T || !name) return TLUA_ERRARG;
  Find f = {name, T, NULL};
  int status = tlua_state_protected(T, find, &f);
  if (status == TLUA_OK) *out = f.k;
  return status;
}

/* --- launching ---------------------------------------------------------------------------------- */

typedef struct Launch {
  tlua_Kernel *k;
  unsigned grid[3];
  const tlua_Arg *args;
  int nargs;
  void *stream;
  tlua_Device *dev;
  void *old_stream;
  int stream_set;
  int fast_tried; /* tlua_kernel_launch found no loaded variant already: straight to the Lua call */
} Launch;

TLUA_HIDDEN void *tlua_launcher_push(lua_State *L, int kidx);
TLUA_HIDDEN int tlua_launcher_fast(lua_State *L, void *launcher, const unsigned grid[3], const tlua_LaunchArg *in,
                                   int nargs, int *launched, char *err, size_t n);

static void launch_args(const Launch *c, tlua_LaunchArg *in) {
  for (int i = 0; i < c->nargs; i++) {
    const tlua_Arg *a = &c->args[i];
    in[i].kind = a->kind == TLUA_ARG_TENSOR ? TLUA_LAUNCH_TENSOR : a->kind == TLUA_ARG_INTEGER ? TLUA_LAUNCH_INT : TLUA_LAUNCH_NUM;
    in[i].tensor = a->kind == TLUA_ARG_TENSOR ? a->v.tensor : NULL;
    in[i].i = a->kind == TLUA_ARG_INTEGER ? a->v.integer : 0;
    in[i].num = a->kind == TLUA_ARG_NUMBER ? a->v.number : 0;
  }
}

/* The kernel's Launcher, once a launch through Lua has made it: kept in k (and in the registry, so
 * that it lives as long as the handle) for launches that need no protected call. */
static void keep_launcher(lua_State *L, tlua_Kernel *k, tlua_Device *dev) {
  if (k->launcher || !dev) return;
  lua_rawgeti(L, LUA_REGISTRYINDEX, k->ref);
  void *l = tlua_launcher_push(L, lua_gettop(L));
  if (l) {
    k->launcher_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    k->launcher = l;
    k->dev = dev;
  } else {
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
}

static int launch(lua_State *L) {
  Launch *c = (Launch *)lua_touserdata(L, 1);
  tlua_Kernel *k = c->k;
  c->dev = tlua_state_device(L);
  if (c->dev) { /* the launch, fast or through Lua, goes on the caller's stream */
    c->old_stream = tlua_device_set_stream(c->dev, c->stream);
    c->stream_set = 1;
  }
  if (c->dev && !c->fast_tried) {
    /* a specialization loaded already: straight to the driver, no Lua call (launcher_lua.c) */
    tlua_LaunchArg in[TLUA_IR_MAX_PARAMS];
    launch_args(c, in);
    lua_rawgeti(L, LUA_REGISTRYINDEX, k->ref);
    void *l = tlua_launcher_push(L, lua_gettop(L));
    char err[1024];
    int launched;
    if (tlua_launcher_fast(L, l, c->grid, in, c->nargs, &launched, err, sizeof err))
      return tlua_state_raise(L, TLUA_ERRRUN, "%s", err);
    lua_pop(L, 2);
    if (launched) {
      keep_launcher(L, k, c->dev);
      return 0;
    }
  }
  luaL_checkstack(L, 2 * c->nargs + 8, "too many kernel arguments");
  int boxes = lua_gettop(L) + 1; /* the arguments, kept to close the tensors after the call */
  for (int i = 0; i < c->nargs; i++) {
    const tlua_Arg *a = &c->args[i];
    if (a->kind == TLUA_ARG_TENSOR) tlua_push_tensor(L, a->v.tensor);
    else if (a->kind == TLUA_ARG_INTEGER) lua_pushinteger(L, (lua_Integer)a->v.integer);
    else lua_pushnumber(L, (lua_Number)a->v.number);
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, k->ref);
  lua_createtable(L, 3, 0);
  for (int i = 0; i < 3; i++) {
    lua_pushinteger(L, (lua_Integer)c->grid[i]);
    lua_rawseti(L, -2, i + 1);
  }
  for (int i = 0; i < c->nargs; i++) lua_pushvalue(L, boxes + i);
  int status = lua_pcall(L, 1 + c->nargs, 0, 0);
  /* the tensors made for the call go now, not at some later collection: the application's
   * reference alone decides how long its memory is used */
  for (int i = 0; i < c->nargs; i++) tlua_close_tensor(L, boxes + i);
  if (status == LUA_OK) {
    keep_launcher(L, k, c->dev);
    return 0;
  }
  /* the launch was made from C: a position inside tilelua's own Lua files says nothing useful */
  const char *msg = lua_tostring(L, -1);
  if (msg && strncmp(msg, "tilelua/", 8) == 0 && strstr(msg, ": ")) msg = strstr(msg, ": ") + 2;
  return tlua_state_raise(L, TLUA_ERRRUN, "%s", msg ? msg : "(error object is not a string)");
}

int tlua_kernel_launch(tlua_Kernel *k, const unsigned grid[3], const tlua_Arg *args, int nargs, void *stream,
                       int flags) {
  if (!k) return TLUA_ERRARG;
  tlua_State *T = k->T;
  char msg[256];
  if (nargs != k->nparams || (nargs > 0 && !args)) {
    snprintf(msg, sizeof msg, "kernel '%s': expected %d arguments, got %d", k->name, k->nparams, nargs);
    return tlua_state_fail(T, TLUA_ERRARG, msg);
  }
  for (int i = 0; i < nargs; i++) {
    int kind = args[i].kind;
    if (kind != TLUA_ARG_TENSOR && kind != TLUA_ARG_NUMBER && kind != TLUA_ARG_INTEGER) {
      snprintf(msg, sizeof msg, "kernel '%s': argument %d ('%s') has kind %d, not TLUA_ARG_*", k->name, i + 1,
               k->names[i], kind);
      return tlua_state_fail(T, TLUA_ERRARG, msg);
    }
    if ((kind == TLUA_ARG_TENSOR) != (k->kinds[i] == 'T') || (kind == TLUA_ARG_TENSOR && !args[i].v.tensor)) {
      snprintf(msg, sizeof msg, "kernel '%s': argument %d ('%s') must be %s", k->name, i + 1, k->names[i],
               k->kinds[i] == 'T' ? "a tensor (TLUA_ARG_TENSOR, not NULL)" : "a number (TLUA_ARG_NUMBER or TLUA_ARG_INTEGER)");
      return tlua_state_fail(T, TLUA_ERRARG, msg);
    }
  }
  Launch c;
  memset(&c, 0, sizeof c);
  c.k = k;
  for (int i = 0; i < 3; i++) c.grid[i] = grid ? grid[i] : 1;
  c.args = args;
  c.nargs = nargs;
  c.stream = stream;
  int status;
  TLUA_PROF(10);
  if (k->launcher && k->tensors) {
    /* the specialization is loaded (most launches): no Lua, no protected call */
    tlua_LaunchArg in[TLUA_IR_MAX_PARAMS];
    launch_args(&c, in);
    c.dev = k->dev;
    c.old_stream = tlua_device_set_stream(c.dev, c.stream);
    c.stream_set = 1;
    char err[1024];
    int launched;
    TLUA_PROF(11);
    if (tlua_launcher_fast(tlua_lua(T), k->launcher, c.grid, in, nargs, &launched, err, sizeof err)) {
      status = tlua_state_fail(T, TLUA_ERRRUN, err);
    } else if (launched) {
      status = tlua_state_fail(T, TLUA_OK, NULL);
    } else {
      tlua_device_set_stream(c.dev, c.old_stream);
      c.stream_set = 0;
      c.fast_tried = 1;
      status = tlua_state_protected(T, launch, &c);
    }
  } else {
    status = tlua_state_protected(T, launch, &c);
  }
  TLUA_PROF(20);
  if (c.stream_set) {
    if (status == TLUA_OK && (flags & TLUA_LAUNCH_SYNC)) {
      char err[512];
      if (tlua_device_sync_stream(c.dev, err, sizeof err)) status = tlua_state_fail(T, TLUA_ERRDEVICE, err);
    }
    tlua_device_set_stream(c.dev, c.old_stream);
  }
  TLUA_PROF(21);
  return status;
}
