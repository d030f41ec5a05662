"""Property tests: random legal VampiRing games keep every invariant (V1-V15)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from nightboard.games.vampiring import state as V
from nightboard.games.vampiring.cards import DROPS

game_setup = st.tuples(st.integers(0, 2 ** 31), st.integers(2, 6), st.sampled_from(["castle", "mansion"]),
                       st.booleans())


def check_invariants(g, before):
    n = g.families
    assert sum(DROPS - d for d in g.drops) == g.lost_total
    for f in range(n):
        assert 0 <= g.drops[f] <= DROPS
        assert g.drops[f] <= before["drops"][f]  # blood never comes back
        vamps = g.pos[f * 3:f * 3 + 3]
        if g.alive(f):
            assert g.drops[f] > 0
            assert all(0 <= p < len(g.ring) for p in vamps)
            assert sorted(g.shape[f * 3:f * 3 + 3]) == [0, 1, 2]
            assert g.scores()[f] == g.lost_total + (g.drops[f] * n if g.over and g.winner == f else 0)
        else:
            assert vamps == [-1, -1, -1] and g.drops[f] == 0
            assert DROPS <= g.score_locked[f] <= g.lost_total
            assert g.scores()[f] == g.score_locked[f]
    living = g.living()
    assert g.over == (len(living) <= 1)
    if g.over:
        assert g.winner == (living[0] if living else -1)


@settings(max_examples=60, deadline=None)
@given(game_setup, st.lists(st.integers(0, 3), min_size=6, max_size=6 * 60), st.randoms(use_true_random=False))
def test_random_games_keep_invariants(setup, moves, rnd):
    seed, n, variant, preview = setup
    g = V.new_game(seed, n, variant, preview)
    moves = list(moves)
    while not g.over and len(moves) >= n:
        before = g.to_json()
        actions = [moves.pop() if g.alive(f) else None for f in range(n)]
        # Order independence: the same choices submitted one by one in a shuffled order.
        twin = V.from_json(before)
        order = [f for f in range(n) if actions[f] is not None]
        rnd.shuffle(order)
        twin_events = []
        for f in order:
            twin_events = twin.submit(f, actions[f])
        events = g.apply_actions(actions)
        assert events == twin_events and twin.to_json() == g.to_json()
        check_invariants(g, before)
        lost = {e["fam"]: e["lost"] for e in events if e["e"] == "drops"}
        for f in range(n):
            assert before["drops"][f] - g.drops[f] == lost.get(f, 0) == g.lost_last[f]
        assert V.from_json(g.to_json()).to_json() == g.to_json()


@settings(max_examples=40, deadline=None)
@given(game_setup, st.integers(0, 3))
def test_preview_matches_resolution(setup, action):
    seed, n, variant, _ = setup
    g = V.new_game(seed, n, variant, True)
    land = g.preview(0, action)
    g.apply_actions([action] + [0] * (n - 1))
    assert g.pos[0:3] == land
