"""Set-ups of the flashing tests: a flashed board's hello, asked over a fresh connection."""

import time

from nightboard_host.link.client import BoardTimeout, Client


def hello(port, timeout=10.0):
    """The firmware's hello reply, asked over a fresh connection."""
    end = time.monotonic() + timeout
    with Client(port, timeout=0.5) as c:
        while True:
            try:
                r = c.request("hello")
                if r.get("ok"):
                    return r
            except BoardTimeout:
                pass
            assert time.monotonic() < end, "no hello from %s: %s" % (port, c.noise[-5:])
