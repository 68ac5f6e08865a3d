/* rtc.h - run-time compilers: HIP/CUDA C++ source -> code object, for one target architecture.
 *
 * Three implementations; the first two dlopen their vendor library on first use (never linked):
 *   rtc_nvrtc.c   NVRTC   (libnvrtc.so*)          sm_NN  -> CUBIN, compute_NN -> PTX
 *   rtc_hiprtc.c  hiprtc  (libhiprtc.so* or, for HIP <= 5.2, libamdhip64.so*)  gfxNNN -> code object
 *   rtc_clang.c   clang   (a clang-19 executable, freestanding)              gfxNNN -> code object
 * Compiling needs no device. Targets are validated before the vendor compiler sees them (Debian's
 * hiprtc 5.2 aborts the whole process on gfx940/942/1100).
 *
 * Errors: functions return 0 on success, nonzero with a message in err (n bytes); a compile error
 * carries the compiler's log. Nothing here aborts or longjmps. Thread-safe after the first load
 * (the loaded library table is set up under a once-guard). */
#ifndef TLUA_RTC_H
#define TLUA_RTC_H

#include <stddef.h>
#include "tlua.h"

typedef struct tlua_Rtc {
  const char *name;   /* "nvrtc", "hiprtc" */
  const char *vendor; /* "nvidia", "amd" */
  /* Loads the library (once). 0 when usable; else a message naming the libraries tried. */
  int (*load)(char *err, size_t n);
  /* Identity for cache keys, e.g. "nvrtc 13.0" (valid after load). */
  const char *(*version)(void);
  /* 0 when arch is a target this compiler accepts ("sm_90", "gfx90a"); else why not. */
  int (*check_arch)(const char *arch, char *err, size_t n);
  /* Compiles `source` (one translation unit, named name.hip in messages) for arch with extra options
   * opts[0..nopts-1]. On success *code is a malloc'd code object of *size bytes (caller frees); the
   * compiler's warnings are dropped. On failure *code is NULL and err gets "<compiler>: <kernel
   * name> for <arch>: <status>\n<log>" (status TLUA_ERRCOMPILE; TLUA_ERRARG for a refused arch). */
  int (*compile)(const char *source, const char *name, const char *arch, const char *const *opts,
                 int nopts, void **code, size_t *size, char *err, size_t n);
} tlua_Rtc;

TLUA_HIDDEN const tlua_Rtc *tlua_rtc_nvrtc(void);
TLUA_HIDDEN const tlua_Rtc *tlua_rtc_hiprtc(void);
TLUA_HIDDEN const tlua_Rtc *tlua_rtc_clang(void);
/* The compiler for an arch name: sm_* and compute_* -> nvrtc; gfx* -> by $TILELUA_AMD_COMPILER:
 * "hiprtc", "clang", or "auto"/unset: hiprtc where it is verified for the arch and loads, else clang.
 * NULL for another name, or (with a message in err) for a bad TILELUA_AMD_COMPILER. */
TLUA_HIDDEN const tlua_Rtc *tlua_rtc_for_arch(const char *arch);
TLUA_HIDDEN const tlua_Rtc *tlua_rtc_for_arch_err(const char *arch, char *err, size_t n);

#endif
