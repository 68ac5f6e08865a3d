-- dist.lua - tl.dist: collectives between devices (NCCL semantics; dist.h has the exact rules).
--
-- Two ways to run:
--   one process, several devices: pass a list of tensors, one per device; rank k is the device of the
--     k-th tensor.            tl.dist.all_reduce({x0, x1, x2, x3}, "sum")
--   one process per device (torchrun): pass one tensor; rank and world size come from RANK and
--     WORLD_SIZE (tl.dist.init{} reads them, or takes rank= and world=).
--                             tl.dist.all_reduce(x, "sum")
-- Collectives (op: "sum" (default), "prod", "max", "min", "avg"; opts.out: where the result goes,
-- else in place (all_reduce, broadcast) or a new tensor (all_gather, reduce_scatter)):
--   all_reduce(x, op, opts) -> out        broadcast(x, root, opts) -> out
--   all_gather(x, opts) -> out            out: world x's along dimension 0 (shape {world*n, ...})
--   reduce_scatter(x, op, opts) -> out    out: rank r's chunk of dimension 0, reduced
--   send(x, peer), recv(x, peer)          one process per device: peer is a rank; one process:
--                                         peer is a device index and send must come before its recv.
--                                         A send completes when its peer receives (NCCL's rule: ranks
--                                         that all send first wait forever; the simulation says so)
--   sendrecv(x, to, y, from) -> y         send x to rank `to` and receive y from rank `from` at once
--                                         (an NCCL group): the step of a ring or a halo exchange
-- Tensors must be contiguous and of an NCCL dtype (f16, bf16, f32, f64, i8, u8, i32, u32, i64, u64);
-- every rank passes the same shape and dtype (checked on the simulated devices: the error names both
-- ranks). On the cpu backend the collectives run their reference implementation (dist.c): in one
-- process on TILELUA_CPU_DEVICES simulated devices, or across processes that share the directory
-- TILELUA_DIST_DIR. On a GPU they go through NCCL (RCCL on AMD); the unique id of a multi-process
-- world comes from TILELUA_NCCL_ID (hex, made by tl.dist.unique_id()) or TILELUA_NCCL_ID_FILE (rank 0
-- writes it, the others wait for it). A rank that never joins is an error after TILELUA_DIST_TIMEOUT
-- seconds (default 60; init{timeout=}). TILELUA_DIST_CHECK=1 compares the ranks' calls before each
-- collective on GPUs too (one small all_gather more per call).
local os = os
local tr = require "tilelua.trace"

return function(tl)
  local dist = {}
  tl.dist = dist

  local COLL = { all_reduce = 0, broadcast = 1, all_gather = 2, reduce_scatter = 3 }
  local OPS = { sum = 0, prod = 1, max = 2, min = 3, avg = 4 }
  local DTYPES = { f16 = true, bf16 = true, f32 = true, f64 = true, i8 = true, u8 = true, i32 = true, u32 = true,
                   i64 = true, u64 = true }
  local fail = tr.fail

  local function getenv(name)
    local v = os and os.getenv and os.getenv(name)
    if v == "" then return nil end
    return v
  end

  local function env_int(name, who)
    local v = getenv(name)
    if v == nil then return nil end
    local n = math.tointeger(tonumber(v))
    if not n or n < 0 then fail("%s: %s must be a non-negative integer (got '%s')", who, name, v) end
    return n
  end

  local function default_timeout(who)
    local v = getenv("TILELUA_DIST_TIMEOUT")
    if v == nil then return 60 end
    local t = tonumber(v)
    if not t or t <= 0 then fail("%s: TILELUA_DIST_TIMEOUT must be a positive number of seconds (got '%s')", who, v) end
    return t
  end

  local function is_tensor(x) return tl._launch_facts(x) ~= nil end

  local function unhex(s, who)
    if #s ~= 256 or s:find("[^0-9a-fA-F]") then
      fail("%s: TILELUA_NCCL_ID must be the 256 hex digits tl.dist.unique_id() gives (got %d characters)", who, #s)
    end
    return (s:gsub("..", function(h) return string.char(tonumber(h, 16)) end))
  end

  -- a communicator as scripts see it: rank, size, devices, mode ("process" / "local")
  local Comm = {}
  Comm.__index = Comm
  Comm.__name = "tilelua.dist.Comm"
  function Comm:__tostring()
    return string.format("Comm{mode=%s, rank=%d, size=%d, devices={%s}}", self.mode, self.rank, self.size,
      table.concat(self.devices, ", "))
  end
  function Comm:close() tl._dist_close(self.c) end
  Comm.__close = Comm.close

  -- tl.dist.init{rank=, world=, timeout=, dir=, id_file=} -> the process's communicator (one process
  -- per device); defaults from RANK, WORLD_SIZE, TILELUA_DIST_DIR, TILELUA_NCCL_ID(_FILE)
  function dist.init(opts)
    local who = "dist.init"
    opts = opts or {}
    if type(opts) ~= "table" then fail("%s: expected a table of options (got %s)", who, type(opts)) end
    for k in pairs(opts) do
      if not ({ rank = 1, world = 1, timeout = 1, dir = 1, id_file = 1 })[k] then
        fail("%s: unknown option '%s' (options: rank, world, timeout, dir, id_file)", who, tostring(k))
      end
    end
    if dist._world then fail("%s: this process already joined a world (rank %d of %d)", who, dist._world.rank, dist._world.size) end
    local world = opts.world or env_int("WORLD_SIZE", who) or 1
    local rank = opts.rank or env_int("RANK", who) or 0
    if math.type(world) ~= "integer" or world < 1 then fail("%s: the world size must be a positive integer (got %s)", who, tostring(world)) end
    if math.type(rank) ~= "integer" or rank < 0 or rank >= world then
      fail("%s: rank must be an integer in 0..%d for a world of %d (got %s; RANK and WORLD_SIZE)", who, world - 1, world, tostring(rank))
    end
    local timeout = opts.timeout or default_timeout(who)
    if type(timeout) ~= "number" or timeout <= 0 then fail("%s: timeout must be a positive number of seconds", who) end
    local gpu = tl.backend() ~= "cpu"
    local dir, id
    if not gpu then
      dir = opts.dir or getenv("TILELUA_DIST_DIR")
      if world > 1 and not dir then
        fail("%s: a world of %d processes on the cpu backend meets in a shared directory: set TILELUA_DIST_DIR "
          .. "(or init{dir=}) to the same directory in every process", who, world)
      end
    elseif world > 1 then
      local hex, file = getenv("TILELUA_NCCL_ID"), opts.id_file or getenv("TILELUA_NCCL_ID_FILE")
      if hex then id = unhex(hex, who)
      elseif file then id = tl._dist_id_file(file, rank, timeout)
      else fail("%s: a world of %d processes needs rank 0's NCCL unique id: set TILELUA_NCCL_ID_FILE to a path every "
        .. "rank can read (rank 0 writes it) or TILELUA_NCCL_ID to tl.dist.unique_id()'s hex digits", who, world) end
    end
    local ok, c = pcall(tl._dist_process, rank, world, timeout, dir, id)
    if not ok then fail("%s", (tostring(c):gsub("^[^:\n]*:%d+: ", ""))) end
    dist._world = setmetatable({ c = c, rank = rank, size = world, devices = { tl.current_device() }, mode = "process" }, Comm)
    return dist._world
  end

  -- the process's communicator, joined now from the environment when init was not called
  function dist.world() return dist._world or dist.init() end
  -- per-process mode: init was called or torchrun's WORLD_SIZE is set
  local function per_process() return dist._world ~= nil or getenv("WORLD_SIZE") ~= nil end

  -- tl.dist.unique_id() -> hex digits for TILELUA_NCCL_ID (GPU backends)
  function dist.unique_id()
    return (tl._dist_unique_id():gsub(".", function(c) return string.format("%02x", c:byte()) end))
  end
  -- the NCCL (RCCL) version code and library name, or nil and why not
  function dist.nccl_version() return tl._dist_nccl_version() end

  -- a one-process communicator over devices (cached per device list)
  local locals = {}
  function dist.local_comm(devices)
    local key = table.concat(devices, ",")
    local c = locals[key]
    if not c then
      local ok, h = pcall(tl._dist_local, devices)
      if not ok then fail("%s", (tostring(h):gsub("^[^:\n]*:%d+: ", ""))) end
      c = setmetatable({ c = h, rank = 0, size = #devices, devices = devices, mode = "local" }, Comm)
      locals[key] = c
    end
    return c
  end

  local function check_tensor(who, t, what)
    if not is_tensor(t) then fail("%s: %s must be a tensor (got %s)", who, what, type(t)) end
    local dt = tostring(t:dtype())
    if not DTYPES[dt] then
      fail("%s: %s has dtype %s, which NCCL does not reduce or move (dtypes: f16, bf16, f32, f64, i8, u8, i32, u32, i64, u64)", who, what, dt)
    end
    if not t:is_contiguous() then fail("%s: %s must be contiguous (clone() it first)", who, what) end
  end

  local function shape_str(t) return "{" .. table.concat(t:shape(), ", ") .. "}" end

  local function check_op(who, op)
    if op == nil then return "sum" end
    if type(op) ~= "string" or OPS[op] == nil then
      fail("%s: unknown op '%s' (ops: sum, prod, max, min, avg)", who, tostring(op))
    end
    return op
  end

  local function check_opts(who, opts)
    if opts == nil then return {} end
    if type(opts) ~= "table" then fail("%s: options must be a table such as {out = t} (got %s)", who, type(opts)) end
    for k in pairs(opts) do
      if k ~= "out" and k ~= "comm" then fail("%s: unknown option '%s' (options: out, comm)", who, tostring(k)) end
    end
    return opts
  end

  -- a process communicator's calls run on its device: a tensor elsewhere is an error, not a fault
  local function on_rank_device(who, comm, t, what)
    if t:device() ~= comm.devices[1] then
      fail("%s: %s is on device %d but this rank's communicator runs on device %d (wrong device; t:to(%d))", who, what,
        t:device(), comm.devices[1], comm.devices[1])
    end
  end

  -- the ranks' inputs as a list and the communicator: a tensor (one per process) or a list of them
  local function ranks_of(who, x, opts)
    if is_tensor(x) then
      check_tensor(who, x, "the tensor")
      local comm = opts.comm or dist.world()
      if comm.mode ~= "process" then fail("%s: a single tensor needs a one-process-per-device communicator (pass a list of tensors to a local one)", who) end
      on_rank_device(who, comm, x, "the tensor")
      return { x }, comm, false
    end
    if type(x) ~= "table" or #x == 0 then
      fail("%s: expected a tensor (one process per device) or a list of tensors, one per device (got %s)", who, type(x))
    end
    local devices, seen = {}, {}
    for k, t in ipairs(x) do
      check_tensor(who, t, string.format("tensor %d", k))
      local d = t:device()
      if seen[d] then fail("%s: tensors %d and %d are both on device %d: pass one tensor per device", who, seen[d], k, d) end
      seen[d] = k
      devices[k] = d
      local t1 = x[1]
      if t:dtype() ~= t1:dtype() or t:numel() ~= t1:numel() or shape_str(t) ~= shape_str(t1) then
        fail("%s: tensor %d is %s %s but tensor 1 is %s %s: every rank must pass the same shape and dtype", who, k,
          tostring(t:dtype()), shape_str(t), tostring(t1:dtype()), shape_str(t1))
      end
    end
    local comm = opts.comm or dist.local_comm(devices)
    if comm.mode ~= "local" then fail("%s: a list of tensors needs a one-process communicator (got a %s one)", who, comm.mode) end
    if comm.size ~= #x then fail("%s: the communicator has %d ranks but %d tensors were passed", who, comm.size, #x) end
    for k, d in ipairs(devices) do
      if comm.devices[k] ~= d then
        fail("%s: tensor %d is on device %d but rank %d of the communicator is device %d (wrong device)", who, k, d, k - 1, comm.devices[k])
      end
    end
    return x, comm, true
  end

  -- outputs: opts.out (checked: one per rank, on the rank's device, dtype and element count) or made
  local function outs_of(who, ins, list, opts, numel, shape, in_place)
    local out = opts.out
    if out == nil then
      if in_place then return ins end
      local outs = {}
      for k, t in ipairs(ins) do outs[k] = tl.empty(shape, t:dtype(), { device = t:device() }) end
      return outs
    end
    local outs = list and out or { out }
    if list and (type(out) ~= "table" or is_tensor(out) or #out ~= #ins) then
      fail("%s: out must be a list of %d tensors, one per device", who, #ins)
    end
    for k, o in ipairs(outs) do
      local what = list and string.format("out[%d]", k) or "out"
      check_tensor(who, o, what)
      if o:dtype() ~= ins[k]:dtype() then
        fail("%s: %s is %s but the input is %s (collectives do not convert)", who, what, tostring(o:dtype()), tostring(ins[k]:dtype()))
      end
      if o:numel() ~= numel then
        fail("%s: %s has %d elements, it must have %d (shape %s)", who, what, o:numel(), numel, "{" .. table.concat(shape, ", ") .. "}")
      end
      if o:device() ~= ins[k]:device() then
        fail("%s: %s is on device %d but its input is on device %d (wrong device)", who, what, o:device(), ins[k]:device())
      end
    end
    return outs
  end

  -- TILELUA_DIST_CHECK=1 (every rank): before each collective of a multi-process world the ranks
  -- all-gather what they are about to call (collective, dtype, elements, op, root) and compare, so a
  -- mismatch is an error on every rank instead of a hang or garbage inside NCCL. It costs one small
  -- collective per call, so it is off by default (the simulation compares the ranks' calls anyway).
  local check_ranks = getenv("TILELUA_DIST_CHECK") == "1"
  local DT_CODE, DT_NAME = {}, {}
  for i, n in ipairs { "f16", "bf16", "f32", "f64", "i8", "u8", "i32", "u32", "i64", "u64" } do DT_CODE[n], DT_NAME[i] = i, n end
  local OP_NAME = {}
  for n, c in pairs(OPS) do OP_NAME[c] = n end

  local function checked_call(comm, coll, ins, outs, op, root)
    if check_ranks and comm.mode == "process" and comm.size > 1 then
      local x = ins[1]
      local mine = { COLL[coll], DT_CODE[tostring(x:dtype())], x:numel(), OPS[op] or 0, root or 0 }
      local all = tl.empty({ comm.size * 5 }, tl.i64, { device = x:device() })
      tl._dist_call(comm.c, COLL.all_gather, { tl.from(mine, tl.i64, { device = x:device() }) }, { all })
      for r = 0, comm.size - 1 do
        local h = {}
        for i = 1, 5 do h[i] = all:get(r * 5 + i - 1) end
        local why
        if h[1] ~= mine[1] then
          local names = {}
          for n, c in pairs(COLL) do names[c] = n end
          why = string.format("rank %d called %s where rank %d called %s: every rank must call the same collectives in the same order",
            r, names[h[1]] or "?", comm.rank, coll)
        elseif h[2] ~= mine[2] or h[3] ~= mine[3] then
          why = string.format("rank %d passed %d elements of %s, rank %d passed %d elements of %s: every rank must pass the same shape and dtype",
            r, h[3], DT_NAME[h[2]] or "?", comm.rank, mine[3], DT_NAME[mine[2]])
        elseif h[4] ~= mine[4] then
          why = string.format("rank %d reduces with %s, rank %d with %s: every rank must pass the same op", r, OP_NAME[h[4]], comm.rank, OP_NAME[mine[4]])
        elseif h[5] ~= mine[5] then
          why = string.format("rank %d names root %d, rank %d names root %d: every rank must name the same root", r, h[5], comm.rank, mine[5])
        end
        if why then error(string.format("%s: %s (TILELUA_DIST_CHECK)", coll, why), 0) end
      end
    end
    tl._dist_call(comm.c, COLL[coll], ins, outs, OPS[op] or 0, root or 0)
  end

  local function run(who, coll, ins, outs, comm, op, root)
    local ok, err = pcall(checked_call, comm, coll, ins, outs, op, root)
    if not ok then fail("%s", (tostring(err):gsub("^[^:\n]*:%d+: ", ""))) end
  end

  local function result(list, outs) if list then return outs end return outs[1] end

  function dist.all_reduce(x, op, opts)
    local who = "all_reduce"
    opts = check_opts(who, opts)
    op = check_op(who, op)
    local ins, comm, list = ranks_of(who, x, opts)
    local outs = outs_of(who, ins, list, opts, ins[1]:numel(), ins[1]:shape(), true)
    run(who, "all_reduce", ins, outs, comm, op)
    return result(list, outs)
  end

  function dist.broadcast(x, root, opts)
    local who = "broadcast"
    opts = check_opts(who, opts)
    local ins, comm, list = ranks_of(who, x, opts)
    root = root or 0
    if math.type(root) ~= "integer" or root < 0 or root >= comm.size then
      fail("%s: root must be a rank in 0..%d (got %s)", who, comm.size - 1, tostring(root))
    end
    local outs = outs_of(who, ins, list, opts, ins[1]:numel(), ins[1]:shape(), true)
    run(who, "broadcast", ins, outs, comm, nil, root)
    return result(list, outs)
  end

  function dist.all_gather(x, opts)
    local who = "all_gather"
    opts = check_opts(who, opts)
    local ins, comm, list = ranks_of(who, x, opts)
    local shape = ins[1]:shape()
    if #shape == 0 then shape = { comm.size } else shape[1] = shape[1] * comm.size end
    local outs = outs_of(who, ins, list, opts, ins[1]:numel() * comm.size, shape, false)
    run(who, "all_gather", ins, outs, comm)
    return result(list, outs)
  end

  function dist.reduce_scatter(x, op, opts)
    local who = "reduce_scatter"
    opts = check_opts(who, opts)
    op = check_op(who, op)
    local ins, comm, list = ranks_of(who, x, opts)
    local shape = ins[1]:shape()
    if #shape == 0 or shape[1] % comm.size ~= 0 then
      fail("%s: the first dimension (%s) must be a multiple of the world size %d: rank r gets the r-th of %d equal chunks",
        who, #shape == 0 and "none: rank 0" or tostring(shape[1]), comm.size, comm.size)
    end
    shape[1] = shape[1] // comm.size
    local outs = outs_of(who, ins, list, opts, ins[1]:numel() // comm.size, shape, false)
    run(who, "reduce_scatter", ins, outs, comm, op)
    return result(list, outs)
  end

  -- point to point
  local mailbox = {} -- one process: ["from>to"] = queue of copies
  local function p2p(who, x, peer, opts)
    opts = check_opts(who, opts)
    check_tensor(who, x, "the tensor")
    if math.type(peer) ~= "integer" then fail("%s: peer must be an integer (got %s)", who, tostring(peer)) end
    if per_process() or opts.comm then
      local comm = opts.comm or dist.world()
      if comm.mode ~= "process" then fail("%s: a local communicator exchanges whole lists: use t:to(device) to move one tensor", who) end
      if peer < 0 or peer >= comm.size or peer == comm.rank then
        fail("%s: peer must be another rank: 0..%d except this one (%d) (got %d)", who, comm.size - 1, comm.rank, peer)
      end
      on_rank_device(who, comm, x, "the tensor")
      local ok, err = pcall(tl._dist_p2p, comm.c, who, x, peer)
      if not ok then fail("%s", (tostring(err):gsub("^[^:\n]*:%d+: ", ""))) end
      return x
    end
    local n = #tl.devices()
    local me = x:device()
    if peer < 0 or peer >= n or peer == me then
      fail("%s: peer must be another device: 0..%d except the tensor's own (%d) (got %d)", who, n - 1, me, peer)
    end
    if who == "send" then
      local key = me .. ">" .. peer
      mailbox[key] = mailbox[key] or {}
      table.insert(mailbox[key], x:to(peer)) -- a copy on the peer (peer ~= the own device)
    else
      local q = mailbox[peer .. ">" .. me]
      if not q or #q == 0 then
        fail("recv: nothing was sent from device %d to device %d (in one process a send must come before its recv)", peer, me)
      end
      local m = table.remove(q, 1)
      if m:dtype() ~= x:dtype() or m:numel() ~= x:numel() then
        fail("recv: device %d sent %d elements of %s, device %d receives %d elements of %s: send and recv must name the "
          .. "same shape and dtype", peer, m:numel(), tostring(m:dtype()), me, x:numel(), tostring(x:dtype()))
      end
      x:copy_from(m:reshape(x:shape()))
    end
    return x
  end
  function dist.send(x, peer, opts) return p2p("send", x, peer, opts) end
  function dist.recv(x, peer, opts) return p2p("recv", x, peer, opts) end

  function dist.sendrecv(x, to, y, from, opts)
    local who = "sendrecv"
    opts = check_opts(who, opts)
    check_tensor(who, x, "the tensor to send")
    check_tensor(who, y, "the tensor to receive into")
    for _, p in ipairs { { to, "to" }, { from, "from" } } do
      if math.type(p[1]) ~= "integer" then fail("%s: %s must be an integer (got %s)", who, p[2], tostring(p[1])) end
    end
    if per_process() or opts.comm then
      local comm = opts.comm or dist.world()
      if comm.mode ~= "process" then fail("%s: a local communicator exchanges whole lists: use t:to(device) to move one tensor", who) end
      for _, p in ipairs { { to, "to" }, { from, "from" } } do
        if p[1] < 0 or p[1] >= comm.size or p[1] == comm.rank then
          fail("%s: %s must be another rank: 0..%d except this one (%d) (got %d)", who, p[2], comm.size - 1, comm.rank, p[1])
        end
      end
      on_rank_device(who, comm, x, "the tensor to send")
      on_rank_device(who, comm, y, "the tensor to receive into")
      local ok, err = pcall(tl._dist_p2p, comm.c, who, x, to, y, from)
      if not ok then fail("%s", (tostring(err):gsub("^[^:\n]*:%d+: ", ""))) end
      return y
    end
    -- one process: the send goes first, so the peer's message must already be there
    if x:device() ~= y:device() then
      fail("%s: x lives on device %d and y on device %d: both belong to the device that sends and receives", who,
        x:device(), y:device())
    end
    p2p("send", x, to, opts)
    return p2p("recv", y, from, opts)
  end

  -- tl.with_device(i, fn, ...) -> fn(...)'s results with device i current (constructors put tensors there)
  function tl.with_device(i, fn, ...)
    local prev = tl.set_device(i)
    local r = table.pack(pcall(fn, ...))
    tl.set_device(prev)
    if not r[1] then error(r[2], 0) end
    return table.unpack(r, 2, r.n)
  end

  return dist
end
