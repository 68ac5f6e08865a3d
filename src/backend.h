/* backend.h - GPU backends: a table of functions with an api version (ggml-backend style).
 *
 * Two GPU backends share one implementation over the vendors' driver APIs, which have the same
 * shape (backend_driver.c): `cuda` dlopens libcuda.so.1 (and compiles with NVRTC), `hip` dlopens
 * libamdhip64.so* (and compiles with hiprtc). The vendor libraries are never linked. The `cpu`
 * backend is the IR executor (exec.c) and has no table here: the launcher calls it directly.
 *
 * A tlua_Device is one opened GPU, reference counted: the state holds one reference and every
 * device buffer attached to a tensor holds another, so buffers can outlive the state's handle
 * (Lua finalizes in any order at lua_close).
 *
 * Errors: 0 on success, nonzero with a message in err (n bytes) that names the operation and
 * carries the vendor's own message ("cuda: cuModuleLoadData (kernel 'scale'): CUDA_ERROR_INVALID_PTX:
 * a PTX JIT compilation failed"). After a fault inside a kernel (illegal address, trap, ...) the
 * vendor context is lost: the device is marked unusable, the error names the kernel that was
 * running, and every later operation fails with "device unusable" instead of touching the driver. */
#ifndef TLUA_BACKEND_H
#define TLUA_BACKEND_H

#include <stddef.h>
#include <stdint.h>

#include "rtc.h"
#include "tensor.h"
#include "tensor_map.h"
#include "tlua.h"

#define TLUA_BACKEND_API 1

typedef struct tlua_DeviceInfo {
  char name[128];      /* "NVIDIA H100 80GB HBM3" */
  char arch[32];       /* "sm_90", "gfx90a" */
  int warp_size;       /* 32 or 64 */
  size_t lds_bytes;    /* shared memory (LDS) a block may use */
  int sm_count;        /* SMs / CUs */
  int threads_per_sm;  /* resident threads per SM/CU */
  int regs_per_sm;     /* 32-bit registers per SM/CU */
  size_t lds_per_sm;   /* shared memory (LDS) per SM/CU */
  size_t total_memory; /* bytes */
  int driver_version;  /* cuDriverGetVersion (13000 = 13.0) / hipRuntimeGetVersion (50221151) */
} tlua_DeviceInfo;

typedef struct tlua_Device tlua_Device;

typedef struct tlua_Backend {
  int api_version;     /* TLUA_BACKEND_API */
  const char *name;    /* "cuda", "hip" */
  const tlua_Rtc *(*compiler)(void);
  /* Loads the vendor library and counts devices: 0 with *count set (possibly 0), or nonzero with
   * why the library cannot be used. Cheap after the first call. */
  int (*probe)(int *count, char *err, size_t n);
  int (*open)(int ordinal, tlua_Device **out, char *err, size_t n);
} tlua_Backend;

TLUA_HIDDEN const tlua_Backend *tlua_backend_cuda(void);
TLUA_HIDDEN const tlua_Backend *tlua_backend_hip(void);
/* "cuda" / "hip" -> the table; anything else NULL. */
TLUA_HIDDEN const tlua_Backend *tlua_backend_find(const char *name);

/* --- an opened device (all functions take the device; see backend_driver.c) ------------------- */

TLUA_HIDDEN void tlua_device_retain(tlua_Device *d);
TLUA_HIDDEN void tlua_device_release(tlua_Device *d);
TLUA_HIDDEN const tlua_Backend *tlua_device_backend(const tlua_Device *d);
TLUA_HIDDEN const tlua_DeviceInfo *tlua_device_info(const tlua_Device *d);
/* The vendor's ordinal of the device (the index tl.devices() lists it under). */
TLUA_HIDDEN int tlua_device_ordinal(const tlua_Device *d);
/* Makes d current on the calling thread (its context / hipSetDevice), as libraries that use the
 * vendor's runtime (NCCL, RCCL) expect before they are called for d. */
TLUA_HIDDEN int tlua_device_activate(tlua_Device *d, char *err, size_t n);
/* Name, arch, memory and limits of device `ordinal` of backend b without opening it. */
TLUA_HIDDEN int tlua_backend_describe(const tlua_Backend *b, int ordinal, tlua_DeviceInfo *out, char *err, size_t n);
/* Non-zero once a fault made the device unusable. */
TLUA_HIDDEN int tlua_device_broken(const tlua_Device *d);

/* A loaded kernel: the module and its entry point. */
typedef struct tlua_Function tlua_Function;
/* dyn_lds: the bytes of dynamic LDS every launch of it passes (the generated source's
 * tlua_hip_lds_layout; 0 when it declares its LDS statically). */
TLUA_HIDDEN int tlua_device_load(tlua_Device *d, const void *code, size_t size, const char *entry,
                                 size_t dyn_lds, tlua_Function **out, char *err, size_t n);
TLUA_HIDDEN void tlua_function_free(tlua_Function *f);
/* The device f was loaded on. */
TLUA_HIDDEN tlua_Device *tlua_function_device(const tlua_Function *f);
/* The TMA tensor maps (tensor_map.h) every launch of f passes after its ordinary parameters, map j
 * as the j-th extra parameter: specs are checked (tlua_tma_spec_check) and copied; at most
 * TLUA_TMA_MAX_MAPS. Which parameters they name is checked at launch, against the signature. */
TLUA_HIDDEN int tlua_function_set_tma(tlua_Function *f, const tlua_TmaSpec *specs, int count, char *err, size_t n);
/* f's specs and their number (0 unless set). */
TLUA_HIDDEN const tlua_TmaSpec *tlua_function_tma(const tlua_Function *f, int *count);
/* Registers per thread and static shared memory (LDS) bytes per block of a loaded kernel, -1 when
 * the driver does not report them. */
TLUA_HIDDEN void tlua_function_resources(const tlua_Function *f, int *regs, int *lds);
/* Launches f asynchronously: grid blocks of `block` threads, args as the vendor wants them (an
 * array of pointers to each argument's bytes). */
TLUA_HIDDEN int tlua_function_launch(tlua_Function *f, const unsigned grid[3], unsigned block,
                                     void **args, char *err, size_t n);
TLUA_HIDDEN int tlua_device_synchronize(tlua_Device *d, char *err, size_t n);
/* The TMA tensor map of args (tlua_tma_args) into *out, for a launch of kernel `kernel` on d: from
 * d's cache of encoded maps (TLUA_TMA_CACHE_SIZE of them, shared by every kernel loaded on d), else
 * encoded by the driver's cuTensorMapEncodeTiled and kept. Fails, naming the kernel, where the
 * driver has no cuTensorMapEncodeTiled (a CUDA driver before 12; HIP always). Takes d's lock. */
TLUA_HIDDEN int tlua_device_encode_tensor_map(tlua_Device *d, const tlua_TmaEncode *args, const char *kernel,
                                              tlua_TensorMap *out, char *err, size_t n);

/* Device buffers; the device side of tensor storages (tensor.h). */
TLUA_HIDDEN int tlua_device_alloc(tlua_Device *d, size_t nbytes, void **ptr, char *err, size_t n);
/* Whether to collect the tensors a script dropped before an allocation of nbytes: 0 when a freed buffer kept for
 * reuse serves it; else 1 (a young collection), or 2 (a full one) once the buffers taken from the driver since the
 * last 2 reach half of what the pool keeps (dropped tensors the young collections no longer see) */
TLUA_HIDDEN int tlua_device_collect_due(tlua_Device *d, size_t nbytes);
/* Attaches a device buffer to s (allocating and uploading) unless it has one; then makes the
 * device copy current. */
TLUA_HIDDEN int tlua_device_prepare_storage(tlua_Device *d, tlua_Storage *s, char *err, size_t n);
/* Copies nbytes from src's buffer sptr to dst's buffer dptr, GPU to GPU (cuMemcpyPeer: direct where
 * the GPUs reach each other, staged by the driver otherwise), after the launches on either. */
TLUA_HIDDEN int tlua_device_copy_peer(tlua_Device *dst, void *dptr, tlua_Device *src, const void *sptr, size_t nbytes,
                                      char *err, size_t n);
/* Events on d's launch stream (the one kernels, copies and collectives on d are ordered on):
 * record one now (*ev: a new event, freed by tlua_device_event_free); make d's later work wait for
 * an event of any device (no host wait); wait on the host; the seconds between two events of d
 * (both complete). */
TLUA_HIDDEN int tlua_device_event_record(tlua_Device *d, void **ev, char *err, size_t n);
TLUA_HIDDEN int tlua_device_event_wait(tlua_Device *d, void *ev, char *err, size_t n);
TLUA_HIDDEN int tlua_device_event_sync(tlua_Device *d, void *ev, char *err, size_t n);
TLUA_HIDDEN int tlua_device_event_elapsed(tlua_Device *d, void *from, void *to, double *seconds, char *err, size_t n);
TLUA_HIDDEN void tlua_device_event_free(tlua_Device *d, void *ev);
/* Bytes of device memory currently allocated through d. */
TLUA_HIDDEN size_t tlua_device_bytes_in_use(const tlua_Device *d);

/* One launch argument, from a Lua stack (backend_lua.c) or from the C API (api_kernel.c). */
enum { TLUA_LAUNCH_TENSOR, TLUA_LAUNCH_INT, TLUA_LAUNCH_NUM, TLUA_LAUNCH_BOOL };
typedef struct tlua_LaunchArg {
  int kind;
  tlua_Tensor *tensor;
  int64_t i;
  double num;
} tlua_LaunchArg;

/* --- embedding: the application's memory and streams ------------------------------------------ */

/* Gives s (tlua_storage_wrap(NULL, ...)) the application's device buffer ptr on d, used in place and
 * never freed; s holds a reference on d. On CUDA the driver is asked first whether ptr is memory
 * of this device ("... is on device 1, tilelua runs on device 0"). */
TLUA_HIDDEN int tlua_device_wrap_storage(tlua_Device *d, tlua_Storage *s, void *ptr, char *err, size_t n);
/* Launches on d go to `stream` (a CUstream / hipStream_t of d's context; NULL: the legacy default
 * stream) until the next call; returns the previous one. Copies between the host and device
 * buffers wait for the stream of the last launch first. On an application's stream, where the
 * driver has their stream forms, a buffer's first clear and its uploads go on that stream (a
 * non-blocking stream is not ordered after the legacy stream), after the legacy stream's pending
 * work: the clear without a host wait, an upload waited for; a download waits for the last stream
 * used. */
TLUA_HIDDEN void *tlua_device_set_stream(tlua_Device *d, void *stream);
/* The stream launches on d go to now (NULL: the legacy default stream). */
TLUA_HIDDEN void *tlua_device_stream(const tlua_Device *d);
/* Waits for the work on d's current stream. */
TLUA_HIDDEN int tlua_device_sync_stream(tlua_Device *d, char *err, size_t n);

#endif
