"""The firmware calls no str method that MicroPython lacks (str.capitalize once broke the card game's words
on the board: "could not do it: AttributeError" instead of the bad position's own message)."""

import ast
import json

import pytest

from mpy_harness import FIRMWARE, micropython_exe, run_mpy

pytestmark = pytest.mark.micropython


def _micropython_str_methods():
    import subprocess

    out = subprocess.run([micropython_exe(), "-c", "import json; print(json.dumps(dir('')))"],
                         capture_output=True, text=True, timeout=60, check=True).stdout
    return set(json.loads(out))


def _calls(names):
    found = []
    for path in sorted((FIRMWARE / "nightboard").rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in names:
                found.append("%s:%d .%s()" % (path.relative_to(FIRMWARE), node.lineno, node.func.attr))
    return found


def test_no_firmware_module_calls_a_str_method_micropython_lacks():
    missing = {m for m in dir(str) if not m.startswith("_")} - _micropython_str_methods()
    assert "capitalize" in missing  # the list is MicroPython's own, read from it now
    assert _calls(missing) == []


def test_the_scan_finds_such_a_call():
    assert _calls({"name"}), "the scan finds no call at all: it would pass whatever the firmware did"


def test_card_names_and_the_bad_position_message_are_the_same_on_micropython():
    from nightboard.games.vampire_cards import deck as D
    from nightboard.games.vampire_cards import new_game

    g = new_game(3, 3)
    pos = g.to_json()
    hand = pos["hands"][0]
    pos["hands"][1] = pos["hands"][1][:-1] + [hand[0]]  # one card in two hands
    code = (
        "import json\n"
        "from nightboard.games.vampire_cards import deck as D\n"
        "from nightboard.games.vampire_cards import from_json\n"
        "d = D.default_deck()\n"
        "names = [D.name(d, c) for c in range(len(d))]\n"
        "try:\n"
        "    from_json(json.loads(%r))\n"
        "    said = None\n"
        "except Exception as e:\n"
        "    said = '%%s: %%s' %% (type(e).__name__, e)\n"
        "print(json.dumps([names, said]))\n" % json.dumps(pos))
    names, said = json.loads(run_mpy(code).strip().splitlines()[-1])
    deck = D.default_deck()
    assert names == [D.name(deck, c) for c in range(len(deck))]
    assert names[6] == "Bone 7"
    assert said is not None and "is in two places" in said and "AttributeError" not in said
