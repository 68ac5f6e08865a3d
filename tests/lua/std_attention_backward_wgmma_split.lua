-- std.attention_backward's config.split (stdlib/attention_backward_split.lua): the dK/dV launch's last key blocks in
-- pieces along the queries, a launch of their own whose f32 dK and dV are summed and cast after, against float64 Lua
-- reference gradients (tests/lua/lib/attention_backward_case.lua), on the executor at warp 32 or a GPU with wgmma.
-- The tails cross heads and batches, pieces split a key block's query tiles unevenly or leave some pieces none.
local T = require "testing"
local BC = require "attention_backward_case"
local SP = require "tilelua.std.attention_backward_split"

-- the plan: the tail past whole rounds, the pieces that end it soonest
T.eq(SP.plan(true, 2048, 256, 132), { nmain = 1980, tail = 68, pieces = 5 }, "D = 128's 2048 key blocks on 132")
T.eq(SP.plan(true, 4096, 8, 132), { nmain = 4092, tail = 4, pieces = 8 }, "D = 64's 4096: 4 left, 8 query tiles each")
T.eq(SP.plan(true, 1980, 256, 132), nil, "whole rounds: no split")
T.eq(SP.plan(true, 100, 256, 132), nil, "under one round: no split")
T.eq(SP.plan(true, 2048, 1, 132), nil, "a single query tile: no pieces")
T.eq(SP.plan(3, 2048, 256, 132), { nmain = 1980, tail = 68, pieces = 3 }, "pieces given")
T.eq(SP.plan(5, 2048, 2, 132), { nmain = 1980, tail = 68, pieces = 2 }, "pieces at most the query tiles")
T.eq(SP.plan(1, 2048, 16, 132), { nmain = 1980, tail = 68, pieces = 1 }, "one piece given: the tail in a launch of its own")
T.eq(SP.plan({ pieces = 2, tail = 5 }, 12, 4, 3), { nmain = 7, tail = 5, pieces = 2 }, "tail given")
T.eq(SP.plan({ pieces = 2, tail = 50 }, 12, 4, 3), { nmain = 0, tail = 12, pieces = 2 }, "a tail of every key block")
T.eq(SP.plan(false, 2048, 256, 132), nil, "off")
T.raises(function() SP.plan(0, 12, 4, 3) end, "config.split's pieces must be a positive integer (got 0)")
T.raises(function() SP.plan("yes", 12, 4, 3) end, 'config.split must be true, a count of pieces or {pieces = P, tail = r} (got "yes")')
T.raises(function() SP.plan({ pieces = "2" }, 12, 4, 3) end, 'config.split\'s pieces must be a positive integer (got "2")')
T.raises(function() SP.plan({ pieces = 2, rows = 1 }, 12, 4, 3) end, "config.split takes {pieces = P, tail = key blocks} (got field 'rows')")
T.raises(function() SP.plan({ tail = -1 }, 12, 4, 3) end, "config.split's tail must be a count of key blocks, 0 or more (got -1)")

local restore = BC.begin()
if not restore then return end
local case = BC.case

if tl.backend() == "cpu" or tl.target().wgmma then
  -- D = 128 (config.ws by default), GQA: 3 key blocks a head (the last partial), 2 heads, 2 batches: 12, of which the
  -- last 7 (across a head and a batch) in 2 pieces of 2 query tiles; dQ's reduce-adds from both launches
  case { B = 2, Hq = 4, Hkv = 2, S = 70, Skv = 300, D = 128, dt = "f16", config = { wgmma = true, split = { pieces = 2, tail = 7 } } }
  -- causal with S > Skv (key block 1 has one query tile: two of its pieces empty), GQA, the {B, S, H, D} layout, bf16,
  -- lpt's order (grid {Hkv, key blocks, B}: 8 blocks, the last 3 across the second batch's heads), D = 64 (128-row
  -- tiles), dQ's shares in its own order and issued at once
  case { B = 2, Hq = 4, Hkv = 2, S = 260, Skv = 130, D = 64, dt = "bf16", causal = true, layout = "bshd",
         config = { wgmma = true, lpt = true, flat = false, late = false, split = { pieces = 3, tail = 3 } } }
  -- every key block in pieces (no main launch)
  case { B = 2, Hq = 1, Hkv = 1, S = 200, Skv = 200, D = 64, dt = "f16", config = { wgmma = true, split = { pieces = 2, tail = 9 } } }
  -- true: the tail total % resident blocks (3 on the executor: 1 of 4 key blocks), dQ by its pass
  case { Hq = 1, Hkv = 1, S = 130, Skv = 500, D = 64, dt = "f16", dq = "pass", config = { wgmma = true, split = true } }
  T.raises(function() case { S = 20, Skv = 20, D = 64, dt = "f16", config = { wgmma = true, ws = true, persistent = true, split = 2 } } end,
           "config.split cuts the launch's last key blocks into pieces; config.persistent's blocks walk the key blocks")
  T.raises(function() case { S = 20, Skv = 20, D = 64, dt = "f16", config = { wgmma = false, split = 2 } } end,
           "config.split (the launch's last round in pieces) is a form of config.wgmma's kernel")
end
restore()
