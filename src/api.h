/* api.h - shared by the public API files (api_tensor.c, api_kernel.c, dlpack.c). */
#ifndef TLUA_API_H
#define TLUA_API_H

#include "backend.h"
#include "tilelua.h"
#include "tlua.h"

/* The state's GPU (NULL on the cpu backend), choosing the backend on first use; TLUA_ERRDEVICE
 * with the message recorded when the requested one cannot be used. */
TLUA_HIDDEN int tlua_api_device(tlua_State *T, tlua_Device **out);
/* tlua_tensor_wrap without the NULL checks. */
TLUA_HIDDEN int tlua_api_wrap(tlua_State *T, const tlua_TensorDesc *desc, tlua_Tensor **out);
/* Makes t's bytes current on `device` (0: where they are) and marks that side written, since the
 * caller gets a pointer to it; *where gets TLUA_DEVICE_CPU or TLUA_DEVICE_GPU. */
TLUA_HIDDEN int tlua_api_place(tlua_State *T, tlua_Tensor *t, int device, int *where);

#endif
