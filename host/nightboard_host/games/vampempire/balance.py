"""VampEmpire in the balance bench (bench/balance.py): one seeded game with the board at every seat and the
menu's defaults (the Beast moves one hex a turn, 30 rounds); the vampires at the table go round with the
seed, every ordered choice of them in turn, so each vampire plays as often as the others, from each seat."""

from nightboard.games import vampempire as M
from nightboard.games.vampempire import pieces as V
from nightboard_host.bench.balance import play_out


def _orders(k, rest=V.KEYS):
    """Every ordered choice of k vampires, in a fixed order."""
    if k == 0:
        return [[]]
    return [[v] + more for v in rest for more in _orders(k - 1, [w for w in rest if w != v])]


ORDERS = dict((n, _orders(n)) for n in (2, 3, 4))


def outcome(seed, players):
    """The vampires at the table, the ones that won (a tie at the rounds limit names several), the rounds
    and how it ended ("vatican": entered holding 10 soul; "rounds": the limit)."""
    seats = ORDERS[players][seed % len(ORDERS[players])]
    g = M.new_game(seed, players, vampires=list(seats))
    play_out(g, seed, players, over=lambda g: g.result() is not None)
    won = g.result()["winners"]
    vatican = len(won) == 1 and g.soul[won[0]] >= 10 and g.pos[won[0]] == g.vatican
    return {"sides": list(seats), "won": sorted(set(V.KEYS[g.vamp[w]] for w in won)), "length": g.turn,
            "end": "vatican" if vatican else "rounds"}
