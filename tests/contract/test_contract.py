"""The contract every game implements (docs/games.md), checked over every game in games/index.py.

A new game gets all of this by its line in the index: the JSON round trip, random legal play to the
end, illegal actions refused with nothing changed, the same seeded games on CPython and on the
MicroPython unix port, and non-interference: two states that differ only in a hidden fact give the
same views to every seat that may not know it, the same LED frames and the same protocol replies,
until a rule reveals the fact.
"""

import json

import pytest

from mpy_harness import run_mpy
from nightboard.games import index
from nightboard.games.errors import GameError
from nightboard.prng import Prng
from nightboard_host import hooks
from twins_helpers import board_seats as _board_seats, new_game as _new, random_step as _step
from twins_helpers import twins_along_play

GAMES = index.names()
GARBAGE = [None, True, 1.5, -1, 10 ** 9, "", "fly", [], {}, ["x", "y", "z"], {"a": 1}]


def _mod(name):
    return index.module(name)


def _play(name, seed, max_steps=3000, each=None):
    g = _new(name, seed)
    facts = index.tools(name)
    rng = Prng(seed + 1000)
    for _ in range(max_steps):
        if g.result() is not None:
            break
        if each is not None:
            each(g)
        _step(g, facts, rng)
    return g


@pytest.mark.parametrize("name", GAMES)
def test_facts_are_complete(name):
    f = index.tools(name)
    assert f["name"] == name
    for key in ("title", "players", "options", "surface", "table", "colour") + hooks.REQUIRED:  # GAME's, then TOOLS'
        assert key in f, key
    lo, hi = f["players"]
    assert 1 <= lo <= hi
    g = _new(name, 1)
    assert g.seats()[-len(f["board_seats"]) or len(g.seats()):] == list(f["board_seats"]) or not f["board_seats"]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", range(12))
def test_random_legal_play_reaches_the_end_and_every_state_round_trips(name, seed):
    mod = _mod(name)

    facts = index.tools(name)

    def check(g):
        d = g.to_json()
        assert json.loads(json.dumps(d)) == d
        assert mod.from_json(d).to_json() == d
        for seat in g.to_move():  # a seat the game waits for has something to do (the board: its own choice)
            assert g.legal(seat) or seat in _board_seats(g, facts), seat

    g = _play(name, seed, each=check)
    res = g.result()
    assert res is not None, "no end in 3000 steps"
    assert g.to_move() == []
    assert len(res["scores"]) == len(g.seats()) or len(res["scores"]) == len(g.seats()) - len(index.tools(name)["board_seats"])
    check(g)


def _near_misses(legal, count=300):
    """Integers that are not legal: a sweep as wide as the game's own action numbers, and each legal
    action's neighbours (one more, one less, another high part: actions are often packed numbers)."""
    ints = [a for a in legal if isinstance(a, int) and not isinstance(a, bool)]
    top = 2 * max(ints + [2100])
    out = list(range(-2, top, max(1, top // count)))
    for a in ints:
        out.extend((a - 1, a + 1, a + 64, a + 1024, a + 65536, -a - 1))
    return sorted(set(a for a in out if a not in legal))


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", range(4))
def test_illegal_actions_are_refused_with_nothing_changed(name, seed):
    facts = index.tools(name)
    rng = Prng(seed)
    g = _new(name, seed)
    tried = 0
    for _ in range(60):
        if g.result() is not None:
            break
        before = g.to_json()
        moving = g.to_move()
        for seat in range(len(g.seats())):
            if seat in _board_seats(g, facts):
                continue
            legal = g.legal(seat) if seat in moving else []
            wrong = [a for a in GARBAGE] + _near_misses(legal)
            for a in wrong:
                with pytest.raises(GameError) as e:
                    g.apply(seat, a)
                assert str(e.value)
                assert g.to_json() == before, (seat, a)
                tried += 1
        for seat in (-1, len(g.seats()) + 3, "nobody", None):
            with pytest.raises(GameError):
                g.apply(seat, 0)
            assert g.to_json() == before
        _step(g, facts, rng)
    assert tried > 100


@pytest.mark.parametrize("name", GAMES)
def test_seeded_games_are_the_same_on_micropython(name):
    seeds = list(range(200))
    code = ("import json\n"
            "from nightboard.games import index\n"
            "from nightboard.prng import Prng\n"
            "mod = index.module(%r)\n"
            "lo, hi = mod.GAME['players']\n"
            "for seed in %r:\n"
            "    g = mod.new_game(seed, lo + seed %% (hi - lo + 1))\n"
            "    board = [g.seats().index(s) for s in %r]\n"
            "    rng = Prng(seed + 1000)\n"
            "    for _ in range(3000):\n"
            "        if g.result() is not None:\n"
            "            break\n"
            "        seats = g.to_move()\n"
            "        seat = seats[rng.below(len(seats))]\n"
            "        if seat in board:\n"
            "            g.apply(seat, None)\n"
            "        else:\n"
            "            legal = g.legal(seat)\n"
            "            g.apply(seat, legal[rng.below(len(legal))])\n"
            "    print(json.dumps([g.to_json(), g.result()]))\n") % (
                name, seeds, list(index.tools(name)["board_seats"]))
    out = run_mpy(code, compiled=True).strip().splitlines()
    assert len(out) == len(seeds)
    for seed, line in zip(seeds, out):
        g = _play(name, seed)
        # the whole final position (secrets and the random stream included) and the result
        assert json.loads(line) == json.loads(json.dumps([g.to_json(), g.result()])), seed


# --- non-interference -------------------------------------------------------------------------------

def _unknowing(g, knowers):
    return [None] + [s for s in range(len(g.seats())) if s not in knowers]


def _board_choice(g, seat):
    try:
        return g.board_move(seat)
    except GameError as e:  # the board plays no such seat in this game: the same words in both
        return "refused: %s" % e


def _board_pieces(g, seat):
    """The board's decision spread over frames (board_steps, on a copy: a mind may draw from the game's
    stream): every piece's cost and the choice."""
    if not hasattr(g, "board_steps"):
        return None
    try:
        return list(g.copy().board_steps(seat))
    except GameError as e:
        return "refused: %s" % e


def _same_to_the_unknowing(a, b, knowers):
    for s in _unknowing(a, knowers):
        assert a.view(s) == b.view(s), "seat %r sees a difference in a hidden fact" % (s,)
        if s is not None:
            assert a.legal(s) == b.legal(s) or s in knowers
            if s in a.to_move():  # the board, playing a seat, decides from that seat's view only
                assert _board_choice(a, s) == _board_choice(b, s), "the board's choice for %r differs" % (s,)
                # and so does its decision spread over frames: the same pieces, the same costs
                assert _board_pieces(a, s) == _board_pieces(b, s), "the board's thinking for %r differs" % (s,)


@pytest.mark.parametrize("name", GAMES)
def test_twins_are_positions_that_differ_in_a_hidden_fact(name):
    n = 0
    for a, b, knowers in twins_along_play(name, range(3), steps=20):
        assert a.to_json() != b.to_json()
        assert b.copy().to_json() == b.to_json()  # a sound position: it loads and round trips
        assert a.view(None) == b.view(None)
        n += 1
    assert n > 10


@pytest.mark.parametrize("name", GAMES)
def test_non_interference_of_views_until_a_rule_reveals(name):
    facts = index.tools(name)
    checked = 0
    for a, b, knowers in twins_along_play(name, range(6)):
        rng = Prng(checked)
        for _ in range(8):
            _same_to_the_unknowing(a, b, knowers)
            checked += 1
            if a.result() is not None:
                break
            seats = [s for s in a.to_move() if s not in knowers and s not in _board_seats(a, facts)]
            if not seats:
                break  # a knowing seat (the board, or the family whose choice it is) acts: the rule may reveal
            seat = seats[rng.below(len(seats))]
            legal = a.legal(seat)
            act = legal[rng.below(len(legal))]
            ea = a.apply(seat, act)
            eb = b.apply(seat, act)
            if ea != eb:
                break  # the rule revealed the difference (a garlic or stake found him, a turn resolved)
    assert checked > 50


@pytest.mark.parametrize("name", GAMES)
def test_refusals_say_nothing_of_a_hidden_fact(name):
    """Issue 19: a refused action's words are the same in two states that differ only in a hidden fact."""
    n = 0
    for a, b, knowers in twins_along_play(name, range(4), steps=20):
        for seat in _unknowing(a, knowers)[1:]:
            legal = a.legal(seat)
            for act in [x for x in range(0, 2048, 3) if x not in legal] + GARBAGE:
                msgs = []
                for g in (a, b):
                    try:
                        g.apply(seat, act)
                        msgs.append(None)
                    except GameError as e:
                        msgs.append(str(e))
                assert msgs[0] == msgs[1] and msgs[0] is not None
                n += 1
    assert n > 100


def _driver(name, position, profile):
    from table_driver import Driver

    return Driver({"game": name, "position": position}, name=profile)


PROFILES = {"ring": "ring4", "grid": "grid8", "hex": "hex8"}


@pytest.mark.parametrize("name", GAMES)
def test_non_interference_of_frames_and_protocol_replies(name):
    """Tables started from two twin positions: the same frames, the same public replies and the same
    terminal text to the same presses of the seats that may not know, until their events differ (a rule
    revealed it)."""
    from nightboard_host.link.client import LocalLink
    from nightboard_host.terminal.view import KeyMap, TerminalView
    from screen_helpers import styled_screen

    facts = index.tools(name)
    profile = PROFILES[facts["surface"][0]]
    pairs = 0
    for a, b, knowers in twins_along_play(name, range(3), steps=12):
        if len(a.seats()) - len(facts["board_seats"]) > 4:
            continue
        if pairs >= 12:
            break
        da, db = _driver(name, a.to_json(), profile), _driver(name, b.to_json(), profile)
        la, lb = LocalLink(da.table), LocalLink(db.table)
        ta = TerminalView(da.table, KeyMap.for_table(da.table))
        tb = TerminalView(db.table, KeyMap.for_table(db.table))
        rng = Prng(pairs)
        for _ in range(10):
            assert da.wire() == db.wire()
            ra, rb = la.call("state"), lb.call("state")
            assert ra == rb
            assert styled_screen(ta) == styled_screen(tb)  # the terminal's words and picture
            seats = [s for s in _unknowing(a, knowers)[1:] if s < len(a.seats()) - len(facts["board_seats"])]
            if not seats:
                break
            seat = seats[rng.below(len(seats))]
            role = ("mode", "move", "ok", "look")[rng.below(4)]
            da.tap(seat, role)
            db.tap(seat, role)
            if da.table.log != db.table.log or [s for s in da.table.game.to_move() if s in knowers]:
                break  # a rule revealed it, or a seat that knows it (the board: Dracula) is to move
        pairs += 1
    assert pairs >= 3


@pytest.mark.parametrize("name", GAMES)
def test_the_board_imports_only_the_chosen_games_modules(name):
    """GUIDE section 8 item 7: after the start menu has read every game's facts, a game set up on the
    board (the MicroPython unix port) leaves no module of another game imported, and no host-only part
    (tools, positions, secrets) of its own."""
    from mpy_harness import ROOT

    tools = index.tools(name)
    code = ("import sys\n"
            "from nightboard.hal.sim import make_sim_hal\n"
            "from nightboard.table.app import Table\n"
            "from nightboard.table.profile import load_profile_file\n"
            "prof = load_profile_file(%r)\n"
            "t = Table(prof, make_sim_hal(prof), None)\n"
            "t.start_game({'game': %r, 'players': %d, 'seed': 3})\n"
            "for _ in range(3):\n"
            "    t.tick()\n"
            "print(' '.join(sorted(k for k in sys.modules if k.startswith('nightboard.games'))))\n") % (
        str(ROOT / "hardware" / "profiles" / (tools["profile"] + ".json")), name, tools["players"][0])
    loaded = run_mpy(code, compiled=True).split()
    assert any(m.startswith("nightboard.games.%s." % name) for m in loaded)
    for other in GAMES:
        if other != name:
            assert not [m for m in loaded if m == "nightboard.games." + other or
                        m.startswith("nightboard.games.%s." % other)], loaded
    for part in ("tools", "pos", "secrets"):
        assert "nightboard.games.%s.%s" % (name, part) not in loaded
    assert "nightboard.games.index" not in loaded and "nightboard.games.spec" not in loaded


def test_the_board_reads_each_games_facts_once_at_boot(monkeypatch):
    """Issue 22 (boot under a second): building the table (its start menu) imports each game's package once
    (some 20 ms each on the emulated RP2040; twice made a grid8 boot 1,053 ms), and showing the first game
    then imports nothing more."""
    from nightboard.table import programs
    from table_driver import Driver

    seen = []
    real = programs._module
    monkeypatch.setattr(programs, "_module", lambda path: seen.append(path) or real(path))
    d = Driver(name="grid8hands")
    assert sorted(seen) == sorted("nightboard.games." + n for n in GAMES)
    assert d.table.menu.progs[0] == GAMES[0] and d.table.menu.prog["name"] == GAMES[0]


def test_the_first_games_keep_their_entry_points():
    """Issue 15 item 6: nightboard.games.vampiring and .dracula still offer new_game and from_json, and their
    states apply_actions (a record's turn)."""
    from nightboard.games import dracula, vampiring

    v = vampiring.new_game(5, 3)
    v.apply_actions(["A cw", "B ccw", "A ccw"])
    assert vampiring.from_json(v.to_json()).to_json() == v.to_json()
    d = dracula.new_game(3, 2)
    d.apply_actions({"hunters": [["move b1"], ["move d5"]]})
    assert dracula.from_json(d.to_json()).to_json() == d.to_json()


# Files that still name games, each with the reason; the test below fails for any other.
NAMING_ALLOWED = set()  # none today: add a file here only with the reason it must name a game


def _own_module(path, name):
    """Whether `path` (relative to the project) is one of a game's two homes: its package on the board
    (engine, board player, table controller and renderers) and its package on the host."""
    return (path.startswith("firmware/nightboard/games/%s/" % name)
            or path.startswith("host/nightboard_host/games/%s/" % name))


def test_no_shared_file_names_a_game():
    """Issue 15: outside a game's own modules only the index of games names it (a game is added by its line
    there and its own files); the table, the protocol, saves and the host's tools read its declared facts."""
    import re

    from mpy_harness import ROOT

    found = []
    for top in ("firmware/nightboard", "host/nightboard_host"):
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if rel == "firmware/nightboard/games/index.py" or rel in NAMING_ALLOWED:
                continue
            text = path.read_text(encoding="utf-8")
            for name in GAMES:
                if _own_module(rel, name):
                    continue
                for k, line in enumerate(text.splitlines(), 1):
                    if re.search(name, line, re.IGNORECASE):
                        found.append("%s:%d names %s" % (rel, k, name))
    assert found == [], "\n".join(found)
