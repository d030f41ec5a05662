"""Typed actions and options with digits other than ASCII ones ('²', '２') are refused as on the board.

CPython's str.isdigit is true for a superscript two and a full-width two, and int() reads the second
but not the first; MicroPython's is true for ASCII digits alone. A typed action in `nightboard play`
(CPython) once raised ValueError for 'move ²' where the board says what is wrong, and took 'move ２'
as 'move 2' where the board refuses it. The games read a number only from ASCII digits now.
"""

import json

import pytest

from nightboard.games import index
from nightboard.games.errors import GameError

VERBS = ("move", "stake", "garlic", "sun", "pass", "choose", "discard", "bite", "give", "ritual")
ODD = ("\u00b2", "\uff12", "\u0662", "1\u00b2")  # superscript two, full-width two, Arabic-Indic two


def _words():
    out = []
    for v in VERBS:
        for d in ODD:
            out += ["%s %s" % (v, d), "%s c%s" % (v, d), "%s %s-bodies" % (v, d), "%s bat at %s" % (v, d)]
    return out + list(ODD)


@pytest.mark.parametrize("name", index.names())
def test_a_typed_action_with_other_digits_is_refused_and_changes_nothing(name):
    m = index.module(name)
    g = m.new_game(1, index.tools(name)["players"][0])
    before = json.dumps(g.to_json(), sort_keys=True)
    for seat in g.to_move():
        for w in _words():
            with pytest.raises(GameError):
                g.apply(seat, w)
            assert json.dumps(g.to_json(), sort_keys=True) == before, w


@pytest.mark.parametrize("name", index.names())
def test_new_game_options_with_other_digits_are_refused(name):
    m = index.module(name)
    lo = index.tools(name)["players"][0]
    for opt in index.facts(name).get("options") or ():
        key = opt[0] if isinstance(opt, (list, tuple)) else opt.get("name") if isinstance(opt, dict) else opt
        for d in ODD:
            try:
                m.new_game(1, lo, **{key: d})
            except GameError:
                continue
            except TypeError:
                break  # not an option new_game takes by that name
            pytest.fail("%s=%r was taken" % (key, d))
