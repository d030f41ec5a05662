"""How `nightboard bench` plays Vampire Nights on the table: drive(t, hal, k), run under MicroPython beside the table
`t` (the bench's heap program, programs/heap.py, calls it k = 0, 1 ...; TOOLS["bench"]["drive"] names this module):
a player's whole turn a call (a game is about 420 actions, over 400 when taken
one a call), or up to an action that animates (a room turned up, a bite: the bench measures frames inside it);
the seat to move presses ok, first holding look, with a mode press, when only a secret choice is open to it.
So a 4-player game ends well inside the bench's 400 calls.
"""

def _tap(t, hal, seat, role, down=True, up=True):
    b = t.button_id(seat, role)
    if down:
        hal.buttons.press(b)
    for _ in range(5):
        hal.clock.advance(16); t.tick()
    if up:
        hal.buttons.release(b)
    for _ in range(3):
        hal.clock.advance(16); t.tick()

def _act(t, hal, s):
    if t.play.chosen() is not None:
        _tap(t, hal, s, 'ok')
        return
    _tap(t, hal, s, 'look', up=False)
    _tap(t, hal, s, 'mode')
    _tap(t, hal, s, 'ok')
    _tap(t, hal, s, 'look', down=False)

def drive(t, hal, k):
    i = 0
    while i < 12 and t.play is not None and not t.game.over:
        s = t.game.to_move()[0]
        _act(t, hal, s)
        i += 1
        if t.play is None or t.game.over or t.game.to_move()[0] != s or t.play.animating():
            return
