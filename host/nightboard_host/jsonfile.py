"""The host tool's one way to read a JSON file it is given (records, positions, dumps): safely.

Every command that reads a JSON file goes through load_json, which refuses,
with one clear sentence and never a traceback, a file that is missing, a
directory, larger than the command reads (checked before reading), nested
deeper than any Nightboard file (checked before parsing: CPython's decoder
would recurse until RecursionError), not UTF-8 or not JSON. What the JSON
must hold is the caller's to check. Board profiles are read by the board's
own loader (nightboard.table.profile.load_profile_file), with its limits.
"""

import json
import os
import stat

from nightboard.table.jsonguard import too_deep

MAX_BYTES = 16 * 1024 * 1024  # a record of thousands of turns is well under 1 MB
MAX_DEPTH = 64  # records, positions and saves nest under 10 deep


class JsonFileError(ValueError):
    """A file that cannot be read as JSON; the message names the file and says why."""


def load_json(path, max_bytes=MAX_BYTES, max_depth=MAX_DEPTH):
    """The JSON value in the file at `path`, or JsonFileError."""
    path = str(path)
    try:
        with open(path, "rb") as f:
            st = os.fstat(f.fileno())
            if stat.S_ISDIR(st.st_mode):
                raise JsonFileError("%s is a directory, not a file" % path)
            if stat.S_ISREG(st.st_mode) and st.st_size > max_bytes:  # before reading
                raise JsonFileError("%s is %d bytes, more than the %d this command reads"
                                    % (path, st.st_size, max_bytes))
            data = f.read(max_bytes + 1)
    except IsADirectoryError:
        raise JsonFileError("%s is a directory, not a file" % path)
    except FileNotFoundError:
        raise JsonFileError("cannot read %s: no such file" % path)
    except OSError as e:
        raise JsonFileError("cannot read %s: %s" % (path, e.strerror or e))
    if len(data) > max_bytes:
        raise JsonFileError("%s is more than the %d bytes this command reads" % (path, max_bytes))
    if too_deep(data, max_depth):
        raise JsonFileError("%s nests arrays or objects more than %d deep: not a Nightboard file" % (path, max_depth))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise JsonFileError("%s is not UTF-8 text (byte %d)" % (path, e.start))
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as e:  # ValueError: not JSON, or an integer of thousands of digits
        raise JsonFileError("%s is not valid JSON: %s" % (path, e))
