-- autotune.lua - tl.autotune: picks the fastest of several kernel configurations per argument key
-- (shapes and dtypes by default), by timing each on the selected backend, and remembers the winner
-- in the cache so that a later process launches it without timing anything.
--
--   local tuned = tl.autotune {
--     configs = { {tile = 64, vec = 4}, {tile = 128, vec = 4} },
--     build = function(cfg) return tl.kernel{...} end,  -- or kernel = k with configs of hints only
--     grid = function(cfg, x, y) return {gx, gy} end,   -- or a fixed grid table
--     key = {1, "y"},        -- or function(args...) -> string; default: every tensor's dtype and shape
--     warmup = 1, reps = 3,  -- per config: warmup launches, then the median of reps timed samples
--     setup = function(args...) return fresh args... end,  -- per timed launch, for in-place kernels
--     measure = function(run, cfg, i) return seconds end,  -- replaces the timing loop; run(n) does n
--     name = "scale",                                      -- launches, synchronized, -> seconds each
--   }
--   tuned(args...)        launches the best config for this key (tuning first if the key is new)
--   tuned:best(args...)   -> cfg, index, kernel
--   tuned:report()        configs and times per key;   tuned:stats() counters
--
-- The cache entry "tune|<sha>" hashes the tuned function's identity (a fingerprint of build or of
-- the kernel's body, the configs, the grid and measure functions, the name), the key, the backend and its arch,
-- and the tilelua version; its value names the winning config by index and description.
local io, os = io, os -- captured at load: sandboxed scripts run without these globals
local fp = require "tilelua.fingerprint"

return function(tl)
  local Tuned = {}
  Tuned.__index = Tuned

  local FIELDS = { configs = true, build = true, kernel = true, grid = true, key = true, warmup = true,
                   reps = true, setup = true, measure = true, name = true }
  local ENTRY_TAG = "tilelua-autotune 1"

  -- a stable one-line description of a config: keys sorted, nested tables described too
  -- (functions and userdata without __tostring by their type: addresses change between processes)
  local function describe(v, depth)
    depth = depth or 0
    local t = type(v)
    if t == "string" then return string.format("%q", v) end
    if t == "number" or t == "boolean" or t == "nil" then return tostring(v) end
    local mt = getmetatable(v)
    if type(mt) == "table" and mt.__tostring then return tostring(v) end
    if t ~= "table" then return t end
    if depth > 4 then return "{...}" end
    local keys = {}
    for k in pairs(v) do keys[#keys + 1] = k end
    table.sort(keys, function(a, b)
      if type(a) ~= type(b) then return type(a) < type(b) end
      if type(a) == "number" or type(a) == "string" then return a < b end
      return tostring(a) < tostring(b)
    end)
    local parts = {}
    for _, k in ipairs(keys) do
      local kd = (type(k) == "string" and k:match("^[%a_][%w_]*$")) and k or ("[" .. describe(k, depth + 1) .. "]")
      parts[#parts + 1] = kd .. "=" .. describe(v[k], depth + 1)
    end
    return "{" .. table.concat(parts, ", ") .. "}"
  end

  local function fmt_time(s)
    if s < 1e-3 then return string.format("%.1f us", s * 1e6) end
    if s < 1 then return string.format("%.2f ms", s * 1e3) end
    return string.format("%.2f s", s)
  end

  local function is_tensor(a) return tl._launch_facts(a) ~= nil end

  local function first_line(msg)
    msg = tostring(msg)
    return (msg:match("^([^\n]*)"))
  end

  -- TILELUA_AUTOTUNE_VERBOSE=1 forces the progress line, =0 silences it; otherwise it is shown when
  -- stderr is a terminal, which needs tl._isatty (a C binding; without it: quiet)
  local function progress_wanted()
    local env = os and os.getenv and os.getenv("TILELUA_AUTOTUNE_VERBOSE")
    if env == "1" then return true end
    if env == "0" then return false end
    return tl._isatty ~= nil and tl._isatty(2) == true
  end

  local backend_id
  local function backend()
    if not backend_id then
      local name, info = tl.backend()
      backend_id = name .. ":" .. tostring(name ~= "cpu" and info.arch or "cpu")
    end
    return backend_id
  end

  local function check_spec(spec)
    if type(spec) ~= "table" then error("tl.autotune: expected a table {configs = {...}, build = fn | kernel = k, grid = ...}", 3) end
    for k in pairs(spec) do
      if not FIELDS[k] then
        error(string.format("tl.autotune: unknown field '%s' (expected configs, build, kernel, grid, key, warmup, reps, setup, measure or name)", tostring(k)), 3)
      end
    end
    local configs = spec.configs
    if type(configs) ~= "table" or #configs < 1 then
      error("tl.autotune: configs must be a non-empty sequence of tables", 3)
    end
    for i, c in ipairs(configs) do
      if type(c) ~= "table" then error(string.format("tl.autotune: configs[%d] must be a table (got %s)", i, type(c)), 3) end
    end
    if (spec.build == nil) == (spec.kernel == nil) then
      error("tl.autotune: give exactly one of build = function(cfg) -> kernel, or kernel = k (configs of hints)", 3)
    end
    if spec.build ~= nil and type(spec.build) ~= "function" then
      error(string.format("tl.autotune: build must be a function(cfg) returning a kernel (got %s)", type(spec.build)), 3)
    end
    if spec.kernel ~= nil and (type(spec.kernel) ~= "table" or type(spec.kernel.replace_hints) ~= "function") then
      error(string.format("tl.autotune: kernel must be a tl.kernel (got %s)", type(spec.kernel)), 3)
    end
    if type(spec.grid) ~= "function" and type(spec.grid) ~= "table" then
      error("tl.autotune: grid must be a function(cfg, args...) returning a grid, or a grid table", 3)
    end
    local key = spec.key
    if key ~= nil and type(key) ~= "function" then
      if type(key) ~= "table" or #key < 1 then
        error("tl.autotune: key must be a function(args...) or a non-empty list of argument positions or names", 3)
      end
      for i, k in ipairs(key) do
        if not ((math.type(k) == "integer" and k >= 1) or type(k) == "string") then
          error(string.format("tl.autotune: key[%d] must be an argument position (1, 2, ...) or a parameter name (got %s)", i, tostring(k)), 3)
        end
      end
    end
    for _, f in ipairs({ "warmup", "reps" }) do
      local v, lo = spec[f], f == "reps" and 1 or 0
      if v ~= nil and (math.type(v) ~= "integer" or v < lo or v > 1000) then
        error(string.format("tl.autotune: %s must be an integer in %d..1000 (got %s)", f, lo, tostring(v)), 3)
      end
    end
    for _, f in ipairs({ "setup", "measure" }) do
      if spec[f] ~= nil and type(spec[f]) ~= "function" then
        error(string.format("tl.autotune: %s must be a function (got %s)", f, type(spec[f])), 3)
      end
    end
    if spec.name ~= nil and type(spec.name) ~= "string" then
      error(string.format("tl.autotune: name must be a string (got %s)", type(spec.name)), 3)
    end
  end

  function tl.autotune(spec)
    check_spec(spec)
    local configs = {}
    for i, c in ipairs(spec.configs) do configs[i] = c end
    local k = spec.kernel
    -- what the winner depends on, fingerprinted now (before any launch changes the kernel's counters)
    local identity = fp.of({ build = spec.build, grid = spec.grid, measure = spec.measure or false, configs = configs,
                             name = spec.name or false, body = k and k.body or false, kname = k and k.name or false, block = k and k.block or false,
                             warp = k and k.warp or false, hints = k and k.hints or false, sig = k and k.sig or false }, tl)
    return setmetatable({
      configs = configs, build = spec.build, kernel = k, grid = spec.grid, key = spec.key, setup = spec.setup,
      measure = spec.measure, warmup = spec.warmup or 1, reps = spec.reps or 3, name = spec.name or (k and k.name),
      identity = tl._sha256(identity), descriptions = {}, kernels = {}, build_errors = {}, keys = {}, key_order = {},
      counters = { tunings = 0, timing_runs = 0, cache_hits = 0, launches = 0 },
    }, Tuned)
  end

  -- the kernel of config i (built once), or nil and the error
  function Tuned:kernel_of(i)
    if self.kernels[i] then return self.kernels[i] end
    if self.build_errors[i] then return nil, self.build_errors[i] end
    local cfg = self.configs[i]
    local ok, got
    if self.kernel then
      ok, got = pcall(self.kernel.replace_hints, self.kernel, cfg)
    else
      ok, got = pcall(self.build, cfg)
      if ok and (type(got) ~= "table" or type(got.replace_hints) ~= "function") then
        ok, got = false, string.format("build returned %s, not a tl.kernel", type(got))
      end
    end
    if not ok then
      self.build_errors[i] = "build: " .. first_line(got)
      return nil, self.build_errors[i]
    end
    self.kernels[i] = got
    self.name = self.name or got.name
    return got
  end

  function Tuned:display_name() return self.name or "tuned" end

  function Tuned:description(i)
    self.descriptions[i] = self.descriptions[i] or describe(self.configs[i])
    return self.descriptions[i]
  end

  -- a parameter name in key = {...}: its position among the parameters of the first kernel that builds
  local function param_position(self, name)
    for i = 1, #self.configs do
      local kern = self:kernel_of(i)
      if kern then
        for pos, p in ipairs(kern.params) do if p.name == name then return pos end end
        error(string.format("autotune %s: key names parameter '%s', which kernel '%s' does not have",
          self:display_name(), name, kern.name), 0)
      end
    end
    error(string.format("autotune %s: key names parameter '%s', but no config builds a kernel to look it up in",
      self:display_name(), name), 0)
  end

  local function arg_key(a)
    if is_tensor(a) then return tostring(a:dtype()) .. "[" .. table.concat(a:shape(), "x") .. "]" end
    return tostring(a)
  end

  function Tuned:key_of(args)
    if type(self.key) == "function" then
      local k = self.key(table.unpack(args, 1, args.n))
      if type(k) ~= "string" and type(k) ~= "number" then
        error(string.format("autotune %s: key function must return a string (got %s)", self:display_name(), type(k)), 0)
      end
      return tostring(k)
    end
    local parts = {}
    if self.key then
      for _, pos in ipairs(self.key) do
        if type(pos) == "string" then pos = param_position(self, pos) end
        parts[#parts + 1] = arg_key(args[pos])
      end
    else
      for i = 1, args.n do
        if is_tensor(args[i]) then parts[#parts + 1] = arg_key(args[i]) end
      end
    end
    return table.concat(parts, ",")
  end

  function Tuned:grid_for(cfg, args)
    if type(self.grid) == "table" then return self.grid end
    local g = self.grid(cfg, table.unpack(args, 1, args.n))
    if type(g) ~= "table" then error(string.format("grid function returned %s, not a grid table", type(g)), 0) end
    return g
  end

  local function median(xs)
    local s = {}
    for i, x in ipairs(xs) do s[i] = x end
    table.sort(s)
    local n = #s
    if n % 2 == 1 then return s[(n + 1) // 2] end
    return (s[n // 2] + s[n // 2 + 1]) / 2
  end

  -- the default measure: warmup launches (the first traces and compiles), then the median of reps
  -- samples; without setup a sample is a batch of back-to-back launches lasting about SAMPLE_S, so
  -- that the synchronize after it is a small part of what is timed
  local SAMPLE_S, MAX_BATCH = 1e-3, 100
  local function default_measure(self)
    return function(run)
      for _ = 1, self.warmup do run() end
      local batch = 1
      if not self.setup then
        local est = run()
        batch = math.max(1, math.min(MAX_BATCH, math.ceil(SAMPLE_S / math.max(est, SAMPLE_S / MAX_BATCH))))
      end
      local times = {}
      for r = 1, self.reps do times[r] = run(batch) end
      return median(times)
    end
  end

  -- seconds for config i on args (measure's result), or nil and the error. run(n) launches the
  -- config n times (default 1) on args, or on fresh ones from setup, between two synchronizes and
  -- returns the seconds per launch.
  function Tuned:time_config(i, args)
    local kern, err = self:kernel_of(i)
    if not kern then return nil, err end
    local cfg = self.configs[i]
    local function run(n)
      n = n or 1
      if math.type(n) ~= "integer" or n < 1 then error(string.format("run(n): n must be a positive integer (got %s)", tostring(n)), 2) end
      local a = args
      if self.setup then a = table.pack(self.setup(table.unpack(args, 1, args.n))) end
      local g = self:grid_for(cfg, a)
      self.counters.timing_runs = self.counters.timing_runs + n
      tl.synchronize()
      local t0 = tl.clock()
      for _ = 1, n do kern(g, table.unpack(a, 1, a.n)) end
      tl.synchronize()
      return (tl.clock() - t0) / n
    end
    local ok, t = pcall(self.measure or default_measure(self), run, cfg, i)
    if not ok then return nil, "launch: " .. first_line(t) end
    if type(t) ~= "number" or t ~= t or t < 0 or t == math.huge then
      return nil, string.format("measure returned %s, not a time in seconds", tostring(t))
    end
    return t
  end

  local function cache_key(self, key)
    return "tune|" .. tl._sha256(table.concat({ self.identity, key, backend(), tl.version }, "|"))
  end

  -- the winner recorded in the cache for key, if it still names a config that builds
  local function from_cache(self, key)
    local blob, where = tl._cache_get(cache_key(self, key))
    if not blob then return nil end
    local tag, index, desc, best = blob:match("^([^\n]*)\n(%d+)\n([^\n]*)\n([^\n]*)$")
    index = tonumber(index)
    if tag ~= ENTRY_TAG or not index or not self.configs[index] or desc ~= self:description(index) then return nil end
    if not self:kernel_of(index) then return nil end
    return { best = index, best_time = tonumber(best), times = {}, errors = {}, source = where .. " cache" }
  end

  local Progress = {}
  Progress.__index = Progress
  local function progress(self, key)
    if not progress_wanted() or not io then return nil end
    local shown = #key > 48 and (key:sub(1, 45) .. "...") or key
    return setmetatable({ head = string.format("autotune %s [%s]: ", self:display_name(), shown), width = 0 }, Progress)
  end
  function Progress:show(done, total, best, best_time)
    local line = self.head .. string.format("%d/%d configs", done, total)
    if best then line = line .. string.format(", best %s (cfg %d)", fmt_time(best_time), best) end
    local pad = math.max(0, self.width - #line)
    self.width = #line
    io.stderr:write("\r" .. line .. string.rep(" ", pad))
    io.stderr:flush()
  end
  function Progress:finish() io.stderr:write("\n"); io.stderr:flush() end

  function Tuned:tune(key, args)
    local entry = from_cache(self, key)
    if entry then
      self.counters.cache_hits = self.counters.cache_hits + 1
      return entry
    end
    entry = { times = {}, errors = {}, source = "tuned here" }
    local bar = progress(self, key)
    local n = #self.configs
    if bar then bar:show(0, n) end
    for i = 1, n do
      local t, err = self:time_config(i, args)
      if t then
        entry.times[i] = t
        if not entry.best or t < entry.best_time then entry.best, entry.best_time = i, t end
      else
        entry.errors[i] = err
      end
      if bar then bar:show(i, n, entry.best, entry.best_time) end
    end
    if bar then bar:finish() end
    self.counters.tunings = self.counters.tunings + 1
    if not entry.best then
      local lines = { string.format("autotune %s [%s]: every config failed", self:display_name(), key) }
      for i = 1, n do lines[#lines + 1] = string.format("  cfg %d %s: %s", i, self:description(i), entry.errors[i]) end
      error(table.concat(lines, "\n"), 0)
    end
    tl._cache_put(cache_key(self, key), table.concat({ ENTRY_TAG, tostring(entry.best), self:description(entry.best),
      string.format("%.17g", entry.best_time) }, "\n"))
    return entry
  end

  local function entry_for(self, args)
    local key = self:key_of(args)
    local entry = self.keys[key]
    if not entry then
      entry = self:tune(key, args)
      self.keys[key] = entry
      self.key_order[#self.key_order + 1] = key
    end
    return entry
  end

  -- errors raised while choosing (all configs failed, a bad key) point at the caller's line
  local function at_caller(fn, ...)
    local ok, a, b = pcall(fn, ...)
    if not ok then error(a, (type(a) == "string" and a:match("^[^\n]-:%d+: ")) and 0 or 3) end
    return a, b
  end

  function Tuned:best(...)
    local entry = at_caller(entry_for, self, table.pack(...))
    return self.configs[entry.best], entry.best, self.kernels[entry.best]
  end

  Tuned.__call = function(self, ...)
    local args = table.pack(...)
    local entry = at_caller(entry_for, self, args)
    local cfg, kern = self.configs[entry.best], self.kernels[entry.best]
    local g = at_caller(self.grid_for, self, cfg, args)
    self.counters.launches = self.counters.launches + 1
    return kern(g, ...)
  end

  function Tuned:stats()
    local c = self.counters
    return { tunings = c.tunings, timing_runs = c.timing_runs, cache_hits = c.cache_hits, launches = c.launches }
  end

  function Tuned:report()
    local lines = { string.format("autotune %s: %d config(s), warmup %d, reps %d%s, %d key(s)", self:display_name(),
      #self.configs, self.warmup, self.reps, self.measure and " (custom measure)" or "", #self.key_order) }
    for _, key in ipairs(self.key_order) do
      local e = self.keys[key]
      lines[#lines + 1] = string.format("key [%s] (%s): best cfg %d %s%s", key, e.source, e.best,
        self:description(e.best), e.best_time and (", " .. fmt_time(e.best_time)) or "")
      if e.source == "tuned here" then
        for i = 1, #self.configs do
          local what = e.times[i] and fmt_time(e.times[i]) or ("failed: " .. tostring(e.errors[i]))
          lines[#lines + 1] = string.format("  %s cfg %d %s: %s", i == e.best and "*" or " ", i, self:description(i), what)
        end
      end
    end
    return table.concat(lines, "\n")
  end

  Tuned.__tostring = function(self)
    return string.format("Autotune{name=%s, configs=%d, keys=%d}", self:display_name(), #self.configs, #self.key_order)
  end
end
