# Make the directories DIRS (parents first); one already there is fine.
import os
DIRS = []
for d in DIRS:
    try:
        os.mkdir(d)
    except OSError as e:
        if e.args[0] != 17:
            raise
