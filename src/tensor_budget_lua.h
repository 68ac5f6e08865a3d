/* tensor_budget_lua.h - the tensor memory limit of a state (tlua_Config.tensor_limit): bytes of
 * tensor storage its scripts may hold at once.
 *
 * tlua_open stores the limit in the registry field "tilelua.tensor_limit" (absent or 0: no limit,
 * and then nothing here counts anything). The binding that makes a storage for a script calls
 * tlua_tensor_reserve with its size before allocating and tlua_tensor_charge with the storage
 * after; the __gc/__close of a tensor calls tlua_tensor_uncharge before dropping its reference.
 * A charged storage is returned when the last Lua tensor on it goes (a view that outlives the
 * tensor it came from keeps it charged). A tensor that C code pushes (tlua_push_tensor) was never
 * charged and is never returned; a charged storage that C code still holds when its last Lua
 * tensor goes stays counted (stricter, never laxer). Not thread safe: one state, one thread. */
#ifndef TLUA_TENSOR_BUDGET_LUA_H
#define TLUA_TENSOR_BUDGET_LUA_H

#include <lua.h>

#include "tensor.h"
#include "tlua.h"

#define TLUA_TENSOR_LIMIT_KEY "tilelua.tensor_limit"

/* Raises a Lua error unless nbytes more fit under the limit. When they do not, a full garbage
 * collection runs first (tensors a script dropped are returned), then: "tensor: 4398046511104
 * bytes requested, over the tensor memory limit of 67108864 bytes (1048576 in use)". */
TLUA_HIDDEN void tlua_tensor_reserve(lua_State *L, size_t nbytes);
/* Counts storage s (just made for a script, after tlua_tensor_reserve). May raise a memory error;
 * s is then uncounted, and freeing it later returns nothing. */
TLUA_HIDDEN void tlua_tensor_charge(lua_State *L, const tlua_Storage *s);
/* tlua_tensor_reserve(s->nbytes) then tlua_tensor_charge(s): for storages whose size is known only
 * once made (a loaded .npy file); the caller's box must own s so a refusal frees it. */
TLUA_HIDDEN void tlua_tensor_admit(lua_State *L, const tlua_Storage *s);
/* Before t (may be NULL) loses its Lua reference: returns its storage's bytes if this frees it.
 * Never raises and never allocates (safe in __gc). */
TLUA_HIDDEN void tlua_tensor_uncharge(lua_State *L, const tlua_Tensor *t);
/* Bytes of a new contiguous tensor of this shape; 0 when the shape is invalid (the allocation that
 * follows reports why). */
TLUA_HIDDEN size_t tlua_tensor_shape_bytes(tlua_DType dtype, int rank, const int64_t *shape);

#endif
