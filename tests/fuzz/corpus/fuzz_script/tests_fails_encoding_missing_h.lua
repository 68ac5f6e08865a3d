-- h is required
-- expect: encoding: field 'h' is required
tl.encoding{p = {{{1, 0}}}}
