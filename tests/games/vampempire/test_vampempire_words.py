"""VampEmpire's actions in words: every legal action says itself and parses back; bad words are refused."""

import pytest

from nightboard.games import vampempire as M
from nightboard.games.errors import GameError
from nightboard.games.vampempire import words as W
from nightboard.prng import Prng


@pytest.mark.parametrize("seed", range(6))
def test_every_legal_action_says_itself_and_parses_back(seed):
    g = M.new_game(seed, 2 + seed % 3)
    rng = Prng(seed)
    seen = set()
    for _ in range(400):
        if g.result() is not None:
            break
        s = g.to_move()[0]
        legal = g.legal(s)
        for a in legal:
            text = W.say(a)
            assert W.parse(text) == a, text
            seen.add(text.split()[0])
        a = legal[rng.below(len(legal))]
        g.apply(s, W.say(a))  # apply takes the words as well as the number
    assert {"choose", "pass", "offer", "give", "want", "move", "end"} <= seen


def test_words_examples():
    assert W.say(W.parse("ritual sunrise at 2 free")) == "ritual sunrise at 2 free"
    assert W.say(W.parse("give bat-form")) == "give bat-form" and W.say(W.parse("want 3-bodies")) == "want 3-bodies"
    assert W.say(W.parse("offer 1")) == "offer 1"
    assert W.say(W.parse("travel c3 paying thralls")) == "travel c3 paying thralls"
    assert W.say(W.parse("Move  H8")) == "move h8"


@pytest.mark.parametrize("text", ["", "fly", "move", "move z9", "move c3 d4", "offer x", "offer 1 bat-form",
                                  "give", "want 0-bodies-x", "give 4 bodies", "ritual", "ritual garlic", "ritual sunrise at",
                                  "choose count", "travel c3 paying", "manipulate 12", "discard 0-bodies",
                                  "end now", "offer 1 -bodies for thralls"])
def test_bad_words_are_refused_with_a_message(text):
    g = M.new_game(1, 2)
    before = g.to_json()
    with pytest.raises(GameError) as e:
        W.parse(text)
    assert str(e.value)
    with pytest.raises(GameError):
        g.apply(0, text)
    assert g.to_json() == before


def test_the_replay_and_the_tables_log_say_the_soul_the_winner_enters_the_vatican_with():
    """The host's words (explain_vampempire): a winner enters the Vatican with the soul it holds then (10 or
    more: the example's Baroness holds 13), followed through the overtakes told; the table's log, told from
    the view at the end, says the same even when it holds only the last events. With no soul to go by (a
    single event and a view without soul) it says no number it does not know."""
    import json

    from mpy_harness import ROOT
    from nightboard.games.record import replay
    from nightboard_host.games.vampempire import explain as X

    rec = json.loads((ROOT / "docs" / "examples" / "vampempire.json").read_text())
    events = []
    final = replay(rec, lambda number, choices, evs: events.extend(evs))
    assert events[-1]["ev"] == "over" and events[-1]["why"] == "vatican"
    soul = final.soul[final.winners[0]]
    assert soul > 10
    want = "enters the Vatican with %d soul and wins" % soul
    for log in (events, events[-40:], events[-1:]):
        assert want in X.log_lines(log, final)[-1][1]
    assert want in X.describe(events[-1], final.view(None))
    assert "enters the Vatican with 10 soul or more and wins" in X.describe(events[-1], {"vampires": [0, 1, 2]})
