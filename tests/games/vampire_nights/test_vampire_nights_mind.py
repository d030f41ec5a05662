"""The board as a Vampire Nights player: it decides from its seat's view alone, follows its side's scoring
(guard, or Vampire once turned), uses its items, and beats random play clearly. Its non-interference is
tested in test_vampire_nights_contract.py; its strength against a scripted player is a bench figure."""

from nightboard.games.vampire_nights import actions as A
from nightboard.games.vampire_nights import mind
from nightboard.games.vampire_nights import night as N
from nightboard_host.games.vampire_nights import bench as B
from vn_helpers import C, act, blank, put, at, cell


def test_board_move_is_the_minds_choice_from_the_seats_view():
    g = blank(2)
    put(g, 0, 1, C.COINS)
    assert g.board_move(0) == mind.decide(g.view(0))
    assert g.board_move(0) in g.legal(0)


def _loot_choice(vampire):
    g = blank(2)
    at(g, 0, 0, 6, 1)
    put(g, 0, 1, C.FATHER)
    put(g, 0, 2, C.COINS)
    if vampire:
        g.bites[0] = [C.VAMPIRE, C.VAMPIRE]
    N.end_exploration(g, [])
    assert g.phase == "loot" and g.to_move() == [0]
    return g.board_move(0) & 1023


def test_a_guard_loots_the_coins_and_a_vampire_the_villager():
    assert _loot_choice(False) == cell(0, 2)  # 3 points against 2
    assert _loot_choice(True) == cell(0, 1)  # 4 points against 3 once turned


def test_it_defends_with_a_stake_and_takes_the_bite_with_nothing():
    g = blank(2)
    put(g, 0, 1, C.LORD)
    g.hands[0] = [C.STAKE]
    g.apply(0, act(A.MOVE, cell(0, 1)))
    assert g.board_move(0) == act(A.STAKE, 0)
    g2 = blank(2)
    put(g2, 0, 1, C.LORD)
    g2.apply(0, act(A.MOVE, cell(0, 1)))
    assert g2.board_move(0) == act(A.TAKE_BITE, 0)


def test_after_a_bite_it_gives_up_its_least_valuable_tile():
    g = blank(2)
    put(g, 0, 1, C.MINION)
    g.loot[0] = [C.COINS, C.DOG, C.STONE]
    g.apply(0, act(A.MOVE, cell(0, 1)))
    g.apply(0, act(A.TAKE_BITE, 0))
    assert g.board_move(0) == act(A.DROP_LOOT, C.DOG)


def test_it_avoids_a_vampire_it_cannot_meet():
    g = blank(2)
    at(g, 0, 0, 2)
    g.gcell[1] = -1
    put(g, 0, 3, C.LORD)
    put(g, 1, 2, C.COINS)
    a = g.board_move(0)
    assert a >> 10 == A.MOVE and a & 63 != cell(0, 3)


def test_it_uses_items_in_real_games():
    used = set()
    for seed in range(1, 16):
        from nightboard.games import vampire_nights as VN
        from nightboard.prng import Prng
        g = VN.new_game(seed, 3)
        rng = Prng(seed)
        while g.result() is None:
            s = g.to_move()[0]
            a = g.board_move(s) if s == 0 else B.random_player(g, s, rng)
            if s == 0:
                used.add(a >> 10)
            g.apply(s, a)
    assert {A.STAKE, A.BAG, A.WATER} & used and len(used & {A.STAKE, A.CROSS, A.GARLIC, A.BAG, A.WATER,
                                                               A.CROSSBOW, A.JUMP, A.CLOAK}) >= 3


def test_it_beats_random_play_clearly():
    s = B.strength("random", games=45)
    assert s["win_rate"] > 2 * s["fair_share"]


def test_the_board_never_swaps_its_glass_for_the_other_glass():
    """Issue 42's balance bench found a 2-player game the board played alone (seed 21) that never ended: its
    guard, with nothing better to do, played its Magnifying Glass to take the other Glass from the discard,
    which changed nothing, again and again. The board now values that swap below every other choice."""
    from nightboard.games import vampire_nights as V

    g = V.new_game(21, 2)
    glass_for_glass = 0
    for _ in range(5000):
        if g.over:
            break
        s = g.to_move()[0]
        a = g.board_move(s)
        glass_for_glass += A.kind(a) == A.GLASS and mind.ITEMS[A.arg(a)] == "glass"
        g.apply(s, a)
    assert g.over and glass_for_glass == 0
    v = {"hand": ["glass"]}
    assert mind.score_action(v, act(A.GLASS, mind.ITEMS.index("glass"))) < mind.score_action(v, act(A.END, 0))
