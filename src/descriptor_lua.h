/* descriptor_lua.h - descriptors as Lua values ("tilelua.Descriptor"), for other binding files. */
#ifndef TLUA_DESCRIPTOR_LUA_H
#define TLUA_DESCRIPTOR_LUA_H

#include <lua.h>
#include "descriptor.h"

#define TLUA_DESCRIPTOR_MT "tilelua.Descriptor"
#define TLUA_TRANSFORM_MT "tilelua.Transform"

/* The descriptor at stack index idx, or a Lua argument error ("descriptor expected, got table").
 * The pointer lives as long as the Lua value; descriptors are immutable, so read it freely. */
TLUA_HIDDEN const tlua_Descriptor *tlua_check_descriptor(lua_State *L, int idx);
/* The descriptor at idx, or NULL when the value is something else (no error). */
TLUA_HIDDEN const tlua_Descriptor *tlua_to_descriptor(lua_State *L, int idx);
/* Pushes a new Lua descriptor holding a copy of *d. */
TLUA_HIDDEN void tlua_push_descriptor(lua_State *L, const tlua_Descriptor *d);

#endif
