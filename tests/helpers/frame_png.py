"""LED assertions for tests: when one fails, a PNG of the frame is saved under tests/_artifacts/.

    from frame_png import assert_leds
    assert_leds(table.layout, table.frame, {led: (r, g, b), ...})

The picture (nightboard_host.drawings.snapshot.frame_png) shows every LED in its
logical colour where Layout.geometry() puts it, and labels the wrong LEDs with
their index and the colour that was expected; the assertion message gives its
path. tests/_artifacts/ is in .gitignore.
"""

import os
import re
from pathlib import Path

ARTIFACTS = Path(__file__).resolve().parent / "_artifacts"


def artifact_name(name=None):
    """A file-safe name: `name`, or the running test's id."""
    if name is None:
        name = os.environ.get("PYTEST_CURRENT_TEST", "frame").split(" ")[0]
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name).strip("_") or "frame"


def save_frame(layout, frame, name=None, labels=None):
    """Save a PNG of `frame` as tests/_artifacts/<name>.png; returns its path."""
    from nightboard_host.drawings.snapshot import frame_png

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return frame_png(layout, frame, ARTIFACTS / (artifact_name(name) + ".png"), labels)


def _colour(c):
    return "(%d, %d, %d)" % tuple(c)


def assert_leds(layout, frame, expected, name=None, what="LED"):
    """Every LED in `expected` ({led: (r, g, b)}) has that logical colour in `frame`, else AssertionError
    listing the wrong LEDs and the path of a PNG of the frame with them labelled."""
    wrong = []
    for led in sorted(expected):
        got = frame.get(led)
        if tuple(got) != tuple(expected[led]):
            wrong.append((led, tuple(expected[led]), tuple(got)))
    if not wrong:
        return
    labels = {led: "%d: want %s" % (led, _colour(want)) for led, want, _got in wrong}
    path = save_frame(layout, frame, name, labels)
    lines = ["%s %d is %s, expected %s" % (what, led, _colour(got), _colour(want)) for led, want, got in wrong[:12]]
    if len(wrong) > 12:
        lines.append("... and %d more" % (len(wrong) - 12))
    raise AssertionError("%d of %d LEDs wrong:\n  %s\nframe saved as %s" % (len(wrong), len(expected),
                                                                       "\n  ".join(lines), path))


def assert_led(layout, frame, led, rgb, name=None):
    assert_leds(layout, frame, {led: rgb}, name)
