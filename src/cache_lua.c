/* cache_lua.c - Lua binding of the code-object cache: tl.cache.{stats,dir,clear} and the private
 * tl._cache_get / tl._cache_put / tl._cache_note the kernel launcher uses. One tlua_Cache per
 * lua_State, kept in the registry and opened on first use (disk part off in sandboxed states). */
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "bindings_lua.h"
#include "cache.h"

#define CACHE_MT "tilelua.Cache"
#define CACHE_KEY "tilelua.cache"

typedef struct CacheBox { tlua_Cache *cache; } CacheBox;

static int box_gc(lua_State *L) {
  CacheBox *b = (CacheBox *)luaL_checkudata(L, 1, CACHE_MT);
  tlua_cache_close(b->cache);
  b->cache = NULL;
  return 0;
}

static int box_tostring(lua_State *L) {
  CacheBox *b = (CacheBox *)luaL_checkudata(L, 1, CACHE_MT);
  if (!b->cache) {
    lua_pushliteral(L, "Cache{closed}");
    return 1;
  }
  tlua_CacheStats s;
  tlua_cache_stats(b->cache, &s);
  const char *dir = tlua_cache_dir(b->cache);
  lua_pushfstring(L, "Cache{dir=%s, memory_entries=%I}", dir ? dir : "off", (lua_Integer)s.memory_entries);
  return 1;
}

/* The state's cache, opened from the environment the first time. */
static tlua_Cache *get_cache(lua_State *L) {
  if (lua_getfield(L, LUA_REGISTRYINDEX, CACHE_KEY) == LUA_TUSERDATA) {
    CacheBox *b = (CacheBox *)luaL_checkudata(L, -1, CACHE_MT);
    lua_pop(L, 1);
    if (b->cache) return b->cache;
    luaL_error(L, "cache: the cache of this state was already closed");
  }
  lua_pop(L, 1);
  CacheBox *b = (CacheBox *)lua_newuserdatauv(L, sizeof *b, 0);
  b->cache = NULL; /* closed until opened, so an error leaves nothing to free */
  luaL_setmetatable(L, CACHE_MT);
  tlua_CacheConfig cfg;
  memset(&cfg, 0, sizeof cfg);
  if (tlua_is_sandboxed(L)) {
    cfg.no_disk = 1;
    cfg.no_disk_reason = "sandboxed state";
  }
  b->cache = tlua_cache_open(&cfg);
  if (!b->cache) luaL_error(L, "cache: out of memory");
  lua_setfield(L, LUA_REGISTRYINDEX, CACHE_KEY);
  return b->cache;
}

/* A key argument: a string without NUL bytes (entry headers and file names use C strings). */
static const char *check_key(lua_State *L, int idx) {
  size_t n;
  const char *k = luaL_checklstring(L, idx, &n);
  if (strlen(k) != n) luaL_argerror(L, idx, "cache keys must not contain NUL bytes");
  if (n == 0) luaL_argerror(L, idx, "cache keys must not be empty");
  return k;
}

/* tl._cache_get(key) -> blob, "memory"|"disk"  |  nil, why */
static int l_cache_get(lua_State *L) {
  const char *key = check_key(L, 1);
  tlua_Cache *c = get_cache(L);
  const void *blob;
  size_t len;
  char why[8192];
  tlua_CacheWhere w = tlua_cache_get(c, key, &blob, &len, why, sizeof why);
  if (w == TLUA_CACHE_MISS) {
    lua_pushnil(L);
    lua_pushstring(L, why);
    return 2;
  }
  lua_pushlstring(L, (const char *)blob, len);
  lua_pushstring(L, w == TLUA_CACHE_MEMORY ? "memory" : "disk");
  return 2;
}

/* tl._cache_put(key, blob) -> true (disk failures are warnings, never errors) */
static int l_cache_put(lua_State *L) {
  const char *key = check_key(L, 1);
  size_t len;
  const char *blob = luaL_checklstring(L, 2, &len);
  tlua_Cache *c = get_cache(L);
  if (tlua_cache_put(c, key, blob, len) < 0) return luaL_error(L, "cache: out of memory storing %d bytes", (int)len);
  lua_pushboolean(L, 1);
  return 1;
}

/* tl._cache_note("traces"|"compiles") */
static int l_cache_note(lua_State *L) {
  const char *name = luaL_checkstring(L, 1);
  if (tlua_cache_note(get_cache(L), name) != 0)
    return luaL_argerror(L, 1, lua_pushfstring(L, "unknown counter '%s' (expected \"traces\" or \"compiles\")", name));
  return 0;
}

/* tl.cache.stats() -> {memory_hits=, disk_hits=, misses=, compiles=, traces=, bad_entries=,
 *   write_errors=, memory_entries=, memory_bytes=} */
static int l_stats(lua_State *L) {
  tlua_CacheStats s;
  tlua_cache_stats(get_cache(L), &s);
  lua_createtable(L, 0, 9);
#define FIELD(f) (lua_pushinteger(L, (lua_Integer)s.f), lua_setfield(L, -2, #f))
  FIELD(memory_hits);
  FIELD(disk_hits);
  FIELD(misses);
  FIELD(compiles);
  FIELD(traces);
  FIELD(bad_entries);
  FIELD(write_errors);
  FIELD(memory_entries);
  FIELD(memory_bytes);
#undef FIELD
  return 1;
}

/* tl.cache.dir() -> path | nil, why the disk part is off */
static int l_dir(lua_State *L) {
  tlua_Cache *c = get_cache(L);
  const char *dir = tlua_cache_dir(c);
  if (dir) {
    lua_pushstring(L, dir);
    return 1;
  }
  lua_pushnil(L);
  lua_pushstring(L, tlua_cache_disk_off_reason(c));
  return 2;
}

/* tl.cache.clear(): empties the memory table */
static int l_clear(lua_State *L) {
  tlua_cache_clear(get_cache(L));
  return 0;
}

static const luaL_Reg cache_funcs[] = {{"stats", l_stats}, {"dir", l_dir}, {"clear", l_clear}, {NULL, NULL}};
static const luaL_Reg private_funcs[] = {
  {"_cache_get", l_cache_get}, {"_cache_put", l_cache_put}, {"_cache_note", l_cache_note}, {NULL, NULL}
};
static const luaL_Reg box_meta[] = {{"__gc", box_gc}, {"__close", box_gc}, {"__tostring", box_tostring}, {NULL, NULL}};

void tlua_open_cache(lua_State *L) {
  luaL_newmetatable(L, CACHE_MT);
  luaL_setfuncs(L, box_meta, 0);
  lua_pop(L, 1);
  luaL_newlib(L, cache_funcs);
  lua_setfield(L, -2, "cache");
  luaL_setfuncs(L, private_funcs, 0);
}
