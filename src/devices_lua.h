/* devices_lua.h - device indices for the binding files (devices_lua.c): counts, the current device,
 * argument checks, and the tensor methods :device() and :to(). */
#ifndef TLUA_DEVICES_LUA_H
#define TLUA_DEVICES_LUA_H

#include <lua.h>

#include "tlua.h"

/* How many devices tl.devices() lists (GPUs of the backend, or $TILELUA_CPU_DEVICES on cpu). */
TLUA_HIDDEN int tlua_device_count(lua_State *L);
/* Where constructors put tensors now (tl.set_device). */
TLUA_HIDDEN int tlua_current_device(lua_State *L);
/* The device index at idx, or a Lua error naming who and the rule (it exists; a GPU process has one). */
TLUA_HIDDEN int tlua_check_device_index(lua_State *L, int idx, const char *who);
/* The stack index of a trailing options table ({device = i}) at or after `first`, else 0. */
TLUA_HIDDEN int tlua_opts_index(lua_State *L, int first);
/* The device an options table names (dflt when opts is 0 or has no device); unknown keys raise. */
TLUA_HIDDEN int tlua_opt_device(lua_State *L, int opts, const char *who, int dflt);
/* The same, also taking {clear = boolean} into *clear (left as it is when absent; NULL: clear is unknown). */
TLUA_HIDDEN int tlua_opt_device_clear(lua_State *L, int opts, const char *who, int dflt, int *clear);
TLUA_HIDDEN int tlua_tensor_m_device(lua_State *L);
TLUA_HIDDEN int tlua_tensor_m_to(lua_State *L);
TLUA_HIDDEN void tlua_open_devices(lua_State *L);

#endif
