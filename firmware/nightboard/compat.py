"""Small shims so the shared package runs unchanged on CPython and MicroPython."""

# At module level, never inside a function: on MicroPython 1.21+ `import json` of a built-in module that is
# not in sys.modules searches sys.path on the filesystem first (a .py there may extend it), which costs
# about 3.5 ms a call on a Pico's littlefs (measured on the emulated RP2040; json.dumps itself takes 0.1 ms).
import gc
import json

SMALL_HEAP = hasattr(gc, "mem_free")  # MicroPython (a board's heap); not CPython

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


def forget_module(path):
    """Drop a module the board needs no more from sys.modules and from its package, so that its functions,
    classes and constants can be collected once nothing else holds one of them (a function holds its whole
    module). The next import reads it again (from flash: 20 to 90 ms on a Pico)."""
    import sys

    sys.modules.pop(path, None)
    parent, _, leaf = path.rpartition(".")
    pkg = sys.modules.get(parent)
    if pkg is not None and leaf in pkg.__dict__:
        delattr(pkg, leaf)


def forget_modules(prefix):
    """forget_module for every loaded module whose dotted name starts with `prefix` (a game's package
    and all it imported of its own, once the game has left the table)."""
    import sys

    for path in [m for m in sys.modules if m.startswith(prefix)]:
        forget_module(path)


def module(path):
    """The module at `path` (dotted): the one already loaded when there is one. `from package import name`
    would import the package itself again whenever the board has set it aside during a game
    (table/programs.py set_aside), a second copy of its facts for the rest of the game."""
    import sys

    m = sys.modules.get(path)
    return m if m is not None else __import__(path, None, None, ["_"])
