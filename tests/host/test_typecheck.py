"""Type checks: firmware/ and the programs flashing runs on a board (host/nightboard_host/flashing/board/) against
the MicroPython rp2 stubs, host/ against CPython (pyright, pinned).

firmware/pyrightconfig.json names the stubs' typeshed as ../.venv/mpy-typeshed (for editors);
here a throw-away config extends it with the typeshed of the running venv, wherever that is.
Run as a script (`python tests/host/test_typecheck.py`, used by `make lint`) to check the tree.
"""

import json
import os
import subprocess
import sys
import tempfile
from importlib.metadata import distribution
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BOARD_PROGRAMS = ROOT / "host" / "nightboard_host" / "flashing" / "board"
BIN = Path(sys.executable).parent
PYRIGHT = str(BIN / "pyright") if (BIN / "pyright").exists() else "pyright"


def mpy_typeshed():
    """The folder holding micropython-stdlib-stubs' stdlib/ (site-packages, as pip installs it)."""
    return str(distribution("micropython-stdlib-stubs").locate_file(""))


def pyright_firmware(extra_files=(), tree=ROOT / "firmware"):
    """Run pyright on `tree` (firmware/, or the board programs) + extra files with the MicroPython stubs, the
    firmware and `tree` importable; (returncode, output)."""
    with tempfile.TemporaryDirectory() as tmp:
        include = [os.path.relpath(tree, tmp)]
        for i, text in enumerate(extra_files):
            name = "extra%d.py" % i
            Path(tmp, name).write_text(text)
            include.append(name)
        paths = sorted({include[0], os.path.relpath(ROOT / "firmware", tmp)})
        conf = {"extends": str(ROOT / "firmware" / "pyrightconfig.json"), "typeshedPath": mpy_typeshed(),
                "include": include, "exclude": ["**/__pycache__"], "extraPaths": paths}
        Path(tmp, "pyrightconfig.json").write_text(json.dumps(conf))
        r = subprocess.run([PYRIGHT, "-p", tmp, "--pythonpath", sys.executable],
                           capture_output=True, text=True, timeout=300)
    return r.returncode, r.stdout + r.stderr


def pyright_board_programs(extra_files=()):
    """pyright on flashing/board/ (MicroPython programs: host/'s own check leaves them out) with the stubs."""
    return pyright_firmware(extra_files, BOARD_PROGRAMS)


# --- the MicroPython programs the host runs (nightboard_host/*/programs/, a game's drive.py) ------------------
# Checked like firmware/, against the MicroPython stubs, the firmware on their path; a programs/ folder's
# __builtins__.pyi declares the names a program there finds in front of it (the host's parameters).
MPY_PROGRAMS = ("host/nightboard_host/bench/programs", "host/nightboard_host/emulation/programs") + tuple(
    "host/nightboard_host/games/%s/programs" % name
    for name in ("dracula", "vampempire", "vampire_cards", "vampire_nights", "vampiring"))
MPY_PROGRAM_FILES = "host/nightboard_host/games/*/drive.py"


def pyright_mpy_programs():
    """Run pyright on the MicroPython programs of the host with the MicroPython stubs; (returncode, output)."""
    with tempfile.TemporaryDirectory() as tmp:
        firmware = os.path.relpath(ROOT / "firmware", tmp)
        include = [os.path.relpath(ROOT / d, tmp) for d in MPY_PROGRAMS]
        include += [os.path.relpath(p, tmp) for p in sorted(ROOT.glob(MPY_PROGRAM_FILES))]
        conf = {"extends": str(ROOT / "firmware" / "pyrightconfig.json"), "typeshedPath": mpy_typeshed(),
                "include": include, "exclude": ["**/__pycache__"], "extraPaths": [firmware],
                "executionEnvironments": [{"root": os.path.relpath(ROOT / d, tmp), "extraPaths": [firmware]}
                                          for d in MPY_PROGRAMS]}
        Path(tmp, "pyrightconfig.json").write_text(json.dumps(conf))
        r = subprocess.run([PYRIGHT, "-p", tmp, "--pythonpath", sys.executable],
                           capture_output=True, text=True, timeout=300)
    return r.returncode, r.stdout + r.stderr


def test_host_micropython_programs_pass_against_the_board_stubs():
    code, out = pyright_mpy_programs()
    assert code == 0, out
    assert "\n0 errors" in "\n" + out


def pyright_host():
    r = subprocess.run([PYRIGHT, "-p", str(ROOT), "--pythonpath", sys.executable],
                       capture_output=True, text=True, timeout=300, cwd=ROOT)
    return r.returncode, r.stdout + r.stderr


BAD = """
import json
import machine
import rp2
import time

time.sleep_ms(5)          # fine on the board
machine.Pin.nonexistent()
rp2.StateMachine(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)
json.dumps({}, sort_keys=True)
"""


def test_firmware_tree_passes_against_rp2_stubs():
    code, out = pyright_firmware()
    assert code == 0, out
    assert "\n0 errors" in "\n" + out


def test_wrong_board_calls_fail_the_check():
    code, out = pyright_firmware([BAD])
    assert code != 0
    assert 'Cannot access attribute "nonexistent" for class "type[Pin]"' in out
    assert "extra0.py:9:" in out  # StateMachine: too many arguments
    assert "extra0.py:10:" in out  # MicroPython's json.dumps has no sort_keys
    assert "extra0.py:7:" not in out  # time.sleep_ms exists on the board
    assert "firmware" not in out.replace(str(ROOT), "")  # the tree itself stays clean


def test_cpython_only_call_fails_under_board_stubs():
    code, out = pyright_firmware(["import time\nt = time.monotonic_ns()\n"])
    assert code != 0 and '"monotonic_ns" is not a known attribute of module "time"' in out


def test_board_programs_pass_against_rp2_stubs():
    code, out = pyright_board_programs()
    assert code == 0, out
    assert "\n0 errors" in "\n" + out


def test_a_wrong_call_in_a_board_program_fails_the_check():
    # checked as one of them: the board's API from the stubs, a sibling program's names from its file
    code, out = pyright_board_programs(["from hasher import _h\nimport machine\nmachine.Pin.nonexistent()\n"
                                        "_h('/a', 2)\n"])
    assert code != 0 and 'Cannot access attribute "nonexistent" for class "type[Pin]"' in out, out
    assert "extra0.py:4:" in out  # _h takes one path
    assert "extra0.py:1:" not in out  # hasher is found
    assert "flashing" not in out.replace(str(ROOT), "")  # the programs themselves stay clean


def test_host_tree_passes_against_cpython():
    code, out = pyright_host()
    assert code == 0, out
    assert "\n0 errors" in "\n" + out


if __name__ == "__main__":
    ok = True
    for name, (code, out) in (("firmware", pyright_firmware()), ("board programs", pyright_board_programs()),
                              ("host", pyright_host()), ("host's MicroPython programs", pyright_mpy_programs())):
        print("pyright %s:" % name, out.strip().splitlines()[-1] if out.strip() else "(no output)")
        if code:
            print(out)
            ok = False
    sys.exit(0 if ok else 1)
