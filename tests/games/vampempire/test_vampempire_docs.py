"""VampEmpire's documents: the players' page is linked and complete, the rules notes state every id the
code and the tests cite (that no document points outside the repository, tests/host/test_cli_docs.py checks)."""

import re

from mpy_harness import ROOT

NOTES = ROOT / "docs" / "vampempire-rules-notes.md"
PAGE = ROOT / "docs" / "games" / "vampempire.md"


def _cited():
    files = sorted((ROOT / "firmware" / "nightboard" / "games" / "vampempire").glob("*.py"))
    files += sorted((ROOT / "tests" / "games" / "vampempire").glob("test_vampempire_*.py"))
    cited = set()
    for f in files:
        for line in f.read_text().splitlines():
            if "#" in line or '"""' in line or line.strip().startswith(("def test_", "-", "(")) or "notes" in line:
                for m in re.finditer(r"\b([MTBYFLRH][1-9]\d?|A1|H1)\b", line):
                    cited.add(m.group(1))
    return cited


def test_the_notes_state_every_id_the_code_cites():
    text = NOTES.read_text()
    stated = set(re.findall(r"^- \*\*([A-Z][0-9]+) ", text, re.M))
    cited = _cited() - {"E1", "E2"}
    assert len(cited) > 15
    assert cited <= stated, "cited but not stated in the notes: %s" % sorted(cited - stated)


def test_the_players_page_is_complete_and_linked():
    text = PAGE.read_text()
    for word in ("Setting up", "A worked example", "The end", "Morning", "Afternoon", "Night", "The rituals",
                 "the Baroness", "The Tyrant", "The Feathered One", "The Lumbering Beast", "vampempire-snapshot.png"):
        assert word in text, word
    assert "docs/games/vampempire.md" in (ROOT / "README.md").read_text()
    table = (ROOT / "docs" / "table.md").read_text()
    section = table[table.index("## VampEmpire on the hex table"):]
    section = section[:section.index("\n## ")]
    for word in ("hex8", "grid8", "vampempire-overlay.svg", "**Animations.**", "flashes rose", "Unstoppable Force",
                 "a present triggered", "Buff", "Attack"):
        assert word in section, word


def test_the_deck_table_in_the_notes_is_the_deck():
    from nightboard.games.vampempire import pieces as R

    text = NOTES.read_text()
    for name, kind, cost, copies, _effect, _target in R.KINDS:
        assert re.search(r"^ *\| %s \| %s \| %d \| %d \|" % (name, kind.capitalize(), cost, copies), text, re.M), name
    assert sum(k[3] for k in R.KINDS) == 40

