-- async.lua - Hopper's asynchronous tile machinery in a kernel body: mbarriers, TMA box copies and
-- warp-specialized roles (ir.h: MBAR_ARRIVE, MBAR_WAIT, TMA_LOAD, ROLE, ROLE_SYNC, NAMED_BAR; the executor's
-- model in src/exec_async.h). Installed on the k object by kernel.lua.
--
--   local full = k:mbarrier(n, arrivals)   n barriers (1..64), each completing a phase after
--                                          `arrivals` arrivals and the bytes of the TMA copies on it
--   full:arrive(i[, {tx = bytes}])         every active thread arrives once on barrier i; tx: bytes
--                                          the phase must also receive first (TMA copies expect
--                                          their own bytes: tx is for bytes other agents deliver)
--   full:wait(i, parity)                   waits for the phase of that parity (0/1) of barrier i;
--                                          a fresh barrier's phase "before the first" counts as
--                                          complete, so the first wait on an "empty" barrier uses 1
--   k:copy(dst, src, {barrier = full, index = i})
--                                          a TMA box copy of window src (a tensor) into window dst
--                                          (LDS), issued once by the thread that leads the current
--                                          role (thread 0 outside roles), completing on barrier i
--                                          (the copy adds its bytes to the phase's expected count)
--   k:copy(dst, src, {barrier = full, index = i, multicast = mask})
--                                          with clusters (hint num_ctas): the box lands at the same
--                                          LDS offset of every block whose rank is a bit of mask, each
--                                          completing it on its own barrier i; the issuer's barrier
--                                          expects the box once per block of the mask (symmetric
--                                          multicast: every block of the mask issues one such box)
--   full:arrive(i, {cta = r})              arrives on barrier i of the block of rank r
--   full:arrive(i, {fence = true})         a proxy fence first, so that the thread's LDS writes
--                                          before it are seen by TMA (the async proxy): a TMA store
--                                          of the buffer by a thread that waits on the barrier
--   k.cluster_rank(), k:cluster_sync()     the block's rank; a barrier of the whole cluster (end a
--                                          kernel whose blocks use each other's LDS with one)
--   k:copy(dst, src) (a plain copy with a distribution, lua/kernel.lua) on sm_90: a TMA box copy in
--                                          the open copy group where TMA can move the tile (group_copy
--                                          below), thread 0 issuing it; k:copy_commit() / k:copy_wait(n)
--                                          arrive and wait on the copy groups' 8 mbarriers
--   k:copy(tensor_window, lds_window, {tma = true}); k:tma_store_wait()
--                                          a TMA box store from LDS (the writes to the buffer before
--                                          it need a barrier; the buffer may be written again after
--                                          k:tma_store_wait() by the issuing thread and a barrier)
--   k:copy(tensor_window, lds_window, {tma = true, reduce = "add"})
--                                          the same box added into the tensor (f32, i32, u32: TMA's
--                                          reduce-add, atomic per element against other blocks')
--   {..., issuer = t} / k:tma_store_wait(n, {issuer = t})
--                                          thread t of the block (of the role) issues the store
--                                          instead of thread 0 (the role's leader), with its own
--                                          values of the windows' origins: one store per warpgroup
--   k:tma_store_wait(n, {written = true})  waits until all but the issuer's n newest stores have
--                                          written their data (not only read LDS), then orders
--                                          those writes (TMA's proxy) before the thread's own later
--                                          accesses, so that a release atomic after it publishes
--                                          them to other blocks
--   k:roles{ {warps = n, registers = r, fn = function(role) ... end}, ... }
--                                          splits the block's warps into roles that run at once
--                                          (warp specialization); registers: setmaxnreg on sm_90a
--                                          (0/nil: none); inside fn, k.thread_id() (and warp and
--                                          lane ids, and windows' layouts) count from the role's
--                                          first thread; role.first, role.threads, role.index,
--                                          role:tid(), role:leader() (thread 0 of the role),
--                                          role:sync() (the role's threads only); the executor runs a
--                                          role's threads together, so warps of one role that wait on
--                                          each other in different k:when branches deadlock there (not
--                                          on a GPU): docs/errors.md; groups = g (warps) runs each group
--                                          of g warps of the role apart (its own task), so one group
--                                          may wait on a barrier another arrives at later in the code
--                                          (role:sync() then meets the groups' tasks; a group barrier
--                                          spans one group at most)
--   local bars = role:named_barriers(n, threads)
--                                          n named barriers of the role, each completing once `threads`
--                                          of its threads (whole warps) arrive: bars:sync(i) arrives
--                                          and waits (bar.sync), bars:arrive(i) arrives and goes on
--                                          (bar.arrive); i may differ between warps: FlashAttention-3's
--                                          turns, a warpgroup waits at its own barrier for the one
--                                          before it (with groups, so the executor runs them apart);
--                                          they order threads, not the async proxy: LDS written for a
--                                          wgmma or a TMA store goes through role:sync() (which fences
--                                          it); arrivals nobody waits for stay pending on a GPU until
--                                          the block ends (a later k:roles may reuse the ids)
--
-- Targets: mbarriers and TMA copies exist on NVIDIA sm_90 (and the executor at warp 32); elsewhere
-- they are "not available on <arch>" errors, so a builder asks k.target.tma and chooses another
-- schedule. Roles work on every target (registers are honoured on sm_90 only).
--
-- TMA copies land in LDS in the hardware's layout: the box row-major, 16-byte chunks XOR-swizzled
-- in 8-row groups (32/64/128-byte modes). A copy is a TMA copy only when the destination buffer's
-- layout (its swizzle descriptor, seed 003) is numerically the same permutation for every position
-- the window's origin can take; wider boxes are split into panels of the swizzle's width. Anything
-- else is an error that says why (TMA needs a 16-byte-aligned tensor with 16-byte-multiple strides
-- and a contiguous last dimension; allow_tma = false forbids it).
local tr = require "tilelua.trace"

return function(tl, K)
  local Mbar = {}
  Mbar.__index = Mbar

  local function target_tma(what)
    local t = tl.target()
    if not t.tma then
      tl.unsupported(t.arch, "%s: mbarriers and TMA copies exist on NVIDIA sm_90 (Hopper) and later only", what)
    end
    return t
  end

  local function int_value(x, what)
    if math.type(x) == "integer" then return tr.const(x, "i32") end
    if getmetatable(x) == tr.Value and not tr.FLOAT[x.dtype] and x.dtype ~= "bool" then return tr.as(x, "i32") end
    tr.fail("%s must be an integer (got %s)", what, tostring(x))
  end

  function K:mbarrier(n, arrivals)
    target_tma("k:mbarrier")
    local c = tr.current()
    if math.type(n) ~= "integer" or n < 1 or n > 64 then
      tr.fail("k:mbarrier(n, arrivals): n is the number of barriers, an integer in 1..64 (got %s)", tostring(n))
    end
    if math.type(arrivals) ~= "integer" or arrivals < 1 or arrivals > (1 << 20) - 1 then
      tr.fail("k:mbarrier(n, arrivals): arrivals per phase must be an integer in 1..2^20-1 (got %s)", tostring(arrivals))
    end
    if c.region ~= 0 then tr.fail("k:mbarrier: declare mbarriers at the top level of the body, not inside k:range/k:when/roles") end
    c.mbar_count = (c.mbar_count or 0) + 1
    if c.mbar_count > 16 then tr.fail("k:mbarrier: at most 16 mbarrier arrays per kernel") end
    local index = c.ir:mbar(n, arrivals)
    return setmetatable({ is_mbar = true, index = index, count = n, arrivals = arrivals }, Mbar)
  end

  local function check_index(self, i, who)
    if math.type(i) == "integer" and (i < 0 or i >= self.count) then
      tr.fail("mbarrier:%s: index %d is outside 0..%d", who, i, self.count - 1)
    end
    return int_value(i, "mbarrier:" .. who .. ": the index")
  end

  function Mbar:arrive(i, opts)
    local ops = { check_index(self, i, "arrive") }
    if opts ~= nil then
      if type(opts) ~= "table" then tr.fail("mbarrier:arrive(i, opts): opts must be a table such as {tx = bytes}") end
      for key in pairs(opts) do
        if key ~= "tx" and key ~= "cta" and key ~= "fence" then
          tr.fail("mbarrier:arrive: unknown option '%s' (expected tx, cta, fence)", tostring(key))
        end
      end
      if opts.fence ~= nil and type(opts.fence) ~= "boolean" then
        tr.fail("mbarrier:arrive: fence must be a boolean (got %s)", tostring(opts.fence))
      end
      if opts.fence and (opts.cta ~= nil or opts.tx ~= nil) then
        tr.fail("mbarrier:arrive: fence is an option of a plain arrival (without tx or cta)")
      end
      if opts.fence then
        tr.emit("mbar_arrive", nil, ops, { imm = self.index, imm2 = 1 })
        return
      end
      if opts.cta ~= nil then
        -- the barrier of the same index in another block of the cluster
        ops[2] = int_value(opts.tx or 0, "mbarrier:arrive: tx")
        ops[3] = int_value(opts.cta, "mbarrier:arrive: cta (a block's rank in the cluster)")
        tr.emit("mbar_arrive", nil, ops, { imm = self.index })
        return
      end
      if opts.tx ~= nil then
        if math.type(opts.tx) == "integer" and (opts.tx < 0 or opts.tx > (1 << 20) - 1) then
          tr.fail("mbarrier:arrive: tx = %d bytes is outside 0..2^20-1", opts.tx)
        end
        ops[2] = int_value(opts.tx, "mbarrier:arrive: tx")
      end
    end
    tr.emit("mbar_arrive", nil, ops, { imm = self.index })
  end

  function Mbar:wait(i, parity)
    local idx = check_index(self, i, "wait")
    if math.type(parity) == "integer" and parity ~= 0 and parity ~= 1 then
      tr.fail("mbarrier:wait(i, parity): parity is 0 or 1 (got %d)", parity)
    end
    tr.emit("mbar_wait", nil, { idx, int_value(parity, "mbarrier:wait: the parity") }, { imm = self.index })
  end

  ----------------------------------------------------------------------------------------------
  -- TMA box copies

  local SIZE = tr.SIZE

  -- the positions an origin coordinate may take: a constant, or every multiple of its known
  -- power-of-two divisor that keeps the window inside the buffer (nil when there are too many)
  local function origin_values(o, len, limit)
    if math.type(o) == "integer" then return { o } end
    local p = tr.pow2_divisor(o)
    local out = {}
    for v = 0, limit - len, p do
      out[#out + 1] = v
      if #out > 64 then return nil end
    end
    return out
  end

  local fits = setmetatable({}, { __mode = "k" })

  -- Whether TMA's layout of a box (lengths, panels of width w, swizzle s) lands where the buffer's
  -- layout puts each element, for every origin in `origins` (a list of coordinate lists). Returns
  -- true, or false and the first element that differs.
  local function layout_fits(lds, lengths, w, s, origins)
    local key = table.concat(lengths, "x") .. "/" .. w .. "/" .. s
    for _, o in ipairs(origins) do key = key .. ";" .. table.concat(o, ",") end
    local per = fits[lds]
    if not per then per = {}; fits[lds] = per end
    if per[key] ~= nil then return per[key], per[key .. "why"] end
    local es, rank = SIZE[lds.dtype], #lengths
    local repeat_bytes = s > 0 and 8 * s or 128 -- TMA writes boxes at 128-byte-aligned addresses
    local inner = lengths[rank]
    local ok, why = true, nil
    local idx = {}
    for _, o in ipairs(origins) do
      for p0 = 0, inner - 1, w do
        for d = 1, rank do idx[d - 1] = o[d] end
        idx[rank - 1] = o[rank] + p0
        local base = lds:element_offset(idx)
        if (base * es) % repeat_bytes ~= 0 then
          ok, why = false, string.format("a panel starts at byte %d of the buffer, not a multiple of %d", base * es, repeat_bytes)
          break
        end
        -- every element of the panel box, row-major
        local count = w
        for d = 1, rank - 1 do count = count * lengths[d] end
        for e = 0, count - 1 do
          local rest = e
          for d = rank, 1, -1 do
            local len = d == rank and w or lengths[d]
            idx[d - 1] = o[d] + rest % len + (d == rank and p0 or 0)
            rest = rest // len
          end
          local b = e * es
          local m = s == 128 and 7 or s == 64 and 3 or s == 32 and 1 or 0
          local want = base + (b ~ (((b >> 7) & m) << 4)) // es
          local got = lds:element_offset(idx)
          if got ~= want then
            local at = {}
            for d = 1, rank do at[d] = idx[d - 1] end
            ok, why = false, string.format("element {%s} is at %d in the buffer, TMA would put it at %d", table.concat(at, ", "),
                                           got, want)
            break
          end
        end
        if not ok then break end
      end
      if not ok then break end
    end
    per[key], per[key .. "why"] = ok, why
    return ok, why
  end

  -- every combination of per-dimension origin values
  local function cartesian(lists)
    local out = { {} }
    for d = 1, #lists do
      local next = {}
      for _, prefix in ipairs(out) do
        for _, v in ipairs(lists[d]) do
          local t = { table.unpack(prefix) }
          t[d] = v
          next[#next + 1] = t
        end
      end
      out = next
      if #out > 256 then return nil end
    end
    return out
  end

  -- Which tensor dimension each dimension of the LDS window copies: the same ones when the ranks
  -- agree; otherwise the tensor window's dimensions of length 1 drop out (a {1, 64, 1, 128} window
  -- of a {B, S, H, D} tensor lands in a {64, 128} buffer). nil when they do not line up.
  local function box_dims(dst, src)
    local rd, rs = #dst.lengths, #src.lengths
    local map = {}
    if rd == rs then
      for d = 1, rd do map[d] = d end
      return map
    end
    local j = rd
    for d = rs, 1, -1 do
      if j >= 1 and src.lengths[d] == dst.lengths[j] then
        map[j] = d
        j = j - 1
      elseif src.lengths[d] ~= 1 then
        return nil
      end
    end
    if j ~= 0 or map[rd] ~= rs then return nil end
    return map
  end

  -- The TMA plan of a copy: swizzle and panel width (the box's dimensions line up as box_dims says), or an
  -- error naming the rule it breaks (soft: error({why = text}) instead, for the plain k:copy,
  -- which then stays cp.async).
  local function plan(k, dst, src, what, soft)
    local lds, t = dst.src, src.src
    local rank, es = t.rank, SIZE[t.dtype]
    local function no(fmt, ...)
      if soft then error({ why = string.format(fmt, ...) }, 0) end
      tr.fail((what or "k:copy with barrier= (a TMA copy)") .. ": " .. fmt, ...)
    end
    if k.kernel_hints.allow_tma == false then no("the kernel's hint allow_tma = false forbids TMA copies") end
    if rank > 5 then no("TMA copies boxes of rank 1..5, the tensor has rank %d", rank) end
    local map = box_dims(dst, src)
    if not map then
      no("the windows' lengths {%s} and {%s} are not the same box", table.concat(dst.lengths, ", "), table.concat(src.lengths, ", "))
    end
    for j, d in ipairs(map) do
      if math.type(dst.lengths[j]) ~= "integer" or dst.lengths[j] ~= src.lengths[d] then
        no("the windows' lengths differ along dimension %d (%s and %s)", d - 1, tostring(dst.lengths[j]), tostring(src.lengths[d]))
      end
    end
    for d = 1, rank do
      if src.lengths[d] > 256 then no("a box is at most 256 elements along each dimension (dimension %d: %d)", d - 1, src.lengths[d]) end
    end
    if not t.aligned16 then no("tensor %s is not known to be 16-byte aligned (TMA needs a 16-byte-aligned base and a tensor that is not empty)", t.name) end
    if not t.contiguous then no("tensor %s's last dimension is not contiguous (stride 1)", t.name) end
    for d = 0, rank - 2 do
      if (t.stride_div16 or 0) & (1 << d) == 0 then
        no("tensor %s's stride along dimension %d is not known to be a multiple of 16 bytes (TMA needs strides of a " ..
           "multiple of 16 bytes)", t.name, d)
      end
    end
    local inner = src.lengths[rank]
    if (inner * es) % 16 ~= 0 then no("the box's rows are %d bytes, not a multiple of 16", inner * es) end
    local lists = {}
    for d = 1, #dst.lengths do
      lists[d] = origin_values(dst.origin[d], dst.lengths[d], lds.lengths[d])
      if not lists[d] then
        no("the LDS window's origin along dimension %d is not known to be a multiple of a large enough power of two " ..
           "(the layout check needs every position it can take)", d - 1)
      end
    end
    local origins = cartesian(lists)
    if not origins then no("the LDS window can take too many positions for the layout check") end
    local whys = {}
    for _, s in ipairs({ 128, 64, 32, 0 }) do
      local w = s > 0 and s // es or inner
      if inner % w == 0 and w >= 1 then
        local ok, why = layout_fits(lds, dst.lengths, w, s, origins)
        if ok then return s, w end
        whys[#whys + 1] = string.format("swizzle %d: %s", s, why)
      end
    end
    no("the LDS buffer's layout is none of TMA's (%s)", table.concat(whys, "; "))
  end

  -- The kernel's TMA descriptor of (tensor t, LDS buffer, box, swizzle), made once; the box is the
  -- tensor window's lengths with panels of w elements along the last dimension. `line` formats its
  -- entry in kernel:report's list (tensor name, box, swizzle).
  local function descriptor(c, t, lds, lengths, w, s, line)
    local box = {}
    for d = 1, t.rank do box[d] = lengths[d] end
    box[t.rank] = w
    c.tma_descs = c.tma_descs or {}
    local key = table.concat({ t.index, lds.index, table.concat(box, "x"), s }, "/")
    local desc = c.tma_descs[key]
    if not desc then
      desc = c.ir:tma(t.index, lds.index, box, s)
      c.tma_descs[key] = desc
      c.tma_notes = c.tma_notes or {}
      c.tma_notes[#c.tma_notes + 1] = string.format(line, t.name, table.concat(box, "x"), s)
    end
    return desc
  end

  -- The TMA_LOAD instructions of a box copy, one per panel of w elements along the last dimension:
  -- (LDS offset, barrier index, the tensor coordinates[, multicast mask]) with `fields`.
  local function load_panels(dst, src, w, index, mask, fields)
    local rank, rd = src.src.rank, #dst.lengths
    for p0 = 0, src.lengths[rank] - 1, w do
      local at = {}
      for d = 1, rd do at[d] = dst.origin[d] end
      if p0 > 0 then at[rd] = at[rd] + p0 end
      local ops = { tr.as(dst.src:offset(at), "i32"), index }
      for d = 1, rank do
        local o = src.origin[d]
        if d == rank and p0 > 0 then o = o + p0 end
        ops[2 + d] = tr.as(o, "i32")
      end
      if mask then ops[#ops + 1] = mask end
      tr.emit("tma_load", nil, ops, fields)
    end
  end

  -- A plain k:copy(dst, src) as TMA box copies in the open copy group (ir.h ASYNC_COMMIT: thread 0
  -- issues them on barrier COPY_GROUP % 8 and arrives at k:copy_commit(); k:copy_wait(n) waits on
  -- the barriers). On targets with TMA, unless the hint allow_tma = false, outside roles, when the
  -- windows' origins are the same in every thread and TMA can copy the box (plan). Returns true
  -- when lowered; otherwise a note of kernel:report gives the reason and the copy stays cp.async.
  function K:group_copy(dst, src)
    if not tl.target().tma or self.kernel_hints.allow_tma == false then return false end
    if type(dst) ~= "table" or type(src) ~= "table" or not dst.dist or dst.dist ~= src.dist or type(dst.src) ~= "table" or
       type(src.src) ~= "table" or not dst.src.is_lds or src.src.is_lds or dst.src.dtype ~= src.src.dtype then
      return false -- win.copy names what is wrong
    end
    local c = tr.current()
    local info = debug.getinfo(3, "Sl") -- the k:copy's caller: the script's line, or the std builder's
    local where = info and string.format("%s:%d", info.short_src:match("[^/]*$"), info.currentline) or "?"
    local function fallback(why)
      c.tma_fallbacks = c.tma_fallbacks or {}
      if not c.tma_fallbacks[where] then -- one note per line of the body
        c.tma_fallbacks[where] = true
        self:note(string.format("k:copy at %s is a cp.async copy, not TMA: %s", where, why))
      end
      return false
    end
    if c.role then return fallback("inside a role (roles copy with k:copy(dst, src, {barrier = mb, index = i}))") end
    local ids = {}
    for _, w in ipairs({ dst, src }) do
      for d = 1, #w.origin do
        if getmetatable(w.origin[d]) == tr.Value then ids[#ids + 1] = w.origin[d].id end
      end
    end
    if #ids > 0 then
      local dep = table.pack(c.ir:thread_dependent(table.unpack(ids)))
      for i = 1, dep.n do
        if dep[i] then return fallback("the window's origin differs between threads (one thread issues a TMA copy for the block)") end
      end
    end
    local ok, s, w = pcall(plan, self, dst, src, nil, true)
    if not ok then
      if type(s) == "table" and s.why then return fallback(s.why) end
      error(s, 0)
    end
    if not c.copy_groups then
      if (c.mbar_count or 0) >= 16 then return fallback("the kernel has 16 mbarrier arrays, none left for the copy groups") end
      c.mbar_count = (c.mbar_count or 0) + 1
      c.copy_groups = c.ir:mbar(8, 1)
      c.ir:set_copy_groups(c.copy_groups)
    end
    local desc = descriptor(c, src.src, dst.src, src.lengths, w, s, "%s -> LDS box %s swizzle %d (k:copy, copy groups)")
    local slot = tr.emit("and", "i32", { tr.emit("copy_group", "i32", {}), tr.const(7, "i32") })
    load_panels(dst, src, w, slot, nil, { imm = desc, imm2 = c.copy_groups, fimm = 0, vec = 0 })
    return true
  end

  -- k:copy(tensor_window, lds_window, {tma = true}): a TMA box store (k:tma_store_wait() before the
  -- LDS is written again)
  -- the thread that issues a TMA store or waits for it: opts.issuer (of the block, or of the current
  -- role), else the role's leader (thread 0 outside roles)
  local function store_issuer(c, issuer, what)
    local first, count = 0, c.block
    if c.role then first, count = c.role.first, c.role.threads end
    if issuer == nil then return first end
    if math.type(issuer) ~= "integer" or issuer < 0 or issuer >= count then
      tr.fail("%s: issuer must be a thread of the %s, an integer in 0..%d (got %s)", what, c.role and "role" or "block",
              count - 1, tostring(issuer))
    end
    return first + issuer
  end

  local REDUCE = { add = true }
  local REDUCE_DTYPES = { f32 = true, i32 = true, u32 = true }
  local function tma_store(self, dst, src, opts)
    target_tma("k:copy with tma = true (a TMA store)")
    local c = tr.current()
    for key in pairs(opts) do
      if key ~= "tma" and key ~= "reduce" and key ~= "issuer" then
        tr.fail("k:copy: a TMA store takes {tma = true[, reduce = \"add\"][, issuer = thread]} (got option '%s')", tostring(key))
      end
    end
    if dst.src.dtype ~= src.src.dtype then
      tr.fail("k:copy(dst, src): the tensor holds %s but the LDS buffer %s (copies do not convert)", dst.src.dtype, src.src.dtype)
    end
    local reduce = 0
    if opts.reduce ~= nil then
      if not REDUCE[opts.reduce] then
        tr.fail("k:copy with tma = true: reduce must be \"add\" (TMA's reduce-add; got %s)", tostring(opts.reduce))
      end
      if not REDUCE_DTYPES[dst.src.dtype] then
        tr.fail("k:copy with reduce = \"add\": TMA reduce-adds are generated for f32, i32 and u32 tensors (%s holds %s)",
                dst.src.name, dst.src.dtype)
      end
      reduce = 1
    end
    local what = reduce == 1 and "k:copy with tma = true, reduce = \"add\" (a TMA reduce-add)" or "k:copy with tma = true (a TMA store)"
    local s, w = plan(self, src, dst, what, false)
    local rank, rs = dst.src.rank, #src.lengths
    local desc = descriptor(c, dst.src, src.src, dst.lengths, w, s, reduce == 1 and "LDS -> %s box %s swizzle %d (reduce-add)"
                            or "LDS -> %s box %s swizzle %d (store)")
    local issuer = store_issuer(c, opts.issuer, "k:copy with tma = true")
    for p0 = 0, dst.lengths[rank] - 1, w do
      local at = {} -- (the LDS window may leave out the box's leading dimensions of length 1)
      for d = 1, rs do at[d] = src.origin[d] end
      if p0 > 0 then at[rs] = at[rs] + p0 end
      local ops = { tr.as(src.src:offset(at), "i32") }
      for d = 1, rank do
        local o = dst.origin[d]
        if d == rank and p0 > 0 then o = o + p0 end
        ops[1 + d] = tr.as(o, "i32")
      end
      tr.emit("tma_store", nil, ops, { imm = desc, imm2 = reduce, fimm = issuer })
    end
  end

  -- k:tma_store_wait(): the TMA stores issued so far have read their LDS (by the thread that issued
  -- them: the current role's leader, thread 0 outside roles; a barrier tells the others)
  -- k:tma_store_wait(n): all but the n (0..7, default 0) newest stores have read their LDS
  -- k:tma_store_wait(n, {issuer = t}): those thread t issued (copies with the same issuer)
  function K:tma_store_wait(n, opts)
    target_tma("k:tma_store_wait")
    n = n or 0
    if math.type(n) ~= "integer" or n < 0 or n > 7 then
      tr.fail("k:tma_store_wait(n): n is the number of stores left in flight, an integer in 0..7 (got %s)", tostring(n))
    end
    if opts ~= nil and type(opts) ~= "table" then
      tr.fail("k:tma_store_wait(n, opts): opts must be a table {issuer = thread, written = true}")
    end
    for key, v in pairs(opts or {}) do
      if key ~= "issuer" and key ~= "written" then
        tr.fail("k:tma_store_wait: unknown option '%s' (options: issuer, written)", tostring(key))
      end
      if key == "written" and type(v) ~= "boolean" then
        tr.fail("k:tma_store_wait: written must be a boolean (got %s)", tostring(v))
      end
    end
    local c = tr.current()
    -- (written: until the stores' writes are done, not only their reads of LDS, and ordered before this thread's
    -- later accesses (a release atomic then publishes them to other blocks); else until they have read LDS)
    tr.emit("tma_store_wait", nil, {}, { imm = n, imm2 = opts and opts.written and 1 or 0,
                                         fimm = store_issuer(c, opts and opts.issuer, "k:tma_store_wait") })
  end

  -- k:copy(dst, src, {barrier = mb, index = i})
  function K:tma_copy(dst, src, opts)
    if opts.tma ~= nil then
      if opts.tma ~= true then tr.fail("k:copy: tma must be true (got %s)", tostring(opts.tma)) end
      if type(dst) ~= "table" or type(src) ~= "table" or not dst.src or not src.src or dst.src.is_lds or not src.src.is_lds then
        tr.fail("k:copy(dst, src, {tma = true}): a TMA store copies a window on an LDS buffer (src) into one on a tensor (dst)")
      end
      return tma_store(self, dst, src, opts)
    end
    if opts.reduce ~= nil or opts.issuer ~= nil then
      tr.fail("k:copy: reduce and issuer are options of TMA stores: add tma = true")
    end
    target_tma("k:copy with barrier=")
    local c = tr.current()
    local bar, index = opts.barrier, opts.index
    if type(bar) ~= "table" or not bar.is_mbar then tr.fail("k:copy(dst, src, opts): opts.barrier must be a k:mbarrier") end
    for key in pairs(opts) do
      if key ~= "barrier" and key ~= "index" and key ~= "multicast" then
        tr.fail("k:copy: unknown option '%s' (expected barrier, index, multicast)", tostring(key))
      end
    end
    local mc = opts.multicast
    if mc ~= nil then
      local n = self.kernel_hints.num_ctas or 1
      if n < 2 then tr.fail("k:copy: multicast needs thread-block clusters (the hint num_ctas = 2 or more)") end
      if math.type(mc) == "integer" and (mc < 1 or mc >= (1 << n)) then
        tr.fail("k:copy: multicast mask 0x%x names no block or one outside the cluster of %d", mc, n)
      end
      mc = int_value(mc, "k:copy: multicast (a mask of cluster ranks)")
    end
    local idx = check_index(bar, index or 0, "copy")
    if type(dst) ~= "table" or type(src) ~= "table" or not dst.src or not src.src or not dst.src.is_lds or src.src.is_lds then
      tr.fail("k:copy(dst, src, opts): dst must be a window on an LDS buffer and src one on a tensor parameter")
    end
    if dst.src.dtype ~= src.src.dtype then
      tr.fail("k:copy(dst, src): the LDS buffer holds %s but the tensor %s (copies do not convert)", dst.src.dtype, src.src.dtype)
    end
    local s, w = plan(self, dst, src)
    local desc = descriptor(c, src.src, dst.src, src.lengths, w, s, "%s -> LDS box %s swizzle %d")
    load_panels(dst, src, w, idx, mc, { imm = desc, imm2 = bar.index, fimm = c.role and c.role.first or 0, vec = mc and 1 or 0 })
  end

  ----------------------------------------------------------------------------------------------
  -- thread-block clusters (the hint num_ctas = n: n blocks along x)

  -- k.cluster_rank() -> i32: this block's rank in its cluster (0 without clusters)
  function K.cluster_rank()
    local t = tl.target()
    if not t.clusters then tl.unsupported(t.arch, "k.cluster_rank: thread-block clusters exist on NVIDIA sm_90 and later only") end
    return tr.emit("cluster_rank", "i32", {})
  end
  -- k:cluster_sync(): every thread of every block of the cluster arrives, then waits for all
  function K:cluster_sync()
    local t = tl.target()
    if not t.clusters then tl.unsupported(t.arch, "k:cluster_sync: thread-block clusters exist on NVIDIA sm_90 and later only") end
    if tr.current().role then tr.fail("k:cluster_sync() inside a role: the block's other roles never reach it") end
    tr.emit("cluster_sync", nil, {})
  end

  ----------------------------------------------------------------------------------------------
  -- roles (warp specialization)

  local Role = {}
  Role.__index = Role
  function Role:tid() return tr.current().tid end
  function Role:leader() return tl.eq(tr.current().tid, 0) end
  -- role:sync() meets the role's threads; role:sync{warps = n} is a group barrier within the role: every
  -- thread of the role reaches it, each waits only for its aligned group of n warps (named barriers of
  -- their own, after the roles' ones)
  function Role:sync(opts)
    if opts == nil then tr.emit("role_sync", nil, {}, { imm = self.index + 1, imm2 = self.threads }); return end
    local c = tr.current()
    local n, nw = tr.group_warps(opts, "role:sync"), self.threads // c.warp
    if math.type(n) ~= "integer" or n < 1 or nw % n ~= 0 or (self.first // c.warp) % n ~= 0 then
      tr.fail("role:sync{warps = %s}: the group must be a whole number of warps that divides the role's %d warps " ..
              "(threads %d..%d) into aligned groups", tostring(n), nw, self.first, self.first + self.threads - 1)
    end
    if n == nw then tr.emit("role_sync", nil, {}, { imm = self.index + 1, imm2 = self.threads }); return end
    local g = n * c.warp
    local base = self.group_ids[g]
    if not base then
      base = self.ids.next
      self.ids.next = base + nw // n
      if self.ids.next - 1 > 15 then
        tr.fail("role:sync{warps = %d}: %d groups need named barriers %d..%d, past the 15 a block has (the roles take " ..
                "1..%d)", n, nw // n, base, self.ids.next - 1, self.ids.roles)
      end
      self.group_ids[g] = base
    end
    tr.emit("role_sync", nil, {}, { imm = base, imm2 = self.threads, fimm = g })
  end

  -- role:named_barriers(n, threads): n named barriers of the role's own (bar.sync / bar.arrive), each completing once
  -- `threads` of the role's threads (whole warps) have arrived; bars:sync(i) arrives and waits, bars:arrive(i)
  -- arrives and goes on (FlashAttention-3's warpgroup turns: one group waits at its barrier, the group before it
  -- arrives there once it has issued). i may differ between warps (each warpgroup its own barrier).
  local NamedBars = {}
  NamedBars.__index = NamedBars
  local function named_bar(self, i, arrive)
    local c = tr.current()
    if c.role ~= self.role then tr.fail("named barriers: used outside the role that declared them") end
    if math.type(i) == "integer" and (i < 0 or i >= self.count) then
      tr.fail("named barriers:%s(i): i = %d is outside 0..%d", arrive and "arrive" or "sync", i, self.count - 1)
    end
    local idx = int_value(i, "named barriers:" .. (arrive and "arrive" or "sync") .. "(i): i")
    tr.emit("named_bar", nil, { idx }, { imm = self.base, imm2 = self.threads, fimm = arrive and 1 or 0, vec = self.count })
  end
  function NamedBars:sync(i) named_bar(self, i, false) end
  function NamedBars:arrive(i) named_bar(self, i, true) end

  function Role:named_barriers(n, threads)
    target_tma("role:named_barriers")
    local c = tr.current()
    if c.role ~= self then tr.fail("role:named_barriers: declare them inside the role's own fn") end
    if math.type(n) ~= "integer" or n < 1 then
      tr.fail("role:named_barriers(n, threads): n is the number of barriers, a positive integer (got %s)", tostring(n))
    end
    if math.type(threads) ~= "integer" or threads < c.warp or threads % c.warp ~= 0 or threads > self.threads then
      tr.fail("role:named_barriers(n, threads): threads = %s: a barrier counts whole warps of %d, at most the role's %d " ..
              "threads", tostring(threads), c.warp, self.threads)
    end
    local base = self.ids.next
    if base + n - 1 > 15 then
      tr.fail("role:named_barriers(%d, %d): they need named barriers %d..%d, past the 15 a block has (the roles take " ..
              "1..%d, their group barriers and named barriers the next ones)", n, threads, base, base + n - 1, self.ids.roles)
    end
    self.ids.next = base + n
    return setmetatable({ role = self, base = base, count = n, threads = threads }, NamedBars)
  end

  function K:roles(list)
    local c = tr.current()
    if type(list) ~= "table" or #list < 1 then
      tr.fail("k:roles{ {warps = n, fn = function(role) ... end}, ... }: expected a non-empty list of roles")
    end
    if c.role then tr.fail("k:roles: roles inside a role") end
    if #list > 15 then tr.fail("k:roles: at most 15 roles (one named barrier each)") end
    local total = 0
    for i, r in ipairs(list) do
      if type(r) ~= "table" then tr.fail("k:roles: role %d must be a table {warps = n, fn = function(role) ... end}", i) end
      for key in pairs(r) do
        if key ~= "warps" and key ~= "registers" and key ~= "fn" and key ~= "name" and key ~= "groups" then
          tr.fail("k:roles: role %d: unknown field '%s' (expected warps, registers, fn, name, groups)", i, tostring(key))
        end
      end
      if math.type(r.warps) ~= "integer" or r.warps < 1 then
        tr.fail("k:roles: role %d: warps must be a positive integer (got %s)", i, tostring(r.warps))
      end
      if type(r.fn) ~= "function" then tr.fail("k:roles: role %d: fn must be a function(role)", i) end
      if r.groups ~= nil and (math.type(r.groups) ~= "integer" or r.groups < 1 or r.groups > 255 or r.warps % r.groups ~= 0) then
        tr.fail("k:roles: role %d: groups = %s: expected a number of warps that divides the role's %d", i, tostring(r.groups),
                r.warps)
      end
      local regs = r.registers or 0
      if math.type(regs) ~= "integer" or (regs ~= 0 and (regs < 24 or regs > 256 or regs % 8 ~= 0)) then
        tr.fail("k:roles: role %d: registers must be an integer in 24..256, a multiple of 8 (got %s)", i, tostring(r.registers))
      end
      total = total + r.warps * c.warp
    end
    if total ~= c.block then
      tr.fail("k:roles: the roles' warps add up to %d threads but the block has %d (%d warps of %d)", total, c.block,
              c.block // c.warp, c.warp)
    end
    -- setmaxnreg moves registers between the warpgroups of one block (sm_90): .inc takes them from a
    -- pool per block that holds only what the block started with (threads x the registers a thread
    -- gets at entry: 64K / threads, in steps of 8, at most 255, __launch_bounds__(block, 1)) and what
    -- .dec gave back, so roles asking for more than that wait forever. (640 threads start with 96
    -- each: 24 + 4 x 120 = 64512 fits the SM's 64K but not the block's 61440, and hung on an H100.)
    -- Roles without `registers` keep what they start with.
    local asked, entry, parts = 0, math.min(255, (65536 // c.block) // 8 * 8), {}
    for _, r in ipairs(list) do if r.registers then asked = asked + 1 end end
    if asked > 0 then
      local sum = 0
      for i, r in ipairs(list) do
        local regs = r.registers or entry
        sum = sum + r.warps * c.warp * regs
        parts[#parts + 1] = string.format("role %d: %d threads x %d", i, r.warps * c.warp, regs)
      end
      local pool = c.block * entry
      if sum > pool then
        tr.fail("k:roles: the roles' registers add up to %d per block (%s), more than the %d the block starts with " ..
                "(%d threads x %d): setmaxnreg would wait forever for registers nobody gives up", sum,
                table.concat(parts, ", "), pool, c.block, entry)
      end
    end
    local first = 0
    -- named barriers: role i has i; the roles' group barriers (role:sync{warps = n}) the next ones
    local ids = { next = #list + 1, roles = #list }
    for i, r in ipairs(list) do
      local n = r.warps * c.warp
      local regs = r.registers or 0
      if regs > 0 and (first % 128 ~= 0 or n % 128 ~= 0) then
        tr.fail("k:roles: role %d asks for registers, which are set per warpgroup: its threads [%d, %d) must be whole " ..
                "warpgroups of 128", i, first, first + n)
      end
      local body = c.ir:region()
      tr.emit("role", nil, {}, { imm = first, imm2 = n, fimm = regs, region0 = body, vec = r.groups or 0 })
      local outer = c.region
      c.parent[body] = outer
      c.region = body
      c.role = setmetatable({ first = first, threads = n, index = i - 1, name = r.name, ids = ids, group_ids = {} }, Role)
      -- inside the role, thread ids count from its first thread (windows and layouts see n threads)
      local block_tid = c.tid
      c.tid = first == 0 and block_tid or block_tid - first
      local ok, err = pcall(r.fn, c.role)
      c.tid = block_tid
      c.role = nil
      c.region = outer
      if not ok then error(err, 0) end
      first = first + n
    end
  end
end
