"""The layers of GUIDE section 2, read from the imports of every firmware module.

A game's package holds its engine and its table side: the table side is the modules named TABLE_SIDE
(docs/games.md reserves these names), which may use the runtime in table/; the engine (every other
module of the package) imports nothing from table/, hal/ or the host, and none of its package's table
side, so the rules can be read, tested and run with no table at all. table/ and hal/ import no game's
package (table/ finds a game through games/index.py and the facts it declares), hal/ nothing above it,
and nothing on the board imports the host.
"""

import ast
from pathlib import Path

from mpy_harness import ROOT

FIRMWARE = ROOT / "firmware" / "nightboard"
TABLE_SIDE = ("play", "draw", "scene", "hands")
SHARED_GAME_MODULES = ("index", "errors", "record", "spec")  # games/*.py: every game's, none's own
IMPORTING_CALLS = ("__import__", "import_module", "module", "_module")  # compat.module, programs._module


def imported(path):
    """The dotted names a module imports: import statements anywhere in it (a function's too), and the
    modules named by a constant in a call that imports (__import__("..."), compat.module("..."))."""
    tree = ast.parse(Path(path).read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            out.update(node.module + "." + a.name for a in node.names)
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant) and (
                getattr(node.func, "id", getattr(node.func, "attr", None)) in IMPORTING_CALLS):
            out.add(str(node.args[0].value))
    return out


def _under(name, prefix):
    return name == prefix or name.startswith(prefix + ".")


def _game_part(name):
    """The module or package under nightboard.games that `name` is in ("vampiring", "index"), or None."""
    parts = name.split(".")
    return parts[2] if parts[:2] == ["nightboard", "games"] and len(parts) > 2 else None


def wrong_imports(path, rel):
    """What module `rel` (its path under firmware/nightboard, e.g. "games/vampiring/state.py") imports
    that its layer may not, as "rel imports name" lines."""
    parts = rel[:-3].split("/")
    names = imported(path)
    bad = [n for n in names if _under(n, "nightboard_host")]
    if parts[0] == "games" and len(parts) == 3:
        game, leaf = parts[1], parts[2]
        if leaf not in TABLE_SIDE:
            bad += [n for n in names if _under(n, "nightboard.table") or _under(n, "nightboard.hal")]
            bad += [n for n in names for side in TABLE_SIDE if _under(n, "nightboard.games.%s.%s" % (game, side))]
        bad += [n for n in names if _game_part(n) not in (None, game) + SHARED_GAME_MODULES]  # another game's
    elif parts[0] == "games":
        bad += [n for n in names if _under(n, "nightboard.table") or _under(n, "nightboard.hal")]
    elif parts[0] in ("table", "hal"):
        bad += [n for n in names if _game_part(n) not in (None,) + SHARED_GAME_MODULES]
        if parts[0] == "hal":
            bad += [n for n in names if _under(n, "nightboard.table")]
    return ["%s imports %s" % (rel, n) for n in sorted(set(bad))]


def test_every_firmware_module_keeps_to_its_layer():
    found = []
    for path in sorted(FIRMWARE.rglob("*.py")):
        found += wrong_imports(path, path.relative_to(FIRMWARE).as_posix())
    assert found == [], "\n".join(found)


def test_every_game_has_a_table_side_and_an_engine():
    for pkg in sorted(p for p in (FIRMWARE / "games").iterdir() if (p / "__init__.py").is_file()):
        mods = {p.stem for p in pkg.glob("*.py")}
        assert "play" in mods, "%s has no table controller (play.py)" % pkg.name
        assert "state" in mods, "%s has no engine (state.py)" % pkg.name


def test_the_check_finds_a_rule_broken(tmp_path):
    planted = {
        "games/mygame/state.py": "from nightboard.table.palette import SEAT_NAMES\n",
        "games/mygame/rules.py": "def f():\n    from nightboard.games.mygame import play\n",
        "games/mygame/mind.py": "import nightboard.hal.sim\n",
        "games/mygame/pos.py": "from nightboard.games.vampiring.cards import FAMILIES\n",
        "table/app2.py": "from nightboard.games.vampiring import state\n",
        "table/menu2.py": "X = __import__('nightboard.games.dracula.state')\n",
        "hal/sim2.py": "from nightboard.table.frame import Frame\n",
        "games/mygame/draw.py": "import nightboard_host.drawings.snapshot\n",
    }
    for rel, text in planted.items():
        f = tmp_path / rel.replace("/", "_")
        f.write_text(text)
        assert wrong_imports(f, rel), rel
    fine = {
        "games/mygame/play.py": "from nightboard.table.palette import SEAT_NAMES\nfrom nightboard.games.mygame import draw\n",
        "games/mygame/state.py": "from nightboard.games.errors import GameError\nfrom nightboard.games.mygame import pos\n",
        "table/programs2.py": "from nightboard.games import index\n",
    }
    for rel, text in fine.items():
        f = tmp_path / rel.replace("/", "_")
        f.write_text(text)
        assert wrong_imports(f, rel) == [], rel
