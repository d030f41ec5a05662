# Remove FILES, then the directories DIRS (deepest first); what is not there is fine.
import os
FILES = []
DIRS = []
for p in FILES:
    try:
        os.remove(p)
    except OSError:
        pass
for d in DIRS:
    try:
        os.rmdir(d)
    except OSError:
        pass
