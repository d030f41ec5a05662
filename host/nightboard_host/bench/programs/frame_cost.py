"""Frame cost: our render + encode against the plain way (per-pixel assignment on the stock neopixel
object, brightness scaled in Python), timed in the same run. After common.py; PROFILE and START in front."""

import neopixel
t, hal = table(PROFILE, START)
for _ in range(5):
    hal.clock.advance(16); t.tick()
n = t.frame.n
rgb = t.frame.rgb
enc = t.encoder
np = neopixel.NeoPixel(None, n)
bright = t.profile['power']['brightness']
def ours_render():
    t.render(hal.clock.ticks_ms())
def ours_encode():
    enc.encode(t.frame)
def plain():
    # What a maker would write: scale each pixel in Python, assign it to the neopixel object.
    for i in range(n):
        j = 3 * i
        np[i] = (rgb[j] * bright // 255, rgb[j + 1] * bright // 255, rgb[j + 2] * bright // 255)
def timed(fn, k):
    t0 = time.ticks_us()
    for _ in range(k):
        fn()
    return time.ticks_diff(time.ticks_us(), t0) / k
best = {'render': 1e9, 'encode': 1e9, 'plain': 1e9}
for _ in range(7):
    best['render'] = min(best['render'], timed(ours_render, 40))
    best['encode'] = min(best['encode'], timed(ours_encode, 40))
    best['plain'] = min(best['plain'], timed(plain, 40))
print(json.dumps({'n': n, 'render_us': best['render'], 'encode_us': best['encode'], 'plain_us': best['plain']}))
