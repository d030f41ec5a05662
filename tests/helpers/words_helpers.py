"""Seeded whole games played by the board in every seat, written down as records (the words tests' and
docs/examples' source): a record entry is cut wherever the engine's turn count or phase changes."""

from nightboard.games.record import setup_from_record


def board_record(name, setup, say=None, limit=20000):
    """A record of the board playing every seat of a new game from `setup` to the end (or `limit`
    actions); actions are written with say(action) when given. Returns (record, final game)."""
    g = setup_from_record({"game": name, "setup": setup})
    turns, cur = [], []
    steps = 0
    while not g.over and steps < limit:
        s = g.to_move()[0]
        a = g.board_move(s)
        before = (g.turn, getattr(g, "phase", None))
        g.apply(s, a)
        cur.append([s, say(a) if say else a])
        steps += 1
        if (g.turn, getattr(g, "phase", None)) != before or g.over:
            turns.append(cur)
            cur = []
    if cur:
        turns.append(cur)
    return {"game": name, "setup": dict(setup), "turns": turns}, g
