/* dlpack.c - DLPack in and out (dlpack/dlpack.h, Debian's libdlpack-dev): the legacy DLManagedTensor
 * that NumPy, PyTorch and CuPy exchange, over the same zero-copy wrapping as tlua_tensor_wrap. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dlpack/dlpack.h>

#include "api.h"
#include "state.h"

/* kDLBool came with DLPack 0.8; the installed header may predate it */
#define DL_BOOL_CODE 6

/* DLPack's (code, bits) of a tilelua dtype, and back; -1 when there is none. */
static int to_dl(tlua_DType t, DLDataType *out) {
  static const struct { uint8_t code, bits; } map[TLUA_NDTYPES] = {
      [TLUA_F16] = {kDLFloat, 16}, [TLUA_BF16] = {kDLBfloat, 16}, [TLUA_F32] = {kDLFloat, 32},
      [TLUA_F64] = {kDLFloat, 64}, [TLUA_I8] = {kDLInt, 8},       [TLUA_U8] = {kDLUInt, 8},
      [TLUA_I16] = {kDLInt, 16},   [TLUA_U16] = {kDLUInt, 16},    [TLUA_I32] = {kDLInt, 32},
      [TLUA_U32] = {kDLUInt, 32},  [TLUA_I64] = {kDLInt, 64},     [TLUA_U64] = {kDLUInt, 64},
      [TLUA_BOOL] = {DL_BOOL_CODE, 8}};
  if ((int)t < 0 || t >= TLUA_NDTYPES || map[t].bits == 0) return -1; /* FP8: no code before DLPack 1.1 */
  out->code = map[t].code;
  out->bits = map[t].bits;
  out->lanes = 1;
  return 0;
}

static int from_dl(DLDataType dt) {
  if (dt.lanes != 1) return -1;
  for (int t = 0; t < TLUA_NDTYPES; t++) {
    DLDataType x;
    if (to_dl((tlua_DType)t, &x)) continue;
    if (x.code == dt.code && x.bits == dt.bits) return t;
  }
  return -1;
}

static const char *dl_code_name(int code) {
  switch (code) {
    case kDLInt: return "int";
    case kDLUInt: return "uint";
    case kDLFloat: return "float";
    case kDLBfloat: return "bfloat";
    case kDLComplex: return "complex";
    case kDLOpaqueHandle: return "opaque handle";
    case DL_BOOL_CODE: return "bool";
    default: return "unknown";
  }
}

static const char *dl_device_name(int type) {
  switch (type) {
    case kDLCPU: return "CPU";
    case kDLCUDA: return "CUDA";
    case kDLCUDAHost: return "CUDA host";
    case kDLOpenCL: return "OpenCL";
    case kDLVulkan: return "Vulkan";
    case kDLMetal: return "Metal";
    case kDLVPI: return "VPI";
    case kDLROCM: return "ROCm";
    case kDLROCMHost: return "ROCm host";
    case kDLExtDev: return "ext_dev";
    case kDLCUDAManaged: return "CUDA managed";
    default: return "unknown";
  }
}

static void call_deleter(void *ud) {
  DLManagedTensor *m = (DLManagedTensor *)ud;
  if (m->deleter) m->deleter(m);
}

int tlua_tensor_from_dlpack(tlua_State *T, struct DLManagedTensor *m, tlua_Tensor **out) {
  if (!out) return TLUA_ERRARG;
  *out = NULL;
  if (!T || !m) return TLUA_ERRARG;
  const DLTensor *x = &m->dl_tensor;
  char msg[512];
  tlua_TensorDesc d;
  memset(&d, 0, sizeof d);
  d.dtype = from_dl(x->dtype);
  if (d.dtype < 0) {
    char lanes[32] = "";
    if (x->dtype.lanes != 1) snprintf(lanes, sizeof lanes, " x%u", (unsigned)x->dtype.lanes);
    snprintf(msg, sizeof msg, "dlpack: dtype %s%u%s is not one tilelua takes (f16, bf16, f32, f64, i8..i64, u8..u64, bool; "
             "one lane)", dl_code_name(x->dtype.code), (unsigned)x->dtype.bits, lanes);
    return tlua_state_fail(T, TLUA_ERRARG, msg);
  }
  if (x->ndim < 0 || x->ndim > TLUA_MAX_RANK) {
    snprintf(msg, sizeof msg, "dlpack: rank %d is out of range (0..%d)", x->ndim, TLUA_MAX_RANK);
    return tlua_state_fail(T, TLUA_ERRARG, msg);
  }
  const char *want_backend = NULL;
  switch (x->device.device_type) {
    case kDLCPU: case kDLCUDAHost: case kDLROCMHost:
      d.device = TLUA_DEVICE_CPU;
      break;
    case kDLCUDA: want_backend = "cuda"; d.device = TLUA_DEVICE_GPU; break;
    case kDLROCM: want_backend = "hip"; d.device = TLUA_DEVICE_GPU; break;
    default:
      snprintf(msg, sizeof msg, "dlpack: memory on a %s device (DLPack device type %d) is not reachable by tilelua "
               "(it takes CPU, CUDA and ROCm memory)", dl_device_name(x->device.device_type), (int)x->device.device_type);
      return tlua_state_fail(T, TLUA_ERRDEVICE, msg);
  }
  if (want_backend) {
    const char *have = tlua_backend(T);
    if (!have) return TLUA_ERRDEVICE;
    if (strcmp(have, want_backend) != 0) {
      snprintf(msg, sizeof msg, "dlpack: the tensor is in %s device memory (GPU %d), but the state runs on the %s "
               "backend%s", dl_device_name(x->device.device_type), (int)x->device.device_id, have,
               strcmp(have, "cpu") == 0 ? " (no GPU found or none asked for): pass host memory" : "");
      return tlua_state_fail(T, TLUA_ERRDEVICE, msg);
    }
    d.device_id = x->device.device_id;
  }
  d.rank = x->ndim;
  for (int i = 0; i < x->ndim; i++) d.shape[i] = x->shape[i];
  if (x->strides) {
    for (int i = 0; i < x->ndim; i++) d.strides[i] = x->strides[i];
  } else {
    tlua_contiguous_strides(d.rank, d.shape, d.strides);
  }
  d.data = (char *)x->data + x->byte_offset;
  d.release = call_deleter;
  d.release_ud = m;
  return tlua_api_wrap(T, &d, out);
}

/* The exported DLManagedTensor with room for its shape and strides. */
typedef struct Exported {
  DLManagedTensor m;
  int64_t shape[TLUA_MAX_RANK], strides[TLUA_MAX_RANK];
} Exported;

static void exported_deleter(DLManagedTensor *m) {
  if (!m) return;
  tlua_tensor_release((tlua_Tensor *)m->manager_ctx);
  free(m);
}

int tlua_tensor_to_dlpack(tlua_State *T, tlua_Tensor *t, int device, struct DLManagedTensor **out) {
  if (!out) return TLUA_ERRARG;
  *out = NULL;
  if (!T || !t) return TLUA_ERRARG;
  tlua_TensorDesc d;
  int status = tlua_tensor_describe(T, t, device, &d);
  if (status != TLUA_OK) return status;
  DLDataType code;
  if (to_dl((tlua_DType)d.dtype, &code)) {
    char msg[160];
    snprintf(msg, sizeof msg, "dlpack: dtype %s has no DLPack code in the installed header (DLPack 0.6)",
             tlua_dtype_info((tlua_DType)d.dtype)->name);
    return tlua_state_fail(T, TLUA_ERRARG, msg);
  }
  Exported *e = (Exported *)calloc(1, sizeof *e);
  if (!e) return tlua_state_fail(T, TLUA_ERRMEM, "dlpack: out of memory");
  DLTensor *x = &e->m.dl_tensor;
  x->data = d.data;
  if (d.device == TLUA_DEVICE_GPU) {
    const char *b = tlua_backend(T);
    x->device.device_type = b && strcmp(b, "hip") == 0 ? kDLROCM : kDLCUDA;
    x->device.device_id = d.device_id;
  } else {
    x->device.device_type = kDLCPU;
  }
  x->ndim = d.rank;
  to_dl((tlua_DType)d.dtype, &x->dtype);
  for (int i = 0; i < d.rank; i++) {
    e->shape[i] = d.shape[i];
    e->strides[i] = d.strides[i];
  }
  x->shape = e->shape;
  x->strides = e->strides;
  x->byte_offset = 0;
  tlua_tensor_retain(t);
  e->m.manager_ctx = t;
  e->m.deleter = exported_deleter;
  *out = &e->m;
  return TLUA_OK;
}
