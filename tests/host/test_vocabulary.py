"""One vocabulary across the games, in play and in replay: seats by their colour (VampEmpire too), pieces by
their shape in VampiRing's live log as in its replay, one line for a fight the cross forbids, a seat's own
choice in the rules' words (not a record's short form), and VampEmpire's action points in its own words."""

import json
import re

import pytest

from nightboard.games import vampire_nights
from nightboard.games.vampempire import actions as A
from nightboard.hal.sim import SimClock, make_sim_hal
from nightboard.table.app import Table
from nightboard_host.games.vampempire import explain as empire
from nightboard_host.games.vampiring import explain as ring
from nightboard_host.terminal import view as terminal
from table_driver import profile


def _table(start, name):
    clock = SimClock()
    t = Table(profile(name), make_sim_hal(profile(name), clock=clock), start)
    return t, clock


def _frames(t, clock, n):
    for _ in range(n):
        clock.advance(t.frame_ms)
        t.tick()


def test_vampirings_live_log_names_pieces_as_replay_does():
    t, clock = _table({"game": "vampiring", "players": 3, "seed": 5}, "ring4")
    for _turn in range(6):
        for p in range(3):
            t.play.press(p, "ok", 0)
        _frames(t, clock, 400)
    view = terminal.TerminalView(t, terminal.KeyMap.for_table(t))
    words = " / ".join(w for _turn, w in view.events())
    assert " wounds " in words or "fight on" in words, words
    assert "vampire 1" not in words and "vampire 2" not in words and "vampire 3" not in words, words


def test_a_fight_the_cross_forbids_is_one_line():
    ringcards = ["cross"] * 16
    events = [{"e": "fight", "card": 7, "kind": "cross", "vampires": [[0, 0, 0], [1, 1, 1]]},
              {"e": "nofight", "card": 7, "why": "cross"}]
    lines = ring.describe_turn(events, ringcards)
    assert lines == ["no fight on cross (card 7): red man, blue wolf meet there, and the cross forbids it"]


def test_vampempire_names_seats_by_colour_and_says_choices_in_the_rules_words():
    t, clock = _table({"game": "vampempire", "players": 3, "seed": 3}, "grid8")
    _frames(t, clock, 5)
    words = " ".join(t.describe())
    assert "red to play" in words and "seat 0" not in words and "seat 1" not in words
    teller = empire.Teller(t.game.view(None))
    assert empire.action_words(teller, A.act(A.CHOOSE, 0)) == "choose the Baroness"
    assert empire.action_words(teller, A.act(A.OFFER, 1)) == "offer blue a trade"
    assert empire.action_words(teller, A.act(A.MANIPULATE, 2)).startswith("manipulate yellow")
    assert empire.action_words(teller, A.act(A.RITUAL, 3)).startswith("play ")
    assert empire.describe({"ev": "choose", "seat": 1, "vampire": "tyrant"}, t.game.view(None)) == \
        "blue chooses the Tyrant"


def test_vampempire_own_words_give_the_action_points_left_at_night():
    t, clock = _table({"game": "vampempire", "players": 2, "seed": 3}, "grid8")
    g = t.game
    for _ in range(60):  # each seat takes its first choice (ok) until a night begins
        if g.phase == "night":
            break
        t.play.press(g.to_move()[0], "ok", 0)
        _frames(t, clock, 120)
    assert g.phase == "night"
    mover = g.to_move()[0]
    words = empire.own_rituals(t, mover)
    assert "action points left tonight" in words or "action point left tonight" in words, words
    assert "ok would " in words and "ritual " not in words.split("ok would")[1], words


def test_a_vampire_nights_position_without_gave_still_reads_and_a_bad_gave_is_refused():
    from nightboard.games.errors import GameError

    g = vampire_nights.new_game(5, 3)
    old = g.to_json()
    del old["gave"]  # written before the field existed: nobody has given a tile up
    assert vampire_nights.from_json(old).gave == [-1, -1, -1]
    for bad, words in (([0, 1], "gave must hold one entry per player (3), not 2"), ([0, 15, -1], "gave[1]"),
                       ("x", "gave must be a list"), ([True, -1, -1], "gave[0]")):
        with pytest.raises(GameError, match=re.escape(words)):
            vampire_nights.from_json(dict(old, gave=bad))


def test_vampire_nights_names_a_loot_tile_given_up_face_down_to_its_own_seat_only():
    """A bitten guard's player gives up a loot tile face down: its own words (under look) name it afterwards;
    the log, the table's words and the other seats' words never do."""
    from nightboard.games.vampire_nights import actions as VA
    from nightboard.games.vampire_nights.components import ROOM_NAMES
    from nightboard.prng import Prng
    from nightboard_host.games.vampire_nights import explain as nights

    for seed in range(1, 40):
        t, clock = _table({"game": "vampire_nights", "players": 2, "seed": seed}, "grid8")
        g, rng = t.game, Prng(seed)
        for _ in range(400):
            if g.over:
                break
            seat = g.to_move()[0]
            legal = sorted(g.legal(seat))
            drops = [a for a in legal if a >> 10 == VA.DROP_LOOT]
            a = drops[0] if drops else legal[rng.below(len(legal))]
            t.play.play_action(seat, a, clock.ticks_ms())
            if drops:
                name = nights.bare(ROOM_NAMES[a & 1023])
                mine = nights.own_secrets(t, seat)
                assert "you last gave up" in mine, mine
                others = nights.own_secrets(t, 1 - seat)
                public = " ".join(t.describe()) + " ".join(w for _n, w in nights.log_lines(t.play.log.recent(len(t.play.log)), g))
                assert "gave up" not in others and "gave up" not in public
                assert name in mine.split("you last gave up")[1], (name, mine)
                # kept in the game itself: a save resumed on a new table still names it, to that seat only
                saved = json.loads(json.dumps(g.to_json()))
                t2, _clock = _table({"game": "vampire_nights", "players": 2, "seed": seed}, "grid8")
                t2.play = type(t.play)(t2.play.layout, t2.play.frame, vampire_nights.from_json(saved))
                mine2 = nights.own_secrets(t2, seat)
                assert name in mine2.split("you last gave up")[1], (name, mine2)
                assert "gave up" not in nights.own_secrets(t2, 1 - seat)
                assert "my_gave" not in t2.play.game.view(None) and "gave" not in json.dumps(t2.play.game.view(None))
                return
    raise AssertionError("no seed gave up a loot tile")
