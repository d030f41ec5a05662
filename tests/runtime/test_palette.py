"""One meaning per colour: every colour the table can light is a seat or a meaning of table/palette.py.

Three checks. The palette's own data: no two meanings, no meaning and a seat, no two seats look alike on
a WS2812 (after the encoder's gamma; palette.MIN_APART). The source: no module under table/ or hal/
writes an RGB triple of its own (an AST scan). The values: every RGB triple every table module holds
(its constants, tables and dicts, found by walking the imported modules) is a seat or a meaning at some
brightness, so a colour made by arithmetic cannot slip past the scan either.
"""

import ast
import importlib
import pathlib
import re

import pytest

from nightboard.table import palette as P
from nightboard.table.frame import GAMMA8

ROOT = pathlib.Path(__file__).resolve().parents[2]
FIRMWARE = ROOT / "firmware" / "nightboard"
# a game's table side: the modules of its package that play it on the table (docs/games.md names them)
GAME_TABLE_SIDE = sorted(p for p in (FIRMWARE / "games").glob("*/*.py") if p.stem in ("play", "draw", "scene", "hands"))
SCANNED = sorted((FIRMWARE / "table").glob("*.py")) + GAME_TABLE_SIDE + sorted((FIRMWARE / "hal").glob("*.py"))
# Triples in those modules that are not colours the table lights: (file, value) -> why.
NOT_LIT = {
    ("keeper_trouble.py", (1, 13, 30)): "errno codes (EPERM, EACCES, EROFS)",
    ("programs.py", (0, 200, 200)): "the self-test's 'colour' of the programs contract; the menu shows numbers",
    ("saves.py", (0, 1, 2)): "slot numbers",
}
# Module-level names holding three small integers that are not colours: (module, name) -> why.
NOT_COLOURS = {("vampire_cards.play", "AIMED"): "the action kinds aimed at a seat",
               ("programs", "_last"): "the facts of the program found last: a game's contract 'colour', not lit"}


def chroma(c):
    """The hue a WS2812 shows for logical colour c: gamma as the encoder does, then scaled to its largest."""
    g = [GAMMA8[v] for v in c]
    m = max(g)
    return tuple(x / m for x in g)


def apart(a, b):
    ca, cb = chroma(a), chroma(b)
    return sum((x - y) ** 2 for x, y in zip(ca, cb)) ** 0.5


def words():
    """[(name, colour word, meaning)] from the comment above each entry of palette.MEANINGS, in order."""
    src = (FIRMWARE / "table" / "palette.py").read_text()
    found = re.findall(r'\n    # ([^:\n]+): ([^\n]+)\n    \("([A-Z]+)", \(', src)
    return [(name, word, meaning) for word, meaning, name in found]


def named():
    """(name, colour) for every seat and every meaning."""
    return [("seat " + n, c) for n, c in zip(P.SEAT_NAMES, P.SEAT)] + [(m[0], m[1]) for m in P.MEANINGS]


def test_the_palette_holds_one_colour_per_meaning_and_each_meaning_once():
    names = [m[0] for m in P.MEANINGS]
    colours = [m[1] for m in P.MEANINGS]
    assert len(set(names)) == len(names)
    assert len(set(colours)) == len(colours)
    assert len(P.SEAT_NAMES) == len(P.SEAT) == len(set(P.SEAT))
    for name, rgb in P.MEANINGS:
        assert getattr(P, name) == rgb  # the constant the renderers use is the data's colour
        assert all(isinstance(v, int) and 0 <= v <= 255 for v in rgb) and max(rgb) == 255, name
    # every meaning has its colour's name and its one meaning, once each
    assert [w[0] for w in words()] == names
    assert len(set(w[1] for w in words())) == len(names)


def test_no_two_meanings_and_no_meaning_and_seat_look_alike_on_the_leds():
    items = named()
    close = []
    for i in range(len(items)):
        for j in range(i + 1, len(items)):
            d = apart(items[i][1], items[j][1])
            if d < P.MIN_APART:
                close.append("%s %s and %s %s: %.2f apart" % (items[i] + items[j] + (d,)))
    assert close == [], "colours that look alike on a WS2812 (want >= %.2f): %s" % (P.MIN_APART, close)


def test_the_check_catches_a_clash():
    # Break it on purpose: the old crimson beside red, the old orange beside red, the old gold on yellow.
    assert apart((255, 0, 60), P.SEAT[0]) < P.MIN_APART
    assert apart((255, 80, 0), P.SEAT[0]) < P.MIN_APART
    assert apart((255, 170, 0), P.SEAT[2]) < P.MIN_APART
    assert apart(P.BLOOD, P.dim(P.BLOOD, 2)) < 0.1  # dimming keeps a meaning's hue
    assert meaning_of((255, 0, 60)) is None and meaning_of((90, 40, 0)) is None


def _rgb_literals(path):
    """(line, value) of every tuple of three integer literals 0..255 in a module's source."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Tuple) and len(node.elts) == 3:
            vals = [e.value if isinstance(e, ast.Constant) else None for e in node.elts]
            if all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 255 for v in vals):
                out.append((node.lineno, tuple(vals)))
    return out


def test_no_table_or_hal_module_writes_a_colour_of_its_own():
    stray = []
    for path in SCANNED:
        if path.name == "palette.py":
            continue
        for line, val in _rgb_literals(path):
            if (path.name, val) not in NOT_LIT:
                stray.append("%s:%d %r" % (path.name, line, val))
    assert stray == [], "RGB triples outside table/palette.py (take them from the palette by meaning): %s" % stray


def test_the_scan_finds_a_literal(tmp_path):
    f = tmp_path / "bad_draw.py"
    f.write_text("from x import P\nHOLY = P.HOLY\nTOWER = (0, 200, 200)  # cyan\nN = (1, 2)\n")
    assert _rgb_literals(f) == [(3, (0, 200, 200))]


def meaning_of(c):
    """The seat or meaning c is (at some brightness: its logical components in the same ratios), or None."""
    if max(c) == 0:
        return "off"
    found = None
    for name, ref in named():
        k = max(c) / float(max(ref))
        # within rounding of a shift or a scale (a dimmed component loses at most 1 of its value)
        if all(abs(x - r * k) <= 1.0 + 0.02 * r * k for x, r in zip(c, ref)):
            if found is not None and found != name:
                return "ambiguous: %s or %s" % (found, name)
            found = name
    return found


def _triples(value, seen, out, where):
    if id(value) in seen:
        return
    if isinstance(value, tuple) and len(value) == 3 and all(type(v) is int and 0 <= v <= 255 for v in value):
        out.append((where, value))
        return
    if isinstance(value, (tuple, list)):
        seen.add(id(value))
        for k, v in enumerate(value):
            _triples(v, seen, out, "%s[%d]" % (where, k))
    elif isinstance(value, dict):
        seen.add(id(value))
        for k in sorted(value, key=repr):
            _triples(value[k], seen, out, "%s[%r]" % (where, k))


# table modules by their path under nightboard.table, a game's as <game>.<module> under nightboard.games
TABLE_MODULES = sorted(p.stem for p in (FIRMWARE / "table").glob("*.py") if p.stem != "__init__") + sorted(
    "%s.%s" % (p.parent.name, p.stem) for p in GAME_TABLE_SIDE)


def _table_module(module):
    return importlib.import_module(("nightboard.games." if "." in module else "nightboard.table.") + module)


@pytest.mark.parametrize("module", TABLE_MODULES)
def test_every_colour_a_table_module_holds_is_a_seat_or_a_meaning(module):
    mod = _table_module(module)
    found = []
    for name in sorted(vars(mod)):
        value = getattr(mod, name)
        if name.startswith("__") or (module, name) in NOT_COLOURS:
            continue
        if getattr(value, "__module__", None) not in (None, mod.__name__, "builtins") and not isinstance(
                value, (tuple, list, dict)):
            continue  # another module (its colours are checked with it)
        _triples(value, set(), found, name)
    wrong = ["%s = %r" % (w, v) for w, v in found
             if (module + ".py", v) not in NOT_LIT and (meaning_of(v) is None or meaning_of(v).startswith("amb"))]
    assert wrong == [], "%s lights colours that are no seat and no meaning: %s" % (module, wrong)


def test_the_menu_and_every_game_are_scanned():
    for m in ("menu", "selftest", "hand_panel", "vampiring.draw", "dracula.draw", "vampire_cards.play",
              "vampire_nights.play", "vampempire.play"):
        assert m in TABLE_MODULES


def test_docs_table_lists_every_seat_and_meaning_with_its_colour():
    text = (ROOT / "docs" / "table.md").read_text()
    section = text[text.index("## Colours: one meaning each"):]
    section = section[:section.index("\n## ", 1)]
    rows = [line for line in section.splitlines() if line.startswith("| **")]
    want = ["| **%s** | %d, %d, %d | the %s seat" % ((n,) + c + (n,)) for n, c in zip(P.SEAT_NAMES, P.SEAT)]
    want += ["| **%s** | %d, %d, %d | %s |" % ((w,) + c + (m,)) for (_, c), (_, w, m) in zip(P.MEANINGS, words())]
    assert len(rows) == len(want)
    for w in want:
        assert any(r.startswith(w) for r in rows), w


def _menus():
    import json
    from nightboard.table.frame import Frame
    from nightboard.table.layout import Layout
    from nightboard.table.menu import Menu

    for path in sorted((ROOT / "hardware" / "profiles").glob("*.json")):
        prof = json.loads(path.read_text())
        lay = Layout(prof)
        yield path.stem, lay, Menu(lay, Frame(lay.led_count), prof)


def test_the_start_menu_shows_numbers_in_white_each_on_its_own_arc():
    for name, lay, menu in _menus():
        for k in range(len(menu.progs)):
            menu._choose_game(k)
            menu.field = 1  # the game's arc steady (the chosen field pulses)
            menu.values[:] = bytes(len(o[1]) - 1 for o in menu.prog["options"])  # the largest values
            menu.players = menu.seats[-1]
            menu.render(0)
            rgb = menu.frame.rgb
            want = [k + 1, menu.players] + [len(o[1]) for o in menu.prog["options"]]
            per = lay.leds_per_card
            for f in range(menu.fields):
                leds = [lay.ring_led(j) for j in range(menu._arc[f] * per, menu._arc[f + 1] * per)]
                shown = [tuple(rgb[3 * i:3 * i + 3]) for i in leds]
                lit = [c for c in shown if c != P.OFF]
                where = "%s, %s, field %d" % (name, menu.progs[k], f)
                assert len(lit) == want[f], where  # the whole number fits on the arc
                assert set(lit) <= {P.MENU_FIELD}, where
                assert shown[:want[f]] == [P.MENU_FIELD] * want[f], where  # from the arc's start
