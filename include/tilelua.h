/* tilelua.h - the public C API of libtilelua: run tile-kernel Lua scripts inside an application.
 *
 * This header is the specification. Everything here is stable within a major version; new
 * behaviour gets a new name (_v2), shipped signatures never change.
 *
 * Model. A tlua_State owns one Lua 5.4 state with the tilelua module loaded (and, unless the
 * host asks otherwise, the global `tl` bound to it). States are independent: any number may exist,
 * each used by one thread at a time. The library holds no process-global mutable state.
 *
 * Errors. Every function that can fail returns an int status (TLUA_OK == 0 on success) and never
 * longjmps into the host. The message of the last failure is kept by the state: tlua_errmsg().
 *
 * Threads. A tlua_State, and the tensors and kernels made through it, are used by one thread at a
 * time (the host serialises calls on one state, e.g. with a mutex). The exceptions are named:
 * tlua_tensor_free and the deleters of exported DLPack tensors may run in any thread at any time.
 */
#ifndef TILELUA_H
#define TILELUA_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define TLUA_API __attribute__((visibility("default")))
#else
#define TLUA_API
#endif

/* Compile-time version of this header. Compare with tlua_version_number() at run time to check
 * that the header and the library you link match (same major version is compatible). */
#define TILELUA_VERSION_MAJOR 0
#define TILELUA_VERSION_MINOR 1
#define TILELUA_VERSION_PATCH 0
#define TILELUA_VERSION "0.1.0"
#define TILELUA_VERSION_NUMBER \
  (TILELUA_VERSION_MAJOR * 1000000 + TILELUA_VERSION_MINOR * 1000 + TILELUA_VERSION_PATCH)

/* Status codes. */
#define TLUA_OK           0  /* success */
#define TLUA_ERRSYNTAX    1  /* the script does not parse */
#define TLUA_ERRRUN       2  /* the script raised an error while running */
#define TLUA_ERRMEM       3  /* out of memory (or over the configured memory limit) */
#define TLUA_ERRFILE      4  /* a file could not be opened or read */
#define TLUA_ERRCOMPILE   5  /* a kernel failed to compile */
#define TLUA_ERRDEVICE    6  /* a device (GPU) error */
#define TLUA_ERRNOBACKEND 7  /* the requested backend is not available */
#define TLUA_ERRARG       8  /* a bad argument was passed to this API */
#define TLUA_ERRTYPE      9  /* a value read back has another type than asked for */

struct lua_State;
typedef struct tlua_State tlua_State;

/* Options of tlua_open. Initialise with tlua_config_init() and then set what you need; fields
 * added in later versions get defaults there, so a host compiled against this header keeps working. */
typedef struct tlua_Config {
  int sandbox;          /* nonzero: untrusted scripts. No io, no debug, os only clock/time, no
                           package.loadlib, load() of text chunks only, no dofile/loadfile, require
                           only of the embedded modules, and tilelua functions that write files
                           refuse. Default 0. */
  int define_tl;        /* nonzero: the global `tl` is require "tilelua". Default 1. */
  const char *backend;  /* "auto", "cpu", "cuda" or "hip"; NULL = $TILELUA_BACKEND, else "auto".
                           The string is copied. */
  size_t mem_limit;     /* bytes of Lua memory the state may hold; 0 = no limit. Over it, the
                           allocation fails: the script gets a "not enough memory" error, the
                           call returns TLUA_ERRMEM with a message naming the limit, and the state
                           stays usable. Default 0. */
  long long instr_limit;/* Lua VM instructions one tlua_dofile/tlua_dostring call may execute
                           (counted in steps of 1000); 0 = no limit. Over it, the script raises
                           "instruction limit of N exceeded" (TLUA_ERRRUN). Default 0. */
  size_t tensor_limit;  /* bytes of tensor storage (tl.zeros, tl.from, clone, load_npy, ...) the
                           state's scripts may hold at once; 0 = no limit. A request over it
                           raises "tensor: N bytes requested, over the tensor memory limit of M
                           bytes (K in use)" (TLUA_ERRRUN) before anything is allocated, after a
                           garbage collection has returned what dropped tensors held; the state
                           stays usable. Default 0. */
} tlua_Config;

/* Version of the library you are linked with, e.g. "0.1.0", and as a number (see above). */
TLUA_API const char *tlua_version(void);
TLUA_API int tlua_version_number(void);

/* Fills cfg with the defaults described in tlua_Config. */
TLUA_API void tlua_config_init(tlua_Config *cfg);

/* Creates a state. cfg may be NULL (defaults). On success *out is the new state, to be released
 * with tlua_close. On failure *out is NULL and the status says why (TLUA_ERRMEM, TLUA_ERRARG);
 * no state exists to ask for a message, so a failing open leaks nothing and reports by status. */
TLUA_API int tlua_open(const tlua_Config *cfg, tlua_State **out);

/* Releases the state and everything it owns. tlua_close(NULL) does nothing. */
TLUA_API void tlua_close(tlua_State *T);

/* Runs the script in file `path` (NULL or "-" reads standard input). Returns TLUA_OK, or
 * TLUA_ERRFILE / TLUA_ERRSYNTAX / TLUA_ERRRUN / TLUA_ERRMEM with a message in tlua_errmsg(). */
TLUA_API int tlua_dofile(tlua_State *T, const char *path);

/* Runs `code` as a chunk named `chunkname` (NULL: "=(string)"). Status as tlua_dofile. */
TLUA_API int tlua_dostring(tlua_State *T, const char *code, const char *chunkname);

/* Reads the global `name` back as a number or a string. The string stays valid until the global
 * changes or the state is closed. TLUA_ERRTYPE when the global is absent or of another type. */
TLUA_API int tlua_get_number(tlua_State *T, const char *name, double *out);
TLUA_API int tlua_get_string(tlua_State *T, const char *name, const char **out);

/* The message of the last failure on T ("" if none): "file:line: message" and a traceback.
 * Owned by T; valid until the next call on T. */
TLUA_API const char *tlua_errmsg(const tlua_State *T);

/* The underlying Lua state, for hosts that want the full Lua API. Owned by T; do not close it.
 * Errors raised through it by the host are the host's to catch (lua_pcall). */
TLUA_API struct lua_State *tlua_lua(tlua_State *T);

/* ---------------------------------------------------------------------------------------------
 * Tensors over the application's memory
 *
 * A tlua_Tensor is a reference-counted view (dtype, shape, strides in elements) of a block of memory:
 * memory tilelua allocated (tensors made by scripts) or memory the application owns, used in place
 * and never copied by tilelua when it lives where the kernel runs:
 *   - host memory on the cpu backend, and device memory of the state's GPU on a GPU backend:
 *     kernels read and write it in place (zero-copy);
 *   - host memory on a GPU backend: each launch copies it to a device buffer before and back after
 *     the kernel (and waits for the kernel to do so), so the results are in the host memory when the
 *     launch returns, as on the cpu backend;
 *   - device memory on the cpu backend: refused (TLUA_ERRDEVICE).
 * The application keeps its memory valid until the release callback is called, once, when the last
 * reference is gone (its own, through tlua_tensor_free, and those scripts and launches hold).
 * --------------------------------------------------------------------------------------------- */

typedef struct tlua_Tensor tlua_Tensor;

/* Element types (tl.f16, tl.bf16, ...). */
#define TLUA_DTYPE_F16  0
#define TLUA_DTYPE_BF16 1
#define TLUA_DTYPE_F32  2
#define TLUA_DTYPE_F64  3
#define TLUA_DTYPE_I8   4
#define TLUA_DTYPE_U8   5
#define TLUA_DTYPE_I16  6
#define TLUA_DTYPE_U16  7
#define TLUA_DTYPE_I32  8
#define TLUA_DTYPE_U32  9
#define TLUA_DTYPE_I64  10
#define TLUA_DTYPE_U64  11
#define TLUA_DTYPE_BOOL 12 /* one byte, 0 or 1 */
#define TLUA_DTYPE_F8E4M3 13 /* 8-bit floats (OCP FP8; DLPack 0.6 has no code for them) */
#define TLUA_DTYPE_F8E5M2 14

/* Where memory is. */
#define TLUA_DEVICE_CPU 1 /* host memory */
#define TLUA_DEVICE_GPU 2 /* device memory of the state's GPU (CUDA or HIP, the backend's) */

#define TLUA_MAX_RANK 8

typedef void (*tlua_ReleaseFn)(void *ud);

typedef struct tlua_TensorDesc {
  void *data;          /* address of element (0, ..., 0): a host pointer, or a device pointer (a
                          CUdeviceptr / hipDeviceptr_t value) of the current context */
  int dtype;           /* TLUA_DTYPE_* */
  int device;          /* TLUA_DEVICE_CPU or TLUA_DEVICE_GPU */
  int device_id;       /* the GPU's ordinal (TLUA_DEVICE_GPU); must be the one the state runs on */
  int rank;            /* 0..TLUA_MAX_RANK */
  int64_t shape[TLUA_MAX_RANK];
  int64_t strides[TLUA_MAX_RANK]; /* in elements, >= 0 for tensors given to kernels; 0 broadcasts */
  tlua_ReleaseFn release;         /* NULL, or called once with release_ud when tilelua is done with
                                     the memory (possibly during tlua_close or a script's garbage
                                     collection, in the thread that dropped the last reference) */
  void *release_ud;
} tlua_TensorDesc;

/* Fills d for a contiguous row-major tensor (strides from the shape; device_id 0, no release). */
TLUA_API void tlua_tensor_desc_init(tlua_TensorDesc *d, void *data, int dtype, int device, int rank,
                                    const int64_t *shape);

/* Makes a tensor over the memory d describes, without copying it. On success *out holds one
 * reference for the caller (tlua_tensor_free). On failure *out is NULL, the status is TLUA_ERRARG
 * (bad dtype, rank, shape or stride; the message names it) or TLUA_ERRDEVICE (device memory while
 * no GPU backend runs, another GPU, a pointer the driver does not know), and the release callback
 * is not called: the memory stays entirely the caller's. */
TLUA_API int tlua_tensor_wrap(tlua_State *T, const tlua_TensorDesc *d, tlua_Tensor **out);

/* Describes t for the caller: where its current bytes are (device 0: where they are now; or
 * TLUA_DEVICE_CPU / TLUA_DEVICE_GPU: copy them there first if needed, waiting for the launches
 * that write them). out->release is NULL: the pointer is valid while the caller holds t. Writes
 * the caller makes through out->data are seen by later launches (they count as writes on that
 * side). TLUA_ERRDEVICE when asking for the GPU on the cpu backend or when a copy fails. */
TLUA_API int tlua_tensor_describe(tlua_State *T, tlua_Tensor *t, int device, tlua_TensorDesc *out);

/* Drops the caller's reference; tlua_tensor_free(NULL) does nothing. Any thread. */
TLUA_API void tlua_tensor_free(tlua_Tensor *t);

/* The global `name` becomes t (the script holds its own reference) / a new reference to the
 * tensor in global `name` (TLUA_ERRTYPE when it is absent or not a tensor). */
TLUA_API int tlua_set_tensor(tlua_State *T, const char *name, tlua_Tensor *t);
TLUA_API int tlua_get_tensor(tlua_State *T, const char *name, tlua_Tensor **out);

/* DLPack (dlpack/dlpack.h: the DLManagedTensor of DLPack 0.6 that NumPy >= 1.22, PyTorch and
 * CuPy exchange; the header's kDLBool of DLPack 0.8 is taken as TLUA_DTYPE_BOOL).
 *
 * tlua_tensor_from_dlpack: a tensor over m's memory, zero-copy as tlua_tensor_wrap. On success
 * tilelua owns m and calls m->deleter(m) once when done (in the thread that drops the last
 * reference). On failure (TLUA_ERRARG: a dtype, lanes or strides tilelua does not take;
 * TLUA_ERRDEVICE: a device it cannot reach) m is untouched and still the caller's.
 * Devices: kDLCPU, kDLCUDAHost, kDLROCMHost are host memory; kDLCUDA / kDLROCM device memory of
 * the cuda / hip backend (device_id must be the state's GPU).
 *
 * tlua_tensor_to_dlpack: a new DLManagedTensor over t's bytes (device as tlua_tensor_describe),
 * holding a reference to t until the consumer calls its deleter (from any thread). */
struct DLManagedTensor;
TLUA_API int tlua_tensor_from_dlpack(tlua_State *T, struct DLManagedTensor *m, tlua_Tensor **out);
TLUA_API int tlua_tensor_to_dlpack(tlua_State *T, tlua_Tensor *t, int device, struct DLManagedTensor **out);

/* ---------------------------------------------------------------------------------------------
 * Kernels launched from C
 * --------------------------------------------------------------------------------------------- */

/* The backend the state runs on ("cpu", "cuda", "hip"), chosen now if no script has needed it yet.
 * NULL when the requested backend cannot be used (message in tlua_errmsg). Owned by the library. */
TLUA_API const char *tlua_backend(tlua_State *T);

typedef struct tlua_Kernel tlua_Kernel;

/* The kernel a script made with tl.kernel{name = `name`, ...} (the latest, if several share the
 * name). The handle is owned by T and valid until tlua_close (no free). TLUA_ERRTYPE when no
 * kernel has that name; the message lists the names there are. */
TLUA_API int tlua_kernel_find(tlua_State *T, const char *name, tlua_Kernel **out);

/* One launch argument, in the order of the kernel's params (the positional order: a sequence
 * {{"x", ...}, ...}, or the names sorted when params is a map). */
#define TLUA_ARG_TENSOR  1
#define TLUA_ARG_NUMBER  2
#define TLUA_ARG_INTEGER 3
typedef struct tlua_Arg {
  int kind;
  union { tlua_Tensor *tensor; double number; int64_t integer; } v;
} tlua_Arg;

#define TLUA_LAUNCH_SYNC 1 /* wait for the kernel to finish before returning */

/* Launches k with grid[0] x grid[1] x grid[2] blocks (grid NULL: 1 x 1 x 1) on `stream`: a CUstream
 * or hipStream_t of the current (primary) context of the state's GPU, the one the CUDA runtime and
 * PyTorch use; NULL is the legacy default stream. Compiles the kernel for these arguments first if
 * needed (cached). Asynchronous unless flags has TLUA_LAUNCH_SYNC (or an argument is host memory on
 * a GPU backend, see above). On the cpu backend the stream is ignored and the launch runs to the end.
 * Errors: TLUA_ERRARG (argument count, or a tensor where a number is expected and the reverse; the
 * message names the parameter), TLUA_ERRRUN (dtypes, ranks, a failing trace, compile or launch: the
 * message names the parameter or carries the script line), TLUA_ERRDEVICE (the stream could not be
 * waited for; a fault in this or an earlier kernel). */
TLUA_API int tlua_kernel_launch(tlua_Kernel *k, const unsigned grid[3], const tlua_Arg *args, int nargs,
                                void *stream, int flags);

/* Launches that scripts of T make (k(grid, ...) in tlua_dostring, tlua_dofile) go to `stream` from
 * now on (NULL: the legacy default stream, the initial setting); tlua_kernel_launch names its own. */
TLUA_API int tlua_set_stream(tlua_State *T, void *stream);

/* Waits for the work tilelua launched on `stream` (NULL: everything on the state's GPU). No-op on
 * the cpu backend. */
TLUA_API int tlua_synchronize(tlua_State *T, void *stream);

/* The Lua C module entry point: require "tilelua" from any Lua 5.4 interpreter. */
TLUA_API int luaopen_tilelua(struct lua_State *L);

#ifdef __cplusplus
}
#endif
#endif
