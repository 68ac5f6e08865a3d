/* dist_lua.c - communicators for tl.dist (lua/dist.lua holds the user-facing checks and defaults).
 *
 * A Comm ("tilelua.Comm") is one of:
 *   local    one process drives every rank: rank k is the k-th device of the list it was made for.
 *            cpu backend: the reference implementation on the host. GPU: NCCL, one communicator per
 *            GPU (ncclCommInitAll), a collective's calls on every GPU in one group.
 *   process  one process per rank (torchrun's RANK / WORLD_SIZE). cpu backend: the simulated
 *            exchange through a shared directory (dist.h). GPU: an NCCL communicator joined with a
 *            unique id that rank 0 made.
 *
 *   tl._dist_local(devices) -> Comm
 *   tl._dist_process(rank, world, timeout, dir_or_nil, id_or_nil) -> Comm   (id: 128 bytes, GPU)
 *   tl._dist_unique_id() -> 128 bytes (GPU backends)
 *   tl._dist_id_file(path, rank, timeout) -> 128 bytes: rank 0 writes a new id there, the others
 *        wait for it (at most timeout seconds)
 *   tl._dist_call(comm, coll, ins, outs, op, root)   ins/outs: one contiguous tensor per local rank;
 *        the Lua side has checked shapes, dtypes and devices
 *   tl._dist_p2p(comm, "send"|"recv", t, peer)      process communicators
 *   tl._dist_close(comm) */
#include <errno.h>
#include <lauxlib.h>
#include <lua.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "backend.h"
#include "bindings_lua.h"
#include "dist.h"
#include "nccl.h"
#include "tensor_lua.h"

#define COMM_MT "tilelua.Comm"
#define MAX_LOCAL 64

enum { COMM_LOCAL, COMM_PROCESS };

typedef struct Comm {
  int kind, world, rank, nlocal, closed;
  int devices[MAX_LOCAL];
  double timeout;
  uint64_t seq;          /* collective calls so far */
  uint64_t *sent, *recvd; /* messages per peer (process communicators) */
  char dir[4096];        /* simulated process communicators */
  tlua_NcclComm *nccl;   /* GPU: this process's rank (process), rank 0 (local) */
  tlua_NcclComm *more[MAX_LOCAL]; /* GPU, local communicators of several devices: ranks 1.. */
  int broken;            /* a group failed half issued: its collective never completes */
} Comm;

static Comm *check_comm(lua_State *L, int idx) {
  Comm *c = (Comm *)luaL_checkudata(L, idx, COMM_MT);
  if (c->closed) luaL_error(L, "dist: the communicator was closed");
  if (c->broken)
    luaL_error(L, "dist: the communicator is unusable: an earlier collective failed after part of it was issued");
  return c;
}

static void comm_release(Comm *c) {
  if (c->closed) return;
  c->closed = 1;
  tlua_nccl_comm_free(c->nccl);
  c->nccl = NULL;
  for (int k = 1; k < MAX_LOCAL; k++) {
    tlua_nccl_comm_free(c->more[k]);
    c->more[k] = NULL;
  }
  free(c->sent);
  free(c->recvd);
  c->sent = c->recvd = NULL;
}

static int comm_gc(lua_State *L) {
  comm_release((Comm *)luaL_checkudata(L, 1, COMM_MT));
  return 0;
}

static int comm_tostring(lua_State *L) {
  Comm *c = (Comm *)luaL_checkudata(L, 1, COMM_MT);
  lua_pushfstring(L, "Comm{%s, world=%d, rank=%d%s}", c->kind == COMM_LOCAL ? "one process" : "one process per rank",
                  c->world, c->rank, c->closed ? ", closed" : "");
  return 1;
}

static Comm *new_comm(lua_State *L, int kind, int world) {
  Comm *c = (Comm *)lua_newuserdatauv(L, sizeof *c, 0);
  memset(c, 0, sizeof *c);
  c->closed = 1; /* until everything is acquired */
  luaL_setmetatable(L, COMM_MT);
  c->kind = kind;
  c->world = world;
  return c;
}

static const char *backend_name(tlua_Device *d) { return tlua_device_backend(d)->name; }

static void nccl_join(lua_State *L, Comm *c, tlua_Device *d, const unsigned char *id) {
  char err[1024];
  if (tlua_nccl_comm_init(d, c->world, c->rank, id, c->timeout, &c->nccl, err, sizeof err))
    luaL_error(L, "dist: %s", err);
}

/* tl._dist_local(devices) */
static int l_local(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  int n = (int)luaL_len(L, 1);
  luaL_argcheck(L, n >= 1 && n <= MAX_LOCAL, 1, "1 to 64 devices");
  tlua_Device *d = tlua_state_device(L);
  Comm *c = new_comm(L, COMM_LOCAL, n);
  c->nlocal = n;
  for (int i = 0; i < n; i++) {
    lua_geti(L, 1, i + 1);
    c->devices[i] = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
  }
  c->timeout = 60;
  c->closed = 0;
  if (d && n == 1) {
    unsigned char id[TLUA_NCCL_ID_BYTES];
    char err[1024];
    d = tlua_state_device_at(L, c->devices[0]);
    if (tlua_nccl_unique_id(backend_name(d), id, err, sizeof err)) return luaL_error(L, "dist: %s", err);
    nccl_join(L, c, d, id);
  } else if (d) {
    tlua_Device *devs[MAX_LOCAL];
    tlua_NcclComm *comms[MAX_LOCAL];
    char err[1024];
    for (int k = 0; k < n; k++) devs[k] = tlua_state_device_at(L, c->devices[k]);
    if (tlua_nccl_comm_init_all(devs, n, comms, err, sizeof err)) return luaL_error(L, "dist: %s", err);
    c->nccl = comms[0];
    for (int k = 1; k < n; k++) c->more[k] = comms[k];
  }
  return 1;
}

/* tl._dist_process(rank, world, timeout, dir, id) */
static int l_process(lua_State *L) {
  int rank = (int)luaL_checkinteger(L, 1), world = (int)luaL_checkinteger(L, 2);
  double timeout = luaL_checknumber(L, 3);
  const char *dir = luaL_optstring(L, 4, NULL);
  size_t idlen = 0;
  const char *id = luaL_optlstring(L, 5, NULL, &idlen);
  luaL_argcheck(L, world >= 1 && rank >= 0 && rank < world, 1, "rank must be in 0..world-1");
  tlua_Device *d = tlua_state_device(L);
  Comm *c = new_comm(L, COMM_PROCESS, world);
  c->rank = rank;
  c->nlocal = 1;
  c->timeout = timeout;
  c->sent = (uint64_t *)calloc((size_t)world, sizeof *c->sent);
  c->recvd = (uint64_t *)calloc((size_t)world, sizeof *c->recvd);
  c->closed = 0;
  if (!c->sent || !c->recvd) return luaL_error(L, "dist: out of memory");
  if (dir && world > 1 && !d && tlua_is_sandboxed(L))
    return luaL_error(L, "dist: simulated processes exchange files in TILELUA_DIST_DIR, which the sandbox does not allow");
  if (dir) snprintf(c->dir, sizeof c->dir, "%s", dir);
  if (d) {
    c->devices[0] = tlua_device_ordinal(d);
    unsigned char own[TLUA_NCCL_ID_BYTES];
    char err[1024];
    if (!id) {
      if (world != 1) return luaL_error(L, "dist: a world of %d ranks needs the unique id of rank 0", world);
      if (tlua_nccl_unique_id(backend_name(d), own, err, sizeof err)) return luaL_error(L, "dist: %s", err);
    } else {
      luaL_argcheck(L, idlen == TLUA_NCCL_ID_BYTES, 5, "a unique id has 128 bytes");
      memcpy(own, id, TLUA_NCCL_ID_BYTES);
    }
    nccl_join(L, c, d, own);
  }
  return 1;
}

static int l_unique_id(lua_State *L) {
  tlua_Device *d = tlua_state_device(L);
  if (!d) return luaL_error(L, "dist.unique_id: the cpu backend has no NCCL (its simulated ranks meet in TILELUA_DIST_DIR)");
  unsigned char id[TLUA_NCCL_ID_BYTES];
  char err[1024];
  if (tlua_nccl_unique_id(backend_name(d), id, err, sizeof err)) return luaL_error(L, "dist: %s", err);
  lua_pushlstring(L, (const char *)id, sizeof id);
  return 1;
}

/* tl._dist_id_file(path, rank, timeout) */
static int l_id_file(lua_State *L) {
  const char *path = luaL_checkstring(L, 1);
  int rank = (int)luaL_checkinteger(L, 2);
  double timeout = luaL_checknumber(L, 3);
  unsigned char id[TLUA_NCCL_ID_BYTES];
  char err[1024];
  if (tlua_is_sandboxed(L))
    return luaL_error(L, "dist: TILELUA_NCCL_ID_FILE is a file, which the sandbox does not allow (use TILELUA_NCCL_ID)");
  if (rank == 0) {
    tlua_Device *d = tlua_state_device(L);
    if (!d) return luaL_error(L, "dist: the cpu backend has no NCCL unique id");
    if (tlua_nccl_unique_id(backend_name(d), id, err, sizeof err)) return luaL_error(L, "dist: %s", err);
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "wb");
    int ok = f && fwrite(id, 1, sizeof id, f) == sizeof id;
    if (f) ok = fclose(f) == 0 && ok;
    if (!ok || rename(tmp, path) != 0) return luaL_error(L, "dist: cannot write the unique id to %s: %s", path, strerror(errno));
  } else {
    struct timespec t0, t1, pause = {0, 10000000};
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (;;) {
      FILE *f = fopen(path, "rb");
      if (f) {
        size_t got = fread(id, 1, sizeof id, f);
        fclose(f);
        if (got == sizeof id) break;
      }
      clock_gettime(CLOCK_MONOTONIC, &t1);
      if ((double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec) > timeout)
        return luaL_error(L, "dist.init: timed out after %g s waiting for rank 0 to write the unique id to %s "
                          "(TILELUA_NCCL_ID_FILE; the limit is TILELUA_DIST_TIMEOUT or init{timeout=})", timeout, path);
      nanosleep(&pause, NULL);
    }
  }
  lua_pushlstring(L, (const char *)id, sizeof id);
  return 1;
}

static tlua_Tensor *slot(lua_State *L, int tbl, int i) {
  lua_geti(L, tbl, i + 1);
  tlua_Tensor *t = tlua_check_tensor(L, -1);
  lua_pop(L, 1); /* the table keeps it alive */
  return t;
}

static void host_in(lua_State *L, tlua_Tensor *t) {
  char err[TLUA_TENSOR_ERRLEN];
  if (tlua_tensor_sync_host(t, err)) luaL_error(L, "%s", err);
}

/* count as dist.h counts it for coll, from the input's element count */
static size_t call_count(int coll, int world, const tlua_Tensor *in) {
  size_t numel = (size_t)tlua_tensor_numel(in);
  return coll == TLUA_COLL_REDUCE_SCATTER ? numel / (size_t)world : numel;
}

/* in's and out's device copies current on their GPU (raises: call it before a group opens) */
static void nccl_prepare(lua_State *L, int coll, tlua_Tensor *in, tlua_Tensor *out) {
  tlua_Device *d = tlua_state_device_at(L, in->storage->device_index);
  char err[1024];
  if (tlua_device_prepare_storage(d, in->storage, err, sizeof err) ||
      tlua_device_prepare_storage(d, out->storage, err, sizeof err))
    luaL_error(L, "%s: %s", tlua_coll_name(coll), err);
}

/* one rank's NCCL call on prepared tensors; 1 + err on failure (raises nothing: it may be in a group) */
static int nccl_issue(tlua_NcclComm *nc, int world, int coll, tlua_Tensor *in, tlua_Tensor *out, int op, int root,
                      char *err, size_t n) {
  const void *s = (const char *)in->storage->device + in->offset;
  void *r = (char *)out->storage->device + out->offset;
  if (tlua_nccl_call(nc, coll, s, r, call_count(coll, world, in), in->dtype, op, root, err, n)) return 1;
  tlua_storage_device_written(out->storage);
  return 0;
}

static void run_nccl(lua_State *L, Comm *c, int coll, tlua_Tensor *in, tlua_Tensor *out, int op, int root) {
  char err[1024];
  nccl_prepare(L, coll, in, out);
  if (nccl_issue(c->nccl, c->world, coll, in, out, op, root, err, sizeof err)) luaL_error(L, "%s", err);
}

/* a collective of a local communicator over several GPUs: every rank's call in one NCCL group */
static void run_nccl_local(lua_State *L, Comm *c, int coll, int op, int root) {
  tlua_Tensor *tin[MAX_LOCAL], *tout[MAX_LOCAL];
  for (int k = 0; k < c->nlocal; k++) {
    tin[k] = slot(L, 3, k);
    tout[k] = slot(L, 4, k);
    nccl_prepare(L, coll, tin[k], tout[k]);
  }
  char err[1024], gerr[1024];
  if (tlua_nccl_group(c->nccl, 1, err, sizeof err)) luaL_error(L, "%s: %s", tlua_coll_name(coll), err);
  int failed = 0;
  for (int k = 0; k < c->nlocal && !failed; k++) {
    failed = nccl_issue(k ? c->more[k] : c->nccl, c->world, coll, tin[k], tout[k], op, root, err, sizeof err);
    if (failed && k > 0) c->broken = 1; /* ranks 0..k-1 wait for the others forever */
  }
  int closed = tlua_nccl_group(c->nccl, 0, gerr, sizeof gerr);
  if (failed) luaL_error(L, "%s", err);
  if (closed) luaL_error(L, "%s: %s", tlua_coll_name(coll), gerr);
}

/* tl._dist_call(comm, coll, ins, outs, op, root) */
static int l_call(lua_State *L) {
  Comm *c = check_comm(L, 1);
  int coll = (int)luaL_checkinteger(L, 2);
  luaL_checktype(L, 3, LUA_TTABLE);
  luaL_checktype(L, 4, LUA_TTABLE);
  int op = (int)luaL_optinteger(L, 5, 0), root = (int)luaL_optinteger(L, 6, 0);
  const char *what = tlua_coll_name(coll);
  if (c->nccl) {
    if (c->nlocal > 1) run_nccl_local(L, c, coll, op, root);
    else run_nccl(L, c, coll, slot(L, 3, 0), slot(L, 4, 0), op, root);
    c->seq++;
    return 0;
  }
  /* every tensor and its host copy first: nothing below raises until the buffers are freed */
  tlua_Tensor *tin[MAX_LOCAL], *tout[MAX_LOCAL];
  for (int k = 0; k < c->nlocal; k++) {
    tin[k] = slot(L, 3, k);
    tout[k] = slot(L, 4, k);
    host_in(L, tin[k]);
    host_in(L, tout[k]);
  }
  tlua_Tensor *first = tin[0];
  tlua_DType dt = first->dtype;
  size_t count = call_count(coll, c->world, first), es = tlua_dtype_info(dt)->size;
  size_t in_bytes = (size_t)tlua_tensor_numel(first) * es;
  size_t out_bytes = (coll == TLUA_COLL_ALL_GATHER ? (size_t)c->world : 1) * count * es;
  const void **ins = (const void **)calloc((size_t)c->world, sizeof *ins);
  void **all = NULL;
  void *tmp = malloc(out_bytes ? out_bytes * (size_t)c->nlocal : 1);
  if (!ins || !tmp) {
    free(ins);
    free(tmp);
    return luaL_error(L, "%s: out of memory", what);
  }
  char err[8192];
  int failed = 0;
  if (c->kind == COMM_LOCAL) {
    for (int r = 0; r < c->world; r++) ins[r] = tlua_tensor_data(tin[r]);
  } else {
    tlua_DistHeader h;
    memset(&h, 0, sizeof h);
    memcpy(h.magic, "TLDIST1", 8);
    h.coll = coll;
    h.dtype = (int32_t)dt;
    h.op = op;
    h.root = root;
    h.world = c->world;
    h.rank = c->rank;
    h.count = count;
    h.seq = c->seq;
    if (c->world == 1) {
      ins[0] = tlua_tensor_data(first);
    } else if (tlua_dist_sim_exchange(c->dir, &h, tlua_tensor_data(first), in_bytes, c->timeout, &all, err, sizeof err)) {
      failed = 1;
    } else {
      for (int r = 0; r < c->world; r++) ins[r] = all[r];
    }
  }
  if (!failed) {
    for (int k = 0; k < c->nlocal; k++)
      tlua_dist_reference(coll, dt, op, root, c->world, ins, count, c->kind == COMM_LOCAL ? k : c->rank,
                          (char *)tmp + (size_t)k * out_bytes);
    for (int k = 0; k < c->nlocal; k++) {
      memcpy(tlua_tensor_data(tout[k]), (char *)tmp + (size_t)k * out_bytes, out_bytes);
      tlua_tensor_host_written(tout[k]);
    }
  }
  c->seq++;
  tlua_dist_free_all(all, c->world);
  free(ins);
  free(tmp);
  if (failed) return luaL_error(L, "%s", err);
  return 0;
}

/* one message of a process communicator's simulated exchange: write it (send) or read it (recv) */
static void sim_p2p(lua_State *L, Comm *c, int send, tlua_Tensor *t, int peer) {
  char err[8192];
  host_in(L, t);
  tlua_DistHeader h;
  memset(&h, 0, sizeof h);
  memcpy(h.magic, "TLDIST1", 8);
  h.coll = send ? TLUA_COLL_SEND : TLUA_COLL_RECV;
  h.dtype = (int32_t)t->dtype;
  h.world = c->world;
  h.rank = c->rank;
  h.count = (uint64_t)tlua_tensor_numel(t);
  size_t nbytes = (size_t)tlua_tensor_numel(t) * tlua_tensor_elsize(t);
  if (send) {
    if (tlua_dist_sim_send(c->dir, &h, peer, c->sent[peer], tlua_tensor_data(t), nbytes, err, sizeof err))
      luaL_error(L, "%s", err);
    c->sent[peer]++;
  } else {
    if (tlua_dist_sim_recv(c->dir, &h, peer, c->recvd[peer], tlua_tensor_data(t), nbytes, c->timeout, err, sizeof err))
      luaL_error(L, "%s", err);
    tlua_tensor_host_written(t);
    c->recvd[peer]++;
  }
}

/* a send completes when its peer has received it */
static void sim_delivered(lua_State *L, Comm *c, int peer) {
  char err[8192];
  if (tlua_dist_sim_delivered(c->dir, c->rank, peer, c->sent[peer] - 1, c->timeout, err, sizeof err))
    luaL_error(L, "%s", err);
}

/* tl._dist_p2p(comm, "send"|"recv", t, peer) or (comm, "sendrecv", x, to, y, from): process
 * communicators. sendrecv issues both at once (an NCCL group), so ranks in a ring do not wait on
 * each other. */
static int l_p2p(lua_State *L) {
  Comm *c = check_comm(L, 1);
  const char *dir = luaL_checkstring(L, 2);
  int both = strcmp(dir, "sendrecv") == 0, send = strcmp(dir, "send") == 0;
  tlua_Tensor *t = tlua_check_tensor(L, 3);
  int peer = (int)luaL_checkinteger(L, 4);
  luaL_argcheck(L, c->kind == COMM_PROCESS && peer >= 0 && peer < c->world, 4, "peer out of range");
  tlua_Tensor *y = both ? tlua_check_tensor(L, 5) : NULL;
  int from = both ? (int)luaL_checkinteger(L, 6) : 0;
  luaL_argcheck(L, !both || (from >= 0 && from < c->world), 6, "peer out of range");
  if (c->nccl) {
    if (both) {
      /* everything that may raise before the group opens; inside it only the two calls */
      char err[1024], gerr[1024];
      nccl_prepare(L, TLUA_COLL_SEND, t, t);
      nccl_prepare(L, TLUA_COLL_RECV, y, y);
      if (tlua_nccl_group(c->nccl, 1, err, sizeof err)) return luaL_error(L, "sendrecv: %s", err);
      int failed = nccl_issue(c->nccl, c->world, TLUA_COLL_SEND, t, t, 0, peer, err, sizeof err);
      if (!failed) {
        failed = nccl_issue(c->nccl, c->world, TLUA_COLL_RECV, y, y, 0, from, err, sizeof err);
        if (failed) c->broken = 1; /* the send went into the group alone */
      }
      int closed = tlua_nccl_group(c->nccl, 0, gerr, sizeof gerr);
      if (failed) return luaL_error(L, "%s", err);
      if (closed) return luaL_error(L, "sendrecv: %s", gerr);
      return 0;
    }
    run_nccl(L, c, send ? TLUA_COLL_SEND : TLUA_COLL_RECV, t, t, 0, peer);
    return 0;
  }
  if (both) {
    sim_p2p(L, c, 1, t, peer);
    sim_p2p(L, c, 0, y, from);
    sim_delivered(L, c, peer);
  } else {
    sim_p2p(L, c, send, t, peer);
    if (send) sim_delivered(L, c, peer);
  }
  return 0;
}

static int l_close(lua_State *L) {
  comm_release((Comm *)luaL_checkudata(L, 1, COMM_MT));
  return 0;
}

/* tl._dist_nccl_version() -> version code, library ("nccl"/"rccl"); or nil, why */
static int l_nccl_version(lua_State *L) {
  tlua_Device *d = tlua_state_device(L);
  if (!d) {
    lua_pushnil(L);
    lua_pushstring(L, "the cpu backend simulates the collectives (no NCCL)");
    return 2;
  }
  int v;
  char err[1024];
  if (tlua_nccl_load(backend_name(d), &v, err, sizeof err)) {
    lua_pushnil(L);
    lua_pushstring(L, err);
    return 2;
  }
  lua_pushinteger(L, v);
  lua_pushstring(L, strcmp(backend_name(d), "hip") == 0 ? "rccl" : "nccl");
  return 2;
}

static const luaL_Reg funcs[] = {{"_dist_local", l_local},   {"_dist_process", l_process},
                                 {"_dist_unique_id", l_unique_id}, {"_dist_id_file", l_id_file},
                                 {"_dist_call", l_call},     {"_dist_p2p", l_p2p},
                                 {"_dist_close", l_close},   {"_dist_nccl_version", l_nccl_version},
                                 {NULL, NULL}};

void tlua_open_dist(lua_State *L) {
  luaL_newmetatable(L, COMM_MT);
  lua_pushcfunction(L, comm_gc);
  lua_setfield(L, -2, "__gc");
  lua_pushcfunction(L, comm_gc);
  lua_setfield(L, -2, "__close");
  lua_pushcfunction(L, comm_tostring);
  lua_setfield(L, -2, "__tostring");
  lua_pop(L, 1);
  luaL_setfuncs(L, funcs, 0);
}
