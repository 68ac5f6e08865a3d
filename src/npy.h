/* npy.h - NumPy .npy files (format 1.0, 2.0 and 3.0, little-endian, C order) to and from tensors.
 *
 * What is read: the magic "\x93NUMPY", a version 1.x (16-bit header length) or 2.x/3.x (32-bit),
 * a header that is a Python dict literal with exactly the keys 'descr', 'fortran_order' and 'shape',
 * then the elements in C order. descr is one of <f2 <f4 <f8 |i1 |u1 <i2 <u2 <i4 <u4 <i8 <u8 |b1
 * ('=' is accepted as '<' on this little-endian host). Anything else is refused with a message
 * naming the file and the problem: Fortran order, big-endian ('>'), object/structured/other dtypes,
 * rank over 8, more than 2^40 elements, a header over TLUA_NPY_MAX_HEADER bytes, truncated data.
 *
 * What is written: format 1.0 (2.0 when the header would not fit, which a rank <= 8 header never
 * needs), padded so the data starts at a multiple of 64 bytes, as numpy.save does. NumPy has no
 * bfloat16, so a bf16 tensor is written as <f4 holding exactly the same values (tl.load_npy with a
 * dtype argument brings it back as bf16). Non-contiguous tensors are written in row-major order.
 *
 * Errors: 0 on success, nonzero with a message in err (TLUA_TENSOR_ERRLEN bytes). Pure C. */
#ifndef TLUA_NPY_H
#define TLUA_NPY_H

#include <stdio.h>

#include "tensor.h"
#include "tlua.h"

#define TLUA_NPY_MAX_HEADER 65536 /* bytes of header dict; numpy.save's are ~128 */

typedef struct tlua_NpyHeader {
  int major, minor;
  tlua_DType dtype;
  int rank;
  int64_t shape[TLUA_TENSOR_MAX_RANK];
  size_t data_offset; /* bytes from the start of the file to the first element */
} tlua_NpyHeader;

/* Parses the preamble + header at the start of buf (len bytes, at least the whole header).
 * `name` (a path) prefixes messages: "npy: x.npy: fortran_order=True is not supported". */
TLUA_HIDDEN int tlua_npy_parse_header(const unsigned char *buf, size_t len, const char *name,
                                      tlua_NpyHeader *h, char *err);
/* Writes the preamble + padded header for (dtype, shape) into buf (cap bytes); *len gets its
 * size. dtype must have a NumPy descr (not bf16: callers widen it first). */
TLUA_HIDDEN int tlua_npy_format_header(tlua_DType dtype, int rank, const int64_t *shape,
                                       unsigned char *buf, size_t cap, size_t *len, char *err);

/* Reads one array from an open stream positioned at its start; *out is a new tensor. */
TLUA_HIDDEN int tlua_npy_read(FILE *f, const char *name, tlua_Tensor **out, char *err);
/* Writes t as one array to an open stream. */
TLUA_HIDDEN int tlua_npy_write(FILE *f, const char *name, const tlua_Tensor *t, char *err);

/* The same on a path (the file is created or truncated by save). */
TLUA_HIDDEN int tlua_npy_load(const char *path, tlua_Tensor **out, char *err);
TLUA_HIDDEN int tlua_npy_save(const char *path, const tlua_Tensor *t, char *err);

#endif
