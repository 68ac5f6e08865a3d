-- an XOR whose lb is not a power of two would leave its dim
-- expect: xor: lb (6) must be a power of two
local x = tl.xor{16, 6}
