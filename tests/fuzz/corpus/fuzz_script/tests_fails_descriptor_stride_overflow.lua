-- strides that reach beyond the element cap
-- expect: span more than 2147483648 elements
tl.descriptor{lengths = {4, 8}, strides = {1073741824, 1}}
