-- std.attention's config.early_q and config.lazy, two forms of the persistent kernel's tile boundary.
-- early_q: each consumer warpgroup hands q's buffer back once the tile's last S is complete (in the step of its last key
-- tile, or after the first S where the tile has one key tile), so the producer copies the next tile's q a softmax
-- earlier. lazy: the consumers decode their work tile (batch, head, rows) only after its products, where the output's
-- and the logsumexp's stores need it. On the executor the persistent grid is 2 blocks, so each block walks several
-- tiles and q's barriers go through several phases; tiles of one key tile and of several, rows past S, GQA, bf16 and
-- the {B, S, H, D} layout; against the float64 reference (lib/attention_case.lua). Then the generated source and the
-- errors.
local T = require "testing"
local std = require "tilelua.std"
local A = require "attention_case"
local case = A.case

-- the D = 64 not causal default's fields (Skv <= 2k), with the two forms
local function d64(extra)
  local c = { wgmma = true, ws = true, split = true, overlap = true, rs = true, persistent = true, tma_store = "producer" }
  for key, v in pairs(extra) do c[key] = v end
  return c
end

A.on_wgmma(function()
  for _, form in ipairs { { early_q = true }, { lazy = true }, { early_q = true, lazy = true } } do
    case { B = 2, Hq = 2, S = 300, Skv = 300, D = 64, dt = "f16", config = d64(form) }      -- 3 key tiles, ragged
    case { B = 3, Hq = 1, S = 200, Skv = 100, D = 64, dt = "bf16", config = d64(form) }     -- one key tile a work tile
    case { B = 1, Hq = 4, Hkv = 2, S = 150, Skv = 256, D = 64, dt = "f16", layout = "bshd", config = d64(form) } -- GQA
  end
  case { B = 1, Hq = 1, S = 70, Skv = 100, D = 64, dt = "f16", config = d64 {} } -- (for the sources below)
  -- lazy where the consumers store the output themselves: by TMA from their warpgroup's first thread, or each thread
  case { B = 2, Hq = 2, S = 140, Skv = 200, D = 64, dt = "f16", config = d64 { lazy = true, tma_store = true } }
  case { B = 2, Hq = 1, S = 140, Skv = 130, D = 64, dt = "bf16", config = d64 { lazy = true, tma_store = false } }
  -- early_q at D = 128 (the carried walk, the turns) and causal (config.dynamic's counter, its turns): tiles whose last
  -- key tile differs from tile to tile
  case { B = 2, Hq = 2, S = 200, Skv = 260, D = 128, dt = "f16",
         config = { wgmma = true, persistent = true, pingpong = true, early_q = true } }
  case { B = 2, Hq = 2, S = 260, Skv = 200, D = 64, dt = "f16", causal = true,
         config = { wgmma = true, persistent = true, dynamic = true, pingpong = true, early_q = true } }
  case { B = 1, Hq = 2, Hkv = 1, S = 100, Skv = 300, D = 128, dt = "bf16", causal = true, layout = "bshd",
         config = { wgmma = true, persistent = true, dynamic = true, early_q = true } }
  T.eq(require("tilelua.std.attention")._forward.kept_counter():tolist(), { 0 }, "the counter back at zero")

  -- the generated source: with early_q each warpgroup's arrival on q's barrier (the one the producer waits on before
  -- it copies q) sits in the step of every key tile that can be the last (under its test) and after the first S, where
  -- the default has it once, after the key loop; with lazy the consumers' first run-time division comes after their
  -- first wgmma
  local srcs = {}
  for _, kk in ipairs(std.kernels()) do srcs[kk.name] = kk end
  local base = "std_attention_f16_d64_masked_wgmma_ws_split_ov_rs_pt_ph"
  local def = assert(srcs[base], "the kernel without the forms")
  local eq = assert(srcs[base .. "_eq"], "the early_q kernel")
  local lz = assert(srcs[base .. "_lz"], "the lazy kernel")
  local both = assert(srcs[base .. "_eq_lz"], "the kernel with both")
  local function roles(kern)
    local src = kern:source("sm_90"):gsub("\n#line [^\n]*", "")
    local at = assert(src:find("/* role: threads 128..383 */", 1, true), "the consumers' role")
    return src:sub(1, at), src:sub(at)
  end
  local function q_arrivals(kern)
    local producer, consumers = roles(kern)
    local qbar = assert(producer:match("tl_mbar_wait%(&tl_mbar(%d+)%["), "the producer's first wait: q's buffer free")
    return select(2, consumers:gsub("tl_mbar_arrive%(&tl_mbar" .. qbar .. "%[", ""))
  end
  T.eq(q_arrivals(def), 1, "the default: q handed back once, after the key loop")
  T.eq(q_arrivals(eq), 2, "early_q: q handed back in the tail's step and after the steps (a last key tile of the rounds)")
  T.eq(q_arrivals(both), 2, "both: q handed back in the tail's step and after the steps")
  T.eq(q_arrivals(lz), 1, "lazy alone: q handed back once")
  local function consumers(kern) return select(2, roles(kern)) end
  local function count(s, pat) return select(2, s:gsub(pat, "")) end
  -- (the work tile's number: the consumers' walk's loop variable; its decoding divides it by run-time values)
  local function first_div(c)
    local w = assert(c:match("for %(int (v%d+) = "), "the consumers' walk")
    return c:find("tl_div%(" .. w .. ",") or c:find("tl_rem%(" .. w .. ",")
  end
  local function first_mma(c) return c:find("wgmma%.mma_async") end
  T.eq(first_div(consumers(def)) < first_mma(consumers(def)), true, "the default: the tile decoded before its first S")
  T.eq(first_div(consumers(eq)) < first_mma(consumers(eq)), true, "early_q alone: the tile decoded before its first S")
  T.eq(first_div(consumers(lz)) > first_mma(consumers(lz)), true, "lazy: the tile decoded after its first S")
  T.eq(first_div(consumers(both)) > first_mma(consumers(both)), true, "both: the tile decoded after its first S")
  for _, kern in ipairs { eq, lz, both } do T.compiles(kern:source("sm_90"), kern.name, "sm_90a", kern.name .. " for sm_90a") end

  -- errors
  local q = tl.zeros({ 1, 1, 64, 64 }, tl.f16)
  T.raises(function() std.attention(q, q, q, { config = { wgmma = true, persistent = false, early_q = true } }) end,
           "config.early_q hands q's buffer to the persistent kernel's next tile: it needs config.persistent", "early_q alone")
  T.raises(function() std.attention(q, q, q, { causal = true, config = { wgmma = true, lazy = true } }) end,
           "config.lazy (the consumers decode the work tile at its end) is a form of the persistent kernel's fixed walk " ..
           "at D = 64 without a causal mask (persistent = true, dynamic = true, causal = true, D = 64)", "lazy causal")
  local q128 = tl.zeros({ 1, 1, 64, 128 }, tl.f16)
  T.raises(function() std.attention(q128, q128, q128, { config = { wgmma = true, lazy = true } }) end,
           "(persistent = true, dynamic = false, causal = false, D = 128)", "lazy at D = 128")
  T.raises(function() std.attention(q, q, q, { config = { wgmma = true, early_q = 1 } }) end,
           "config.early_q must be a boolean (got 1)", "early_q not a boolean")
end)
print("std_attention_early_q: ok")
