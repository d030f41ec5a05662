"""Request lines for a protocol fuzz: every request kind, every game's starts (options, players, positions,
loads, parts), and mutations of each (cut short, a byte flipped, wrong types, huge numbers, deep nesting,
bytes that are not UTF-8, lines over the limit). Deterministic for a seed."""

import json
import random

from nightboard.games import index
from nightboard.table.protocol import MAX_LINE

PART_CHARS = 450
KINDS = ("hello", "profile", "state", "frame", "events", "press", "release", "tap", "save", "load", "reset", "debug",
         "start", "report", "restart", "memory", "part")
ROLES = ("mode", "move", "look", "ok")
ODD = (None, True, False, -1, 0, 1, 2, 7, 99, 2 ** 31, -(2 ** 40), 1.5, "", "x", "red", [], [1], {}, {"a": 1},
       "\u00b2", "\uff12", "9" * 40)


def _line(obj):
    return b"@nb " + json.dumps(obj, separators=(",", ":")).encode() + b"\n"


def _positions(rnd):
    out = []
    for name in index.names():
        mod = index.module(name)
        lo, hi = mod.GAME["players"]
        for _ in range(2):
            g = mod.new_game(rnd.randrange(1 << 30), rnd.randint(lo, min(hi, 4)))
            out.append((name, g.to_json()))
    return out


def _mutate_obj(rnd, obj):
    """A copy of a position with one field changed to something odd."""
    obj = json.loads(json.dumps(obj))
    keys = sorted(obj)
    if not keys:
        return obj
    k = rnd.choice(keys)
    v = obj[k]
    if isinstance(v, list) and v and rnd.random() < 0.5:
        i = rnd.randrange(len(v))
        v[i] = rnd.choice(ODD)
    elif isinstance(v, int) and not isinstance(v, bool) and rnd.random() < 0.5:
        obj[k] = v + rnd.choice((-1, 1, -100, 1000, 2 ** 30))
    else:
        obj[k] = rnd.choice(ODD)
    return obj


def _parts(rid, req):
    body = json.dumps(req, separators=(",", ":"))
    chunks = [body[i:i + PART_CHARS] for i in range(0, len(body), PART_CHARS)]
    return [_line({"id": rid + s, "req": "part", "seq": s, "data": chunks[s], "end": s == len(chunks) - 1})
            for s in range(len(chunks))]


def _request(rnd, rid, positions):
    kind = rnd.choice(KINDS)
    req = {"id": rid, "req": kind}
    if kind in ("press", "release", "tap"):
        if rnd.random() < 0.5:
            req["button"] = rnd.randrange(-1, 20)
        else:
            req["player"] = rnd.randrange(-1, 7)
            req["role"] = rnd.choice(ROLES + ("jump",))
        if kind == "tap" and rnd.random() < 0.5:
            req["ms"] = rnd.choice((0, 50, 100, 900, 1200, 5000, -3))
    elif kind == "events":
        req["since"] = rnd.choice((0, 1, 5, 50, -1, 2 ** 40, "x"))
    elif kind == "debug":
        req["on"] = rnd.choice((True, False, "yes", 1, None))
    elif kind == "start":
        name, pos = rnd.choice(positions)
        mod = index.module(name)
        roll = rnd.random()
        req["game"] = name if rnd.random() < 0.9 else rnd.choice(("selftest", "chess", 3, None))
        if roll < 0.4:
            lo, hi = mod.GAME["players"]
            req["players"] = rnd.randint(lo - 1, hi + 1)
            for opt, values in mod.GAME["options"]:
                if rnd.random() < 0.5:
                    req[opt] = rnd.choice(list(values) + [rnd.choice(ODD)])
            if rnd.random() < 0.3:
                req["seed"] = rnd.choice((1, 2 ** 40, -5, "s"))
        elif roll < 0.8:
            req["position"] = pos if rnd.random() < 0.5 else _mutate_obj(rnd, pos)
        else:
            req[rnd.choice(("colour", "players", "position"))] = rnd.choice(ODD)
    elif kind == "load":
        name, pos = rnd.choice(positions)
        state = pos if rnd.random() < 0.5 else _mutate_obj(rnd, pos)
        req["state"] = {"program": rnd.choice((name, name, "selftest", "x")), "state": state,
                        "turns_done": rnd.choice((0, 3, -5, "2"))}
    elif kind == "part":
        req.update({"seq": rnd.choice((0, 1, 5, -1)), "data": rnd.choice(("{", "}", "x" * 10, 5)),
                    "end": rnd.choice((True, False, 1))})
    elif rnd.random() < 0.1:
        req["x"] = rnd.choice(ODD)
    return req


def _garble(rnd, line):
    body = bytearray(line[:-1])
    how = rnd.randrange(7)
    if how == 0 and len(body) > 5:
        body = body[:rnd.randrange(1, len(body))]
    elif how == 1 and body:
        i = rnd.randrange(len(body))
        body[i] = rnd.choice((0, 0x22, 0x7b, 0x7d, 0xff, 0xc3, 0x5c, rnd.randrange(1, 256)))
        if body[i] == 0x0a:
            body[i] = 0x20
    elif how == 2:
        body = bytearray(b"@nb " + b"[" * rnd.choice((20, 200, 900)))
    elif how == 3:
        body = bytearray(b"@nb " + b"x" * (MAX_LINE + rnd.randrange(1, 400)))
    elif how == 4:
        body = bytearray(body.replace(b"@nb ", b"@NB ", 1))
    elif how == 5:
        body = bytearray(bytes(rnd.randrange(1, 256) for _ in range(rnd.randrange(1, 60))).replace(b"\n", b" "))
    else:
        body = bytearray(b"@nb " + json.dumps(rnd.choice(ODD)).encode())
    if not body:
        body = bytearray(b"?")
    return bytes(body) + b"\n"


def fuzz_lines(count, seed=1):
    """At least `count` lines (a long request's parts count one each), every kind and game among them."""
    rnd = random.Random(seed)
    positions = _positions(rnd)
    out = []
    rid = 1
    while len(out) < count:
        req = _request(rnd, rid, positions)
        line = _line(req)
        if len(line) - 1 > MAX_LINE:
            req.pop("id")
            parts = _parts(rid, req)
            if rnd.random() < 0.2:  # a sequence broken somewhere
                parts[rnd.randrange(len(parts))] = _garble(rnd, parts[0])
            out.extend(parts)
            rid += len(parts)
            continue
        out.append(_garble(rnd, line) if rnd.random() < 0.3 else line)
        rid += 1
    return out
