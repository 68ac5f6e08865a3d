/* errorf.c - tlua_errorf: the status + message convention of the pure-C layers. */
#include <stdarg.h>
#include <stdio.h>

#include "tlua.h"

int tlua_errorf(int status, char *err, size_t errsz, const char *fmt, ...) {
  if (err && errsz) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errsz, fmt, ap);
    va_end(ap);
  }
  return status;
}
