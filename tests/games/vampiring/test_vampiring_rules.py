"""VampiRing rules, one rule at a time (rules notes V1-V15, docs/vampiring-rules-notes.md), and the edge cases between them."""

import json

import pytest

from nightboard.games.vampiring import state as V
from nightboard.games.vampiring import turn as T
from nightboard.games.vampiring.cards import CARRIAGE, FAMILIES, GRAVEYARD, PARCHMENT, standard_deck
from vr_helpers import BAT, BLUE, GREEN, MAN, RED, RING4, WOLF, YELLOW, of_kind, position, settle


# --- V1, V2, V3: families, ring, start --------------------------------------------------------

@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_v1_v2_v3_setup(n):
    g = V.new_game(11, families=n)
    assert len(g.ring) == 2 * n + 8  # V2
    assert sorted(g.ring) == sorted(standard_deck(n))
    assert g.drops == [8] * n  # V1
    st = g.to_json()
    for f in range(n):  # V3: everyone on its own Home as Man, Wolf, Bat
        home = st["ring"].index("home-" + FAMILIES[f])
        assert st["vampires"][f] == [{"card": home, "shape": s} for s in ("man", "wolf", "bat")]


@pytest.mark.parametrize("n", [0, 1, 7, "3", True])
def test_v1_family_count_refused(n):
    with pytest.raises(V.GameError, match="families must be 2 to 6"):
        V.new_game(1, families=n)


def test_v2_ring_shuffled_from_seed():
    assert V.new_game(3, 4).ring == V.new_game(3, 4).ring
    rings = {tuple(V.new_game(s, 4).ring) for s in range(30)}
    assert len(rings) > 25


def test_v2_clockwise_is_increasing_index():
    g = V.new_game(2, 2)
    home = g.home_index(RED)
    events = g.apply_actions(["A cw", "A ccw"])
    first = [e for e in events if e["e"] == "move" and e["fam"] == RED][0]
    assert first["to"] == (home + first["steps"]) % len(g.ring) and first["dir"] == 1


# --- V4, V5: metamorphosis and steps ------------------------------------------------------------

def test_v4_metamorphosis_tables():
    assert [T.morph(s, 0) for s in (MAN, WOLF, BAT)] == [WOLF, BAT, MAN]  # A
    assert [T.morph(s, 1) for s in (MAN, WOLF, BAT)] == [BAT, MAN, WOLF]  # B


def test_v4_v5_steps_follow_new_shape():
    g = V.new_game(4, 2)
    ev = g.apply_actions(["B cw", "A ccw"])
    for e in of_kind(ev, "move"):
        if e["why"] == "step":
            assert e["steps"] == e["shape"] + 1
    # Each vampire changed shape, and a family keeps one of each shape.
    for f in range(2):
        assert sorted(g.shape[f * 3:f * 3 + 3]) == [0, 1, 2]


# --- V6: only the landing card acts -------------------------------------------------------------

def _ring_with(at, total=12):
    """A 2-family ring with given cards at given indices, the rest filled legally."""
    deck = standard_deck(2)
    ring = [None] * total
    for i, code in at.items():
        ring[i] = code
        deck.remove(code)
    for i in range(total):
        if ring[i] is None:
            ring[i] = deck.pop(0)
    return ring


def test_v6_cards_passed_over_do_nothing():
    ring = _ring_with({1: PARCHMENT, 2: CARRIAGE, 3: GRAVEYARD})
    events = []
    stop = T.move_vampire(ring, 5, 0, BAT, 1, 0, 2, events)  # flies over Parchment and Carriage
    assert stop == 3 and len(events) == 1


def test_v6_carriage_chain_and_parchment_after_a_carriage_leg():
    ring = _ring_with({2: CARRIAGE, 4: CARRIAGE, 6: PARCHMENT, 9: GRAVEYARD})
    events = []
    stop = T.move_vampire(ring, 9, 0, WOLF, 1, 0, 1, events)
    assert [(e["from"], e["to"], e.get("why")) for e in events] == [
        (0, 2, "step"), (2, 4, "carriage"), (4, 6, "carriage"), (6, 9, None)]
    assert events[-1]["e"] == "parchment" and stop == 9


def test_v6_chain_guard_cuts_after_64_legs():
    ring = [CARRIAGE] * 12  # impossible in a real game; the guard must still hold
    events = []
    stop = T.move_vampire(ring, 0, 0, MAN, 1, 0, 0, events)
    assert len(of_kind(events, "move")) == 64 and of_kind(events, "chain_cut")[0]["card"] == stop


def test_v6_anticlockwise_wraps():
    ring = _ring_with({10: GRAVEYARD})
    assert T.move_vampire(ring, 5, 1, BAT, -1, 0, 0, None) == 10


# --- V7: moves never interact ----------------------------------------------------------------------

def test_v7_vampires_pass_through_each_other():
    ring = RING4
    pos = position(ring, [(RED, MAN, 0), (BLUE, MAN, 2)])
    # Red turns Man->Wolf (A) and runs 2 clockwise; blue turns Man->Wolf and runs 2 anticlockwise.
    g = V.from_json(pos)
    g.apply_actions(["A cw", "A ccw", "A cw", "A cw"])
    assert g.pos[RED * 3 + 0] == 2 and g.pos[BLUE * 3 + 0] == 0


# --- V8, V9: fights and cards ----------------------------------------------------------------------

def _lost(placed, card_variant="castle"):
    return settle(position(RING4, placed, variant=card_variant))[2]


def test_v8_base_triangle_on_the_graveyard():
    assert _lost([(RED, MAN, 0), (BLUE, BAT, 0)]) == [0, 1, 0, 0]  # Man wounds Bat
    assert _lost([(RED, BAT, 0), (BLUE, WOLF, 0)]) == [0, 1, 0, 0]  # Bat wounds Wolf
    assert _lost([(RED, WOLF, 0), (BLUE, MAN, 0)]) == [0, 1, 0, 0]  # Wolf wounds Man


def test_v8_same_shapes_never_fight():
    g, ev, lost = settle(position(RING4, [(RED, MAN, 0), (BLUE, MAN, 0), (YELLOW, MAN, 0)]))
    assert lost == [0, 0, 0, 0] and of_kind(ev, "fight") == []


def test_v8_a_family_wounds_itself():
    assert _lost([(RED, MAN, 0), (RED, BAT, 0)]) == [1, 0, 0, 0]


def test_v8_every_giver_wounds_every_taker():
    # Two Men and two Bats: each Man wounds each Bat: 4 wounds.
    g, ev, lost = settle(position(RING4, [(RED, MAN, 0), (BLUE, MAN, 0), (YELLOW, BAT, 0), (GREEN, BAT, 0)]))
    assert lost == [0, 0, 2, 2] and len(of_kind(ev, "wound")) == 4


@pytest.mark.parametrize("card,favoured,extra_victim,normal_attacker", [
    (1, MAN, WOLF, WOLF),   # Tower: Men immune, Men also wound Wolves
    (2, WOLF, BAT, BAT),    # Forest: Wolves immune, Wolves also wound Bats
    (3, BAT, MAN, MAN),     # Cave: Bats immune, Bats also wound Men
])
def test_v9_tower_forest_cave(card, favoured, extra_victim, normal_attacker):
    g, ev, lost = settle(position(RING4, [(RED, favoured, card), (BLUE, extra_victim, card)]))
    assert lost == [0, 1, 0, 0]
    assert [e["effect"] for e in of_kind(ev, "wound")] == [RING4[card]]
    assert [e["why"] for e in of_kind(ev, "blocked")] == [RING4[card]]
    # The normal wound the favoured shape gives still lands.
    prey = (favoured + 2) % 3
    assert _lost([(RED, favoured, card), (BLUE, prey, card)]) == [0, 1, 0, 0]


def test_v9_garlic_doubles_every_wound():
    g, ev, lost = settle(position(RING4, [(RED, MAN, 4), (BLUE, BAT, 4), (YELLOW, WOLF, 4)]))
    assert lost == [2, 2, 2, 0]
    assert all(e["n"] == 2 and e["doubled"] for e in of_kind(ev, "wound"))


def test_v9_mirror_reverses_the_relation():
    assert _lost([(RED, MAN, 5), (BLUE, BAT, 5)]) == [1, 0, 0, 0]  # the Bat wounds the Man
    assert _lost([(RED, WOLF, 5), (BLUE, BAT, 5)]) == [0, 1, 0, 0]  # the Wolf wounds the Bat
    assert _lost([(RED, MAN, 5), (BLUE, WOLF, 5)]) == [0, 1, 0, 0]  # the Man wounds the Wolf
    g, ev, _ = settle(position(RING4, [(RED, MAN, 5), (BLUE, WOLF, 5)]))
    assert [e["effect"] for e in of_kind(ev, "wound")] == ["mirror"]


def test_v9_cross_stops_every_fight():
    g, ev, lost = settle(position(RING4, [(RED, MAN, 6), (BLUE, BAT, 6), (YELLOW, WOLF, 6)]))
    assert lost == [0, 0, 0, 0] and of_kind(ev, "nofight")[0]["why"] == "cross"


@pytest.mark.parametrize("card", [0, 7, 15])  # Graveyard, Parchment, Carriage: normal fights
def test_v9_plain_cards(card):
    assert _lost([(RED, MAN, card), (BLUE, BAT, card)]) == [0, 1, 0, 0]


def test_v9_castle_home_protects_only_its_family():
    # On red's Home: the red Man is safe from the blue Wolf, the yellow Man is not, and the red Man
    # still wounds the green Bat (as does the yellow Man).
    placed = [(RED, MAN, 8), (BLUE, WOLF, 8), (YELLOW, MAN, 8), (GREEN, BAT, 8)]
    assert _lost(placed, "castle") == [0, 1, 1, 2]
    assert _lost(placed, "mansion") == [1, 1, 1, 2]


def test_v9_default_variant_is_castle():
    assert V.new_game(1).variant == "castle"
    assert V.from_json(position(RING4, [])).castle


# --- V10, V11: blood, elimination, haunting --------------------------------------------------------

def test_v10_wounds_beyond_remaining_drops():
    g, ev, lost = settle(position(RING4, [(RED, MAN, 4), (BLUE, BAT, 4)], drops=[8, 1, 8, 8]))
    assert lost == [0, 1, 0, 0] and g.drops[BLUE] == 0
    d = of_kind(ev, "drops")[0]
    assert (d["wounds"], d["lost"], d["left"]) == (2, 1, 0)
    assert g.lost_total == 8  # 7 lost before this turn, 1 now


def test_v10_v11_family_at_zero_still_gives_its_wounds_that_turn():
    # Blue falls to 0 on the Graveyard, yet its Bat's wound on the red Wolf counts (all wounds together).
    placed = [(RED, MAN, 0), (BLUE, BAT, 0), (RED, WOLF, 0)]
    g, ev, lost = settle(position(RING4, placed, drops=[8, 1, 8, 8]))
    assert lost == [2, 1, 0, 0]  # the blue Bat wounds the red Wolf; the red Wolf wounds the red Man
    assert [e["fam"] for e in of_kind(ev, "eliminated")] == [BLUE]


def test_v11_eliminated_family_leaves_the_ring():
    g, ev, _ = settle(position(RING4, [(RED, MAN, 0), (BLUE, BAT, 0)], drops=[8, 1, 8, 8], turn=3))
    assert g.elim_turn[BLUE] == 3 and g.pos[3:6] == [-1, -1, -1]
    assert g.to_json()["vampires"][BLUE] is None
    assert g.legal_actions(BLUE) == [] and BLUE not in g.awaiting()
    with pytest.raises(V.GameError, match="eliminated"):
        g.submit("blue", "A cw")


def test_v11_haunting_starts_the_turn_after_elimination():
    # Blue is eliminated in turn 3. In turn 3 itself its Home is not haunted yet.
    pos = position(RING4, [(RED, MAN, 9)], drops=[8, 0, 8, 8], turn=3, eliminated_turn=[None, 3, None, None])
    with pytest.raises(V.GameError):
        V.from_json(pos)  # eliminated in the turn being played: not a possible position
    # A position at turn 4 after a turn-3 elimination: blue's Home (card 9) is haunted.
    pos = position(RING4, [(RED, MAN, 9), (YELLOW, MAN, 9)], drops=[8, 0, 8, 8], turn=4,
                   eliminated_turn=[None, 3, None, None])
    g, ev, lost = settle(pos)
    assert lost == [1, 0, 1, 0]
    assert [(e["ghost"], e["taker"]) for e in of_kind(ev, "haunt")] == [(BLUE, [RED, 0]), (BLUE, [YELLOW, 0])]
    assert g.haunted() == [9]


def test_v11_no_haunting_in_the_elimination_turn_itself():
    # Blue falls this turn while red stands on blue's Home: no ghost wound this turn, one the next.
    ring = RING4
    pos = position(ring, [(RED, MAN, 0), (BLUE, BAT, 0)], drops=[8, 1, 8, 8], turn=2)
    g = V.from_json(pos)
    g.pos[RED * 3 + 1] = 9  # the red Wolf already stands on blue's Home
    events = []
    T.settle(g, events)
    assert of_kind(events, "haunt") == []
    assert g.haunted() == [9]


def test_v11_haunt_wound_is_single_and_not_a_fight():
    # One lone vampire on a haunted Home takes exactly 1 wound, no fight needed.
    pos = position(RING4, [(RED, BAT, 9)], drops=[8, 0, 8, 8], turn=5, eliminated_turn=[None, 2, None, None])
    g, ev, lost = settle(pos)
    assert lost == [1, 0, 0, 0] and of_kind(ev, "fight") == []


# --- V12, V13: the end and the score ---------------------------------------------------------------

def test_v12_all_eliminated_in_one_turn_no_winner():
    placed = [(RED, MAN, 4), (BLUE, BAT, 4), (RED, WOLF, 4)]
    g, ev, lost = settle(position(RING4[:0] + RING4, placed, drops=[1, 1, 0, 0], turn=6,
                                  eliminated_turn=[None, None, 2, 4]))
    assert g.over and g.winner == -1
    end = of_kind(ev, "end")[0]
    assert end["winner"] is None
    # V13: both fell in the last turn; everyone lost all 32 drops by then.
    assert end["scores"][RED] == end["scores"][BLUE] == 32


def test_v13_scores_lock_at_elimination():
    g = V.new_game(7, 3)
    r = 0
    while not g.over:
        before = g.lost_total
        ev = g.apply_actions([((r * 7 + f * 3) % 4) if g.alive(f) else None for f in range(3)])
        for e in of_kind(ev, "eliminated"):
            assert g.scores()[e["fam"]] == g.lost_total >= before
        r += 1
    s = g.scores()
    if g.winner >= 0:
        assert s[g.winner] == g.lost_total + g.drops[g.winner] * 3


# --- V14: secret simultaneous choices and the preview ---------------------------------------------

def test_v14_turn_resolves_only_when_all_submitted_and_choices_can_change():
    g = V.new_game(9, 3)
    assert g.submit("red", "A cw") == []
    assert g.submit("red", "B ccw") == []  # changed her mind
    assert g.submit("blue", "A cw") == []
    assert g.awaiting() == [YELLOW]
    g2 = g.copy()
    ev = g.submit("yellow", "B cw")
    assert ev and g.turn == 2
    assert of_kind(ev, "reveal")[0] == {"e": "reveal", "fam": RED, "meta": 1, "dir": -1}
    # The same three choices given at once give the same turn.
    g3 = V.new_game(9, 3)
    assert g3.apply_actions(["B ccw", "A cw", "B cw"]) == ev
    assert g2.submit("yellow", "B cw") == ev


def test_v14_withdraw():
    g = V.new_game(9, 2)
    g.submit(RED, 0)
    g.withdraw(RED)
    assert g.awaiting() == [RED, BLUE]


def test_v14_views_hide_other_choices():
    g = V.new_game(9, 3)
    g.submit("red", "B ccw")
    g.submit("blue", "A cw")
    red, blue, yellow = g.view(RED), g.view(BLUE), g.view(YELLOW)
    assert red["your_choice"] == "B ccw" and blue["your_choice"] == "A cw" and yellow["your_choice"] is None
    assert "A cw" not in json.dumps(red) and "B ccw" not in json.dumps(blue)
    assert "pending" not in json.dumps(yellow) and "seed" not in yellow
    assert yellow["submitted"] == [True, True, False]
    # Another family's view is identical whatever the secret choices are.
    g_other = V.new_game(9, 3)
    g_other.submit("red", "A cw")
    g_other.submit("blue", "B cw")
    assert g_other.view(YELLOW) == yellow
    assert g_other.view(None) == g.view(None)


def test_v14_preview_for_its_owner_only_and_switchable():
    g = V.new_game(9, 2)
    land = g.preview("red", "A cw")
    trial = g.copy()
    trial.apply_actions(["A cw", "A cw"])
    assert land == trial.pos[0:3]
    g.submit("red", "A cw")
    assert g.view(RED)["your_landing"] == land
    assert "your_landing" not in g.view(BLUE)
    off = V.new_game(9, 2, preview=False)
    with pytest.raises(V.GameError, match="preview is switched off"):
        off.preview("red", "A cw")
    off.submit("red", "A cw")
    assert "your_landing" not in off.view(RED)


# --- V15: the three blood states ------------------------------------------------------------------

def test_v15_lost_last_turn_versus_before():
    g, ev, lost = settle(position(RING4, [(RED, MAN, 4), (BLUE, BAT, 4)], drops=[8, 6, 8, 8], lost_last=[0, 2, 0, 0]))
    assert g.drops[BLUE] == 4 and g.lost_last[BLUE] == 2  # 4 held, 2 lost last turn, 2 lost before
    assert g.lost_last[RED] == 0
    events = []
    T.settle(g, events)  # a quiet turn: nothing lost last turn any more
    assert g.lost_last[BLUE] == 2  # the same fight again on garlic
    g.pos[RED * 3] = 0
    events = []
    T.settle(g, events)
    assert g.lost_last == [0, 0, 0, 0]


# --- bad inputs ------------------------------------------------------------------------------------

@pytest.mark.parametrize("who,action,msg", [
    ("pink", "A cw", "unknown family"),
    (9, "A cw", "unknown family"),
    ("red", "C cw", "metamorphosis must be A or B"),
    ("red", "A up", "direction must be cw or ccw"),
    ("red", 4, "action must be 0..3"),
    ("red", {"x": 1}, "bad action"),
])
def test_bad_submissions_change_nothing(who, action, msg):
    g = V.new_game(3, 2)
    before = g.to_json()
    with pytest.raises(V.GameError, match=msg):
        g.submit(who, action)
    assert g.to_json() == before


def test_apply_actions_missing_or_extra_family():
    g = V.new_game(3, 3)
    before = g.to_json()
    with pytest.raises(V.GameError, match="family blue has no choice"):
        g.apply_actions({"red": "A cw", "yellow": "A cw"})
    with pytest.raises(V.GameError, match="3 entries"):
        g.apply_actions(["A cw", "A cw"])
    assert g.to_json() == before


def test_game_over_refuses_moves():
    g, _, _ = settle(position(RING4, [(RED, MAN, 4), (BLUE, BAT, 4)], drops=[8, 1, 0, 0], turn=5,
                              eliminated_turn=[None, None, 2, 3]))
    assert g.over and g.winner == RED
    with pytest.raises(V.GameError, match="over"):
        g.submit("red", "A cw")
    assert g.awaiting() == [] and g.legal_actions(RED) == []
