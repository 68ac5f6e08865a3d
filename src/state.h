/* state.h - what the API files (api_*.c, dlpack.c) need of a tlua_State beyond the public header. */
#ifndef TLUA_STATE_H
#define TLUA_STATE_H

#include <lua.h>

#include "tilelua.h"
#include "tlua.h"

/* Runs fn(L) under lua_pcall with a traceback handler; fn finds `ud` as a light userdata at index
 * 1. Returns TLUA_OK and clears the state's message, or records the error (tlua_errmsg) and returns
 * the status: fn may pick it by raising a string that starts with "\x01<digit>" (see
 * tlua_state_raise), otherwise TLUA_ERRRUN / TLUA_ERRMEM. The stack is as it was afterwards. */
TLUA_HIDDEN int tlua_state_protected(tlua_State *T, lua_CFunction fn, void *ud);
/* Inside fn: raises message with status (TLUA_ERRARG, TLUA_ERRDEVICE, ...) for tlua_state_protected
 * to return; formatted as lua_pushfstring. No traceback and no script position are added. */
TLUA_HIDDEN int tlua_state_raise(lua_State *L, int status, const char *fmt, ...);
/* The message handler tlua_dostring uses (adds a traceback), for calls the API files protect
 * themselves inside tlua_state_protected. */
TLUA_HIDDEN int tlua_state_msghandler(lua_State *L);
/* The backend's device once chosen (NULL: cpu), kept by the state so that API calls need not ask
 * Lua each time: _cached returns 1 with *d set once _cache was called. The state's registry holds
 * the device's reference for the state's life. */
TLUA_HIDDEN int tlua_state_cached_device(tlua_State *T, void **d);
TLUA_HIDDEN void tlua_state_cache_device(tlua_State *T, void *d);
/* Records msg as the last failure with status (no Lua involved); returns status. */
TLUA_HIDDEN int tlua_state_fail(tlua_State *T, int status, const char *msg);

#endif
