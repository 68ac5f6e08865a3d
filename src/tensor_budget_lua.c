/* tensor_budget_lua.c - the tensor memory limit of a state: counting tensor storage bytes. */
#include <lauxlib.h>
#include <lua.h>

#include "tensor_budget_lua.h"

/* The budget lives in the registry at &BUDGET_KEY: a userdata whose user value maps each charged
 * storage (light userdata) to its bytes. Made on first use when the state has a limit. */
typedef struct Budget { size_t used, limit; } Budget;
static const char BUDGET_KEY = 0;

/* The budget, or NULL when the state has none (no limit, or `create` is 0 and none was made). */
static Budget *get_budget(lua_State *L, int create) {
  Budget *bu = lua_rawgetp(L, LUA_REGISTRYINDEX, &BUDGET_KEY) == LUA_TUSERDATA
                   ? (Budget *)lua_touserdata(L, -1) : NULL;
  lua_pop(L, 1);
  if (bu || !create) return bu;
  lua_getfield(L, LUA_REGISTRYINDEX, TLUA_TENSOR_LIMIT_KEY);
  lua_Integer limit = lua_tointeger(L, -1);
  lua_pop(L, 1);
  if (limit <= 0) return NULL;
  bu = (Budget *)lua_newuserdatauv(L, sizeof *bu, 1);
  bu->used = 0;
  bu->limit = (size_t)limit;
  lua_newtable(L);
  lua_setiuservalue(L, -2, 1);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &BUDGET_KEY);
  return bu;
}

static int fits(const Budget *bu, size_t nbytes) {
  return bu->used <= bu->limit && nbytes <= bu->limit - bu->used;
}

void tlua_tensor_reserve(lua_State *L, size_t nbytes) {
  Budget *bu = get_budget(L, 1);
  if (!bu || fits(bu, nbytes)) return;
  /* Lua sees only the small boxes of dropped tensors and would not collect them soon by itself */
  lua_gc(L, LUA_GCCOLLECT);
  if (fits(bu, nbytes)) return;
  /* lua_pushfstring knows no %zu; lua_Integer holds any size a storage can have */
  luaL_error(L, "tensor: %I bytes requested, over the tensor memory limit of %I bytes (%I in use)",
             (lua_Integer)nbytes, (lua_Integer)bu->limit, (lua_Integer)bu->used);
}

void tlua_tensor_charge(lua_State *L, const tlua_Storage *s) {
  Budget *bu = get_budget(L, 0);
  if (!bu) return;
  lua_rawgetp(L, LUA_REGISTRYINDEX, &BUDGET_KEY);
  lua_getiuservalue(L, -1, 1);
  lua_pushinteger(L, (lua_Integer)s->nbytes);
  lua_rawsetp(L, -2, s); /* may raise a memory error: s stays uncounted, owned by its box */
  lua_pop(L, 2);
  bu->used += s->nbytes;
}

void tlua_tensor_admit(lua_State *L, const tlua_Storage *s) {
  tlua_tensor_reserve(L, s->nbytes);
  tlua_tensor_charge(L, s);
}

void tlua_tensor_uncharge(lua_State *L, const tlua_Tensor *t) {
  if (!t || t->refs != 1 || t->storage->refs != 1) return; /* the storage outlives this release */
  Budget *bu = get_budget(L, 0);
  if (!bu) return;
  lua_rawgetp(L, LUA_REGISTRYINDEX, &BUDGET_KEY);
  lua_getiuservalue(L, -1, 1);
  if (lua_rawgetp(L, -1, t->storage) == LUA_TNUMBER) {
    bu->used -= (size_t)lua_tointeger(L, -1);
    lua_pushnil(L);
    lua_rawsetp(L, -3, t->storage); /* clearing a present key never allocates */
  }
  lua_pop(L, 3);
}

size_t tlua_tensor_shape_bytes(tlua_DType dtype, int rank, const int64_t *shape) {
  int64_t numel;
  char err[TLUA_TENSOR_ERRLEN];
  if (tlua_shape_check(rank, shape, &numel, err)) return 0;
  return (size_t)numel * tlua_dtype_info(dtype)->size;
}
