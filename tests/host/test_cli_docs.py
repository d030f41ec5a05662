"""The players' pages and the rules notes stand alone and say what the board does (issue 21, item 2)."""

import re
import subprocess
from pathlib import Path

from nightboard.games import vampiring as V
from nightboard.games.vampiring.cards import card_name

ROOT = Path(__file__).resolve().parents[2]
PAGES = ROOT / "docs" / "games"


def _tracked_files():
    out = subprocess.run(["git", "ls-files"], cwd=str(ROOT), capture_output=True, text=True).stdout.split()
    return [ROOT / f for f in out if (ROOT / f).is_file() and (ROOT / f).suffix in (".md", ".py", ".json", ".toml",
                                                                                    ".txt", ".svg", "")]


def test_nothing_sends_a_reader_outside_the_repository():
    pattern = re.compile(r"RULINGS|\.\./shared|shared/rules|[0-9]{3}_[0-9a-f]{16}\.txt")
    here = Path(__file__).resolve()
    hits = []
    for f in _tracked_files():
        if f.resolve() == here:
            continue
        text = f.read_text(encoding="utf-8", errors="ignore")
        for m in pattern.finditer(text):
            hits.append("%s: %s" % (f.relative_to(ROOT), m.group(0)))
    assert hits == []


def test_each_game_has_a_players_page_linked_from_the_readme():
    readme = (ROOT / "README.md").read_text()
    for name in ("vampiring", "dracula"):
        page = PAGES / (name + ".md")
        text = page.read_text()
        assert "docs/games/%s.md" % name in readme
        for word in ("Setting up", "A worked example", "The end"):
            assert word in text, (name, word)


def test_the_rules_notes_state_every_rule_they_cite():
    for name, ids in (("vampiring", ["V%d" % i for i in range(1, 16)]), ("dracula", ["D%d" % i for i in range(1, 9)])):
        text = (ROOT / "docs" / ("%s-rules-notes.md" % name)).read_text()
        for i in ids:
            assert re.search(r"^- \*\*%s " % i, text, re.M), "%s is cited but not stated in the %s notes" % (i, name)


def _doc_ring():
    text = (PAGES / "vampiring.md").read_text()
    rows = [line for line in text.splitlines() if line.startswith("| |")]
    cells = [c.strip().lower() for c in rows[0].strip("|").split("|")][1:]
    return ["home-" + c.split()[0] if c.endswith("home") else c for c in cells]


def test_the_vampiring_worked_example_is_what_the_board_plays():
    g = V.new_game(3, 2, "castle", True)
    assert [card_name(c) for c in g.ring] == _doc_ring()
    g.apply_actions({"red": "A cw", "blue": "A cw"})
    # turn 1: red 1 on the Mirror (11), 2 on the Tower (0), 3 on the Graveyard (10); blue 1 on the Cross (5),
    # 2 carried to red's Home (9), 3 sent home by the Parchment (3); no blood lost
    assert [v["card"] for v in g.to_json()["vampires"][0]] == [11, 0, 10]
    assert [v["card"] for v in g.to_json()["vampires"][1]] == [5, 9, 3]
    assert g.drops[:2] == [8, 8]
    g.apply_actions({"red": "B ccw", "blue": "A cw"})
    vamps = g.to_json()["vampires"]
    assert [(v["card"], v["shape"]) for v in vamps[0]] == [(10, "man"), (10, "wolf"), (7, "bat")]
    assert [(v["card"], v["shape"]) for v in vamps[1]] == [(11, "bat"), (10, "man"), (5, "wolf")]
    assert g.drops[:2] == [7, 7]


def test_the_dracula_worked_example_is_what_the_board_plays():
    from nightboard.games import dracula as D

    g = D.new_game(7, 2, "playtest", 2, 5)
    name = g.map.name
    assert [name(p) for p in g.view(None)["positions"]] == ["a1", "e5"]
    ev = g.submit(0, g.parse_action("move b1"))
    assert (name(ev[0]["from"]), name(ev[0]["to"])) == ("a1", "b1")
    ev = g.submit(0, g.parse_action("garlic c1"))
    assert ev[0]["e"] == "garlic" and ev[0]["found"] is False  # nothing there
    g.submit(0, g.parse_action("end"))
    g.submit(1, g.parse_action("end"))  # blue ends without acting
    ev = g.dracula_turn()  # level 2, his own choice from the seed
    bites = [e for e in ev if e["e"] == "bite"]
    assert [(e["hunter"], name(e["room"]), e["lives"]) for e in bites] == [(0, "b1", 1)]
    assert {"e": "skip", "hunter": 0} in ev  # red misses round 2
    assert name(g.dracula_view()["dracula"]) == "b1"  # he ends in b1
    assert [name(r) for r in g.view(None)["possible"]] == ["b1"]  # and everyone knows it
    assert g.awaiting() == [1]
    ev = g.submit(1, g.parse_action("move d5"))
    assert name(ev[0]["to"]) == "d5"
    text = (PAGES / "dracula.md").read_text()
    assert "--seed 7" in text and "bites red there" in text and "(1 left)" in text
