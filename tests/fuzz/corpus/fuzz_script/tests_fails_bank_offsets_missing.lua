-- offsets are required
-- expect: bank_conflicts: field 'offsets' is required
tl.bank_conflicts{elem_bytes = 4}
