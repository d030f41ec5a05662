"""The Dracula hunt in the balance bench (bench/balance.py): one seeded game on the menu's defaults (the
playtest rules, 5x5 rooms), Dracula played by the board at its default level (2), the hunters by the
bench's strong team (games/dracula/bots.py: the board plays no hunter), which sees only the hunters' view."""

from nightboard.games.dracula import state as D
from nightboard_host.games.dracula.bots import make_team

MOST_ROUNDS = 500  # far beyond any game: a game still going then is a fault, not a result


def outcome(seed, hunters):
    """Dracula and the hunters, the side that won, and the rounds."""
    g = D.new_game(seed, hunters)
    team = make_team("strong", seed * 7919 + 13)
    while not g.over:
        if g.turn > MOST_ROUNDS:
            raise RuntimeError("a Dracula hunt (seed %d, %d hunters) still going after %d rounds" % (
                seed, hunters, MOST_ROUNDS))
        if g.active >= 0:
            g.submit(g.active, team.action(g, g.active))
        else:
            g.dracula_turn()
    return {"sides": ("Dracula", "hunters"), "won": ["hunters" if g.winner == "hunters" else "Dracula"],
            "length": g.turn}
