"""VampEmpire's rituals on a seat's private hand panel (table/hand_panel.py), imported by its controller
(play.py) only on a table that has hand panels: a table without them holds none of this."""

from nightboard.games.vampempire import actions as A
from nightboard.games.vampempire import pieces as R
from nightboard.table import palette as P
from nightboard.games.vampempire.play import BODY, CURSOR, KIND_COLOUR, NTH, RITUAL_COLOUR


def draw_hand(play, s, blink):
    """Seat s's rituals on its private hand panel (play: the VampEmpirePlay) (drawn when what it shows changes): a row per ritual,
    in its type's colour (cyan Buff, crimson Attack), as many lights as its place among its type in the
    deck's table; white at the end of the last ritual row: more rituals than rows. The ritual of the
    choice blinks. The last row is the choice: the kind of action, the seat it aims at, and from the
    fourth light what it names (a ritual as in its row, or bodies in amber, one light a body). Answering
    an offer: the seat that offers, what it offers, and what it asks blinking in the hand (the ritual's
    row, or a row of amber bodies after the last ritual); answering a ritual played: who, and which;
    choosing a vampire (T1): from the fourth light the one on offer, 1 to 4 white lights."""
    hp = play.hand_panel
    hand = play.game.hands[s]
    rows = hp.h - 1
    mine = s == play.mover and play.kind and not play.board_turn  # the board's seats choose no action by buttons
    for i in range(min(len(hand), rows)):
        if mine and blink and i == play.pick_at:
            continue
        k = hand[i]
        hp.row(s, i, RITUAL_COLOUR[R.KINDS[k][1]], NTH[k])
    if len(hand) > rows:
        hp.cell(s, hp.w - 1, rows - 1, CURSOR)  # white, as on every hand panel: more than fits
    if not mine:
        return
    if play.pick_bodies and len(hand) < rows and not blink:  # bodies asked of it: a blinking amber row
        hp.row(s, len(hand), BODY, play.pick_bodies)
    c = KIND_COLOUR[play.kind]
    hp.cell(s, 0, rows, P.SEAT[s] if c is None else c)
    if play.pick_seat >= 0:
        hp.cell(s, 1, rows, P.SEAT[play.pick_seat])
    item = play.pick_item
    if play.kind == A.CHOOSE:  # the vampire on offer: 1 to 4 white lights
        hp.row(s, rows, CURSOR, item + 1, 3)
    elif item >= A.BODIES:
        hp.row(s, rows, BODY, item - A.BODIES, 3)
    elif item >= 0:
        hp.row(s, rows, RITUAL_COLOUR[R.KINDS[item][1]], NTH[item], 3)
