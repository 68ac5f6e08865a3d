/* nccl.c - NCCL / RCCL through dlopen (nccl.h). The few types are declared here by shape: a unique id
 * is 128 bytes passed by value, a communicator a pointer, results and the dtype / op enums ints with
 * NCCL's numbering (RCCL keeps it). */
#include <dlfcn.h>
#include <glob.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dist.h"
#include "nccl.h"

typedef struct NcclId { unsigned char bytes[TLUA_NCCL_ID_BYTES]; } NcclId;

typedef int (*fn_version)(int *);
typedef int (*fn_unique_id)(NcclId *);
typedef int (*fn_init_rank)(void **, int, NcclId, int);
typedef int (*fn_comm)(void *);
typedef const char *(*fn_errstr)(int);
typedef const char *(*fn_lasterr)(void *);
typedef int (*fn_allreduce)(const void *, void *, size_t, int, int, void *, void *);
typedef int (*fn_bcast)(const void *, void *, size_t, int, int, void *, void *);
typedef int (*fn_allgather)(const void *, void *, size_t, int, void *, void *);
typedef int (*fn_send)(const void *, size_t, int, int, void *, void *);
typedef int (*fn_recv)(void *, size_t, int, int, void *, void *);
typedef int (*fn_void)(void);
typedef int (*fn_init_all)(void **, int, const int *);

typedef struct Lib {
  const char *name, *env, *names[3], *globs[9];
  pthread_once_t once;
  void *handle;
  char why[1024];
  int version;
  fn_version get_version;
  fn_unique_id unique_id;
  fn_init_rank init_rank;
  fn_comm destroy;
  fn_errstr errstr;
  fn_lasterr lasterr; /* optional */
  fn_allreduce all_reduce, reduce_scatter;
  fn_bcast broadcast;
  fn_allgather all_gather;
  fn_send send;
  fn_recv recv;
  fn_void group_start, group_end;
  fn_init_all init_all; /* optional */
} Lib;

static Lib NCCL = {.name = "nccl", .env = "TILELUA_LIBNCCL", .names = {"libnccl.so.2", "libnccl.so", NULL},
                   .globs = {"/usr/local/lib/python3*/dist-packages/nvidia/nccl/lib/libnccl.so.2",
                    "/usr/lib/python3*/dist-packages/nvidia/nccl/lib/libnccl.so.2",
                    "/usr/local/lib/python3*/site-packages/nvidia/nccl/lib/libnccl.so.2",
                    "/opt/conda/lib/python3*/site-packages/nvidia/nccl/lib/libnccl.so.2",
                    "/usr/lib/python3*/site-packages/nvidia/nccl/lib/libnccl.so.2",
                    "/opt/*/lib/python3*/site-packages/nvidia/nccl/lib/libnccl.so.2",
                    "/opt/*/.venv/lib/python3*/site-packages/nvidia/nccl/lib/libnccl.so.2",
                    "/root/.local/lib/python3*/site-packages/nvidia/nccl/lib/libnccl.so.2", NULL},
                   .once = PTHREAD_ONCE_INIT};
static Lib RCCL = {.name = "rccl", .env = "TILELUA_LIBRCCL",
                   .names = {"librccl.so.1", "librccl.so", "/opt/rocm/lib/librccl.so.1"}, .globs = {NULL},
                   .once = PTHREAD_ONCE_INIT};

struct tlua_NcclComm {
  Lib *lib;
  void *comm;
  tlua_Device *dev; /* retained */
};

/* NCCL's ncclDataType_t per tlua_DType (-1: none) and ncclRedOp_t per tlua_RedOp (the same order) */
static int nccl_dtype(tlua_DType dt) {
  switch (dt) {
  case TLUA_I8: return 0;
  case TLUA_U8: return 1;
  case TLUA_I32: return 2;
  case TLUA_U32: return 3;
  case TLUA_I64: return 4;
  case TLUA_U64: return 5;
  case TLUA_F16: return 6;
  case TLUA_F32: return 7;
  case TLUA_F64: return 8;
  case TLUA_BF16: return 9;
  default: return -1;
  }
}

static void try_open(Lib *l, const char *path) {
  if (!l->handle && path && *path) l->handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
}

static void try_glob(Lib *l, const char *pattern) {
  glob_t g;
  if (glob(pattern, 0, NULL, &g) == 0)
    for (size_t k = 0; k < g.gl_pathc && !l->handle; k++) try_open(l, g.gl_pathv[k]);
  globfree(&g);
}

static void lib_init(Lib *l) {
  /* NVLink multicast (NVLS) stays off: set before NCCL reads its environment, never overridden */
  setenv("NCCL_NVLS_ENABLE", "0", 0);
  try_open(l, getenv(l->env));
  for (int i = 0; i < 3 && !l->handle; i++) try_open(l, l->names[i]);
  /* pip's wheel in the active virtual environment or conda prefix, then the usual prefixes */
  const char *prefixes[2] = {getenv("VIRTUAL_ENV"), getenv("CONDA_PREFIX")};
  for (int i = 0; i < 2 && l == &NCCL && !l->handle; i++) {
    char pat[4200];
    if (!prefixes[i] || !*prefixes[i]) continue;
    snprintf(pat, sizeof pat, "%s/lib/python3*/site-packages/nvidia/nccl/lib/libnccl.so.2", prefixes[i]);
    try_glob(l, pat);
  }
  for (int i = 0; i < 9 && l->globs[i] && !l->handle; i++) try_glob(l, l->globs[i]);
  if (!l->handle) {
    snprintf(l->why, sizeof l->why, "%s: library not found (tried $%s, %s, %s%s; pip's nvidia-nccl-cu* under "
             "python's site-packages for NCCL)", l->name, l->env, l->names[0], l->names[1],
             l->names[2] ? ", /opt/rocm/lib" : "");
    return;
  }
  const char *missing = NULL;
#define SYM(field, type, name)                                    \
  do {                                                            \
    l->field = (type)dlsym(l->handle, name);                      \
    if (!l->field && !missing) missing = name;                    \
  } while (0)
  SYM(get_version, fn_version, "ncclGetVersion");
  SYM(unique_id, fn_unique_id, "ncclGetUniqueId");
  SYM(init_rank, fn_init_rank, "ncclCommInitRank");
  SYM(destroy, fn_comm, "ncclCommDestroy");
  SYM(errstr, fn_errstr, "ncclGetErrorString");
  SYM(all_reduce, fn_allreduce, "ncclAllReduce");
  SYM(reduce_scatter, fn_allreduce, "ncclReduceScatter");
  SYM(broadcast, fn_bcast, "ncclBroadcast");
  SYM(all_gather, fn_allgather, "ncclAllGather");
  SYM(send, fn_send, "ncclSend");
  SYM(recv, fn_recv, "ncclRecv");
  SYM(group_start, fn_void, "ncclGroupStart");
  SYM(group_end, fn_void, "ncclGroupEnd");
#undef SYM
  l->lasterr = (fn_lasterr)dlsym(l->handle, "ncclGetLastError");
  l->init_all = (fn_init_all)dlsym(l->handle, "ncclCommInitAll");
  if (missing) {
    snprintf(l->why, sizeof l->why, "%s: the library has no symbol %s (NCCL 2.7 or newer is needed)", l->name, missing);
    l->get_version = NULL;
    return;
  }
  if (l->get_version(&l->version) != 0) l->version = 0;
}

static void init_nccl(void) { lib_init(&NCCL); }
static void init_rccl(void) { lib_init(&RCCL); }

static Lib *lib_load(const char *backend, char *err, size_t n) {
  int hip = backend && strcmp(backend, "hip") == 0;
  Lib *l = hip ? &RCCL : &NCCL;
  pthread_once(&l->once, hip ? init_rccl : init_nccl);
  if (!l->handle || !l->get_version) {
    tlua_errorf(1, err, n, "%s", l->why);
    return NULL;
  }
  return l;
}

int tlua_nccl_load(const char *backend, int *version, char *err, size_t n) {
  Lib *l = lib_load(backend, err, n);
  if (!l) return 1;
  *version = l->version;
  return 0;
}

static int fail(Lib *l, void *comm, int rc, const char *what, char *err, size_t n) {
  const char *last = comm && l->lasterr ? l->lasterr(comm) : NULL;
  return tlua_errorf(1, err, n, "%s: %s: %s%s%s", l->name, what, l->errstr(rc), last && *last ? ": " : "",
                     last ? last : "");
}

int tlua_nccl_unique_id(const char *backend, unsigned char id[TLUA_NCCL_ID_BYTES], char *err, size_t n) {
  Lib *l = lib_load(backend, err, n);
  if (!l) return 1;
  NcclId u;
  int rc = l->unique_id(&u);
  if (rc) return fail(l, NULL, rc, "ncclGetUniqueId", err, n);
  memcpy(id, u.bytes, sizeof u.bytes);
  return 0;
}

/* ncclCommInitRank waits for every rank: it runs on its own thread so the caller can give up. The
 * thread owns this record when the caller gave up (abandoned), the caller otherwise. */
typedef struct InitJob {
  pthread_mutex_t mu;
  pthread_cond_t cv;
  int done, abandoned, rc;
  Lib *lib;
  tlua_Device *dev;
  int world, rank;
  NcclId id;
  void *comm;
  char err[512];
} InitJob;

static void *init_thread(void *arg) {
  InitJob *j = (InitJob *)arg;
  char e[512] = "";
  int rc = tlua_device_activate(j->dev, e, sizeof e) ? -1 : j->lib->init_rank(&j->comm, j->world, j->id, j->rank);
  pthread_mutex_lock(&j->mu);
  j->rc = rc;
  if (rc == -1) snprintf(j->err, sizeof j->err, "%s", e);
  j->done = 1;
  int abandoned = j->abandoned;
  pthread_cond_signal(&j->cv);
  pthread_mutex_unlock(&j->mu);
  if (abandoned) {
    if (rc == 0) j->lib->destroy(j->comm);
    tlua_device_release(j->dev);
    free(j);
  }
  return NULL;
}

int tlua_nccl_comm_init(tlua_Device *d, int world, int rank, const unsigned char id[TLUA_NCCL_ID_BYTES],
                        double timeout, tlua_NcclComm **out, char *err, size_t n) {
  *out = NULL;
  Lib *l = lib_load(tlua_device_backend(d)->name, err, n);
  if (!l) return 1;
  InitJob *j = (InitJob *)calloc(1, sizeof *j);
  tlua_NcclComm *c = (tlua_NcclComm *)calloc(1, sizeof *c);
  if (!j || !c) {
    free(j);
    free(c);
    return tlua_errorf(1, err, n, "%s: out of memory", l->name);
  }
  pthread_mutex_init(&j->mu, NULL);
  pthread_cond_init(&j->cv, NULL);
  j->lib = l;
  j->dev = d;
  tlua_device_retain(d);
  j->world = world;
  j->rank = rank;
  memcpy(j->id.bytes, id, TLUA_NCCL_ID_BYTES);
  pthread_t th;
  if (pthread_create(&th, NULL, init_thread, j) != 0) {
    tlua_device_release(d);
    free(j);
    free(c);
    return tlua_errorf(1, err, n, "%s: cannot start the init thread", l->name);
  }
  pthread_detach(th);
  struct timespec until;
  clock_gettime(CLOCK_REALTIME, &until);
  until.tv_sec += (time_t)timeout;
  until.tv_nsec += (long)((timeout - (double)(time_t)timeout) * 1e9);
  if (until.tv_nsec >= 1000000000L) {
    until.tv_sec++;
    until.tv_nsec -= 1000000000L;
  }
  pthread_mutex_lock(&j->mu);
  while (!j->done)
    if (pthread_cond_timedwait(&j->cv, &j->mu, &until) != 0) break;
  if (!j->done) {
    j->abandoned = 1; /* the thread frees the record (and the communicator, should it ever form) */
    pthread_mutex_unlock(&j->mu);
    free(c);
    return tlua_errorf(1, err, n, "%s: ncclCommInitRank (rank %d of %d) timed out after %.3g s: a rank never joined "
                       "(the limit is TILELUA_DIST_TIMEOUT or init{timeout=})", l->name, rank, world, timeout);
  }
  pthread_mutex_unlock(&j->mu);
  int rc = j->rc;
  if (rc == -1) tlua_errorf(1, err, n, "%s", j->err);
  else if (rc) fail(l, NULL, rc, "ncclCommInitRank", err, n);
  c->lib = l;
  c->comm = j->comm;
  c->dev = d; /* the job's reference passes to the communicator */
  pthread_mutex_destroy(&j->mu);
  pthread_cond_destroy(&j->cv);
  free(j);
  if (rc) {
    tlua_device_release(d);
    free(c);
    return 1;
  }
  *out = c;
  return 0;
}

int tlua_nccl_comm_init_all(tlua_Device *const *devs, int count, tlua_NcclComm **out, char *err, size_t n) {
  for (int k = 0; k < count; k++) out[k] = NULL;
  Lib *l = lib_load(tlua_device_backend(devs[0])->name, err, n);
  if (!l) return 1;
  if (!l->init_all) return tlua_errorf(1, err, n, "%s: the library has no ncclCommInitAll", l->name);
  void *comms[64];
  int ordinals[64];
  if (count < 1 || count > 64) return tlua_errorf(1, err, n, "%s: 1 to 64 devices (got %d)", l->name, count);
  for (int k = 0; k < count; k++) {
    ordinals[k] = tlua_device_ordinal(devs[k]);
    out[k] = (tlua_NcclComm *)calloc(1, sizeof *out[k]);
    if (!out[k]) {
      for (int j = 0; j < k; j++) free(out[j]);
      return tlua_errorf(1, err, n, "%s: out of memory", l->name);
    }
  }
  /* ncclCommInitAll selects each device itself (the runtime's current device, restored after) */
  int rc = l->init_all(comms, count, ordinals);
  if (rc) {
    for (int k = 0; k < count; k++) {
      free(out[k]);
      out[k] = NULL;
    }
    return fail(l, NULL, rc, "ncclCommInitAll", err, n);
  }
  for (int k = 0; k < count; k++) {
    out[k]->lib = l;
    out[k]->comm = comms[k];
    out[k]->dev = devs[k];
    tlua_device_retain(devs[k]);
  }
  return 0;
}

void tlua_nccl_comm_free(tlua_NcclComm *c) {
  if (!c) return;
  if (!tlua_device_broken(c->dev) && tlua_device_activate(c->dev, NULL, 0) == 0) c->lib->destroy(c->comm);
  tlua_device_release(c->dev);
  free(c);
}

int tlua_nccl_group(tlua_NcclComm *c, int start, char *err, size_t n) {
  int rc = start ? c->lib->group_start() : c->lib->group_end();
  return rc ? fail(c->lib, c->comm, rc, start ? "ncclGroupStart" : "ncclGroupEnd", err, n) : 0;
}

int tlua_nccl_call(tlua_NcclComm *c, int coll, const void *send, void *recv, size_t count, tlua_DType dt, int op,
                   int peer, char *err, size_t n) {
  Lib *l = c->lib;
  int t = nccl_dtype(dt);
  if (t < 0) return tlua_errorf(1, err, n, "%s: no NCCL dtype for %s", l->name, tlua_dtype_info(dt)->name);
  if (tlua_device_activate(c->dev, err, n)) return 1;
  int rc;
  switch (coll) {
  case TLUA_COLL_ALL_REDUCE: rc = l->all_reduce(send, recv, count, t, op, c->comm, NULL); break;
  case TLUA_COLL_REDUCE_SCATTER: rc = l->reduce_scatter(send, recv, count, t, op, c->comm, NULL); break;
  case TLUA_COLL_BROADCAST: rc = l->broadcast(send, recv, count, t, peer, c->comm, NULL); break;
  case TLUA_COLL_ALL_GATHER: rc = l->all_gather(send, recv, count, t, c->comm, NULL); break;
  case TLUA_COLL_SEND: rc = l->send(send, count, t, peer, c->comm, NULL); break;
  case TLUA_COLL_RECV: rc = l->recv(recv, count, t, peer, c->comm, NULL); break;
  default: return tlua_errorf(1, err, n, "%s: unknown collective %d", l->name, coll);
  }
  if (rc) {
    char what[64];
    snprintf(what, sizeof what, "%s", tlua_coll_name(coll));
    return fail(l, c->comm, rc, what, err, n);
  }
  return 0;
}
