-- bank_broadcast.lua - threads reading the same 32-bit word are served by one broadcast.
local T = require "testing"

local function rep(n, f) local t = {} for i = 0, n - 1 do t[#t + 1] = f(i) end return t end

T.eq(tl.bank_conflicts{offsets = rep(32, function() return 64 end)}, 1, "all threads one word")
T.eq(tl.bank_conflicts{offsets = rep(32, function(t) return t // 4 end)}, 1, "4 threads per word")
T.eq(tl.bank_conflicts{offsets = rep(32, function(t) return (t % 2) * 32 end)}, 2,
     "two words of one bank")
T.eq(tl.bank_conflicts{offsets = rep(32, function(t) return (t % 4) * 32 end)}, 4,
     "four words of one bank, each read by 8 threads")
-- f16: the two halves of a word are one broadcast; a column of a 64-wide f16 tile is 32-way
T.eq(tl.bank_conflicts{offsets = rep(32, function(t) return t end), elem_bytes = 2}, 1, "f16 row")
T.eq(tl.bank_conflicts{offsets = rep(32, function(t) return t * 64 end), elem_bytes = 2}, 32,
     "f16 column")
-- i8: four threads per word
T.eq(tl.bank_conflicts{offsets = rep(32, function(t) return t end), elem_bytes = 1}, 1, "i8 row")
-- AMD wave64: every lane reads the same word
T.eq(tl.bank_conflicts{offsets = rep(64, function() return 3 end)}, 1, "wave64 broadcast")
-- writes: the model treats a word written by several threads as one access as well
T.eq(tl.bank_conflicts{offsets = rep(32, function() return 0 end), op = "write"}, 1, "write")
local _, d = tl.bank_conflicts{offsets = rep(32, function() return 0 end), op = "write"}
T.eq(d.op, "write", "op echoed")
