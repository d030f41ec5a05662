"""The serial protocol's requests: kind -> handler, each checking its fields (see docs/protocol.md).

A handler is handler(proto, table, req, now) -> the reply's fields (a dict);
it raises BadRequest (or the table's own ValueError) naming what was wrong,
before changing anything. KINDS lists each kind with the fields it takes.
Imported by table/protocol.py when a Protocol is made.
"""

import json

from nightboard import VERSION
from nightboard.compat import SMALL_HEAP, const, forget_module, module
from nightboard.table.protocol import MAX_LINE, PROTOCOL, BadRequest, Hex, short

EVENTS_MAX = 16  # events per "events" reply ("more" says when there are others)
_PARTS_MAX = const(8192)  # characters of a request sent in parts
ROLES = ("mode", "move", "look", "ok")
_LOOK_NEW = const(2)  # app.py's bit of Table._look_due: the LEDs changed since the host's last `frame`


def _int(req, name, lo, hi, default=None):
    if name not in req and default is None:
        raise BadRequest("missing %s" % name)
    v = req.get(name, default)
    if isinstance(v, bool) or not isinstance(v, int):
        raise BadRequest("%s must be an integer (got %s)" % (name, short(v)))
    if not lo <= v <= hi:
        raise BadRequest("%s must be %d..%d (got %d)" % (name, lo, hi, v))
    return v


def _program_name(t):
    return t.program["name"] if t.play is not None and t.program is not None else None


def game(t):
    return getattr(t.play, "game", None) if t.play is not None else None


# --- the request kinds: handler(proto, table, req, now) -> the reply's fields --------------------------
# Each handler is named as its kind (and a helper as a name the table already uses): MicroPython interns every
# name for good, and one new name too many makes it take a larger pool of names at once (7.8 KB on a Pico:
# docs/performance.md, "An evening").

def hello(p, t, req, now):
    # (t.profile is None while a game is played on a board: app.py _menu_away; the layout keeps its name)
    return {"firmware": VERSION, "protocol": PROTOCOL,
            "profile": t.profile["name"] if t.profile is not None else t.layout.name, "mode": t.mode,
            "game": _program_name(t), "max_line": MAX_LINE, "requests": sorted(KINDS),
            "problem": getattr(t, "save_problem", None)}


def profile(p, t, req, now):
    if t.profile is None:  # let go of while a game is played (app.py _menu_away): read again, not kept
        from nightboard.table.app import profile_again

        return {"profile": profile_again()}
    return {"profile": t.profile}


def state(p, t, req, now):
    g = game(t)
    r = {"mode": t.mode, "game": _program_name(t), "describe": t.describe(), "debug": t.debug,
         "state": None, "turn": None, "problem": getattr(t, "save_problem", None)}
    if g is not None:
        r["state"] = g.view(None)
        r["turn"] = getattr(g, "turn", None)
        r["players"] = g.players_count()
        r["seats"] = len(g.seats())  # the players' and any the board alone plays (a hidden player's)
        seed = t.shown_seed() if hasattr(t, "shown_seed") else None
        if seed is not None:
            r["seed"] = seed  # a seed the board drew for a game with hidden facts: only once it is over
        if getattr(t, "repl_opened", False):
            r["repl_opened"] = True
        if t.debug_visible(now):
            r["hidden"] = g.to_json()
    return r


def frame(p, t, req, now):
    rgb = t.frame.rgb
    if t.play is not None and not t.debug_visible(now):
        # What carries a seat's private view (a hand panel, a looking seat's small panel: table/private.py)
        # is dark here, as the other players see it: the serial line may feed a monitor on a screen
        # everybody sees. Its buffers are made at the first such request.
        rgb = t.private().public(t)
    if hasattr(t, "_look_due"):  # this picture is the host's (app.py _look: a look waits for a newer one)
        t._look_due &= ~_LOOK_NEW
    return {"leds": Hex(rgb), "n": t.frame.n, "frames": t.frames}


def events(p, t, req, now):
    since = _int(req, "since", 0, 1 << 30, 0)
    evs = t.events_since(since)
    more = len(evs) > EVENTS_MAX
    if more:
        evs = evs[:EVENTS_MAX]
    return {"events": evs, "last": t.event_seq, "more": more}


def button(t, req):
    n = len(t.injected)
    if "button" in req:
        if "player" in req or "role" in req:
            raise BadRequest("give either button or player and role, not both")
        b = req["button"]
        if isinstance(b, bool) or not isinstance(b, int):
            raise BadRequest("button must be an integer (got %s)" % short(b))
        if not 0 <= b < n:
            raise BadRequest("button %d does not exist (0..%d)" % (b, n - 1))
        return b
    if "player" not in req and "role" not in req:
        raise BadRequest("missing button (or player and role)")
    pl = _int(req, "player", 0, 1 << 30)
    if pl >= t.layout.max_players:
        raise BadRequest("player %d does not exist (0..%d)" % (pl, t.layout.max_players - 1))
    role = req.get("role")
    if role is None:
        raise BadRequest("missing role")
    if role not in ROLES:
        raise BadRequest("role %s is not one of %s" % (short(role), ", ".join(ROLES)))
    try:
        return t.button_id(pl, role)
    except ValueError as e:
        raise BadRequest(str(e))


def press(p, t, req, now):
    b = button(t, req)
    p.hold(t, b, True)
    return {"button": b}


def release(p, t, req, now):
    b = button(t, req)
    p.hold(t, b, False)
    return {"button": b}


def tap(p, t, req, now):
    b = button(t, req)
    least = p.debounce_ms + t.frame_ms
    ms = _int(req, "ms", 1, 20000, p.tap_ms)
    if ms < least:
        raise BadRequest("ms %d is too short: a press must last at least %d ms to count on this table" % (ms, least))
    queued = p.tap(t, b, ms, now)
    return {"button": b, "ms": ms, "queued": queued}


def _need(t, name):
    if not hasattr(t, name):
        raise BadRequest("not supported yet: this firmware has no table.%s" % name)
    return getattr(t, name)


def save(p, t, req, now):
    payload = _need(t, "save_now")()
    r = {"saved": True}
    if payload is not None and t.debug_visible(now):
        r["state"] = payload  # the save holds hidden facts: only shown in announced debug mode
    return r


def load(p, t, req, now):
    if "state" not in req:
        raise BadRequest("missing state (a save payload)")
    st = req["state"]
    if not isinstance(st, dict):
        raise BadRequest("state must be an object (a save payload; got %s)" % short(st))
    _need(t, "load_game")(st)
    return {"mode": t.mode, "game": _program_name(t)}


def reset(p, t, req, now):
    if hasattr(t, "injected"):
        p.let_go_all(t)
    _need(t, "reset")()
    # A board that can restart does so in a few frames, into its start menu, for a fresh heap (table/fresh.py):
    # the host waits for it (the reply first, then "MPY: soft reboot", then its hello).
    return {"mode": t.mode, "restarting": bool(getattr(t, "played", False) and getattr(t, "hal_soft_reset", None))}


def memory(p, t, req, now):
    import gc

    if not hasattr(gc, "mem_free"):  # CPython (the simulated table): no heap of a board's to tell
        return {"used": None, "free": None}
    gc.collect()
    return {"used": gc.mem_alloc(), "free": gc.mem_free()}


def debug(p, t, req, now):
    on = req.get("on")
    if on is not True and on is not False:
        raise BadRequest("on must be true or false (got %s)" % ("nothing" if "on" not in req else short(on)))
    t.set_debug(on, now)
    return {"debug": t.debug, "visible": t.debug_visible(now)}


def start(p, t, req, now):
    # Imported here, not with the handlers: the table lets programs.py go while a game is played (app.py
    # _menu_away), and a module-level name here would keep it, and the index's names, in RAM.
    from nightboard.table import programs

    try:
        pos = req.get("position")
        said = pos.get("game") if isinstance(pos, dict) else None  # the game a position names (to_json's do)
        if "game" in req:
            name = req["game"]
        elif "position" in req:
            name = said
            if not isinstance(name, str):
                # (NAMES: the games, then the self-test)
                raise BadRequest("a position needs its game: give game with it (one of %s)"
                                 % ", ".join(programs.NAMES[:-1]))
        else:
            name = programs.first()
        if not isinstance(name, str):
            raise BadRequest("game must be a string (got %s)" % short(name))
        prog = programs.find(name)
        known = ["game"]
        if prog.get("kind") != "tool":
            known.extend(("players", "seed", "position"))
            for opt in prog.get("options", ()):
                known.append(opt[0])
        for k in sorted(req):
            if k not in known and k != "id" and k != "req":
                raise BadRequest("unknown option %s for %s (known: %s)" % (short(k), name, ", ".join(known)))
        if isinstance(said, str) and said != name:  # before the game reads it: its fields are not this game's
            raise BadRequest("the position is for %s, not %s" % (said[:40], name))
        opts = {}
        for k in known:
            if k in req:
                opts[k] = req[k]
                if "position" in req and k != "game" and k != "position":
                    raise BadRequest("position and %s exclude each other: a position holds its own seed, players and "
                                     "options" % k)
        opts["game"] = name  # (the position's own, when the request names none)
        if "seed" in opts:
            _int(opts, "seed", 0, 1 << 62)  # prng.SEED_MAX: a seed the board drew replays
        elif "position" not in opts and prog.get("kind") != "tool":
            if hasattr(t, "draw_seed"):  # (safe mode's table refuses any start)
                t.draw_seed(opts)  # the board's own randomness, as the start menu does
        if "players" in opts:
            _int(opts, "players", 1, 64)
        t.start_game(opts)
        return {"mode": t.mode, "game": _program_name(t)}
    finally:
        if getattr(t, "play", None) is not None and SMALL_HEAP:  # a game is played (this one, or one a refused start left on)
            forget_module("nightboard.table.programs")
        programs = None


def report(p, t, req, now):
    play = t.play
    if play is None or not hasattr(play, "report"):
        raise BadRequest("no report: the running program (%s) does not give one (start the self-test)"
                         % (_program_name(t) or "the start menu"))
    return {"report": play.report()}


def restart(p, t, req, now):
    return {"reason": _need(t, "restart_reason")}


def part(p, t, req, now):
    seq = _int(req, "seq", 0, 1 << 20)
    data = req.get("data")
    if not isinstance(data, str):
        raise BadRequest("data must be a string (got %s)" % ("nothing" if data is None else short(data)))
    end = req.get("end", False)
    if end is not True and end is not False:
        raise BadRequest("end must be true or false (got %s)" % short(end))
    if seq == 0:
        parts, size = [], 0
    elif p.parts is None or seq != len(p.parts):
        raise BadRequest("part %d out of order (expected %s)" % (seq, len(p.parts) if p.parts else 0))
    else:
        parts, size = p.parts, p.parts_size
    size += len(data)
    if size > _PARTS_MAX:
        raise BadRequest("request too long: its parts come to more than %d characters" % _PARTS_MAX)
    if not end:
        if seq == 0:
            p.parts = parts
        parts.append(data)
        p.parts_size = size
        return {"part": seq}
    parts.append(data)
    p.parts = None
    p.parts_size = 0
    try:
        inner = json.loads("".join(parts))
    except ValueError as e:
        raise BadRequest("parts are not JSON: %s" % e)
    if not isinstance(inner, dict):
        raise BadRequest("parts must make a JSON object (a request)")
    if inner.get("req") == "part":
        raise BadRequest("a request sent in parts cannot itself be a part")
    return dispatch(p, t, inner, now)


# --- a seat's own view and choices, and acting as a seat: for a trusted host (docs/protocol.md) ------------

def _playing(t):
    """The game being played, or None in the menu (or while a saved game is being read or asked about)."""
    g = game(t)
    return g if g is not None and (t.mode == "game" or t.mode == "confirm_quit") else None


def board_plays(g, seat):
    plays = getattr(g, "board_plays", None)
    return seat >= g.players_count() or (plays is not None and plays(seat))


_WORDS = [None]  # type: list  # (game, module path, words function) of the seat request, while these handlers are in RAM


def put_away():
    """The request handlers leave RAM (Protocol._put_away): the words module they imported goes with them."""
    w = _WORDS[0]
    _WORDS[0] = None
    if w is not None and SMALL_HEAP:
        forget_module(w[1])


def words(t):
    """The running game's words(game, view, action) (GAME["words"]), imported at the first seat request of
    a game and kept with the request handlers (they leave RAM together)."""
    prog = t.program
    w = _WORDS[0]
    if w is None or w[0] != prog["name"]:
        put_away()
        path = prog.get("words")
        if path is None:
            return None
        w = _WORDS[0] = (prog["name"], path[0], getattr(module(path[0]), path[1]))
    return w[2]


def _say(t, g, v, a):
    fn = words(t)
    if fn is None:
        return json.dumps(a)
    try:
        return fn(g, v, a)
    except Exception:  # words are a help: a gap in them must not hide the choice itself
        return json.dumps(a)


def seat(p, t, req, now):
    phone = req.get("phone")
    if phone is not None and phone is not True and phone is not False:
        raise BadRequest("phone must be true or false (got %s)" % short(phone))
    if "seat" not in req:
        raise BadRequest("missing seat")
    g = _playing(t)
    seat = _int(req, "seat", 0, len(g.seats()) - 1 if g is not None else t.layout.max_players - 1)
    r = {"game": _program_name(t), "mode": t.mode, "seat": seat, "turn": None, "to_move": False,
         "board": False, "view": None, "choices": []}
    if g is None:
        if phone:
            raise BadRequest("no game is being played: a seat is marked as played from a phone in a game")
        r["note"] = "no game is being played"
        return r
    r["turn"] = g.turn
    if board_plays(g, seat):
        if phone:
            raise BadRequest("seat %d is played by the board, not from a phone" % seat)
        r["board"] = True
        r["note"] = "the board plays this seat"
        return r
    if phone is not None:
        t.set_phone(seat, phone)
    r["phone"] = t.is_phone(seat)
    # The game's words come in with the first seat's view, to move or not: their import (some 50 ms on a
    # Pico with .mpy files) is part of a phone's joining, not of a frame in the middle of someone's turn.
    words(t)
    v = r["view"] = g.view(seat)
    if not g.over and seat in g.to_move():
        r["to_move"] = True
        legal = v.get("legal") if isinstance(v, dict) else None  # a view that holds them: not worked out twice
        r["choices"] = [{"action": a, "words": _say(t, g, v, a)} for a in (g.legal(seat) if legal is None else legal)]
    return r


def act(p, t, req, now):
    if "seat" not in req:
        raise BadRequest("missing seat")
    if "action" not in req:
        raise BadRequest("missing action")
    g = _playing(t)
    if g is None:
        raise BadRequest("no game is being played (the table is in its %s)" % (
            "start menu" if t.mode == "menu" else "mode " + t.mode))
    seat = _int(req, "seat", 0, len(g.seats()) - 1)
    if t.mode != "game":
        raise BadRequest("the table is asking whether to leave the game: answer on its buttons first")
    if board_plays(g, seat):
        raise BadRequest("seat %d is played by the board: it acts on its own" % seat)
    if g.over:
        raise BadRequest("the game is over")
    waits = g.to_move()
    if seat not in waits:
        raise BadRequest("it is not seat %d's time to act (the game waits for seat%s %s)" % (
            seat, "s" if len(waits) > 1 else "", " and ".join([str(s) for s in waits])))
    a = req["action"]
    legal = g.legal(seat)
    if type(a) is not type(legal[0]) or a not in legal:  # (true is 1 and 1025.0 is 1025 to `in`)
        _refusal(g, seat, a, legal)
    legal = None
    ctrl = t.play
    if not hasattr(ctrl, "play_action"):
        raise BadRequest("not supported: this game's table cannot act for a seat")
    done = ctrl.turns_done
    before = t.events.recorded
    ctrl.play_action(seat, a, now)
    if ctrl.turns_done == done and t.events.recorded == before and seat in g.to_move() and a in g.legal(seat):
        raise BadRequest("the table did not take the action now: try again")
    return {"seat": seat, "done": True, "turn": g.turn, "to_move": g.to_move()}


def _refusal(g, seat, a, legal):
    """Refuse an action that is not among the seat's choices. One of the choices' own kind (an integer)
    gets the game's own message: its apply refuses it and changes nothing (the contract: apply is atomic,
    and no game takes an integer that legal() does not list). Anything else (a written form, which apply
    might take, bypassing the table) is refused here."""
    kind = type(legal[0])
    if type(a) is kind:
        try:
            g.apply(seat, a)
        except ValueError as e:  # GameError
            raise BadRequest(str(e))
        raise RuntimeError("the game took an action its legal() does not list")  # (a broken game: say so)
    raise BadRequest("give the action as seat lists it in choices (got %s)" % short(a))


# kind -> (handler, the fields it takes besides id and req; None: the handler checks them)
KINDS = {
    "hello": (hello, ()),
    "profile": (profile, ()),
    "state": (state, ()),
    "frame": (frame, ()),
    "events": (events, ("since",)),
    "press": (press, ("button", "player", "role")),
    "release": (release, ("button", "player", "role")),
    "tap": (tap, ("button", "player", "role", "ms")),
    "save": (save, ()),
    "load": (load, ("state",)),
    "reset": (reset, ()),
    "debug": (debug, ("on",)),
    "start": (start, None),
    "report": (report, ()),
    "restart": (restart, ()),
    "memory": (memory, ()),
    "part": (part, ("seq", "data", "end")),
    "seat": (seat, ("seat", "phone")),
    "act": (act, ("seat", "action")),
}


def check_kind(req):
    if "req" not in req:
        raise BadRequest("missing req")
    kind = req["req"]
    if not isinstance(kind, str):
        raise BadRequest("req must be a string (got %s)" % short(kind))
    if kind not in KINDS:
        raise BadRequest("unknown req %s (known: %s)" % (short(kind), ", ".join(sorted(KINDS))))
    return kind


def dispatch(p, t, req, now):
    """The reply's fields for a parsed request (a dict with id and req); BadRequest when it cannot be done."""
    kind = check_kind(req)
    handler, takes = KINDS[kind]
    if takes is not None:
        for k in sorted(req):
            if k != "id" and k != "req" and k not in takes:
                if takes:
                    raise BadRequest("unknown field %s for %s (it takes: %s)" % (short(k), kind, ", ".join(takes)))
                raise BadRequest("%s takes no fields (got %s)" % (kind, short(k)))
    p.setup(t)
    return handler(p, t, req, now)
