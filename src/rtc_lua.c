/* rtc_lua.c - the run-time compilers and hashing seen from Lua (private functions of launch.lua).
 *
 *   tl._compile(source, name, arch) -> code object (string); a Lua error carries the compiler log
 *   tl._compiler_id(arch) -> "nvrtc 13.0" (part of the cache's content key; for AMD the compiler
 *        TILELUA_AMD_COMPILER picks: "hiprtc 9.0 (...)" or "clang: Debian clang version 19.1.7")
 *   tl._sha256(s) -> 64 hex digits
 *   tl._source_hash(chunkname) -> hex: the content of the file "@path" (read once per state), the
 *        text of a string chunk, or a per-state token for chunks whose text is gone ("=stdin")
 *   tl._dtype_code(name) -> the dtype's code (the byte backend_lua.c reads in a launch signature) */
#include <lauxlib.h>
#include <lua.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bindings_lua.h"
#include "dtype.h"
#include "rtc.h"
#include "sha256.h"

#define SOURCE_HASHES_KEY "tilelua.source_hashes"

static const tlua_Rtc *check_rtc(lua_State *L, const char *arch) {
  char err[1024];
  const tlua_Rtc *r = tlua_rtc_for_arch_err(arch, err, sizeof err);
  if (!r && err[0]) luaL_error(L, "%s", err);
  if (!r) luaL_error(L, "compile: unknown target '%s' (expected sm_NN for NVIDIA or gfxNNN for AMD)", arch);
  if (r->check_arch(arch, err, sizeof err)) luaL_error(L, "%s", err);
  if (r->load(err, sizeof err)) luaL_error(L, "%s", err);
  return r;
}

static int l_compile(lua_State *L) {
  const char *src = luaL_checkstring(L, 1);
  const char *name = luaL_checkstring(L, 2);
  const char *arch = luaL_checkstring(L, 3);
  const tlua_Rtc *r = check_rtc(L, arch);
  void *code = NULL;
  size_t size = 0;
  size_t errsz = 16384;
  char *err = (char *)malloc(errsz);
  if (!err) return luaL_error(L, "compile: out of memory");
  if (r->compile(src, name, arch, NULL, 0, &code, &size, err, errsz)) {
    tlua_push_owned_lstring(L, err, strlen(err));
    return lua_error(L);
  }
  free(err);
  tlua_push_owned_lstring(L, (char *)code, size);
  return 1;
}

static int l_compiler_id(lua_State *L) {
  const tlua_Rtc *r = check_rtc(L, luaL_checkstring(L, 1));
  lua_pushstring(L, r->version());
  return 1;
}

static void push_hex(lua_State *L, const void *data, size_t n) {
  uint8_t d[TLUA_SHA256_BYTES];
  char hex[TLUA_SHA256_HEX];
  tlua_sha256(data, n, d);
  tlua_sha256_hex(d, hex);
  lua_pushstring(L, hex);
}

static int l_sha256(lua_State *L) {
  size_t n;
  const char *s = luaL_checklstring(L, 1, &n);
  push_hex(L, s, n);
  return 1;
}

/* Hash of a file's bytes, or nil when it cannot be read. */
static int hash_file(lua_State *L, const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return 0;
  tlua_Sha256 st;
  tlua_sha256_init(&st);
  char buf[8192];
  size_t got;
  while ((got = fread(buf, 1, sizeof buf, f)) > 0) tlua_sha256_update(&st, buf, got);
  int bad = ferror(f);
  fclose(f);
  if (bad) return 0;
  uint8_t d[TLUA_SHA256_BYTES];
  char hex[TLUA_SHA256_HEX];
  tlua_sha256_final(&st, d);
  tlua_sha256_hex(d, hex);
  lua_pushstring(L, hex);
  return 1;
}

static int l_source_hash(lua_State *L) {
  size_t n;
  const char *src = luaL_checklstring(L, 1, &n);
  if (lua_getfield(L, LUA_REGISTRYINDEX, SOURCE_HASHES_KEY) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, SOURCE_HASHES_KEY);
  }
  if (lua_getfield(L, -1, src) == LUA_TSTRING) return 1;
  lua_pop(L, 1);
  int ok = 0;
  if (src[0] == '@' && !tlua_is_sandboxed(L)) ok = hash_file(L, src + 1);
  else if (src[0] != '@' && src[0] != '=') { push_hex(L, src, n); ok = 1; }
  if (!ok) {
    /* the text is not available: a token unique to this state, so nothing is shared across runs */
    char token[64];
    snprintf(token, sizeof token, "unhashable:%p", (void *)L);
    lua_pushstring(L, token);
  }
  lua_pushvalue(L, -1);
  lua_setfield(L, -3, src);
  return 1;
}

static int l_dtype_code(lua_State *L) {
  const char *name = luaL_checkstring(L, 1);
  int code = tlua_dtype_from_name(name);
  if (code < 0) return luaL_error(L, "unknown dtype '%s'", name);
  lua_pushinteger(L, code);
  return 1;
}

static const luaL_Reg funcs[] = {{"_compile", l_compile},         {"_compiler_id", l_compiler_id},
                                 {"_sha256", l_sha256},           {"_source_hash", l_source_hash},
                                 {"_dtype_code", l_dtype_code},   {NULL, NULL}};

void tlua_open_rtc(lua_State *L) { luaL_setfuncs(L, funcs, 0); }
