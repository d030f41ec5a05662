"""Every seat holds look, on a still table (t, hal: common.py's; START in front): the start's animation
(the card game's deal) over first, then look pressed at each seat, 5 frames (bench.costs.frame_instructions,
"look")."""
k = 0
while t.play is not None and t.play.animating() and k < 600:
    hal.clock.advance(16); t.tick(); k += 1
for p in range(START['players']):
    hal.buttons.press(t.button_id(p, 'look'))
for _ in range(5):
    hal.clock.advance(16); t.tick()
