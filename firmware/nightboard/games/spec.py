"""Checking a game's outside input (positions, setups) against field specs: the type first, then the meaning.

A spec is a tuple of fields (name, kind, rule):
  kind  "int", "str", "bool", "list", "dict" or "any"; a trailing "?" also allows null
  rule  "int": (lo, hi); "str": a tuple of the allowed words, or None;
        "list": (length or None, item kind, item rule), the items checked as fields are
A field missing from the object is not checked here (each game gives its own default);
a field the spec does not name is refused. Every refusal is a GameError that names the field.

Only loading needs this module: a game played from the menu never imports it.
"""

from nightboard.games.errors import GameError, show

KIND_WORDS = {"int": "an integer", "str": "a string", "bool": "true or false", "list": "a list",
              "dict": "an object", "any": "a value"}


def _is_kind(v, kind):
    if kind == "int":
        return isinstance(v, int) and not isinstance(v, bool)
    if kind == "str":
        return isinstance(v, str)
    if kind == "bool":
        return v is True or v is False
    if kind == "list":
        return isinstance(v, list)
    if kind == "dict":
        return isinstance(v, dict)
    return True


def value(v, what, kind, rule=None):
    """Check one value; return it. `what` names it in the message."""
    if kind[-1] == "?":
        if v is None:
            return v
        kind = kind[:-1]
    if not _is_kind(v, kind):
        raise GameError("%s must be %s, not %s" % (what, KIND_WORDS[kind], show(v)))
    if rule is None:
        return v
    if kind == "int":
        if not rule[0] <= v <= rule[1]:
            raise GameError("%s must be an integer %d..%d, not %s" % (what, rule[0], rule[1], show(v)))
    elif kind == "str":
        if v not in rule:
            raise GameError("%s must be %s, not %s" % (what, " or ".join(rule), show(v)))
    elif kind == "list":
        n, item_kind, item_rule = rule
        if n is not None and len(v) != n:
            raise GameError("%s must list %d entries, not %d" % (what, n, len(v)))
        for i in range(len(v)):
            value(v[i], "%s[%d]" % (what, i), item_kind, item_rule)
    return v


def fields(obj, spec, what="position"):
    """Check every field of obj that spec names (and refuse the others); return obj."""
    if not isinstance(obj, dict):
        raise GameError("a %s is a JSON object, not %s" % (what, show(obj)))
    names = [f[0] for f in spec]
    for k in sorted([str(k) for k in obj]):
        if k not in names:
            known = ", ".join(names)
            raise GameError("%s has an unknown field %s (known: %s)" % (
                what, show(k), known if len(known) <= 160 else known[:157] + "..."))
    for name, kind, rule in spec:
        if name in obj:
            value(obj[name], name, kind, rule)
    return obj


def options(given, spec):
    """Check a game's setup options ({name: value}) against its declared options, ((name, values), ...);
    return them with the defaults (the first value of each) filled in."""
    out = {}
    for name, values in spec:
        out[name] = values[0]
    for name in sorted(given):
        allowed = None
        for n, values in spec:
            if n == name:
                allowed = values
        if allowed is None:
            raise GameError("unknown option %s (this game has: %s)" % (show(name), ", ".join(n for n, _ in spec)))
        v = given[name]
        ok = False
        for a in allowed:
            if v == a and type(v) is type(a):
                ok = True
        if not ok:
            raise GameError("%s must be %s, not %s" % (name, " or ".join(show(a) for a in allowed), show(v)))
        out[name] = v
    return out


SEED_MAX = 2 ** 62


def seed(v, what="seed"):
    return value(v, what, "int", (0, SEED_MAX))
