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
 */
#ifndef TILELUA_H
#define TILELUA_H

#include <stddef.h>

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

/* The Lua C module entry point: require "tilelua" from any Lua 5.4 interpreter. */
TLUA_API int luaopen_tilelua(struct lua_State *L);

#ifdef __cplusplus
}
#endif
#endif
