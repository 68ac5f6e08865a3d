-- launch.lua - from a kernel specialization to something that runs: the cpu executor's IR or a
-- GPU code object, through the cache (DESIGN.md "Cache"), plus cross-compilation (tilesh --cross).
--
-- Keys. The content key of a code object hashes (generated source, compile options, target arch,
-- compiler identity and version, tilelua version): the same source compiles to the same object
-- whatever built it. The front key hashes (kernel fingerprint, kernel name, block, warp,
-- specialization, hints for the target, target arch, tilelua version, tl.build_id: a hash of the
-- library's Lua and C sources, since what a script traces to depends on them) and maps to a
-- content key, so an unchanged script neither traces nor compiles on its second run (an entry whose trace read
-- the environment keeps what it read, and serves only while that holds: env_check). On the cpu
-- backend the "code object" is the serialized IR (tl._ir_serialize), found by the same front key.
--
-- Per kernel, `variants[target][spec]` holds what was loaded; `why[target][spec]` what the cache
-- lookups said, for tl.cache.explain(kernel).
local io, os = io, os -- captured at load: sandboxed scripts run without these globals
local fp = require "tilelua.fingerprint"

return function(tl, trace_spec)
  local M = {}
  local OPTS = "-default-device -std=c++17"

  local function sha(s) return tl._sha256(s) end

  -- A code object whose source declares dynamic LDS carries the byte count in front of the
  -- compiler's output (the launch passes it; a cache hit has no source to ask).
  local DYN = "TLDYNLDS"
  local function with_dyn(code, dyn)
    if dyn == 0 then return code end
    return DYN .. string.pack("<I4", dyn) .. code
  end
  -- A code object taking TMA tensor maps carries their specs (the IR's descriptors, tl_tmap<j> in
  -- order: param, swizzle, box) after the dynamic LDS count: the launch encodes the maps from them.
  local TMA = "TLTMAMAP"
  local function with_tma(code, specs)
    if not specs or #specs == 0 then return code end
    local parts = {}
    for _, t in ipairs(specs) do parts[#parts + 1] = t.param .. ":" .. t.swizzle .. ":" .. table.concat(t.box, ",") end
    return TMA .. string.pack("<s4", table.concat(parts, ";")) .. code
  end
  local function split_dyn(code)
    local obj, dyn = code, 0
    if code:sub(1, #DYN) == DYN then obj, dyn = code:sub(#DYN + 5), (string.unpack("<I4", code, #DYN + 1)) end
    local specs
    if obj:sub(1, #TMA) == TMA then
      local text, pos = string.unpack("<s4", obj, #TMA + 1)
      obj = obj:sub(pos)
      specs = {}
      for item in text:gmatch("[^;]+") do
        local p, sw, box = item:match("^(%d+):(%d+):([%d,]+)$")
        local b = {}
        for n in box:gmatch("%d+") do b[#b + 1] = tonumber(n) end
        specs[#specs + 1] = { param = tonumber(p), swizzle = tonumber(sw), box = b }
      end
    end
    return obj, dyn, specs
  end

  local function hints_for(kernel, target)
    local names, parts = {}, {}
    for k in pairs(kernel.hints) do names[#names + 1] = k end
    table.sort(names)
    local h = kernel:get_hints(target)
    for _, k in ipairs(names) do parts[#parts + 1] = k .. "=" .. tostring(h[k]) end
    return table.concat(parts, ",")
  end

  local function front_key(kernel, spec, target)
    local text
    if not kernel.fingerprint then
      text = fp.of(kernel.body, tl)
      kernel.fingerprint = sha(text)
    end
    -- (os.getenv itself among the values the body reaches, captured before the trace: what it reads is not seen; a
    -- pinned fingerprint is C.pin_fingerprint's text, std.map's with its function's walk)
    if kernel.captured_getenv == nil then
      kernel.captured_getenv = (text or kernel.fingerprint):find("cfn:os.getenv", 1, true) ~= nil
    end
    return "front|" .. sha(table.concat({ tl.version, tl.build_id, kernel.fingerprint, kernel.name, kernel.block, kernel.warp,
                                          spec, hints_for(kernel, target), target }, "|"))
  end

  local function note(kernel, target, spec, text)
    kernel.why = kernel.why or {}
    kernel.why[target .. " " .. spec] = text
  end

  -- The environment a trace reads. The fingerprint covers what the body reaches, not what os.getenv returns while
  -- it runs, so a front entry keeps the variables its trace read (by os.getenv, wrapped during every trace: M.trace)
  -- and their values, and is used only while they still hold (env_check). A body that captured os.getenv itself
  -- before the trace (a local or upvalue: not wrapped) reads what nothing records: its front entries are not used.
  -- env_of[ir]: the reads of the trace that made ir (or of the front entry it came from); an IR without a record
  -- gets no front entry.
  local ENV = "TLENV"
  local env_of = setmetatable({}, { __mode = "k" })
  local function env_encode(reads)
    local names = {}
    for name in pairs(reads) do names[#names + 1] = name end
    if #names == 0 then return "" end
    table.sort(names)
    local parts = { ENV, string.pack("<I4", #names) }
    for _, name in ipairs(names) do
      local v = reads[name]
      parts[#parts + 1] = string.pack("<s4Bs4", name, v and 1 or 0, v or "")
    end
    return table.concat(parts)
  end
  -- A front entry of kernel with its environment record (env_encode's) at pos: why it may not be used (nil where every
  -- variable recorded still has its value and the body did not capture os.getenv), the position after the record,
  -- and the reads it records
  local getenv = os and os.getenv
  local function env_check(kernel, deps, pos)
    if kernel.captured_getenv then
      return "the body reaches os.getenv captured before its trace, whose reads are not recorded", pos, {}
    end
    if deps:sub(pos, pos + #ENV - 1) ~= ENV then return nil, pos, {} end
    local ok, why, at, reads = pcall(function()
      local n, at = string.unpack("<I4", deps, pos + #ENV)
      local why, reads = nil, {}
      for _ = 1, n do
        local name, set, v
        name, set, v, at = string.unpack("<s4Bs4", deps, at)
        local now = getenv and getenv(name)
        local was = set == 1 and v or nil
        reads[name] = was or false
        if not why and now ~= was then
          why = string.format("the environment its trace read changed: %s was %s, now %s", name,
                              was and string.format("%q", was) or "unset", now and string.format("%q", now) or "unset")
        end
      end
      return why, at, reads
    end)
    if not ok then return "its record of the environment its trace read is damaged", pos, {} end
    return why, at, reads
  end

  -- trace_spec with os.getenv recording what it reads (env_of); every trace goes through it (kernel:ir() and
  -- kernel:source() too, whose IR a later launch may use)
  function M.trace(kernel, facts)
    local reads = {}
    if getenv then
      os.getenv = function(name)
        local v = getenv(name)
        if type(name) == "string" or type(name) == "number" then reads[tostring(name)] = v or false end
        return v
      end
    end
    local restore <close> = setmetatable({}, { __close = function() if getenv then os.getenv = getenv end end })
    local ir = trace_spec(kernel, facts)
    env_of[ir] = reads
    return ir
  end

  -- the IR of spec, traced if this process has not traced it yet
  local function ir_of(kernel, spec, facts)
    local ir = kernel.specs[spec]
    if not ir then
      ir = M.trace(kernel, facts)
      kernel.specs[spec] = ir
      tl._cache_note("traces")
    end
    kernel.last_ir = ir
    return ir
  end

  -- TILELUA_DUMP_DIR=DIR: the source and the code object of every variant compiled or found in the
  -- cache go to DIR/<kernel>_<arch>.hip and .co (AMD) / .cubin (NVIDIA); a kernel's further
  -- specializations for the same arch get .2, .3, ... before the extension
  -- TILELUA_CROSS_TIMING=1: each --cross line ends with the seconds its trace, codegen and compile took
  tl._cross_timing = os and os.getenv and os.getenv("TILELUA_CROSS_TIMING") == "1"
  local dump_dir = os and os.getenv and os.getenv("TILELUA_DUMP_DIR")
  if dump_dir == "" then dump_dir = nil end
  local dumped, dump_count = {}, {}
  local function dump(kernel, carch, src, code, ckey)
    if dumped[ckey] then return end
    local base = kernel.name .. "_" .. carch
    dump_count[base] = (dump_count[base] or 0) + 1
    if dump_count[base] > 1 then base = base .. "." .. dump_count[base] end
    dumped[ckey] = base
    local obj = split_dyn(code)
    for _, f in ipairs { { ".hip", src }, { carch:match("^gfx") and ".co" or ".cubin", obj } } do
      local path = dump_dir .. "/" .. base .. f[1]
      local h, err = io.open(path, "wb")
      if not h then error(string.format("TILELUA_DUMP_DIR: cannot write %s: %s", path, tostring(err)), 0) end
      h:write(f[2])
      h:close()
    end
  end

  -- TILELUA_LUA_DIR (the library's Lua sources read from that tree, src/module_lua.c; tl._lua_dir(): where a module of
  -- this state was really read from, nil in a sandbox, which ignores the variable): why the front index is neither read
  -- nor written (its key names the build's own sources: tl.version, tl.build_id, a std kernel's pinned config key)
  local function disk_sources()
    local dir = tl._lua_dir()
    if dir then
      return "TILELUA_LUA_DIR is set (the library's Lua sources from " .. dir .. ", which the front key does not cover)"
    end
  end

  -- code object of (kernel, spec) for a GPU arch: returns code, "hit"/"miss"
  local function code_for(kernel, spec, facts, arch)
    local fk = front_key(kernel, spec, arch)
    local ckey, fwhere = tl._cache_get(fk)
    local disk = disk_sources()
    if ckey and dump_dir then
      ckey = nil -- dumping needs the source: trace and generate it, the code object may still be cached
      fwhere = "skipped: TILELUA_DUMP_DIR is set"
    end
    local stale = ckey and disk
    if ckey and not stale then
      stale = env_check(kernel, ckey, 65)
      ckey = not stale and ckey:sub(1, 64) or nil
    end
    if stale then
      note(kernel, arch, spec, "miss: front index (" .. fwhere .. ") not used: " .. stale)
    elseif ckey then
      local code, where = tl._cache_get("code|" .. ckey)
      if code then
        note(kernel, arch, spec, string.format("hit: front index (%s) -> code object %s (%s)", fwhere, ckey:sub(1, 16), where))
        return code, "hit"
      end
      note(kernel, arch, spec, string.format("miss: front index (%s) named code object %s, but %s", fwhere, ckey:sub(1, 16), where))
    else
      note(kernel, arch, spec, "miss: no front-index entry for this script fingerprint, kernel, specialization, hints and target ("
        .. fwhere .. ")")
    end
    local t0 = tl.clock()
    local ir = ir_of(kernel, spec, facts)
    local t1 = tl.clock()
    local h = kernel:get_hints(arch)
    local src, dyn, carch = tl._hip_source(ir, { arch = arch, occupancy = h.occupancy, num_ctas = h.num_ctas, uniform_warp = h.uniform_warp })
    local t2 = tl.clock()
    kernel.timings = { trace = t1 - t0, codegen = t2 - t1 }
    ckey = sha(table.concat({ src, OPTS, carch, tl._compiler_id(carch), tl.version }, "\0"))
    local code, state = tl._cache_get("code|" .. ckey), "hit"
    if not code then
      code = with_dyn(with_tma(tl._compile(src, kernel.name, carch), ir:tma_specs()), dyn)
      kernel.timings.compile = tl.clock() - t2
      tl._cache_note("compiles")
      tl._cache_put("code|" .. ckey, code)
      state = "miss"
    end
    if env_of[ir] and not disk then tl._cache_put(fk, ckey .. env_encode(env_of[ir])) end
    if dump_dir then dump(kernel, carch, src, code, ckey) end
    return code, state
  end

  -- the cpu backend's IR for spec: in-process, else from the cache, else traced
  function M.cpu_ir(kernel, spec, facts)
    local ir = kernel.specs[spec]
    if ir then kernel.last_ir = ir; return ir end
    local fk = front_key(kernel, spec, "cpu")
    local blob, where = tl._cache_get(fk)
    local disk = disk_sources()
    local stale, at, reads = blob and disk
    if blob and not stale then
      stale, at, reads = env_check(kernel, blob, 1)
      blob = at > 1 and blob:sub(at) or blob
    end
    if stale then
      note(kernel, "cpu", spec, "miss: cached IR not used: " .. stale)
    elseif blob then
      local ok, got = pcall(tl._ir_deserialize, blob)
      if ok then
        note(kernel, "cpu", spec, "hit: serialized IR from the " .. where .. " cache")
        env_of[got] = reads
        kernel.specs[spec] = got
        kernel.last_ir = got
        return got
      end
      note(kernel, "cpu", spec, "miss: cached IR unusable (" .. tostring(got) .. ")")
    else
      note(kernel, "cpu", spec, "miss: no cached IR for this script fingerprint, kernel and specialization (" .. where .. ")")
    end
    ir = ir_of(kernel, spec, facts)
    if env_of[ir] and not disk then tl._cache_put(fk, env_encode(env_of[ir]) .. tl._ir_serialize(ir)) end
    return ir
  end

  -- the loaded GPU function for spec on GPU dev (an ordinal; default the process's GPU): one code
  -- object, loaded once per GPU (variants of another GPU than the process's are keyed "spec@dev")
  function M.gpu_function(kernel, spec, facts, arch, dev)
    local vkey = (dev == nil or dev == tl._process_gpu()) and spec or spec .. "@" .. dev
    local v = kernel.variants[vkey]
    if v then return v end
    local code = code_for(kernel, spec, facts, arch)
    local obj, dyn, tma = split_dyn(code)
    v = tl._gpu_load(obj, kernel.name, dyn, tma, dev)
    kernel.variants[vkey] = v
    return v
  end

  -- The instance of kernel for arch and the key of spec for it (the key names the warp it is traced
  -- for, which may differ between targets)
  function M.for_target(kernel, spec, arch)
    local kt = kernel:for_target(arch)
    return kt, (spec:gsub("^w%d+", "w" .. kt.warp, 1))
  end
  -- code object of (kernel, spec) for arch, the instance traced for arch doing the work
  function M.code_for_target(kernel, spec, facts, arch)
    local kt, tspec = M.for_target(kernel, spec, arch)
    local code, state = code_for(kt, tspec, facts, arch)
    return code, state, kt
  end

  -- tilesh --cross: compile every variant launched for each cross target too, traced for that
  -- target. One line each: "cross <kernel> <target> <bytes> bytes hit|miss" (the kernel built for
  -- the target named after "as" when a std builder chose another configuration there), "... unsupported:
  -- <what the target lacks>" (not a failure), or "... FAILED: <error>".
  function M.cross(kernel, spec, facts)
    local targets = tl._cross_targets
    if not targets then return end
    kernel.crossed = kernel.crossed or {}
    for _, arch in ipairs(targets) do
      local id = arch .. " " .. spec
      if not kernel.crossed[id] then
        kernel.crossed[id] = true
        local t0 = tl.clock()
        local ok, code, state, kt = pcall(M.code_for_target, kernel, spec, facts, arch)
        local msg = not ok and tostring(code):gsub("^[^:\n]*:%d+: ", "") or nil
        if ok then
          print(string.format("cross %s %s %d bytes %s%s%s", kernel.name, arch, #code, state,
            kt.name ~= kernel.name and " as " .. kt.name or "",
            tl._cross_timing and string.format(" %.3f s", tl.clock() - t0) or ""))
        elseif tl.is_unsupported(msg) then
          tl._cross_unsupported = (tl._cross_unsupported or 0) + 1
          print(string.format("cross %s %s unsupported: %s", kernel.name, arch, msg))
        else
          tl._cross_failures = (tl._cross_failures or 0) + 1
          print(string.format("cross %s %s FAILED: %s", kernel.name, arch, msg))
        end
      end
    end
  end

  -- TILELUA_CHECK_CPU: run the launch on the CPU executor over copies of the arguments (before the
  -- GPU launch, which may write them), then compare each tensor argument with its copy
  local TOL = { f64 = 1e-9, f32 = 1e-4, f16 = 2e-2, bf16 = 5e-2 }
  function M.cpu_twin(kernel, spec, facts, grid, args)
    local ir = M.cpu_ir(kernel, spec, facts)
    local copies, twin = {}, {}
    for i, p in ipairs(kernel.params) do
      local a = args[i]
      if p.kind == "tensor" then copies[a] = copies[a] or a:clone(); twin[i] = copies[a] else twin[i] = a end
    end
    tl._exec(ir, grid, twin)
    twin.order_dependent = ir:order_dependent()
    return twin
  end
  -- the elements of t in ascending order, as a rank-1 tensor of t's dtype
  local function sorted(t)
    local flat = {}
    local function walk(v) if type(v) == "table" then for _, x in ipairs(v) do walk(x) end else flat[#flat + 1] = v end end
    walk(t:tolist())
    table.sort(flat)
    return tl.from(flat, t:dtype())
  end
  function M.compare_twin(kernel, twin, args)
    for i, p in ipairs(kernel.params) do
      if p.kind == "tensor" then
        local got, want = args[i], twin[i]
        -- with atomics whose old values are used, the GPU may hand them out in another order:
        -- compare the tensors as multisets then
        if twin.order_dependent then got, want = sorted(got), sorted(want) end
        local diff = got:max_abs_diff(want)
        local scale = math.max(1, want:max_abs_diff(tl.zeros_like(want)))
        local tol = (TOL[p.dtype] or 0) * scale
        local ok = diff <= tol
        io.stderr:write(string.format("cpu-check %s %s %s (max |gpu - cpu| = %.3g, tolerance %.3g%s)\n", kernel.name, p.name,
          ok and "ok" or "MISMATCH", diff, tol, twin.order_dependent and ", compared as multisets" or ""))
        tl._check_mismatches = (tl._check_mismatches or 0) + (ok and 0 or 1)
      end
    end
  end

  function M.explain(kernel)
    local lines = {}
    for k, text in pairs(kernel.why or {}) do lines[#lines + 1] = string.format("%s [%s]: %s", kernel.name, k, text) end
    table.sort(lines)
    if #lines == 0 then return string.format("%s: no cache lookup yet (launch it first)", kernel.name) end
    return table.concat(lines, "\n")
  end

  return M
end
