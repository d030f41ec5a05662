"""Input latency: frames from the button's first contact to the first frame that shows it. After common.py;
PROFILE and START in front."""

t, hal = table(PROFILE, START)
lat = []
b = t.button_id(0, 'look')
lay = t.layout
led = lay.status_led(0, 1)
for phase in range(16):
    for _ in range(40):
        hal.clock.advance(16); t.tick()
    hal.clock.advance(phase)
    before = bytes(t.frame.rgb[3 * led:3 * led + 3])
    hal.buttons.press(b)
    k = 0
    while True:
        hal.clock.advance(16); t.tick(); k += 1
        if bytes(t.frame.rgb[3 * led:3 * led + 3]) != before or k > 50:
            break
    lat.append(k)
    hal.buttons.release(b)
print(json.dumps({'frames': lat}))
