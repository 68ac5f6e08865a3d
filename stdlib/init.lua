-- init.lua - require "tilelua.std": the standard library of tile kernels (element-wise, reductions,
-- transpose, softmax, layernorm, rmsnorm, rope, histogram, GEMM, attention), each written in the DSL,
-- built once per configuration (dtypes, rank, tile, warp) and memoized. std.kernels() lists what has been built.
local C = require "tilelua.std.common"
local std = {}

local function export(mod, names)
  for _, name in ipairs(names) do std[name] = mod[name] end
end
export(require "tilelua.std.elementwise", { "map", "axpy", "cast" })
export(require "tilelua.std.reduce", { "sum", "max", "min", "mean" })
export(require "tilelua.std.transpose", { "transpose", "transpose_kernel", "transpose_bank_report" })
export(require "tilelua.std.softmax", { "softmax" })
export(require "tilelua.std.layernorm", { "layernorm" })
export(require "tilelua.std.rmsnorm", { "rmsnorm" })
export(require "tilelua.std.rope", { "rope" })
export(require "tilelua.std.attention", { "attention" })
export(require "tilelua.std.attention_backward", { "attention_backward" })
export(require "tilelua.std.histogram", { "histogram" })
export(require "tilelua.std.gemm", { "gemm", "gemm_kernel", "gemm_grid", "gemm_configs", "gemm_bank_report" })
std.kernels = C.kernels

return std
