/* tlua.h - internal declarations shared across the tilelua core (never installed). */
#ifndef TLUA_INTERNAL_H
#define TLUA_INTERNAL_H

#include <stddef.h>

#if defined(__GNUC__)
#define TLUA_HIDDEN __attribute__((visibility("hidden")))
#else
#define TLUA_HIDDEN
#endif

/* Formats a message into err (errsz bytes, always NUL-terminated; err may be NULL) and returns
 * status: the one way the pure-C layers report "status + message" (errorf.c). */
TLUA_HIDDEN int tlua_errorf(int status, char *err, size_t errsz, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

#endif
