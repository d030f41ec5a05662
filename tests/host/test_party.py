"""`nightboard party` at the HTTP level (fast; the browser's tests are tests/web/test_party_browser.py): the
tokens, the pages, the pushed messages, and every kind of bad request refused with a sentence, the table going on."""


import time

import pytest

from nightboard_host import cli
from nightboard_host.web import party as P
from party_helpers import Events, PartyServer
from signals import sigint_default


@pytest.fixture(scope="module")
def server():
    s = PartyServer("ring4")
    yield s
    s.close()


def test_tokens_are_128_bits_from_secrets_and_all_different(server):
    toks = [server.tokens.table] + server.tokens.seats
    assert len(set(toks)) == len(toks) == 1 + 4  # ring4 seats four
    for t in toks:
        assert len(t) >= 22  # token_urlsafe(16): 16 bytes, 128 bits


def test_pages_need_their_token_and_a_wrong_one_learns_nothing(server):
    good_table = server.http.get(server.table())
    assert good_table.status_code == 200 and "<canvas" in good_table.text
    assert good_table.headers["referrer-policy"] == "no-referrer"
    seat = server.http.get(server.seat(1))
    assert seat.status_code == 200 and '"seat":1' in seat.text
    assert server.tokens.table not in seat.text  # a seat's page tells no other token
    for other in server.tokens.seats[:1] + server.tokens.seats[2:]:
        assert other not in seat.text
    bodies = set()
    for path in ("/t/x", "/s/x", "/t/" + server.tokens.seats[0], "/s/" + server.tokens.table,
                 "/s/" + server.tokens.seats[0][:-1] + ("B" if server.tokens.seats[0][-1] == "A" else "A"), "/s/x/events", "/t/x/events"):
        r = server.http.get(path)
        assert r.status_code == 403, path
        bodies.add(r.text)
    for path in ("/s/x/act", "/t/x/start", "/t/x/renew"):
        r = server.post(path, {"action": 1})
        assert r.status_code == 403
        bodies.add(r.text)
    assert len(bodies) == 1  # the same sentence whatever was wrong


def test_a_new_code_shuts_out_the_old_one(server):
    old = server.tokens.seats[3]
    ev = Events(server, server.seat(3, "/events"))
    try:
        assert ev.next("seat")[1]["seat"] == 3
        r = server.post(server.table("/renew"), {"seat": 3})
        assert r.status_code == 200
        assert ev.next("gone")[1]["error"] == P.FORBIDDEN  # the old code's open page is told at once
    finally:
        ev.close()
    assert server.tokens.seats[3] != old
    assert server.http.get("/s/" + old).status_code == 403
    assert server.http.get(server.seat(3)).status_code == 200
    for bad in ({"seat": 9}, {"seat": "red"}, {"seat": True}, {}, {"seat": 1, "x": 2}):
        r = server.post(server.table("/renew"), bad)
        assert r.status_code == 400 and "seat" in r.json()["error"]


def test_the_table_page_gets_the_words_the_frame_and_the_join_codes(server):
    ev = Events(server, server.table("/events"))
    try:
        kinds = {}
        while len(kinds) < 3:
            k, data = ev.next()
            kinds[k] = data
        assert kinds["table"]["mode"] == "menu" and kinds["table"]["status"] == ""
        assert len(bytes.fromhex(kinds["frame"]["leds"])) == 3 * server.board.table.profile["led"]["count"]
        joins = kinds["joins"]
        assert [j["url"] for j in joins] == [server.url + server.seat(s) for s in range(4)]
        assert all(j["qr"].startswith("<svg") for j in joins)
    finally:
        ev.close()


def test_bad_requests_get_a_sentence_and_change_nothing(server):
    before = server.board.table.mode
    cases = [
        (server.post(server.table("/start"), content="{bad"), 400, "not JSON"),
        (server.post(server.table("/start"), content=b"\xff\xfe"), 400, "UTF-8"),
        (server.post(server.table("/start"), [1, 2]), 400, "JSON object"),
        (server.post(server.table("/start"), {"game": "chess"}), 400, "game must be one of"),
        (server.post(server.table("/start"), {"game": "vampiring", "seed": 5}), 400, "seed: not an option"),
        (server.post(server.table("/start"), {"game": "vampiring", "players": 9}), 409, "must be 2 to 6"),
        (server.post(server.table("/start"), content="x" * (P.MAX_BODY + 1)), 413, "too large"),
        (server.post(server.seat(0, "/act"), {"act": 1}), 400, "an action is"),
        (server.post(server.seat(0, "/act"), content="[]"), 400, "JSON object"),
        (server.post(server.table("/button"), {"player": 0, "role": "jump"}), 400, "one of mode, move, look, ok"),
        (server.post(server.table("/button"), {"player": 9, "role": "ok"}), 409, "player"),
    ]
    for r, status, words in cases:
        assert r.status_code == status, (r.status_code, r.text)
        assert words in r.json()["error"]
    assert server.board.table.mode == before == "menu"


def test_a_flood_of_actions_is_slowed_down_with_a_sentence(server):
    from concurrent.futures import ThreadPoolExecutor

    def act(_):
        r = server.post(server.seat(2, "/act"), {"action": 0})
        return r.status_code, r.json().get("error", "")

    frames, t0 = server.board.table.frames, time.monotonic()
    with ThreadPoolExecutor(16) as pool:
        replies = list(pool.map(act, range(3 * P.ACT_BURST)))
    rate = (server.board.table.frames - frames) / (time.monotonic() - t0)
    assert rate > 0.5 * 1000 / server.board.table.frame_ms  # the table keeps its frames (62.5 a second; a loaded
    # machine's threads may take some)
    slowed = [e for code, e in replies if code == 429]
    assert len(replies) - len(slowed) <= P.ACT_BURST + 2  # the bucket refills a few a second while they run
    assert slowed and all("still being done" in e or "too many actions" in e for e in slowed)
    assert server.http.get(server.table()).status_code == 200  # the table goes on


def test_too_many_open_pages_for_one_seat_are_refused(server):
    opened = []
    try:
        for _ in range(P.MAX_STREAMS_PER_PAGE):
            e = Events(server, server.seat(1, "/events"))
            e.next("seat")
            opened.append(e)
        r = server.http.get(server.seat(1, "/events"))
        assert r.status_code == 429 and "too many pages" in r.json()["error"]
    finally:
        for e in opened:
            e.close()


def test_a_game_started_from_the_table_page_reaches_every_page(server):
    ev = Events(server, server.table("/events"))
    seat = Events(server, server.seat(0, "/events"))
    try:
        r = server.post(server.table("/start"), {"game": "vampire_cards", "players": 3, "dawn": 15, "board": 0})
        assert r.status_code == 200, r.text
        t = ev.next("table", lambda d: d["game"] == "vampire_cards")[1]
        assert t["title"] and t["players"] == 3
        s = seat.next("seat", lambda d: d["playing"])[1]
        assert s["seat"] == 0 and s["name"] == "red"
    finally:
        ev.close()
        seat.close()


def test_the_command_refuses_bad_options(capsys):
    assert cli.main(["party", "--http-port", "0"]) == 2
    assert "--http-port must be 1..65535" in capsys.readouterr().err
    assert cli.main(["party", "--profile", "nosuch"]) == 2
    assert "no profile named 'nosuch'" in capsys.readouterr().err
    assert cli.main(["party", "--port", "/dev/ttyX", "--profile", "ring4"]) == 2
    assert "--profile is for the simulated table" in capsys.readouterr().err


def test_a_board_unplugged_and_back_is_told_and_the_game_goes_on():
    from party_helpers import UnpluggableBoard
    from table_driver import profile

    board = UnpluggableBoard(profile("ring4"), {"game": "vampire_cards", "players": 3, "seed": 5})
    server = PartyServer(board=board)
    table = Events(server, server.table("/events"))
    seat = Events(server, server.seat(0, "/events"))
    try:
        before = table.next("table", lambda d: d["game"] == "vampire_cards")[1]
        board.unplugged = True
        lost = table.next("table", lambda d: d["status"])[1]["status"]
        assert "not answering" in lost and ("no such serial port" in lost or "Input/output" in lost)
        assert "not answering" in seat.next("seat", lambda d: d["status"])[1]["status"]
        r = server.post(server.seat(0, "/act"), {"action": 0})
        assert r.status_code == 503 and "not answering" in r.json()["error"]
        board.unplugged = False
        back = table.next("table", lambda d: not d["status"])[1]
        assert back["game"] == "vampire_cards" and back["turn"] == before["turn"]
        assert seat.next("seat", lambda d: not d["status"])[1]["playing"]
    finally:
        table.close()
        seat.close()
        server.close()


@pytest.fixture()
def card_game():
    s = PartyServer("ring4", {"game": "vampire_cards", "players": 3, "seed": 9})
    yield s
    s.close()


def test_a_seat_acts_only_as_itself_and_an_illegal_action_gets_the_games_words(card_game):
    server = card_game
    red, blue = Events(server, server.seat(0, "/events")), Events(server, server.seat(1, "/events"))
    try:
        mine = red.next("seat", lambda d: d["to_move"] and d["actions"])[1]
        assert mine["view"][0].startswith("Your hand (6): ")
        # a seat whose page is open is played from a phone: the table draws nothing private of it
        end = time.monotonic() + 10
        while not server.board.table.is_phone(0) and time.monotonic() < end:
            time.sleep(0.02)
        assert server.board.table.is_phone(0) and not server.board.table.is_phone(2)
        assert blue.next("seat", lambda d: d["playing"])[1]["actions"] == []
        turn = server.board.table.game.turn
        legal = mine["actions"][0]["action"]
        r = server.post(server.seat(1, "/act"), {"action": legal})  # red's move, from blue's page
        assert r.status_code == 409 and "not seat 1's time" in r.json()["error"]
        r = server.post(server.seat(0, "/act"), {"action": 99999})
        assert r.status_code == 409 and "99999" in r.json()["error"]
        r = server.post(server.seat(0, "/act"), {"action": "discard"})
        assert r.status_code == 409 and "choices" in r.json()["error"]
        assert server.board.table.game.turn == turn  # nothing changed
        r = server.post(server.seat(0, "/act"), {"action": legal})
        assert r.status_code == 200, r.text
        assert blue.next("seat", lambda d: d["to_move"])[1]["actions"]
        assert not red.next("seat", lambda d: not d["to_move"])[1]["actions"]
    finally:
        red.close()
        blue.close()


def test_the_buttons_keep_working_beside_the_phones(card_game):
    server = card_game
    table = Events(server, server.table("/events"))
    try:
        table.next("table", lambda d: d["to_move"] == [0])
        # red plays on its buttons (ok plays the choice its panel offers), as if nobody had a phone
        reply = server.party.driver.submit("tap", player=0, role="ok").result(10)
        assert reply["ok"]
        # blue's move now, and the log says so in words
        table.next("table", lambda d: d["to_move"] == [1] and [2, "blue's turn"] in d["log"])
    finally:
        table.close()


def test_lan_serves_the_network_and_says_where(tmp_path):
    import re
    import signal
    import subprocess
    import sys

    from party_helpers import free_port

    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "nightboard_host.cli", "party", "--lan", "--http-port", str(port)],
                            cwd=str(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, preexec_fn=sigint_default)
    try:
        out = ""
        end = time.monotonic() + 60
        while "Ctrl-C" not in out and time.monotonic() < end and proc.poll() is None:
            out += proc.stdout.readline()
        assert "Serving the local network at http://" in out, out
        where = re.search(r"local network at (http://[0-9.]+:%d)/" % port, out).group(1)
        assert re.search(r"^  %s/t/\S{22,}$" % re.escape(where), out, re.M), out  # the codes carry that address
        import httpx

        assert httpx.get("http://127.0.0.1:%d/" % port).status_code == 404  # bound to every address
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(20)


def test_a_sleeping_phones_stream_holds_one_message_of_each_kind():
    import asyncio

    async def go():
        box = P.Mailbox()
        for i in range(1000):
            box.put_nowait(("frame", "f%d" % i))
            box.put_nowait(("table", "t%d" % i))
        first = await box.get()
        box.put_nowait(None)
        return first, await box.get()

    first, then = asyncio.run(go())
    assert first == [("frame", "f999"), ("table", "t999")] and then is None


def test_the_table_page_gets_the_turns_picture_while_the_board_still_saves_it():
    # The board answers the party's `frame` in a frame of the turn's save (app.py SERVE_FRAME) and the rest of
    # the round (state, events, the seats) once the save is written: the table page's picture does not wait
    # for the save, and no request of the round is lost or refused meanwhile.
    from party_helpers import RecordingBoard
    from table_driver import profile

    board = RecordingBoard(profile("ring4"), {"game": "vampire_cards", "players": 3, "seed": 9})
    server = PartyServer(board=board)
    red, table = Events(server, server.seat(0, "/events")), Events(server, server.table("/events"))
    try:
        mine = red.next("seat", lambda d: d["to_move"] and d["actions"])[1]
        turn = table.next("table", lambda d: d["game"] == "vampire_cards")[1]["turn"]
        end = time.monotonic() + 10
        while board.table.saves.pending and time.monotonic() < end:
            time.sleep(0.01)
        seen = len(board.replies())
        r = server.post(server.seat(0, "/act"), {"action": mine["actions"][0]["action"]})
        assert r.status_code == 200, r.text

        def looked_during_the_save(d):
            return any(rep.get("leds") == d["leds"] and pending for rep, pending in board.replies()[seen:])
        table.next("frame", looked_during_the_save)  # the table page was sent the picture of the save's frame
        table.next("table", lambda d: d["turn"] != turn)  # the state, asked with the frame
        replies = board.replies()[seen:]
        assert all(rep["ok"] for rep, _p in replies)  # none refused
        states = [pending for rep, pending in replies if "describe" in rep]
        assert states and not any(states)  # the state, after the save
    finally:
        red.close()
        table.close()
        server.close()


def _roles(joins):
    return [(j["role"], "url" in j and "qr" in j) for j in joins]


def test_only_the_seats_people_play_get_a_join_code_and_the_codes_follow_a_new_game():
    # Dracula's hunt on grid8 (4 seats): two hunters, Dracula (seat 2) always the board's, seat 3 not in it.
    server = PartyServer("grid8", {"game": "dracula", "players": 2, "seed": 5})
    table = Events(server, server.table("/events"))
    try:
        want = [("person", True), ("person", True), ("board", False), ("out", False)]
        joins = table.next("joins", lambda d: _roles(d) == want)[1]
        assert server.tokens.seats[2] not in str(joins) and server.tokens.seats[3] not in str(joins)
        assert server.tokens.seats[2] not in server.http.get(server.table()).text  # nor on the page itself
        r = server.post(server.table("/start"), {"game": "vampire_nights", "players": 4, "board": 1})
        assert r.status_code == 200, r.text
        table.next("joins", lambda d: _roles(d) == [("person", True)] * 3 + [("board", False)])
        r = server.post(server.table("/start"), {"game": "vampire_nights", "players": 2, "board": 0})
        assert r.status_code == 200, r.text
        table.next("joins", lambda d: _roles(d) == [("person", True)] * 2 + [("out", False)] * 2)
    finally:
        table.close()
        server.close()


def test_a_dracula_hunters_page_says_nothing_is_secret_and_offers_the_moves():
    from nightboard_host.games.dracula.seat_page import NOTHING_SECRET

    server = PartyServer("grid8", {"game": "dracula", "players": 2, "seed": 5})
    red, blue = Events(server, server.seat(0, "/events")), Events(server, server.seat(1, "/events"))
    try:
        mine = red.next("seat", lambda d: d["to_move"] and d["actions"])[1]
        assert mine["secret"] is False and mine["view"][0] == NOTHING_SECRET
        assert any(a["words"].startswith("move to ") for a in mine["actions"])
        assert not any("(mode: " in line for line in mine["describe"])  # no buttons' legend on a phone
        other = blue.next("seat", lambda d: d["playing"] and d["waiting"])[1]
        assert other["waiting"] == ["red"] and other["secret"] is False
        move = [a for a in mine["actions"] if a["words"].startswith("move to ")][0]
        r = server.post(server.seat(0, "/act"), {"action": move["action"]})
        assert r.status_code == 200, r.text
        red.next("seat", lambda d: "You are red, in room %s." % move["words"][8:] in d["view"])
    finally:
        red.close()
        blue.close()
        server.close()
