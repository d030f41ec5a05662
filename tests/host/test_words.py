"""The three new games told in words (issues 16, 17, 18): every kind of event the engines record has a
sentence, whole seeded games replay in words with no raw JSON, the examples in docs/examples replay, and
the terminal's and the monitor's logs tell the same sentences from the public view alone."""

import io
import json
import re

import pytest

from mpy_harness import ROOT
from nightboard.games import index
from nightboard.games.record import setup_from_record
from nightboard.prng import Prng
from nightboard_host import cli, hooks
from nightboard_host.games.vampempire import explain as explain_vampempire
from nightboard_host.games.vampire_cards import explain as explain_vampire_cards
from nightboard_host.games.vampire_nights import explain as explain_vampire_nights
from nightboard_host.terminal.monitor import RemoteTable
from nightboard_host.link.client import LocalLink
from nightboard_host.terminal.view import KeyMap, TerminalView
from table_driver import Driver
from screen_helpers import screen_cells
from words_helpers import NON_DEFAULT, board_record, hidden_twins

GAMES = ("vampire_cards", "vampire_nights", "vampempire")
SOURCES = ROOT / "firmware" / "nightboard" / "games"
EXAMPLES = {"vampire_cards": "vampire-cards.json", "vampire_nights": "vampire-nights.json",
            "vampempire": "vampempire.json"}
FALLBACK = "(an event this version cannot tell"
RAW = re.compile(r"[{}\[\]\"]|'[a-z_]+'|\bNone\b|\bTrue\b|\bFalse\b")  # a dict, a list or a Python value


def engine_kinds(game):
    """The kinds of event written in the engine's source: a new kind there shows up here."""
    found = set()
    for path in sorted((SOURCES / game).glob("*.py")):
        text = path.read_text()
        if game == "vampire_cards":
            found.update(re.findall(r'"e": "(\w+)"', text))
        elif game == "vampempire":
            found.update(re.findall(r'"ev": "(\w+)"', text))
        else:  # Vampire Nights names an event by its first key
            found.update(re.findall(r'ev\.append\(\{"(\w+)"', text))
            for a, b in re.findall(r'ev\.append\(\{"(\w+)" if [^"]* else "(\w+)"', text):
                found.update((a, b))
    return found


def said_kinds(game):
    return {"vampire_cards": explain_vampire_cards.SENTENCES, "vampire_nights": explain_vampire_nights.SENTENCES,
            "vampempire": explain_vampempire.SENTENCES}[game].keys()


def kind_of(game, ev):
    return explain_vampire_nights.kind(ev) if game == "vampire_nights" else ev.get("ev" if game == "vampempire" else "e")


@pytest.mark.parametrize("game", GAMES)
def test_every_kind_of_event_in_the_engine_has_a_sentence(game):
    kinds = engine_kinds(game)
    assert len(kinds) >= 15, kinds  # the scan still finds the engine's events
    assert kinds - set(said_kinds(game)) == set(), "events without a sentence"
    assert hooks.where(game, "log_lines") == "nightboard_host.games.%s.explain:log_lines" % game
    assert hooks.where(game, "replay") == "nightboard_host.games.%s.explain:run" % game


def test_an_unknown_kind_is_named_not_dumped():
    assert explain_vampire_cards.describe({"e": "howl", "seat": 0}, []).startswith(FALLBACK + ": howl")
    assert explain_vampire_nights.describe({"howl": 1}).startswith(FALLBACK)
    assert explain_vampempire.describe({"ev": "howl"}, {"vampires": []}).startswith(FALLBACK + ": howl")


def _random_game(game, seed, players):
    """Random legal play from a seed to the end: every event with the words it gets in the log."""
    g = index.module(game).new_game(seed, players)
    rng = Prng(seed + 99)
    log = []
    steps = 0
    while not g.over and steps < 6000:
        s = g.to_move()[0]
        legal = g.legal(s)
        log.extend(g.apply(s, legal[rng.below(len(legal))]))
        steps += 1
    return g, log


@pytest.mark.parametrize("game,players", [("vampire_cards", 3), ("vampire_cards", 6), ("vampire_nights", 2),
                                          ("vampire_nights", 4), ("vampempire", 2), ("vampempire", 4)])
def test_random_and_board_games_have_a_sentence_for_every_event(game, players):
    log_lines = hooks.hook(game, "log_lines")
    seen = set()
    for seed in range(8):
        if seed >= 2 and len(seen) >= 10:
            break
        g, log = _random_game(game, seed, players)
        rec, g2 = board_record(game, {"seed": seed, "players": players})
        for events, final in ((log, g), ([e for t in _events_of(rec) for e in t], g2)):
            lines = log_lines(events, final)
            assert len(lines) == len(events)
            for (turn, words), ev in zip(lines, events):
                seen.add(kind_of(game, ev))
                assert words and FALLBACK not in words and not RAW.search(words), (ev, words)
                assert isinstance(turn, int) and turn >= 1
            turns = [t for t, _w in lines]
            assert turns == sorted(turns)  # headings only go forward
    assert len(seen) >= 10


def _events_of(rec):
    g = setup_from_record(rec)
    return [g.apply_actions(t) for t in rec["turns"]]


@pytest.mark.parametrize("game", GAMES)
def test_a_seeded_whole_game_replays_in_words(game, tmp_path):
    rec, final = board_record(game, {"seed": 5, "players": 3})
    path = tmp_path / "game.json"
    path.write_text(json.dumps(rec))
    out = io.StringIO()
    from nightboard_host.commands import replay

    assert replay.run(str(path), out=out) == 0
    text = out.getvalue()
    assert not RAW.search(text), RAW.search(text)
    assert FALLBACK not in text and "game over" in text and final.over
    assert text.count("\n") > 40


def test_the_card_game_in_words():
    out = io.StringIO()
    cli_out = _replay(EXAMPLES["vampire_cards"])
    explain_vampire_cards.run(json.loads((ROOT / "docs" / "examples" / EXAMPLES["vampire_cards"]).read_text()),
                              False, out)
    assert out.getvalue() == cli_out
    assert cli_out.startswith("Vampire, the card game: 3 players (red, blue, yellow), dawn after 15 rounds")
    for words in ("\nTurn 2: blue's turn\n", "blue lays Bone 2, Bone 8, Bone 10 face up and is the Vampire",
                  "the Vampire (blue) bites red with Bone 10", "red defends with Leaf 3, Leaf 9 (12 in all)",
                  "red plays a Fate against the bite", "red takes the bite: Bone 8 stays on it",
                  "red, bitten, discards down to 3 cards: Wave 2", "yellow lays Feather 6 on red's bite",
                  "yellow plays a Fate against the Vampire",
                  "the Vampire (blue) does not answer the Fate and loses Bone 2", "red lays Feather 9 on its own bite",
                  "game over: red and yellow win (the Vampire lost its last face-up bone and is slain)"):
        assert words in cli_out, words
    assert "draws Bone" not in cli_out and "draws Leaf" not in cli_out  # a draw is never named


def test_vampire_nights_in_words_shows_the_piles_only_at_the_end():
    text = _replay(EXAMPLES["vampire_nights"])
    assert text.startswith("Vampire Nights: 3 players (red, blue, yellow)")
    for words in ("\nNight 1: red starts; each column's room 3 lies face up: a vampire Minion in room 3 of column 1",
                  "red puts both guards on the Entrance of column 1", "red discards the Stake",
                  "\nTurn 1: red\n", "room 1 of column 1 is turned face up: a Cat",
                  "blue's guard 1 shoots a vampire Minion in room 3 of column 1 with the Crossbow",
                  "yellow's guard 1 stakes a vampire Lady: it goes to yellow's loot",
                  "blue is bitten: draws a bite card", "\nThe end of night 1: the exploring is over\n",
                  "\nNight 2: blue starts", "game over: yellow wins (scores: red 7, blue 5, yellow 15)",
                  "\nRevealed at the end:\n", "blue scores 5: loot Coins, Daughter; bite cards Shield, Shield"):
        assert words in text, words
    before_end = text[:text.index("Revealed at the end")]
    assert "Shield" not in before_end and "bite cards" not in before_end  # secret until the end


def test_vampempire_in_words():
    text = _replay(EXAMPLES["vampempire"])
    assert text.startswith("VampEmpire: 3 vampires, at most 30 rounds; the Vatican is e5")
    for words in ("red chooses the Baroness", "\nRound 1\n", "morning: the Baroness (red) collects nothing",
                  "the Baroness (red) offers the Tyrant (blue) Sunrise for 1 body",
                  "the Tyrant (blue) refuses the offer of the Baroness (red)",
                  "the Baroness (red) sucks a body from the town at e1",
                  "the Baroness (red) places a trade route at the town at e1",
                  "the Tyrant (blue) plays Blood Tithe on the Baroness (red)",
                  "the Baroness (red) gives the Tyrant (blue) 2 bodies",
                  "the Baroness (red) overtakes the town at e1 and gains 2 soul",
                  "the village at b4 rises up and throws off the Tyrant (blue)",
                  "game over: the Baroness (red) enters the Vatican with 13 soul and wins"):
        assert words in text, words


def _replay(name):
    buf = io.StringIO()
    import contextlib

    with contextlib.redirect_stdout(buf):
        assert cli.main(["replay", str(ROOT / "docs" / "examples" / name)]) == 0
    return buf.getvalue()


@pytest.mark.parametrize("game", GAMES)
def test_the_examples_replay_to_the_end_and_are_listed_in_records_md(game):
    from nightboard.games.record import replay

    rec = json.loads((ROOT / "docs" / "examples" / EXAMPLES[game]).read_text())
    final = replay(rec)
    assert final.over
    again, _g = board_record(game, rec["setup"])
    assert len(again["turns"]) == len(rec["turns"])  # the board's play from the seed, written down
    doc = (ROOT / "docs" / "records.md").read_text()
    assert "docs/examples/" + EXAMPLES[game] in doc
    text = _replay(EXAMPLES[game])
    assert not RAW.search(text) and FALLBACK not in text
    buf = io.StringIO()
    import contextlib

    with contextlib.redirect_stdout(buf):
        assert cli.main(["replay", "--json", str(ROOT / "docs" / "examples" / EXAMPLES[game])]) == 0
    assert json.loads(buf.getvalue()) == final.view(None)  # the public view: nothing hidden


@pytest.mark.parametrize("game,text,msg", [
    ("vampire_cards", [[["red", 99999]]], "turns\\[0\\] \\(turn 1\\)"),
    ("vampire_nights", [[["red", "fly 3"]]], "turns\\[0\\] \\(turn 1\\)"),
    ("vampempire", [[[0, "choose dragon"]]], "turns\\[0\\] \\(turn 1\\)"),
    ("vampempire", [[[5, "pass"]]], "no seat 5"),
])
def test_a_bad_record_of_these_games_gets_a_message(game, text, msg, tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"game": game, "setup": {"seed": 1, "players": 3}, "turns": text}))
    assert cli.main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("nightboard replay: ") and re.search(msg, err), err
    assert "Traceback" not in err


# --- the terminal's log and the monitor's -----------------------------------------------------------------

STARTS = {"vampire_cards": ({"game": "vampire_cards", "players": 3, "seed": 2, "board": 2}, "ring4"),
          "vampire_nights": ({"game": "vampire_nights", "players": 2, "seed": 2, "board": "last"}, "grid8"),
          "vampempire": ({"game": "vampempire", "players": 2, "seed": 2, "board": 1}, "grid8")}


def _played(game, actions=40):
    """A table running the game: the board plays its seats, a person the others with its buttons, holding
    look (a secret choice needs it) and pressing ok, or mode then ok when ok alone does nothing."""
    start, name = STARTS[game]
    d = Driver(start, name=name)
    t = d.table
    done = 0
    for _ in range(400):
        g = t.game
        if done >= actions or g.over:
            break
        s = g.to_move()[0]
        if g.board_plays(s) if hasattr(g, "board_plays") else s == g.board:
            d.frames(10)
        else:
            before = json.dumps(g.to_json(), sort_keys=True)
            d.hold(s, "look")
            d.tap(s, "ok")
            if json.dumps(g.to_json(), sort_keys=True) == before:
                d.tap(s, "mode")
                d.tap(s, "ok")
            d.let_go(s, "look")
            done += 1
        d.settle()
    return d


@pytest.mark.parametrize("game", GAMES)
def test_the_terminal_and_the_monitor_tell_the_log_in_the_same_words(game):
    d = _played(game)
    t = d.table
    view = TerminalView(t, KeyMap.for_table(t), "Nightboard")
    told = view.events()
    assert len(told) >= 5
    for _turn, words in told:
        assert FALLBACK not in words and not RAW.search(words), words
    rt = RemoteTable(LocalLink(t))
    rt.refresh()
    log_lines = hooks.hook(game, "log_lines")
    mine = log_lines(rt.log, rt.game)  # the monitor holds the public view only
    assert mine == log_lines(rt.log, t.game)
    n = min(len(mine), len(told))
    assert n >= 5 and [w for _t, w in mine][-n:] == [w for _t, w in told][-n:]
    screen = TerminalView(rt, KeyMap.for_table(rt), "Nightboard monitor")
    _rows, text = screen_cells(screen.render(120, 40), 120, 40)
    assert mine[-1][1][:30] in text.replace("\n", " ") or mine[-1][1].split()[0] in text


def test_the_records_md_samples_of_these_games_replay():
    """Each JSON sample in docs/records.md for the three games is a record that plays (the start of the
    example's game), and tells its first turns in words."""
    from nightboard.games.record import replay

    doc = (ROOT / "docs" / "records.md").read_text()
    samples = [json.loads(b) for b in re.findall(r"```json\n(.*?)```", doc, re.S)]
    mine = [s for s in samples if s.get("game") in GAMES]
    assert sorted(s["game"] for s in mine) == sorted(GAMES)
    for rec in mine:
        example = json.loads((ROOT / "docs" / "examples" / EXAMPLES[rec["game"]]).read_text())
        assert rec["setup"] == example["setup"]
        replay(rec)
        out = io.StringIO()
        hooks.hook(rec["game"], "replay")(rec, False, out)
        assert "not over" in out.getvalue() and not RAW.search(out.getvalue())


# --- the protocol starts them; the monitor shows their public state --------------------------------------

def _protocol_table():
    rows = {}
    for line in (ROOT / "docs" / "protocol.md").read_text().splitlines():
        m = re.match(r"\| `(\w+)` \| (\d) to (\d) \| (.*) \|$", line)
        if m:
            opts = []
            for name, values in re.findall(r"`(\w+)`[^:`]*: ((?:`[^`]+`(?:, )?)+)", m.group(4)):
                opts.append((name, tuple(json.loads(v) for v in re.findall(r"`([^`]+)`", values))))
            rows[m.group(1)] = ((int(m.group(2)), int(m.group(3))), tuple(opts))
    return rows


def test_protocol_md_lists_every_games_players_and_options_as_the_games_say():
    rows = _protocol_table()
    assert sorted(rows) == sorted(index.names())
    for name in index.names():
        f = index.facts(name)
        assert rows[name] == (tuple(f["players"]), tuple((o, tuple(v)) for o, v in f["options"])), name


HIDDEN = {"vampire_cards": ("hands", "prng", "hand"), "vampire_nights": ("tiles", "room_deck", "hand", "prng"),
          "vampempire": ("hands", "deck", "prng", "hand")}


@pytest.mark.parametrize("game", GAMES)
def test_the_protocol_starts_the_game_with_its_options(game):
    opts, name = NON_DEFAULT[game]
    d = Driver(None, name=name)
    link = LocalLink(d.table)
    r = link.call("start", game=game, seed=11, **opts)
    assert r["mode"] == "game" and r["game"] == game
    want = index.module(game).new_game(11, **opts)
    assert d.table.game.to_json() == want.to_json()
    st = link.call("state")
    assert st["game"] == game and st["state"] == want.view(None)
    assert all(st["state"].get(k) is None for k in HIDDEN[game]) and "hidden" not in st
    from nightboard_host.link.client import RequestFailed

    for bad in ({"players": 9}, {list(opts)[1]: "bogus"}):
        with pytest.raises(RequestFailed) as e:
            link.call("start", game=game, seed=11, **dict(opts, **bad))
        assert "start: " in str(e.value) and ("players" in str(e.value) or list(opts)[1] in str(e.value))
    assert d.table.game.to_json() == want.to_json()  # a refused start changes nothing


def _monitor_screen(game, position, name):
    d = Driver(None, name=name)
    rt = RemoteTable(LocalLink(d.table))
    rt.link.call("start", game=game, position=position)
    d.frames(30)
    rt.refresh()
    view = TerminalView(rt, KeyMap.for_table(rt), "Nightboard monitor")
    return screen_cells(view.render(120, 40), 120, 40)[1], rt, d


@pytest.mark.parametrize("game", GAMES)
def test_the_monitor_shows_the_public_state_and_nothing_hidden(game):
    name = NON_DEFAULT[game][1]
    a, b = hidden_twins(game)
    sa, rt, d = _monitor_screen(game, a, name)
    sb, _rt, d2 = _monitor_screen(game, b, name)
    assert d.table.game.to_json() != d2.table.game.to_json()
    assert sa == sb  # two games that differ only in secrets look the same on the monitor
    assert bytes(d.table.frame.rgb) == bytes(d2.table.frame.rgb)
    title = index.facts(game)["title"].split(" (")[0]
    assert title in sa and rt.program["name"] == game
    assert all(rt.game.view(None).get(k) is None for k in HIDDEN[game])
    for line in d.table.describe()[:2]:
        assert line[:30] in sa


def test_vampire_nights_log_numbers_turns_as_the_engine_counts_them():
    """An end press leaves no event, so the log's turns are inferred (a new player, a second movement, a
    pass, the night's end); nearly every event of 40 seeded games, random and the board's, gets the
    engine's own turn number (where a player takes two turns running and opens the second with an item,
    the events cannot tell)."""
    from nightboard.games.vampire_nights import state as VN

    wrong = told = 0
    for seed in range(40):
        g = VN.new_game(seed, 2 + seed % 3)
        rng = Prng(seed)
        events, truth = [], []
        steps = 0
        while not g.over and steps < 150 + seed * 7:
            s = g.to_move()[0]
            legal = g.legal(s)
            t, phase = g.turn, g.phase
            ev = g.apply(s, g.board_move(s) if seed % 2 else legal[rng.below(len(legal))])
            events += ev
            truth += [(t, phase)] * len(ev)
            steps += 1
        for (n, _w), (t, phase), ev in zip(explain_vampire_nights.log_lines(events, g), truth, events):
            if phase == "explore" and explain_vampire_nights.kind(ev) in explain_vampire_nights.KIND_KEYS and \
                    explain_vampire_nights.kind(ev) not in ("end_of_exploration", "end_of_night", "night", "over"):
                told += 1
                wrong += n != t
    assert told > 3000 and wrong * 100 <= told, (wrong, told)
