/* args_lua.c - argument checking shared by the binding files: integers, sequences, fields. */
#include <stdio.h>
#include <stdlib.h>

#include <lauxlib.h>
#include <lua.h>

#include "bindings_lua.h"

long long tlua_check_int_arg(lua_State *L, int idx, const char *who, const char *what) {
  int isnum = 0;
  lua_Integer v = lua_type(L, idx) == LUA_TNUMBER ? lua_tointegerx(L, idx, &isnum) : 0;
  if (!isnum) {
    if (lua_type(L, idx) == LUA_TNUMBER)
      luaL_error(L, "%s: %s must be an integer (got %s)", who, what, lua_tostring(L, idx));
    luaL_error(L, "%s: %s must be an integer (got %s)", who, what, luaL_typename(L, idx));
  }
  return (long long)v;
}

long long tlua_check_int_field(lua_State *L, int idx, const char *who, const char *field,
                               long long dflt, int required) {
  idx = lua_absindex(L, idx);
  lua_getfield(L, idx, field);
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    if (required) luaL_error(L, "%s: field '%s' is required", who, field);
    return dflt;
  }
  long long v = tlua_check_int_arg(L, -1, who, field);
  lua_pop(L, 1);
  return v;
}

int tlua_check_int_seq(lua_State *L, int idx, const char *who, const char *field,
                       long long *out, int max) {
  idx = lua_absindex(L, idx);
  if (!lua_istable(L, idx))
    luaL_error(L, "%s: %s must be a sequence of integers (got %s)", who, field,
               luaL_typename(L, idx));
  lua_Integer n = luaL_len(L, idx);
  if (n > max) luaL_error(L, "%s: %s has %d entries, at most %d allowed", who, field, (int)n, max);
  for (lua_Integer i = 1; i <= n; i++) {
    lua_rawgeti(L, idx, i);
    char what[96];
    snprintf(what, sizeof what, "%s[%d]", field, (int)i);
    out[i - 1] = tlua_check_int_arg(L, -1, who, what);
    lua_pop(L, 1);
  }
  return (int)n;
}

void tlua_push_int_seq(lua_State *L, const long long *v, int n) {
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    lua_pushinteger(L, (lua_Integer)v[i]);
    lua_rawseti(L, -2, i + 1);
  }
}

static int push_lstring_protected(lua_State *L) {
  lua_pushlstring(L, (const char *)lua_touserdata(L, 1), (size_t)lua_tointeger(L, 2));
  return 1;
}

void tlua_push_owned_lstring(lua_State *L, char *bytes, size_t len) {
  if (!lua_checkstack(L, 3)) {
    free(bytes);
    luaL_error(L, "not enough memory");
  }
  /* none of these three pushes allocates; the copy happens inside the protected call */
  lua_pushcfunction(L, push_lstring_protected);
  lua_pushlightuserdata(L, bytes);
  lua_pushinteger(L, (lua_Integer)len);
  int status = lua_pcall(L, 2, 1, 0);
  free(bytes);
  if (status != LUA_OK) lua_error(L);
}
