/* rtc_vendor.h - the few NVRTC and hiprtc types the run-time compilers need, declared here so no
 * vendor header is included (the libraries are dlopen'd), plus helpers shared by rtc_nvrtc.c and
 * rtc_hiprtc.c (rtc.c). Private to src/. */
#ifndef TLUA_RTC_VENDOR_H
#define TLUA_RTC_VENDOR_H

#include <stddef.h>

#include "tlua.h"

/* Both APIs have the same shape: an int result (0 = success), an opaque program handle, and
 * create/compile/log/code/destroy entry points with identical signatures. One table type holds
 * either; the *_fn names are ours, never the vendor names (they would clash with the library). */
typedef int tlua_rtc_result;
typedef struct tlua_RtcProgram_ *tlua_rtc_program;

typedef struct tlua_RtcApi {
  tlua_rtc_result (*create)(tlua_rtc_program *prog, const char *src, const char *name, int nheaders,
                            const char *const *headers, const char *const *include_names);
  tlua_rtc_result (*compile)(tlua_rtc_program prog, int nopts, const char *const *opts);
  tlua_rtc_result (*log_size)(tlua_rtc_program prog, size_t *size);
  tlua_rtc_result (*log)(tlua_rtc_program prog, char *log);
  tlua_rtc_result (*code_size)(tlua_rtc_program prog, size_t *size);  /* CUBIN / code object */
  tlua_rtc_result (*code)(tlua_rtc_program prog, char *code);
  tlua_rtc_result (*ptx_size)(tlua_rtc_program prog, size_t *size);   /* NVRTC only */
  tlua_rtc_result (*ptx)(tlua_rtc_program prog, char *ptx);
  tlua_rtc_result (*destroy)(tlua_rtc_program *prog);
  const char *(*error_string)(tlua_rtc_result r);
  tlua_rtc_result (*version)(int *major, int *minor);
  /* NVRTC >= 11.2 only (optional: NULL when absent). */
  tlua_rtc_result (*num_supported_archs)(int *n);
  tlua_rtc_result (*supported_archs)(int *archs);
} tlua_RtcApi;

/* One symbol to resolve: its vendor name and where its address goes; optional ones may be absent. */
typedef struct tlua_RtcSym { const char *name; void **slot; int optional; } tlua_RtcSym;

/* Tries the env override (when set) then each of libs[] in order with dlopen; on the first that
 * opens and has every required symbol, fills the slots and returns the handle (never closed: the
 * compilers stay loaded for the life of the process). Otherwise NULL with err naming every library
 * tried and why it failed. */
TLUA_HIDDEN void *tlua_rtc_open_library(const char *compiler, const char *env_var, const char *const *libs,
                                        int nlibs, const tlua_RtcSym *syms, int nsyms, char *err, size_t n);

/* Runs one compile through api: create, compile with opts, fetch the code (or the PTX when want_ptx),
 * destroy. On failure err is "<compiler>: <name> for <arch>: <status>\n<log>". The status text comes
 * from api->error_string. Returns 0 or TLUA_ERRCOMPILE (or TLUA_ERRMEM). */
TLUA_HIDDEN int tlua_rtc_run(const tlua_RtcApi *api, const char *compiler, const char *source, const char *name,
                             const char *arch, const char *const *opts, int nopts, int want_ptx, void **code,
                             size_t *size, char *err, size_t n);

#endif
