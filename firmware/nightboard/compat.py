"""Small shims so the shared package runs unchanged on CPython and MicroPython."""

# At module level, never inside a function: on MicroPython 1.21+ `import json` of a built-in module that is
# not in sys.modules searches sys.path on the filesystem first (a .py there may extend it), which costs
# about 3.5 ms a call on a Pico's littlefs (measured on the emulated RP2040; json.dumps itself takes 0.1 ms).
import json

try:
    from micropython import const  # noqa: F401
except ImportError:  # CPython

    def const(x):
        return x


def json_dumps(obj):
    """Compact JSON text, the same on both interpreters for lists and scalars."""
    try:
        return json.dumps(obj, separators=(",", ":"))
    except TypeError:  # very old MicroPython without separators
        return json.dumps(obj)


def format_exception(exc):
    """The traceback of an exception as text, on either interpreter."""
    try:
        import io
        import sys

        buf = io.StringIO()
        sys.print_exception(exc, buf)  # MicroPython  # pyright: ignore[reportArgumentType]  any stream works
        return buf.getvalue()  # pyright: ignore[reportAttributeAccessIssue]  the stub omits StringIO.getvalue
    except AttributeError:
        import traceback

        return "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
