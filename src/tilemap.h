/* tilemap.h - a 2D grid of integer labels rendered as terminal text or as an SVG picture.
 *
 * Used by every layout object's :map() and :svg(): a curve labels each element with its access
 * number, a distribution with its owning thread (grouped by warp), a descriptor with its offset or
 * bank. Pure C, no Lua. */
#ifndef TLUA_TILEMAP_H
#define TLUA_TILEMAP_H

#include <stdio.h>
#include "tlua.h"

typedef struct tlua_TileMap {
  int rows, cols;
  const long long *label;  /* rows*cols labels, row-major; a negative label prints as "." */
  const long long *group;  /* optional (NULL): colour group per element, e.g. the warp */
  const char *title;       /* first line of the text, <title> of the SVG; may be NULL */
  const char *legend;      /* optional line under the grid (text) / caption (SVG); may be NULL */
} tlua_TileMap;

/* Text rendering for an 80-column terminal: fixed-width cells, row and column headers. A grid too
 * wide or tall for max_cols columns (0 = 80) is abbreviated: leading and trailing rows/columns
 * shown, the middle replaced by "..", and the abbreviation said in a line. Returns a malloc'd
 * NUL-terminated string (caller frees) or NULL when out of memory. */
TLUA_HIDDEN char *tlua_tilemap_text(const tlua_TileMap *m, int max_cols);

/* Writes an SVG document of the whole grid (never abbreviated): one rect per element coloured by
 * group (or by label when group is NULL), the label as text. Returns 0, or -1 on a write error. */
TLUA_HIDDEN int tlua_tilemap_svg(const tlua_TileMap *m, FILE *out);

#endif
