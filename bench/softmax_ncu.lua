-- softmax_ncu.lua - one std.softmax launch on a 4096x4096 f16 input, for Nsight Compute.
local std = require "tilelua.std"
local a = tl.rand({ 4096, 4096 }, tl.f16, 5)
std.softmax(a)
tl.synchronize()
