"""What the running table needs to know about a validated profile: its play area and which games fit.

Split from profile.py (the validator) so the board can drop the validator
from RAM once the profile is loaded: see forget_validator().
"""

import json

from nightboard.table.layout import BLOOD_LEDS, STATUS_LEDS, hand_size, play_area  # noqa: F401 (the validator's too)

ROLES = ("mode", "move", "look", "ok")


class ProfileError(ValueError):
    """A profile that cannot drive a table; the message names the field."""


def _show(v):
    """A short JSON-like rendering of a bad value for messages (no dict order in it)."""
    if isinstance(v, dict):
        return "an object"
    if isinstance(v, list) and [x for x in v if isinstance(x, (dict, list))]:
        return "a list"
    try:
        s = json.dumps(v)
    except Exception:  # noqa: BLE001 - not JSON at all (a dict given from Python code)
        s = repr(v)
    return s if len(s) <= 40 else s[:37] + "..."


def _is_int(v):
    # bool is an int subclass on CPython but not on MicroPython: refuse it on both.
    return isinstance(v, int) and not isinstance(v, bool)


def segment_span(seg):
    """(first, last) chain index of a validated segment."""
    k = seg["kind"]
    if k == "ring":
        n = seg["positions"] * seg["leds_per_position"]
    elif k == "grid":
        n = seg["width"] * seg["height"]
    elif k == "panel":
        n = seg["blood"] + seg["status"]
    elif k == "hand":
        n = seg["width"] * seg["height"]
    else:
        n = seg["count"]
    return seg["start"], seg["start"] + n - 1


def play_segment(profile):
    """The validated profile's play area segment (kind "ring" or "grid")."""
    s = play_area(profile)
    if s is not None:
        return s
    raise ProfileError("segments: no play area (was this profile validated by load_profile?)")


def hand_need(facts):
    """(width, height) of the private hand panel a game's facts ask for (the surface's last item
    ("hand", w, h)), or None."""
    last = facts["surface"][-1]
    if isinstance(last, tuple) and last[0] == "hand":
        return last[1], last[2]
    return None


def _check_hands(profile, facts):
    """A table with private hand panels too small for the game is refused; one without any plays it with
    the hand on the seat's small panel (docs/profiles.md)."""
    need = hand_need(facts)
    have = hand_size(profile)
    if need is None or have is None:
        return
    if have[0] < need[0] or have[1] < need[1]:
        raise ProfileError("segments: the %dx%d hand panels of table %s cannot show the %dx%d hand %s needs"
                           % (have[0], have[1], _show(profile["name"]), need[0], need[1], facts["called"]))


def ring_positions(profile):
    """Card positions of the play area: the ring's positions or the grid's outer ring of cells."""
    s = play_segment(profile)
    if s["kind"] == "ring":
        return s["positions"]
    return 2 * (s["width"] + s["height"]) - 4


def _facts(g):
    if isinstance(g, dict):
        return g
    from nightboard.games import index

    try:
        return index.facts(g)
    except ValueError as e:
        raise ProfileError("game: %s; or pass its ring card count" % e)


def check_players(profile, game, n_players, size=None):
    """Raise ProfileError unless the table can host the game for n_players; return the ring's card count,
    or for a grid game the side of its map. `game` is a game's facts (its GAME), its name, or a ring card
    count; its "surface" says what it needs: ("ring", a, b) a ring of a*N+b cards for N players, or
    ("grid", option) a square map whose side is that option, ("hex", option) a hex map of that side (a hex
    grid, or a square grid under a printed overlay). `size` is the game's options (a dict) or
    the side of its map (a position's map)."""
    if not _is_int(n_players) or n_players < 1:
        raise ProfileError("players: must be a positive integer (got %s)" % _show(n_players))
    if _is_int(game) and not isinstance(game, str):
        if game < 1:
            raise ProfileError("game: must be a game name or a ring card count (got %s)" % _show(game))
        cards = game
        need = "%d cards" % cards
    elif isinstance(game, (str, dict)):
        facts = _facts(game)
        _check_hands(profile, facts)
        surface = facts["surface"]
        if surface[0] == "grid":
            return _check_grid_game(profile, facts, n_players, size)
        if surface[0] == "hex":
            return _check_hex_game(profile, facts, n_players, size)
        cards = surface[1] * n_players + surface[2]
        need = "the %d cards %s needs for %d players (%dN+%d)" % (cards, facts["called"], n_players, surface[1],
                                                                  surface[2])
    else:
        raise ProfileError("game: must be a game name or a ring card count (got %s)" % _show(game))
    if n_players > profile["max_players"]:
        raise ProfileError("players: %d players but table %s has panels and buttons for %d (max_players)"
                           % (n_players, _show(profile["name"]), profile["max_players"]))
    s = play_segment(profile)
    have = ring_positions(profile)
    if have < cards:
        i = profile["segments"].index(s)
        if s["kind"] == "ring":
            what = "%d positions" % have
        else:
            what = "the outer ring of a %dx%d grid (%d cells)" % (s["width"], s["height"], have)
        raise ProfileError("segments[%d] (%s %s): %s cannot hold %s"
                           % (i, s["kind"], _show(s["id"]), what, need))
    return cards


def _map_side(facts, size):
    option = facts["surface"][1]
    side = None
    for name, values in facts["options"]:
        if name == option:
            side = values[0]
    if _is_int(option):
        side = option  # a map of its own shape that fits in a square of this side
    if isinstance(size, dict):
        size = size.get(option)
    if _is_int(size):
        side = size
    return side


def _map_area(profile, n_players):
    """(the play segment, its index) once the players fit the table's panels."""
    if n_players > profile["max_players"]:
        raise ProfileError("players: %d players but table %s has panels and buttons for %d (max_players)"
                           % (n_players, _show(profile["name"]), profile["max_players"]))
    s = play_segment(profile)
    return s, profile["segments"].index(s)


def _check_grid_game(profile, facts, n_players, size):
    side = _map_side(facts, size)
    title = facts["called"]
    s, i = _map_area(profile, n_players)
    if s["kind"] == "grid" and s.get("hex"):
        raise ProfileError("segments[%d] (hex grid %s): %s needs a square grid of at least %dx%d cells for its "
                           "%dx%d map; this grid's rows are offset as a hex map (hex: true)"
                           % (i, _show(s["id"]), title, side, side, side, side))
    if s["kind"] != "grid":
        raise ProfileError("segments[%d] (ring %s): %s needs a grid of at least %dx%d cells for its %dx%d map, "
                           "not a ring" % (i, _show(s["id"]), title, side, side, side, side))
    if s["width"] < side or s["height"] < side:
        raise ProfileError("segments[%d] (grid %s): a %dx%d grid cannot hold the %dx%d map of %s"
                           % (i, _show(s["id"]), s["width"], s["height"], side, side, title))
    return side


def _check_hex_game(profile, facts, n_players, size):
    """A hex map of side x side hexes: on a hex grid (LED centres on a hex grid, rows 1, 3, 5... half a
    cell to the right, as the maps' odd rows) or on a square grid, one hex a cell, under a printed
    overlay that offsets its rows (docs/profiles.md)."""
    side = _map_side(facts, size)
    s, i = _map_area(profile, n_players)
    if s["kind"] != "grid":
        raise ProfileError("segments[%d] (ring %s): %s needs a hex grid (or a square grid under its printed "
                           "overlay) of at least %dx%d cells for its %dx%d hex map, not a ring"
                           % (i, _show(s["id"]), facts["called"], side, side, side, side))
    if s["width"] < side or s["height"] < side:
        raise ProfileError("segments[%d] (%s %s): a %dx%d grid cannot hold the %dx%d hex map of %s"
                           % (i, "hex grid" if s.get("hex") else "grid", _show(s["id"]), s["width"], s["height"],
                              side, side, facts["called"]))
    return side


def forget_validator():
    """Drop table/profile.py (the validator, the biggest module) from RAM after the profile is loaded.
    Only useful when nothing else holds one of its functions."""
    import gc

    from nightboard.compat import forget_module

    forget_module("nightboard.table.profile")
    gc.collect()


def load_profile_once(path):
    """Load and validate a profile file, then forget the validator; returns the profile dict."""
    from nightboard.table.profile import load_profile_file

    profile = load_profile_file(path)
    del load_profile_file
    forget_validator()
    return profile
