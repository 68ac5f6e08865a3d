-- wrong argument type
-- expect: bad argument #1 to 'bank_conflicts' (table expected, got number)
tl.bank_conflicts(32)
