-- a misspelt field is an error, not a default
-- expect: curve: unknown field 'snek' (expected lengths, order, vector, snake)
tl.curve{lengths = {4, 8}, snek = true}
