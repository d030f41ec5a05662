"""A seat's own view in words on its phone (`nightboard party`): every game's view of a seat, at points of random
games, reads as sentences (no JSON), and names the seat's own secrets."""

import pytest

from nightboard.games import index
from nightboard.prng import Prng
from nightboard_host.web.party_words import over, view_words
from twins_helpers import new_game, random_step


@pytest.mark.parametrize("name", index.names())
def test_a_seats_view_reads_as_words(name):
    lo, hi = index.facts(name)["players"]
    g = new_game(name, 5, players=max(lo, min(3, hi)))
    rng = Prng(2)
    for _ in range(30):
        if g.result() is not None:
            break
        for s in range(g.players_count()):
            for line in view_words(name, s, g.view(s), g.view(None)):
                assert isinstance(line, str) and "{" not in line and "[" not in line and "null" not in line, line
        random_step(g, index.tools(name), rng)


def test_the_words_name_the_seats_own_things():
    g = new_game("vampire_cards", 5, players=3)
    from nightboard.games.vampire_cards import deck as D

    v = g.view(1)
    words = view_words("vampire_cards", 1, v, g.view(None))[0]
    assert all(D.name(v["cards"], c) in words for c in v["hand"])
    g = new_game("vampire_nights", 5, players=2)
    words = " ".join(view_words("vampire_nights", 0, g.view(0), g.view(None)))
    assert "Your items: " in words and "Your bite cards: none" in words


def test_over_is_read_from_every_games_public_view():
    for name in index.names():
        g = new_game(name, 5, players=max(index.facts(name)["players"][0], 2))
        rng = Prng(1)
        assert not over(g.view(None))
        for _ in range(20000):
            if g.result() is not None:
                break
            random_step(g, index.tools(name), rng)
        assert over(g.view(None)), name


def test_a_dracula_hunter_is_told_plainly_that_nothing_is_secret():
    from nightboard_host.games.dracula.seat_page import NOTHING_SECRET
    from nightboard_host.web.party_words import holds_secrets

    g = new_game("dracula", 5, players=3)
    for s in range(3):
        words = view_words("dracula", s, g.view(s), g.view(None))
        assert words[0] == NOTHING_SECRET and "board plays Dracula" in words[0]
        assert "You are %s, in room " % ("red", "blue", "yellow")[s] in words[1]
        assert "You carry 5 stakes and 5 sunlight." in words and "You have 2 lives left." in words
        assert not holds_secrets(g.view(s), g.view(None))  # its page is not called private


@pytest.mark.parametrize("name", [n for n in index.names() if n != "dracula"])
def test_a_seat_of_every_game_that_hides_something_holds_a_secret(name):
    from nightboard_host.web.party_words import holds_secrets

    g = new_game(name, 5, players=max(index.facts(name)["players"][0], 2))
    assert all(holds_secrets(g.view(s), g.view(None)) for s in range(g.players_count()))


def test_a_phones_page_drops_the_buttons_legend_from_the_tables_words():
    from nightboard_host.web.party_words import without_keys

    assert without_keys("red to play: move a2 (mode: action, move: room, ok: do it)") == "red to play: move a2"
    assert without_keys("red to play (mode: action, move: target, ok: do it; hold look to read your choice)") \
        == "red to play"
    assert without_keys("blue to play (place): guards to columns 1 and 2") == \
        "blue to play (place): guards to columns 1 and 2"
