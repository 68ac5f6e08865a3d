/* tilelua_module.c - tilelua._tilelua: the CPython binding of the public C API (tilelua.h).
 *
 *   State(backend=None)        a tlua_State; .exec(code[, name]), .run(path), .kernel(name),
 *                              .call(path, *args, **opts), .synchronize(), .backend
 *   Kernel                     k(grid, *args, stream=None): a launch, zero-copy on the arrays
 *   Array                      a tensor tilelua made, handed out through __dlpack__
 *   Error                      a script error: .script and .line name the failing line
 *
 * Arrays in. Anything with __dlpack__ (NumPy, CuPy, PyTorch, JAX...) or a raw "dltensor" capsule is
 * imported through DLPack (tlua_tensor_from_dlpack); torch tensors take a shorter path through their
 * own accessors (data_ptr, shape, stride, dtype, device), as Triton's launcher does, because their
 * __dlpack__ is Python code that costs more than a launch. Either way the kernel uses the array's
 * memory in place. The stream is the caller's: `stream=` (an int, or an object with .cuda_stream or
 * .ptr), else torch's or CuPy's current stream for their arrays, else the legacy default stream.
 *
 * Threads. Each State has a lock; calls release the GIL while they hold it (launches, compiles,
 * scripts). DLPack deleters of imported arrays may need the GIL (NumPy's does): when tilelua drops
 * an array where the GIL is not held, the deleter is queued and run at the end of the next call. */
#define PY_SSIZE_T_CLEAN
/* the stable ABI of Python 3.11: one build runs on 3.11, 3.12 and later */
#define Py_LIMITED_API 0x030B0000
#include <Python.h>
#include <pythread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <dlpack/dlpack.h>
#include <lauxlib.h>
#include <lua.h>

#include "tilelua.h"
#include "../src/prof.h"

#define MAX_ARGS 64

static PyObject *Error; /* tilelua.Error */

static const char *utf8(PyObject *o) { return PyUnicode_AsUTF8AndSize(o, NULL); }

/* --- deferred DLPack deleters ------------------------------------------------------------------ */

typedef struct Shim {
  DLManagedTensor m;        /* what tilelua owns: a copy of the producer's dl_tensor */
  DLManagedTensor *orig;    /* the producer's, deleted with the GIL held */
  struct Shim *next;
} Shim;

static PyThread_type_lock pending_lock;
static Shim *pending;

/* set while this thread runs tilelua with the GIL released (LOCKED_BEGIN .. LOCKED_END) */
static _Thread_local int gil_released;

static void shim_deleter(DLManagedTensor *m) {
  Shim *s = (Shim *)m->manager_ctx;
  if (!gil_released) {
    if (s->orig->deleter) s->orig->deleter(s->orig);
    PyMem_Free(s);
    return;
  }
  PyThread_acquire_lock(pending_lock, WAIT_LOCK);
  s->next = pending;
  __atomic_store_n(&pending, s, __ATOMIC_RELEASE);
  PyThread_release_lock(pending_lock);
}

static void drain_pending(void) {
  /* (every launch passes here: the lock only when a deleter was queued; one queued as this reads
   * is run at the end of the next call) */
  if (!__atomic_load_n(&pending, __ATOMIC_ACQUIRE)) return;
  PyThread_acquire_lock(pending_lock, WAIT_LOCK);
  Shim *s = pending;
  __atomic_store_n(&pending, NULL, __ATOMIC_RELEASE);
  PyThread_release_lock(pending_lock);
  while (s) {
    Shim *next = s->next;
    if (s->orig->deleter) s->orig->deleter(s->orig);
    PyMem_Free(s);
    s = next;
  }
}

/* --- State ------------------------------------------------------------------------------------- */

/* Tensors wrapped over torch's device memory, kept for the next launches (Kernel calls only) on
 * the same view (a wrap and its free cost about 0.25 us a tensor, a twentieth of a launch). An entry
 * describes memory, it holds none: it is used again only for a description equal in every field,
 * given by a caller who holds that memory now, and then the caller's device bytes are the truth
 * again (a host copy tilelua made since is dropped: torch may have written the memory). Host
 * memory is never kept (its launch mirrors it on the device). The least recently used entry makes
 * room, never one the same call uses. */
#define WRAP_CACHE 8
typedef struct Wrapped {
  tlua_TensorDesc desc;
  tlua_Tensor *t;       /* NULL: free entry */
  unsigned long long used; /* the call (StateObject.calls) that last used it */
} Wrapped;

typedef struct {
  PyObject_HEAD
  tlua_State *T;
  PyThread_type_lock lock;
  Wrapped wrapped[WRAP_CACHE]; /* guarded by lock */
  unsigned long long calls;    /* make_tensors calls that may keep wraps (guarded by lock) */
  int gpu;           /* the backend is cuda or hip */
  int ordinal;       /* the state's GPU (the one the C API takes tensors of), -1 when not known */
  void *last_stream; /* where the last launch went */
  PyObject *backend; /* str */
} StateObject;

typedef struct {
  PyObject_HEAD
  StateObject *state;
  tlua_Kernel *k;
  PyObject *name;
} KernelObject;

typedef struct {
  PyObject_HEAD
  StateObject *state;
  tlua_Tensor *t;
} ArrayObject;

static PyTypeObject *StateType, *KernelType, *ArrayType; /* heap types (the stable ABI has no static ones) */

static void free_object(PyObject *self) {
  PyTypeObject *tp = Py_TYPE(self);
  PyObject_Free(self);
  Py_DECREF(tp);
}

/* bench/py_launch.py's profile of a launch (src/prof.h; a normal build has no marks) */
#if TLUA_PROF_ON
unsigned long long tlua_prof_ticks[TLUA_PROF_MARKS], tlua_prof_last;
static unsigned long long prof_calls;
static PyObject *profile_read(PyObject *self, PyObject *unused) {
  (void)self, (void)unused;
  PyObject *l = PyList_New(TLUA_PROF_MARKS);
  for (int i = 0; l && i < TLUA_PROF_MARKS; i++) PyList_SetItem(l, i, PyLong_FromUnsignedLongLong(tlua_prof_ticks[i]));
  return Py_BuildValue("(KNK)", prof_calls, l, __rdtsc());
}
#define PROF_START() (prof_calls++, tlua_prof_last = __rdtsc())
#else
#define PROF_START() ((void)0)
#endif
#define PROF(i) TLUA_PROF(i)

#define LOCKED_BEGIN(st) Py_BEGIN_ALLOW_THREADS gil_released = 1; PyThread_acquire_lock((st)->lock, WAIT_LOCK);
#define LOCKED_END(st) PyThread_release_lock((st)->lock); gil_released = 0; Py_END_ALLOW_THREADS drain_pending();

/* Raises tilelua.Error (script errors: "file:line: message" gives .script and .line) or the Python
 * exception that fits the status. */
static PyObject *raise_status(StateObject *st, int status, const char *msg) {
  if (!msg) msg = tlua_errmsg(st->T);
  PyObject *type = status == TLUA_ERRARG || status == TLUA_ERRTYPE ? PyExc_TypeError
                   : status == TLUA_ERRMEM                          ? PyExc_MemoryError
                   : status == TLUA_ERRFILE                         ? PyExc_OSError
                                                                    : Error;
  if (status == TLUA_ERRARG && strstr(msg, "dlpack:")) type = PyExc_ValueError;
  if (type != Error) {
    PyErr_SetString(type, msg);
    return NULL;
  }
  PyObject *exc = PyObject_CallFunction(Error, "s", msg);
  if (!exc) return NULL;
  /* the first "name:123:" is the script position (a traceback follows it) */
  const char *line_end = strchr(msg, '\n');
  size_t len = line_end ? (size_t)(line_end - msg) : strlen(msg);
  PyObject *script = Py_None, *line = Py_None;
  Py_INCREF(script);
  Py_INCREF(line);
  for (size_t i = 0; i < len; i++) {
    if (msg[i] != ':' || i + 1 >= len || msg[i + 1] < '0' || msg[i + 1] > '9') continue;
    size_t j = i + 1;
    while (j < len && msg[j] >= '0' && msg[j] <= '9') j++;
    if (j < len && msg[j] == ':') {
      size_t start = i;
      while (start > 0 && msg[start - 1] != ' ') start--;
      Py_DECREF(script);
      Py_DECREF(line);
      script = PyUnicode_FromStringAndSize(msg + start, (Py_ssize_t)(i - start));
      line = PyLong_FromLong(strtol(msg + i + 1, NULL, 10));
      break;
    }
  }
  PyObject_SetAttrString(exc, "script", script ? script : Py_None);
  PyObject_SetAttrString(exc, "line", line ? line : Py_None);
  Py_XDECREF(script);
  Py_XDECREF(line);
  PyErr_SetObject(Error, exc);
  Py_DECREF(exc);
  return NULL;
}

/* The ordinal of the state's GPU (tl._process_gpu), -1 when it cannot be read. */
static int process_gpu(tlua_State *T) {
  lua_State *L = tlua_lua(T);
  int top = lua_gettop(L), ordinal = -1;
  lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
  if (lua_getfield(L, -1, "tilelua") == LUA_TTABLE && lua_getfield(L, -1, "_process_gpu") == LUA_TFUNCTION &&
      lua_pcall(L, 0, 1, 0) == LUA_OK && lua_isinteger(L, -1))
    ordinal = (int)lua_tointeger(L, -1);
  lua_settop(L, top);
  return ordinal;
}

static int state_init(StateObject *self, PyObject *args, PyObject *kw) {
  static char *kwlist[] = {"backend", NULL};
  const char *backend = NULL;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "|z", kwlist, &backend)) return -1;
  if (self->T) {
    PyErr_SetString(PyExc_RuntimeError, "State is already open");
    return -1;
  }
  tlua_Config cfg;
  tlua_config_init(&cfg);
  cfg.backend = backend;
  int status;
  Py_BEGIN_ALLOW_THREADS status = tlua_open(&cfg, &self->T);
  Py_END_ALLOW_THREADS
  if (status != TLUA_OK) {
    PyErr_Format(PyExc_ValueError, "tilelua.State: cannot open a state (status %d%s)", status,
                 status == TLUA_ERRNOBACKEND ? ": unknown backend, expected auto, cpu, cuda or hip" : "");
    return -1;
  }
  self->lock = PyThread_allocate_lock();
  if (!self->lock) {
    PyErr_NoMemory();
    return -1;
  }
  const char *b;
  Py_BEGIN_ALLOW_THREADS b = tlua_backend(self->T);
  Py_END_ALLOW_THREADS
  if (!b) {
    PyErr_Format(Error, "tilelua.State: %s", tlua_errmsg(self->T));
    return -1;
  }
  self->gpu = strcmp(b, "cpu") != 0;
  self->ordinal = self->gpu ? process_gpu(self->T) : -1;
  self->backend = PyUnicode_FromString(b);
  return self->backend ? 0 : -1;
}

static void state_dealloc(StateObject *self) {
  if (self->T) {
    Py_BEGIN_ALLOW_THREADS gil_released = 1;
    for (int i = 0; i < WRAP_CACHE; i++) tlua_tensor_free(self->wrapped[i].t);
    tlua_close(self->T);
    gil_released = 0;
    Py_END_ALLOW_THREADS
  }
  drain_pending();
  if (self->lock) PyThread_free_lock(self->lock);
  Py_XDECREF(self->backend);
  free_object((PyObject *)self);
}

static int check_open(StateObject *st) {
  if (st->T) return 0;
  PyErr_SetString(PyExc_RuntimeError, "tilelua.State is not open");
  return -1;
}

static PyObject *state_exec(StateObject *self, PyObject *args) {
  const char *code, *name = "=(python)";
  if (!PyArg_ParseTuple(args, "s|s", &code, &name) || check_open(self)) return NULL;
  int status;
  LOCKED_BEGIN(self)
  status = tlua_dostring(self->T, code, name);
  LOCKED_END(self)
  if (status != TLUA_OK) return raise_status(self, status, NULL);
  Py_RETURN_NONE;
}

static PyObject *state_run(StateObject *self, PyObject *args) {
  PyObject *path_obj;
  if (!PyArg_ParseTuple(args, "O&", PyUnicode_FSConverter, &path_obj)) return NULL;
  if (check_open(self)) {
    Py_DECREF(path_obj);
    return NULL;
  }
  int status;
  const char *path = PyBytes_AsString(path_obj);
  LOCKED_BEGIN(self)
  status = tlua_dofile(self->T, path);
  LOCKED_END(self)
  Py_DECREF(path_obj);
  if (status != TLUA_OK) return raise_status(self, status, NULL);
  Py_RETURN_NONE;
}

static PyObject *state_kernel(StateObject *self, PyObject *args) {
  const char *name;
  if (!PyArg_ParseTuple(args, "s", &name) || check_open(self)) return NULL;
  tlua_Kernel *k = NULL;
  int status;
  LOCKED_BEGIN(self)
  status = tlua_kernel_find(self->T, name, &k);
  LOCKED_END(self)
  if (status != TLUA_OK) {
    PyErr_SetString(PyExc_KeyError, tlua_errmsg(self->T));
    return NULL;
  }
  KernelObject *ko = PyObject_New(KernelObject, KernelType);
  if (!ko) return NULL;
  Py_INCREF((PyObject *)self);
  ko->state = self;
  ko->k = k;
  ko->name = PyUnicode_FromString(name);
  return (PyObject *)ko;
}

static PyObject *state_synchronize(StateObject *self, PyObject *unused) {
  (void)unused;
  if (check_open(self)) return NULL;
  int status;
  LOCKED_BEGIN(self)
  status = tlua_synchronize(self->T, NULL);
  LOCKED_END(self)
  if (status != TLUA_OK) return raise_status(self, status, NULL);
  Py_RETURN_NONE;
}

/* --- arrays in ---------------------------------------------------------------------------------- */

/* torch, imported lazily: its Tensor type, dtype map and current-stream function */
static PyObject *torch_Tensor, *torch_dtypes, *torch_stream_fn;
/* attribute names, interned once (the launch path asks for them on every torch tensor) */
static PyObject *s_dtype, *s_shape, *s_stride, *s_data_ptr, *s_get_device, *s_is_cuda, *s_is_cpu;

static int torch_ready(void) {
  if (torch_Tensor) return 1;
  static PyObject *name;
  if (!name && !(name = PyUnicode_InternFromString("torch"))) return 0;
  PyObject *torch = PyImport_GetModule(name);
  if (!torch) {
    PyErr_Clear();
    return 0;
  }
  static const struct { const char *name; int dtype; } map[] = {
      {"float16", TLUA_DTYPE_F16}, {"bfloat16", TLUA_DTYPE_BF16}, {"float32", TLUA_DTYPE_F32},
      {"float64", TLUA_DTYPE_F64}, {"int8", TLUA_DTYPE_I8},       {"uint8", TLUA_DTYPE_U8},
      {"int16", TLUA_DTYPE_I16},   {"int32", TLUA_DTYPE_I32},     {"int64", TLUA_DTYPE_I64},
      {"bool", TLUA_DTYPE_BOOL}};
  PyObject *dtypes = PyDict_New();
  for (size_t i = 0; dtypes && i < sizeof map / sizeof map[0]; i++) {
    PyObject *dt = PyObject_GetAttrString(torch, map[i].name), *code = PyLong_FromLong(map[i].dtype);
    if (dt && code) PyDict_SetItem(dtypes, dt, code);
    Py_XDECREF(dt);
    Py_XDECREF(code);
  }
  PyErr_Clear();
  PyObject *C = PyObject_GetAttrString(torch, "_C");
  torch_stream_fn = C ? PyObject_GetAttrString(C, "_cuda_getCurrentRawStream") : NULL;
  Py_XDECREF(C);
  PyErr_Clear();
  torch_Tensor = PyObject_GetAttrString(torch, "Tensor");
  torch_dtypes = dtypes;
  Py_DECREF(torch);
  PyErr_Clear();
  return torch_Tensor != NULL;
}

static int is_torch(PyObject *o) {
  if (!torch_Tensor && !torch_ready()) return 0;
  return PyObject_TypeCheck(o, (PyTypeObject *)torch_Tensor);
}

static int64_t int_attr_call(PyObject *o, PyObject *method, int *ok) {
  PyObject *r = PyObject_CallMethodObjArgs(o, method, NULL);
  if (!r) { *ok = 0; return 0; }
  int64_t v = PyLong_AsLongLong(r);
  Py_DECREF(r);
  if (v == -1 && PyErr_Occurred()) *ok = 0;
  return v;
}

/* A torch tensor described through its accessors (each costs about 0.1-0.3 us: as few as can be).
 * A CUDA tensor's device is the state's GPU when that is known (state_ordinal >= 0), without asking
 * torch: the C API takes tensors of that GPU only, and refuses another's memory by asking the driver
 * about the pointer (tlua_tensor_wrap). 0, or -1 with a Python error. */
static int torch_desc(PyObject *o, int argno, int state_ordinal, tlua_TensorDesc *d, int *device_index) {
  int ok = 1;
  memset(d, 0, sizeof *d);
  PyObject *dt = PyObject_GetAttr(o, s_dtype);
  PyObject *code = dt ? PyDict_GetItemWithError(torch_dtypes, dt) : NULL;
  if (!code) {
    if (!PyErr_Occurred())
      PyErr_Format(PyExc_ValueError, "argument %d: torch dtype %S is not one tilelua takes (float16, bfloat16, "
                   "float32, float64, int8..int64, uint8, bool)", argno, dt);
    Py_XDECREF(dt);
    return -1;
  }
  Py_DECREF(dt);
  d->dtype = (int)PyLong_AsLong(code);
  PROF(22);
  PyObject *shape = PyObject_GetAttr(o, s_shape), *strides = PyObject_CallMethodObjArgs(o, s_stride, NULL);
  if (!shape || !strides || !PyTuple_Check(strides)) goto bad;
  Py_ssize_t n = PyTuple_Size(strides);
  if (n > TLUA_MAX_RANK) {
    PyErr_Format(PyExc_ValueError, "argument %d: rank %zd is over tilelua's limit of %d", argno, n, TLUA_MAX_RANK);
    goto bad;
  }
  d->rank = (int)n;
  for (Py_ssize_t i = 0; i < n; i++) {
    d->shape[i] = PyLong_AsLongLong(PyTuple_GetItem(shape, i));
    d->strides[i] = PyLong_AsLongLong(PyTuple_GetItem(strides, i));
  }
  if (PyErr_Occurred()) goto bad;
  Py_DECREF(shape);
  Py_DECREF(strides);
  PROF(23);
  d->data = (void *)(uintptr_t)int_attr_call(o, s_data_ptr, &ok);
  if (!ok) return -1;
  PROF(24);
  int64_t dev;
  if (state_ordinal >= 0) {
    PyObject *cuda = PyObject_GetAttr(o, s_is_cuda);
    if (!cuda) return -1;
    dev = cuda == Py_True ? state_ordinal : -1;
    Py_DECREF(cuda);
    if (dev < 0) { /* not CUDA: host memory only (an XPU or meta tensor is neither) */
      PyObject *cpu = PyObject_GetAttr(o, s_is_cpu);
      if (!cpu) return -1;
      int host = cpu == Py_True;
      Py_DECREF(cpu);
      if (!host) {
        PyObject *where = PyObject_GetAttrString(o, "device");
        PyErr_Format(PyExc_ValueError, "argument %d: a torch tensor on device %S: tilelua takes CPU and CUDA tensors",
                     argno, where ? where : Py_None);
        Py_XDECREF(where);
        return -1;
      }
    }
    PROF(25);
  } else {
    dev = int_attr_call(o, s_get_device, &ok);
    if (!ok) return -1;
  }
  d->device = dev >= 0 ? TLUA_DEVICE_GPU : TLUA_DEVICE_CPU;
  d->device_id = dev >= 0 ? (int)dev : 0;
  *device_index = (int)dev;
  return 0;
bad:
  Py_XDECREF(shape);
  Py_XDECREF(strides);
  return -1;
}

/* The stream a call on these arrays goes to (see the top of the file); -1 with an error. */
static int stream_of(PyObject *stream_arg, int torch_device, PyObject *cupy_like, void **out) {
  *out = NULL;
  if (stream_arg && stream_arg != Py_None) {
    PyObject *v = NULL;
    if (PyLong_Check(stream_arg)) v = stream_arg, Py_INCREF(v);
    else if (PyObject_HasAttrString(stream_arg, "cuda_stream")) v = PyObject_GetAttrString(stream_arg, "cuda_stream");
    else if (PyObject_HasAttrString(stream_arg, "ptr")) v = PyObject_GetAttrString(stream_arg, "ptr");
    if (!v || !PyLong_Check(v)) {
      Py_XDECREF(v);
      if (!PyErr_Occurred())
        PyErr_SetString(PyExc_TypeError, "stream must be an int (a CUstream / hipStream_t), or have .cuda_stream or .ptr");
      return -1;
    }
    *out = PyLong_AsVoidPtr(v);
    Py_DECREF(v);
    return PyErr_Occurred() ? -1 : 0;
  }
  if (torch_device >= 0 && torch_stream_fn) {
    PyObject *idx = PyLong_FromLong(torch_device);
    PyObject *r = idx ? PyObject_CallFunctionObjArgs(torch_stream_fn, idx, NULL) : NULL;
    Py_XDECREF(idx);
    if (!r) return -1;
    *out = PyLong_AsVoidPtr(r);
    Py_DECREF(r);
    return PyErr_Occurred() ? -1 : 0;
  }
  if (cupy_like) {
    PyObject *name = PyUnicode_FromString("cupy"), *cupy = name ? PyImport_GetModule(name) : NULL;
    Py_XDECREF(name);
    if (!cupy) {
      PyErr_Clear();
      return 0;
    }
    PyObject *cuda = PyObject_GetAttrString(cupy, "cuda");
    PyObject *r = cuda ? PyObject_CallMethod(cuda, "get_current_stream", NULL) : NULL;
    Py_XDECREF(cuda);
    Py_DECREF(cupy);
    if (!r) return -1;
    PyObject *ptr = PyObject_GetAttrString(r, "ptr");
    Py_DECREF(r);
    if (!ptr) return -1;
    *out = PyLong_AsVoidPtr(ptr);
    Py_DECREF(ptr);
    return PyErr_Occurred() ? -1 : 0;
  }
  return 0;
}

/* The arguments of one call, converted. Tensors are made under the state's lock (GPU wraps ask
 * the driver) from descriptions and capsules gathered with the GIL. */
typedef struct Conv {
  int n;
  tlua_Arg args[MAX_ARGS];
  tlua_TensorDesc desc[MAX_ARGS];
  DLManagedTensor *dl[MAX_ARGS]; /* shims to import, or NULL */
  PyObject *capsule[MAX_ARGS];   /* the capsule each shim came from (renamed once imported) */
  PyObject *owner[MAX_ARGS];     /* Array objects: their tensor is used directly */
  char is_tensor[MAX_ARGS];
  char kept[MAX_ARGS];           /* the tensor is the state's (StateObject.wrapped): not freed here */
  int torch_device;              /* device index of the first CUDA torch tensor, -1 */
  PyObject *cupy_like;           /* borrowed: the first array with __cuda_array_interface__ not torch */
  PyObject *first_array;         /* borrowed: the first array argument (the caller's kind) */
} Conv;

/* Only the header: each slot is initialised by convert_arg (the arrays are large and launches hot). */
static void conv_init(Conv *c) {
  c->n = 0;
  c->torch_device = -1;
  c->cupy_like = c->first_array = NULL;
}

static void conv_free(Conv *c) {
  for (int i = 0; i < c->n; i++) {
    if (c->dl[i]) {
      Shim *s = (Shim *)c->dl[i]->manager_ctx; /* not imported: the producer's capsule keeps it */
      PyMem_Free(s);
    }
    if (c->is_tensor[i] && !c->owner[i] && !c->dl[i] && !c->kept[i]) tlua_tensor_free(c->args[i].v.tensor);
    Py_XDECREF(c->capsule[i]);
  }
}

/* A capsule from o (o itself, or o.__dlpack__(...)) into c slot i as a shim. */
static int take_capsule(Conv *c, int i, PyObject *o, void *stream_hint) {
  PyObject *cap;
  if (PyCapsule_CheckExact(o)) {
    cap = o;
    Py_INCREF(cap);
  } else {
    PyObject *dev = PyObject_CallMethod(o, "__dlpack_device__", NULL);
    long dtype = 1;
    if (dev && PyTuple_Check(dev) && PyTuple_Size(dev) >= 1) dtype = PyLong_AsLong(PyTuple_GetItem(dev, 0));
    Py_XDECREF(dev);
    PyErr_Clear();
    if (dtype == kDLCUDA || dtype == kDLROCM) {
      /* the consumer names the stream it will use; 1 is the legacy default stream */
      PyObject *kw = Py_BuildValue("{s:n}", "stream", stream_hint ? (Py_ssize_t)(uintptr_t)stream_hint : (Py_ssize_t)1);
      PyObject *meth = PyObject_GetAttrString(o, "__dlpack__");
      PyObject *empty = PyTuple_New(0);
      cap = meth && kw && empty ? PyObject_Call(meth, empty, kw) : NULL;
      Py_XDECREF(meth);
      Py_XDECREF(kw);
      Py_XDECREF(empty);
    } else {
      cap = PyObject_CallMethod(o, "__dlpack__", NULL);
    }
    if (!cap) return -1;
  }
  if (PyCapsule_IsValid(cap, "used_dltensor")) {
    Py_DECREF(cap);
    PyErr_Format(PyExc_ValueError, "argument %d: this DLPack capsule was already consumed (a capsule can be "
                 "imported once; pass the array itself, or a fresh capsule)", i + 1);
    return -1;
  }
  DLManagedTensor *m = (DLManagedTensor *)PyCapsule_GetPointer(cap, "dltensor");
  if (!m) {
    Py_DECREF(cap);
    PyErr_Clear();
    PyErr_Format(PyExc_TypeError, "argument %d: __dlpack__ returned something else than a \"dltensor\" capsule", i + 1);
    return -1;
  }
  Shim *s = (Shim *)PyMem_Calloc(1, sizeof *s);
  if (!s) {
    Py_DECREF(cap);
    PyErr_NoMemory();
    return -1;
  }
  s->m.dl_tensor = m->dl_tensor;
  s->m.manager_ctx = s;
  s->m.deleter = shim_deleter;
  s->orig = m;
  c->dl[i] = &s->m;
  c->capsule[i] = cap;
  return 0;
}

/* One Python argument into slot i (GIL held). */
static int convert_arg(StateObject *st, Conv *c, int i, PyObject *o) {
  tlua_Arg *a = &c->args[i];
  c->is_tensor[i] = 0;
  c->owner[i] = c->capsule[i] = NULL;
  c->kept[i] = 0;
  c->dl[i] = NULL;
  a->v.tensor = NULL;
  if (PyBool_Check(o) || PyLong_Check(o)) {
    a->kind = TLUA_ARG_INTEGER;
    a->v.integer = PyLong_AsLongLong(o);
    return PyErr_Occurred() ? -1 : 0;
  }
  if (PyFloat_Check(o)) {
    a->kind = TLUA_ARG_NUMBER;
    a->v.number = PyFloat_AsDouble(o);
    return 0;
  }
  a->kind = TLUA_ARG_TENSOR;
  c->is_tensor[i] = 1;
  if (!c->first_array) c->first_array = o;
  if (PyObject_TypeCheck(o, ArrayType)) {
    ArrayObject *ao = (ArrayObject *)o;
    if (ao->state != st) {
      PyErr_Format(PyExc_ValueError, "argument %d: the Array belongs to another tilelua.State", i + 1);
      return -1;
    }
    c->owner[i] = o;
    a->v.tensor = ao->t;
    return 0;
  }
  if (is_torch(o)) {
    int dev;
    if (torch_desc(o, i + 1, st->ordinal, &c->desc[i], &dev)) return -1;
    if (dev >= 0 && c->torch_device < 0) c->torch_device = dev;
    return 0;
  }
  if (PyCapsule_CheckExact(o) || PyObject_HasAttrString(o, "__dlpack__")) {
    if (!c->cupy_like && !PyCapsule_CheckExact(o) && PyObject_HasAttrString(o, "__cuda_array_interface__"))
      c->cupy_like = o;
    return 1; /* a capsule is taken once the stream is known */
  }
  PyObject *tn = PyType_GetName(Py_TYPE(o));
  PyErr_Format(PyExc_TypeError, "argument %d: expected a number or an array (an object with __dlpack__: a NumPy "
               "array, a torch tensor, a CuPy array) or a DLPack capsule, got %S", i + 1, tn);
  Py_XDECREF(tn);
  return -1;
}

/* Converts args[first..] into c; the stream into *stream. 0 or -1 with a Python error. */
static int convert_args(StateObject *st, Conv *c, PyObject *args, Py_ssize_t first, PyObject *stream_arg, void **stream) {
  Py_ssize_t n = PyTuple_Size(args) - first;
  if (n > MAX_ARGS) {
    PyErr_Format(PyExc_TypeError, "at most %d arguments", MAX_ARGS);
    return -1;
  }
  char later[MAX_ARGS] = {0};
  for (Py_ssize_t i = 0; i < n; i++) {
    c->n = (int)i + 1;
    int r = convert_arg(st, c, (int)i, PyTuple_GetItem(args, first + i));
    if (r < 0) return -1;
    later[i] = r == 1;
  }
  PROF(1);
  if (stream_of(stream_arg, c->torch_device, c->cupy_like, stream)) return -1;
  PROF(2);
  for (Py_ssize_t i = 0; i < n; i++)
    if (later[i] && take_capsule(c, (int)i, PyTuple_GetItem(args, first + i), *stream)) return -1;
  return 0;
}

/* The tensor for a description of device memory: a kept one equal in every field, else a new wrap,
 * kept in place of the least recently used entry that this call does not use (state lock held).
 * *kept: whether the state keeps it (else the call frees it). */
static int wrap_kept(StateObject *st, const tlua_TensorDesc *d, tlua_Tensor **out, int *kept) {
  *kept = 0;
  for (int i = 0; i < WRAP_CACHE; i++) {
    Wrapped *w = &st->wrapped[i];
    if (w->t && w->desc.data == d->data && memcmp(&w->desc, d, sizeof *d) == 0) {
      /* the caller's device bytes are current (a host copy made by an earlier call is stale now) */
      tlua_TensorDesc now;
      int status = tlua_tensor_describe(st->T, w->t, TLUA_DEVICE_GPU, &now);
      if (status != TLUA_OK) return status;
      w->used = st->calls;
      *out = w->t;
      *kept = 1;
      return TLUA_OK;
    }
  }
  int status = tlua_tensor_wrap(st->T, d, out);
  if (status != TLUA_OK) return status;
  Wrapped *room = NULL;
  for (int i = 0; i < WRAP_CACHE; i++) {
    Wrapped *w = &st->wrapped[i];
    if (w->t && w->used == st->calls) continue; /* this call's: in use */
    if (!room || !w->t || (room->t && w->used < room->used)) room = w;
    if (!w->t) break;
  }
  if (!room) return TLUA_OK; /* every entry is this call's: not kept */
  tlua_tensor_free(room->t);
  memcpy(&room->desc, d, sizeof *d);
  room->t = *out;
  room->used = st->calls;
  *kept = 1;
  return TLUA_OK;
}

/* Makes the tensors (state lock held, GIL released); keep: wraps of device memory may be kept
 * (Kernel calls: their tensors reach Lua only for the launch). Returns TLUA_OK or a status with the
 * slot. */
static int make_tensors(StateObject *st, Conv *c, int keep, int *bad) {
  if (keep) st->calls++;
  for (int i = 0; i < c->n; i++) {
    if (!c->is_tensor[i] || c->owner[i]) continue;
    int status;
    if (c->dl[i]) {
      status = tlua_tensor_from_dlpack(st->T, c->dl[i], &c->args[i].v.tensor);
      if (status == TLUA_OK) c->dl[i] = NULL; /* tilelua owns the shim now */
    } else if (keep && c->desc[i].device == TLUA_DEVICE_GPU && !c->desc[i].release) {
      int kept;
      status = wrap_kept(st, &c->desc[i], &c->args[i].v.tensor, &kept);
      c->kept[i] = status == TLUA_OK && kept;
    } else {
      status = tlua_tensor_wrap(st->T, &c->desc[i], &c->args[i].v.tensor);
    }
    if (status != TLUA_OK) {
      c->args[i].v.tensor = NULL;
      *bad = i;
      return status;
    }
  }
  return TLUA_OK;
}

/* After make_tensors: the capsules tilelua imported are marked consumed (GIL held). */
static void mark_consumed(Conv *c) {
  for (int i = 0; i < c->n; i++)
    if (c->capsule[i] && !c->dl[i] && c->is_tensor[i]) PyCapsule_SetName(c->capsule[i], "used_dltensor");
}

static PyObject *arg_error(StateObject *st, int status, int bad) {
  char msg[600];
  snprintf(msg, sizeof msg, "argument %d: %s", bad + 1, tlua_errmsg(st->T));
  return raise_status(st, status, msg);
}

/* --- Kernel ------------------------------------------------------------------------------------- */

static int parse_grid(PyObject *g, unsigned grid[3]) {
  grid[0] = grid[1] = grid[2] = 1;
  if (PyLong_Check(g)) {
    long v = PyLong_AsLong(g);
    if (v < 1 || v > 0x7fffffff) goto bad;
    grid[0] = (unsigned)v;
    return 0;
  }
  if (!PyTuple_Check(g) && !PyList_Check(g)) goto bad;
  Py_ssize_t n = PySequence_Size(g);
  if (n < 1 || n > 3) goto bad;
  for (Py_ssize_t i = 0; i < n; i++) {
    PyObject *item = PySequence_GetItem(g, i);
    long v = item ? PyLong_AsLong(item) : -1;
    Py_XDECREF(item);
    if (v < 1 || v > 0x7fffffff) goto bad;
    grid[i] = (unsigned)v;
  }
  return 0;
bad:
  PyErr_Clear();
  PyErr_SetString(PyExc_TypeError, "grid must be a positive int or a tuple of 1 to 3 positive ints");
  return -1;
}

static PyObject *kernel_call(KernelObject *self, PyObject *args, PyObject *kw) {
  StateObject *st = self->state;
  PyObject *stream_arg = kw ? PyDict_GetItemString(kw, "stream") : NULL;
  if (kw && PyDict_Size(kw) > (stream_arg ? 1 : 0)) {
    PyErr_SetString(PyExc_TypeError, "kernel call: the only keyword argument is stream=");
    return NULL;
  }
  if (PyTuple_Size(args) < 1) {
    PyErr_SetString(PyExc_TypeError, "kernel call: k(grid, *args)");
    return NULL;
  }
  PROF_START();
  unsigned grid[3];
  if (parse_grid(PyTuple_GetItem(args, 0), grid)) return NULL;
  Conv c;
  conv_init(&c);
  void *stream = NULL;
  PROF(0);
  if (convert_args(st, &c, args, 1, stream_arg, &stream)) {
    conv_free(&c);
    return NULL;
  }
  int status, bad = -1;
  PROF(3);
  LOCKED_BEGIN(st)
  PROF(4);
  status = make_tensors(st, &c, 1, &bad);
  PROF(5);
  if (status == TLUA_OK) status = tlua_kernel_launch(self->k, grid, c.args, c.n, stream, 0);
  st->last_stream = stream;
  PROF(6);
  LOCKED_END(st)
  PROF(7);
  mark_consumed(&c);
  PyObject *r = NULL;
  if (status != TLUA_OK) r = bad >= 0 ? arg_error(st, status, bad) : raise_status(st, status, NULL);
  conv_free(&c);
  PROF(8);
  if (status != TLUA_OK) return r;
  Py_RETURN_NONE;
}

static void kernel_dealloc(KernelObject *self) {
  Py_XDECREF((PyObject *)self->state);
  Py_XDECREF(self->name);
  free_object((PyObject *)self);
}

static PyObject *kernel_repr(KernelObject *self) { return PyUnicode_FromFormat("<tilelua.Kernel %S>", self->name); }

/* --- Array: a tensor of tilelua, out through DLPack ------------------------------------------------ */

static PyObject *new_array(StateObject *st, tlua_Tensor *t) {
  ArrayObject *a = PyObject_New(ArrayObject, ArrayType);
  if (!a) {
    tlua_tensor_free(t);
    return NULL;
  }
  Py_INCREF((PyObject *)st);
  a->state = st;
  a->t = t;
  return (PyObject *)a;
}

static void array_dealloc(ArrayObject *self) {
  tlua_tensor_free(self->t);
  Py_XDECREF((PyObject *)self->state);
  free_object((PyObject *)self);
}

static void capsule_destructor(PyObject *cap) {
  if (!PyCapsule_IsValid(cap, "dltensor")) return; /* consumed: the consumer calls the deleter */
  DLManagedTensor *m = (DLManagedTensor *)PyCapsule_GetPointer(cap, "dltensor");
  if (m && m->deleter) m->deleter(m);
}

static int array_describe(ArrayObject *self, tlua_TensorDesc *d) {
  int status;
  StateObject *st = self->state;
  LOCKED_BEGIN(st)
  status = tlua_tensor_describe(st->T, self->t, 0, d);
  LOCKED_END(st)
  if (status != TLUA_OK) {
    raise_status(st, status, NULL);
    return -1;
  }
  return 0;
}

static PyObject *array_dlpack(ArrayObject *self, PyObject *args, PyObject *kw) {
  /* max_version, dl_device and copy come from DLPack 2023 consumers (NumPy 2, recent torch): this
   * producer answers with the legacy capsule, which they accept, on the device the data is on */
  static char *kwlist[] = {"stream", "max_version", "dl_device", "copy", NULL};
  PyObject *stream = Py_None, *max_version = Py_None, *dl_device = Py_None, *copy = Py_None;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "|$OOOO", kwlist, &stream, &max_version, &dl_device, &copy)) return NULL;
  if (copy == Py_True) {
    PyErr_SetString(PyExc_BufferError, "tilelua.Array.__dlpack__: copy=True is not supported (the export shares memory)");
    return NULL;
  }
  StateObject *st = self->state;
  DLManagedTensor *m = NULL;
  int status;
  void *consumer = stream != Py_None ? PyLong_AsVoidPtr(stream) : NULL;
  if (PyErr_Occurred()) return NULL;
  LOCKED_BEGIN(st)
  status = tlua_tensor_to_dlpack(st->T, self->t, 0, &m);
  /* the consumer works on its stream: wait for ours first when they differ */
  if (status == TLUA_OK && consumer && m->dl_tensor.device.device_type != kDLCPU &&
      consumer != st->last_stream && !((uintptr_t)consumer <= 2 && !st->last_stream))
    status = tlua_synchronize(st->T, st->last_stream);
  LOCKED_END(st)
  if (status != TLUA_OK) {
    if (m) m->deleter(m);
    return raise_status(st, status, NULL);
  }
  PyObject *cap = PyCapsule_New(m, "dltensor", capsule_destructor);
  if (!cap) m->deleter(m);
  return cap;
}

static PyObject *array_dlpack_device(ArrayObject *self, PyObject *unused) {
  (void)unused;
  tlua_TensorDesc d;
  if (array_describe(self, &d)) return NULL;
  int type = d.device == TLUA_DEVICE_CPU ? kDLCPU : strcmp(utf8(self->state->backend), "hip") == 0 ? kDLROCM : kDLCUDA;
  return Py_BuildValue("(ii)", type, d.device_id);
}

static const char *const DTYPE_NAMES[] = {"f16", "bf16", "f32", "f64", "i8", "u8", "i16", "u16",
                                          "i32", "u32", "i64", "u64", "bool", "f8e4m3", "f8e5m2"};

static PyObject *array_shape(ArrayObject *self, void *unused) {
  (void)unused;
  tlua_TensorDesc d;
  if (array_describe(self, &d)) return NULL;
  PyObject *t = PyTuple_New(d.rank);
  for (int i = 0; t && i < d.rank; i++) PyTuple_SetItem(t, i, PyLong_FromLongLong(d.shape[i]));
  return t;
}

static PyObject *array_dtype(ArrayObject *self, void *unused) {
  (void)unused;
  tlua_TensorDesc d;
  if (array_describe(self, &d)) return NULL;
  return PyUnicode_FromString(DTYPE_NAMES[d.dtype]);
}

static PyObject *array_repr(ArrayObject *self) {
  PyObject *shape = array_shape(self, NULL), *dtype = shape ? array_dtype(self, NULL) : NULL;
  PyObject *r = dtype ? PyUnicode_FromFormat("<tilelua.Array shape=%S dtype=%S>", shape, dtype) : NULL;
  Py_XDECREF(shape);
  Py_XDECREF(dtype);
  return r;
}

/* --- State.call: a Lua function by path, on arrays, numbers, strings and options ------------------ */

/* Tensors cross through the public API: argument i is set as global __tilelua_arg<i>
 * (tlua_set_tensor), tensor result j comes back from global __tilelua_res<j> (tlua_get_tensor). */
#define MAX_RESULTS 8

typedef struct Opt {
  const char *name;
  int kind; /* 0 nil, 2 number, 3 integer, 4 string, 5 bool, 1 tensor: argument slot in `integer` */
  double number;
  long long integer;
  const char *string;
} Opt;

typedef struct Call {
  const char *path;
  Conv *conv;
  int npos; /* positional arguments: conv slots 0..npos-1; the options' arrays follow */
  int nopts;
  Opt opts[MAX_ARGS];
  int nresults;
  Opt results[MAX_RESULTS]; /* kind 1: tensor in tensors[] */
  tlua_Tensor *tensors[MAX_RESULTS];
  char *strings[MAX_RESULTS];
  char err[1024];
} Call;

/* pushes the value at `path`: "std.x" is require("tilelua.std").x, "tl.x" the module's, else a global */
static void push_path(lua_State *L, const char *path) {
  const char *dot = strchr(path, '.');
  if (dot && dot - path == 3 && strncmp(path, "std", 3) == 0) {
    lua_getglobal(L, "require");
    lua_pushliteral(L, "tilelua.std");
    lua_call(L, 1, 1);
    path = dot + 1;
  } else if (dot && dot - path == 2 && strncmp(path, "tl", 2) == 0) {
    lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    lua_getfield(L, -1, "tilelua");
    lua_remove(L, -2);
    path = dot + 1;
  } else {
    lua_pushglobaltable(L);
  }
  while (*path) {
    dot = strchr(path, '.');
    size_t n = dot ? (size_t)(dot - path) : strlen(path);
    lua_pushlstring(L, path, n);
    if (lua_gettable(L, -2) == LUA_TNIL) luaL_error(L, "call: '%s' is nil", lua_tostring(L, -2));
    lua_remove(L, -2);
    path += n + (dot ? 1 : 0);
  }
}

static void push_arg(lua_State *L, int slot) {
  char g[32];
  snprintf(g, sizeof g, "__tilelua_arg%d", slot);
  lua_getglobal(L, g);
  lua_pushnil(L);
  lua_setglobal(L, g);
  /* keep it to close after the call */
  lua_getfield(L, LUA_REGISTRYINDEX, "tilelua.python_boxes");
  lua_pushvalue(L, -2);
  lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
  lua_pop(L, 1);
}

static int call_lua(lua_State *L) {
  Call *c = (Call *)lua_touserdata(L, 1);
  lua_newtable(L);
  lua_setfield(L, LUA_REGISTRYINDEX, "tilelua.python_boxes");
  int base = lua_gettop(L);
  push_path(L, c->path);
  Conv *cv = c->conv;
  for (int i = 0; i < c->npos; i++) {
    if (cv->is_tensor[i]) push_arg(L, i);
    else if (cv->args[i].kind == TLUA_ARG_INTEGER) lua_pushinteger(L, (lua_Integer)cv->args[i].v.integer);
    else lua_pushnumber(L, cv->args[i].v.number);
  }
  int nargs = c->npos;
  if (c->nopts) {
    lua_createtable(L, 0, c->nopts);
    for (int i = 0; i < c->nopts; i++) {
      Opt *o = &c->opts[i];
      switch (o->kind) {
        case 1: push_arg(L, (int)o->integer); break;
        case 2: lua_pushnumber(L, o->number); break;
        case 3: lua_pushinteger(L, (lua_Integer)o->integer); break;
        case 4: lua_pushstring(L, o->string); break;
        case 5: lua_pushboolean(L, (int)o->integer); break;
        default: lua_pushnil(L);
      }
      lua_setfield(L, -2, o->name);
    }
    nargs++;
  }
  lua_call(L, nargs, LUA_MULTRET);
  int nres = lua_gettop(L) - base;
  if (nres > MAX_RESULTS) nres = MAX_RESULTS;
  for (int i = 0; i < nres; i++) {
    int idx = base + 1 + i;
    Opt *v = &c->results[i];
    memset(v, 0, sizeof *v);
    int t = lua_type(L, idx);
    if (t == LUA_TNUMBER && lua_isinteger(L, idx)) v->kind = 3, v->integer = lua_tointeger(L, idx);
    else if (t == LUA_TNUMBER) v->kind = 2, v->number = lua_tonumber(L, idx);
    else if (t == LUA_TBOOLEAN) v->kind = 5, v->integer = lua_toboolean(L, idx);
    else if (t == LUA_TSTRING) {
      size_t len;
      const char *s = lua_tolstring(L, idx, &len);
      c->strings[i] = (char *)malloc(len + 1);
      if (!c->strings[i]) return luaL_error(L, "not enough memory");
      memcpy(c->strings[i], s, len + 1);
      v->kind = 4;
      v->string = c->strings[i];
    } else if (t == LUA_TUSERDATA) {
      char g[32];
      snprintf(g, sizeof g, "__tilelua_res%d", i);
      lua_pushvalue(L, idx);
      lua_setglobal(L, g);
      v->kind = 1;
    }
    c->nresults = i + 1;
  }
  lua_settop(L, base);
  return 0;
}

/* after a call: the result globals cleared and the argument tensors closed (their memory is the
 * caller's: it should not wait for a garbage collection) */
static int call_cleanup(lua_State *L) {
  for (int i = 0; i < MAX_RESULTS; i++) {
    char g[32];
    snprintf(g, sizeof g, "__tilelua_res%d", i);
    lua_pushnil(L);
    lua_setglobal(L, g);
  }
  for (int i = 0; i < MAX_ARGS; i++) {
    char g[32];
    snprintf(g, sizeof g, "__tilelua_arg%d", i);
    lua_pushnil(L);
    lua_setglobal(L, g);
  }
  if (lua_getfield(L, LUA_REGISTRYINDEX, "tilelua.python_boxes") == LUA_TTABLE) {
    for (lua_Integer i = 1; i <= (lua_Integer)lua_rawlen(L, -1); i++) {
      lua_rawgeti(L, -1, i);
      if (luaL_getmetafield(L, -1, "__close") != LUA_TNIL) {
        lua_insert(L, -2);
        lua_call(L, 1, 0);
      } else {
        lua_pop(L, 1);
      }
    }
  }
  lua_pushnil(L);
  lua_setfield(L, LUA_REGISTRYINDEX, "tilelua.python_boxes");
  return 0;
}

static int run_protected(lua_State *L, lua_CFunction f, void *ud, char *err, size_t n) {
  lua_pushcfunction(L, f);
  lua_pushlightuserdata(L, ud);
  if (lua_pcall(L, 1, 0, 0) == LUA_OK) return 0;
  const char *m = lua_tostring(L, -1);
  snprintf(err, n, "%s", m ? m : "(error object is not a string)");
  lua_pop(L, 1);
  return 1;
}

static PyObject *opt_to_py(StateObject *st, Opt *v, tlua_Tensor **t, Conv *cv, PyObject *objs) {
  switch (v->kind) {
    case 1: {
      /* the caller's own array when the function returned it (e.g. std.map's out) */
      for (int i = 0; i < cv->n; i++) {
        if (cv->is_tensor[i] && cv->args[i].v.tensor == *t) {
          tlua_tensor_free(*t);
          *t = NULL;
          return Py_NewRef(PyList_GetItem(objs, i + 1));
        }
      }
      tlua_Tensor *mine = *t;
      *t = NULL;
      return new_array(st, mine);
    }
    case 2: return PyFloat_FromDouble(v->number);
    case 3: return PyLong_FromLongLong(v->integer);
    case 4: return PyUnicode_FromString(v->string);
    case 5: return PyBool_FromLong((long)v->integer);
    default: Py_RETURN_NONE;
  }
}

static PyObject *state_call(StateObject *self, PyObject *args, PyObject *kw) {
  if (check_open(self)) return NULL;
  if (PyTuple_Size(args) < 1 || !PyUnicode_Check(PyTuple_GetItem(args, 0))) {
    PyErr_SetString(PyExc_TypeError, "call(path, *args, **options): path such as \"std.gemm\"");
    return NULL;
  }
  Call *c = (Call *)PyMem_Calloc(1, sizeof *c);
  Conv *cv = (Conv *)PyMem_Calloc(1, sizeof *cv);
  PyObject *result = NULL, *stream_arg = kw ? PyDict_GetItemString(kw, "stream") : NULL;
  PyObject *all = NULL;
  if (!c || !cv) {
    PyErr_NoMemory();
    goto done;
  }
  conv_init(cv);
  c->conv = cv;
  c->path = utf8(PyTuple_GetItem(args, 0));
  /* options: keyword arguments other than stream=, as a Lua table after the positional ones; arrays
   * among them are converted with the positional arguments */
  Py_ssize_t npos = PyTuple_Size(args) - 1;
  all = PySequence_List(args);
  if (!all) goto done;
  PyObject *key, *val;
  Py_ssize_t pos = 0;
  while (kw && PyDict_Next(kw, &pos, &key, &val)) {
    if (val == stream_arg) continue;
    if (c->nopts == MAX_ARGS) {
      PyErr_SetString(PyExc_TypeError, "too many options");
      goto done;
    }
    Opt *o = &c->opts[c->nopts++];
    o->name = utf8(key);
    if (val == Py_None) o->kind = 0;
    else if (PyBool_Check(val)) o->kind = 5, o->integer = val == Py_True;
    else if (PyLong_Check(val)) o->kind = 3, o->integer = PyLong_AsLongLong(val);
    else if (PyFloat_Check(val)) o->kind = 2, o->number = PyFloat_AsDouble(val);
    else if (PyUnicode_Check(val)) o->kind = 4, o->string = utf8(val);
    else {
      o->kind = 1;
      o->integer = PyList_Size(all) - 1;
      if (PyList_Append(all, val)) goto done;
    }
    if (PyErr_Occurred()) goto done;
  }
  {
    PyObject *tuple = PyList_AsTuple(all);
    if (!tuple) goto done;
    void *stream = NULL;
    int rc = convert_args(self, cv, tuple, 1, stream_arg, &stream);
    Py_DECREF(tuple);
    if (rc) goto done;
    c->npos = (int)npos;
    int status, bad = -1;
    char err[1024] = "";
    lua_State *L = tlua_lua(self->T);
    LOCKED_BEGIN(self)
    status = make_tensors(self, cv, 0, &bad);
    for (int i = 0; status == TLUA_OK && i < cv->n; i++) {
      if (!cv->is_tensor[i]) continue;
      char g[32];
      snprintf(g, sizeof g, "__tilelua_arg%d", i);
      status = tlua_set_tensor(self->T, g, cv->args[i].v.tensor);
    }
    if (status == TLUA_OK) status = tlua_set_stream(self->T, stream); /* launches inside go there */
    if (status == TLUA_OK) {
      if (run_protected(L, call_lua, c, err, sizeof err)) status = TLUA_ERRRUN;
      for (int i = 0; status == TLUA_OK && i < c->nresults; i++) {
        if (c->results[i].kind != 1) continue;
        char g[32];
        snprintf(g, sizeof g, "__tilelua_res%d", i);
        status = tlua_get_tensor(self->T, g, &c->tensors[i]);
        if (status != TLUA_OK) snprintf(err, sizeof err, "%s", tlua_errmsg(self->T));
      }
      char err2[256];
      run_protected(L, call_cleanup, NULL, err2, sizeof err2);
      tlua_set_stream(self->T, NULL);
    }
    self->last_stream = stream;
    LOCKED_END(self)
    mark_consumed(cv);
    if (status != TLUA_OK) {
      if (bad >= 0) arg_error(self, status, bad);
      else raise_status(self, status, err[0] ? err : NULL);
      goto done;
    }
    result = c->nresults == 1 ? NULL : PyTuple_New(c->nresults);
    for (int i = 0; i < c->nresults; i++) {
      PyObject *o = opt_to_py(self, &c->results[i], &c->tensors[i], cv, all);
      if (!o) {
        Py_CLEAR(result);
        goto done;
      }
      if (c->nresults == 1) result = o;
      else PyTuple_SetItem(result, i, o);
    }
    if (c->nresults == 0) result = Py_NewRef(Py_None);
  }
done:
  if (c) {
    for (int i = 0; i < MAX_RESULTS; i++) {
      tlua_tensor_free(c->tensors[i]);
      free(c->strings[i]);
    }
  }
  if (cv) conv_free(cv);
  Py_XDECREF(all);
  PyMem_Free(c);
  PyMem_Free(cv);
  return result;
}

/* --- types and module ------------------------------------------------------------------------------ */

static PyObject *state_get_backend(StateObject *self, void *unused) {
  (void)unused;
  if (check_open(self)) return NULL;
  return Py_NewRef(self->backend);
}

static PyMethodDef state_methods[] = {
    {"exec", (PyCFunction)state_exec, METH_VARARGS, "exec(code[, chunkname]): run Lua code in this state"},
    {"run", (PyCFunction)state_run, METH_VARARGS, "run(path): run a Lua script file in this state"},
    {"kernel", (PyCFunction)state_kernel, METH_VARARGS, "kernel(name) -> Kernel: the kernel tl.kernel{name = name} made"},
    {"call", (PyCFunction)(void (*)(void))state_call, METH_VARARGS | METH_KEYWORDS,
     "call(path, *args, **options): call the Lua function at path (\"std.gemm\", \"tl.x\", a global); arrays "
     "go in zero-copy, options as a table after the positional arguments; tensors come back as Array"},
    {"synchronize", (PyCFunction)state_synchronize, METH_NOARGS, "wait for everything launched on the GPU"},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef state_getset[] = {
    {"backend", (getter)state_get_backend, NULL, "the backend: cpu, cuda or hip", NULL}, {NULL, NULL, NULL, NULL, NULL}};

static PyType_Slot state_slots[] = {
    {Py_tp_dealloc, (void *)state_dealloc},
    {Py_tp_doc, (void *)"State(backend=None): a tilelua state (a Lua 5.4 state with tilelua); backend auto, cpu, cuda or hip"},
    {Py_tp_methods, state_methods},
    {Py_tp_getset, state_getset},
    {Py_tp_init, (void *)state_init},
    {Py_tp_new, (void *)PyType_GenericNew},
    {0, NULL}};
static PyType_Spec state_spec = {"tilelua.State", sizeof(StateObject), 0, Py_TPFLAGS_DEFAULT, state_slots};

static PyType_Slot kernel_slots[] = {
    {Py_tp_dealloc, (void *)kernel_dealloc},
    {Py_tp_call, (void *)kernel_call},
    {Py_tp_repr, (void *)kernel_repr},
    {Py_tp_doc, (void *)"k(grid, *args, stream=None): launch on arrays (zero-copy) and numbers"},
    {0, NULL}};
static PyType_Spec kernel_spec = {"tilelua.Kernel", sizeof(KernelObject), 0, Py_TPFLAGS_DEFAULT | Py_TPFLAGS_DISALLOW_INSTANTIATION, kernel_slots};

static PyMethodDef array_methods[] = {
    {"__dlpack__", (PyCFunction)(void (*)(void))array_dlpack, METH_VARARGS | METH_KEYWORDS, "DLPack export"},
    {"__dlpack_device__", (PyCFunction)array_dlpack_device, METH_NOARGS, "(device type, id)"},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef array_getset[] = {{"shape", (getter)array_shape, NULL, "shape", NULL},
                                     {"dtype", (getter)array_dtype, NULL, "dtype name (tilelua's)", NULL},
                                     {NULL, NULL, NULL, NULL, NULL}};

static PyType_Slot array_slots[] = {
    {Py_tp_dealloc, (void *)array_dealloc},
    {Py_tp_repr, (void *)array_repr},
    {Py_tp_doc, (void *)"a tensor tilelua made; numpy.from_dlpack / torch.from_dlpack / cupy.from_dlpack take it"},
    {Py_tp_methods, array_methods},
    {Py_tp_getset, array_getset},
    {0, NULL}};
static PyType_Spec array_spec = {"tilelua.Array", sizeof(ArrayObject), 0, Py_TPFLAGS_DEFAULT | Py_TPFLAGS_DISALLOW_INSTANTIATION, array_slots};

#if TLUA_PROF_ON
static PyMethodDef module_methods[] = {
    {"_profile", profile_read, METH_NOARGS, "(calls, [time stamp counter ticks per phase..., driver], now)"},
    {NULL, NULL, 0, NULL}};
#else
#define module_methods NULL
#endif

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_tilelua", "tilelua's CPython binding (see tilelua/__init__.py)",
                                    -1, module_methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__tilelua(void) {
  pending_lock = PyThread_allocate_lock();
  if (!pending_lock) return NULL;
  if (!(s_dtype = PyUnicode_InternFromString("dtype")) || !(s_shape = PyUnicode_InternFromString("shape")) ||
      !(s_stride = PyUnicode_InternFromString("stride")) || !(s_data_ptr = PyUnicode_InternFromString("data_ptr")) ||
      !(s_get_device = PyUnicode_InternFromString("get_device")) || !(s_is_cuda = PyUnicode_InternFromString("is_cuda")) ||
      !(s_is_cpu = PyUnicode_InternFromString("is_cpu")))
    return NULL;
  StateType = (PyTypeObject *)PyType_FromSpec(&state_spec);
  KernelType = (PyTypeObject *)PyType_FromSpec(&kernel_spec);
  ArrayType = (PyTypeObject *)PyType_FromSpec(&array_spec);
  if (!StateType || !KernelType || !ArrayType) return NULL;
  PyObject *m = PyModule_Create(&module);
  if (!m) return NULL;
  Error = PyErr_NewExceptionWithDoc("tilelua.Error",
                                    "a tilelua script or launch failed; .script and .line name the script line when known",
                                    PyExc_RuntimeError, NULL);
  if (!Error || PyModule_AddObjectRef(m, "Error", Error) || PyModule_AddObjectRef(m, "State", (PyObject *)StateType) ||
      PyModule_AddObjectRef(m, "Kernel", (PyObject *)KernelType) ||
      PyModule_AddObjectRef(m, "Array", (PyObject *)ArrayType) ||
      PyModule_AddStringConstant(m, "version", tlua_version())) {
    Py_DECREF(m);
    return NULL;
  }
  return m;
}
