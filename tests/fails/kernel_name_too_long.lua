-- A kernel's name is kept in the IR in at most 63 characters: a longer one is refused where the kernel is defined (it had been cut in the generated source and then not found in the code object on a GPU).
-- expect: kernel_name_too_long.lua:4: tl.kernel: the name 'fill_a_vector_of_single_precision_values_with_ones_for_the_test_x' is not usable as a C identifier: it is longer than the 63 characters a kernel or parameter name may have
local tl = require "tilelua"
local k = tl.kernel { name = "fill_a_vector_of_single_precision_values_with_ones_for_the_test_x", block = 64, params = { { "x", tl.tensor(tl.f32, 1) } },
                      body = function(k, p) p.x:store({ k.thread_id() }, 1.0) end }
