"""The Dracula hunt's hidden facts, for the non-interference test (docs/games.md): his room, his last
move and his random stream. Only Dracula's seat (the board) may know them, until a rule reveals his room.

twins(state) gives positions that differ from the state in one of them, with the seats allowed to know.
"""


def twins(g):
    out = []
    if g.over:
        return out
    base = g.to_json()
    him = [g.hunters]
    for r in g.possible_rooms():
        if r != g.room:
            d = dict(base)
            d["dracula"] = r
            d["last_move"] = None
            out.append((d, him))
    d = dict(base)
    d["prng"] = (g.prng.state * 7 + 12345) % 0xFFFFFFFF or 1
    out.append((d, him))
    return out
