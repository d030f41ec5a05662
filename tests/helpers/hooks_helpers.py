"""A game's TOOLS read and checked as host/nightboard_host/hooks.py reads it (tests/contract)."""

from nightboard_host import hooks


def tools_of(name):
    return __import__("nightboard.games.%s.tools" % name, None, None, ["TOOLS"]).TOOLS


def problems(tools):
    """What is wrong with a game's TOOLS, in words ([] when nothing is)."""
    out = ["no %s" % k for k in hooks.REQUIRED if k not in tools]
    out += ["unknown key %s" % k for k in sorted(tools) if k not in hooks.KNOWN]
    for key in hooks.HOOKS:
        path = tools.get(key) or hooks.HOOKS[key][0]
        if path is None:
            continue
        try:
            found = hooks.load(path)
        except (ValueError, ImportError, AttributeError) as e:
            out.append("%s: %s" % (key, e))
            continue
        if not callable(found):
            out.append("%s: %s is no function" % (key, path))
    return out
