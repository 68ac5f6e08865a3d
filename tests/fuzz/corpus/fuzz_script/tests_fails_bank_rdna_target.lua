-- RDNA is not modelled
-- expect: target 'gfx1100' is RDNA
tl.bank_conflicts{offsets = {0, 1}, target = "gfx1100"}
