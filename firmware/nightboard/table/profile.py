"""Board profiles: load a profile (JSON text or dict), validate it, fill in defaults.

A profile describes one physical table: the LED chain (pin, length, colour
order, current draw), the power budget, the segments of the chain in chain
order (the play area -- a ring or a grid --, one panel per player, optional
dark "skip" stretches) and the buttons. Every mistake raises ProfileError
whose message starts with a JSON-path-like name of the field at fault, e.g.
`segments[2].start: LEDs 64..74 overlap segment "ring" (0..63)`.
The field reference for makers is docs/profiles.md.

LIMITS is the one table of a profile's size limits, read by the board's
loader and by the host's check alike (both call load_profile or
load_profile_file), so a profile the host accepts is one the board can load
in its small heap, and one past a limit is refused by both with the same
message. The file's size is checked before it is read, its nesting before it
is parsed.
"""

import json
import os

from nightboard.table.jsonguard import too_deep

from nightboard.table.tablefit import (  # noqa: F401  (re-exported for older imports)
    BLOOD_LEDS,
    ROLES,
    STATUS_LEDS,
    ProfileError,
    _is_int,
    _show,
    check_players,
    play_segment,
    ring_positions,
    segment_span,
)

FORMAT = 1
MAX_LEDS = 1024
MAX_PLAYERS = 6  # seats: one colour each, and the palette has six (table/palette.py SEAT; a test holds them equal)
ORDERS = ("RGB", "RBG", "GRB", "GBR", "BRG", "BGR")
ORIGINS = ("top-left", "top-right", "bottom-left", "bottom-right")
SEGMENT_KINDS = ("ring", "grid", "panel", "skip", "hand")
BUTTON_KINDS = ("gpio", "matrix")
# The limits of a profile (see the module's docstring). A shipped profile is under 3 KB and nests 4 deep.
LIMITS = {
    "file_bytes": 8192,  # the profile file, checked before it is read
    "depth": 8,  # arrays and objects inside one another in its JSON
    "description": 256,  # characters of description
    "id": 32,  # characters of name, board and a segment's id
    "segments": 32,  # entries of segments
    "keys": MAX_PLAYERS * 4,  # entries of buttons.keys: one per role and player at most
    "lines": 16,  # pins of buttons.rows and of buttons.cols
    "hand_side": 16,  # cells across or down a seat's private hand panel
}
_NAME_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-"

_REQ = object()  # marks a required field in the specs below

# Field specs: (name, type, default or _REQ, rule). The rule is (lo, hi) for
# "int", a tuple of allowed values for "str", or None: no rule here (ranges that
# depend on other fields are checked afterwards, with the full range in the message).
_TOP = (
    ("format", "int", _REQ, (FORMAT, FORMAT)),
    ("name", "str", _REQ, None),
    ("description", "str", "", None),
    ("board", "str", "pico", None),
    ("max_players", "int", _REQ, (1, MAX_PLAYERS)),
    ("led", "dict", _REQ, None),
    ("power", "dict", _REQ, None),
    ("segments", "list", _REQ, None),
    ("buttons", "dict", _REQ, None),
    ("cp_pins", "dict", None, None),
)
_LED = (
    ("pin", "int", _REQ, None),
    ("count", "int", _REQ, (1, MAX_LEDS)),
    ("order", "str", "GRB", ORDERS),
    ("ma_per_channel", "int", 20, (1, 100)),
    ("idle_ma_per_led", "int", 1, (0, 10)),
)
_POWER = (
    ("budget_ma", "int", _REQ, (1, 100000)),
    ("brightness", "int", 80, (1, 255)),
)
_SEG_HEAD = (
    ("id", "str", _REQ, None),
    ("kind", "str", _REQ, SEGMENT_KINDS),
)
_SEGMENTS = {
    "ring": _SEG_HEAD + (
        ("start", "int", _REQ, (0, MAX_LEDS - 1)),
        ("positions", "int", _REQ, (2, 255)),
        ("leds_per_position", "int", 1, (1, 16)),
        ("card0", "int", 0, None),
        ("clockwise", "bool", True, None),
    ),
    "grid": _SEG_HEAD + (
        ("start", "int", _REQ, (0, MAX_LEDS - 1)),
        ("width", "int", _REQ, (2, 32)),
        ("height", "int", _REQ, (2, 32)),
        ("serpentine", "bool", _REQ, None),
        ("origin", "str", "top-left", ORIGINS),
        ("hex", "bool", False, None),  # LED centres on a hex grid: rows 1, 3, 5... half a cell right
    ),
    "panel": _SEG_HEAD + (
        ("player", "int", _REQ, None),
        ("start", "int", _REQ, (0, MAX_LEDS - 1)),
        ("blood", "int", BLOOD_LEDS, (BLOOD_LEDS, BLOOD_LEDS)),
        ("status", "int", STATUS_LEDS, (STATUS_LEDS, STATUS_LEDS)),
    ),
    "skip": _SEG_HEAD + (
        ("start", "int", _REQ, (0, MAX_LEDS - 1)),
        ("count", "int", _REQ, (1, MAX_LEDS)),
    ),
    # A seat's private hand panel: a small matrix facing its player only (docs/profiles.md).
    "hand": _SEG_HEAD + (
        ("player", "int", _REQ, None),
        ("start", "int", _REQ, (0, MAX_LEDS - 1)),
        ("width", "int", _REQ, (2, LIMITS["hand_side"])),
        ("height", "int", _REQ, (2, LIMITS["hand_side"])),
        ("serpentine", "bool", True, None),
        ("origin", "str", "top-left", ORIGINS),
    ),
}
_BTN_HEAD = (
    ("kind", "str", _REQ, BUTTON_KINDS),
    ("debounce_ms", "int", 20, (1, 500)),
    ("long_ms", "int", 800, (100, 10000)),
)
_BUTTONS = {
    "gpio": _BTN_HEAD + (("pull", "str", "up", ("up",)), ("keys", "list", _REQ, None)),
    "matrix": _BTN_HEAD + (
        ("rows", "list", _REQ, None),
        ("cols", "list", _REQ, None),
        ("keys", "list", _REQ, None),
    ),
}
_KEY_TAIL = (("player", "int", _REQ, None), ("role", "str", _REQ, ROLES))
_KEYS = {
    "gpio": (("pin", "int", _REQ, None),) + _KEY_TAIL,
    "matrix": (("row", "int", _REQ, None), ("col", "int", _REQ, None)) + _KEY_TAIL,
}
_TYPE_NAMES = {"int": "an integer", "str": "a string", "bool": "true or false", "list": "a list", "dict": "an object"}


def _fail(path, msg):
    raise ProfileError(path + ": " + msg)


def _type_ok(v, t):
    if t == "int":
        return _is_int(v)
    if t == "str":
        return isinstance(v, str)
    if t == "bool":
        return isinstance(v, bool)
    if t == "list":
        return isinstance(v, list)
    return isinstance(v, dict)


def _check_range(path, v, lo, hi):
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        if lo == hi:
            _fail(path, "must be %d (got %d)" % (lo, v))
        if hi is None:
            _fail(path, "must be %d or more (got %d)" % (lo, v))
        _fail(path, "must be %d..%d (got %d)" % (lo, hi, v))


def _fields(obj, path, spec):
    """Check `obj` (a dict) against `spec`; return a new dict in spec order with defaults."""
    if not isinstance(obj, dict):
        _fail(path, "must be an object (got %s)" % _show(obj))
    names = [f[0] for f in spec]
    bad = [str(k) for k in obj if k not in names and not (isinstance(k, str) and k.startswith("_"))]
    if bad:
        bad.sort()
        _fail(_join(path, bad[0]), "unknown field (known fields: %s)" % ", ".join(names))
    out = {}
    for name, t, default, rule in spec:
        p = _join(path, name)
        if name not in obj:
            if default is _REQ:
                _fail(p, "required field is missing")
            out[name] = default
            continue
        v = obj[name]
        if not _type_ok(v, t):
            _fail(p, "must be %s (got %s)" % (_TYPE_NAMES[t], _show(v)))
        if t == "int" and rule is not None:
            _check_range(p, v, rule[0], rule[1])
        elif t == "str" and rule is not None and v not in rule:
            _fail(p, "must be one of %s (got %s)" % (", ".join(rule), _show(v)))
        out[name] = v
    return out


def _kind(obj, path, kinds):
    """The "kind" of an object, checked first because it decides the other fields."""
    if not isinstance(obj, dict):
        _fail(path, "must be an object (got %s)" % _show(obj))
    if "kind" not in obj:
        _fail(path + ".kind", "required field is missing (one of %s)" % ", ".join(kinds))
    k = obj["kind"]
    if not isinstance(k, str) or k not in kinds:
        _fail(path + ".kind", "unknown kind %s (must be one of %s)" % (_show(k), ", ".join(kinds)))
    return k


def _join(path, name):
    return name if not path else path + "." + name


def _pin(path, v, used, owner):
    """Check a GPIO number and record it in `used` as taken by `owner`."""
    if not _is_int(v):
        _fail(path, "must be an integer GPIO number (got %s)" % _show(v))
    if not (0 <= v <= 22 or 26 <= v <= 28):
        _fail(path, "GP%d is not a usable Pico GPIO (use 0..22 or 26..28)" % v)
    if v in used:
        _fail(path, "GP%d already used by %s" % (v, used[v]))
    used[v] = owner


def _check_len(path, v, limit, unit):
    if len(v) > LIMITS[limit]:
        _fail(path, "%d %s, more than the %d a profile may have" % (len(v), unit, LIMITS[limit]))


def check_file_size(nbytes):
    """ProfileError when a profile file of nbytes is larger than LIMITS allow (before reading it)."""
    if nbytes > LIMITS["file_bytes"]:
        raise ProfileError("profile: the file is %d bytes, more than the %d a profile may have"
                           % (nbytes, LIMITS["file_bytes"]))


def _parse(data):
    """A profile file's bytes as JSON, its size and nesting checked first."""
    check_file_size(len(data))
    if too_deep(data, LIMITS["depth"]):
        raise ProfileError("profile: nests arrays or objects more than %d deep" % LIMITS["depth"])
    try:
        text = bytes(data).decode()
    except ValueError:  # UnicodeError on both
        raise ProfileError("profile: not UTF-8 text")
    try:
        return json.loads(text)
    except ValueError as e:
        raise ProfileError("profile: not valid JSON (%s)" % e)


def load_profile(text_or_dict):
    """Validated profile dict (defaults filled in, comment keys "_..." dropped) or ProfileError."""
    src = text_or_dict
    if isinstance(src, str):
        src = src.encode()
    if isinstance(src, (bytes, bytearray)):
        src = _parse(src)
    if not isinstance(src, dict):
        raise ProfileError("profile: must be a JSON object (got %s)" % _show(src))
    if "format" in src and _is_int(src["format"]) and src["format"] != FORMAT:
        _fail("format", "unsupported profile format %d (this firmware reads format %d)" % (src["format"], FORMAT))
    p = _fields(src, "", _TOP)
    name = p["name"]
    if not 1 <= len(name) <= LIMITS["id"] or [c for c in name if c not in _NAME_CHARS]:
        _fail("name", "must be 1..%d letters, digits, '-' or '_' (got %s)" % (LIMITS["id"], _show(name)))
    _check_len("description", p["description"], "description", "characters")
    _check_len("board", p["board"], "id", "characters")
    _check_len("segments", p["segments"], "segments", "entries")
    p["led"] = _fields(p["led"], "led", _LED)
    p["power"] = _fields(p["power"], "power", _POWER)
    used = {}
    _pin("led.pin", p["led"]["pin"], used, "led.pin")
    p["segments"] = _segments(p["segments"], p["led"]["count"], p["max_players"])
    p["buttons"] = _buttons(p["buttons"], p["max_players"], used)
    if p["cp_pins"] is None:
        del p["cp_pins"]
    else:
        p["cp_pins"] = _cp_pins(p["cp_pins"], p["buttons"])
    idle = p["led"]["idle_ma_per_led"] * p["led"]["count"]
    if p["power"]["budget_ma"] <= idle:
        _fail("power.budget_ma", "%d mA does not even cover the idle draw of %d LEDs (%d mA)"
              % (p["power"]["budget_ma"], p["led"]["count"], idle))
    return p


def load_profile_file(path):
    """load_profile on a file, its size checked (os.stat) before it is read; ProfileError for a file that
    is missing, a directory or unreadable too."""
    try:
        st = os.stat(path)
    except OSError:
        raise ProfileError("profile: no file %s" % path)
    if st[0] & 0x4000:
        raise ProfileError("profile: %s is a directory, not a file" % path)
    check_file_size(st[6])
    try:
        with open(path, "rb") as f:
            data = f.read(LIMITS["file_bytes"] + 1)  # never more, even if the file grew since
    except OSError as e:
        raise ProfileError("profile: cannot read %s (%s)" % (path, e))
    return load_profile(data)


def _segments(segs, count, max_players):
    if not segs:
        _fail("segments", "must list at least the play area (a ring or a grid) and the panels")
    out = []
    ids = {}
    play = None
    panels = [None] * max_players
    for i, raw in enumerate(segs):
        path = "segments[%d]" % i
        s = _fields(raw, path, _SEGMENTS[_kind(raw, path, SEGMENT_KINDS)])
        if not s["id"]:
            _fail(path + ".id", "must not be empty")
        _check_len(path + ".id", s["id"], "id", "characters")
        if s["id"] in ids:
            _fail(path + ".id", "%s already used by %s" % (_show(s["id"]), ids[s["id"]]))
        ids[s["id"]] = path
        k = s["kind"]
        if k in ("ring", "grid"):
            if play is not None:
                _fail(path + ".kind", "a table has one play area: %s here and %s at %s"
                      % (_show(k), _show(out[play]["kind"]), "segments[%d]" % play))
            play = i
        if k == "ring":
            _check_range(path + ".card0", s["card0"], 0, s["positions"] * s["leds_per_position"] - 1)
        if k == "panel":
            _check_range(path + ".player", s["player"], 0, max_players - 1)
            prev = panels[s["player"]]
            if prev is not None:
                _fail(path + ".player", "player %d already has panel %s (segments[%d])"
                      % (s["player"], _show(out[prev]["id"]), prev))
            panels[s["player"]] = i
        out.append(s)
    if play is None:
        _fail("segments", 'needs one "ring" or "grid" segment (the play area)')
    for pl in range(max_players):
        if panels[pl] is None:
            _fail("segments", 'no panel for player %d (each player 0..%d needs one "panel" segment)'
                  % (pl, max_players - 1))
    _check_hands(out, max_players)
    _check_chain(out, count)
    return out


def _check_hands(segs, max_players):
    """Private hand panels: none, or one per seat, all of the same width and height."""
    hands = [None] * max_players
    first = None
    for i, s in enumerate(segs):
        if s["kind"] != "hand":
            continue
        path = "segments[%d]" % i
        _check_range(path + ".player", s["player"], 0, max_players - 1)
        if hands[s["player"]] is not None:
            _fail(path + ".player", "player %d already has hand panel %s (segments[%d])"
                  % (s["player"], _show(segs[hands[s["player"]]]["id"]), hands[s["player"]]))
        hands[s["player"]] = i
        if first is None:
            first = i
        elif (s["width"], s["height"]) != (segs[first]["width"], segs[first]["height"]):
            _fail(path, "hand panel %dx%d, but segments[%d] is %dx%d (every seat's hand panel has the same size)"
                  % (s["width"], s["height"], first, segs[first]["width"], segs[first]["height"]))
    if first is None:
        return
    for pl in range(max_players):
        if hands[pl] is None:
            _fail("segments", 'no hand panel for player %d (with one "hand" segment, each player 0..%d needs one)'
                  % (pl, max_players - 1))


def _check_chain(segs, count):
    covered = bytearray(count)
    for i, s in enumerate(segs):
        lo, hi = segment_span(s)
        path = "segments[%d]" % i
        if hi >= count:
            _fail(path, "LEDs %d..%d run past the end of the chain (led.count is %d, last LED %d)"
                  % (lo, hi, count, count - 1))
        for j in range(i):
            olo, ohi = segment_span(segs[j])
            if lo <= ohi and olo <= hi:
                _fail(path + ".start", "LEDs %d..%d overlap segment %s (%d..%d)"
                      % (lo, hi, _show(segs[j]["id"]), olo, ohi))
        for led in range(lo, hi + 1):
            covered[led] = 1
    led = 0
    while led < count:
        if not covered[led]:
            end = led
            while end + 1 < count and not covered[end + 1]:
                end += 1
            _fail("segments", 'LEDs %d..%d of the chain are not covered by any segment '
                  '(add a "skip" segment if they are meant to stay dark)' % (led, end))
        led += 1


def _cp_pin_name(path, v, used):
    """A CircuitPython pin name: "GP2", "D5", "NEOPIXEL" or "board.D5"; each one used once."""
    if not isinstance(v, str):
        _fail(path, "must be a pin name string like \"GP2\" or \"board.D5\" (got %s)" % _show(v))
    short = v[6:] if v.startswith("board.") else v
    if not short or not ("A" <= short[0] <= "Z" or "a" <= short[0] <= "z") or [c for c in short if c not in _NAME_CHARS or c == "-"]:
        _fail(path, "%s is not a pin name (letters, digits and _, like \"GP2\" or \"board.D5\")" % _show(v))
    if short in used:
        _fail(path, "%s already used by %s" % (_show(v), used[short]))
    used[short] = path


def _cp_pins(cp, buttons):
    """The optional CircuitPython/Blinka pin names (hal/cp_backend.py); lists match the GPIO lists."""
    lists = ("keys",) if buttons["kind"] == "gpio" else ("rows", "cols")
    spec = (("led", "str", None, None),) + tuple((name, "list", None, None) for name in lists)
    out = _fields(cp, "cp_pins", spec)
    used = {}
    if out["led"] is None:
        del out["led"]
    else:
        _cp_pin_name("cp_pins.led", out["led"], used)
    for name in lists:
        names = out[name]
        if names is None:
            del out[name]
            continue
        want = len(buttons[name])
        if len(names) != want:
            _fail("cp_pins." + name, "must name %d pins, one for each of buttons.%s (got %d)" % (want, name, len(names)))
        for i, v in enumerate(names):
            _cp_pin_name("cp_pins.%s[%d]" % (name, i), v, used)
        out[name] = list(names)
    return out


def _buttons(b, max_players, used):
    kind = _kind(b, "buttons", BUTTON_KINDS)
    out = _fields(b, "buttons", _BUTTONS[kind])
    if out["long_ms"] <= out["debounce_ms"]:
        _fail("buttons.long_ms", "must be longer than buttons.debounce_ms (%d)" % out["debounce_ms"])
    _check_len("buttons.keys", out["keys"], "keys", "entries")
    if kind == "matrix":
        for line in ("rows", "cols"):
            pins = out[line]
            if not pins:
                _fail("buttons." + line, "must list at least one pin")
            _check_len("buttons." + line, pins, "lines", "pins")
            for i, v in enumerate(pins):
                path = "buttons.%s[%d]" % (line, i)
                _pin(path, v, used, path)
            out[line] = list(pins)
    keys = []
    roles = [None] * max_players  # per player: {role: key path}
    cells = {}
    for i, raw in enumerate(out["keys"]):
        path = "buttons.keys[%d]" % i
        k = _fields(raw, path, _KEYS[kind])
        if kind == "gpio":
            _pin(path + ".pin", k["pin"], used, path)
        else:
            _check_range(path + ".row", k["row"], 0, len(out["rows"]) - 1)
            _check_range(path + ".col", k["col"], 0, len(out["cols"]) - 1)
            cell = k["row"] * 256 + k["col"]
            if cell in cells:
                _fail(path, "row %d col %d already used by %s" % (k["row"], k["col"], cells[cell]))
            cells[cell] = path
        _check_range(path + ".player", k["player"], 0, max_players - 1)
        mine = roles[k["player"]]
        if mine is None:
            mine = roles[k["player"]] = {}
        if k["role"] in mine:
            _fail(path + ".role", "player %d already has a %s key (%s)"
                  % (k["player"], _show(k["role"]), mine[k["role"]]))
        mine[k["role"]] = path
        keys.append(k)
    for pl in range(max_players):
        for role in ROLES:
            if roles[pl] is None or role not in roles[pl]:
                _fail("buttons.keys", "player %d has no %s key (each player 0..%d needs %s)"
                      % (pl, _show(role), max_players - 1, ", ".join(ROLES)))
    out["keys"] = keys
    return out


