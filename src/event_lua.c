/* event_lua.c - events: points in a device's stream of work, to order work across devices without a
 * host wait and to time it on the device.
 *
 *   tl.event([device]) -> Event    recorded now on the device's stream (default: the current device),
 *                                   after every launch, copy and collective already queued there
 *   e:wait([device])                that device's later work waits for e (the host does not)
 *   e:synchronize()                 the host waits until e has happened
 *   e:elapsed(e2) -> seconds        device time from e to e2, both of one device (waits for e2)
 *   e:device() -> index
 *
 * On the cpu backend work runs when it is issued: an event is the host clock at its recording, wait
 * and synchronize have nothing to wait for, elapsed is the difference of the clocks. */
#include <lauxlib.h>
#include <lua.h>
#include <time.h>

#include "backend.h"
#include "bindings_lua.h"
#include "devices_lua.h"

#define EVENT_MT "tilelua.Event"

typedef struct Event {
  tlua_Device *d; /* retained; NULL on the cpu backend */
  void *ev;
  int device;
  double host; /* cpu backend: the clock at recording */
} Event;

static double host_clock(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int device_arg(lua_State *L, int idx, const char *who) {
  return lua_isnoneornil(L, idx) ? tlua_current_device(L) : tlua_check_device_index(L, idx, who);
}

static int l_event(lua_State *L) {
  int dev = device_arg(L, 1, "event");
  tlua_Device *d = tlua_state_device(L) ? tlua_state_device_at(L, dev) : NULL;
  Event *e = (Event *)lua_newuserdatauv(L, sizeof *e, 0);
  e->d = NULL;
  e->ev = NULL;
  e->device = dev;
  e->host = host_clock();
  luaL_setmetatable(L, EVENT_MT);
  if (d) {
    char err[512];
    if (tlua_device_event_record(d, &e->ev, err, sizeof err)) return luaL_error(L, "event: %s", err);
    tlua_device_retain(d);
    e->d = d;
  }
  return 1;
}

static Event *check_event(lua_State *L, int idx) { return (Event *)luaL_checkudata(L, idx, EVENT_MT); }

static int l_wait(lua_State *L) {
  Event *e = check_event(L, 1);
  int dev = device_arg(L, 2, "event:wait");
  char err[512];
  if (e->d && tlua_device_event_wait(tlua_state_device_at(L, dev), e->ev, err, sizeof err))
    return luaL_error(L, "event:wait: %s", err);
  lua_settop(L, 1);
  return 1;
}

static int l_synchronize(lua_State *L) {
  Event *e = check_event(L, 1);
  char err[512];
  if (e->d && tlua_device_event_sync(e->d, e->ev, err, sizeof err)) return luaL_error(L, "event:synchronize: %s", err);
  lua_settop(L, 1);
  return 1;
}

static int l_elapsed(lua_State *L) {
  Event *a = check_event(L, 1), *b = check_event(L, 2);
  if (a->device != b->device)
    return luaL_error(L, "event:elapsed: the events are on devices %d and %d: time between events of one device",
                      a->device, b->device);
  double s = b->host - a->host;
  char err[512];
  if (a->d && (tlua_device_event_sync(b->d, b->ev, err, sizeof err) ||
               tlua_device_event_elapsed(a->d, a->ev, b->ev, &s, err, sizeof err)))
    return luaL_error(L, "event:elapsed: %s", err);
  lua_pushnumber(L, s);
  return 1;
}

static int l_device(lua_State *L) {
  lua_pushinteger(L, check_event(L, 1)->device);
  return 1;
}

static int l_gc(lua_State *L) {
  Event *e = check_event(L, 1);
  if (e->d) {
    tlua_device_event_free(e->d, e->ev);
    tlua_device_release(e->d);
  }
  e->d = NULL;
  e->ev = NULL;
  return 0;
}

static int l_tostring(lua_State *L) {
  Event *e = check_event(L, 1);
  lua_pushfstring(L, "Event{device=%d}", e->device);
  return 1;
}

void tlua_open_events(lua_State *L) {
  static const luaL_Reg methods[] = {{"wait", l_wait},       {"synchronize", l_synchronize}, {"elapsed", l_elapsed},
                                     {"device", l_device},   {NULL, NULL}};
  luaL_newmetatable(L, EVENT_MT);
  luaL_newlib(L, methods);
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, l_gc);
  lua_setfield(L, -2, "__gc");
  lua_pushcfunction(L, l_tostring);
  lua_setfield(L, -2, "__tostring");
  lua_pop(L, 1);
  lua_pushcfunction(L, l_event);
  lua_setfield(L, -2, "event");
}
