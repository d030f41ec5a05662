"""The programs flashing runs on the board through mpremote's exec (board/*.py, MicroPython), as the board gets them.

Each program is a real file, linted and type-checked like the firmware (tests/host/test_typecheck.py). What
goes over the serial line is its text with every comment gone (mpremote exec sends it over a slow link), with a
line `from <sibling> import ...` replaced by that sibling program's text (hasher.py in front of the programs that
hash), and with each parameter's line (`PATHS = []`, a top-level assignment the file makes for its linters and
for a run on its own) holding the value the host gives, written with repr().
"""

import functools
import io
import tokenize
from importlib import resources


def program(name, **values):
    """board/<name>.py as the board gets it, its parameters (`PATHS=[...]`) filled; ValueError for a parameter
    the program does not have."""
    lines = []
    for line in _source(name).splitlines():
        head = line.split(" = ", 1)[0]
        if head in values:
            line = "%s = %r" % (head, values.pop(head))
        lines.append(line)
    if values:
        raise ValueError("board/%s.py has no parameter %s" % (name, ", ".join(sorted(values))))
    return "\n".join(lines) + "\n"


@functools.cache
def _source(name):
    """The program's text without comments, its siblings' imports replaced by their text."""
    folder = resources.files("nightboard_host.flashing").joinpath("board")
    out = []
    for line in _without_comments(folder.joinpath(name + ".py").read_text()).splitlines():
        words = line.split()
        if line.startswith("from ") and folder.joinpath(words[1] + ".py").is_file():
            line = _source(words[1]).rstrip("\n")
        out.append(line)
    return "\n".join(out) + "\n"


def _without_comments(text):
    """`text` with its comments cut (found by the tokenizer: a # inside a string stays) and the lines that held
    nothing else dropped."""
    cut = {}
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.COMMENT:
            cut[tok.start[0]] = tok.start[1]
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        if n in cut:
            line = line[:cut[n]].rstrip()
            if not line:
                continue
        out.append(line)
    return "\n".join(out) + "\n"
