"""The Dracula hunt's rules, one rule at a time (rules notes D1-D8, docs/dracula-rules-notes.md), in both rule sets where they differ,
and the referee's decisions of docs/dracula-rules-notes.md ("notes")."""

import pytest

from dracula_helpers import BLUE, D, R, RED, YELLOW, end_turns, kinds, legal_names, move, names, of_kind, position, room
from nightboard.games.dracula import know as K
from nightboard.games.dracula import map as M


# --- D1: two rule sets ----------------------------------------------------------------------------

def test_d1_playtest_is_the_default():
    g = D.new_game(1, 2)
    assert g.rules == "playtest" and g.sun == [5, 5] and g.stakes == [5, 5] and g.lives == [2, 2]
    assert g.health == 3 and not g.team and g.crypts_on


def test_d1_classic_is_an_option_with_its_own_numbers():
    g = D.new_game(1, 3, rules="classic")
    assert g.sun == [3, 3, 3] and g.stakes == [2, 2, 2] and g.team and g.team_lives == 5
    assert g.health == 3 and g.garlic_left == 4 and not g.crypts_on


@pytest.mark.parametrize("bad,msg", [
    ({"rules": "house"}, "rules must be playtest or classic"),
    ({"level": 4}, "level must be 1, 2 or 3"),
    ({"hunters": 0}, "hunters must be 1 to 4"),
    ({"hunters": 5}, "hunters must be 1 to 4"),
    ({"size": 4}, "size must be one of 3, 5, 7, 9"),
    ({"size": 11}, "size must be one of 3, 5, 7, 9"),
])
def test_d1_d2_bad_options_are_refused(bad, msg):
    kw = {"hunters": 2}
    kw.update(bad)
    with pytest.raises(D.GameError, match=msg):
        D.new_game(1, **kw)


def test_bad_seed_refused():
    with pytest.raises(D.GameError, match=r"seed must be an integer 0\.\.2\*\*62"):
        D.new_game(-1, 1)


# --- D2: the map ------------------------------------------------------------------------------------

def test_d2_default_map_5x5_neighbours_and_crypts():
    g = D.new_game(1, 4)
    m = g.map
    assert m.n == 25 and m.width == m.height == 5
    c3 = m.room("c3")
    assert names(g, m.adj[c3]) == ["b3", "c2", "c4", "d3"]  # up, down, left, right only
    assert names(g, m.adj[m.room("a1")]) == ["a2", "b1"]
    crypts = [m.name(r) for r in range(m.n) if m.is_crypt(r)]
    assert sorted(crypts) == ["a1", "a5", "e1", "e5"]
    assert m.name(m.opposite[m.room("a1")]) == "e5" and m.name(m.opposite[m.room("a5")]) == "e1"


def test_d2_hunters_start_in_corners_dracula_in_the_centre():
    g = D.new_game(1, 4)
    assert names(g, g.pos) == ["a1", "a5", "e1", "e5"]
    assert g.map.name(g.room) == "c3"
    assert [g.map.name(p) for p in D.new_game(1, 2).pos] == ["a1", "e5"]  # two hunters: opposite corners


@pytest.mark.parametrize("size", [3, 5, 7, 9])
def test_d2_other_square_sizes(size):
    g = D.new_game(2, 4, size=size)
    m = g.map
    assert m.n == size * size
    assert m.room(g.room) == (size // 2) * size + size // 2
    assert sum(1 for r in range(m.n) if m.is_crypt(r)) == 4
    corners = {0, size - 1, size * (size - 1), size * size - 1}
    assert set(g.pos) == corners


GRAPH = {"rooms": [[0, 0], [1, 0], [2, 0], [1, 1], [1, 2]],
         "doors": [[0, 1], [1, 2], [1, 3], [3, 4]],
         "crypts": [[0, 2]],
         "starts": [0, 4],
         "lair": 3}


def test_d2_a_map_given_as_a_room_graph():
    g = D.new_game(3, 2, map=GRAPH)
    m = g.map
    assert m.n == 5 and sorted(m.adj[1]) == [0, 2, 3]
    assert m.opposite[0] == 2 and not m.is_crypt(1)
    assert g.pos == [0, 4] and g.room == 3
    assert m.to_json() == GRAPH
    g2 = D.from_json(g.to_json())
    assert g2.map.to_json() == GRAPH and g2.to_json() == g.to_json()


@pytest.mark.parametrize("change,msg", [
    ({"rooms": [[0, 0]]}, "map.rooms: a map has 2 to 81 rooms"),
    ({"rooms": [[0, 0], [0, 0], [2, 0], [1, 1], [1, 2]]}, r"map.rooms\[1\]: cell \[0, 0\] is already room 0"),
    ({"doors": [[0, 1], [1, 0]]}, r"map.doors\[1\]: rooms 1 and 0 are already neighbours"),
    ({"doors": [[0, 1], [1, 2], [1, 3]]}, "room 4 cannot be reached"),
    ({"doors": [[0, 9]]}, r"map.doors\[0\]\[1\]: must be an integer 0..4"),
    ({"crypts": [[0, 2], [2, 4]]}, r"map.crypts\[1\]: room 2 is already a crypt"),
    ({"starts": [3]}, r"map.starts\[0\]: a hunter cannot start in Dracula's lair"),
    ({"starts": [0, 1, 2, 4, 0]}, "map.starts: 1 to 4 start rooms"),
    ({"lair": 7}, "map.lair: must be an integer 0..4"),
    ({"colour": 1}, "map.colour: unknown field"),
])
def test_d2_bad_room_graphs_are_refused(change, msg):
    bad = dict(GRAPH)
    bad.update(change)
    with pytest.raises(D.GameError, match=msg):
        D.new_game(1, 1, map=bad)


def test_d2_more_hunters_than_the_map_has_starts():
    with pytest.raises(D.GameError, match="start rooms for 2 hunters, not 3"):
        D.new_game(1, 3, map=GRAPH)


def test_room_names_follow_the_chess_board():
    m = M.square(5)
    assert m.name(0) == "a5" and m.name(20) == "a1" and m.name(24) == "e1" and m.name(12) == "c3"
    assert m.room("c3") == 12 and m.room(12) == 12
    with pytest.raises(M.MapError, match="no room named 'z9'"):
        m.room("z9")


# --- D3: the hunters' turn -------------------------------------------------------------------------

def test_d3_rounds_go_hunters_in_seat_order_then_dracula():
    g = D.new_game(1, 3)
    assert g.awaiting() == [RED]
    g.submit(RED, "end")
    assert g.awaiting() == [BLUE]
    g.submit(BLUE, "end")
    g.submit(YELLOW, "end")
    assert g.awaiting() == [D.DRACULA]
    ev = g.dracula_turn({"path": []})
    assert g.awaiting() == [RED] and g.turn == 2 and "round" in kinds(ev)


def test_d3_each_action_at_most_once_in_any_order():
    g = position("e5", ["a1"])
    g.submit(RED, "garlic a2")  # garlic first, then the move: any order
    assert "garlic a1" not in legal_names(g, RED)  # one garlic a turn (playtest)
    g.submit(RED, "move b1")
    assert not any(n.startswith("move") for n in legal_names(g, RED))
    with pytest.raises(D.GameError, match="already moved this turn"):
        g.submit(RED, "move c1")
    with pytest.raises(D.GameError, match="already thrown garlic this turn"):
        g.submit(RED, "garlic b1")
    assert g.active == RED  # still its turn: it may use an item or end


def test_d3_using_an_item_ends_the_turn():
    g = position("e5", ["a1", "e1"])
    ev = g.submit(RED, "stake b1")
    assert kinds(ev)[-1] == "done" and g.active == BLUE
    ev = g.submit(BLUE, "sun d1")
    assert "done" in kinds(ev) and g.awaiting() == [D.DRACULA]


def test_d3_garlic_reaches_own_and_neighbouring_rooms_and_reveals():
    g = position("b1", ["a1"])
    assert sorted(n for n in legal_names(g, RED) if n.startswith("garlic")) == ["garlic a1", "garlic a2", "garlic b1"]
    ev = g.submit(RED, "garlic b1")
    assert ev == [{"e": "garlic", "hunter": RED, "room": room(g, "b1"), "found": True}]
    assert g.possible_rooms() == [room(g, "b1")]  # D8: garlic reveals him
    g2 = position("c1", ["a1"])
    ev = g2.submit(RED, "garlic b1")
    assert ev[0]["found"] is False and room(g2, "b1") not in g2.possible_rooms()


def test_d3_garlic_out_of_reach_is_refused_and_changes_nothing():
    g = position("e5", ["a1"])
    before = g.to_json()
    with pytest.raises(D.GameError, match="garlic goes into your own room or a neighbouring one, not c3"):
        g.submit(RED, "garlic c3")
    assert g.to_json() == before


def test_d3_only_the_active_hunter_plays():
    g = position("e5", ["a1", "e1"])
    with pytest.raises(D.GameError, match="it is red's turn, not blue's"):
        g.submit(BLUE, "end")
    end_turns(g)
    with pytest.raises(D.GameError, match="it is Dracula's turn"):
        g.submit(RED, "end")
    with pytest.raises(D.GameError, match="unknown hunter 'green'"):
        g.submit("green", "end")


def test_d3_nothing_left_but_end_ends_the_turn_by_itself():
    g = position("e5", ["a1", "e1"], stakes=[0, 5], sun=[0, 5])
    g.submit(RED, "move a2")
    ev = g.submit(RED, "garlic a3")
    assert kinds(ev)[-1] == "done" and g.active == BLUE  # notes: nothing else to do


@pytest.mark.parametrize("text", ["fly a2", "move", "move q9", "rest", "rest gold", ["move"], True, 9999])
def test_d3_bad_actions_get_a_clear_message(text):
    g = position("e5", ["a1"])
    with pytest.raises(D.GameError):
        g.submit(RED, text)


def test_d3_actions_by_name_number_and_list():
    g = position("e5", ["a1"])
    assert g.parse_action("move a2") == g.parse_action(["move", "a2"]) == g.parse_action(["move", room(g, "a2")])
    assert g.parse_action("move 15") == R.act(R.MOVE, 15)
    assert g.action_name(g.parse_action("stake b1")) == "stake b1"


def test_d3_classic_garlic_pool_is_shared_by_the_round():
    g = position("e5", ["a1", "e1"], rules="classic")
    assert g.garlic_left == 4
    for r in ("a1", "a2", "b1"):  # classic: as many as the pool allows, in one turn
        g.submit(RED, "garlic " + r)
    assert g.garlic_left == 1
    g.submit(RED, "end")
    g.submit(BLUE, "garlic e1")
    assert g.garlic_left == 0
    with pytest.raises(D.GameError, match="garlic is used up for this round"):
        g.submit(BLUE, "garlic d1")
    g.submit(BLUE, "end")
    move(g, ["e4"])
    assert g.garlic_left == 4  # a new round, a new pool


def test_d3_classic_rest_for_an_item_only_when_nothing_was_done():
    g = position("e5", ["a1", "e1"], rules="classic")
    ev = g.submit(RED, "rest stake")
    assert ev[0] == {"e": "rest", "hunter": RED, "item": "stake"} and g.stakes[RED] == 3 and g.active == BLUE
    g.submit(BLUE, "move d1")
    with pytest.raises(D.GameError, match="only a hunter who has done nothing"):
        g.submit(BLUE, "rest sun")
    g2 = position("e5", ["a1"])
    with pytest.raises(D.GameError, match="resting for an item is a classic rule"):
        g2.submit(RED, "rest sun")


def test_classic_rest_stops_at_eight_items():
    g = position("e5", ["a1"], rules="classic", stakes=[8])
    assert "rest stake" not in legal_names(g, RED) and "rest sun" in legal_names(g, RED)


# --- D4: sunlight -------------------------------------------------------------------------------------

def test_d4_sunlight_goes_on_a_neighbouring_room_only():
    g = position("e5", ["b2"])
    sun = sorted(n for n in legal_names(g, RED) if n.startswith("sun"))
    assert sun == ["sun a2", "sun b1", "sun b3", "sun c2"]
    with pytest.raises(D.GameError, match="sunlight goes on a neighbouring room, not b2"):
        g.submit(RED, "sun b2")
    g.submit(RED, "sun b3")
    assert g.sun[RED] == 4 and g.sunlight == [[room(g, "b3"), RED]]


def test_d4_dracula_cannot_enter_a_sunlit_room():
    g = position("c3", ["c1"], sunlight=[["c2", "red"]], active=None)
    with pytest.raises(D.GameError, match="cannot enter c2: sunlight"):
        move(g, ["c2"])
    for crypt, rooms, _b in g.dracula_moves():
        assert room(g, "c2") not in rooms


def test_d4_in_sunlight_he_must_leave_but_not_into_the_placers_room():
    g = position("c3", ["c2"], sunlight=[["c3", "red"]], active=None)
    with pytest.raises(D.GameError, match="in sunlight and must leave"):
        move(g, [])
    with pytest.raises(D.GameError, match="where the hunter who sunlit his room stands"):
        move(g, ["c2"])
    with pytest.raises(D.GameError, match="where the hunter who sunlit his room stands"):
        move(g, ["b3", "b2", "c2"])  # notes: not at any step of his turn
    moves = g.dracula_moves()
    assert moves and all(rooms and room(g, "c2") not in rooms for _c, rooms, _b in moves)
    move(g, ["d3"])
    assert g.map.name(g.room) == "d3"


def test_d4_sunlight_is_removed_after_his_turn():
    g = position("e5", ["a1", "e1"])
    g.submit(RED, "sun a2")
    g.submit(BLUE, "end")
    ev = move(g, [])
    assert of_kind(ev, "sunset") == [{"e": "sunset", "rooms": [room(g, "a2")]}] and g.sunlight == []


def test_d4_sunlight_on_an_already_sunlit_room_is_refused():
    g = position("e5", ["a1", "b2"], active="blue", sunlight=[["a2", "red"]])
    assert "sun a2" not in legal_names(g, BLUE)
    with pytest.raises(D.GameError, match="a2 already has sunlight"):
        g.submit(BLUE, "sun a2")


def test_d4_trapped_in_sunlight_he_stays():
    # notes: his room and every way out sunlit (and no crypt): he cannot move and stays where he is.
    g = position("a3", ["b2", "a1", "c3", "a5"], active=None,
                 sunlight=[["a3", "red"], ["a2", "blue"], ["b3", "yellow"], ["a4", "green"]])
    assert g.dracula_moves() == [(False, (), ())]
    move(g, [])
    assert g.map.name(g.room) == "a3"


def test_d4_trapped_in_a_sunlit_crypt_he_must_take_the_crypt():
    g = position("a1", ["c1", "a3"], active=None, sunlight=[["a1", "red"], ["a2", "blue"], ["b1", "red"]])
    assert g.dracula_moves() == [(True, (room(g, "e5"),), ())]
    with pytest.raises(D.GameError, match="must leave by the crypt"):
        move(g, [])


# --- D5: stakes ---------------------------------------------------------------------------------------

def test_d5_stake_reaches_own_room_and_neighbours():
    g = position("e5", ["b2"])
    stakes = sorted(n for n in legal_names(g, RED) if n.startswith("stake"))
    assert stakes == ["stake a2", "stake b1", "stake b2", "stake b3", "stake c2"]
    with pytest.raises(D.GameError, match="a stake reaches your own room or a neighbouring one, not d4"):
        g.submit(RED, "stake d4")


def test_d5_a_hit_costs_him_health_and_is_announced():
    g = position("b3", ["b2", "e1"])
    ev = g.submit(RED, "stake b3")
    assert ev[0] == {"e": "stake", "hunter": RED, "room": room(g, "b3"), "hit": True, "health": 2}
    assert g.health == 2 and g.hit and g.possible_rooms() == [room(g, "b3")]
    assert g.stakes[RED] == 4


def test_d5_a_miss_is_told_and_removes_the_room():
    g = position("c3", ["b2", "e1"])
    ev = g.submit(RED, "stake b3")
    assert ev[0]["hit"] is False and g.health == 3 and room(g, "b3") not in g.possible_rooms()


def test_d5_hit_this_round_no_bite_next_turn():
    g = position("b3", ["b2", "a3"])
    g.submit(RED, "stake b3")
    g.submit(BLUE, "end")
    assert all(not bites for _c, _r, bites in g.dracula_moves())
    with pytest.raises(D.GameError, match="was staked this round and cannot bite"):
        move(g, ["a3"], [BLUE])
    move(g, ["a3"])
    assert not g.hit  # the next round starts afresh
    end_turns(g)
    assert any(bites for _c, _r, bites in g.dracula_moves())


def test_d5_classic_same_hit_rule():
    g = position("b3", ["b2", "a3"], rules="classic")
    g.submit(RED, "stake b3")
    g.submit(BLUE, "end")
    with pytest.raises(D.GameError, match="cannot bite"):
        move(g, ["a3"], [BLUE])


# --- D6: Dracula's turn -------------------------------------------------------------------------------

def test_d6_moves_zero_to_three_rooms():
    g = position("c3", ["a1"], active=None)
    lengths = {len(rooms) for crypt, rooms, _b in g.dracula_moves() if not crypt}
    assert lengths == {0, 1, 2, 3}
    with pytest.raises(D.GameError, match="at most 3 rooms"):
        move(g, ["c2", "c1", "b1", "a1"])
    with pytest.raises(D.GameError, match="c1 is not next to c3"):
        move(g, ["c1"])


def test_d6_his_turn_reveals_nothing_without_a_bite_or_crypt():
    g = position("c3", ["a1"], active=None, possible=["c3"])
    ev = move(g, ["c2", "d2"])
    assert kinds(ev) == ["night", "round"]
    for e in ev:
        assert room(g, "d2") not in e.values()
    assert len(g.possible_rooms()) > 1 and room(g, "d2") in g.possible_rooms()


def test_d6_crypt_journey_is_announced():
    g = position("a5", ["c3"], active=None)
    ev = move(g, crypt=True)
    assert ev[1] == {"e": "crypt", "from": room(g, "a5"), "to": room(g, "e1")}
    assert g.map.name(g.room) == "e1" and g.possible_rooms() == [room(g, "e1")]


def test_d6_no_crypt_journeys_in_classic_rules():
    g = position("a5", ["c3"], active=None, rules="classic")
    assert not any(c for c, _r, _b in g.dracula_moves())
    with pytest.raises(D.GameError, match="no crypt journeys under the classic rules"):
        move(g, crypt=True)


def test_d6_crypt_journey_only_from_a_crypt():
    g = position("b5", ["c3"], active=None)
    with pytest.raises(D.GameError, match="not in a crypt"):
        move(g, crypt=True)


def test_d6_bite_on_arrival_through_the_crypt():
    # notes: coming out of the far crypt is entering it.
    g = position("a5", ["e1"], active=None)
    ev = move(g, crypt=True, bite=[RED])
    assert of_kind(ev, "bite")[0]["room"] == room(g, "e1")


def test_d6_bite_costs_a_life_a_missed_turn_and_is_announced_with_its_room():
    g = position("c3", ["c1", "e5"], active=None)
    ev = move(g, ["c2", "c1"], [RED])
    assert of_kind(ev, "bite") == [{"e": "bite", "hunter": RED, "room": room(g, "c1"), "lives": 1}]
    assert g.lives[RED] == 1 and g.bitten[RED] == 1
    assert of_kind(ev, "skip") == [{"e": "skip", "hunter": RED}]  # the new round starts without red
    assert g.active == BLUE
    assert g.possible_rooms() == sorted(K.rooms_of(g.possible))
    assert room(g, "c1") in g.possible_rooms()


def test_d6_only_hunters_in_rooms_he_enters():
    g = position("c3", ["c3", "e5"], active=None)  # red walked into his room: not entered by him
    with pytest.raises(D.GameError, match="red is not in a room Dracula enters"):
        move(g, ["c2"], [RED])
    ev = move(g, ["c2", "c3"], [RED])  # leaving and coming back is entering (notes)
    assert of_kind(ev, "bite")[0]["hunter"] == RED


def test_d6_biting_is_his_choice_and_at_most_once_a_turn():
    g = position("c3", ["c2", "e5"], active=None)
    moves = g.dracula_moves()
    assert (False, (room(g, "c2"),), ()) in moves and (False, (room(g, "c2"),), (RED,)) in moves
    with pytest.raises(D.GameError, match="at most once a turn"):
        g.dracula_turn({"path": ["c2", "c3", "c2"], "bite": [RED, RED]})


def test_d6_several_hunters_in_one_turn():
    g = position("c3", ["c2", "c1", "a1"], active=None)
    ev = move(g, ["c2", "c1"], [RED, BLUE])
    assert [e["hunter"] for e in of_kind(ev, "bite")] == [RED, BLUE]


def test_d6_no_second_bite_in_his_next_turn():
    g = position("c3", ["c1", "e5"], active=None)
    move(g, ["c2", "c1"], [RED])
    end_turns(g)  # red misses its turn; blue ends
    assert g.active < 0
    with pytest.raises(D.GameError, match="cannot be bitten again yet"):
        move(g, ["c2", "c1"], [RED])
    move(g, ["c2"])
    end_turns(g)
    move(g, ["c1"], [RED])  # two turns later he may bite red again
    assert g.lives[RED] == 0 and not g.alive(RED)


def test_d6_the_bitten_hunter_misses_exactly_one_turn():
    g = position("c3", ["c1", "e5"], active=None)
    move(g, ["c2", "c1"], [RED])
    assert g.active == BLUE
    g.submit(BLUE, "end")
    move(g, [])
    assert g.active == RED and g.skip[RED] == 0


def test_d6_classic_bite_costs_the_team_a_life_and_a_stake():
    g = position("c3", ["c1", "e5"], active=None, rules="classic")
    ev = move(g, ["c2", "c1"], [RED])
    assert of_kind(ev, "bite")[0] == {"e": "bite", "hunter": RED, "room": room(g, "c1"), "lives": 4, "stake_from": RED}
    assert g.team_lives == 4 and g.stakes == [1, 2] and g.alive(RED)
    assert of_kind(ev, "skip") == [{"e": "skip", "hunter": RED}] and g.active == BLUE


def test_d6_classic_stake_comes_from_the_next_hunter_when_the_bitten_has_none():
    g = position("c3", ["c1", "e5", "a5"], active=None, rules="classic", stakes=[0, 0, 2])
    ev = move(g, ["c2", "c1"], [RED])
    assert of_kind(ev, "bite")[0]["stake_from"] == YELLOW and g.stakes == [0, 0, 1]
    g2 = position("c3", ["c1"], active=None, rules="classic", stakes=[0])
    ev = move(g2, ["c2", "c1"], [RED])
    assert of_kind(ev, "bite")[0]["stake_from"] is None


# --- D7: the end -------------------------------------------------------------------------------------

def test_d7_hunters_win_when_his_health_is_zero():
    g = position("b3", ["b2"], health=1)
    ev = g.submit(RED, "stake b3")
    assert ev[-1] == {"e": "over", "winner": "hunters", "why": "staked", "room": room(g, "b3")}
    assert g.over and g.winner == "hunters" and g.awaiting() == []
    with pytest.raises(D.GameError, match="the game is over"):
        g.dracula_turn()


def test_d7_dracula_wins_when_every_hunter_is_dead():
    g = position("c3", ["c1"], active=None, lives=[1])
    ev = move(g, ["c2", "c1"], [RED])
    assert kinds(ev)[-2:] == ["dead", "over"] and g.winner == "dracula" and g.why == "dead"


def test_d7_dracula_wins_when_stakes_left_are_fewer_than_his_health():
    g = position("e5", ["a1", "e1"], stakes=[2, 1])
    ev = g.submit(RED, "stake a2")  # a miss: 2 stakes left for health 3
    assert ev[-1]["e"] == "over" and g.winner == "dracula" and g.why == "stakes"


def test_d7_a_dead_hunters_stakes_do_not_count():
    g = position("c3", ["c1", "e5"], active=None, lives=[1, 2], stakes=[5, 2])
    move(g, ["c2", "c1"], [RED])
    assert g.over and g.why == "stakes"


def test_d7_the_winning_hit_counts_before_the_stakes():
    g = position("b3", ["b2"], health=1, stakes=[1])
    g.submit(RED, "stake b3")
    assert g.winner == "hunters"


def test_d7_classic_dracula_wins_after_five_bites():
    g = position("c3", ["c1", "e5"], active=None, rules="classic", team_lives=1)
    ev = move(g, ["c2", "c1"], [RED])
    assert g.over and g.winner == "dracula" and g.why == "bites" and ev[-1]["e"] == "over"


def test_d7_classic_has_no_stakes_rule():
    g = position("e5", ["a1"], rules="classic", stakes=[1])
    g.submit(RED, "stake a2")
    assert not g.over  # notes: classic hunters can rest for more stakes


def test_d7_a_decided_position_is_over():
    g = D.from_json({"hunters": 1, "dracula": "c3", "health": 0})
    assert g.over and g.winner == "hunters"
    with pytest.raises(D.GameError, match="over is False"):
        D.from_json({"hunters": 1, "dracula": "c3", "health": 0, "over": False})


# --- D8: what the hunters see -----------------------------------------------------------------------

def test_d8_the_hunters_view_never_holds_his_room():
    g = D.new_game(5, 2)
    g.submit(RED, "end")
    g.submit(BLUE, "end")
    g.dracula_turn({"path": ["c2", "b2"]})
    v = g.view(RED)
    assert "dracula" not in v and "last_move" not in v and "prng" not in v
    assert len(v["possible"]) > 1
    full = g.dracula_view()
    assert full["dracula"] == room(g, "b2") and full["last_move"]["rooms"] == [room(g, "c2"), room(g, "b2")]


def test_d8_the_end_shows_where_he_is():
    g = position("b3", ["b2"], health=1)
    g.submit(RED, "stake b3")
    assert g.view()["dracula"] == room(g, "b3")


def test_d8_events_of_a_quiet_turn_are_the_same_wherever_he_goes():
    outs = []
    for path in (["c2"], ["d3", "d4"], [], ["b3", "b2", "b1"]):
        g = position("c3", ["a1", "e5"], active=None, possible=["c3"])
        outs.append((move(g, path), g.view()))
    assert all(o == outs[0] for o in outs)


# --- positions ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("obj,msg", [
    ({"hunters": 1}, "position has no 'dracula'"),
    ({"dracula": "c3"}, "position has no 'hunters'"),
    ({"hunters": 1, "dracula": "x1"}, "no room named 'x1'"),
    ({"hunters": 1, "dracula": "c3", "possible": ["a1"]}, "the hunters would know he is not in c3"),
    ({"hunters": 2, "dracula": "c3", "lives": [2]}, "lives must be a list of 2 entries"),
    ({"hunters": 1, "dracula": "c3", "stakes": [9]}, r"stakes\[0\] must be an integer 0..8"),
    ({"hunters": 1, "dracula": "c3", "team_lives": 3}, "only the classic rules share lives"),
    ({"hunters": 1, "dracula": "c3", "rules": "classic", "lives": [2]}, "classic rules count the team's lives"),
    ({"hunters": 1, "dracula": "c3", "sunlight": [["a2", "red"], ["a2", "red"]]}, "a2 already has sunlight"),
    ({"hunters": 1, "dracula": "c3", "active": "blue"}, "unknown hunter 'blue'"),
    ({"hunters": 2, "dracula": "c3", "skip": [True, False]}, "misses this turn"),
    ({"hunters": 1, "dracula": "c3", "lives": [0], "skip": [True]}, "is dead and has no turn to miss"),
    ({"hunters": 1, "dracula": "c3", "wings": 2}, "unknown field 'wings'"),
    ({"game": "vampiring", "hunters": 1, "dracula": "c3"}, "not dracula"),
    ([1, 2], "a position is a JSON object"),
])
def test_bad_positions_are_refused_with_the_reason(obj, msg):
    with pytest.raises(D.GameError, match=msg):
        D.from_json(obj)


def test_a_position_without_knowledge_lets_him_be_anywhere():
    g = D.from_json({"hunters": 1, "dracula": "c3"})
    assert len(g.possible_rooms()) == 25


def test_saved_state_resumes_the_same_random_stream():
    a = D.new_game(11, 2, level=2)
    for _ in range(3):
        end_turns(a)
        a.dracula_turn()
    b = D.from_json(a.to_json())
    assert b.to_json() == a.to_json()
    for _ in range(4):
        end_turns(a)
        end_turns(b)
        if a.over:
            break
        assert a.dracula_turn() == b.dracula_turn()
        assert a.to_json() == b.to_json()
