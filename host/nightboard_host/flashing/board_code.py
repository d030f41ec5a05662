"""Which of the firmware's files a board needs: the import closure of main.py and of the games it plays.

What only the host imports (a game's tools.py and secrets.py, games/record.py...) never goes to a board:
the closure is taken from the sources themselves (every `import`, `from ... import` and `__import__`
of a constant name, and every string constant that names a module of the firmware, as a game's
GAME["table"] does), with the game packages the index lists as roots. A maker may flash fewer games
(`nightboard flash --games NAME,NAME`, names from the index): the board then gets an index listing only those, and
none of the others' code; its start menu offers only them.
"""

import ast
import functools
import re
from pathlib import Path

INDEX = "nightboard/games/index.py"
# Modules main.py (and nightboard/boot.py, its body) import only on other platforms: on a Pico (rp2) the simulated hal (the virtual board's,
# where there is no rp2 module) and CircuitPython's. They still go where another board module imports them.
ELSEWHERE = {"rp2": ("nightboard.hal.sim", "nightboard.hal.cp_backend")}
BOOT = "nightboard.boot"  # main.py's body (compiled with the package): the same platform branches
_GAMES_RE = re.compile(r"^GAMES = \((?:[^()]*)\)", re.M)


def source_name(rel):
    """The name a compiled module carries for its tracebacks (mpy-cross -s): its dotted module name, from its
    path in the firmware ("nightboard/table/app.py" or .mpy: "nightboard.table.app", a package's __init__: the
    package). MicroPython interns that name for good when it loads the file, and it interns the module's
    dotted name anyway as it imports it: the same text is one name, where a path would be a second, some 60
    names on a board (about 8 KB of heap when they take it past a pool of names; docs/performance.md)."""
    name = rel.rsplit(".", 1)[0].replace("/", ".")
    return name[:-9] if name.endswith(".__init__") else name


class GamesError(ValueError):
    """A --games choice the firmware cannot make; the message says why."""


def index_games(fw):
    """The games the firmware's index lists, in its order (read from games/index.py, not imported)."""
    tree = ast.parse((Path(fw) / INDEX).read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "GAMES" for t in node.targets):
            return list(ast.literal_eval(node.value))
    raise GamesError("%s lists no GAMES" % INDEX)


def choose_games(fw, wanted):
    """The chosen games (a list, in the index's order) from "a,b" or a list; every game when wanted is None."""
    known = index_games(fw)
    if wanted is None:
        return known
    names = [w.strip() for w in (wanted.split(",") if isinstance(wanted, str) else wanted) if w.strip()]
    if not names:
        raise GamesError("--games names no game (this firmware has: %s)" % ", ".join(known))
    unknown = [n for n in names if n not in known]
    if unknown:
        raise GamesError("--games: no game called %s in this firmware (it has: %s)"
                         % (", ".join(repr(n) for n in unknown), ", ".join(known)))
    return [g for g in known if g in names]


def index_source(fw, games):
    """games/index.py's text with GAMES listing only `games`."""
    text = (Path(fw) / INDEX).read_text()
    new = "GAMES = (\n%s)" % "".join("    %r,\n" % g for g in games)
    out, n = _GAMES_RE.subn(lambda m: new, text, count=1)
    if n != 1:
        raise GamesError("cannot find the GAMES tuple in %s" % INDEX)
    return out


def _modules(fw):
    """{module name: path relative to fw} of every .py of the package."""
    fw = Path(fw)
    out = {}
    for src in sorted((fw / "nightboard").rglob("*.py")):
        rel = src.relative_to(fw)
        if "__pycache__" in rel.parts:
            continue
        parts = list(rel.with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = rel.as_posix()
    return out


def _refs(path, modname, is_pkg, known):
    """Module names a file refers to."""
    pkg = modname if is_pkg else modname.rpartition(".")[0]
    _parses, names, strings = _scan(Path(path).read_text(), pkg)
    # "nightboard.table.x" in data (GAME["table"]) or in __import__("...")
    return set(names) | {s for s in strings if s in known}


@functools.lru_cache(maxsize=1024)
def _scan(text, pkg):
    """(whether it parses, the module names its imports name, its string constants) of a module's text in
    package `pkg`; kept, since --romfs's advice takes the closure of several choices of games in one run."""
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return False, frozenset(), frozenset()  # it is sent anyway (see needed), and mpy-cross says what is wrong
    out, strings = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = pkg.split(".")
                up = up[:len(up) - (node.level - 1)]
                base = ".".join(up + ([base] if base else []))
            out.add(base)
            out.update(base + "." + a.name for a in node.names)  # `from pkg import module`
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            strings.add(node.value)
    return True, frozenset(out), frozenset(strings)


def needed(fw, games, platform=None):
    """Paths (relative to fw, as firmware_sources gives them) of the package's .py files a board needs
    (`platform`: its sys.platform, when known)."""
    fw = Path(fw)
    known = _modules(fw)
    todo = ["nightboard.games." + g for g in games]
    seen = set()
    other = ELSEWHERE.get(platform, ())
    todo.extend(r for r in _refs(fw / "main.py", "main", False, known)
                if not any(r == o or r.startswith(o + ".") for o in other))
    while todo:
        name = todo.pop()
        # a module needs its packages' __init__ too
        parts = name.split(".")
        for i in range(1, len(parts) + 1):
            m = ".".join(parts[:i])
            if m in known and m not in seen:
                seen.add(m)
                rel = known[m]
                refs = _refs(fw / rel, m, rel.endswith("__init__.py"), known)
                if m == BOOT:
                    refs = [r for r in refs if not any(r == o or r.startswith(o + ".") for o in other)]
                todo.extend(refs)
    if INDEX not in {known[m] for m in seen}:
        raise GamesError("the firmware's main.py does not reach %s" % INDEX)
    return {known[m] for m in seen} | _broken(fw, known)


def _broken(fw, known):
    """Files that do not parse: built anyway, so that the flash stops on mpy-cross's message for them."""
    return {rel for rel in known.values() if not _scan((Path(fw) / rel).read_text(), "")[0]}
