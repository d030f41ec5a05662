"""The browser table in a real browser: headless chromium (Debian's, driven by Playwright) loads the built
site from a local server (`nightboard web`'s), plays a whole game of VampiRing and of the card game by
clicking the seats' buttons, reloads in the middle and resumes the saved game, downloads the record and
replays it with `nightboard replay`; every shipped profile loads; a screenshot is saved (SCREENSHOT)."""

import json
import os
import random
import time

import pytest

from nightboard_host import cli
from nightboard_host.commands.play import shipped_profiles
from web_site import CHROMIUM, CHROMIUM_ARGS, ROOT, Server, build_site, need_chromium

pytestmark = pytest.mark.web
# The picture in docs/web.md: written under tests/helpers/_artifacts/ (a test leaves the checkout as it found it);
# NIGHTBOARD_DOCS_IMAGES=1 writes it into docs/images/ to refresh the documents.
SCREENSHOT = (ROOT / "docs" / "images" if os.environ.get("NIGHTBOARD_DOCS_IMAGES") == "1"
              else ROOT / "tests" / "helpers" / "_artifacts") / "web-vampiring.png"
HOLD_S = 0.06  # a click holds the button a few frames: the table reads its buttons once a frame
MAX_CLICKS = 1500


@pytest.fixture(scope="module")
def site_url(tmp_path_factory):
    need_chromium()
    server = Server(build_site(tmp_path_factory.mktemp("site")))
    yield server.url
    server.close()


@pytest.fixture(scope="module")
def browser(site_url):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


def open_page(browser, url, context=None):
    context = context or browser.new_context(viewport={"width": 1400, "height": 950}, accept_downloads=True)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    wait_ready(page)
    assert not errors, errors
    return page


def wait_ready(page):
    page.wait_for_function("window.nightboard && (window.nightboard.error || window.nightboard.firstFrame())",
                           timeout=60000)
    error = page.evaluate("window.nightboard.error || null")
    assert error is None, error


def panel(page):
    return page.evaluate("window.nightboard.panel()")


def wait_panel(page, test, what, timeout=10.0):
    end = time.time() + timeout
    while time.time() < end:
        p = panel(page)
        if test(p):
            return p
        time.sleep(0.05)
    pytest.fail("the page never showed %s: %r" % (what, panel(page)))


def click(page, player, role):
    """Press a seat's button with the mouse, as a person would: down, a few frames, up."""
    box = page.locator('button.key[data-player="%d"][data-role="%s"]' % (player, role)).bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    time.sleep(HOLD_S)
    page.mouse.up()
    time.sleep(HOLD_S)


def play(page, rng, until):
    """Click the playing seats' buttons (mostly ok) until until(panel) holds; the number of clicks."""
    roles = ("ok", "ok", "move", "mode")
    for n in range(MAX_CLICKS):
        p = panel(page)
        if until(p):
            return n
        click(page, rng.randrange(p["players"]), roles[rng.randrange(len(roles))])
    pytest.fail("not done after %d clicks: %r" % (MAX_CLICKS, panel(page)))


def turn_of(p):
    return p["lines"][0]


def start_from_menu(page, title):
    """Choose the game with red's mode in the table's own start menu, then ok."""
    wait_panel(page, lambda p: p["mode"] == "menu", "the start menu")
    for _ in range(8):
        if (">game %s" % title) in panel(page)["lines"][1]:
            break
        click(page, 0, "mode")
    click(page, 0, "ok")
    return wait_panel(page, lambda p: p["mode"] == "game" and p["title"] == title, "the game started")


def download_and_replay(page, tmp_path):
    wait_panel(page, lambda p: p["record"], "the record ready")
    with page.expect_download() as d:
        page.click("#record")
    path = tmp_path / "record.json"
    d.value.save_as(path)
    assert cli.main(["replay", str(path)]) == 0
    # the seed the table tells at the game's end, to the last of its 62 bits (a JavaScript number keeps 53)
    told = [ln for ln in panel(page)["lines"] if ln.startswith("seed ") and "told now" in ln]
    assert told and json.loads(path.read_text())["setup"]["seed"] == int(told[0].split()[1])
    return path


def test_every_shipped_profile_loads(browser, site_url):
    context = browser.new_context()
    for name in shipped_profiles():
        page = open_page(browser, site_url + "?profile=" + name, context)
        assert page.evaluate("window.nightboard.shape.name") == name
        assert page.evaluate("window.nightboard.frame().length") > 0
        page.close()
    page = context.new_page()
    page.goto(site_url + "?profile=nosuch")
    page.wait_for_function("window.nightboard && window.nightboard.error", timeout=60000)
    assert "no profile named nosuch" in page.evaluate("window.nightboard.error")
    context.close()


def test_vampiring_by_clicking_with_a_reload(browser, site_url, tmp_path):
    rng = random.Random(41)
    page = open_page(browser, site_url + "?profile=ring4")
    start_from_menu(page, "VampiRing")
    play(page, rng, lambda p: "turn 4" in turn_of(p))
    time.sleep(1.0)  # the turn's save is written over a few frames
    before = panel(page)
    SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOT))
    page.reload()
    wait_ready(page)
    wait_panel(page, lambda p: p["mode"] == "resume_ask", "the offer to carry on with the saved game")
    click(page, 0, "ok")
    after = wait_panel(page, lambda p: p["mode"] == "game", "the resumed game")
    assert turn_of(after) == turn_of(before)
    assert after["log"] == before["log"] or after["log"] == []  # the table keeps the newest events only
    play(page, rng, lambda p: p["over"])
    download_and_replay(page, tmp_path)
    page.context.close()


def test_card_game_by_clicking(browser, site_url, tmp_path):
    rng = random.Random(42)
    page = open_page(browser, site_url + "?profile=ring4")
    start_from_menu(page, "Vampire (the card game)")
    clicks = play(page, rng, lambda p: p["over"])
    assert clicks > 10
    download_and_replay(page, tmp_path)
    page.context.close()
