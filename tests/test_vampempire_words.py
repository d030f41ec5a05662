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
