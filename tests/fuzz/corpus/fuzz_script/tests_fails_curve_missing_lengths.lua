-- lengths is required
-- expect: curve: field 'lengths' is required
tl.curve{order = {0, 1}}
