-- attention_ab.lua - std.attention's forward under several configs alternating in one process (A/B): each case of
-- each round times every config in turn, by timeit and by do_bench (bench/timing.lua), so that the clock's drift
-- falls on all of them alike. Prints "round R <dt> d<D>[ causal] S=<S> <config>: timeit <us> us do_bench <us> us".
-- Usage: tilesh --backend=cuda bench/attention_ab.lua
-- Env: D (64), CAUSAL=1, SEQS (1024,2048), CONFIGS (opts.config tables separated by ';', default
-- "{};{tma_store='producer'}"), ROUNDS (3), HKV (K's and V's heads: H / HKV query heads a group, GQA; default H); f16
-- and bf16, B S = 16k, H D = 2048 as the forward's grid.
-- A config's field fresh_counter = true (the bench's own, taken out of the config): config.dynamic's counter made by a
-- tl.zeros each call (a pool buffer and its clear at each launch; on an application's stream the clear also waits on
-- the host for the launch before), as before the counter was kept a stream.
local std = require "tilelua.std"
local timing = dofile((arg[0]:match("^(.*)/[^/]*$") or ".") .. "/timing.lua")
local F = require("tilelua.std.attention")._forward
local kept = F.kept_counter
local function fresh() return tl.zeros({ 1 }, tl.i32) end
local D = tonumber(os.getenv("D") or "64")
local causal = os.getenv("CAUSAL") == "1"
local cfgs = {}
for text in (os.getenv("CONFIGS") or "{};{tma_store='producer'}"):gmatch("[^;]+") do
  local c = assert(load("return " .. text))()
  local fresh_counter = c.fresh_counter
  c.fresh_counter = nil
  cfgs[#cfgs + 1] = { text, c, fresh_counter and fresh or kept }
end
for r = 1, tonumber(os.getenv("ROUNDS") or "3") do
  for _, dt in ipairs { "f16", "bf16" } do
    for S in (os.getenv("SEQS") or "1024,2048"):gmatch("%d+") do
      S = tonumber(S)
      local B, H = 16384 // S, 2048 // D
      local Hkv = tonumber(os.getenv("HKV") or H)
      local q, k, v = timing.signed({ B, H, S, D }, dt, 1), timing.signed({ B, Hkv, S, D }, dt, 2), timing.signed({ B, Hkv, S, D }, dt, 3)
      for _, c in ipairs(cfgs) do
        F.kept_counter = c[3]
        local o = std.attention(q, k, v, { causal = causal, config = c[2] })
        local f = function() std.attention(q, k, v, { causal = causal, out = o, config = c[2] }) end
        local t1 = timing.timeit(f, 10, 5)
        local t2 = timing.do_bench(f, 20)
        print(string.format("round %d %s d%d%s%s S=%d %s: timeit %.1f us do_bench %.1f us", r, dt, D, causal and " causal" or "",
                            Hkv == H and "" or " hkv=" .. Hkv, S, c[1], t1 * 1e6, t2 * 1e6))
        io.stdout:flush()
      end
    end
  end
end
