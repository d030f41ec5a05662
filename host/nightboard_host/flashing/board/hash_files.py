# Each file's sha256, a line per file: a slow board says something within EXEC_QUIET however many it hashes.
from hasher import _h, json
PATHS = []
for p in PATHS:
    print(json.dumps([p, _h(p)]))
