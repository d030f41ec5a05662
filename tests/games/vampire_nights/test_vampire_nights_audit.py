"""Vampire Nights: the points of docs/vampire_nights-rules-notes.md and of the game's rules that the first
round of tests left out (found by an audit of the notes, id by id). Each test names its id."""

import pytest

from nightboard.games.errors import GameError
from nightboard.games.vampire_nights import actions as A
from nightboard.games.vampire_nights import night as N
from vn_helpers import C, M, E, act, blank, put, at, cell

MOVE, PASS, END = A.MOVE, A.PASS, A.END


def _of(legal, kd, k=None):
    """The actions of one kind (of guard k, for the kinds whose argument is guard * 64 + cell)."""
    return [a for a in legal if a >> 10 == kd and (k is None or (a & 1023) >> 6 == k)]


# --- M24: the Cloak -------------------------------------------------------------------------------

def test_m24_the_cloak_on_a_later_turn_is_that_turns_move():
    g = blank(2)
    g.hands[0] = [C.CLOAK]
    at(g, 0, 0, 6, 1)  # in the Garden since an earlier turn
    at(g, 1, 1, 1)
    assert act(A.CLOAK, 0) in g.legal(0)
    g.apply(0, act(A.CLOAK, 0))
    assert g.gspace[0] == M.SECRET and g.moved == 0
    assert g.legal(0) == [act(END, 0)]  # it replaced the move: the other guard stays where it is


def test_m24_m4_a_full_garden_is_entered_only_into_the_secret_space_one_guard_there():
    g = blank(2)
    g.hands[0] = [C.CLOAK]
    at(g, 0, 0, 5)
    at(g, 2, 0, 6, 1)
    at(g, 3, 0, 6, 2)
    legal = g.legal(0)
    assert act(MOVE, 0 * 64 + cell(0, 6)) not in legal and act(A.CLOAK, 0) in legal
    g.gspace[3] = M.SECRET  # the secret space is taken
    assert act(A.CLOAK, 0) not in g.legal(0)


# --- M17: the Coffin ------------------------------------------------------------------------------

def test_m17_with_both_guards_in_its_room_the_coffin_is_claimed_for_8_never_paid_for():
    g = blank(2)
    put(g, 0, 2, C.COFFIN)
    at(g, 0, 0, 2)
    at(g, 1, 0, 2)
    g.hands[0] = [C.TORCH, C.BAG]
    legal = g.legal(0)
    assert act(A.COFFIN_BOTH, 0) in legal and not _of(legal, A.COFFIN_PAY)
    at(g, 1, 1, 1)  # one guard there: paying becomes the way
    legal = g.legal(0)
    assert act(A.COFFIN_BOTH, 0) not in legal and act(A.COFFIN_PAY, C.BAG * 32 + C.TORCH) in legal


def test_m17_a_claimed_coffin_lost_to_a_bite_goes_back_as_a_plain_coffin():
    g = blank(2)
    g.loot[0] = [C.COFFIN_PAID]
    put(g, 0, 1, C.MINION)
    g.apply(0, act(MOVE, cell(0, 1)))
    g.apply(0, act(A.TAKE_BITE, 0))
    assert g.legal(0) == [act(A.DROP_LOOT, C.COFFIN_PAID)]
    g.apply(0, act(A.DROP_LOOT, C.COFFIN_PAID))
    assert g.loot[0] == [] and g.room_discard[-1] == C.COFFIN


# --- M7: the Mirror -------------------------------------------------------------------------------

def test_m7_the_mirror_works_from_the_entrance_diagonally_forward_over_empty_rooms():
    g = blank(3)
    g.hands[0] = [C.MIRROR]
    put(g, 2, 2, C.COINS, up=False)
    dests = sorted(a & 63 for a in _of(g.legal(0), A.MIRROR, 0))
    assert dests == [cell(1, 1), cell(2, 2)]  # (1, 1) is empty: it may stop there or go on
    g.apply(0, act(A.MIRROR, 0 * 64 + cell(2, 2)))
    assert g.gcell[0] == cell(2, 2) and g.up[cell(2, 2)] == 1 and C.MIRROR in g.item_discard


# --- M6: the Mask ---------------------------------------------------------------------------------

def test_m6_no_mask_between_a_room_and_a_garden_nor_for_a_guard_held_by_the_web():
    g = blank(2)
    g.hands[0] = [C.MASK]
    at(g, 0, 0, 5)
    at(g, 2, 0, 6, 1)  # right below, but in the Garden
    assert not _of(g.legal(0), A.MASK)
    at(g, 2, 0, 4)
    assert act(A.MASK, 0 * 64 + 2) in g.legal(0)
    g.web[0] = 1
    assert not _of(g.legal(0), A.MASK, 0)


# --- M12, M11: vampires and bites -----------------------------------------------------------------

def test_m12_garlic_answers_only_the_encounter_and_the_vampire_bites_the_next_guard_in():
    g = blank(2)
    put(g, 0, 1, C.MINION)
    g.hands[0] = [C.GARLIC, C.GARLIC]
    at(g, 2, 1, 1)
    g.apply(0, act(MOVE, 0 * 64 + cell(0, 1)))
    g.apply(0, act(A.GARLIC, 0))
    assert not _of(g.legal(0), A.GARLIC)  # the second Garlic has nothing to answer
    g.apply(0, act(END, 0))
    g.apply(1, act(MOVE, 2 * 64 + cell(0, 1)))  # blue steps into the same room
    assert g.waiting() == "defend" and g.to_move() == [1] and g.tiles[cell(0, 1)] == C.MINION


def test_m11_a_player_turned_vampire_still_loses_a_loot_tile_to_each_bite():
    g = blank(2)
    g.bites[0] = [C.VAMPIRE, C.VAMPIRE]
    g.bite_deck = [C.SHIELD]
    g.loot[0] = [C.STONE]
    put(g, 0, 1, C.LADY)
    g.apply(0, act(MOVE, cell(0, 1)))
    g.apply(0, act(A.TAKE_BITE, 0))
    assert len(g.bites[0]) == 3 and g.waiting() == "drop-loot"
    g.apply(0, act(A.DROP_LOOT, C.STONE))
    assert g.loot[0] == []


# --- rooms and items of the text ------------------------------------------------------------------

def test_m10_the_cat_with_no_coins_to_take_takes_nothing_and_leaves():
    g = blank(2)
    g.loot[0] = [C.STONE]
    put(g, 0, 1, C.CAT, up=False)
    ev = g.apply(0, act(MOVE, cell(0, 1)))
    assert g.loot[0] == [C.STONE] and g.room_discard[-1] == C.CAT and g.tiles[cell(0, 1)] == E
    assert {"cat": 0} in ev


def test_the_item_a_chest_gives_may_be_played_in_the_same_turn():
    g = blank(2)
    put(g, 0, 1, C.CHEST)
    put(g, 0, 2, C.LORD)
    g.item_deck.append(C.CROSSBOW)
    g.apply(0, act(MOVE, cell(0, 1)))
    shot = act(A.CROSSBOW, 0 * 64 + cell(0, 2))
    assert shot in g.legal(0)
    g.apply(0, shot)
    assert g.loot[0] == [C.LORD]


def test_m25_several_items_in_one_turn_before_and_after_the_move():
    g = blank(2)
    g.hands[0] = [C.TORCH, C.BAG, C.WATER]
    at(g, 0, 0, 2)
    put(g, 0, 2, C.COINS)
    put(g, 0, 3, C.FATHER, up=False)
    g.apply(0, act(A.BAG, 0))  # before the move
    g.apply(0, act(A.TORCH, 0 * 64 + 1))  # forward: the face-down room below
    assert g.view(0)["peeks"] == [[cell(0, 3), "father"]] and g.to_move() == [0]
    g.apply(0, act(MOVE, 0 * 64 + cell(0, 3)))
    g.apply(0, act(A.WATER, 0))  # and after it
    assert g.hands[0] == [] and g.loot[0] == [C.COINS, C.FATHER] and g.to_move() == [0]


def test_a_turn_must_move_or_pass_before_it_can_end():
    g = blank(2)
    assert act(END, 0) not in g.legal(0)
    with pytest.raises(GameError):
        g.apply(0, act(END, 0))


# --- M8: passing ----------------------------------------------------------------------------------

def test_m8_a_guard_that_can_neither_move_nor_lie_down_alone_may_share_a_room():
    g = blank(2)
    at(g, 0, 0, 5)
    at(g, 1, 0, 5)
    g.passed[1] = 1  # red's other guard lies in the room
    at(g, 2, 0, 6, 1)
    at(g, 3, 0, 6, 2)  # the Garden below is full
    g.visited[0] |= 1 << (1 * 7 + 5)  # and the room beside was visited
    assert g.legal(0) == [act(PASS, 0)]


# --- M14, M15, M22: the End of Night and the winner ----------------------------------------------

def test_m14_a_room_reached_in_the_crowding_is_revealed_and_does_nothing():
    g = blank(2)
    at(g, 0, 0, 2)
    at(g, 2, 0, 2)
    at(g, 1, 1, 0)
    at(g, 3, 1, 0)
    put(g, 0, 3, C.LORD, up=False)
    put(g, 1, 2, C.MINION)  # sideways is closed by a vampire too
    N.end_exploration(g, [])
    assert g.phase == "crowd" and g.to_move() == [0]
    ev = g.apply(0, act(A.CROWD, 0 * 64 + cell(0, 3)))
    assert {"reveal": cell(0, 3), "tile": "lord"} in ev
    assert not [e for e in ev if "bite" in e or "defending" in e] and g.bites[0] == [] and g.loot[0] == []
    assert g.night == 2 and C.LORD in g.room_discard  # the night went on to its end: the Lord stayed put


def test_m14_a_crowded_guard_with_nowhere_to_go_stays():
    g = blank(2)
    at(g, 0, 0, 5)
    at(g, 2, 0, 5)
    at(g, 1, 0, 6, 1)
    at(g, 3, 0, 6, 2)  # the Garden is full
    g.visited[0] |= 1 << (1 * 7 + 5)
    N.end_exploration(g, [])
    assert g.legal(0) == [act(A.CROWD, 0 * 64 + A.STAY)]
    g.apply(0, act(A.CROWD, 0 * 64 + A.STAY))
    assert g.to_move() == [1] and g.legal(1) == [act(A.CROWD, 2 * 64 + cell(1, 5))]


def test_m15_two_guards_in_one_room_loot_in_the_nights_turn_order():
    g = blank(2, first=1)
    at(g, 0, 0, 3)
    at(g, 2, 0, 3)
    assert N.loot_order(g, 0) == [2, 0]
    g.first = 0
    assert N.loot_order(g, 0) == [0, 2]


def test_m15_looting_is_mandatory_a_guard_offered_loot_cannot_decline():
    g = blank(2)
    at(g, 0, 0, 6, 1)
    at(g, 1, 1, 0)
    at(g, 2, 1, 0)
    at(g, 3, 1, 0)
    for k in range(4):
        g.passed[k] = 1 if k else 0
    put(g, 0, 1, C.STONE)
    put(g, 0, 2, C.STONE)
    N.end_exploration(g, [])
    assert g.phase == "loot" and g.legal(0) == [act(A.LOOT, cell(0, 1)), act(A.LOOT, cell(0, 2))]
    g.apply(0, act(A.LOOT, cell(0, 1)))
    assert g.loot[0] == [C.STONE, C.STONE]  # the second Stone, cursed or not, was taken for it


def test_m22_players_tied_on_score_bites_and_tiles_share_the_win():
    g = blank(3)
    g.loot = [[C.COINS], [C.COINS], [C.LORD, C.MINION]]
    g.bites = [[C.SHIELD], [C.VAMPIRE], []]
    N.finish(g, [])
    assert g.scores == [3, 3, 7] and g.winners == [2]
    g.loot = [[C.COINS], [C.COINS], [C.MINION]]
    N.finish(g, [])
    assert g.scores == [3, 3, 2] and g.winners == [0, 1]


def test_the_game_ends_after_the_third_night_and_not_before():
    g = blank(2)
    g.night = 2
    N.end_night(g, [])
    assert g.night == 3 and not g.over and g.phase == "place"
    ev = []
    N.end_night(g, ev)
    assert g.over and g.phase == "over" and g.to_move() == [] and g.result() is not None
    assert ev[-1]["over"] is True


def test_m24_the_log_tells_a_later_turns_cloak_as_a_turn_of_its_own():
    """A player exploring alone: a step into the Garden, then (a turn later) the Cloak, then another step.
    Only the Cloak's event can tell the log that it was a turn's move (ends leave no event)."""
    from nightboard_host.games.vampire_nights import explain as X
    g = blank(2)
    g.hands[0] = [C.CLOAK]
    at(g, 0, 0, 5)
    at(g, 1, 1, 1)
    for k in (2, 3):
        at(g, k, 1, 2 + k)
        g.passed[k] = 1
    log = []
    for a in (act(MOVE, 0 * 64 + cell(0, 6)), act(END, 0), act(A.CLOAK, 0), act(END, 0),
              act(MOVE, 1 * 64 + cell(1, 2))):
        log += g.apply(0, a)
    assert {"cloak": 0, "moved": 1} in log
    turns = [n for n, _w in X.log_lines(log, g)]
    assert turns[-1] - turns[0] == 2 and len(set(turns)) == 3 and turns[-1] == g.turn


# --- bad input: saves ------------------------------------------------------------------------------

def _exploring(seed=4, players=3):
    from nightboard.games.vampire_nights import state as VN
    g = VN.new_game(seed, players)
    while g.phase != "explore":
        s = g.to_move()[0]
        g.apply(s, g.legal(s)[0])
    return g


@pytest.mark.parametrize("task", [[0, 2, 7], [0, 2, 4], [0, 2, 5], [0, 0, 0], [1, 2, 3], [0, 1, 3]])
def test_a_save_with_a_pending_task_that_cannot_be_is_refused(task):
    """A task for a guard that does not exist, or is not the player's, or stands on no vampire, or of
    another player than the one exploring: refused with a message (such a save used to load, and the
    first answer to it raised an IndexError)."""
    from nightboard.games.vampire_nights import state as VN
    g = _exploring()
    d = g.to_json()
    d["active"] = 2
    d["pending"] = [task]
    with pytest.raises(GameError, match="pending task"):
        VN.from_json(d)


def test_saves_waiting_for_a_defence_or_a_loot_tile_load_and_play_on():
    from nightboard.games.vampire_nights import state as VN
    from nightboard.prng import Prng
    seen = set()
    for seed in range(12):
        g = VN.new_game(seed, 2 + seed % 3)
        rng = Prng(seed)
        while not g.over:
            if g.pending:
                d = g.to_json()
                h = VN.from_json(d)
                assert h.to_json() == d and h.waiting() == g.waiting()
                seen.add(g.waiting())
                d["phase"] = "crowd"
                with pytest.raises(GameError, match="pending task"):
                    VN.from_json(d)
            s = g.to_move()[0]
            legal = g.legal(s)
            g.apply(s, legal[rng.below(len(legal))])
    assert seen == {"defend", "drop-loot"}


def test_a_save_with_a_torch_peek_outside_the_mansion_is_refused():
    """A peek at cell 20 of a 2-player mansion (16 cells) used to load, and drawing the player's view then
    raised an IndexError."""
    from nightboard.games.vampire_nights import state as VN
    g = _exploring(4, 2)
    for bad in (20, 16, 8, 6):  # outside, outside, an Entrance, a Garden
        d = g.to_json()
        d["peeks"][0] = [bad]
        with pytest.raises(GameError, match="peeks"):
            VN.from_json(d)


def test_a_save_whose_mover_or_looter_is_another_players_guard_is_refused():
    from nightboard.games.vampire_nights import state as VN
    from nightboard.prng import Prng
    g = _exploring(4, 2)
    d = g.to_json()
    d["moved"] = 2 * (1 - d["active"])  # a guard of the player not to move
    with pytest.raises(GameError, match="hold together"):
        VN.from_json(d)
    g = VN.new_game(0, 3)
    rng = Prng(0)
    while g.phase != "loot":
        s = g.to_move()[0]
        legal = g.legal(s)
        g.apply(s, legal[rng.below(len(legal))])
    d = g.to_json()
    assert VN.from_json(d).to_json() == d
    for bad in (-1, (d["looter"] + 2) % 6):
        d["looter"] = bad
        with pytest.raises(GameError, match="hold together"):
            VN.from_json(d)


def test_a_save_whose_player_to_move_has_no_guard_left_but_holds_a_glass_is_refused():
    """Whose turn it is, with both of that player's guards laid down: the turn cannot be (the board skips
    such a player). A Magnifying Glass in hand made the position look playable, and after the Glass the
    player had nothing to do: the board's player then raised IndexError."""
    from nightboard.games.vampire_nights import state as VN
    g = _exploring(4, 2)
    d = g.to_json()
    a = d["active"]
    for pile in [d["item_deck"], d["item_discard"]] + d["hands"]:
        if C.GLASS in pile and pile is not d["hands"][a]:
            pile[pile.index(C.GLASS)] = d["hands"][a][0]
            d["hands"][a][0] = C.GLASS
            break
    assert C.GLASS in d["hands"][a] and d["item_discard"]
    assert VN.from_json(d).to_json() == d
    d["passed"][2 * a] = d["passed"][2 * a + 1] = 1
    with pytest.raises(GameError, match="hold together"):
        VN.from_json(d)


def test_a_save_with_a_guard_not_yet_placed_after_the_placing_is_refused():
    """A guard off the mansion (-1) while looting used to load, and looting with it raised IndexError."""
    from nightboard.games.vampire_nights import state as VN
    for phase_wanted in ("explore", "loot"):
        from nightboard.prng import Prng
        g = VN.new_game(1, 3)
        rng = Prng(1)
        while g.phase != phase_wanted:
            s = g.to_move()[0]
            legal = g.legal(s)
            g.apply(s, legal[rng.below(len(legal))])
        d = g.to_json()
        d["gcell"][5] = -1
        with pytest.raises(GameError, match="gcell"):
            VN.from_json(d)
    g = VN.new_game(1, 3)  # while placing, the guards of the players still to place are off the mansion
    d = g.to_json()
    assert d["gcell"] == [-1] * 6 and VN.from_json(d).to_json() == d
