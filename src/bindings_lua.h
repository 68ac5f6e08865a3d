/* bindings_lua.h - registration hooks of the per-concept Lua binding files (the *_lua.c files). */
#ifndef TLUA_BINDINGS_LUA_H
#define TLUA_BINDINGS_LUA_H

#include <lua.h>
#include "tlua.h"

/* Each tlua_open_<concept> expects the tilelua module table on top of the stack, adds its
 * functions to it (luaL_setfuncs) and creates its metatables ("tilelua.<Name>"). It leaves the
 * stack as it found it. Called once per lua_State from luaopen_tilelua (module_lua.c). */
TLUA_HIDDEN void tlua_open_curve(lua_State *L);
TLUA_HIDDEN void tlua_open_encoding(lua_State *L);
TLUA_HIDDEN void tlua_open_descriptor(lua_State *L);
TLUA_HIDDEN void tlua_open_bank(lua_State *L);
TLUA_HIDDEN void tlua_open_ir(lua_State *L);
TLUA_HIDDEN void tlua_open_exec(lua_State *L);
TLUA_HIDDEN void tlua_open_tensor(lua_State *L);
TLUA_HIDDEN void tlua_open_codegen(lua_State *L);
TLUA_HIDDEN void tlua_open_cache(lua_State *L);
TLUA_HIDDEN void tlua_open_backend(lua_State *L);
TLUA_HIDDEN void tlua_open_rtc(lua_State *L);
TLUA_HIDDEN void tlua_open_launcher(lua_State *L);
TLUA_HIDDEN void tlua_open_devices(lua_State *L);
TLUA_HIDDEN void tlua_open_dist(lua_State *L);
TLUA_HIDDEN void tlua_open_events(lua_State *L);

/* The state's GPU device, selecting the backend on first use (backend_lua.c); NULL on cpu. */
struct tlua_Device;
TLUA_HIDDEN struct tlua_Device *tlua_state_device(lua_State *L);
/* GPU `ordinal` of the state's backend, opened on first use; NULL on cpu (backend_lua.c). */
TLUA_HIDDEN struct tlua_Device *tlua_state_device_at(lua_State *L, int ordinal);

/* Registry key, true in the states tilelua opens (state.c): their collector is generational, so that a launch
 * may collect the tensors a script dropped before it takes a new device buffer (backend_lua.c); a state an
 * application made and loaded the module into keeps its own collector, untouched. */
#define TLUA_GC_STEPS_KEY "tilelua.gc_steps"

/* True when the state was opened with the sandbox option: bindings that touch the file system
 * (e.g. :svg(path)) must refuse with an error in that case. */
TLUA_HIDDEN int tlua_is_sandboxed(lua_State *L);

/* The warp size layout objects and kernels default to: the selected GPU's, 64 on the cpu backend. */
TLUA_HIDDEN int tlua_default_warp(lua_State *L);

/* The value at idx as an integer (a number, not a numeric string), or a Lua error
 * "who: what must be an integer (got 2.5)" / "(got string)". */
TLUA_HIDDEN long long tlua_check_int_arg(lua_State *L, int idx, const char *who, const char *what);
/* Reads an integer field of table `idx` (a positive count unless allow_zero) or raises a Lua error
 * naming `who`, the field and the rule: "curve: lengths[2] must be a positive integer (got 2.5)". */
TLUA_HIDDEN long long tlua_check_int_field(lua_State *L, int idx, const char *who,
                                            const char *field, long long dflt, int required);
/* Reads a sequence of integers (1..n) at stack index idx into out[0..max-1]; returns n.
 * Raises "who: field must be a sequence of at most max integers" etc. on bad input. */
TLUA_HIDDEN int tlua_check_int_seq(lua_State *L, int idx, const char *who, const char *field,
                                   long long *out, int max);
/* Pushes a Lua sequence {v[0], ..., v[n-1]}. */
TLUA_HIDDEN void tlua_push_int_seq(lua_State *L, const long long *v, int n);
/* Pushes the len bytes at `bytes` (malloc'd) as a string and frees them, also when pushing raises
 * a memory error (which then propagates): lua_pushstring(s); free(s) would leak s in that case. */
TLUA_HIDDEN void tlua_push_owned_lstring(lua_State *L, char *bytes, size_t len);

#endif
