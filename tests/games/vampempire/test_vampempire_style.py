"""VampEmpire: the board plays each vampire in its own style (the rule book's "Playstyle" paragraphs, as the
referee's notes T10 and mind.py put them), seen in what it does over 24 board-only games, one for each
seating of the four vampires: the Baroness lays routes and trades, the Tyrant overtakes from afar and
manipulates, the Feathered One never sucks, turns rituals into bodies and rummages, the Beast keeps moving;
and a board vampire accepts only trades that help it."""

from nightboard.games import vampempire as M
from nightboard.games.vampempire import board as B
from nightboard.games.vampempire import mind
from nightboard.games.vampempire import pieces as V
from nightboard.games.vampempire.actions import ACCEPT, MOVE, OVERTAKE, WORDS, split
from nightboard_host.games.vampempire.bench import SEATINGS


def _habits():
    counts = [{} for _ in range(4)]
    nights = [0] * 4  # Nights played, and Nights with at least one move, per vampire
    moving = [0] * 4
    accepted = []
    for seed in range(len(SEATINGS)):
        g = M.new_game(seed, 4, vampires=SEATINGS[seed])
        seen = set()
        moved = set()
        while g.result() is None:
            s = g.to_move()[0]
            v = g.vamp[s]
            if g.phase == "night" and (g.turn, g.active) not in seen:
                seen.add((g.turn, g.active))
                nights[g.vamp[g.active]] += 1
            a = g.board_move(s)
            k, x, y, z = split(a)
            name = WORDS[k]
            if k == OVERTAKE and v == V.TYRANT and B.distance(g.pos[s], z) > 0:
                name = "colony"
            if k == MOVE and (g.turn, s) not in moved:
                moved.add((g.turn, s))
                moving[v] += 1
            if k == ACCEPT:
                p = g.pending
                view = g.view(s)
                accepted.append(mind.worth(view, s, p[3]) > mind.worth(view, s, p[4]))
            counts[v][name] = counts[v].get(name, 0) + 1
            g.apply(s, a)
    return counts, nights, moving, accepted


def test_each_vampire_plays_its_own_style():
    counts, nights, moving, accepted = _habits()
    bar, tyr, fea, bea = counts
    assert bar.get("route", 0) >= 20 and bar.get("offer", 0) >= 50  # routes and trades
    assert tyr.get("colony", 0) >= 20 and tyr.get("manipulate", 0) >= 1  # from afar; taking from the weak
    assert "suck" not in fea and fea.get("discard", 0) >= 100 and fea.get("rummage", 0) >= 30
    assert moving[V.BEAST] >= 0.8 * nights[V.BEAST]  # she moves on (nearly) every Night of hers
    assert moving[V.BEAST] / nights[V.BEAST] > max(moving[v] / nights[v] for v in (V.BARONESS, V.TYRANT))
    assert accepted and all(accepted)  # a trade accepted is one that helps the board's seat
