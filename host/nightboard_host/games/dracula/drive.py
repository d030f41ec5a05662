"""How `nightboard bench` plays the Dracula hunt on the table: drive(t, hal, k), run under MicroPython beside the table
`t` (the bench's heap program, programs/heap.py, calls it k = 0, 1 ...; TOOLS["bench"]["drive"] names this module):
the hunter whose turn it is presses mode (k % 3 times), move and ok.
"""

def drive(t, hal, k):
    for _ in range(600):
        if t.game.over or (t.game.active >= 0 and not t.play.animating()):
            break
        hal.clock.advance(16); t.tick()
    if t.game.over:
        return
    h = t.game.active
    for role in ['mode'] * (k % 3) + ['move', 'ok']:
        b = t.button_id(h, role)
        hal.buttons.press(b)
        for _ in range(5):
            hal.clock.advance(16); t.tick()
        hal.buttons.release(b)
        for _ in range(3):
            hal.clock.advance(16); t.tick()
