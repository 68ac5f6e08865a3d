/* prof.h - where a launch's host time goes, for bench/py_launch.py PROFILE builds only.
 *
 * Built with -DTILELUA_PY_PROFILE (x86-64), TLUA_PROF(i) adds the time stamp counter ticks since
 * the previous mark to tlua_prof_ticks[i]; the Python module's _profile() reads them. In every other
 * build the marks are nothing. Marks 0..9 are the Python module's, 10.. the C launch path's. */
#ifndef TILELUA_PROF_H
#define TILELUA_PROF_H

#define TLUA_PROF_MARKS 32

#if defined(TILELUA_PY_PROFILE) && defined(__x86_64__)
#include <x86intrin.h>
extern unsigned long long tlua_prof_ticks[TLUA_PROF_MARKS], tlua_prof_last;
#define TLUA_PROF(i)                                                                                               \
  do {                                                                                                             \
    unsigned long long t_ = __rdtsc();                                                                             \
    tlua_prof_ticks[i] += t_ - tlua_prof_last;                                                                     \
    tlua_prof_last = t_;                                                                                           \
  } while (0)
#define TLUA_PROF_ON 1
#else
#define TLUA_PROF(i) ((void)0)
#define TLUA_PROF_ON 0
#endif

#endif
