"""Trades at the table (T2, T3): one seat puts an offer together with its buttons, the asked seat accepts
or refuses with its own; the board, answering for a seat, accepts only a trade that helps that seat."""

from mpy_harness import ROOT
from nightboard.games import vampempire as M
from nightboard.games.vampempire import mind
from nightboard.games.vampempire import pieces as R
from nightboard.games.vampempire.actions import ACCEPT, GIVE, OFFER, REFUSE, WANT, act, split
from nightboard.table import palette as P
from nightboard.table.frame import Frame
from nightboard.table.layout import Layout
from nightboard.table.profile import load_profile_file
from nightboard.games.vampempire.play import VampEmpirePlay
from table_driver import game_frame

KIND = dict((R.KINDS[k][4], k) for k in range(len(R.KINDS)))
PROFILE = str(ROOT / "hardware" / "profiles" / "hex8.json")


def setup(board=0, give="potency", want="flies", seed=1):
    g = M.new_game(seed, 2, board=board, vampires=["tyrant", "baroness"])
    assert g.phase == "afternoon" and g.to_move() == [0]
    g.hands = [[KIND[give]], [KIND[want]]]
    g.deck, g.discard = R.deck(), []
    for k in (KIND[give], KIND[want]):
        g.deck.remove(k)
    lay = Layout(load_profile_file(PROFILE))
    return g, VampEmpirePlay(lay, Frame(lay.led_count), g)


def evs(c):
    return [e["ev"] for e in c.log.recent(12)]


def pick(c, seat, action, now=0):
    """Seat's buttons: mode until the action's kind, move until the action, ok (after a frame of the table,
    which works out the choices of the seat to move)."""
    c.board_step(now, True)
    kind = split(action)[0]
    for _ in range(len(c.kinds) + 1):
        if c.kind == kind:
            break
        c.press(seat, "mode", now)
    assert c.kind == kind, (c.kinds, kind)
    for _ in range(len(c.actions) + 1):
        if c.chosen() == action:
            break
        c.press(seat, "move", now)
    assert c.chosen() == action
    c.press(seat, "ok", now)


def test_an_offer_on_one_seats_buttons_accepted_on_the_other_seats():
    g, c = setup()
    pick(c, 0, act(OFFER, 1))
    pick(c, 0, act(GIVE, KIND["potency"]))
    c.press(1, "ok", 100)  # not its turn yet: refused, nothing changes
    assert c.refused_until[1] > 100 and g.pending is not None and g.to_move() == [0]
    pick(c, 0, act(WANT, KIND["flies"]))
    assert g.to_move() == [1] and evs(c)[-1] == "offer"  # T3: the offer is public
    c.press(0, "ok", 200)  # the offerer waits for the answer
    assert c.refused_until[0] > 200 and g.to_move() == [1]
    c.render(200 + 250)
    assert c.frame.get(c.layout.status_led(0, 1)) == P.ERROR
    pick(c, 1, act(ACCEPT), 1000)
    assert g.hands == [[KIND["flies"]], [KIND["potency"]]]
    assert "trade" in evs(c) and "refuse" not in evs(c)


def test_a_refused_offer_changes_no_hand():
    g, c = setup()
    pick(c, 0, act(OFFER, 1))
    pick(c, 0, act(GIVE, KIND["potency"]))
    pick(c, 0, act(WANT, KIND["flies"]))
    pick(c, 1, act(REFUSE))
    assert g.hands == [[KIND["potency"]], [KIND["flies"]]]
    assert "refuse" in evs(c) and "trade" not in evs(c)


def answer(give, want, bodies=None):
    """The board's answer for seat 1 (the Baroness) to seat 0's offer of `give` for `want`."""
    g, c = setup(board=1, give=give, want=want if isinstance(want, str) else "flies")
    if bodies is not None:
        g.bodies[1] = bodies
    g.apply(0, act(OFFER, 1))
    g.apply(0, act(GIVE, KIND[give]))
    g.apply(0, act(WANT, KIND[want] if isinstance(want, str) else want))
    assert g.board_plays(1) and g.to_move() == [1]
    return g, g.board_move(1)


def test_the_board_accepts_a_trade_that_helps_it():
    # Bloodflies (worth 4 bodies to it, less half its cost) for 1 body: it gains
    g, a = answer("flies", 10 + 1)
    v = g.view(1)
    assert mind.worth(v, 1, KIND["flies"]) > mind.worth(v, 1, 10 + 1)
    assert a == act(ACCEPT)


def test_the_board_refuses_a_trade_that_does_not():
    # Hunger Curse (worth 1) for 3 of its bodies: it loses
    g, a = answer("hunger", 10 + 3, bodies=5)
    v = g.view(1)
    assert act(ACCEPT) in g.legal(1) and mind.worth(v, 1, KIND["hunger"]) <= mind.worth(v, 1, 10 + 3)
    assert a == act(REFUSE)
    # Bat Form (worth 1 to it) for its Thralls (worth 2): refused
    g, a = answer("bat", "thralls")
    v = g.view(1)
    assert mind.worth(v, 1, KIND["bat"]) < mind.worth(v, 1, KIND["thralls"]) and a == act(REFUSE)


def test_the_board_answers_on_the_table_by_itself_after_a_while():
    g, c = setup(board=1, give="flies", want="potency")
    pick(c, 0, act(OFFER, 1))
    pick(c, 0, act(GIVE, KIND["flies"]))
    pick(c, 0, act(WANT, KIND["potency"]), now=0)
    assert g.to_move() == [1] and c.board_turn
    t = 0
    while "trade" not in evs(c) and t < 5000:
        t += 16
        game_frame(c, t)
    assert t >= 400  # not at once: the board acts slowly enough to follow
    assert g.hands[0] == [KIND["potency"]] and "trade" in evs(c)
