-- fields are named by strings
-- expect: distribution: fields are named by strings (got number)
local x = tl.encoding{h = {{4}}, p = {{{1, 0}}}}[1]
