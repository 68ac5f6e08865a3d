-- std.attention_backward's split last round (config.split): the dK/dV kernel's launch has one block a key block,
-- 2048 or 4096 of them on the benchmark's grid, 15.5 or 31.03 a multiprocessor of an H200, so its last round runs
-- on 68 or 4 of the 132 (about 3% of the kernel, bench/RESULTS.md 2026-11-30 session 46, call 5). Split, the main
-- launch takes the blocks before nmain (whole rounds) and leaves the last r key blocks to a second launch of P
-- pieces each: piece i of a key block walks its query tiles i nq // P .. (i + 1) nq // P - 1 and stores its f32 dK
-- and dV into rows of its own in two f32 buffers, which finalize() sums and casts into dK and dV (no buffer to clear:
-- tl.zeros's clear waits on the host for the launches before it, about 80 us a call at S = 1k on an H200; and the
-- sums in a fixed order). The main kernel is the default's but for the tiles of the blocks from nmain on (none);
-- dQ's reduce-adds are the same in both.
local C = require "tilelua.std.common"

local M = {}

-- the split of total key blocks (the launch's blocks) on resident blocks at once, where ntiles is a key block's query
-- tiles (of one query head): nil (no split: no tail, or a single query tile), or {nmain, tail, pieces}, pieces at most
-- ntiles (a causal key block with fewer tiles leaves some pieces empty). opt: config.split: true (P chosen here, the
-- tail total % resident, none where total <= resident: a single partial round), a number P, or {pieces = P, tail = r}
-- (any tail: the tests' executor form)
-- (P minimizes rounds(r P) (1 / P + FIXED): a piece's fixed cost taken as FIXED of a block's time, the block's start
-- and its f32 stores)
local FIXED = 0.05
local function show(v) return type(v) == "string" and string.format("%q", v) or tostring(v) end

-- config.split's form checked: its pieces and tail (nil where not given), or an error naming the value
function M.check(opt)
  local pieces, tail
  if type(opt) == "table" then
    pieces, tail = opt.pieces, opt.tail
    for key in pairs(opt) do
      if key ~= "pieces" and key ~= "tail" then
        C.fail("std.attention_backward: config.split takes {pieces = P, tail = key blocks} (got field '%s')", tostring(key))
      end
    end
    if tail ~= nil and (math.type(tail) ~= "integer" or tail < 0) then
      C.fail("std.attention_backward: config.split's tail must be a count of key blocks, 0 or more (got %s)", show(tail))
    end
  elseif type(opt) == "number" then pieces = opt
  elseif type(opt) ~= "boolean" then
    C.fail("std.attention_backward: config.split must be true, a count of pieces or {pieces = P, tail = r} (got %s)", show(opt))
  end
  if pieces ~= nil and (math.type(pieces) ~= "integer" or pieces < 1) then
    C.fail("std.attention_backward: config.split's pieces must be a positive integer (got %s)", show(pieces))
  end
  return pieces, tail
end

function M.plan(opt, total, ntiles, resident)
  if not opt then return nil end
  local pieces, tail = M.check(opt)
  tail = math.min(tail or (total > resident and total % resident or 0), total)
  if tail == 0 or ntiles < 1 then return nil end
  if pieces then pieces = math.min(pieces, ntiles)
  else
    local best = math.huge
    for p = 1, math.min(ntiles, 64) do
      local cost = ((tail * p + resident - 1) // resident) * (1 / p + FIXED)
      if cost < best - 1e-9 then best, pieces = cost, p end
    end
  end
  if pieces == 1 and opt == true then return nil end -- (chosen: a tail of whole blocks, as without split)
  return { nmain = total - tail, tail = tail, pieces = pieces }
end

-- key block w of the main launch's grid ({Hkv, key blocks, B} with lpt, else {key blocks, Hkv, B}, block_id 0
-- fastest): its batch, key/value head and key block
function M.key_block(w, nkb, hkv, lpt)
  if lpt then
    local rest = w // hkv
    return rest // nkb, w % hkv, rest % nkb
  end
  local rest = w // nkb
  return rest // hkv, rest % hkv, w % nkb
end

-- finalize(P): the sum of the P pieces' f32 dK and dV (rows (w P + i) BK.. of dkp and dvp, {tail P BK, D}, for piece i
-- of the tail's key block w) cast into key block nmain + w's rows of dK and dV (rows past Skv left out by the windows'
-- bounds); block j takes L.rows rows of key block j // per, per = BK / L.rows (one block a key block, walking its
-- rows one chunk after another, took 20-30 us); returns the kernel and per
function M.finalize(dt, d, layout, bk, lpt, pieces)
  local L = C.row_layout(d, 4, tl.default_warp(), 32)
  local per = math.max(bk // L.rows, 1)
  local key = table.concat({ "attention_backward_split", dt, d, layout, bk, tostring(lpt), pieces, tl.default_warp() }, ";")
  return C.memo(key, function()
    local rank = layout == "bshd" and 3 or 4
    return tl.kernel {
      name = "std_attention_backward_split_" .. dt .. "_d" .. d .. "_p" .. pieces .. (layout == "bshd" and "_bshd" or "") ..
             (lpt and "_l" or ""), block = C.BLOCK,
      params = { { "dkp", tl.tensor("f32", 2) }, { "dvp", tl.tensor("f32", 2) }, { "dk", tl.tensor(dt, rank) },
                 { "dv", tl.tensor(dt, rank) }, { "nmain", tl.i32 } },
      body = function(k, p)
        local hkv = rank == 4 and p.dk:shape(1):cast("i32") or p.dk:shape(2):cast("i32") // d
        local nkb = ((rank == 4 and p.dk:shape(2) or p.dk:shape(1)):cast("i32") + (bk - 1)) // bk
        local w, r = k.block_id(0) // per, (k.block_id(0) % per) * L.rows
        local b, hk, kb = M.key_block(p.nmain + w, nkb, hkv, lpt)
        local row = kb * bk + r
        for _, e in ipairs { { p.dkp, p.dk }, { p.dvp, p.dv } } do
          local x
          for i = 0, pieces - 1 do
            local y = k:window(e[1], { (w * pieces + i) * bk + r, 0 }, { L.rows, L.cols }, L.dist):load { pad = 0 }
            x = x and x + y or y
          end
          local out = rank == 4 and k:window(e[2], { b, hk, row, 0 }, { 1, 1, L.rows, L.cols }, L.dist) or
                      k:window(e[2], { b, row, hk * d }, { 1, L.rows, L.cols }, L.dist)
          out:store(x:cast(dt))
        end
      end,
    }
  end), per
end

return M
