"""The tally's hidden fact, for the non-interference test: the goal, known to no seat until it is reached."""

from nightboard.games.tally.state import GOALS


def twins(state):
    out = []
    for goal in GOALS:
        if goal != state.goal and state.tally < goal and not state.over:
            d = state.to_json()
            d["goal"] = goal
            out.append((d, []))
    return out
