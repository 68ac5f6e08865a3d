/* tensor_lua.h - Lua side of dtypes and tensors, for other binding files (kernel params, launch). */
#ifndef TLUA_TENSOR_LUA_H
#define TLUA_TENSOR_LUA_H

#include <lua.h>

#include "tensor.h"
#include "tlua.h"

#define TLUA_DTYPE_MT "tilelua.DType"
#define TLUA_TENSOR_MT "tilelua.Tensor"

/* The dtype at idx: a tilelua.DType (tl.f32, ...) or its name ("f32"); else raises an argument
 * error "dtype expected (tl.f16, tl.bf16, tl.f32, ...), got X". Returns a tlua_DType. */
TLUA_HIDDEN int tlua_check_dtype(lua_State *L, int idx);
/* Like tlua_check_dtype, but none/nil gives dflt. */
TLUA_HIDDEN int tlua_opt_dtype(lua_State *L, int idx, int dflt);
/* The dtype at idx if it is a tilelua.DType userdata, else -1 (no error, no strings). */
TLUA_HIDDEN int tlua_to_dtype(lua_State *L, int idx);
/* Pushes the dtype's unique object (the same userdata tl.<name> holds, so it works as a table
 * key and compares with ==). */
TLUA_HIDDEN void tlua_push_dtype(lua_State *L, int dtype);

/* The tensor at idx (borrowed: valid while the Lua value is alive); raises an argument error if
 * idx is not a tensor, or a "tensor: used after close" error if it was closed. */
TLUA_HIDDEN tlua_Tensor *tlua_check_tensor(lua_State *L, int idx);
/* The tensor at idx, or NULL when idx holds something else or a closed tensor. */
TLUA_HIDDEN tlua_Tensor *tlua_to_tensor(lua_State *L, int idx);
/* Pushes a Lua tensor sharing t (takes a new reference; the caller keeps its own). */
TLUA_HIDDEN void tlua_push_tensor(lua_State *L, tlua_Tensor *t);
/* Closes the Lua tensor at idx now (drops its reference, as __close does; later use raises "used
 * after it was closed"); anything else at idx is left alone. For boxes the API made for one call. */
TLUA_HIDDEN void tlua_close_tensor(lua_State *L, int idx);

#endif
