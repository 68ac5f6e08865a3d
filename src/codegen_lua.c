/* codegen_lua.c - Lua binding of the HIP code generator: tl._hip_source(ir, target). */
#include <lauxlib.h>
#include <lua.h>
#include <stdlib.h>
#include <string.h>

#include "bindings_lua.h"
#include "codegen_hip.h"

TLUA_HIDDEN tlua_IR *tlua_check_ir(lua_State *L, int idx);  /* ir_lua.c */

/* tl._hip_source(ir, target) -> source, dynamic LDS bytes (0: static), the arch to compile it for.
 * target is an arch string ("sm_90") or a table {arch = "gfx90a", occupancy = n, num_ctas = m,
 * uniform_warp = b}. */
static int l_hip_source(lua_State *L) {
  tlua_IR *ir = tlua_check_ir(L, 1);
  tlua_Target t;
  char err[512];
  const char *arch;
  lua_Integer occ = 0, ctas = 0;
  int uniform = 0;
  if (lua_type(L, 2) == LUA_TTABLE) {
    lua_getfield(L, 2, "arch");
    arch = lua_tostring(L, -1);
    if (!arch) return luaL_error(L, "hip_source: target.arch must be a string such as \"sm_90\"");
    lua_getfield(L, 2, "occupancy");
    if (!lua_isnil(L, -1)) {
      int ok;
      occ = lua_tointegerx(L, -1, &ok);
      if (!ok || occ < 1 || occ > 32) return luaL_error(L, "hip_source: target.occupancy must be an integer in 1..32");
    }
    lua_pop(L, 1);
    lua_getfield(L, 2, "num_ctas");
    if (!lua_isnil(L, -1)) {
      int ok;
      ctas = lua_tointegerx(L, -1, &ok);
      if (!ok || ctas < 1 || ctas > 16 || (ctas & (ctas - 1)))
        return luaL_error(L, "hip_source: target.num_ctas must be 1, 2, 4, 8 or 16");
    }
    lua_pop(L, 1);
    lua_getfield(L, 2, "uniform_warp");
    if (!lua_isnil(L, -1) && !lua_isboolean(L, -1)) return luaL_error(L, "hip_source: target.uniform_warp must be a boolean");
    uniform = lua_toboolean(L, -1);
    lua_pop(L, 1);
  } else {
    arch = luaL_checkstring(L, 2);
  }
  if (tlua_target_from_arch(arch, &t, err, sizeof err)) return luaL_error(L, "%s", err);
  t.occupancy = (int)occ;
  t.num_ctas = (int)ctas;
  t.uniform_warp = uniform;
  char *src = tlua_hip_source(ir, &t, err, sizeof err);
  if (!src) return luaL_error(L, "%s", err);
  tlua_push_owned_lstring(L, src, strlen(src));
  int64_t at[TLUA_IR_MAX_LDS];
  int align[TLUA_IR_MAX_LDS];
  lua_pushinteger(L, (lua_Integer)tlua_hip_lds_layout(ir, &t, at, align));
  lua_pushstring(L, tlua_hip_compile_arch(ir, &t));
  return 3;
}

/* tl._c_name_problem(name) -> why name cannot name a generated kernel or parameter, or nil (tl.kernel checks
   its names with it, so the error points at the script's definition) */
static int l_c_name_problem(lua_State *L) {
  const char *why = tlua_hip_name_problem(luaL_checkstring(L, 1));
  if (why) lua_pushstring(L, why);
  else lua_pushnil(L);
  return 1;
}

static const luaL_Reg funcs[] = {{"_hip_source", l_hip_source}, {"_c_name_problem", l_c_name_problem}, {NULL, NULL}};

void tlua_open_codegen(lua_State *L) { luaL_setfuncs(L, funcs, 0); }
