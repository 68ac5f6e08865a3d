/* nccl.h - NCCL (NVIDIA) and RCCL (AMD, the same API) loaded at run time: communicators and the
 * collectives of dist.h on device buffers.
 *
 * The library is dlopen'd on first use and never linked; its types are declared in nccl.c by shape.
 * NCCL: $TILELUA_LIBNCCL, libnccl.so.2, libnccl.so, then the copy pip's nvidia-nccl-cu* wheels put
 * under <prefix>/lib/python3.X/{site,dist}-packages/nvidia/nccl/lib. RCCL: $TILELUA_LIBRCCL,
 * librccl.so.1, librccl.so, /opt/rocm/lib/librccl.so.1. Before the first call NCCL_NVLS_ENABLE=0 is
 * put into the environment when it is unset (NVLink multicast stays off; a value already there is
 * never changed).
 *
 * Streams: every call goes on the device's default stream, the one kernels are launched on, so a
 * collective is ordered after the launches before it and before the copies after it. Each call makes
 * its communicator's device current first, so one thread may drive the communicators of several
 * GPUs (tlua_nccl_comm_init_all), their calls of one collective between ncclGroupStart and End.
 *
 * Errors: 0 on success, nonzero with a message in err naming the call and NCCL's own text. */
#ifndef TLUA_NCCL_H
#define TLUA_NCCL_H

#include <stddef.h>

#include "backend.h"
#include "dtype.h"
#include "tlua.h"

#define TLUA_NCCL_ID_BYTES 128

typedef struct tlua_NcclComm tlua_NcclComm;

/* Loads the library of backend `backend` ("cuda" -> NCCL, "hip" -> RCCL); *version gets its version
 * code (22703 = 2.27.3). Cheap after the first call. */
TLUA_HIDDEN int tlua_nccl_load(const char *backend, int *version, char *err, size_t n);
/* A new unique id (rank 0 makes it and shares it with the others). */
TLUA_HIDDEN int tlua_nccl_unique_id(const char *backend, unsigned char id[TLUA_NCCL_ID_BYTES], char *err, size_t n);
/* Joins communicator `id` as `rank` of `world` on device d. Waits at most timeout seconds for the
 * other ranks: past that the error says so (NCCL's own init thread is then left waiting). */
TLUA_HIDDEN int tlua_nccl_comm_init(tlua_Device *d, int world, int rank, const unsigned char id[TLUA_NCCL_ID_BYTES],
                                    double timeout, tlua_NcclComm **out, char *err, size_t n);
/* One communicator per device of devs (rank k on devs[k]), all driven by this thread
 * (ncclCommInitAll); out[k] gets rank k's. Their collectives go together in a group
 * (tlua_nccl_group). */
TLUA_HIDDEN int tlua_nccl_comm_init_all(tlua_Device *const *devs, int count, tlua_NcclComm **out, char *err, size_t n);
TLUA_HIDDEN void tlua_nccl_comm_free(tlua_NcclComm *c);

/* One collective (dist.h's tlua_Coll) of count elements (as dist.h counts them) between device
 * buffers; peer is the root (broadcast) or the other rank (send, recv). */
TLUA_HIDDEN int tlua_nccl_call(tlua_NcclComm *c, int coll, const void *send, void *recv, size_t count,
                               tlua_DType dt, int op, int peer, char *err, size_t n);
TLUA_HIDDEN int tlua_nccl_group(tlua_NcclComm *c, int start, char *err, size_t n);

#endif
