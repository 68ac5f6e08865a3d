/* backend_driver_memory.c - the cuda and hip backends' device memory: the ops a device's storages call (uploads,
 * downloads, clears, frees into a pool of buffers kept a launch stream), allocation, wrapping an application's
 * buffers, peer copies, and the order of the legacy default stream's work before an application stream's.
 * The backends' tables, devices and kernels are backend_driver.c's. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "backend_driver_impl.h"

/* --- tensor storage memory ops --------------------------------------------------------------- */

/* The legacy default stream, which the copies below use (but a clear or an upload on an application's stream, where
 * the driver has their stream forms: on_app_stream), does not wait for an application's non-blocking stream: wait
 * for the stream of the last launch first. */
int tlua_drv_wait_launches(tlua_Device *d, char *err, size_t n) {
  if (!d->last_stream) return 0;
  void *st = d->last_stream;
  d->last_stream = NULL;
  return tlua_drv_check(d, d->api->stream_sync(st), "wait for the launch stream", err, n);
}

/* Work put on the legacy default stream (a launch, a clear, an upload, a peer copy): not waited for on the host */
void tlua_drv_mark_legacy(tlua_Device *d) {
  d->legacy_busy = 1;
  d->legacy_gen++;
}

/* The legacy stream's work waited for on the host: nothing of it is left to order */
void tlua_drv_legacy_done(tlua_Device *d) {
  d->legacy_busy = 0;
  d->next_ordered = 0;
  memset(d->ordered, 0, sizeof d->ordered);
}

/* Stream `to` ordered after the work issued so far on stream `from` (NULL: the legacy default stream), without a host
 * wait: `to` waits for an event recorded on `from` (one event a device, recorded again each time: a stream's wait
 * takes the event as it was recorded when the wait is issued). Where the driver has no events: a host wait for `from`
 * (*waited set). */
static int order_after(tlua_Device *d, void *from, void *to, int *waited, char *err, size_t n) {
  Api *a = d->api;
  *waited = 0;
  if (!a->ev_create || !a->ev_record || !a->ev_wait || !a->ev_destroy) {
    *waited = 1;
    return tlua_drv_check(d, a->stream_sync(from), "wait for a stream", err, n);
  }
  if (!d->order_ev) {
    void *ev = NULL;
    /* (flags 2: CU_EVENT_DISABLE_TIMING, hipEventDisableTiming: the cheaper form, for ordering alone) */
    if (tlua_drv_check(d, a->ev_create(&ev, 2), "create an event", err, n)) return 1;
    d->order_ev = ev;
  }
  return tlua_drv_check(d, a->ev_record(d->order_ev, from), "record an event", err, n) ||
         tlua_drv_check(d, a->ev_wait(to, d->order_ev, 0), "order a stream after another", err, n);
}

/* Before a launch, clear or upload on an application's stream (tlua_device_set_stream): a non-blocking stream is not
 * ordered after the legacy default stream, so the legacy stream's work (legacy_busy) is ordered before it, once a
 * stream for each new mark: a buffer cleared or uploaded there, or a launch there whose buffers the pool may hand on;
 * and for a clear or an upload (all_streams) the last launch's stream too if it is another application stream (its
 * work on a buffer the pool may hand on). A launch is not ordered after another application stream's launches: that
 * is the application's to order, as torch's streams are. A stream under capture (a CUDA graph) is left as it is: a
 * captured stream may not wait for work outside the capture, and the graph's launches are ordered by the
 * application. */
int tlua_drv_app_stream_ready(tlua_Device *d, int all_streams, char *err, size_t n) {
  void *st = d->stream;
  int legacy = d->legacy_busy;
  for (int i = 0; i < 4 && legacy; i++) legacy = !(d->ordered[i].stream == st && d->ordered[i].gen == d->legacy_gen);
  int other = all_streams && d->last_stream && d->last_stream != st;
  if (!legacy && !other) return 0;
  int status = 0;
  if (d->api->is_capturing && d->api->is_capturing(st, &status) == 0 && status != 0) return 0;
  int waited;
  if (legacy) {
    if (order_after(d, NULL, st, &waited, err, n)) return 1;
    if (waited) {
      tlua_drv_legacy_done(d);
    } else {
      d->ordered[d->next_ordered].stream = st;
      d->ordered[d->next_ordered].gen = d->legacy_gen;
      d->next_ordered = (d->next_ordered + 1) % 4;
    }
  }
  if (other) {
    if (order_after(d, d->last_stream, st, &waited, err, n)) return 1;
    d->last_stream = st; /* (a copy back waits for this stream, which now comes after that one) */
  }
  return 0;
}

/* A clear or an upload on the legacy stream would not be ordered before a non-blocking application stream's next
 * launch: on an application's stream they go on that stream instead, after what it holds
 * (tlua_drv_app_stream_ready), where the driver has their stream forms (have). 1: they go on the application's
 * stream (with *failed set where ordering it failed). */
static int on_app_stream(tlua_Device *d, int have, char *err, size_t n, int *failed) {
  *failed = 0;
  if (!d->stream || !have) return 0;
  *failed = tlua_drv_app_stream_ready(d, 1, err, n);
  return 1;
}

static int dm_upload(void *ctx, void *device, const void *host, size_t nbytes, char *err) {
  tlua_Device *d = (tlua_Device *)ctx;
  if (tlua_drv_usable(d, err, TLUA_TENSOR_ERRLEN) || tlua_drv_current(d, err, TLUA_TENSOR_ERRLEN)) return 1;
  int failed;
  if (on_app_stream(d, d->api->htod_async != NULL, err, TLUA_TENSOR_ERRLEN, &failed)) {
    if (failed || tlua_drv_check(d, d->api->htod_async(device, host, nbytes, d->stream), "copy to the device", err,
                        TLUA_TENSOR_ERRLEN))
      return 1;
    /* (then waited for: the host buffer may be the application's own, pinned, which the copy reads as it runs) */
    d->last_stream = d->stream;
    return tlua_drv_wait_launches(d, err, TLUA_TENSOR_ERRLEN);
  }
  if (tlua_drv_wait_launches(d, err, TLUA_TENSOR_ERRLEN)) return 1;
  tlua_drv_mark_legacy(d); /* (from pageable memory the copy may return before its transfer is done) */
  return tlua_drv_check(d, d->api->htod(device, host, nbytes), "copy to the device", err, TLUA_TENSOR_ERRLEN);
}

static int dm_download(void *ctx, void *host, const void *device, size_t nbytes, char *err) {
  tlua_Device *d = (tlua_Device *)ctx;
  if (tlua_drv_usable(d, err, TLUA_TENSOR_ERRLEN) || tlua_drv_current(d, err, TLUA_TENSOR_ERRLEN) ||
      tlua_drv_wait_launches(d, err, TLUA_TENSOR_ERRLEN))
    return 1;
  return tlua_drv_check(d, d->api->dtoh(host, device, nbytes), "copy from the device", err, TLUA_TENSOR_ERRLEN);
}

static int dm_zero(void *ctx, void *device, size_t nbytes, char *err) {
  tlua_Device *d = (tlua_Device *)ctx;
  if (tlua_drv_usable(d, err, TLUA_TENSOR_ERRLEN) || tlua_drv_current(d, err, TLUA_TENSOR_ERRLEN)) return 1;
  int failed;
  if (on_app_stream(d, d->api->memset8_async != NULL, err, TLUA_TENSOR_ERRLEN, &failed)) {
    /* (no host wait: the clear is in the stream's order; a copy to or from the host waits for it) */
    if (failed || tlua_drv_check(d, d->api->memset8_async(device, 0, nbytes, d->stream), "clear device memory", err,
                        TLUA_TENSOR_ERRLEN))
      return 1;
    d->last_stream = d->stream;
    return 0;
  }
  if (tlua_drv_wait_launches(d, err, TLUA_TENSOR_ERRLEN)) return 1;
  tlua_drv_mark_legacy(d); /* (the clear does not wait for itself on the host) */
  return tlua_drv_check(d, d->api->memset8(device, 0, nbytes), "clear device memory", err, TLUA_TENSOR_ERRLEN);
}

static void dm_free(void *ctx, void *device, size_t nbytes, void *stream) {
  tlua_Device *d = (tlua_Device *)ctx;
  size_t keep = tlua_drv_pool_size(nbytes ? nbytes : 1);
  void *evicted = NULL;
  pthread_mutex_lock(&d->lock);
  int pooled = !d->broken && stream != MIXED_STREAMS && d->npool < POOL_MAX && d->pool_bytes + keep <= POOL_BYTES;
  if (pooled) {
    d->pool[d->npool].ptr = device;
    d->pool[d->npool].n = keep;
    d->pool[d->npool].stream = stream;
    d->npool++;
    d->pool_bytes += keep;
  } else if (!d->broken && stream != MIXED_STREAMS) {
    /* the pool full: a buffer of another stream (one no allocation on this stream can take) makes room, so that
     * buffers a stream no longer allocates on do not keep the rest from the pool */
    for (int i = 0; i < d->npool && !pooled; i++) {
      if (d->pool[i].stream != stream && d->pool_bytes - d->pool[i].n + keep <= POOL_BYTES) {
        evicted = d->pool[i].ptr;
        d->pool_bytes = d->pool_bytes - d->pool[i].n + keep;
        d->pool[i].ptr = device;
        d->pool[i].n = keep;
        d->pool[i].stream = stream;
        pooled = 1;
      }
    }
  }
  d->bytes -= nbytes;
  pthread_mutex_unlock(&d->lock);
  void *to_free = pooled ? evicted : device;
  if (to_free && !d->broken && tlua_drv_current(d, NULL, 0) == 0) d->api->free_(to_free);
  tlua_device_release(d);
}

static void dm_unref(void *ctx) { tlua_device_release((tlua_Device *)ctx); }

/* d's storages' memory ops (d->devmem) */
void tlua_drv_memory_init(tlua_Device *d) {
  d->devmem.upload = dm_upload;
  d->devmem.download = dm_download;
  d->devmem.free = dm_free;
  d->devmem.zero = dm_zero;
  d->devmem.unref = dm_unref;
}

void tlua_drv_pool_drain(tlua_Device *d) {
  for (int i = 0; i < d->npool; i++)
    if (!d->broken) d->api->free_(d->pool[i].ptr);
  d->npool = 0;
  d->pool_bytes = 0;
}

int tlua_device_collect_due(tlua_Device *d, size_t nbytes) {
  size_t want = tlua_drv_pool_size(nbytes ? nbytes : 1);
  int due = 1;
  pthread_mutex_lock(&d->lock);
  for (int i = 0; i < d->npool && due; i++) due = d->pool[i].n != want || d->pool[i].stream != d->stream;
  if (due && d->fresh + want >= POOL_BYTES / 2) {
    due = 2;
    d->fresh = 0;
  }
  pthread_mutex_unlock(&d->lock);
  return due;
}

int tlua_device_alloc(tlua_Device *d, size_t nbytes, void **ptr, char *err, size_t n) {
  *ptr = NULL;
  if (tlua_drv_usable(d, err, n) || tlua_drv_current(d, err, n)) return 1;
  size_t want = tlua_drv_pool_size(nbytes ? nbytes : 1);
  pthread_mutex_lock(&d->lock);
  for (int i = d->npool - 1; i >= 0; i--) {
    if (d->pool[i].n == want && d->pool[i].stream == d->stream) {
      *ptr = d->pool[i].ptr;
      d->pool_bytes -= want;
      d->pool[i] = d->pool[--d->npool];
      pthread_mutex_unlock(&d->lock);
      return 0;
    }
  }
  d->fresh += want;
  pthread_mutex_unlock(&d->lock);
  int rc = d->api->alloc(ptr, want);
  if (rc && !tlua_drv_fatal(rc) && d->npool > 0) { /* give the cached buffers back and try once more */
    pthread_mutex_lock(&d->lock);
    tlua_drv_pool_drain(d);
    pthread_mutex_unlock(&d->lock);
    rc = d->api->alloc(ptr, want);
  }
  if (rc) {
    char b[256];
    *ptr = NULL;
    if (tlua_drv_fatal(rc)) return tlua_drv_check(d, rc, "allocate device memory", err, n);
    return tlua_errorf(1, err, n, "%s: cannot allocate %zu bytes of device memory (%zu in use by tilelua): %s",
                       d->backend->name, nbytes, d->bytes, tlua_drv_errtext(d->api, rc, b, sizeof b));
  }
  return 0;
}

int tlua_device_prepare_storage(tlua_Device *d, tlua_Storage *s, char *err, size_t n) {
  char terr[TLUA_TENSOR_ERRLEN];
  if (s->device && s->devmem && s->devmem->ctx != d)
    return tlua_errorf(1, err, n, "%s: the tensor lives on another device", d->backend->name);
  if (!s->device) {
    void *p;
    if (tlua_device_alloc(d, s->nbytes, &p, err, n)) return 1;
    tlua_device_retain(d);
    pthread_mutex_lock(&d->lock);
    d->bytes += s->nbytes;
    pthread_mutex_unlock(&d->lock);
    if (tlua_storage_attach_device(s, p, &d->devmem, terr)) {
      /* attach failed: the storage did not take the buffer */
      dm_free(d, p, s->nbytes, d->stream);
      return tlua_errorf(1, err, n, "%s", terr);
    }
    s->device_stream = d->stream;
    return 0;
  }
  /* used on a stream other than its own: its work is on two streams, which the pool cannot tell apart, so it goes
   * back to the driver when freed (cuMemFree waits for the device) */
  if (s->device_stream != d->stream && s->devmem == &d->devmem) s->device_stream = MIXED_STREAMS;
  if (tlua_storage_sync_device(s, terr)) return tlua_errorf(1, err, n, "%s", terr);
  return 0;
}

typedef int (*fn_peer_cuda)(uint64_t, void *, uint64_t, void *, size_t);
typedef int (*fn_peer_hip)(void *, int, const void *, int, size_t);

int tlua_device_copy_peer(tlua_Device *dst, void *dptr, tlua_Device *src, const void *sptr, size_t nbytes, char *err,
                          size_t n) {
  if (tlua_drv_usable(src, err, n) || tlua_drv_usable(dst, err, n)) return 1;
  if (!src->api->peer) return tlua_errorf(1, err, n, "%s: the driver has no peer copy", src->backend->name);
  /* both legacy default streams are serialized with it; an application's streams are not */
  if (tlua_drv_current(src, err, n) || tlua_drv_wait_launches(src, err, n) || tlua_drv_current(dst, err, n) ||
      tlua_drv_wait_launches(dst, err, n))
    return 1;
  int rc = src->api->v->cuda
               ? ((fn_peer_cuda)src->api->peer)((uint64_t)(uintptr_t)dptr, dst->ctx, (uint64_t)(uintptr_t)sptr,
                                                src->ctx, nbytes)
               : ((fn_peer_hip)src->api->peer)(dptr, dst->ordinal, sptr, src->ordinal, nbytes);
  tlua_drv_mark_legacy(src); /* (a copy between devices need not wait for itself on the host) */
  tlua_drv_mark_legacy(dst);
  return tlua_drv_check(dst, rc, "copy between devices", err, n);
}

size_t tlua_device_bytes_in_use(const tlua_Device *d) { return d->bytes; }

int tlua_device_wrap_storage(tlua_Device *d, tlua_Storage *s, void *ptr, char *err, size_t n) {
  if (tlua_drv_usable(d, err, n)) return 1;
  uintptr_t p = (uintptr_t)ptr;
  int known = 0;
  for (int i = 0; i < 8 && !known; i++) known = p >= d->checked[i].lo && p < d->checked[i].hi;
  if (d->api->ptr_attr && ptr && !known) {
    /* CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL (9): refuses host memory and other GPUs' memory here
     * rather than as a fault inside a kernel; the allocation's range (RANGE_START_ADDR 11,
     * RANGE_SIZE 12) is remembered so that later tensors in it skip the question */
    int ordinal = -1, rc = d->api->ptr_attr(&ordinal, 9, ptr);
    if (rc) {
      char b[256];
      return tlua_errorf(1, err, n, "%s: %p is not device memory the driver knows (%s)", d->backend->name, ptr,
                         tlua_drv_errtext(d->api, rc, b, sizeof b));
    }
    if (ordinal != d->ordinal)
      return tlua_errorf(1, err, n, "%s: the buffer at %p is on device %d, tilelua runs on device %d",
                         d->backend->name, ptr, ordinal, d->ordinal);
    uint64_t start = 0;
    size_t size = 0;
    if (d->api->ptr_attr(&start, 11, ptr) == 0 && d->api->ptr_attr(&size, 12, ptr) == 0 && size) {
      d->checked[d->next_checked].lo = (uintptr_t)start;
      d->checked[d->next_checked].hi = (uintptr_t)start + size;
      d->next_checked = (d->next_checked + 1) % 8;
    }
  }
  tlua_device_retain(d);
  tlua_storage_wrap_device(s, ptr, &d->devmem);
  return 0;
}

int tlua_device_ordinal(const tlua_Device *d) { return d->ordinal; }

void *tlua_device_stream(const tlua_Device *d) { return d->stream; }

void *tlua_device_set_stream(tlua_Device *d, void *stream) {
  void *old = d->stream;
  d->stream = stream;
  return old;
}

int tlua_device_sync_stream(tlua_Device *d, char *err, size_t n) {
  if (tlua_drv_usable(d, err, n) || tlua_drv_current(d, err, n)) return 1;
  /* (only this stream's work is waited for: a last stream that is another stays to be waited for) */
  if (d->last_stream == d->stream) d->last_stream = NULL;
  if (!d->stream) tlua_drv_legacy_done(d);
  return tlua_drv_check(d, d->api->stream_sync(d->stream), "synchronize the stream", err, n);
}
