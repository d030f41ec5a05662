"""Vampire Nights: every rule of the text and every decision of docs/vampire_nights-rules-notes.md
(ids N1, N2 of the rulings, B1.., M1.. of our notes), each tested on a position built by hand."""

import pytest

from nightboard.games.errors import GameError
from nightboard.games.vampire_nights import actions as A
from vn_helpers import VN, C, M, E, act, blank, put, at, cell, kinds, guard_of

MOVE, PASS, END = A.MOVE, A.PASS, A.END


# --- components and setup -----------------------------------------------------------------------

def test_components_are_the_texts_counts_n1():
    assert len(C.room_tiles(4)) == 54 and sum(C.ROOM_COUNTS) == 54
    assert len(C.item_cards(4)) == 25
    assert C.ROOM_COUNTS[C.MINION] == 13 and C.ROOM_COUNTS[C.COFFIN] == 1 and C.ITEM_COUNTS[C.STAKE] == 5
    assert len(C.bite_cards(6)) == 15 and C.bite_cards(6).count(C.VAMPIRE) == 6


def test_player_count_marks_b2():
    assert len(C.room_tiles(4)) == 54
    assert len(C.room_tiles(3)) == 46 and len(C.room_tiles(2)) == 38
    assert len(C.item_cards(3)) == 23 and len(C.item_cards(2)) == 21
    assert len(C.room_tiles(2, marks=False)) == 54
    g = VN.new_game(3, 2)
    assert len(g.room_deck) + 10 == 38


def test_bite_split_is_an_option_b1():
    for v in (5, 6, 7):
        g = VN.new_game(1, 3, vampire_bites=v)
        assert g.bite_deck.count(C.VAMPIRE) == v and len(g.bite_deck) == 15
    with pytest.raises(GameError):
        VN.new_game(1, 3, vampire_bites=8)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_one_column_a_player_third_room_face_up_n2(players):
    g = VN.new_game(7, players)
    v = g.view(None)
    assert len(v["rooms"]) == players
    for col in v["rooms"]:
        assert col[0] == col[1] == col[3] == col[4] == "?"
        assert col[2] not in (None, "?")
    assert [len(h) for h in g.hands] == [4] * players  # four items each on night one
    assert g.phase == "place" and g.to_move() == [g.first]


def test_place_then_discard_then_explore_in_turn_order_m3():
    g = VN.new_game(11, 3)
    f = g.first
    order = []
    while g.phase == "place":
        p = g.to_move()[0]
        order.append(p)
        g.apply(p, act(A.PLACE, 0 * 4 + 2))  # one guard on Entrance A, one on C
    assert order == [f, (f + 1) % 3, (f + 2) % 3]
    assert g.gcell[:6] == [0, 16] * 3
    while g.phase == "discard":
        p = g.to_move()[0]
        g.apply(p, g.legal(p)[0])
    assert [len(h) for h in g.hands] == [3, 3, 3]
    assert len(g.item_discard) == 3  # face up: everybody sees them
    assert g.view(None)["item_discard"] == sorted(g.view(None)["item_discard"], key=C.ITEM_NAMES.index)
    assert g.phase == "explore" and g.to_move() == [f]


def test_later_nights_keep_unused_items_and_deal_three_more_m3():
    g = blank(2)
    g.hands = [[C.STAKE, C.BAG], [C.TORCH]]
    g.first = g.start = 1
    from nightboard.games.vampire_nights import night as N
    g.phase = "loot"
    ev = []
    N.end_night(g, ev)
    assert g.night == 2 and g.first == 0  # the next night starts with the next player
    assert len(g.hands[0]) == 5 and len(g.hands[1]) == 4
    assert C.STAKE in g.hands[0] and C.TORCH in g.hands[1]


# --- movement -------------------------------------------------------------------------------------

def test_from_the_entrance_only_forward_m1():
    g = blank(2)
    put(g, 0, 1, C.MINION, up=False)
    moves = [a for a in g.legal(0) if a >> 10 == MOVE]
    assert moves == [act(MOVE, 0 * 64 + cell(0, 1)), act(MOVE, 1 * 64 + cell(0, 1))]


def test_forward_or_sideways_never_back_and_empty_rooms_may_be_skipped_m2():
    g = blank(3)
    at(g, 0, 1, 3)
    g.gcell[1] = -1
    put(g, 1, 5, C.COINS)
    put(g, 0, 3, C.FATHER)
    put(g, 2, 3, C.MOTHER)
    dests = sorted(a & 63 for a in g.legal(0) if a >> 10 == MOVE)
    # forward over the empty rooms 4 and 5 into the Garden; sideways to column 0 or column 2 (a tile stops)
    assert dests == sorted([cell(1, 4), cell(1, 5), cell(0, 3), cell(2, 3)])
    assert cell(1, 2) not in dests


def test_a_guard_never_lands_twice_on_a_cell_in_a_night_m2():
    g = blank(2)
    at(g, 0, 0, 2)
    g.visited[0] |= 1 << (1 * 7 + 2)
    dests = [a & 63 for a in g.legal(0) if a >> 10 == MOVE and (a & 1023) >> 6 == 0]
    assert cell(1, 2) not in dests and cell(0, 3) in dests


def test_entering_a_face_down_room_reveals_it():
    g = blank(2)
    put(g, 0, 1, C.COINS, up=False)
    assert g.view(1)["rooms"][0][0] == "?"
    ev = g.apply(0, act(MOVE, cell(0, 1)))
    assert {"reveal": cell(0, 1), "tile": "coins"} in ev
    assert g.view(1)["rooms"][0][0] == "coins"


def test_garden_spaces_in_order_and_a_full_garden_is_closed_m4():
    g = blank(2)
    at(g, 0, 0, 5)
    at(g, 2, 0, 5)
    at(g, 1, 0, 5)
    g.apply(0, act(MOVE, 0 * 64 + cell(0, 6)))
    assert g.gspace[0] == 1
    g.apply(0, act(END, 0))
    g.apply(1, act(MOVE, 2 * 64 + cell(0, 6)))
    assert g.gspace[2] == 2
    g.apply(1, act(END, 0))
    assert cell(0, 6) not in [a & 63 for a in g.legal(0) if a >> 10 == MOVE]
    assert M.moves(g, 0) == []  # nothing moves out of a Garden, nor to another one


def test_exploration_ends_when_players_plus_one_guards_reach_gardens():
    g = blank(2)
    for k, c in ((0, 0), (1, 1), (2, 0)):
        at(g, k, c, 6, 1 if k != 2 else 2)
    at(g, 3, 1, 5)
    g.active = 1
    ev = g.apply(1, act(MOVE, 3 * 64 + cell(1, 6)))
    assert {"end_of_exploration": 1} in ev
    assert g.phase != "explore"


def test_exploration_ends_when_every_guard_has_passed():
    g = blank(2)
    for k in range(3):
        at(g, k, k % 2, 2 + k)
        g.passed[k] = 1
    at(g, 3, 1, 1)
    g.active = 1
    ev = g.apply(1, act(PASS, 3))
    assert {"end_of_exploration": 1} in ev


def test_passing_lays_a_guard_down_ends_the_turn_and_never_two_in_a_room_m8():
    g = blank(2)
    at(g, 0, 0, 2)
    at(g, 2, 0, 2)
    g.apply(0, act(PASS, 0))
    assert g.passed[0] == 1 and g.to_move() == [1]
    assert act(PASS, 2) not in g.legal(1)
    assert act(PASS, 3) in g.legal(1)  # at the Entrance, which is no room
    assert not [a for a in g.legal(0) if (a & 1023) >> 6 == 0 and a >> 10 == MOVE]


def test_a_player_with_no_guard_exploring_is_skipped():
    g = blank(3)
    for k in (2, 3):
        at(g, k, 1, 2 + k)
        g.passed[k] = 1
    at(g, 0, 0, 1)
    g.apply(0, act(MOVE, 0 * 64 + cell(0, 2)))
    g.apply(0, act(END, 0))
    assert g.to_move() == [2]


# --- rooms ----------------------------------------------------------------------------------------

def test_cat_takes_one_coins_tile_and_leaves_m10():
    g = blank(2)
    g.loot[0] = [C.COINS, C.COINS, C.STONE]
    put(g, 0, 1, C.CAT)
    ev = g.apply(0, act(MOVE, cell(0, 1)))
    assert g.loot[0] == [C.COINS, C.STONE] and g.tiles[cell(0, 1)] == E
    assert {"cat": 0} in ev and C.COINS in g.room_discard


def test_chest_draws_an_item_usable_at_once():
    g = blank(2)
    put(g, 0, 1, C.CHEST)
    g.item_deck.append(C.BAG)
    put(g, 0, 2, C.COINS)
    g.apply(0, act(MOVE, cell(0, 1)))
    assert C.BAG in g.hands[0] and g.tiles[cell(0, 1)] == E


def test_coffin_with_both_guards_scores_8():
    g = blank(2)
    put(g, 0, 2, C.COFFIN)
    at(g, 0, 0, 2)
    at(g, 1, 0, 2)
    assert act(A.COFFIN_BOTH, 0) in g.legal(0)
    g.apply(0, act(A.COFFIN_BOTH, 0))
    assert g.loot[0] == [C.COFFIN_BOTH] and C.score(g.loot[0], False) == 8


def test_coffin_counts_a_guard_lying_in_its_room_m17():
    g = blank(2)
    put(g, 0, 2, C.COFFIN)
    at(g, 0, 0, 2)
    g.passed[0] = 1
    at(g, 1, 0, 2)
    assert act(A.COFFIN_BOTH, 0) in g.legal(0)


def test_coffin_with_one_guard_paying_two_things_scores_10():
    g = blank(2)
    put(g, 0, 2, C.COFFIN)
    at(g, 0, 0, 2)
    g.hands[0] = [C.TORCH]
    g.loot[0] = [C.MINION]
    assert act(A.COFFIN_BOTH, 0) not in g.legal(0)
    pay = act(A.COFFIN_PAY, C.TORCH * 32 + 16 + C.MINION)
    assert pay in g.legal(0)
    assert act(A.COFFIN_PAY, C.TORCH * 32 + C.TORCH) not in g.legal(0)  # only one Torch
    g.apply(0, pay)
    assert g.loot[0] == [C.COFFIN_PAID] and C.score(g.loot[0], True) == 10
    assert g.hands[0] == [] and C.MINION in g.room_discard


def test_coffin_is_not_looted_at_the_end_of_the_night():
    assert C.COFFIN not in C.LOOTABLE


def test_spiderweb_holds_a_guard_one_turn_m9():
    g = blank(2)
    put(g, 0, 1, C.WEB)
    at(g, 2, 1, 1)
    g.apply(0, act(MOVE, 0 * 64 + cell(0, 1)))
    g.apply(0, act(END, 0))
    g.apply(1, act(MOVE, 2 * 64 + cell(1, 2)))
    g.apply(1, act(END, 0))
    assert not [a for a in g.legal(0) if guard_of(a) == 0 and a >> 10 in (MOVE, PASS)]
    assert [a for a in g.legal(0) if (a & 1023) >> 6 == 1 and a >> 10 == MOVE]  # the other guard moves
    g.apply(0, act(MOVE, 1 * 64 + cell(0, 1)))
    g.apply(0, act(END, 0))
    g.apply(1, act(MOVE, 2 * 64 + cell(1, 3)))
    g.apply(1, act(END, 0))
    assert [a for a in g.legal(0) if (a & 1023) >> 6 == 0 and a >> 10 == MOVE]  # free again


def test_spiderweb_skips_the_turn_when_the_other_guard_is_done_m9():
    g = blank(2)
    put(g, 0, 1, C.WEB)
    at(g, 1, 0, 4)
    g.passed[1] = 1
    g.apply(0, act(MOVE, 0 * 64 + cell(0, 1)))
    g.apply(0, act(END, 0))
    ev = g.apply(1, act(MOVE, 2 * 64 + cell(1, 1)))
    ev = g.apply(1, act(END, 0))
    assert {"skip": 0} in ev and g.to_move() == [1]


def test_spiderweb_does_nothing_to_the_last_guard_exploring_m9():
    g = blank(2)
    put(g, 0, 1, C.WEB)
    for k in (1, 2, 3):
        at(g, k, 1, k)
        g.passed[k] = 1
    ev = g.apply(0, act(MOVE, 0 * 64 + cell(0, 1)))
    assert g.web[0] == 0 and not [e for e in ev if "web" in e]


def test_a_vampire_always_asks_for_a_defence_whatever_the_hand_m12():
    g = blank(2)
    put(g, 0, 1, C.MINION, up=False)
    g.apply(0, act(MOVE, cell(0, 1)))
    assert g.to_move() == [0] and g.waiting() == "defend"
    assert g.legal(0) == [act(A.TAKE_BITE, 0)]


def test_a_bite_draws_a_bite_card_and_costs_a_loot_tile_of_the_players_choice():
    g = blank(2)
    put(g, 0, 1, C.LORD)
    g.loot[0] = [C.COINS, C.FATHER]
    g.apply(0, act(MOVE, cell(0, 1)))
    n = len(g.bite_deck)
    ev = g.apply(0, act(A.TAKE_BITE, 0))
    assert {"bite": 0} in ev and len(g.bites[0]) == 1 and len(g.bite_deck) == n - 1
    assert g.waiting() == "drop-loot"
    assert g.legal(0) == [act(A.DROP_LOOT, C.COINS), act(A.DROP_LOOT, C.FATHER)]
    g.apply(0, act(A.DROP_LOOT, C.FATHER))
    assert g.loot[0] == [C.COINS] and C.FATHER in g.room_discard
    assert g.waiting() == "turn" and act(END, 0) in g.legal(0)


def test_a_bite_with_no_loot_discards_nothing_and_an_empty_bite_deck_gives_no_card_m11():
    g = blank(2)
    put(g, 0, 1, C.LADY)
    g.bite_deck = []
    g.apply(0, act(MOVE, cell(0, 1)))
    g.apply(0, act(A.TAKE_BITE, 0))
    assert g.bites[0] == [] and g.waiting() == "turn"


def test_two_vampire_bites_turn_a_player_in_secret_and_bites_go_on():
    g = blank(2)
    g.bites[0] = [C.VAMPIRE, C.SHIELD]
    g.bite_deck = [C.SHIELD, C.VAMPIRE]
    put(g, 0, 1, C.MINION)
    put(g, 0, 2, C.MINION)
    g.loot[0] = [C.COINS]
    assert g.view(0)["vampire"] is False
    g.apply(0, act(MOVE, cell(0, 1)))
    g.apply(0, act(A.TAKE_BITE, 0))
    assert g.view(0)["vampire"] is True
    assert "vampire" not in g.view(None) and g.view(1)["vampire"] is False  # blue's own state, not red's
    assert g.view(1)["bites"] == [3, 0] and "my_bites" not in g.view(None)
    g.apply(0, act(A.DROP_LOOT, C.COINS))
    g.apply(0, act(END, 0))
    g.apply(1, g.legal(1)[0])
    g.apply(1, act(END, 0)) if act(END, 0) in g.legal(1) else None
    g.apply(0, act(MOVE, cell(0, 2)))
    g.apply(0, act(A.TAKE_BITE, 0))
    assert len(g.bites[0]) == 4  # still draws, so as not to give itself away


# --- items ----------------------------------------------------------------------------------------

def test_garlic_protects_the_guard_and_the_vampire_stays():
    g = blank(2)
    put(g, 0, 1, C.MINION)
    g.hands[0] = [C.GARLIC, C.STAKE, C.CROSS]
    g.apply(0, act(MOVE, cell(0, 1)))
    assert g.legal(0) == sorted([act(A.GARLIC, 0), act(A.CROSS, 0), act(A.STAKE, 0), act(A.TAKE_BITE, 0)])
    g.apply(0, act(A.GARLIC, 0))
    assert g.bites[0] == [] and g.tiles[cell(0, 1)] == C.MINION and C.GARLIC in g.item_discard


def test_sacred_cross_repels_to_the_room_discard():
    g = blank(2)
    put(g, 0, 1, C.LORD)
    g.hands[0] = [C.CROSS]
    g.apply(0, act(MOVE, cell(0, 1)))
    g.apply(0, act(A.CROSS, 0))
    assert g.tiles[cell(0, 1)] == E and C.LORD in g.room_discard and g.loot[0] == []


def test_stake_defeats_into_the_loot_also_on_a_later_turn_m12():
    g = blank(2)
    put(g, 0, 1, C.LADY)
    at(g, 0, 0, 1)
    g.hands[0] = [C.STAKE]
    g.apply(0, act(A.STAKE, 0))
    assert g.loot[0] == [C.LADY] and g.tiles[cell(0, 1)] == E


def test_crossbow_from_the_entrance_two_rooms_away_over_an_empty_room_m13():
    g = blank(2)
    put(g, 0, 2, C.MINION)
    g.hands[0] = [C.CROSSBOW]
    assert act(A.CROSSBOW, 0 * 64 + cell(0, 2)) in g.legal(0)
    g.apply(0, act(A.CROSSBOW, 0 * 64 + cell(0, 2)))
    assert g.loot[0] == [C.MINION]


def test_crossbow_needs_a_face_up_vampire_first_in_line_within_two_m13():
    g = blank(2)
    g.hands[0] = [C.CROSSBOW]
    put(g, 0, 3, C.MINION)  # three rooms away
    assert kinds(g.legal(0)).count(A.CROSSBOW) == 0
    put(g, 0, 1, C.COINS)
    put(g, 0, 2, C.MINION)  # behind the Coins
    assert A.CROSSBOW not in kinds(g.legal(0))
    put(g, 0, 1, C.MINION, up=False)  # face down: nobody knows it is one
    assert A.CROSSBOW not in kinds(g.legal(0))


def test_bag_takes_coins_or_stone_and_water_a_villager_but_never_the_dog():
    g = blank(2)
    g.hands[0] = [C.BAG, C.WATER, C.WATER]
    at(g, 0, 0, 1)
    put(g, 0, 1, C.STONE)
    at(g, 1, 1, 1)
    put(g, 1, 1, C.DOG)
    assert act(A.BAG, 0) in g.legal(0) and act(A.WATER, 1) not in g.legal(0)
    g.apply(0, act(A.BAG, 0))
    put(g, 1, 1, C.DAUGHTER)
    g.apply(0, act(A.WATER, 1))
    assert g.loot[0] == [C.STONE, C.DAUGHTER]


def test_jump_potion_leaps_one_room_unrevealed_and_into_the_garden_m5():
    g = blank(2)
    g.hands[0] = [C.JUMP]
    put(g, 0, 1, C.LORD, up=False)
    put(g, 0, 3, C.COINS, up=False)
    jumps = sorted(a & 63 for a in g.legal(0) if a >> 10 == A.JUMP and (a & 1023) >> 6 == 0)
    assert jumps == [cell(0, 2), cell(0, 3)]
    ev = g.apply(0, act(A.JUMP, cell(0, 3)))
    assert g.up[cell(0, 1)] == 0 and g.up[cell(0, 3)] == 1 and g.gcell[0] == cell(0, 3)
    g2 = blank(2)
    g2.hands[0] = [C.JUMP]
    at(g2, 0, 0, 4)
    put(g2, 0, 5, C.MINION, up=False)
    assert act(A.JUMP, cell(0, 6)) in g2.legal(0)
    assert ev


def test_mirror_moves_diagonally_but_never_into_a_garden_m7():
    g = blank(2)
    g.hands[0] = [C.MIRROR]
    at(g, 0, 0, 4)
    put(g, 1, 5, C.MINION)
    mirrors = sorted(a & 63 for a in g.legal(0) if a >> 10 == A.MIRROR and (a & 1023) >> 6 == 0)
    assert mirrors == [cell(1, 5)]
    at(g, 0, 0, 5)
    assert not [a for a in g.legal(0) if a >> 10 == A.MIRROR and (a & 1023) >> 6 == 0]


def test_mask_swaps_with_an_adjacent_opponent_over_empty_rooms_m6():
    g = blank(2)
    g.hands[0] = [C.MASK]
    at(g, 0, 0, 2)
    at(g, 2, 0, 4)  # two rooms down, an empty room between
    assert act(A.MASK, 0 * 64 + 2) in g.legal(0)
    g.apply(0, act(A.MASK, 0 * 64 + 2))
    assert g.gcell[0] == cell(0, 4) and g.gcell[2] == cell(0, 2)
    g.passed[2] = 1
    g.hands[0] = [C.MASK]
    g.moved = -1
    assert not [a for a in g.legal(0) if a >> 10 == A.MASK]  # not with a guard that has passed


def test_mask_swaps_garden_spaces_two_and_one_m6():
    g = blank(2)
    g.hands[0] = [C.MASK]
    at(g, 2, 0, 6, 1)
    at(g, 0, 0, 6, 2)
    at(g, 1, 1, 1)
    g.apply(0, act(A.MASK, 0 * 64 + 2))
    assert g.gspace[0] == 1 and g.gspace[2] == 2


def test_cloak_gives_the_secret_space_on_entering_or_later_m24():
    g = blank(2)
    g.hands[0] = [C.CLOAK]
    at(g, 0, 0, 5)
    assert act(A.CLOAK, 0) in g.legal(0)
    g.apply(0, act(A.CLOAK, 0))
    assert g.gcell[0] == cell(0, 6) and g.gspace[0] == M.SECRET
    g2 = blank(2)
    g2.hands[0] = [C.CLOAK]
    at(g2, 0, 0, 5)
    g2.apply(0, act(MOVE, cell(0, 6)))
    assert act(A.CLOAK, 0) in g2.legal(0)  # upon entering, in the same turn
    g2.apply(0, act(A.CLOAK, 0))
    assert g2.gspace[0] == M.SECRET


def test_torch_shows_up_to_two_face_down_rooms_to_its_owner_only_m18():
    g = blank(2)
    g.hands[0] = [C.TORCH]
    at(g, 0, 0, 2)
    put(g, 0, 3, C.COINS, up=False)
    put(g, 1, 2, C.LORD, up=False)
    both = act(A.TORCH, 0 * 64 + 1 + 4)  # forward and right
    assert both in g.legal(0)
    g.apply(0, both)
    assert sorted(g.view(0)["peeks"]) == [[cell(0, 3), "coins"], [cell(1, 2), "lord"]]
    assert g.view(1)["peeks"] == [] and g.view(None)["rooms"][0][2] == "?"


def test_magnifying_glass_takes_an_item_from_the_discard_pile():
    g = blank(2)
    g.hands[0] = [C.GLASS]
    g.item_discard = [C.STAKE]
    assert g.legal(0) and act(A.GLASS, C.GLASS) not in g.legal(0)
    g.apply(0, act(A.GLASS, C.STAKE))
    assert g.hands[0] == [C.STAKE] and g.item_discard == [C.GLASS]


def test_an_empty_item_deck_is_the_shuffled_discard_pile():
    g = blank(2)
    g.item_deck = []
    g.item_discard = [C.BAG]
    put(g, 0, 1, C.CHEST)
    g.apply(0, act(MOVE, cell(0, 1)))
    assert g.hands[0] == [C.BAG] and g.item_discard == []


def test_an_empty_room_deck_is_the_shuffled_discard_pile():
    from nightboard.games.vampire_nights import night as N
    g = blank(2)
    old = sorted(g.room_deck)
    g.room_discard = g.room_deck[:]
    g.room_deck = []
    N.start_night(g, [])
    laid = [g.tiles[cell(c, r)] for c in range(2) for r in range(1, 6)]
    assert g.room_discard == [] and sorted(laid + g.room_deck) == old  # the whole discard became the deck
    assert E not in laid


def test_short_item_decks_deal_nothing_and_an_empty_hand_skips_the_discard_m20():
    from nightboard.games.vampire_nights import night as N
    g = VN.new_game(4, 2)
    g.item_deck, g.item_discard = [], []
    g.hands = [[], [C.BAG]]
    g.night, g.first = 2, 0
    N.start_night(g, [])
    assert g.hands == [[], [C.BAG]]  # nothing dealt, nothing reshuffled
    g.apply(0, act(A.PLACE, 0))
    g.apply(1, act(A.PLACE, 5))
    assert g.phase == "discard" and g.to_move() == [1]  # red, with no item, is skipped
    g.apply(1, act(A.DROP_ITEM, C.BAG))
    assert g.phase == "explore" and g.item_discard == [C.BAG]


def test_items_act_through_a_guard_still_exploring_m16():
    g = blank(2)
    g.hands[0] = [C.BAG, C.TORCH]
    put(g, 0, 2, C.COINS)
    put(g, 0, 4, C.LORD, up=False)  # forward of guard 0, over an empty room
    at(g, 0, 0, 2)
    g.passed[0] = 1  # lying on the Coins: no Bag through it, no Torch from it
    at(g, 1, 1, 6, 1)  # in the Garden: no Torch from there either
    at(g, 2, 1, 1)
    at(g, 3, 1, 1)
    legal = g.legal(0)
    assert not [a for a in legal if a >> 10 in (A.BAG, A.TORCH)]
    g.passed[0] = 0  # standing: both items work through it
    legal = g.legal(0)
    assert act(A.BAG, 0) in legal and [a for a in legal if a >> 10 == A.TORCH]


def test_after_its_move_a_turn_ends_only_when_its_player_says_so_m25():
    g = blank(2)
    g.hands[0] = [C.BAG]
    put(g, 0, 2, C.COINS)
    g.apply(0, act(MOVE, cell(0, 2)))
    legal = g.legal(0)
    assert g.to_move() == [0] and act(END, 0) in legal and act(A.BAG, 0) in legal  # an item after the move
    assert not [a for a in legal if a >> 10 in (MOVE, PASS)]  # but one move a turn
    g.apply(0, act(A.BAG, 0))
    assert g.to_move() == [0] and C.COINS in g.loot[0]
    g.apply(0, act(END, 0))
    assert g.to_move() == [1]


def test_the_upkeep_turns_everything_left_face_down_into_the_room_discard_m23():
    from nightboard.games.vampire_nights import night as N
    g = blank(2)
    put(g, 0, 2, C.LORD)
    put(g, 1, 4, C.COINS, up=False)
    put(g, 1, 1, C.WEB)
    g.room_discard = []
    deck = len(g.room_deck)
    N.end_night(g, [])
    assert sorted(g.room_discard) == sorted([C.LORD, C.COINS, C.WEB]) and g.night == 2
    assert len(g.room_deck) == deck - 10  # the next night is laid out from the deck
    v = g.view(None)
    assert v["decks"][1] == 3 and "room_discard" not in v  # face down: its size is all anyone sees
    assert "item_discard" in v  # the item discard is face up


# --- the End of Night -------------------------------------------------------------------------------

def test_crowded_rooms_empty_in_turn_order_m14():
    from nightboard.games.vampire_nights import night as N
    g = blank(2, first=1)
    at(g, 0, 0, 3)
    at(g, 2, 0, 3)
    at(g, 1, 1, 5)
    g.passed[1] = 1
    at(g, 3, 1, 6, 1)
    N.end_exploration(g, [])
    assert g.phase == "crowd" and g.to_move() == [1]  # the night's starting player first
    legal = g.legal(1)
    assert legal and all((a & 1023) >> 6 == 2 for a in legal)
    g.apply(1, legal[0])
    assert g.phase == "loot" or g.phase == "place" or g.phase == "over"


def test_looting_example_of_the_text_in_our_own_positions():
    """Our version of the text's example: 3 players. Column A: yellow in the Garden, white on a Mother in
    room 3, blue at room 1 on an empty room; a Dog in room 4, below white. Yellow takes the Mother under white, white
    then has nothing in reach, blue has nothing, yellow takes the Dog. Column B: white on a Father in
    room 4, yellow at the Entrance: white takes the Father. Column C: blue in the Garden takes the
    Daughter, the Coins and the Cursed Stone; the Minions, the Lady, the Spiderweb and the face-down
    rooms stay for the upkeep."""
    from nightboard.games.vampire_nights import night as N
    g = blank(3)
    Y, W, B = 0, 1, 2  # seats: yellow-ish 0, white-ish 1, blue-ish 2
    g.gcell = [-1] * 6
    at(g, 2 * Y, 0, 6, 1)
    at(g, 2 * W, 0, 3)
    at(g, 2 * B, 0, 1)
    at(g, 2 * W + 1, 1, 4)
    at(g, 2 * Y + 1, 1, 0)
    at(g, 2 * B + 1, 2, 6, 1)
    put(g, 0, 4, C.DOG)
    put(g, 0, 3, C.MOTHER)
    put(g, 0, 2, C.MINION)
    put(g, 0, 5, C.MINION)
    put(g, 1, 4, C.FATHER)
    put(g, 1, 2, C.LADY)
    put(g, 1, 1, C.COINS, up=False)
    put(g, 2, 1, C.DAUGHTER)
    put(g, 2, 2, C.WEB)
    put(g, 2, 4, C.COINS)
    put(g, 2, 5, C.STONE)
    put(g, 2, 3, C.FATHER, up=False)
    g.loot = [[], [], []]
    for k in range(6):
        g.passed[k] = 1
    ev = []
    N.end_exploration(g, ev)
    # Yellow chooses between the Dog and the Mother: the Mother first, as in the text
    assert g.phase == "loot" and g.to_move() == [Y]
    assert sorted(a & 1023 for a in g.legal(Y)) == [cell(0, 3), cell(0, 4)]
    ev = g.apply(Y, act(A.LOOT, cell(0, 3)))
    # then white has nothing, blue nothing, yellow the Dog (its only choice, taken for it); column B: white
    # the Father; column C: blue alone, choosing each time
    assert g.loot[Y] == [C.MOTHER, C.DOG]
    assert g.loot[W] == [C.FATHER]
    while g.phase == "loot":
        assert g.to_move() == [B]
        g.apply(B, g.legal(B)[-1])
    assert sorted(g.loot[B]) == sorted([C.DAUGHTER, C.COINS, C.STONE])
    assert g.loot[Y] == sorted([C.MOTHER, C.DOG])
    assert g.night == 2  # the upkeep dealt the next night
    for t in (C.MINION, C.MINION, C.LADY, C.WEB, C.COINS, C.FATHER):
        assert t in g.room_discard


def test_looting_order_secret_space_first_m15():
    from nightboard.games.vampire_nights import night as N
    g = blank(2)
    at(g, 0, 0, 6, 1)
    at(g, 2, 0, 6, M.SECRET)
    at(g, 1, 0, 5)
    at(g, 3, 0, 0)
    assert N.loot_order(g, 0) == [2, 0, 1]


def test_face_down_rooms_are_not_looted_m15():
    from nightboard.games.vampire_nights import night as N
    g = blank(2)
    at(g, 0, 0, 6, 1)
    put(g, 0, 2, C.COINS, up=False)
    assert N.reach(g, 0) == []


# --- scores ---------------------------------------------------------------------------------------

def test_vampire_sets_for_guards_only():
    loot = [C.LORD, C.LADY, C.MINION, C.MINION, C.LORD]
    assert C.score(loot, False) == 15 + 2 + 5
    assert C.score(loot, True) == 0


def test_villager_sets_and_the_dog():
    three = [C.FATHER, C.MOTHER, C.DAUGHTER]
    assert C.score(three, False) == 9 and C.score(three, True) == 12
    assert C.score(three + [C.DOG], False) == 14 and C.score(three + [C.DOG], True) == 18
    assert C.score([C.DOG], False) == 0 and C.score([C.FATHER, C.FATHER], True) == 8
    assert C.score(three + [C.FATHER, C.DOG, C.DOG], False) == 14 + 2


def test_cursed_stones_curse_guards_only_and_coins():
    assert C.score([C.STONE], False) == 6
    assert C.score([C.STONE, C.STONE], False) == 4
    assert C.score([C.STONE, C.STONE], True) == 12
    assert C.score([C.COINS, C.COINS], False) == 6


def test_ties_go_to_fewer_bites_then_fewer_loot_tiles_m22():
    from nightboard.games.vampire_nights import night as N
    g = blank(3)
    g.loot = [[C.COINS, C.COINS], [C.STONE], [C.STONE]]
    g.bites = [[], [C.SHIELD], []]
    N.finish(g, [])
    assert g.scores == [6, 6, 6] and g.winners == [2]
    assert g.result() == {"winners": [2], "scores": [6, 6, 6]}


# --- bad input ------------------------------------------------------------------------------------

def test_bad_actions_and_seats_are_refused_with_nothing_changed():
    g = VN.new_game(5, 3)
    before = g.to_json()
    p = g.to_move()[0]
    for bad in (None, True, 1.5, -1, 99999, "fly", "move x", [], {}):
        with pytest.raises(GameError):
            g.apply(p, bad)
    with pytest.raises(GameError, match="turn"):
        g.apply((p + 1) % 3, g.legal(p)[0])
    for seat in (-1, 3, "purple", None):
        with pytest.raises(GameError):
            g.apply(seat, 0)
    assert g.to_json() == before
    g.apply(p, A.name(g.legal(p)[0]))  # the written form works too


def test_bad_options_are_refused():
    for args in ((-1, 2), (1, 1), (1, 5), ("x", 2), (1, True)):
        with pytest.raises(GameError):
            VN.new_game(*args)
    with pytest.raises(GameError):
        VN.new_game(1, 2, marks="yes")


def test_the_board_can_take_a_seat():
    g = VN.new_game(3, 3, board="last")
    assert g.boards == [2] and VN.from_json(g.to_json()).boards == [2]
    assert VN.new_game(3, 2, board="red").boards == [0] and VN.new_game(3, 2).boards == []
    for bad in ("green", "x", -1, 5, True, None, 1.0):
        with pytest.raises(GameError):
            VN.new_game(3, 3, board=bad)
    while 2 not in g.to_move():
        p = g.to_move()[0]
        with pytest.raises(GameError):
            g.apply(p, None)  # people's seats never let the board choose
        g.apply(p, g.legal(p)[0])
    want = g.board_move(2)
    before = g.to_json()
    g.apply(2, None)
    h = VN.from_json(before)
    h.apply(2, want)
    assert g.to_json() == h.to_json()


# --- the ids of the notes, one by one --------------------------------------------------------------

def test_m19_vampires_score_5_5_2_and_a_set_15_for_a_guard_player_only():
    assert [C.score([t], False) for t in (C.LORD, C.LADY, C.MINION)] == [5, 5, 2]
    assert C.score([C.LORD, C.LADY, C.MINION], False) == 15
    assert C.score([C.LORD, C.LADY, C.MINION] * 2, False) == 30  # as many sets as possible
    assert C.score([C.LORD, C.LORD, C.LADY, C.MINION, C.MINION, C.MINION], False) == 15 + 5 + 2 + 2
    assert C.score([C.LORD, C.LADY], False) == 10  # no Minion: no set
    for loot in ([C.LORD], [C.LADY], [C.MINION], [C.LORD, C.LADY, C.MINION]):
        assert C.score(loot, True) == 0  # a Vampire player scores no vampire


def test_m19_villagers_2_each_4_for_a_vampire_player_and_their_sets():
    for t in (C.FATHER, C.MOTHER, C.DAUGHTER):
        assert (C.score([t], False), C.score([t], True)) == (2, 4)
    family = [C.FATHER, C.MOTHER, C.DAUGHTER]
    assert (C.score(family, False), C.score(family, True)) == (9, 12)
    assert (C.score(family + [C.DOG], False), C.score(family + [C.DOG], True)) == (14, 18)
    assert (C.score([C.DOG], False), C.score([C.DOG], True)) == (0, 0)  # a Dog alone is worth nothing
    assert C.score([C.DOG, C.FATHER, C.MOTHER], False) == 4  # no set: the Dog still nothing
    assert C.score(family * 2 + [C.DOG], False) == 14 + 9
    assert C.score(family * 2 + [C.DOG], True) == 18 + 12


def test_m19_coins_3_and_the_cursed_stone_6_or_2_each_for_a_guard_player_with_more():
    assert (C.score([C.COINS], False), C.score([C.COINS], True)) == (3, 3)
    assert C.score([C.COINS] * 3, False) == 9
    assert (C.score([C.STONE], False), C.score([C.STONE], True)) == (6, 6)
    assert C.score([C.STONE] * 2, False) == 4 and C.score([C.STONE] * 3, False) == 6
    assert C.score([C.STONE] * 2, True) == 12 and C.score([C.STONE] * 3, True) == 18  # a Vampire keeps 6 each


def test_m19_the_coffin_8_or_10_and_a_pile_is_the_sum_of_its_parts():
    for vampire in (False, True):
        assert C.score([C.COFFIN_BOTH], vampire) == 8 and C.score([C.COFFIN_PAID], vampire) == 10
    pile = [C.LORD, C.LADY, C.MINION, C.MINION, C.FATHER, C.MOTHER, C.DAUGHTER, C.DOG, C.COINS, C.STONE,
            C.STONE, C.COFFIN_BOTH]
    assert C.score(pile, False) == 15 + 2 + 14 + 3 + 2 * 2 + 8
    assert C.score(pile, True) == 0 + 18 + 3 + 6 * 2 + 8


def test_m19_a_player_with_two_vampire_bites_is_scored_as_a_vampire():
    from nightboard.games.vampire_nights import night as N
    g = blank(3)
    pile = [C.LORD, C.FATHER, C.STONE, C.STONE]
    g.loot = [pile[:], pile[:], pile[:]]
    g.bites = [[C.VAMPIRE, C.SHIELD, C.VAMPIRE], [C.VAMPIRE, C.SHIELD], []]
    N.finish(g, [])
    assert g.scores == [0 + 4 + 12, 5 + 2 + 4, 5 + 2 + 4]
    assert g.winners == [0]


def test_m21_exploring_ends_at_once_with_players_plus_one_guards_in_gardens_mid_turn():
    g = blank(2)
    at(g, 0, 0, 6, 1)
    at(g, 2, 1, 6, 1)
    at(g, 1, 1, 4)
    at(g, 3, 1, 2)
    assert g.phase == "explore"  # two guards in Gardens: not yet
    ev = g.apply(0, act(MOVE, 1 * 64 + cell(1, 6)))
    assert {"end_of_exploration": 1} in ev and g.phase != "explore"  # before its player ended the turn


def test_m21_three_players_need_four_guards_in_gardens_and_the_cloak_counts():
    g = blank(3)
    g.hands[0] = [C.CLOAK]
    at(g, 2, 1, 6, 1)
    at(g, 4, 2, 6, 1)
    at(g, 0, 0, 4)
    at(g, 1, 0, 5)
    ev = g.apply(0, act(MOVE, 1 * 64 + cell(0, 6)))
    assert g.phase == "explore" and not [e for e in ev if "end_of_exploration" in e]  # three of four
    g.apply(0, act(END, 0))
    for p in (1, 2):
        assert g.to_move() == [p]
        g.apply(p, act(MOVE, (2 * p + 1) * 64 + cell(p, 1)))
        g.apply(p, act(END, 0))
    assert g.to_move() == [0] and g.phase == "explore"
    ev = g.apply(0, act(A.CLOAK, 0))  # straight to the secret space: the fourth
    assert {"end_of_exploration": 1} in ev and g.phase != "explore"


def test_m21_exploring_ends_when_no_guard_is_left_exploring():
    g = blank(2)
    at(g, 0, 0, 6, 1)  # in a Garden
    at(g, 1, 0, 3)
    g.passed[1] = 1
    at(g, 2, 1, 2)
    g.passed[2] = 1
    at(g, 3, 1, 5)  # the last one exploring
    g.active = 1
    g.apply(1, act(MOVE, 3 * 64 + cell(1, 6)))
    ev = g.apply(1, act(END, 0))
    assert {"end_of_exploration": 1} in ev and g.phase != "explore"  # two guards in Gardens, fewer than three
    h = blank(2)
    for k in (0, 1, 2):
        at(h, k, k % 2, 1 + k)
    h.passed[0] = h.passed[2] = 1
    at(h, 1, 0, 6, 1)
    at(h, 3, 1, 4)
    h.active = 1
    ev = h.apply(1, act(PASS, 3))  # the last one lies down
    assert {"end_of_exploration": 1} in ev and h.phase != "explore"


def test_m21_a_player_with_no_guard_exploring_is_skipped_each_round():
    g = blank(3)
    at(g, 2, 1, 6, 1)  # player 1: one guard in a Garden, the other lying down
    at(g, 3, 1, 3)
    g.passed[3] = 1
    at(g, 0, 0, 1)
    at(g, 4, 2, 1)
    assert g.legal(1) == []
    g.apply(0, act(MOVE, 0 * 64 + cell(0, 2)))
    g.apply(0, act(END, 0))
    assert g.to_move() == [2]
    g.apply(2, act(MOVE, 4 * 64 + cell(2, 2)))
    g.apply(2, act(END, 0))
    assert g.to_move() == [0] and g.phase == "explore"


def test_m26_the_glass_takes_any_item_of_the_discard_pile_but_never_itself():
    g = blank(2)
    g.hands[0] = [C.GLASS]
    g.item_discard = []
    assert not [a for a in g.legal(0) if a >> 10 == A.GLASS]  # an empty pile: the Glass has nothing to fetch
    g.item_discard = [C.STAKE, C.TORCH, C.TORCH]
    assert [a for a in g.legal(0) if a >> 10 == A.GLASS] == [act(A.GLASS, C.STAKE), act(A.GLASS, C.TORCH)]
    before = g.to_json()
    with pytest.raises(GameError):
        g.apply(0, act(A.GLASS, C.GLASS))  # the pile as it was before the Glass: no Glass in it
    assert g.to_json() == before
    g.apply(0, act(A.GLASS, C.TORCH))
    assert g.hands[0] == [C.TORCH] and g.item_discard == [C.STAKE, C.TORCH, C.GLASS]


def test_m26_another_glass_already_in_the_pile_may_be_fetched():
    g = blank(2)
    g.hands[0] = [C.GLASS, C.GLASS]
    g.item_discard = [C.BAG]
    assert act(A.GLASS, C.GLASS) not in g.legal(0)  # the one in hand is not in the pile
    g.item_discard = [C.GLASS]
    assert [a for a in g.legal(0) if a >> 10 == A.GLASS] == [act(A.GLASS, C.GLASS)]
    g.apply(0, act(A.GLASS, C.GLASS))
    assert g.hands[0] == [C.GLASS, C.GLASS] and g.item_discard == [C.GLASS]
