-- snake is a boolean
-- expect: curve: snake must be a boolean (got number)
tl.curve{lengths = {4, 8}, snake = 1}
