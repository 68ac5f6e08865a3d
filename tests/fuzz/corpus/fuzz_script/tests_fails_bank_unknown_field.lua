-- a misspelt field is an error, not a default
-- expect: bank_conflicts: unknown field 'elem_byte'
tl.bank_conflicts{offsets = {0, 1}, elem_byte = 2}
