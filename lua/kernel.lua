-- kernel.lua - tl.kernel: parameters, hints, tracing a body into IR per specialization, launching
-- on the CPU executor; plus the scalar functions (tl.lt, tl.select, tl.exp, ...) of kernel bodies.
local debug, os = debug, os -- captured at load: sandboxed scripts run without these globals
local tr = require "tilelua.trace"
local win = require "tilelua.window"

return function(tl)
  win.bind(tl)
  local Value, is_value = tr.Value, tr.is_value

  ---------------------------------------------------------------------------------------------
  -- scalar functions: symbolic inside a body, plain Lua arithmetic on numbers
  local function any_value(...)
    for i = 1, select("#", ...) do if is_value((select(i, ...))) then return true end end
    return false
  end
  local function cmp(op, lua_fn)
    return function(a, b)
      if any_value(a, b) then return tr.compare(op, a, b) end
      return lua_fn(a, b)
    end
  end
  tl.lt = cmp("lt", function(a, b) return a < b end)
  tl.le = cmp("le", function(a, b) return a <= b end)
  tl.gt = cmp("gt", function(a, b) return a > b end)
  tl.ge = cmp("ge", function(a, b) return a >= b end)
  tl.eq = cmp("eq", function(a, b) return a == b end)
  tl.ne = cmp("ne", function(a, b) return a ~= b end)
  local function as_bool(x) return is_value(x) and (x.dtype == "bool" and x or tr.compare("ne", x, 0)) or tr.as(x, "bool") end
  function tl.land(a, b)
    if any_value(a, b) then return tr.emit("and", "bool", { as_bool(a), as_bool(b) }) end
    return a and b
  end
  function tl.lor(a, b)
    if any_value(a, b) then return tr.emit("or", "bool", { as_bool(a), as_bool(b) }) end
    return a or b
  end
  function tl.lnot(a)
    if is_value(a) then return tr.emit("not", "bool", { as_bool(a) }) end
    return not a
  end
  function tl.select(c, a, b)
    if any_value(c, a, b) then
      local t, x, y = tr.unify(a, b)
      return tr.emit("select", t, { as_bool(c), x, y })
    end
    if c then return a else return b end
  end
  local function math1(op, lua_fn)
    return function(x)
      if is_value(x) then return tr.unary(op, x, op ~= "abs" and op ~= "neg") end
      return lua_fn(x)
    end
  end
  tl.exp = math1("exp", math.exp)
  tl.log = math1("log", math.log)
  -- tl.exp2(x[, {flush_to_zero = true}]): with flush_to_zero, f32 results below 2^-126 (the subnormals) may be 0:
  -- on NVIDIA one ex2.approx.ftz instruction instead of exp2f's fix-up of subnormal results around it (three
  -- instructions fewer a value: a softmax's exp2 of scores less their max); the executor and AMD's targets compute
  -- the subnormals as without it
  local exp2 = math1("exp2", function(x) return 2.0 ^ x end)
  function tl.exp2(x, opts)
    -- (an element's coordinates, as t:foreach(tl.exp2) passes them, are not options)
    if type(opts) == "table" and opts[1] ~= nil then opts = nil end
    if opts ~= nil then
      if type(opts) ~= "table" then error("tl.exp2: options must be a table such as {flush_to_zero = true} (got " .. type(opts) .. ")", 2) end
      for key, v in pairs(opts) do
        if key ~= "flush_to_zero" then error("tl.exp2: unknown option '" .. tostring(key) .. "' (expected flush_to_zero)", 2) end
        if type(v) ~= "boolean" then error("tl.exp2: flush_to_zero must be a boolean (got " .. tostring(v) .. ")", 2) end
      end
    end
    if not (opts and opts.flush_to_zero and is_value(x)) then return exp2(x) end
    return tr.unary("exp2", x, true, { imm = 1 })
  end
  tl.log2 = math1("log2", function(x) return math.log(x, 2) end)
  tl.sqrt = math1("sqrt", math.sqrt)
  tl.rsqrt = math1("rsqrt", function(x) return 1 / math.sqrt(x) end)
  tl.sin = math1("sin", math.sin)
  tl.cos = math1("cos", math.cos)
  tl.tanh = math1("tanh", function(x) local e = math.exp(2 * x); return (e - 1) / (e + 1) end)
  tl.floor = math1("floor", math.floor)
  tl.ceil = math1("ceil", math.ceil)
  tl.abs = math1("abs", math.abs)
  function tl.min(a, b)
    if any_value(a, b) then local t, x, y = tr.unify(a, b); return tr.emit("min", t, { x, y }) end
    return math.min(a, b)
  end
  function tl.max(a, b)
    if any_value(a, b) then local t, x, y = tr.unify(a, b); return tr.emit("max", t, { x, y }) end
    return math.max(a, b)
  end
  function tl.fma(a, b, c)
    if any_value(a, b, c) then
      local t = tr.unify(a, b)
      t = tr.unify(tr.as(a, t), c)
      return tr.emit("fma", t, { tr.as(a, t), tr.as(b, t), tr.as(c, t) })
    end
    return a * b + c
  end
  function tl.reduce(t, op, axis) return win.reduce(t, op, axis) end

  ---------------------------------------------------------------------------------------------
  -- parameter types and hints
  local TensorType = {}
  TensorType.__index = TensorType
  TensorType.__tostring = function(t) return string.format("tensor(%s, %d)", t.dtype, t.rank) end
  function tl.tensor(dtype, rank)
    local name = tr.dtname(dtype)
    if not name then error(string.format("tl.tensor: unknown dtype %s", tostring(dtype)), 2) end
    if math.type(rank) ~= "integer" or rank < 0 or rank > 8 then
      error(string.format("tl.tensor: rank must be an integer in 0..8 (got %s)", tostring(rank)), 2)
    end
    return setmetatable({ kind = "tensor", dtype = name, rank = rank }, TensorType)
  end

  local ByTarget = {}
  ByTarget.__index = ByTarget
  ByTarget.__tostring = function(b)
    local parts = {}
    for k, v in pairs(b.values) do parts[#parts + 1] = k .. "=" .. tostring(v) end
    table.sort(parts)
    return "by_target{" .. table.concat(parts, ", ") .. "}"
  end
  function tl.by_target(values)
    if type(values) ~= "table" then error("tl.by_target: expected a table {default = v, sm_90 = v, ...}", 2) end
    for k in pairs(values) do
      if type(k) ~= "string" or not (k == "default" or k:match("^sm_%d+$") or k:match("^gfx%w+$")) then
        error(string.format("tl.by_target: key %s is not 'default', sm_NN or gfxNNN", tostring(k)), 2)
      end
    end
    local copy = {}
    for k, v in pairs(values) do copy[k] = v end
    return setmetatable({ values = copy }, ByTarget)
  end
  local function resolve(v, target)
    if getmetatable(v) == ByTarget then
      local x = v.values[target]
      if x == nil then x = v.values.default end
      return x
    end
    return v
  end

  local HINT_RULES = {
    occupancy = function(v) return math.type(v) == "integer" and v >= 1 and v <= 32, "an integer in 1..32" end,
    num_ctas = function(v) return v == 1 or v == 2 or v == 4 or v == 8 or v == 16, "1, 2, 4, 8 or 16" end,
    latency = function(v) return math.type(v) == "integer" and v >= 1 and v <= 10, "an integer in 1..10" end,
    allow_tma = function(v) return type(v) == "boolean", "a boolean" end,
    uniform_warp = function(v) return type(v) == "boolean", "a boolean" end,
    remat_offsets = function(v) return type(v) == "boolean", "a boolean" end,
  }
  local HINT_NAMES = "occupancy, num_ctas, latency, allow_tma, uniform_warp or remat_offsets"
  local function check_hint(name, v, level)
    local rule = HINT_RULES[name]
    if not rule then
      error(string.format("hints: unknown hint '%s' (expected %s)", tostring(name), HINT_NAMES), level)
    end
    local values = getmetatable(v) == ByTarget and v.values or { default = v }
    for target, x in pairs(values) do
      local ok, want = rule(x)
      if not ok then
        error(string.format("hints: %s%s must be %s (got %s)", name,
          getmetatable(v) == ByTarget and ("[" .. target .. "]") or "", want, tostring(x)), level)
      end
    end
  end
  tl._check_hint = check_hint

  ---------------------------------------------------------------------------------------------
  -- kernel parameters inside a body
  local TensorParam = {}
  TensorParam.__index = TensorParam
  -- p.x[i] = v would only set a field of the Lua table at trace time: the value would be lost
  TensorParam.__newindex = function(self, key)
    tr.fail("kernel parameter '%s' cannot be assigned (p.%s[%s] = ...): store elements with p.%s:store({i, j}, v) " ..
            "or a window's :store(t)", self.name, self.name, type(key) == "table" and "{...}" or tostring(key), self.name)
  end
  function TensorParam:shape(d)
    if math.type(d) ~= "integer" or d < 0 or d >= self.rank then
      tr.fail("%s:shape(d): dimension %s out of range 0..%d", self.name, tostring(d), self.rank - 1)
    end
    return self.shape_v[d]
  end
  function TensorParam:stride(d)
    if math.type(d) ~= "integer" or d < 0 or d >= self.rank then
      tr.fail("%s:stride(d): dimension %s out of range 0..%d", self.name, tostring(d), self.rank - 1)
    end
    return self.stride_v[d]
  end
  TensorParam.shape_value = TensorParam.shape
  function TensorParam:stride_value(d)
    if d == self.rank - 1 and self.contiguous then return 1 end
    return self.stride_v[d]
  end
  function TensorParam:offset_of(idx)
    if type(idx) ~= "table" or #idx ~= self.rank then
      tr.fail("%s: an index needs %d coordinates, got %s", self.name, self.rank,
              type(idx) == "table" and tostring(#idx) or type(idx))
    end
    local off = nil
    for d = 1, self.rank do
      local s = self:stride_value(d - 1)
      local x = tr.as(idx[d], "i64")
      local term = s == 1 and x or x * s
      off = off and (off + term) or term
    end
    return off or tr.const(0, "i64")
  end
  -- p.x:load({i, j}, {mask = m, pad = 0}) / p.x:store({i, j}, v, {mask = m})
  function TensorParam:load(idx, opts)
    opts = opts or {}
    local ops = { self:offset_of(idx) }
    if opts.mask ~= nil then ops[2] = as_bool(opts.mask) end
    local pad = opts.pad or 0
    local fields = { imm = self.index }
    if tr.FLOAT[self.dtype] then fields.fimm = pad else fields.imm2 = pad end
    return tr.emit("load", self.dtype, ops, fields)
  end
  function TensorParam:store(idx, v, opts)
    opts = opts or {}
    local ops = { self:offset_of(idx), tr.as(v, self.dtype) }
    if opts.mask ~= nil then ops[3] = as_bool(opts.mask) end
    tr.emit("store", nil, ops, { imm = self.index })
  end
  function TensorParam:atomic(op, idx, v, opts)
    opts = opts or {}
    return win.atomic_at(self, self:offset_of(idx), opts.mask ~= nil and as_bool(opts.mask) or nil, op, v, opts)
  end
  for op in pairs(win.ATOMIC_OPS) do
    TensorParam["atomic_" .. op] = function(self, idx, v, opts) return self:atomic(op, idx, v, opts) end
    win.Window["atomic_" .. op] = function(self, t, opts) return self:atomic(op, t, opts) end
    win.Lds["atomic_" .. op] = function(self, idx, v, opts) return self:atomic(op, idx, v, opts) end
  end

  ---------------------------------------------------------------------------------------------
  -- the k object of a body
  local K = {}
  K.__index = K
  function K.thread_id() return tr.current().tid end
  function K.block_id(d)
    d = d or 0
    if d ~= 0 and d ~= 1 and d ~= 2 then tr.fail("k.block_id(d): d must be 0, 1 or 2 (got %s)", tostring(d)) end
    return tr.current().bid[d]
  end
  function K.grid_dim(d)
    d = d or 0
    if d ~= 0 and d ~= 1 and d ~= 2 then tr.fail("k.grid_dim(d): d must be 0, 1 or 2 (got %s)", tostring(d)) end
    return tr.current().gdim[d]
  end
  function K.lane_id() local c = tr.current(); return c.tid % tr.const(c.warp, "i32") end
  function K.warp_id() local c = tr.current(); return c.tid // tr.const(c.warp, "i32") end
  function K:window(src, origin, lengths, dist, curve) return win.window(self, src, origin, lengths, dist, curve) end
  -- k:sync{warps = n}: a group barrier. Every thread of the block reaches it, as k:sync(), but each waits
  -- only for the threads of its own aligned group of n warps (say a warpgroup, n = 4): LDS a group wrote
  -- before it is visible to that group after it, while the other groups run on (named barriers on NVIDIA;
  -- on AMD, which has none, a block barrier, which waits for more but orders the same accesses)
  function K:sync(opts)
    local c = tr.current()
    if c.role then
      tr.fail("k:sync() inside a role: the block's other roles never reach a block-wide barrier (role:sync() " ..
              "synchronizes the role's own threads)")
    end
    if opts == nil then tr.emit("barrier", nil, {}); return end
    local n, nw = tr.group_warps(opts, "k:sync"), c.block // c.warp
    if math.type(n) ~= "integer" or n < 1 or nw % n ~= 0 or nw // n > 15 then
      tr.fail("k:sync{warps = %s}: the group must be a whole number of warps that divides the block's %d warps into at " ..
              "most 15 groups (one named barrier each)", tostring(n), nw)
    end
    -- (the block's every warp: the block barrier itself)
    tr.emit("barrier", nil, {}, n < nw and { imm = n * c.warp } or nil)
  end
  -- k:copy(dst, src): the tile of window src (a tensor) into window dst (LDS), asynchronously where
  -- the target can: a TMA box copy on sm_90 (allow_tma, the default; lua/async.lua group_copy says
  -- when), else cp.async on NVIDIA sm_80+; k:copy_commit() closes the group of copies issued since
  -- the last one, k:copy_wait(n) waits until at most n groups are in flight. The data is visible
  -- to the block after k:copy_wait and then k:sync().
  -- k:copy(dst, src, {tma = false}): cp.async even where TMA could copy the tile ({tma = true}: the
  -- default choice).
  -- k:copy(dst, src, {barrier = mb, index = i}): a TMA box copy completing on an mbarrier (lua/async.lua)
  -- A copy-group copy (no barrier option) returns true when it is a TMA box copy, false when it is
  -- cp.async: TMA's data is visible to each thread that waits for its group, cp.async's to the block
  -- only after k:sync().
  function K:copy(dst, src, opts)
    if opts ~= nil then
      if type(opts) ~= "table" then tr.fail("k:copy(dst, src, opts): opts must be a table such as {barrier = mb, index = i}") end
      local load = type(dst) == "table" and type(dst.src) == "table" and dst.src.is_lds
      if not (load and opts.tma ~= nil and opts.barrier == nil) then return self:tma_copy(dst, src, opts) end
      for key in pairs(opts) do
        if key ~= "tma" then tr.fail("k:copy(dst, src, {tma = ...}): unknown option '%s' with tma (a copy group's copy)", tostring(key)) end
      end
      if type(opts.tma) ~= "boolean" then tr.fail("k:copy: tma must be a boolean (got %s)", tostring(opts.tma)) end
      if opts.tma and self:group_copy(dst, src) then return true end
      win.copy(dst, src)
      return false
    end
    if self:group_copy(dst, src) then return true end
    win.copy(dst, src)
    return false
  end
  function K:copy_commit() tr.emit("async_commit", nil, {}) end
  function K:copy_wait(n)
    n = n or 0
    if math.type(n) ~= "integer" or n < 0 or n > 7 then
      tr.fail("k:copy_wait(n): n is the number of copy groups left in flight, an integer in 0..7 (got %s)", tostring(n))
    end
    tr.emit("async_wait", nil, {}, { imm = n })
  end
  function K:lds(dtype, lengths, opts)
    local c = tr.current()
    local name = tr.dtname(dtype)
    if not name then tr.fail("lds: unknown dtype %s", tostring(dtype)) end
    if type(lengths) ~= "table" or #lengths < 1 then tr.fail("lds: lengths must be a non-empty sequence") end
    local desc = opts and opts.swizzle
    if c.region ~= 0 then tr.fail("lds: declare LDS buffers at the top level of the body, not inside k:range/k:when") end
    return win.lds_buffer(c, name, lengths, desc)
  end
  function K:shfl_xor(v, mask)
    if math.type(mask) ~= "integer" or mask < 1 or mask >= tr.current().warp then
      tr.fail("shfl_xor: lane mask %s out of range 1..%d", tostring(mask), tr.current().warp - 1)
    end
    return tr.emit("shfl_xor", v.dtype, { v }, { imm = mask })
  end
  function K:shfl(v, lane) return tr.emit("shfl_idx", v.dtype, { v, tr.as(lane, "i32") }) end
  -- k:wgmma_wait(n): wait until at most n (0..7) of this warpgroup's wgmma groups are in flight
  -- (after wgmma shapes' mma(..., {pending = n}); NVIDIA sm_90)
  function K:wgmma_wait(n)
    n = n or 0
    if math.type(n) ~= "integer" or n < 0 or n > 7 then
      tr.fail("k:wgmma_wait(n): n is 0..7 (groups left in flight), got %s", tostring(n))
    end
    local t = tl.target()
    if not t.wgmma then tl.unsupported(t.arch, "k:wgmma_wait: wgmma exists on NVIDIA sm_90 (Hopper) only") end
    tr.emit("wgmma_wait", nil, {}, { imm = n })
  end
  -- k:mma(a, b[, c]): one warp-level matrix multiply-accumulate on fragments (lua/mma.lua)
  function K:mma(a, b, c) return tl.mma(a, b, c) end
  -- k:note(text): a line kernel:report() shows for the last trace (a builder saying what it chose)
  function K:note(text)
    local c = tr.current()
    c.notes = c.notes or {}
    c.notes[#c.notes + 1] = tostring(text)
  end
  require("tilelua.async")(tl, K)
  -- k:hint(name) -> the kernel's hint (its default value where it is given per target), nil when
  -- absent: a hint the body reads shapes the trace (e.g. std.gemm's pipeline depth from latency)
  function K:hint(name)
    if not HINT_RULES[name] then
      tr.fail("k:hint: unknown hint '%s' (expected %s)", tostring(name), HINT_NAMES)
    end
    return self.kernel_hints[name]
  end

  -- run-time loops and branches: k:range, k:range_while, k:when (control.lua)
  require("tilelua.control")(K, as_bool)

  ---------------------------------------------------------------------------------------------
  -- kernels
  local Kernel = {}
  Kernel.__index = Kernel

  local function ordered_params(params)
    local list = {}
    if params == nil then return list end
    if type(params) ~= "table" then error("tl.kernel: params must be a table", 3) end
    if #params > 0 then
      for i, p in ipairs(params) do
        if type(p) ~= "table" or type(p[1]) ~= "string" then
          error(string.format("tl.kernel: params[%d] must be {name, type}", i), 3)
        end
        list[#list + 1] = { name = p[1], type = p[2] }
      end
    else
      for name, ty in pairs(params) do list[#list + 1] = { name = name, type = ty } end
      table.sort(list, function(a, b) return a.name < b.name end)
    end
    for _, p in ipairs(list) do
      local why = tl._c_name_problem(p.name)
      if why then error(string.format("tl.kernel: parameter name '%s' is not usable in C: %s", p.name, why), 3) end
      if getmetatable(p.type) == TensorType then p.kind = "tensor"; p.dtype = p.type.dtype; p.rank = p.type.rank
      else
        local dt = tr.dtname(p.type)
        if not dt then
          error(string.format("tl.kernel: parameter '%s' has type %s; expected tl.f32 etc. or tl.tensor(dtype, rank)", p.name, tostring(p.type)), 3)
        end
        p.kind = "scalar"; p.dtype = dt; p.rank = 0
      end
    end
    return list
  end

  function tl.kernel(spec)
    if type(spec) ~= "table" then error("tl.kernel: expected a table {name, block, params, body}", 2) end
    local name = spec.name or "kernel"
    if type(name) ~= "string" or not name:match("^[%a_][%w_]*$") then
      error(string.format("tl.kernel: name must be an identifier (got %s)", tostring(name)), 2)
    end
    local why = tl._c_name_problem(name)
    if why then error(string.format("tl.kernel: the name '%s' is not usable as a C identifier: %s", name, why), 2) end
    -- block: threads per block, or a function(target) -> threads (a block of whole warps of any target)
    local block_fn = type(spec.block) == "function" and spec.block or nil
    local warp = spec.warp or tl.default_warp()
    if warp ~= 32 and warp ~= 64 then error(string.format("tl.kernel '%s': warp must be 32 or 64 (got %s)", name, tostring(warp)), 2) end
    local block = spec.block or 256
    if block_fn then block = block_fn(tl.target()) end
    if math.type(block) ~= "integer" or block < 1 or block > 1024 then
      error(string.format("tl.kernel '%s': block must be an integer in 1..1024 (got %s)", name, tostring(block)), 2)
    end
    if type(spec.body) ~= "function" then error(string.format("tl.kernel '%s': body must be a function(k, p)", name), 2) end
    local hints = {}
    for k, v in pairs(spec.hints or {}) do check_hint(k, v, 3); hints[k] = v end
    local info = debug.getinfo(2, "S")
    local params = ordered_params(spec.params)
    local sig = {}
    for i, p in ipairs(params) do sig[i] = string.char(p.kind == "tensor" and 84 or 83, tl._dtype_code(p.dtype)) end
    local kern = setmetatable({ name = name, block = block, params = params, body = spec.body, sig = table.concat(sig),
                          hints = hints, warp = warp, warp_given = spec.warp, block_fn = block_fn,
                          specs = {}, variants = {}, traces = 0, launches = 0,
                          script = info and info.short_src or "?", lds_limit = spec.lds_limit or tl._lds_max }, Kernel)
    -- by name, for hosts (tlua_kernel_find, Python's State.kernel); not the instances a retargetable
    -- builder makes while another target is current (tilesh --cross, kernel:source(arch))
    if tl._target_depth() == 0 then tl._kernels[name] = kern end
    return kern
  end
  tl._kernels = {}

  function Kernel:replace_hints(new)
    if type(new) ~= "table" then error("replace_hints: expected a table of hints", 2) end
    local hints = {}
    for k, v in pairs(self.hints) do hints[k] = v end
    for k, v in pairs(new) do check_hint(k, v, 3); hints[k] = v end
    local copy = {}
    for k, v in pairs(self) do copy[k] = v end
    copy.hints, copy.specs, copy.variants, copy.traces, copy.launches = hints, {}, {}, 0, 0
    copy.fingerprint, copy.why, copy.crossed, copy.launcher, copy.per_target = nil, nil, nil, nil, nil
    if self.rebuild then -- a std kernel rebuilt for another target takes the same hints
      local base = self.rebuild
      copy.rebuild = function() return base():replace_hints(new) end
    end
    return setmetatable(copy, Kernel)
  end
  -- the arch this kernel instance is traced for: its own (an instance made by for_target), else the
  -- selected device's, else "cpu"
  function Kernel:target_arch() return self.bound_arch or tl.host_target() end
  -- The target facts a trace of this instance sees (k.target): on the executor, the kernel's warp.
  local function target_of(self)
    local arch = self:target_arch()
    if arch == "cpu" then return tl._cpu_target(self.warp) end
    return tl.target(arch)
  end

  -- Kernel:for_target(arch) -> the instance of this kernel traced for arch (itself for its own
  -- target). A kernel made by a retargetable builder (tl.retargetable, every std kernel) is built
  -- again with arch current; another keeps its body and takes the target's warp, unless it was
  -- given one, and its block from block = function(target) when it has one.
  function Kernel:for_target(arch)
    if arch == self:target_arch() then return self end
    self.per_target = self.per_target or {}
    local kt = self.per_target[arch]
    if kt then return kt end
    local t = tl.target(arch)
    local base = self.rebuild and tl.with_target(t, self.rebuild) or self
    kt = {}
    for k, v in pairs(base) do kt[k] = v end
    kt.specs, kt.variants, kt.traces, kt.launches = {}, {}, 0, 0
    kt.why, kt.crossed, kt.launcher, kt.per_target, kt.last_ir, kt.last_key, kt.last_facts = nil, nil, nil, nil, nil, nil, nil
    kt.bound_arch = arch
    if not self.rebuild then
      kt.warp = self.warp_given or t.warp
      if self.block_fn then kt.block = self.block_fn(t) end
    end
    if kt.sig ~= self.sig then
      tr.fail("kernel '%s': built for %s it has other parameters (%s) than for %s", self.name, arch, kt.sig, self:target_arch())
    end
    setmetatable(kt, Kernel)
    self.per_target[arch] = kt
    return kt
  end

  -- tl.retargetable(builder) -> a function like builder (which returns a kernel built for the current
  -- target, tl.target()) whose kernels remember how to build themselves for another target
  -- (kernel:for_target, tilesh --cross, kernel:source(arch)): builder runs again with the same
  -- arguments while that target is current.
  function tl.retargetable(builder)
    if type(builder) ~= "function" then error("tl.retargetable: expected a function(...) -> kernel", 2) end
    return function(...)
      local res = table.pack(builder(...))
      local kern = res[1]
      if getmetatable(kern) == Kernel and not kern.rebuild then
        local args = table.pack(...)
        kern.rebuild = function() return (builder(table.unpack(args, 1, args.n))) end
      end
      return table.unpack(res, 1, res.n)
    end
  end
  function Kernel:get_hints(target)
    local out = {}
    for k, v in pairs(self.hints) do out[k] = resolve(v, target or "cpu") end
    return out
  end

  local device_arch
  local trace_in
  local function trace(self, facts)
    local t = target_of(self)
    if t.warp ~= self.warp then t = setmetatable({ warp = self.warp }, { __index = t }) end
    return tl.with_target(t, trace_in, self, facts, t)
  end
  function trace_in(self, facts, target)
    local ir = tl._ir_new(self.name, self.block, self.warp)
    -- (a body of tilelua's own files, the stdlib's: #line names its file and lines, for profilers; the user's
    -- kernels: the script and the user's lines, which errors name too)
    local body = debug.getinfo(self.body, "S")
    local own = body and body.source:find("^@tilelua/") and body.source or nil
    ir:set_source(own and body.short_src or self.script)
    local c = tr.begin(ir, self.name, self.warp, self.block, own)
    c.lds_limit = self.lds_limit
    local ok, err = pcall(function()
      local p = {}
      for i, prm in ipairs(self.params) do
        local index = ir:param(prm.name, prm.kind, prm.dtype, prm.rank)
        if prm.kind == "tensor" then
          local f = facts[i]
          ir:specialize(index, f.sdiv, f.tdiv, f.aligned, f.contiguous, f.ldiv)
          p[prm.name] = setmetatable({ is_tensor = true, name = prm.name, index = index, dtype = prm.dtype,
                                       rank = prm.rank, contiguous = f.contiguous, shape_v = {}, stride_v = {},
                                       shape_div16 = f.sdiv, stride_div16 = f.tdiv, aligned16 = f.aligned,
                                       last_div = f.ldiv },
                                     TensorParam)
        else
          p[prm.name] = { index = index, dtype = prm.dtype }
        end
      end
      c.tid = tr.emit("thread_id", "i32", {})
      c.bid, c.gdim = {}, {}
      for d = 0, 2 do c.bid[d] = tr.emit("block_id", "i32", {}, { imm = d }) end
      for d = 0, 2 do c.gdim[d] = tr.emit("grid_dim", "i32", {}, { imm = d }) end
      for i, prm in ipairs(self.params) do
        local v = p[prm.name]
        if prm.kind == "tensor" then
          for d = 0, prm.rank - 1 do
            v.shape_v[d] = tr.emit("shape", "i64", {}, { imm = v.index, imm2 = d })
            v.stride_v[d] = tr.emit("stride", "i64", {}, { imm = v.index, imm2 = d })
          end
        else
          p[prm.name] = tr.emit("param", prm.dtype, {}, { imm = v.index })
        end
      end
      local k = setmetatable({ block_size = self.block, warp_size = self.warp, name = self.name, target = target,
                               kernel_hints = self:get_hints(target.arch == "cpu" and "default" or target.arch) }, K)
      c.hints = k.kernel_hints -- (what the tracer's lowering reads: remat_offsets in window.lua)
      c.in_body = true -- (the body's own lines from here: the prologue above has none, src_line -1)
      self.body(k, p)
      c.in_body = false
      local ctas = k.kernel_hints.num_ctas
      if ctas and ctas > 1 and target.clusters then ir:set_cluster(ctas) end
      ir:verify()
      self.trace_notes, self.tma_notes = c.notes, c.tma_notes
    end)
    tr.finish()
    if not ok then error(err, 0) end
    self.traces = self.traces + 1
    return ir
  end

  local launch = require("tilelua.launch")(tl, function(kernel, facts) return trace(kernel, facts) end)
  tl.cache = tl.cache or {}
  tl.cache.explain = function(kernel)
    if getmetatable(kernel) ~= Kernel then error("cache.explain: expected a kernel", 2) end
    return launch.explain(kernel)
  end
  -- tl.set_cross{"sm_90", "gfx90a"} (tilesh --cross=): every variant launched from now on is also
  -- compiled for these targets, one line each on stdout ("cross <kernel> <target> <bytes> hit|miss").
  -- Each target is checked now: its compiler must load and accept it.
  function tl.set_cross(targets)
    if type(targets) ~= "table" then error("set_cross: expected a sequence of targets such as {\"sm_90\", \"gfx90a\"}", 2) end
    for i, a in ipairs(targets) do
      if type(a) ~= "string" then error(string.format("set_cross: target %d must be a string (got %s)", i, type(a)), 2) end
      local ok, err = pcall(tl._compiler_id, a)
      if not ok then error(string.format("set_cross: target '%s' cannot be compiled here: %s", a, (tostring(err):gsub("^[^:]*:%d+: ", ""))), 2) end
    end
    tl._cross_targets = #targets > 0 and targets or nil
    tl._cross_failures = 0
  end
  -- compiles that failed under set_cross
  function tl.cross_failures() return tl._cross_failures or 0 end

  -- TILELUA_CHECK_CPU=1: every GPU launch also runs on the CPU executor and the results are compared
  local check_cpu = os and os.getenv and os.getenv("TILELUA_CHECK_CPU") == "1"
  -- the selected GPU's arch ("sm_90"), false on the cpu backend; asked once per state
  local arch_cache
  function device_arch()
    if arch_cache == nil then
      local name, info = tl.backend()
      arch_cache = name ~= "cpu" and info.arch or false
    end
    return arch_cache
  end
  tl._device_arch = device_arch

  -- the grid as {x, y, z}, the specialization key of the arguments and the facts it is made of;
  -- every argument checked against the kernel's parameters
  local function specialize(self, grid, args)
    if type(grid) ~= "table" or #grid < 1 or #grid > 3 then
      tr.fail("kernel '%s': grid must be a sequence of 1 to 3 block counts", self.name)
    end
    local g = { 1, 1, 1 }
    for d = 1, #grid do
      if math.type(grid[d]) ~= "integer" or grid[d] < 1 then
        tr.fail("kernel '%s': grid[%d] must be a positive integer (got %s)", self.name, d, tostring(grid[d]))
      end
      g[d] = grid[d]
    end
    -- argument checks and the specialization key (Triton-like: dtypes, ranks, divisibility of
    -- shapes and strides by 16, 16-byte alignment, contiguous last dimension) in one pass
    local parts, facts = { "w" .. self.warp }, {}
    local dev, dev_of -- a launch runs on the device of its tensors: they must agree
    for i, p in ipairs(self.params) do
      local a = args[i]
      if p.kind == "tensor" then
        local dt, rank, part, sdiv, tdiv, aligned, contiguous, adev, ldiv = tl._launch_facts(a)
        if not dt then
          tr.fail("kernel '%s': argument '%s' must be a tensor (got %s)", self.name, p.name, type(a))
        end
        if dt ~= p.dtype then
          tr.fail("kernel '%s': argument '%s' must be a %s tensor (got %s)", self.name, p.name, p.dtype, dt)
        end
        if rank ~= p.rank then
          tr.fail("kernel '%s': argument '%s' must have rank %d (got %d)", self.name, p.name, p.rank, rank)
        end
        if dev == nil then
          dev, dev_of = adev, p.name
        elseif adev ~= dev then
          tr.fail("kernel '%s': argument '%s' is on device %d but argument '%s' is on device %d; a launch runs on the "
            .. "device of its tensors, so all must be on one (move one with t:to(%d))", self.name, p.name, adev, dev_of, dev, dev)
        end
        facts[i] = { sdiv = sdiv, tdiv = tdiv, aligned = aligned, contiguous = contiguous, ldiv = ldiv }
        parts[#parts + 1] = part
      else
        if type(a) ~= "number" and type(a) ~= "boolean" then
          tr.fail("kernel '%s': argument '%s' must be a number (%s), got %s", self.name, p.name, p.dtype, type(a))
        end
        if not tr.FLOAT[p.dtype] and type(a) == "number" and math.type(a) ~= "integer" and a ~= math.floor(a) then
          tr.fail("kernel '%s': argument '%s' is a %s and must be an integer (got %s)", self.name, p.name, p.dtype, tostring(a))
        end
        parts[#parts + 1] = p.dtype
      end
    end
    local key = table.concat(parts, ";")
    self.last_key, self.last_facts, self.last_ir = key, facts, self.specs[key]
    return g, key, facts, dev or tl.current_device()
  end

  -- The IR of the last specialization launched, traced now when its code came from the cache
  -- (kernel:ir() and kernel:source() show what the cached object was built from).
  local function shown_ir(self)
    if self.last_ir then return self.last_ir end
    if not self.last_facts then
      error(string.format("kernel '%s' has not been launched yet: no specialization to show", self.name), 3)
    end
    local ir = self.specs[self.last_key] or launch.trace(self, self.last_facts)
    self.specs[self.last_key] = ir
    self.last_ir = ir
    return ir
  end

  function Kernel:launch(grid, args)
    local g, key, facts, dev = specialize(self, grid, args)
    local arch = device_arch()
    self.launches = self.launches + 1
    if arch then
      local ctas = self.hints.num_ctas and self:get_hints(arch).num_ctas
      if ctas and not (arch:match("^sm_") and tonumber(arch:match("%d+")) >= 90) then ctas = nil end
      if ctas and ctas > 1 and g[1] % ctas ~= 0 then
        tr.fail("kernel '%s': hint num_ctas = %d groups blocks into clusters along x, so grid[1] must be a multiple of %d (got %d)",
          self.name, ctas, ctas, g[1])
      end
      local fn = launch.gpu_function(self, key, facts, arch, dev)
      if tl._cross_targets then launch.cross(self, key, facts) end
      local check = check_cpu and launch.cpu_twin(self, key, facts, g, args)
      if not check_cpu then -- later launches with these facts take the C fast path (launcher_lua.c)
        self.launcher = self.launcher or tl._launcher_new(self.sig, self.block, self.name, ctas or 1)
        tl._launcher_add(self.launcher, fn, args)
      end
      local ok, err = pcall(tl._gpu_launch, fn, g[1], g[2], g[3], self.block, self.sig, args, self.name)
      if not ok then tr.fail("%s", (tostring(err):gsub("^[^:]*:%d+: ", ""))) end
      if check then launch.compare_twin(self, check, args) end
      return self
    end
    local ir = launch.cpu_ir(self, key, facts)
    if tl._cross_targets then launch.cross(self, key, facts) end
    local ok, stats = pcall(tl._exec, ir, g, args)
    if not ok then tr.fail("%s", (tostring(stats):gsub("^[^:]*:%d+: ", ""))) end
    self.lane_ops = (self.lane_ops or 0) + stats
    return self
  end

  -- the grid and the argument sequence of a call: k(grid, args...) or k{grid = ..., name = value}
  local function call_args(self, a, ...)
    if type(a) == "table" and a.grid ~= nil and select("#", ...) == 0 then
      local args = {}
      for i, p in ipairs(self.params) do
        if a[p.name] == nil then
          tr.fail("kernel '%s': missing argument '%s'", self.name, p.name)
        end
        args[i] = a[p.name]
      end
      for k2 in pairs(a) do
        if k2 ~= "grid" then
          local known = false
          for _, p in ipairs(self.params) do if p.name == k2 then known = true end end
          if not known then tr.fail("kernel '%s': unknown argument '%s'", self.name, tostring(k2)) end
        end
      end
      return a.grid, args
    end
    local args = table.pack(...)
    if args.n ~= #self.params then
      tr.fail("kernel '%s': expected %d arguments after the grid, got %d", self.name, #self.params, args.n)
    end
    return a, args
  end

  function Kernel._call(self, ...) return self:launch(call_args(self, ...)) end

  -- Kernel:prepare(grid, args...): everything a launch does but the launch (argument checks, the
  -- specialization, the cache, compiling and loading); returns the kernel. For ahead-of-time use.
  function Kernel:prepare(...)
    local _, key, facts, dev = specialize(self, call_args(self, ...))
    local arch = device_arch()
    if arch then launch.gpu_function(self, key, facts, arch, dev) else launch.cpu_ir(self, key, facts) end
    if tl._cross_targets then launch.cross(self, key, facts) end
    return self
  end
  -- k(grid, args...): launches already specialized on a GPU go straight through C (launcher_lua.c)
  Kernel.__call = tl._fast_call(Kernel._call)

  -- the IR of the last specialization traced (or of the one for these args)
  function Kernel:ir()
    return shown_ir(self):print()
  end
  -- the IR object itself (for tl._hip_source and the IR's queries), traced now when the last
  -- launch's code object came from a cache (kernel.last_ir is nil then)
  function Kernel:ir_object()
    return shown_ir(self)
  end
  -- the HIP source of the last traced specialization for target (an arch: "sm_90", "gfx90a")
  -- The instance and IR of the last specialization for target (traced for it on demand: the
  -- target's warp, its std configuration, what the body chose by k.target)
  local function shown_for(self, target)
    local ir = shown_ir(self)
    if target == nil or target == self:target_arch() then return self, ir end
    local kt, tspec = launch.for_target(self, self.last_key, target)
    local tir = kt.specs[tspec]
    if not tir then
      tir = launch.trace(kt, self.last_facts)
      kt.specs[tspec] = tir
    end
    kt.last_key, kt.last_facts, kt.last_ir = tspec, self.last_facts, tir
    return kt, tir
  end
  local function check_target(target, who)
    if target ~= nil and type(target) ~= "string" then
      error(string.format("%s: target must be an arch name such as \"sm_90\" or \"gfx942\"", who), 3)
    end
    if target ~= nil and target ~= "cpu" then
      local ok, why = tl._describe_target(target)
      if not ok then error(string.format("%s: unknown target '%s': %s", who, target, why), 3) end
    end
  end
  -- the HIP source of the last specialization for target (an arch: "sm_90", "gfx942"), traced for
  -- that target; default: the selected GPU's, sm_90 on the cpu backend
  function Kernel:source(target)
    check_target(target, "source")
    target = target or device_arch() or "sm_90"
    local kt, ir = shown_for(self, target)
    local h = kt:get_hints(target)
    return (tl._hip_source(ir, { arch = target, occupancy = h.occupancy, num_ctas = h.num_ctas, uniform_warp = h.uniform_warp }))
  end
  -- what the kernel is and what its hints do, for the selected device or for target (an arch)
  function Kernel:report(target)
    check_target(target, "report")
    if target ~= nil and target ~= self:target_arch() then
      local kt = shown_for(self, target)
      local t = tl.target(target)
      local lines = { string.format("kernel %s for %s (%s, %s, warp %d): block %d, traced %d time(s)%s", kt.name, target,
        t.vendor, t.family, kt.warp, kt.block, kt.traces, kt.name ~= self.name and " (built for " .. target .. " by its std builder)" or "") }
      lines[#lines + 1] = string.format("  matrix unit: %s; LDS up to %d bytes per block", t.matrix or ("none: " .. (t.matrix_missing or "")), t.lds)
      local names = {}
      for k in pairs(kt.hints) do names[#names + 1] = k end
      table.sort(names)
      for _, k in ipairs(names) do
        lines[#lines + 1] = string.format("  hint %s = %s for %s", k, tostring(kt:get_hints(target)[k]), target)
      end
      for _, n in ipairs(kt.tma_notes or {}) do lines[#lines + 1] = "  TMA copy: " .. n end
      for _, n in ipairs(kt.trace_notes or {}) do lines[#lines + 1] = "  note: " .. n end
      return table.concat(lines, "\n")
    end
    local lines = { string.format("kernel %s: block %d, warp %d, %d specialization(s), %d trace(s), %d launch(es)",
      self.name, self.block, self.warp, self:count_specs(), self.traces, self:launch_count()) }
    local hints = {}
    for k in pairs(self.hints) do hints[#hints + 1] = k end
    table.sort(hints)
    local arch = device_arch()
    local did = {
      occupancy = function(v) return string.format("__launch_bounds__(%d, %s) on NVIDIA, amdgpu_waves_per_eu on AMD", self.block, tostring(v)) end,
      num_ctas = function(v)
        if arch:match("^sm_") and tonumber(arch:match("%d+")) >= 90 then
          return string.format("__cluster_dims__(%s, 1, 1): clusters of %s blocks along x", tostring(v), tostring(v))
        end
        return "ignored: thread-block clusters exist on sm_90 and later only"
      end,
      latency = function(v)
        return string.format("%s: given to the body at trace time (k:hint \"latency\"); std.gemm sets its K-loop pipeline depth from it", tostring(v))
      end,
      allow_tma = function(v)
        if v == false then return "false: k:copy stays cp.async and k:copy with barrier= (a TMA copy) is an error in this kernel" end
        return "k:copy lowers to TMA box copies where the tensor and the LDS layout allow (the notes say where not), " ..
               "as k:copy(dst, src, {barrier = mb, index = i}) does; the lines below list them"
      end,
      uniform_warp = function(v)
        if v ~= true then return "false: the warp index is the thread id divided, as without the hint" end
        if not arch:match("^sm_") then return "ignored: the warp index is broadcast on NVIDIA only" end
        return "the warp index broadcast from lane 0 (__shfl_sync; in blocks of whole warps): thread ids divided by multiples " ..
               "of 32 are warp-uniform to ptxas, which keeps what derives from them (warpgroup offsets, wgmma descriptors) in " ..
               "uniform registers"
      end,
      remat_offsets = function(v)
        if v ~= true then return "false: a window's per-element offsets on a swizzled LDS buffer may be hoisted out of loops" end
        if not arch:match("^sm_") then return "ignored: the offsets stay in place on NVIDIA only" end
        return "a window's per-element offsets on a swizzled LDS buffer (its reference's XOR a constant) are computed where " ..
               "the access is, not hoisted out of the loop: fewer registers live across it, one instruction an element more"
      end,
    }
    for _, r in ipairs(self:resources()) do
      lines[#lines + 1] = string.format("  %s [%s]: %d registers/thread, %d bytes LDS/block; about %d blocks (%d%% of the threads) resident per SM/CU",
        r.arch, r.spec, r.registers, r.lds_bytes, r.blocks_per_sm, r.occupancy_pct)
    end
    for _, k in ipairs(hints) do
      local v = arch and self:get_hints(arch)[k] or self.hints[k]
      lines[#lines + 1] = string.format("  hint %s = %s: %s", k, tostring(v),
        arch and did[k](v) or "ignored on the cpu backend (hints never change results)")
    end
    for _, n in ipairs(self.tma_notes or {}) do lines[#lines + 1] = "  TMA copy: " .. n end
    for _, n in ipairs(self.trace_notes or {}) do lines[#lines + 1] = "  note: " .. n end
    return table.concat(lines, "\n")
  end
  -- blocks of `block` threads that fit on one SM/CU at once, by threads, registers and LDS (a
  -- first-order estimate: registers allocated per warp in units of 256, at most 32 blocks)
  local function resident_blocks(regs, lds, block, warp, info)
    local warps = (block + warp - 1) // warp
    local n = info.threads_per_sm // (warps * warp)
    if regs > 0 and info.regs_per_sm > 0 then
      local per_warp = ((regs * warp + 255) // 256) * 256
      n = math.min(n, info.regs_per_sm // (per_warp * warps))
    end
    if lds > 0 and info.lds_per_sm > 0 then n = math.min(n, info.lds_per_sm // lds) end
    return math.min(n, 32), math.min(n, 32) * warps * warp * 100 // info.threads_per_sm
  end
  function Kernel:resources()
    local arch = device_arch()
    if not arch then return {} end
    local _, info = tl.backend()
    local out = {}
    for spec, fn in pairs(self.variants) do
      local regs, lds = tl._gpu_resources(fn)
      local blocks, pct = resident_blocks(regs, lds, self.block, info.warp_size, info)
      out[#out + 1] = { spec = spec, arch = arch, registers = regs, lds_bytes = lds, blocks_per_sm = blocks, occupancy_pct = pct }
    end
    table.sort(out, function(a, b) return a.spec < b.spec end)
    return out
  end

  -- launches so far, those of the C fast path included
  function Kernel:launch_count()
    return self.launches + (self.launcher and tl._launcher_launches(self.launcher) or 0)
  end

  function Kernel:count_specs()
    local n = 0
    for _ in pairs(self.specs) do n = n + 1 end
    for k in pairs(self.variants) do if not self.specs[k] then n = n + 1 end end
    return n
  end
  Kernel.__tostring = function(self)
    local names = {}
    for _, p in ipairs(self.params) do names[#names + 1] = p.name end
    return string.format("Kernel{name=%s, block=%d, params={%s}}", self.name, self.block, table.concat(names, ", "))
  end
  return tl
end
