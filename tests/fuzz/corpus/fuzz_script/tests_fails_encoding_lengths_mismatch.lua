-- lengths, when given, match the products of H
-- expect: encoding: lengths[2] (64) does not match the product of H1 (32)
tl.encoding{h = {{4}, {8, 4}}, p = {{{1, 0}, {2, 0}}}, y = {{2, 1}}, lengths = {4, 64}}
