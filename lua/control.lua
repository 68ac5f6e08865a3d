-- control.lua - a kernel body's run-time control flow: k:range (a loop carrying values, distributed tensors of
-- 16-bit floats as pairs in 32-bit registers), k:range_while (a loop each thread also leaves once its condition is
-- false) and k:when (a branch); ir.h FOR / LOOP_IV / LOOP_CARRY / YIELD / FOR_RESULT and IF. Installed on the k
-- object by kernel.lua.
local tr = require "tilelua.trace"
local win = require "tilelua.window"

return function(K, as_bool)
  local Value, is_value = tr.Value, tr.is_value

  -- A distributed tensor of 16-bit floats with an even number of elements is carried as pairs
  -- (elements 2i, 2i + 1) in 32-bit integers, the low half first: half the registers (a loop's P
  -- of attention, the A of the next wgmma, which reads such pairs anyway).
  local PAIRED = { f16 = true, bf16 = true }
  local function pack2(lo, hi, dt)
    local l = tr.as(tr.as(lo, dt):bitcast("u16"), "u32")
    local h = tr.as(tr.as(hi, dt):bitcast("u16"), "u32")
    return tr.emit("or", "u32", { l, tr.emit("shl", "u32", { h, tr.const(16, "u32") }) })
  end
  local function unpack2(u, dt)
    local hi = tr.emit("shr", "u32", { u, tr.const(16, "u32") })
    return tr.as(u, "u16"):bitcast(dt), tr.as(hi, "u16"):bitcast(dt)
  end
  -- flatten carried values (Values, numbers, distributed tensors) to a list of Values
  local function flatten(list, n)
    local flat, shape = {}, {}
    for i = 1, n do
      local x = list[i]
      if win.is_dist_tensor(x) and PAIRED[x.dtype] and x.facts.elements % 2 == 0 then
        shape[i] = { dist = x, count = x.facts.elements, paired = true }
        for y = 0, x.facts.elements - 1, 2 do flat[#flat + 1] = pack2(x.vals[y], x.vals[y + 1], x.dtype) end
      elseif win.is_dist_tensor(x) then
        shape[i] = { dist = x, count = x.facts.elements }
        for y = 0, x.facts.elements - 1 do flat[#flat + 1] = x.vals[y] end
      elseif is_value(x) then shape[i] = { count = 1 }; flat[#flat + 1] = x
      elseif type(x) == "number" then
        shape[i] = { count = 1 }
        flat[#flat + 1] = tr.const(x, math.type(x) == "float" and "f32" or "i32")
      else
        tr.fail("k:range: carried value #%d must be a number, a symbolic value or a distributed tensor (got %s)", i, type(x))
      end
    end
    return flat, shape
  end
  local function rebuild(values, shape)
    local out, pos = {}, 1
    for i, s in ipairs(shape) do
      if s.paired then
        local vals = {}
        for y = 0, s.count - 1, 2 do
          vals[y], vals[y + 1] = unpack2(values[pos], s.dist.dtype)
          pos = pos + 1
        end
        out[i] = win.new_dist_tensor(s.dist.dist, s.dist.facts, s.dist.dtype, vals)
      elseif s.dist then
        local vals = {}
        for y = 0, s.count - 1 do vals[y] = values[pos]; pos = pos + 1 end
        out[i] = win.new_dist_tensor(s.dist.dist, s.dist.facts, s.dist.dtype, vals)
      else out[i] = values[pos]; pos = pos + 1 end
    end
    return out
  end

  -- k:range(lo, hi, step, fn[, init...]): a run-time loop; fn(i, carried...) returns the new
  -- carried values; the call returns them after the last iteration.
  local range_impl
  -- k:range_while(lo, hi, step, fn, go, ...): k:range whose threads also leave once their condition is false:
  -- go (a boolean or a bool Value) before the first iteration, then the first value fn returns, fn(i, ...) ->
  -- go, ...: a loop whose trip count is decided while it runs (a persistent kernel taking work tiles from a
  -- counter until none are left); the results are the carries after each thread's last iteration, as k:range's
  function K:range_while(lo, hi, step, fn, go, ...)
    if type(fn) ~= "function" then tr.fail("k:range_while(lo, hi, step, fn, go): fn must be a function (got %s)", type(fn)) end
    if not (type(go) == "boolean" or (is_value(go) and go.dtype == "bool")) then
      tr.fail("k:range_while: the condition go must be a boolean or a bool Value such as tl.lt(a, b) (got %s)",
              is_value(go) and go.dtype or type(go))
    end
    local n = select("#", ...)
    local function body(i, g, ...)
      local out = table.pack(fn(i, ...))
      local nxt = out[1]
      if not (type(nxt) == "boolean" or (is_value(nxt) and nxt.dtype == "bool")) then
        tr.fail("k:range_while: the body must return the condition (a boolean or a bool Value) first, then its %d carried " ..
                "value(s) (got %s)", n, is_value(nxt) and nxt.dtype or type(nxt))
      end
      if out.n < n + 1 then
        tr.fail("k:range_while: the body must return the condition and its %d carried value(s), it returned %d value(s)", n,
                out.n)
      end
      return tr.as(nxt, "bool"), table.unpack(out, 2, n + 1)
    end
    return select(2, range_impl(self, lo, hi, step, body, true, tr.as(go, "bool"), ...))
  end

  function K:range(lo, hi, step, fn, ...)
    return range_impl(self, lo, hi, step, fn, false, ...)
  end

  -- k:range's loop; while_first: k:range_while's (the IR's for "while carry 0": the first carry its condition)
  function range_impl(self, lo, hi, step, fn, while_first, ...)
    local c = tr.current()
    if type(fn) ~= "function" then tr.fail("k:range(lo, hi, step, fn): fn must be a function (got %s)", type(fn)) end
    if type(step) == "number" and step <= 0 then tr.fail("k:range: step must be positive (got %s)", tostring(step)) end
    local it = "i32"
    for _, x in ipairs({ lo, hi, step }) do
      if is_value(x) then
        if tr.FLOAT[x.dtype] then tr.fail("k:range: bounds must be integers (got %s)", x.dtype) end
        if x.dtype == "i64" or x.dtype == "u64" then it = "i64" end
      elseif math.type(x) ~= "integer" then
        tr.fail("k:range: bounds must be integers (got %s)", tostring(x))
      end
    end
    local n = select("#", ...)
    local flat, shape = flatten({ ... }, n)
    local ops = { tr.as(lo, it), tr.as(hi, it), tr.as(step, it) }
    for _, v in ipairs(flat) do ops[#ops + 1] = v end
    local body = c.ir:region()
    local for_id = tr.emit("for", nil, ops, { region0 = body, imm = while_first and 1 or 0 })
    local outer = c.region
    c.parent[body] = outer
    c.region = body
    local iv = tr.emit("loop_iv", it, {})
    iv.p2 = math.min(tr.pow2_divisor(lo), tr.pow2_divisor(step)) -- iv = lo + i * step
    local carried = {}
    for k, v in ipairs(flat) do carried[k] = tr.emit("loop_carry", v.dtype, {}, { imm = k - 1 }) end
    local results = table.pack(fn(iv, table.unpack(rebuild(carried, shape), 1, n)))
    if results.n < n then
      tr.fail("k:range: the body must return its %d carried value(s), it returned %d", n, results.n)
    end
    -- (a carried tensor comes back in its own dtype: a tensor of pairs is bits of that dtype, and a
    -- 16-bit one returned for another would be paired where the carried one is not)
    for i, s in ipairs(shape) do
      local r = results[i]
      if s.dist and win.is_dist_tensor(r) and r.dtype ~= s.dist.dtype then results[i] = r:cast(s.dist.dtype) end
    end
    local next_flat = flatten(results, n)
    if #next_flat ~= #flat then tr.fail("k:range: the body returned carried values of another shape") end
    for k2 = 1, #next_flat do next_flat[k2] = tr.as(next_flat[k2], flat[k2].dtype) end
    tr.emit("yield", nil, next_flat)
    c.region = outer
    local outs = {}
    local for_value = setmetatable({ id = for_id, dtype = "i32" }, Value)
    for k2, v in ipairs(flat) do outs[k2] = tr.emit("for_result", v.dtype, { for_value }, { imm = k2 - 1 }) end
    return table.unpack(rebuild(outs, shape), 1, n)
  end

  -- k:when(cond, then_fn[, else_fn]): a run-time branch (per thread).
  function K:when(cond, then_fn, else_fn)
    local c = tr.current()
    if type(then_fn) ~= "function" then tr.fail("k:when(cond, fn): fn must be a function") end
    local cv = as_bool(cond)
    local r_then, r_else = c.ir:region(), c.ir:region()
    tr.emit("if", nil, { cv }, { region0 = r_then, region1 = r_else })
    local outer = c.region
    c.parent[r_then], c.parent[r_else] = outer, outer
    c.region = r_then
    then_fn()
    c.region = r_else
    if else_fn then else_fn() end
    c.region = outer
  end
end
