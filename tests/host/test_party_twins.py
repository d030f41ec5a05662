"""Non-interference at the web layer: in twin games that differ only in one seat's hidden facts (each game's
secrets.twins), the table page's HTML and every message pushed to it, and every message pushed to a seat
that may not know the difference, are byte for byte the same (GUIDE.md section 5; docs/party.md)."""

import pytest

from nightboard.games import index
from nightboard.prng import Prng
from party_helpers import party_messages
from twins_helpers import new_game, random_step

HIDING = [n for n in index.names() if index.facts(n).get("hides", True)]
PLAYERS = 3  # every game's table seats three (the card game takes three at least)


def twins(name, seeds, steps):
    """(state, twin, seats that may know) at points of random 3-player games."""
    mod = index.module(name)
    secrets = __import__("nightboard.games.%s.secrets" % name, None, None, ["twins"])
    for seed in seeds:
        g = new_game(name, seed, players=max(index.facts(name)["players"][0], min(PLAYERS, index.facts(name)["players"][1])))
        rng = Prng(seed + 77)
        for _ in range(steps):
            if g.result() is not None:
                break
            for d, knowers in secrets.twins(g)[:2]:
                yield g.copy(), mod.from_json(d), knowers
            random_step(g, index.tools(name), rng)


@pytest.mark.parametrize("name", HIDING)
def test_twins_look_the_same_on_the_table_page_and_to_every_other_seat(name):
    compared = 0
    told = 0  # twins whose difference a knowing seat's page did show: the comparison can see one
    for state, twin, knowers in twins(name, seeds=[3, 8], steps=6):
        a_html, a = party_messages(name, state.to_json())
        b_html, b = party_messages(name, twin.to_json())
        assert a_html == b_html
        assert [m for m in a if m[0] != "seat"] == [m for m in b if m[0] != "seat"]
        seats = {m[1] for m in a if m[0] == "seat"}
        assert seats, "no seat's message was published"
        for s in sorted(seats - set(knowers)):
            assert [m for m in a if m[0] == "seat" and m[1] == s] == [m for m in b if m[0] == "seat" and m[1] == s]
        told += any([m for m in a if m[0] == "seat" and m[1] == s] != [m for m in b if m[0] == "seat" and m[1] == s]
                    for s in knowers)
        compared += 1
        if compared >= 6:
            break
    assert compared > 0
    if name in SEEN_BY_A_SEAT:
        assert told, "no twin's difference reached even the seat that knows it: the test would see nothing"


SEEN_BY_A_SEAT = ("vampire_cards", "vampire_nights")  # hands and items: a seat's page shows them at once
