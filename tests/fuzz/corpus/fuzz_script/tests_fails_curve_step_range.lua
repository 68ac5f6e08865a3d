-- step checks both ends
-- expect: curve: access index 8 is out of range 0..7
tl.curve{lengths = {4, 8}, vector = {1, 4}}:step(0, 8)
