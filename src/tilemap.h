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

/* Text rendering for an 80-column terminal: fixed-width cells, row and column headers. A dimension
 * longer than 64 is abbreviated: its first and last 32 rows/columns shown, the middle replaced by
 * "..", and the abbreviation said in a line. Columns that still do not fit max_cols characters
 * (0 = 80) are printed in bands (column groups one after the other), said in a line too, so a
 * 64x64 tile is shown whole within 80 columns. Returns a malloc'd NUL-terminated string (caller
 * frees) or NULL when out of memory (or m is NULL). */
TLUA_HIDDEN char *tlua_tilemap_text(const tlua_TileMap *m, int max_cols);

/* Writes an SVG document of the whole grid (never abbreviated): one rect per element coloured by
 * group (distinct hues per group) or, when group is NULL, by label (a blue-to-red ramp over the
 * label range, showing an order), the label as text. Negative groups/labels are white. The caller
 * owns and closes `out`. Returns 0, or -1 on a write error. */
TLUA_HIDDEN int tlua_tilemap_svg(const tlua_TileMap *m, FILE *out);

#endif
