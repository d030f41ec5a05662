"""`nightboard play` and `nightboard snapshot`: options, profiles, the start of the table.

Every mistake in the options (an unknown profile, a broken one, more players
than the table seats, a bad position file) exits 2 with one clear line on
stderr, never a traceback.
"""

import json
import random
import sys
from pathlib import Path

from nightboard.games.vampiring.state import GameError, from_json
from nightboard.table.profile import ProfileError, check_players, load_profile

GAMES = ("vampiring", "dracula")
DEFAULT_PROFILE = "ring4"
GAME_PROFILE = {"vampiring": "ring4", "dracula": "grid8"}  # the table each game is played on by default
TITLES = {"vampiring": "VampiRing", "dracula": "Dracula hunt"}
HERE = Path(__file__).resolve().parent
PROFILE_DIRS = (HERE.parents[1] / "hardware" / "profiles", HERE / "profiles")


class OptionError(ValueError):
    """Options that cannot start the table; the message says what to change."""


def shipped_profiles():
    """Names of the profiles found next to the repo or the installed package, sorted."""
    names = set()
    for d in PROFILE_DIRS:
        if d.is_dir():
            names.update(p.stem for p in d.glob("*.json"))
    return sorted(names)


def profile_path(name_or_path):
    """The file of a profile given by name (ring4) or by path (my/table.json)."""
    given = name_or_path or DEFAULT_PROFILE
    p = Path(given)
    if p.suffix == ".json" or "/" in given or "\\" in given or p.is_file():
        if not p.is_file():
            raise ProfileError("profile: no file %s" % given)
        return p
    for d in PROFILE_DIRS:
        if (d / (given + ".json")).is_file():
            return d / (given + ".json")
    known = ", ".join(shipped_profiles()) or "none found"
    raise ProfileError("profile: no profile named %r (shipped: %s; or give the path of a .json file)" % (given, known))


def load(name_or_path):
    """The validated profile; ProfileError naming the file and the field at fault."""
    path = profile_path(name_or_path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise ProfileError("profile: cannot read %s: %s" % (path, getattr(e, "strerror", None) or e))
    try:
        return load_profile(text)
    except ProfileError as e:
        raise ProfileError("%s: %s" % (path, e))


def check_table(profile, players, game="vampiring", map_size=5):
    if game == "dracula":
        if not isinstance(players, int) or isinstance(players, bool) or not 1 <= players <= 4:
            raise OptionError("--players: the Dracula hunt is for 1 to 4 hunters (got %s)" % (players,))
        check_players(profile, "dracula", players, map_size)
        return
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 6:
        raise OptionError("--players: VampiRing is for 2 to 6 families (got %s)" % (players,))
    check_players(profile, "vampiring", players)


def load_position(path):
    """A VampiRing position (or saved state) from a JSON file, checked by the engine."""
    obj = _read_json(path)
    if isinstance(obj, dict) and "position" in obj and "ring" not in obj:
        obj = obj["position"]  # {"game": ..., "position": {...}} as Table start options
    try:
        from_json(obj)
    except GameError as e:
        raise OptionError("--position: %s: %s" % (path, e))
    return obj


def new_seed():
    return random.SystemRandom().randrange(1, 1000000)


def fail(command, err):
    print("nightboard %s: %s" % (command, err), file=sys.stderr)
    return 2


# --- play -------------------------------------------------------------------------

def add_play_arguments(p):
    p.add_argument("game", nargs="?", default="vampiring", choices=GAMES, help="the game (default vampiring)")
    p.add_argument("--players", type=int, default=2, help="VampiRing: families, 2..6; dracula: hunters, 1..4 "
                                                          "(default 2)")
    p.add_argument("--seed", type=int, help="seed of the shuffle / of Dracula's mind (default: a random one, printed)")
    p.add_argument("--variant", choices=("castle", "mansion"), default="castle", help="rules variant (default castle)")
    p.add_argument("--no-preview", action="store_true", help="switch off the landing preview (look key)")
    _add_dracula_arguments(p)
    p.add_argument("--profile", default=None, help="a shipped profile name (%s) or a profile file (default ring4; "
                   "grid8 for dracula)" % ", ".join(shipped_profiles()))
    p.add_argument("--menu", action="store_true", help="start at the table's start menu instead of a game")


def _add_dracula_arguments(p):
    p.add_argument("--rules", choices=("playtest", "classic"), default="playtest",
                   help="dracula: the rule set (default playtest)")
    p.add_argument("--level", type=int, choices=(1, 2, 3), default=2,
                   help="dracula: how well Dracula plays, 1 gentle .. 3 strongest (default 2)")
    p.add_argument("--map-size", type=int, choices=(3, 5, 7, 9), default=5,
                   help="dracula: the side of the square map (default 5)")


def _profile_of(args):
    given = getattr(args, "profile", None)
    return given if given else GAME_PROFILE.get(getattr(args, "game", "vampiring"), DEFAULT_PROFILE)


def play_options(args):
    """(profile, Table start options or None for the menu); OptionError / ProfileError when impossible."""
    profile = load(_profile_of(args))
    if args.menu:
        return profile, None
    game = getattr(args, "game", "vampiring")
    check_table(profile, args.players, game, getattr(args, "map_size", 5))
    seed = args.seed if args.seed is not None else new_seed()
    if seed < 0:
        raise OptionError("--seed: must be 0 or more (got %d)" % seed)
    if game == "dracula":
        return profile, {"game": "dracula", "players": args.players, "rules": args.rules, "level": args.level,
                         "size": args.map_size, "seed": seed}
    return profile, {"game": args.game, "players": args.players, "variant": args.variant,
                     "preview": not args.no_preview, "seed": seed}


def replay_hint(profile, start):
    if start["game"] == "dracula":
        return "nightboard play dracula --players %d --seed %d --rules %s --level %d --map-size %d --profile %s" % (
            start["players"], start["seed"], start["rules"], start["level"], start["size"], profile["name"])
    return "nightboard play %s --players %d --seed %d --variant %s%s --profile %s" % (
        start["game"], start["players"], start["seed"], start["variant"],
        "" if start["preview"] else " --no-preview", profile["name"])


def run_play(args, stdin=None, out=None):
    from nightboard.hal.sim import RealClock, make_sim_hal
    from nightboard.table.app import Table
    from nightboard_host import terminal

    stdin = stdin if stdin is not None else sys.stdin
    out = out if out is not None else sys.stdout
    try:
        profile, start = play_options(args)
    except (ProfileError, OptionError) as e:
        return fail("play", e)
    if not stdin.isatty():
        return fail("play", "needs an interactive terminal to read the players' keys, and stdin is not one "
                            "(run it in a terminal; `nightboard snapshot` draws a position without one)")
    clock = RealClock()
    hal = make_sim_hal(profile, clock=clock)
    try:
        table = Table(profile, hal, start)
    except ValueError as e:
        return fail("play", e)
    if start is None:
        title, sub = "Nightboard", "%s, start menu" % profile["name"]
    elif start["game"] == "dracula":
        title = "Nightboard - Dracula hunt"
        sub = "%s, %d hunters, seed %d" % (profile["name"], start["players"], start["seed"])
        out.write("Dracula hunt on %s, %d hunter%s, %s rules, level %d, seed %d\n" % (
            profile["name"], start["players"], "" if start["players"] == 1 else "s", start["rules"], start["level"],
            start["seed"]))
        out.flush()
    else:
        title = "Nightboard - VampiRing"
        sub = "%s, %d families, seed %d" % (profile["name"], start["players"], start["seed"])
        out.write("VampiRing on %s, %d families, %s, seed %d\n" % (profile["name"], start["players"],
                                                                 start["variant"], start["seed"]))
        out.flush()
    code = terminal.run(table, terminal.KeyMap.for_table(table), clock, stdin=stdin, title=title, subtitle=sub)
    if start is not None:
        out.write("Play this game again: %s\n" % replay_hint(profile, start))
    return code


# --- snapshot ---------------------------------------------------------------------

def add_snapshot_arguments(p):
    p.add_argument("--game", choices=GAMES, default="vampiring", help="the game (default vampiring)")
    p.add_argument("--profile", default=None, help="a shipped profile name (%s) or a profile file (default ring4; "
                   "grid8 for dracula)" % ", ".join(shipped_profiles()))
    p.add_argument("--position", help="a position (JSON file) of the game instead of a new game")
    p.add_argument("--seed", type=int, default=1, help="seed of a new game (default 1)")
    p.add_argument("--players", type=int, default=2, help="families in a new game, 2..6 (default 2)")
    p.add_argument("--variant", choices=("castle", "mansion"), default="castle", help="rules variant of a new game")
    _add_dracula_arguments(p)
    p.add_argument("--turns", type=int, default=0, help="play this many turns (dracula: rounds) first, with a fixed "
                                                       "sequence of choices")
    p.add_argument("--size", type=int, default=900, help="width and height of the picture in pixels (default 900)")
    p.add_argument("-o", "--output", required=True, metavar="OUT.png", help="the PNG file to write")


def snapshot_options(args):
    """(profile, engine game to start from); OptionError / ProfileError when impossible."""
    from nightboard.games.vampiring.state import new_game

    profile = load(_profile_of(args))
    if args.turns < 0:
        raise OptionError("--turns: must be 0 or more (got %d)" % args.turns)
    if not 200 <= args.size <= 8000:
        raise OptionError("--size: must be 200..8000 pixels (got %d)" % args.size)
    if getattr(args, "game", "vampiring") == "dracula":
        return profile, _dracula_snapshot_game(profile, args)
    if args.position:
        game = from_json(load_position(args.position))
        check_players(profile, "vampiring", game.families)
    else:
        check_table(profile, args.players)
        if args.seed < 0:
            raise OptionError("--seed: must be 0 or more (got %d)" % args.seed)
        game = new_game(args.seed, args.players, args.variant, True)
    return profile, game


def _dracula_snapshot_game(profile, args):
    from nightboard.games import dracula

    if args.position:
        obj = _read_json(args.position)
        if isinstance(obj, dict) and "position" in obj and "dracula" not in obj:
            obj = obj["position"]
        try:
            game = dracula.from_json(obj)
        except ValueError as e:
            raise OptionError("--position: %s: %s" % (args.position, e))
        check_players(profile, "dracula", game.hunters, max(game.map.width, game.map.height))
        return game
    check_table(profile, args.players, "dracula", args.map_size)
    if args.seed < 0:
        raise OptionError("--seed: must be 0 or more (got %d)" % args.seed)
    return dracula.new_game(args.seed, args.players, args.rules, args.level, args.map_size)


def _read_json(path):
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise OptionError("--position: cannot read %s: %s" % (path, getattr(e, "strerror", None) or e))
    try:
        return json.loads(text)
    except ValueError as e:
        raise OptionError("--position: %s is not valid JSON: %s" % (path, e))


def run_snapshot(args, out=None):
    from nightboard_host import snapshot

    out = out if out is not None else sys.stdout
    try:
        profile, game = snapshot_options(args)
    except (ProfileError, OptionError) as e:
        return fail("snapshot", e)
    if getattr(args, "game", "vampiring") == "dracula":
        from nightboard_host import dracula_bench

        played = dracula_bench.play_rounds(game, args.turns)
        try:
            table = snapshot.table_at(profile, game)
        except ValueError as e:
            return fail("snapshot", e)
        try:
            snapshot.render_table(table, args.size).save(args.output)
        except OSError as e:
            return fail("snapshot", "cannot write %s: %s" % (args.output, e.strerror or e))
        out.write("%s: %s, Dracula hunt round %d%s (%d rounds played here)\n" % (
            args.output, profile["name"], game.turn, ", game over" if game.over else "", played))
        return 0
    played = snapshot.play_turns(game, args.turns)
    table = snapshot.table_at(profile, game)
    try:
        snapshot.render_table(table, args.size).save(args.output)
    except OSError as e:
        return fail("snapshot", "cannot write %s: %s" % (args.output, e.strerror or e))
    out.write("%s: %s, VampiRing turn %d%s (%d turns played here)\n" % (
        args.output, profile["name"], game.turn, ", game over" if game.over else "", played))
    return 0
