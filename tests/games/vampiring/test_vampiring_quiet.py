"""V16: the quiet limit. So many turns in a row without a wound end the game with no winner; 0 switches it off;
records and saves from before the option still load and replay the same."""

import pytest

from nightboard.games import record
from nightboard.games.errors import GameError
from nightboard.games.vampiring import state as V


def _turn_lost(g, acts):
    c = g.copy()
    before = sum(c.drops)
    c.apply_actions(acts)
    return before - sum(c.drops)


def _quiet_acts(g):
    """A turn's choices that wound nobody (every joint choice tried in order), or None."""
    n = g.families
    for k in range(4 ** n):
        acts = [(k >> (2 * f)) & 3 if g.alive(f) else None for f in range(n)]
        if _turn_lost(g, acts) == 0:
            return acts
    return None


def _wounding_acts(g):
    n = g.families
    for k in range(4 ** n):
        acts = [(k >> (2 * f)) & 3 if g.alive(f) else None for f in range(n)]
        if _turn_lost(g, acts) > 0:
            return acts
    return None


def _quiet_game(seed, quiet, turns):
    """A 2-family game played `turns` turns without a wound (seeds where that is possible)."""
    g = V.new_game(seed, 2, quiet=quiet)
    played = []
    for _ in range(turns):
        acts = _quiet_acts(g)
        if acts is None or g.over:
            return None, played
        g.apply_actions(acts)
        played.append(acts)
    return g, played


def _a_quiet_seed(turns):
    for seed in range(40):
        g, played = _quiet_game(seed, 0, turns)
        if g is not None:
            return seed, played
    raise AssertionError("no seed gives %d quiet turns" % turns)


def test_the_limit_ends_the_game_with_no_winner_and_scores_as_at_the_end():
    seed, played = _a_quiet_seed(5)
    g = V.new_game(seed, 2, quiet=5)
    # one wounding turn first, so that the scores are not all 0
    acts = _wounding_acts(g)
    g.apply_actions(acts)
    lost = g.lost_total
    assert lost > 0 and g.quiet_turns == 0
    k = 0
    while not g.over:
        acts = _quiet_acts(g)
        assert acts is not None
        events = g.apply_actions(acts)
        k += 1
        if k < 5:
            assert not g.over and g.quiet_turns == k
    assert k == 5 and g.winner == -1
    end = [e for e in events if e["e"] == "end"]
    assert end == [{"e": "end", "winner": None, "scores": [lost, lost], "why": "quiet", "turns": 5}]
    from nightboard_host.games.vampiring.explain import describe

    assert describe(end[0], g.view()["ring"]) == "game over: 5 turns in a row without a wound, no winner. Scores: red %d, blue %d" % (
        lost, lost)
    assert g.result() == {"winners": [], "scores": [lost, lost]}  # V13 as at any end, no winner's bonus
    assert g.legal(0) == [] and g.to_move() == []
    with pytest.raises(GameError):
        g.apply(0, 0)
    again = V.from_json(g.to_json())  # a finished quiet game loads as finished
    assert again.over and again.winner == -1 and again.to_json() == g.to_json()


def test_a_wound_on_the_last_quiet_turn_resets_the_count():
    for seed in range(40):
        g, played = _quiet_game(seed, 3, 2)
        if g is None:
            continue
        acts = _wounding_acts(g)
        if acts is None:
            continue
        g.apply_actions(acts)  # the 3rd turn: a wound, so the game goes on
        assert not g.over and g.quiet_turns == 0
        g.apply_actions(_quiet_acts(g))
        assert not g.over and g.quiet_turns == 1
        return
    raise AssertionError("no seed found")


def test_an_eliminated_family_still_scores_what_was_lost_up_to_its_elimination():
    from nightboard.prng import Prng

    for seed in range(200):
        g = V.new_game(seed, 3, quiet=0)
        r = Prng(seed)
        while not g.over and g.living() == [0, 1, 2]:
            g.apply_actions([r.below(4) for f in range(3)])
        acts = None if g.over else _quiet_acts(g)
        if acts is None:
            continue
        fallen = [f for f in range(3) if not g.alive(f)][0]
        locked = g.score_locked[fallen]
        g.quiet = g.quiet_turns + 1  # the limit is reached by the next quiet turn
        g = V.from_json(g.to_json())
        g.apply_actions(acts)
        assert g.over and g.winner == -1
        want = [g.lost_total] * 3
        want[fallen] = locked
        assert g.result() == {"winners": [], "scores": want}
        return
    raise AssertionError("no seed found")


def test_zero_switches_the_limit_off():
    seed, played = _a_quiet_seed(40)
    g = V.new_game(seed, 2, quiet=0)
    for acts in played:
        g.apply_actions(acts)
    assert not g.over and g.quiet_turns == 40
    limited = V.new_game(seed, 2, quiet=30)
    for acts in played[:30]:
        limited.apply_actions(acts)
    assert limited.over and limited.turn == 31


def test_records_and_saves_from_before_the_option_replay_the_same():
    seed, played = _a_quiet_seed(35)
    # a record written before V16's option: its setup names no quiet, so the game has no limit
    old = {"game": "vampiring", "setup": {"seed": seed, "families": 2}, "turns": played}
    g = record.replay(old)
    assert not g.over and g.turn == 36
    # a save from before the option: no quiet, quiet_turns, board, level or prng fields
    save = g.to_json()
    for key in ("quiet", "quiet_turns", "board", "level", "prng"):
        del save[key]
    back = V.from_json(save)
    assert back.quiet == 0 and back.board == [] and not back.over
    back.apply_actions(_quiet_acts(back))
    assert not back.over
    # the same turns in a record made today, with the limit, end at the 30th
    new = {"game": "vampiring", "setup": {"seed": seed, "families": 2, "quiet": 30}, "turns": played[:30]}
    assert record.replay(new).over
    with pytest.raises(record.RecordError):
        record.replay({"game": "vampiring", "setup": {"seed": seed, "families": 2, "quiet": 30}, "turns": played})


@pytest.mark.parametrize("bad", [-1, 1001, True, "30", 2.5, None])
def test_bad_limits_are_refused(bad):
    with pytest.raises(GameError, match="quiet"):
        V.new_game(1, 2, quiet=bad)
    pos = V.new_game(1, 2).to_json()
    pos["quiet"] = bad
    with pytest.raises(GameError, match="quiet"):
        V.from_json(pos)


def test_a_position_cannot_count_more_quiet_turns_than_its_limit():
    pos = V.new_game(1, 2, quiet=10).to_json()
    pos["quiet_turns"] = 11
    with pytest.raises(GameError, match="quiet_turns"):
        V.from_json(pos)
