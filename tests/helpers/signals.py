"""Children that stop on Ctrl-C however the tests were started.

A shell without job control starts a background job with SIGINT ignored, and every process it starts inherits
that (pytest, its workers, and the `nightboard` commands the tests run): `nightboard virtual-board` then never
sees the test's Ctrl-C and the test waits it out. Seen running `.ci/run` as a background job of a script."""

import signal


def sigint_default():
    """For Popen's preexec_fn: SIGINT back to its default, so Python in the child makes it KeyboardInterrupt."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
