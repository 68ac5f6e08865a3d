/* sha256.h - SHA-256 (FIPS 180-4): incremental and one-shot digests, lowercase hex. Pure C.
 *
 * Used for cache keys, entry file names and entry checksums. No global state; a tlua_Sha256 is a
 * plain value the caller owns (thread safe as long as one context is not shared). */
#ifndef TLUA_SHA256_H
#define TLUA_SHA256_H

#include <stddef.h>
#include <stdint.h>

#include "tlua.h"

#define TLUA_SHA256_BYTES 32
#define TLUA_SHA256_HEX 65 /* 64 hex digits + NUL */

typedef struct tlua_Sha256 {
  uint32_t h[8];        /* chaining value */
  uint64_t nbytes;      /* message length so far */
  uint8_t block[64];    /* pending partial block */
  size_t nblock;        /* bytes pending in block */
} tlua_Sha256;

TLUA_HIDDEN void tlua_sha256_init(tlua_Sha256 *s);
TLUA_HIDDEN void tlua_sha256_update(tlua_Sha256 *s, const void *data, size_t n);
/* Writes the 32-byte digest; the context must be re-initialised before reuse. */
TLUA_HIDDEN void tlua_sha256_final(tlua_Sha256 *s, uint8_t out[TLUA_SHA256_BYTES]);
TLUA_HIDDEN void tlua_sha256(const void *data, size_t n, uint8_t out[TLUA_SHA256_BYTES]);
/* 64 lowercase hex digits and a NUL into hex. */
TLUA_HIDDEN void tlua_sha256_hex(const uint8_t digest[TLUA_SHA256_BYTES], char hex[TLUA_SHA256_HEX]);

#endif
