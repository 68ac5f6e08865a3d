/* dist.c - the reference implementation of the collectives and the simulated multi-process exchange
 * (dist.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "dist.h"

static const char *const OPS[TLUA_NREDOPS] = {"sum", "prod", "max", "min", "avg"};
static const char *const COLLS[TLUA_NCOLLS] = {"all_reduce", "broadcast", "all_gather", "reduce_scatter", "send",
                                               "recv"};

int tlua_redop_from_name(const char *name) {
  for (int i = 0; i < TLUA_NREDOPS; i++)
    if (name && strcmp(name, OPS[i]) == 0) return i;
  return -1;
}
const char *tlua_redop_name(int op) { return op >= 0 && op < TLUA_NREDOPS ? OPS[op] : "?"; }
const char *tlua_coll_name(int coll) { return coll >= 0 && coll < TLUA_NCOLLS ? COLLS[coll] : "?"; }

int tlua_dist_dtype_ok(tlua_DType dt) {
  return dt != TLUA_I16 && dt != TLUA_U16 && dt != TLUA_BOOL && (int)dt >= 0 && dt < TLUA_NDTYPES;
}

static int is_unsigned(tlua_DType dt) { return dt == TLUA_U8 || dt == TLUA_U32 || dt == TLUA_U64; }

void tlua_dist_reduce(tlua_DType dt, int op, int world, const void *const *in, size_t first, size_t count, void *out) {
  int integral = tlua_dtype_is_integral(dt);
  for (size_t i = 0; i < count; i++) {
    size_t j = first + i;
    if (integral) {
      /* each step stored in the dtype, so sums and products wrap at its width */
      int64_t acc = tlua_dtype_load_i64(dt, in[0], j);
      for (int r = 1; r < world; r++) {
        int64_t v = tlua_dtype_load_i64(dt, in[r], j);
        uint64_t ua = (uint64_t)acc, uv = (uint64_t)v;
        switch (op) {
        case TLUA_RED_SUM: case TLUA_RED_AVG: acc = (int64_t)(ua + uv); break;
        case TLUA_RED_PROD: acc = (int64_t)(ua * uv); break;
        case TLUA_RED_MAX: acc = is_unsigned(dt) ? (uv > ua ? v : acc) : (v > acc ? v : acc); break;
        default: acc = is_unsigned(dt) ? (uv < ua ? v : acc) : (v < acc ? v : acc); break;
        }
        tlua_dtype_store_i64(dt, out, i, acc);
        acc = tlua_dtype_load_i64(dt, out, i);
      }
      if (op == TLUA_RED_AVG)
        acc = is_unsigned(dt) ? (int64_t)((uint64_t)acc / (uint64_t)world) : acc / world;
      tlua_dtype_store_i64(dt, out, i, acc);
    } else {
      double acc = tlua_dtype_load(dt, in[0], j);
      for (int r = 1; r < world; r++) {
        double v = tlua_dtype_load(dt, in[r], j);
        switch (op) {
        case TLUA_RED_SUM: case TLUA_RED_AVG: acc = acc + v; break;
        case TLUA_RED_PROD: acc = acc * v; break;
        case TLUA_RED_MAX: acc = v > acc ? v : acc; break;
        default: acc = v < acc ? v : acc; break;
        }
        tlua_dtype_store(dt, out, i, acc); /* round to the dtype after every step */
        acc = tlua_dtype_load(dt, out, i);
      }
      if (op == TLUA_RED_AVG) acc /= world;
      tlua_dtype_store(dt, out, i, acc);
    }
  }
}

void tlua_dist_reference(int coll, tlua_DType dt, int op, int root, int world, const void *const *in, size_t count,
                         int rank, void *out) {
  size_t es = tlua_dtype_info(dt)->size;
  switch (coll) {
  case TLUA_COLL_ALL_REDUCE:
    tlua_dist_reduce(dt, op, world, in, 0, count, out);
    break;
  case TLUA_COLL_BROADCAST:
    memcpy(out, in[root], count * es);
    break;
  case TLUA_COLL_ALL_GATHER:
    for (int r = 0; r < world; r++) memcpy((char *)out + (size_t)r * count * es, in[r], count * es);
    break;
  case TLUA_COLL_REDUCE_SCATTER: {
    tlua_dist_reduce(dt, op, world, in, (size_t)rank * count, count, out);
    break;
  }
  default:
    break;
  }
}

/* --- the simulated exchange ------------------------------------------------------------------- */

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void pause_briefly(double waited) {
  /* 50 us at first (collectives of one test follow each other closely), up to 5 ms */
  struct timespec ts = {0, waited < 0.01 ? 50000 : 5000000};
  nanosleep(&ts, NULL);
}

static int write_file(const char *path, const tlua_DistHeader *h, const void *bytes, size_t nbytes, char *err,
                      size_t n) {
  char tmp[4200];
  snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)getpid());
  FILE *f = fopen(tmp, "wb");
  if (!f) return tlua_errorf(1, err, n, "cannot write %s: %s", tmp, strerror(errno));
  int ok = fwrite(h, sizeof *h, 1, f) == 1 && (nbytes == 0 || fwrite(bytes, 1, nbytes, f) == nbytes);
  ok = (fclose(f) == 0) && ok;
  if (!ok || rename(tmp, path) != 0) {
    int e = errno;
    remove(tmp);
    return tlua_errorf(1, err, n, "cannot write %s: %s", path, strerror(e));
  }
  return 0;
}

/* Waits for path to exist (up to timeout seconds from start), then reads its header and nbytes. */
static int read_file(const char *path, double start, double timeout, tlua_DistHeader *h, void *bytes, size_t nbytes,
                     int *timed_out, char *err, size_t n) {
  FILE *f;
  *timed_out = 0;
  while (!(f = fopen(path, "rb"))) {
    double waited = now() - start;
    if (errno != ENOENT) return tlua_errorf(1, err, n, "cannot read %s: %s", path, strerror(errno));
    if (waited > timeout) {
      *timed_out = 1;
      return 1;
    }
    pause_briefly(waited);
  }
  size_t got = fread(h, 1, sizeof *h, f);
  int ok = got == sizeof *h && memcmp(h->magic, "TLDIST1", 8) == 0;
  if (ok && bytes && nbytes) ok = fread(bytes, 1, nbytes, f) == nbytes;
  fclose(f);
  if (!ok) return tlua_errorf(1, err, n, "%s is not a tilelua exchange file of the expected size", path);
  return 0;
}

/* The rule a peer's header breaks, or NULL when it agrees with mine. */
static const char *disagreement(const tlua_DistHeader *mine, const tlua_DistHeader *h, char *buf, size_t n) {
  const char *name = tlua_dtype_info((tlua_DType)mine->dtype)->name;
  const char *hname = h->dtype >= 0 && h->dtype < TLUA_NDTYPES ? tlua_dtype_info((tlua_DType)h->dtype)->name : "?";
  if (h->world != mine->world)
    snprintf(buf, n, "rank %d has world size %d, rank %d has %d: every rank must start with the same WORLD_SIZE",
             h->rank, h->world, mine->rank, mine->world);
  else if (h->coll != mine->coll)
    snprintf(buf, n, "rank %d called %s as call %llu where rank %d called %s: every rank must call the same "
             "collectives in the same order", h->rank, tlua_coll_name(h->coll), (unsigned long long)mine->seq,
             mine->rank, tlua_coll_name(mine->coll));
  else if (h->dtype != mine->dtype || h->count != mine->count)
    snprintf(buf, n, "rank %d passed %llu elements of %s, rank %d passed %llu elements of %s: every rank must pass "
             "the same shape and dtype", h->rank, (unsigned long long)h->count, hname, mine->rank,
             (unsigned long long)mine->count, name);
  else if (h->op != mine->op)
    snprintf(buf, n, "rank %d reduces with %s, rank %d with %s: every rank must pass the same op", h->rank,
             tlua_redop_name(h->op), mine->rank, tlua_redop_name(mine->op));
  else if (h->root != mine->root)
    snprintf(buf, n, "rank %d names root %d, rank %d names root %d: every rank must name the same root", h->rank,
             h->root, mine->rank, mine->root);
  else
    return NULL;
  return buf;
}

void tlua_dist_free_all(void **all, int world) {
  if (!all) return;
  for (int r = 0; r < world; r++) free(all[r]);
  free(all);
}

int tlua_dist_sim_exchange(const char *dir, const tlua_DistHeader *mine, const void *in, size_t nbytes,
                           double timeout, void ***all, char *err, size_t n) {
  int world = mine->world;
  const char *what = tlua_coll_name(mine->coll);
  char path[4200];
  *all = (void **)calloc((size_t)world, sizeof **all);
  if (!*all) return tlua_errorf(1, err, n, "%s: out of memory", what);
  for (int r = 0; r < world; r++) {
    (*all)[r] = malloc(nbytes ? nbytes : 1);
    if (!(*all)[r]) {
      tlua_dist_free_all(*all, world);
      *all = NULL;
      return tlua_errorf(1, err, n, "%s: out of memory for %d buffers of %zu bytes", what, world, nbytes);
    }
  }
  memcpy((*all)[mine->rank], in, nbytes);
  snprintf(path, sizeof path, "%s/c%llu.r%d", dir, (unsigned long long)mine->seq, mine->rank);
  char e[4400];
  if (write_file(path, mine, in, nbytes, e, sizeof e)) goto fail_msg;
  double start = now();
  for (int r = 0; r < world; r++) {
    if (r == mine->rank) continue;
    tlua_DistHeader h;
    int timed_out;
    snprintf(path, sizeof path, "%s/c%llu.r%d", dir, (unsigned long long)mine->seq, r);
    /* the header first: a peer's wrong size must be reported as such, not as a short file */
    if (read_file(path, start, timeout, &h, NULL, 0, &timed_out, e, sizeof e)) {
      if (timed_out) {
        tlua_errorf(1, err, n, "%s: timed out after %.3g s waiting for rank %d of %d to join call %llu (a rank that "
                    "never calls it, or died; the limit is TILELUA_DIST_TIMEOUT or init{timeout=})", what, timeout, r,
                    world, (unsigned long long)mine->seq);
        goto fail;
      }
      goto fail_msg;
    }
    char why[512];
    if (disagreement(mine, &h, why, sizeof why)) {
      tlua_errorf(1, err, n, "%s: %s", what, why);
      goto fail;
    }
    if (read_file(path, start, timeout, &h, (*all)[r], nbytes, &timed_out, e, sizeof e)) goto fail_msg;
  }
  if (mine->seq > 0) {
    snprintf(path, sizeof path, "%s/c%llu.r%d", dir, (unsigned long long)mine->seq - 1, mine->rank);
    remove(path);
  }
  return 0;
fail_msg:
  tlua_errorf(1, err, n, "%s: %s", what, e);
fail:
  tlua_dist_free_all(*all, world);
  *all = NULL;
  return 1;
}

int tlua_dist_sim_send(const char *dir, const tlua_DistHeader *mine, int peer, uint64_t msg, const void *in,
                       size_t nbytes, char *err, size_t n) {
  char path[4200], e[4400];
  snprintf(path, sizeof path, "%s/p%d-%d.%llu", dir, mine->rank, peer, (unsigned long long)msg);
  if (write_file(path, mine, in, nbytes, e, sizeof e)) return tlua_errorf(1, err, n, "send: %s", e);
  return 0;
}

int tlua_dist_sim_delivered(const char *dir, int rank, int peer, uint64_t msg, double timeout, char *err, size_t n) {
  char path[4200];
  snprintf(path, sizeof path, "%s/p%d-%d.%llu", dir, rank, peer, (unsigned long long)msg);
  double start = now();
  for (;;) {
    FILE *f = fopen(path, "rb");
    if (!f) break; /* the receiver read it and removed it */
    fclose(f);
    double waited = now() - start;
    if (waited > timeout)
      return tlua_errorf(1, err, n, "send: timed out after %.3g s waiting for rank %d to receive message %llu (a send "
                         "completes when its peer receives, as NCCL's does: ranks that all send before they receive "
                         "wait for each other forever; pair them with tl.dist.sendrecv, or let one side receive "
                         "first; the limit is TILELUA_DIST_TIMEOUT or init{timeout=})", timeout, peer,
                         (unsigned long long)msg + 1);
    pause_briefly(waited);
  }
  return 0;
}

int tlua_dist_sim_recv(const char *dir, const tlua_DistHeader *mine, int peer, uint64_t msg, void *out,
                       size_t nbytes, double timeout, char *err, size_t n) {
  char path[4200], e[4400];
  snprintf(path, sizeof path, "%s/p%d-%d.%llu", dir, peer, mine->rank, (unsigned long long)msg);
  tlua_DistHeader h;
  int timed_out;
  if (read_file(path, now(), timeout, &h, NULL, 0, &timed_out, e, sizeof e)) {
    if (timed_out)
      return tlua_errorf(1, err, n, "recv: timed out after %.3g s waiting for message %llu from rank %d (it never "
                         "sent it, or died; the limit is TILELUA_DIST_TIMEOUT or init{timeout=})", timeout,
                         (unsigned long long)msg + 1, peer);
    return tlua_errorf(1, err, n, "recv: %s", e);
  }
  if (h.dtype != mine->dtype || h.count != mine->count) {
    remove(path); /* taken (and refused): its sender's wait for delivery ends */
    return tlua_errorf(1, err, n, "recv: rank %d sent %llu elements of %s, rank %d receives %llu elements of %s: "
                       "send and recv must name the same shape and dtype", peer, (unsigned long long)h.count,
                       h.dtype >= 0 && h.dtype < TLUA_NDTYPES ? tlua_dtype_info((tlua_DType)h.dtype)->name : "?",
                       mine->rank, (unsigned long long)mine->count, tlua_dtype_info((tlua_DType)mine->dtype)->name);
  }
  if (read_file(path, now(), timeout, &h, out, nbytes, &timed_out, e, sizeof e))
    return tlua_errorf(1, err, n, "recv: %s", e);
  remove(path);
  return 0;
}
