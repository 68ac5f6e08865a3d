/* tlua.h - internal declarations shared across the tilelua core (never installed). */
#ifndef TLUA_INTERNAL_H
#define TLUA_INTERNAL_H

#include <stddef.h>

#if defined(__GNUC__)
#define TLUA_HIDDEN __attribute__((visibility("hidden")))
#else
#define TLUA_HIDDEN
#endif

#endif
