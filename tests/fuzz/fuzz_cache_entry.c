/* fuzz_cache_entry.c - libFuzzer target for the cache entry reader (tlua_cache_entry_parse).
 *
 * 1. The input as an entry file: the parser must not read outside it, and an accepted entry's
 *    payload must lie inside it.
 * 2. The input as (key, payload), split at its first NUL: an entry built from them must parse back
 *    to the same payload under that key, and be refused under another key; the entry with one
 *    byte flipped (chosen by the input) must be refused or, if accepted, still be self-consistent. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cache.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_accepted(const uint8_t *bytes, size_t n, const void *payload, size_t len) {
  const uint8_t *p = (const uint8_t *)payload;
  if (len > n || (len && (!p || p < bytes || p + len > bytes + n))) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  /* exactly `size` heap bytes, so ASan sees any read past the end */
  uint8_t *copy = malloc(size ? size : 1);
  if (!copy) return 0;
  if (size) memcpy(copy, data, size);
  char why[256];
  const void *payload;
  size_t len;
  if (tlua_cache_entry_parse(copy, size, "code|fuzz", &payload, &len, why, sizeof why) == 0)
    check_accepted(copy, size, payload, len);
  else if (why[0] == '\0')
    abort(); /* a refusal must say why */
  if (tlua_cache_entry_parse(copy, size, NULL, &payload, &len, why, sizeof why) == 0)
    check_accepted(copy, size, payload, len);

  const uint8_t *nul = memchr(copy, 0, size);
  size_t klen = nul ? (size_t)(nul - copy) : size;
  char *key = malloc(klen + 1);
  if (key) {
    memcpy(key, copy, klen);
    key[klen] = '\0';
    const uint8_t *body = nul ? nul + 1 : copy + size;
    size_t blen = (size_t)(copy + size - body);
    void *entry = NULL;
    size_t elen = 0;
    if (tlua_cache_entry_build(key, body, blen, &entry, &elen, why, sizeof why) == 0) {
      if (tlua_cache_entry_parse(entry, elen, key, &payload, &len, why, sizeof why) != 0) abort();
      if (len != blen || (blen && memcmp(payload, body, blen) != 0)) abort();
      if (tlua_cache_entry_parse(entry, elen, "another key", &payload, &len, why, sizeof why) == 0 &&
          strcmp(key, "another key") != 0)
        abort();
      if (elen) {
        size_t at = (size_t)(klen * 131 + blen) % elen;
        ((uint8_t *)entry)[at] ^= (uint8_t)(1u + (size ? copy[size - 1] % 255u : 0u));
        if (tlua_cache_entry_parse(entry, elen, key, &payload, &len, why, sizeof why) == 0)
          check_accepted(entry, elen, payload, len);
      }
      free(entry);
    }
    free(key);
  }
  free(copy);
  return 0;
}
