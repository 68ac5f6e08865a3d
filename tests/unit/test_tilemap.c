/* test_tilemap.c - unit tests of the text and SVG renderings of label grids (src/tilemap.c). */
#include <stdlib.h>
#include <string.h>

#include "tilemap.h"
#include "tu.h"

static long long *iota(int n, int mod) {
  long long *v = malloc(sizeof *v * (size_t)n);
  for (int i = 0; i < n; i++) v[i] = mod ? i % mod : i;
  return v;
}

/* Longest grid line; the "(...)" notes are sentences and may wrap on a very narrow terminal. */
static int longest_line(const char *s) {
  int best = 0, cur = 0, note = *s == '(';
  for (; *s; s++) {
    if (*s == '\n') {
      if (!note && cur > best) best = cur;
      cur = 0;
      note = s[1] == '(';
    } else {
      cur++;
    }
  }
  return !note && cur > best ? cur : best;
}

static int count(const char *hay, const char *needle) {
  int n = 0;
  for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle)) n++;
  return n;
}

TU_TEST(small_grid_exact) {
  long long *l = iota(12, 0);
  tlua_TileMap m = {3, 4, l, NULL, "T", "legend here"};
  char *s = tlua_tilemap_text(&m, 0);
  ASSERT_STR_EQ(s,
    "T\n"
    "     0  1  2  3\n"
    "  +------------\n"
    "0 |  0  1  2  3\n"
    "1 |  4  5  6  7\n"
    "2 |  8  9 10 11\n"
    "legend here\n");
  free(s);
  free(l);
}

TU_TEST(negative_labels_print_dot) {
  long long l[4] = {0, -1, -7, 3};
  tlua_TileMap m = {2, 2, l, NULL, NULL, NULL};
  char *s = tlua_tilemap_text(&m, 80);
  ASSERT_STR_EQ(s,
    "    0 1\n"
    "  +----\n"
    "0 | 0 .\n"
    "1 | . 3\n");
  free(s);
}

TU_TEST(column_index_sets_width) {
  /* labels are 1 digit, but column 10 needs 2 */
  long long *l = iota(11, 2);
  tlua_TileMap m = {1, 11, l, NULL, NULL, NULL};
  char *s = tlua_tilemap_text(&m, 80);
  ASSERT_CONTAINS(s, "0 |  0  1  0  1");
  ASSERT_CONTAINS(s, "  9 10\n");
  free(s);
  free(l);
}

/* 64x64 with labels up to 4095 (access order of a whole tile): never abbreviated, every line fits
 * 80 columns, so it is split into bands; every label appears exactly once. */
TU_TEST(tile_64x64_fits_80_columns) {
  long long *l = iota(64 * 64, 0);
  tlua_TileMap m = {64, 64, l, NULL, "access order", NULL};
  char *s = tlua_tilemap_text(&m, 0);
  ASSERT(s != NULL);
  ASSERT(longest_line(s) <= 80);
  ASSERT(strstr(s, "abbreviated") == NULL);
  ASSERT(strstr(s, "\n(") != NULL && longest_line(strstr(s, "\n(") + 1) <= 80);
  ASSERT_CONTAINS(s, "shown in 5 bands");
  ASSERT_CONTAINS(s, " 4095\n");
  ASSERT_CONTAINS(s, "63 | 4032 ");
  ASSERT_EQ(count(s, " 2049 "), 1);
  free(s);
  free(l);
}

TU_TEST(tile_64x64_threads_four_bands) {
  long long *l = iota(64 * 64, 256);
  tlua_TileMap m = {64, 64, l, NULL, NULL, NULL};
  char *s = tlua_tilemap_text(&m, 80);
  ASSERT(longest_line(s) <= 80);
  ASSERT_CONTAINS(s, "shown in 4 bands");  /* cells of 4 chars: 19 per band */
  free(s);
  free(l);
}

TU_TEST(narrow_max_cols) {
  long long *l = iota(8 * 8, 0);
  tlua_TileMap m = {8, 8, l, NULL, NULL, NULL};
  char *s = tlua_tilemap_text(&m, 20);
  ASSERT(longest_line(s) <= 20);
  ASSERT_CONTAINS(s, "bands");
  free(s);
  free(l);
}

TU_TEST(large_grid_abbreviated) {
  int r = 100, c = 130;
  long long *l = iota(r * c, 0);
  tlua_TileMap m = {r, c, l, NULL, NULL, NULL};
  char *s = tlua_tilemap_text(&m, 80);
  ASSERT(longest_line(s) <= 80);
  ASSERT_CONTAINS(s, "(abbreviated 100x130 grid: first/last 32 rows and columns shown)");
  ASSERT_CONTAINS(s, "\n99 |");                    /* last row shown */
  ASSERT_CONTAINS(s, " 12999\n");                  /* last element shown */
  ASSERT(strstr(s, "\n50 |") == NULL);             /* middle row omitted */
  ASSERT_CONTAINS(s, "\n.. |");
  free(s);
  free(l);
}

TU_TEST(tall_only_abbreviated) {
  long long *l = iota(70 * 2, 0);
  tlua_TileMap m = {70, 2, l, NULL, NULL, NULL};
  char *s = tlua_tilemap_text(&m, 80);
  ASSERT_CONTAINS(s, "(abbreviated 70x2 grid: first/last 32 rows shown)");
  ASSERT(strstr(s, "bands") == NULL);
  ASSERT_CONTAINS(s, "69 | 138 139\n");
  free(s);
  free(l);
}

TU_TEST(empty_grid) {
  tlua_TileMap m = {0, 5, NULL, NULL, "t", NULL};
  char *s = tlua_tilemap_text(&m, 80);
  ASSERT_STR_EQ(s, "t\n(empty 0x5 grid)\n");
  free(s);
  ASSERT(tlua_tilemap_text(NULL, 80) == NULL);
}

static char *svg_of(const tlua_TileMap *m, int *rc) {
  FILE *f = tmpfile();
  if (!f) return NULL;
  *rc = tlua_tilemap_svg(m, f);
  long n = ftell(f);
  rewind(f);
  char *s = calloc((size_t)n + 1, 1);
  if (fread(s, 1, (size_t)n, f) != (size_t)n) { free(s); s = NULL; }
  fclose(f);
  return s;
}

TU_TEST(svg_cells_labels_and_title) {
  long long l[6] = {0, 1, 2, 3, 4, -1};
  long long g[6] = {0, 0, 1, 1, 2, 2};
  tlua_TileMap m = {2, 3, l, g, "warps <&> \"x\"", "cap"};
  int rc = -2;
  char *s = svg_of(&m, &rc);
  ASSERT_EQ(rc, 0);
  ASSERT(s != NULL);
  ASSERT_CONTAINS(s, "<svg xmlns=\"http://www.w3.org/2000/svg\"");
  ASSERT_CONTAINS(s, "<title>warps &lt;&amp;&gt; &quot;x&quot;</title>");
  ASSERT_EQ(count(s, "<rect "), 6 + 1);           /* cells + background */
  ASSERT_CONTAINS(s, ">4</text>");
  ASSERT_CONTAINS(s, ">cap</text>");
  ASSERT_CONTAINS(s, "</svg>\n");
  free(s);
}

/* Same group -> same fill; different groups -> different fills. */
TU_TEST(svg_colour_by_group) {
  long long l[4] = {10, 11, 12, 13};
  long long g[4] = {5, 5, 6, 7};
  tlua_TileMap m = {1, 4, l, g, NULL, NULL};
  int rc = -2;
  char *s = svg_of(&m, &rc);
  ASSERT_EQ(rc, 0);
  char fills[4][16];
  const char *p = s;
  int k = 0;
  while (k < 4 && (p = strstr(p, "height=\"18\" fill=\"#")) != NULL) {
    p += strlen("height=\"18\" fill=\"");
    memcpy(fills[k], p, 7);
    fills[k][7] = '\0';
    k++;
  }
  ASSERT_EQ(k, 4);
  ASSERT_STR_EQ(fills[0], fills[1]);
  ASSERT(strcmp(fills[1], fills[2]) != 0);
  ASSERT(strcmp(fills[2], fills[3]) != 0);
  free(s);
}

TU_TEST(svg_write_error) {
  long long l[1] = {0};
  tlua_TileMap m = {1, 1, l, NULL, NULL, NULL};
  FILE *f = fopen("/dev/full", "w");
  if (!f) TU_SKIP("no /dev/full");
  ASSERT_EQ(tlua_tilemap_svg(&m, f), -1);
  fclose(f);
}

TU_MAIN(TU_ENTRY(small_grid_exact), TU_ENTRY(negative_labels_print_dot),
        TU_ENTRY(column_index_sets_width), TU_ENTRY(tile_64x64_fits_80_columns),
        TU_ENTRY(tile_64x64_threads_four_bands), TU_ENTRY(narrow_max_cols),
        TU_ENTRY(large_grid_abbreviated), TU_ENTRY(tall_only_abbreviated), TU_ENTRY(empty_grid),
        TU_ENTRY(svg_cells_labels_and_title), TU_ENTRY(svg_colour_by_group),
        TU_ENTRY(svg_write_error))
