/* exec_lua.c - launching a traced kernel on the CPU executor from Lua: tl._exec(ir, grid, args). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "bindings_lua.h"
#include "exec.h"
#include "ir.h"
#include "tensor.h"
#include "tensor_lua.h"

TLUA_HIDDEN tlua_IR *tlua_check_ir(lua_State *L, int idx);

/* tl._launch_facts(t) -> dtype name, rank, specialization key part, shape_div16 bits,
 * stride_div16 bits, aligned16, last dim contiguous, device index, the last dimension's power-of-two
 * divisor (tlua_tensor_last_div); or nothing when t is not a tensor. One call
 * per tensor argument and launch: the checks and the specialization key both come from it. */
static int l_launch_facts(lua_State *L) {
  const tlua_Tensor *t = tlua_to_tensor(L, 1);
  if (!t) return 0;
  unsigned sdiv, tdiv;
  int aligned, contiguous;
  tlua_tensor_spec_facts(t, &sdiv, &tdiv, &aligned, &contiguous);
  const char *name = tlua_dtype_info(t->dtype)->name;
  lua_pushstring(L, name);
  lua_pushinteger(L, t->rank);
  unsigned last_div = tlua_tensor_last_div(t);
  /* the divisor is in the key only where the shape bits leave it open: 2, 4 or 8 */
  char even[8] = "";
  if (last_div > 1 && last_div < 16) snprintf(even, sizeof even, ":e%u", last_div);
  char part[64];
  snprintf(part, sizeof part, "%s%d:%x:%x:%s%s%s", name, t->rank, sdiv, tdiv, aligned ? "a" : "-",
           contiguous ? "c" : "-", even);
  lua_pushstring(L, part);
  lua_pushinteger(L, sdiv);
  lua_pushinteger(L, tdiv);
  lua_pushboolean(L, aligned);
  lua_pushboolean(L, contiguous);
  lua_pushinteger(L, t->storage->device_index);
  lua_pushinteger(L, last_div);
  return 9;
}

/* tl._exec(ir, {gx, gy, gz}, {args...}) -> lane operations executed */
static int l_exec(lua_State *L) {
  tlua_IR *ir = tlua_check_ir(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  luaL_checktype(L, 3, LUA_TTABLE);
  int64_t grid[3];
  for (int d = 0; d < 3; d++) {
    lua_rawgeti(L, 2, d + 1);
    grid[d] = lua_isnil(L, -1) ? 1 : (int64_t)lua_tointeger(L, -1);
    lua_pop(L, 1);
  }
  tlua_ExecArg args[TLUA_IR_MAX_PARAMS];
  memset(args, 0, sizeof args);
  char err[512];
  for (int i = 0; i < ir->nparams; i++) {
    const tlua_Param *p = &ir->params[i];
    lua_rawgeti(L, 3, i + 1);
    if (p->kind == TLUA_PARAM_TENSOR) {
      tlua_Tensor *t = tlua_check_tensor(L, -1);
      for (int d = 0; d < t->rank; d++) {
        if (t->strides[d] < 0)
          return luaL_error(L, "kernel '%s': argument '%s' has a negative stride; kernels take tensors "
                            "with non-negative strides (clone() it first)", ir->name, p->name);
        args[i].shape[d] = t->shape[d];
        args[i].strides[d] = t->strides[d];
      }
      if (tlua_tensor_sync_host(t, err) != 0) return luaL_error(L, "kernel '%s': %s", ir->name, err);
      size_t el = tlua_tensor_elsize(t);
      args[i].data = tlua_tensor_data(t);
      args[i].extent = (int64_t)((t->storage->nbytes - t->offset) / el);
      tlua_tensor_host_written(t);
    } else if (p->dtype == TLUA_F16 || p->dtype == TLUA_BF16 || p->dtype == TLUA_F32 || p->dtype == TLUA_F64 ||
               tlua_dtype_is_fp8(p->dtype)) {
      args[i].f = lua_tonumber(L, -1);
    } else if (lua_isboolean(L, -1)) {
      args[i].i = lua_toboolean(L, -1);
    } else {
      args[i].i = (int64_t)lua_tointeger(L, -1);
      if (!lua_isinteger(L, -1)) args[i].i = (int64_t)lua_tonumber(L, -1);
    }
    lua_pop(L, 1);
  }
  tlua_ExecStats stats = {0};
  tlua_ExecLimits limits = {0, 0};
  lua_getfield(L, LUA_REGISTRYINDEX, "tilelua.exec_budget"); /* state.c: the instruction limit */
  if (lua_isinteger(L, -1)) limits.max_lane_ops = (uint64_t)lua_tointeger(L, -1);
  lua_pop(L, 1);
  if (tlua_exec_run(ir, args, grid, &limits, &stats, err, sizeof err) != 0)
    return luaL_error(L, "%s", err);
  lua_pushinteger(L, (lua_Integer)stats.lane_ops);
  return 1;
}

static const luaL_Reg exec_funcs[] = {
  {"_exec", l_exec}, {"_launch_facts", l_launch_facts}, {NULL, NULL}
};

void tlua_open_exec(lua_State *L) { luaL_setfuncs(L, exec_funcs, 0); }
