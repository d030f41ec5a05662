"""Small shims so the shared package runs unchanged on CPython and MicroPython."""

try:
    from micropython import const  # noqa: F401
except ImportError:  # CPython

    def const(x):
        return x


def json_dumps(obj):
    """Compact JSON text, the same on both interpreters for lists and scalars."""
    import json

    try:
        return json.dumps(obj, separators=(",", ":"))
    except TypeError:  # very old MicroPython without separators
        return json.dumps(obj)
