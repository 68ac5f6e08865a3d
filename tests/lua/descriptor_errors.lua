-- descriptor_errors.lua - bad inputs raise errors that name the rule and the values.
local T = require "testing"

local d = tl.descriptor{lengths = {4, 8}}
T.raises(function() tl.descriptor{lengths = {4, 0}} end, "descriptor: lengths[2] must be a positive integer (got 0)")
T.raises(function() tl.descriptor{lengths = {4, -2}} end, "(got -2)")
T.raises(function() tl.descriptor{lengths = {4, 2.5}} end, "descriptor: lengths[2] must be an integer (got 2.5)")
T.raises(function() tl.descriptor{lengths = {4, 8}, strides = {1}} end, "strides has 1 entries but lengths has 2")
T.raises(function() tl.descriptor{lengths = {4, 8}, strides = {1, -1}} end, "strides[2] must be >= 0")
T.raises(function() tl.descriptor{lenghts = {4}} end, "descriptor: unknown field 'lenghts'")
T.raises(function() tl.descriptor{} end, "descriptor: field 'lengths' is required")
T.raises(function() tl.descriptor(4) end, "descriptor: expected a table")
T.raises(function() tl.descriptor{lengths = {65536, 65536}} end, "more than 2147483648 elements")
T.raises(function() tl.descriptor{lengths = {1, 1, 1, 1, 1, 1, 1, 1, 1}} end, "at most 8 allowed")
T.raises(function() d:offset{4, 0} end, "descriptor:offset: index {4, 0} is out of range: dim 0 is 4, not in [0, 4)")
T.raises(function() d:offset{0, 8} end, "dim 1 is 8, not in [0, 8)")
T.raises(function() d:offset{1} end, "index has 1 entries, the descriptor has 2 dims")
T.raises(function() d:offset{1, 1.5} end, "index[2] must be an integer (got 1.5)")
T.raises(function() d:offset("x") end, "must be a sequence of integers")
T.raises(function() d:valid{1, 2, 3} end, "descriptor:valid: index has 3 entries")
T.raises(function() return d.lenght end, "descriptor: no field or method 'lenght'")
T.raises(function() tl.xor{16, 6} end, "xor: lb (6) must be a power of two")
T.raises(function() tl.xor{16} end, "xor: expected {la, lb}")
T.raises(function() tl.merge{} end, "merge: lengths must list at least one length")
T.raises(function() tl.merge{2, 0} end, "merge: lengths[2] must be a positive integer (got 0)")
T.raises(function() tl.merge{2, x = 1} end, "merge: unknown field 'x'")
T.raises(function() tl.unmerge{2, 1.5} end, "unmerge: lengths[2] must be an integer (got 1.5)")
T.raises(function() tl.pass_through(0) end, "pass_through: n must be a positive integer (got 0)")
T.raises(function() tl.pass_through("a") end, "pass_through: n must be an integer")
T.raises(function() tl.pad(4, -1, 0) end, "pad: left must be >= 0 (got -1)")
T.raises(function() tl.embed{{4}, {1, 2}} end, "embed: 1 lengths but 2 coefficients")
T.raises(function() tl.embed{{4}} end, "embed: coefficients is required")
T.raises(function() tl.embed{{4}, {-1}} end, "embed: coefficients[1] must be >= 0")
-- transform lists
local pt4, pt8 = tl.pass_through(4), tl.pass_through(8)
T.raises(function() d:transform{{pt4, lower = {0}, upper = {0}}, {pt8, lower = {0}, upper = {1}}} end,
         "descriptor:transform: lower dim 0 is used twice (entries #1 and #2)")
T.raises(function() d:transform{{pt4, lower = {0}, upper = {0}}} end,
         "lower dim 1 (length 8) is not used by any transform")
T.raises(function() d:transform{{pt4, lower = {0}, upper = {0}}, {pt8, lower = {1}, upper = {0}}} end,
         "upper dim 0 is produced twice")
T.raises(function() d:transform{{pt4, lower = {0}, upper = {0}}, {pt8, lower = {1}, upper = {2}}} end,
         "upper dim 2 does not exist")
T.raises(function() d:transform{{pt8, lower = {0}, upper = {0}}, {pt4, lower = {1}, upper = {1}}} end,
         "pass_through(8) (entry #1) expects lower lengths {8}, but lower dims have lengths {4}")
T.raises(function() d:transform{{tl.merge{4, 8}, lower = {0}, upper = {0}}} end,
         "entry #1 (merge{4, 8}) takes 2 lower dims, lower lists 1")
T.raises(function() d:transform{{tl.merge{4, 8}, lower = {0, 5}, upper = {0}}} end,
         "lower dim 5 does not exist (the descriptor has 2 dims: 0..1)")
T.raises(function() d:transform{{"merge", lower = {0, 1}, upper = {0}}} end,
         "entry #1: [1] must be a transform")
T.raises(function() d:transform{{tl.merge{4, 8}, lower = {0, 1}}} end, "field 'upper' is required")
T.raises(function() d:transform{{tl.merge{4, 8}, lower = {0, 1}, upper = {0}, uper = 1}} end,
         "unknown field 'uper'")
T.raises(function() d:transform{} end, "needs at least one")
T.raises(function() d:transform{{tl.unmerge{3, 3}, lower = {0}, upper = {0, 1}}, {pt8, lower = {1}, upper = {2}}} end,
         "expects lower lengths {9}, but lower dims have lengths {4}")
T.raises(function()
  tl.descriptor{lengths = {30}}:transform{{tl.embed{{4, 8}, {10, 1}}, lower = {0}, upper = {0, 1}}}
end, "reaches lower index 37, beyond lower dim 0 (length 30)")
-- maps
T.raises(function() tl.descriptor{lengths = {2, 2, 2}}:map() end, "descriptor:map: draws 1D and 2D descriptors only")
T.raises(function() d:map("banks") end, "descriptor:map: unknown map 'banks'")
T.raises(function() d:map("bank", {banks = 0}) end, "banks must be in [1, 1048576] (got 0)")
T.raises(function() d:map("bank", {bank = 32}) end, "unknown field 'bank'")
