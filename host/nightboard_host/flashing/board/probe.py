# What the board holds, told a line at a time (a JSON list per line; flashing/sync.py reads it) so that no part
# needs a large block of a heap the table may have left fragmented: with several games the trees and manifests
# run to tens of KB. The host sends hasher.py in front of it.
from hasher import _h, json
import os
DIRS = []
TEXTS = []
HASHES = []
def _s(p):
    try:
        return os.stat(p)[6]
    except OSError:
        return -1
def _w(d):
    for e in list(os.ilistdir(d)):
        p = d + "/" + e[0]
        if e[1] & 0x4000:
            print(json.dumps(["tree", top, p, -1]))
            _w(p)
        else:
            print(json.dumps(["tree", top, p, e[3] if len(e) > 3 else _s(p)]))
def _t(p):
    try:
        with open(p, "rb") as f:
            print(json.dumps(["text", p, ""]))
            while True:
                b = f.read(512)
                if not b:
                    break
                print(json.dumps(["text", p, b.decode()]))
    except Exception:
        pass
root = [e[0] for e in os.ilistdir("/")]
print(json.dumps(["root", root]))
for top in DIRS:
    if top[1:] in root:
        print(json.dumps(["tree", top, None, None]))
        _w(top)
for p in TEXTS:
    _t(p)
for p in HASHES:
    print(json.dumps(["hash", p, _h(p)]))
try:
    s = os.statvfs("/")
    print(json.dumps(["free", s[0] * s[3]]))
except Exception:
    pass
print(json.dumps(["end"]))
