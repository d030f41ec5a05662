"""`nightboard party` in a real browser (headless chromium, Debian's, driven by Playwright): the table page draws
the board's frames and starts a game; a whole game of the card game and of Vampire Nights is played from the
seats' pages only, one seat by real taps on a phone-sized page (pick, step back, pick, confirm) and the others
through the same HTTP requests their pages send; a seat's page survives a reload and a replaced join code.
Screenshots of a seat's page and of the table page: docs/images/ with NIGHTBOARD_DOCS_IMAGES=1."""

import json
import os
import random
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from party_helpers import Follow, PartyServer
from web_site import CHROMIUM, CHROMIUM_ARGS, ROOT, need_chromium

pytestmark = pytest.mark.web
SHOTS = ROOT / "docs" / "images" if os.environ.get("NIGHTBOARD_DOCS_IMAGES") == "1" else \
    ROOT / "tests" / "helpers" / "_artifacts"
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def browser():
    need_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


def open_page(browser, url, viewport):
    context = browser.new_context(viewport=viewport, is_mobile=viewport is PHONE, has_touch=viewport is PHONE)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if "Content Security Policy" in m.text else None)
    page.errors = errors
    page.goto(url)
    return page


def lit_pixels(page):
    return page.evaluate("""() => { const c = document.getElementById('table');
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; let n = 0;
        for (let i = 0; i < d.length; i += 4) if (d[i] > 120 || d[i + 1] > 120 || d[i + 2] > 120) n++; return n; }""")


def test_the_table_page_draws_the_board_and_starts_a_game(browser):
    server = PartyServer("ring4")
    try:
        page = open_page(browser, server.url + server.table(), {"width": 1280, "height": 900})
        expect(page.locator("#joins .join svg")).to_have_count(4)
        expect(page.locator("#describe li").first).to_be_visible()
        expect(page.locator("#title")).to_have_text("Start menu")
        deadline = time.time() + 10
        while lit_pixels(page) == 0 and time.time() < deadline:
            time.sleep(0.1)
        assert lit_pixels(page) > 0  # the menu's lights, drawn from the board's frames
        page.select_option("#game", "vampire_cards")
        page.select_option("#players", "3")
        page.click("#start-button")
        expect(page.locator("#title")).to_contain_text("card game")
        expect(page.locator("#start")).to_be_hidden()
        assert server.board.table.mode == "game"
        # a bad start is refused with the board's own sentence
        server.post(server.table("/start"), {"game": "vampire_cards", "players": 3})  # (a new game: fine)
        assert not page.errors, page.errors
    finally:
        server.close()


def test_the_table_page_offers_codes_only_for_the_seats_people_play(browser):
    # ring4 seats four. In the menu anyone may join; a 3-player card game with one seat the board's leaves
    # two codes (yellow's box says the board plays it, green's that it is not in the game); a new game of
    # four people, started as the page starts one, brings the codes back.
    server = PartyServer("ring4")
    try:
        page = open_page(browser, server.url + server.table(), {"width": 1280, "height": 900})
        codes = page.locator("#joins .join svg")
        expect(codes).to_have_count(4)
        page.select_option("#game", "vampire_cards")
        page.select_option("#players", "3")
        page.select_option("#options select[name=board]", "1")  # the board plays one seat
        page.click("#start-button")
        expect(page.locator("#title")).to_contain_text("card game")
        expect(codes).to_have_count(2)
        expect(page.locator("#joins .join[data-seat='2']")).to_contain_text("The board plays yellow.")
        expect(page.locator("#joins .join[data-seat='3']")).to_contain_text("green is not in this game.")
        for s in (2, 3):
            expect(page.locator("#joins .join[data-seat='%d'] a" % s)).to_have_count(0)
            assert server.tokens.seats[s] not in page.locator("#joins").inner_html()
        r = server.post(server.table("/start"), {"game": "vampire_cards", "players": 4, "board": 0})
        assert r.status_code == 200, r.text
        expect(codes).to_have_count(4)
        expect(page.locator("#joins .no-code")).to_have_count(0)
        assert not page.errors, page.errors
    finally:
        server.close()


def test_a_dracula_hunters_page_says_plainly_that_nothing_is_secret_and_plays_a_move(browser):
    server = PartyServer("grid8", {"game": "dracula", "players": 2, "seed": 5})
    try:
        phone = open_page(browser, server.url + server.seat(0), PHONE)
        expect(phone.locator("#view li").first).to_contain_text("Nothing here is secret")
        expect(phone.locator("#mine-head")).to_have_text("You")  # not "Only you see this"
        expect(phone.locator("#describe")).not_to_contain_text("(mode: ")
        move = phone.locator("#actions button", has_text="move to ").first
        room = move.inner_text()[len("move to "):]
        move.click()
        phone.click("#ok")
        expect(phone.locator("#view")).to_contain_text("You are red, in room %s." % room)
        expect(phone.locator("#actions button", has_text="move to ")).to_have_count(0)  # then an item, or end
        blue = open_page(browser, server.url + server.seat(1), PHONE)
        expect(blue.locator("#turn")).to_have_text("Waiting for red.")  # (red's turn goes on after a move)
        assert not phone.errors and not blue.errors, phone.errors + blue.errors
    finally:
        server.close()


def test_a_message_that_leaves_the_choices_alone_leaves_the_buttons_under_the_finger(browser):
    # Another seat's move or the board's words push this seat a new message with the same choices: the buttons
    # must stay the same elements, or a tap that lands while the message arrives is lost (CI saw a click retried
    # for 30 s on a button made again and again). New choices make new buttons.
    server = PartyServer("ring4", {"game": "vampire_cards", "players": 3, "seed": 11})
    follow = Follow(server, server.seat(0, "/events"))
    try:
        phone = open_page(browser, server.url + server.seat(0), PHONE)
        follow.wait(lambda f: "seat" in f.latest and f.latest["seat"]["actions"], what="red's choices")
        expect(phone.locator("#actions button").first).to_be_visible()
        message = follow.latest["seat"]
        phone.locator("#actions button").first.click()
        phone.evaluate("document.querySelectorAll('#actions button').forEach((b) => { b.mark = 1; })")
        for n in range(3):
            again = dict(message, status="message %d" % n, describe=message["describe"] + ["line %d" % n])
            server.party.hub.publish("seat", 0, json.dumps(again))
            expect(phone.locator("#status")).to_have_text("message %d" % n)
        assert phone.evaluate("[...document.querySelectorAll('#actions button')].every((b) => b.mark === 1)")
        assert phone.locator("#actions button.picked").count() == 1  # the pick is kept too
        expect(phone.locator("#confirm")).to_be_visible()
        fewer = dict(message, status="fewer", actions=message["actions"][1:])
        server.party.hub.publish("seat", 0, json.dumps(fewer))
        expect(phone.locator("#status")).to_have_text("fewer")
        expect(phone.locator("#actions button")).to_have_count(len(message["actions"]) - 1)
        assert not phone.evaluate("[...document.querySelectorAll('#actions button')].some((b) => b.mark === 1)")
        expect(phone.locator("#confirm")).to_be_hidden()  # the picked choice is gone with its button
        assert not phone.errors, phone.errors
    finally:
        follow.close()
        server.close()


def phone_act(page, rng, shot=None):
    """Tap a choice on the seat's page, step back, tap one again and confirm, as a player would; its words, or
    None when a message came meanwhile with other choices (the move was over: the page dropped the pick and hid
    Confirm, as it should). shot: a file for a picture of the page just before Confirm."""
    buttons = page.locator("#actions button")
    before = buttons.all_inner_texts()
    n = len(before)

    def moved_on():
        return buttons.all_inner_texts() != before and page.locator("#confirm").is_hidden()

    try:
        buttons.nth(rng.randrange(n)).click(timeout=5000)
        if page.locator("#confirm").is_visible():
            page.click("#back", timeout=5000)
            assert page.locator("#confirm").is_hidden()
            pick = rng.randrange(n)
            words = buttons.nth(pick).inner_text(timeout=5000)
            buttons.nth(pick).click(timeout=5000)
            if page.locator("#chosen").inner_text() == words:
                if shot is not None:
                    page.evaluate("window.scrollTo(0, 0)")
                    page.screenshot(path=str(shot))
                page.click("#ok", timeout=5000)
                return words
    except PlaywrightTimeout:
        pass
    assert moved_on(), "a tap lost on a page whose choices did not change"
    return None


@pytest.mark.parametrize("game,players,profile", [("vampire_cards", 3, "ring4"), ("vampire_nights", 2, "grid8")])
def test_a_whole_game_from_the_seats_pages(browser, game, players, profile):
    rng = random.Random(7)
    # the simulated table's frames three times as fast as a board's (the same frames: the clock is the table's)
    server = PartyServer(profile, {"game": game, "players": players, "seed": 11}, speed=3.0)
    seats = [Follow(server, server.seat(s, "/events")) for s in range(players)]
    try:
        table = open_page(browser, server.url + server.table(), {"width": 1280, "height": 900})
        phone = open_page(browser, server.url + server.seat(0), PHONE)
        expect(phone.locator("#seat-name")).to_have_text("red")
        expect(phone.locator("#view li").first).to_be_visible()
        taps = sent = behind = 0
        end = time.monotonic() + 600
        while time.monotonic() < end:
            for f in seats:
                f.wait(lambda f: "seat" in f.latest, what="seat message")
            states = [f.latest["seat"] for f in seats]
            if states[0]["over"]:
                break
            moving = [s for s in range(players) if states[s]["to_move"] and states[s]["actions"]]
            if not moving:
                time.sleep(0.05)  # the board's animation, its save: the next message says what comes
                continue
            s = moving[rng.randrange(len(moving))]
            seen = seats[s].count
            if s == 0:
                expect(phone.locator("#actions button:not([disabled])").first).to_be_visible()
                # the page shows the message the test chose from (not one behind): the same choices
                expect(phone.locator("#actions button")).to_have_count(len(states[0]["actions"]))
                pictures = game == "vampire_cards" and taps == 2
                if phone_act(phone, rng, SHOTS / "party-seat.png" if pictures else None) is None:
                    behind += 1  # the test chose from a message the board had already moved past
                    continue
                if pictures:  # the table page, live beside the game
                    expect(table.locator("#log li").first).to_be_attached()
                    table.screenshot(path=str(SHOTS / "party-table.png"), full_page=True)
                expect(phone.locator("#ok:not([disabled]), #confirm[hidden]").first).to_be_attached()
                err = phone.locator("#error").inner_text()
                # refused only when the page was a message behind (the board's words: not its move, not its time)
                assert not err or "move" in err or "time to act" in err, err
                taps += 1
                if taps == 3:  # a phone that reloads is right at once
                    phone.reload()
                    expect(phone.locator("#view li").first).to_be_visible()
            else:
                acts = states[s]["actions"]
                r = server.post(server.seat(s, "/act"), {"action": acts[rng.randrange(len(acts))]["action"]})
                if r.status_code == 429:  # faster than a person: the server slows it down, in words
                    assert "too many actions" in r.json()["error"]
                    time.sleep(0.3)
                    continue
                assert r.status_code in (200, 409), r.text  # 409: a message behind, said in the game's words
                sent += 1
            try:  # a message that says the move was made (a count alone may be a message sent before it)
                seats[s].wait(lambda f: f.count > seen and f.latest["seat"] != states[s], timeout=5)
            except AssertionError:
                pass  # an action that changed nothing this seat sees
        else:
            pytest.fail("the game did not end in 600 s (%d taps, %d actions by HTTP)" % (taps, sent))
        assert taps >= 3 and behind <= taps, (taps, behind)
        expect(phone.locator("#turn")).to_have_text("The game is over.")
        expect(table.locator("#log li").last).to_contain_text("game over")
        assert not phone.errors and not table.errors, phone.errors + table.errors
    finally:
        for f in seats:
            f.close()
        server.close()
