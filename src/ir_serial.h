/* ir_serial.h - the kernel IR as bytes and back (for the cache's front index: a second run of an
 * unchanged script skips tracing). Pure C.
 *
 * The byte format is private to this file pair and versioned by its magic; it records every
 * field of tlua_IR except capacities and the verified flag: name, source name, block, warp,
 * parameters with their specialization facts, LDS buffers, every instruction field (line numbers
 * included), operands and regions. Integers are little endian, floats by their IEEE bits, so the
 * same IR always gives the same bytes. */
#ifndef TLUA_IR_SERIAL_H
#define TLUA_IR_SERIAL_H

#include <stddef.h>

#include "ir.h"

/* Serializes ir into a malloc'd buffer (*buf, *len; caller frees). Returns 0, or -1 with a message
 * in err (out of memory). */
TLUA_HIDDEN int tlua_ir_serialize(const tlua_IR *ir, void **buf, size_t *len, char *err, size_t errsz);

/* Rebuilds an IR from bytes written by tlua_ir_serialize. Safe on arbitrary bytes: every count
 * and length is checked against what is left, and the result must pass tlua_ir_verify; it is
 * returned marked verified. Returns 0 with *out (free with tlua_ir_free), or -1 with *out NULL and
 * a message in err naming the offset and the field ("IR bytes: truncated at byte 40 reading
 * instruction 3", "IR bytes: bad magic", "IR bytes: not a valid IR: <verifier message>"). */
TLUA_HIDDEN int tlua_ir_deserialize(const void *buf, size_t len, tlua_IR **out, char *err, size_t errsz);

#endif
