# Copy each (source, destination) of PAIRS on the board, a dot per file for the progress bar.
PAIRS = []
b = bytearray(1024)
m = memoryview(b)
for s, d in PAIRS:
    with open(s, "rb") as i:
        with open(d, "wb") as o:
            while True:
                n = i.readinto(b)
                if not n:
                    break
                o.write(m[:n])
    print(".", end="")
