/* state.c - tlua_State: open/close, running scripts, errors, the sandbox. The public C API. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include <stdarg.h>

#include "bindings_lua.h"
#include "state.h"
#include "tensor_budget_lua.h"
#include "tilelua.h"

struct tlua_State {
  lua_State *L;
  int sandbox;
  char *errmsg;        /* malloc'd message of the last failure, NULL if none */
  size_t mem_used;     /* bytes the Lua allocator holds */
  size_t mem_limit;    /* 0 = none */
  int mem_refused;     /* an allocation was refused for the limit since the last call began */
  long long instr_limit, instr_count;
  void *device;      /* the GPU the state chose (api_tensor.c), once device_known */
  int device_known;
};

#define INSTR_STEP 1000

/* The Lua allocator: realloc with accounting, refusing growth past the memory limit. */
static void *limited_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  tlua_State *T = (tlua_State *)ud;
  size_t old = ptr ? osize : 0;
  if (nsize == 0) {
    free(ptr);
    T->mem_used -= old;
    return NULL;
  }
  if (T->mem_limit && nsize > old && T->mem_used - old + nsize > T->mem_limit) {
    T->mem_refused = 1;
    return NULL;
  }
  void *p = realloc(ptr, nsize);
  if (p) T->mem_used = T->mem_used - old + nsize;
  return p;
}

/* Count hook: raises once the call has run more than its instruction budget. */
static void instr_hook(lua_State *L, lua_Debug *ar) {
  (void)ar;
  void *ud = NULL;
  lua_getallocf(L, &ud);
  tlua_State *T = (tlua_State *)ud;
  T->instr_count += INSTR_STEP;
  if (T->instr_limit && T->instr_count > T->instr_limit)
    luaL_error(L, "instruction limit of %I exceeded", (lua_Integer)T->instr_limit);
}

/* Called before each run: fresh instruction budget, fresh memory-refusal flag. */
static void begin_call(tlua_State *T) {
  T->instr_count = 0;
  T->mem_refused = 0;
  if (T->instr_limit) lua_sethook(T->L, instr_hook, LUA_MASKCOUNT, INSTR_STEP);
}

const char *tlua_version(void) { return TILELUA_VERSION; }
int tlua_version_number(void) { return TILELUA_VERSION_NUMBER; }

void tlua_config_init(tlua_Config *cfg) {
  if (!cfg) return;
  memset(cfg, 0, sizeof *cfg);
  cfg->define_tl = 1;
}

static void set_errmsg(tlua_State *T, const char *msg) {
  free(T->errmsg);
  T->errmsg = NULL;
  if (!msg) return;
  size_t n = strlen(msg) + 1;
  T->errmsg = malloc(n);
  if (T->errmsg) memcpy(T->errmsg, msg, n);
}

/* Message handler: adds a traceback to string messages (as lua.c's msghandler). */
static int msghandler(lua_State *L) {
  const char *msg = lua_tostring(L, 1);
  if (msg && msg[0] == '\x01') return 1; /* tlua_state_raise: an API status, no traceback */
  if (msg == NULL) {
    if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING) return 1;
    msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
  }
  luaL_traceback(L, L, msg, 1);
  return 1;
}

static int status_of(int lua_status) {
  switch (lua_status) {
    case LUA_OK: return TLUA_OK;
    case LUA_ERRSYNTAX: return TLUA_ERRSYNTAX;
    case LUA_ERRMEM: return TLUA_ERRMEM;
    case LUA_ERRFILE: return TLUA_ERRFILE;
    default: return TLUA_ERRRUN;
  }
}

/* Records the error on top of the stack (if any), pops it, returns the tlua status. */
static int finish(tlua_State *T, int lua_status) {
  if (lua_status == LUA_ERRMEM && T->mem_refused) {
    lua_pop(T->L, 1);
    char msg[128];
    snprintf(msg, sizeof msg, "not enough memory: the script went over its memory limit of %zu bytes",
             T->mem_limit);
    set_errmsg(T, msg);
    lua_gc(T->L, LUA_GCCOLLECT);
    return TLUA_ERRMEM;
  }
  if (lua_status == LUA_OK) {
    set_errmsg(T, NULL);
    return TLUA_OK;
  }
  const char *msg = lua_tostring(T->L, -1);
  set_errmsg(T, msg ? msg : "(error object is not a string)");
  lua_pop(T->L, 1);
  return status_of(lua_status);
}

/* The function to run is on top; runs it with a traceback handler, no results kept. */
static int docall(lua_State *L, int nargs) {
  int base = lua_gettop(L) - nargs;
  lua_pushcfunction(L, msghandler);
  lua_insert(L, base);
  int status = lua_pcall(L, nargs, 0, base);
  lua_remove(L, base);
  return status;
}

/* --- sandbox ---------------------------------------------------------------------------------- */

/* load() for untrusted scripts: the same, but text chunks only (upvalue 1: the original load). */
static int sandbox_load(lua_State *L) {
  int nargs = lua_gettop(L);
  if (nargs < 1) return luaL_error(L, "bad argument #1 to 'load' (value expected)");
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_pushvalue(L, 1);
  if (nargs >= 2) lua_pushvalue(L, 2); else lua_pushnil(L);
  lua_pushliteral(L, "t");
  if (nargs >= 4) lua_pushvalue(L, 4);
  lua_call(L, nargs >= 4 ? 4 : 3, LUA_MULTRET);
  return lua_gettop(L) - nargs;
}

static void apply_sandbox(lua_State *L) {
  static const char *const removed_globals[] = {"io", "debug", "dofile", "loadfile", NULL};
  lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
  for (const char *const *g = removed_globals; *g; g++) {
    lua_pushnil(L);
    lua_setglobal(L, *g);
    lua_pushnil(L);
    lua_setfield(L, -2, *g);
  }
  /* os: only clock and time */
  lua_getglobal(L, "os");
  lua_createtable(L, 0, 2);
  lua_getfield(L, -2, "clock");
  lua_setfield(L, -2, "clock");
  lua_getfield(L, -2, "time");
  lua_setfield(L, -2, "time");
  lua_pushvalue(L, -1);
  lua_setglobal(L, "os");
  lua_setfield(L, -3, "os");
  lua_pop(L, 1);
  /* load: text only */
  lua_getglobal(L, "load");
  lua_pushcclosure(L, sandbox_load, 1);
  lua_setglobal(L, "load");
  /* package: preload searcher only (the embedded modules), no C libraries, no paths */
  lua_getfield(L, -1, LUA_LOADLIBNAME);
  lua_pushnil(L);
  lua_setfield(L, -2, "loadlib");
  lua_pushnil(L);
  lua_setfield(L, -2, "searchpath");
  lua_pushliteral(L, "");
  lua_setfield(L, -2, "path");
  lua_pushliteral(L, "");
  lua_setfield(L, -2, "cpath");
  lua_getfield(L, -1, "searchers");
  lua_createtable(L, 1, 0);
  lua_rawgeti(L, -2, 1); /* the preload searcher */
  lua_rawseti(L, -2, 1);
  lua_setfield(L, -3, "searchers");
  lua_pop(L, 3); /* searchers, package, _LOADED */
}

/* --- open / close ----------------------------------------------------------------------------- */

static int setup(lua_State *L) {
  const tlua_Config *cfg = (const tlua_Config *)lua_touserdata(L, 1);
  if (cfg->sandbox) {
    lua_pushboolean(L, 1);
    lua_setfield(L, LUA_REGISTRYINDEX, "tilelua.sandbox");
  }
  const char *backend = cfg->backend ? cfg->backend : getenv("TILELUA_BACKEND");
  lua_pushstring(L, backend && *backend ? backend : "auto");
  lua_setfield(L, LUA_REGISTRYINDEX, "tilelua.backend_request");
  if (cfg->tensor_limit) { /* read by tensor_budget_lua.c */
    lua_Integer lim = cfg->tensor_limit > (size_t)LUA_MAXINTEGER ? LUA_MAXINTEGER
                                                                 : (lua_Integer)cfg->tensor_limit;
    lua_pushinteger(L, lim);
    lua_setfield(L, LUA_REGISTRYINDEX, TLUA_TENSOR_LIMIT_KEY);
  }
  if (cfg->instr_limit > 0) { /* the CPU executor's work budget per launch (exec_lua.c) */
    lua_pushinteger(L, (lua_Integer)cfg->instr_limit);
    lua_setfield(L, LUA_REGISTRYINDEX, "tilelua.exec_budget");
  }
  /* generational collection: a young collection after a call of a std function costs a few us where a step of the
   * incremental collector (about a cycle of this heap, about 800 KB with the standard library) costs 150-300, and a
   * launch collects before it takes a device buffer the pool cannot serve (backend_lua.c, TLUA_GC_STEPS_KEY) */
  lua_gc(L, LUA_GCGEN, 0, 0);
  lua_pushboolean(L, 1);
  lua_setfield(L, LUA_REGISTRYINDEX, TLUA_GC_STEPS_KEY);
  luaL_openlibs(L);
  luaL_requiref(L, "tilelua", luaopen_tilelua, 0);
  if (cfg->define_tl) lua_setglobal(L, "tl"); else lua_pop(L, 1);
  if (cfg->sandbox) apply_sandbox(L);
  return 0;
}

static int valid_backend(const char *b) {
  return !b || !*b || !strcmp(b, "auto") || !strcmp(b, "cpu") || !strcmp(b, "cuda") ||
         !strcmp(b, "hip");
}

int tlua_open(const tlua_Config *cfg, tlua_State **out) {
  if (!out) return TLUA_ERRARG;
  *out = NULL;
  tlua_Config defaults;
  if (!cfg) {
    tlua_config_init(&defaults);
    cfg = &defaults;
  }
  if (!valid_backend(cfg->backend) || (!cfg->backend && !valid_backend(getenv("TILELUA_BACKEND"))))
    return TLUA_ERRNOBACKEND;
  tlua_State *T = calloc(1, sizeof *T);
  if (!T) return TLUA_ERRMEM;
  T->sandbox = cfg->sandbox;
  T->instr_limit = cfg->instr_limit > 0 ? cfg->instr_limit : 0;
  T->L = lua_newstate(limited_alloc, T);
  if (!T->L) {
    free(T);
    return TLUA_ERRMEM;
  }
  lua_pushcfunction(T->L, setup);
  lua_pushlightuserdata(T->L, (void *)cfg);
  int status = lua_pcall(T->L, 1, 0, 0);
  if (status != LUA_OK) {
    tlua_close(T);
    return status_of(status);
  }
  /* the limits apply to scripts, not to loading the library itself; a host that runs code
     through tlua_lua() directly shares one instruction budget for the state's life */
  T->mem_limit = cfg->mem_limit;
  begin_call(T);
  *out = T;
  return TLUA_OK;
}

void tlua_close(tlua_State *T) {
  if (!T) return;
  if (T->L) lua_close(T->L);
  free(T->errmsg);
  free(T);
}

/* --- running ---------------------------------------------------------------------------------- */

int tlua_dofile(tlua_State *T, const char *path) {
  if (!T) return TLUA_ERRARG;
  if (path && strcmp(path, "-") == 0) path = NULL;
  begin_call(T);
  int status = luaL_loadfilex(T->L, path, T->sandbox ? "t" : "bt");
  if (status == LUA_OK) status = docall(T->L, 0);
  return finish(T, status);
}

int tlua_dostring(tlua_State *T, const char *code, const char *chunkname) {
  if (!T || !code) return TLUA_ERRARG;
  begin_call(T);
  int status = luaL_loadbufferx(T->L, code, strlen(code), chunkname ? chunkname : "=(string)",
                                T->sandbox ? "t" : "bt");
  if (status == LUA_OK) status = docall(T->L, 0);
  return finish(T, status);
}

static int get_global(tlua_State *T, const char *name, int type) {
  if (!T || !name) return TLUA_ERRARG;
  if (lua_getglobal(T->L, name) != type) {
    lua_pop(T->L, 1);
    return TLUA_ERRTYPE;
  }
  return TLUA_OK;
}

int tlua_get_number(tlua_State *T, const char *name, double *out) {
  int status = get_global(T, name, LUA_TNUMBER);
  if (status != TLUA_OK) return status;
  if (out) *out = (double)lua_tonumber(T->L, -1);
  lua_pop(T->L, 1);
  return TLUA_OK;
}

int tlua_get_string(tlua_State *T, const char *name, const char **out) {
  int status = get_global(T, name, LUA_TSTRING);
  if (status != TLUA_OK) return status;
  /* the string stays anchored by the global while it is not reassigned */
  if (out) *out = lua_tostring(T->L, -1);
  lua_pop(T->L, 1);
  return TLUA_OK;
}

const char *tlua_errmsg(const tlua_State *T) {
  return T && T->errmsg ? T->errmsg : "";
}

lua_State *tlua_lua(tlua_State *T) { return T ? T->L : NULL; }

/* --- for the API files (state.h) ------------------------------------------------------------- */

int tlua_state_msghandler(lua_State *L) { return msghandler(L); }

int tlua_state_cached_device(tlua_State *T, void **d) {
  *d = T->device;
  return T->device_known;
}

void tlua_state_cache_device(tlua_State *T, void *d) {
  T->device = d;
  T->device_known = 1;
}

int tlua_state_fail(tlua_State *T, int status, const char *msg) {
  set_errmsg(T, msg);
  return status;
}

int tlua_state_raise(lua_State *L, int status, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  lua_pushfstring(L, "\x01%d", status);
  lua_pushvfstring(L, fmt, ap);
  va_end(ap);
  lua_concat(L, 2);
  return lua_error(L);
}

int tlua_state_protected(tlua_State *T, lua_CFunction fn, void *ud) {
  if (!T) return TLUA_ERRARG;
  lua_State *L = T->L;
  begin_call(T);
  int top = lua_gettop(L);
  /* neither push allocates: nothing here can raise outside the pcall */
  lua_pushcfunction(L, msghandler);
  lua_pushcfunction(L, fn);
  lua_pushlightuserdata(L, ud);
  int status = lua_pcall(L, 1, 0, top + 1);
  if (status != LUA_OK && status != LUA_ERRMEM) {
    const char *msg = lua_tostring(L, -1);
    if (msg && msg[0] == '\x01' && msg[1] >= '0' && msg[1] <= '9') {
      int api_status = msg[1] - '0';
      set_errmsg(T, msg + 2);
      lua_settop(L, top);
      return api_status;
    }
  }
  status = finish(T, status);
  lua_settop(L, top);
  return status;
}
