"""`nightboard play` and `nightboard snapshot`: options, profiles, the start of the table.

Every mistake in the options (an unknown profile, a broken one, more players
than the table seats, a bad position file) exits 2 with one clear line on
stderr, never a traceback.
"""

import json
import random
import sys
from pathlib import Path

from nightboard.games.vampiring import GameError, from_json
from nightboard.table.profile import ProfileError, check_players, load_profile

GAMES = ("vampiring",)
DEFAULT_PROFILE = "ring4"
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


def check_table(profile, players):
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 6:
        raise OptionError("--players: VampiRing is for 2 to 6 families (got %s)" % (players,))
    check_players(profile, "vampiring", players)


def load_position(path):
    """A VampiRing position (or saved state) from a JSON file, checked by the engine."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise OptionError("--position: cannot read %s: %s" % (path, getattr(e, "strerror", None) or e))
    try:
        obj = json.loads(text)
    except ValueError as e:
        raise OptionError("--position: %s is not valid JSON: %s" % (path, e))
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
    p.add_argument("--players", type=int, default=2, help="number of families, 2..6 (default 2)")
    p.add_argument("--seed", type=int, help="seed of the shuffle (default: a random one, printed)")
    p.add_argument("--variant", choices=("castle", "mansion"), default="castle", help="rules variant (default castle)")
    p.add_argument("--no-preview", action="store_true", help="switch off the landing preview (look key)")
    p.add_argument("--profile", default=DEFAULT_PROFILE, help="a shipped profile name (%s) or a profile file"
                   % ", ".join(shipped_profiles()))
    p.add_argument("--menu", action="store_true", help="start at the table's start menu instead of a game")


def play_options(args):
    """(profile, Table start options or None for the menu); OptionError / ProfileError when impossible."""
    profile = load(args.profile)
    if args.menu:
        return profile, None
    check_table(profile, args.players)
    seed = args.seed if args.seed is not None else new_seed()
    if seed < 0:
        raise OptionError("--seed: must be 0 or more (got %d)" % seed)
    return profile, {"game": args.game, "players": args.players, "variant": args.variant,
                     "preview": not args.no_preview, "seed": seed}


def replay_hint(profile, start):
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
    p.add_argument("--profile", default=DEFAULT_PROFILE, help="a shipped profile name (%s) or a profile file"
                   % ", ".join(shipped_profiles()))
    p.add_argument("--position", help="a VampiRing position (JSON file) instead of a new game")
    p.add_argument("--seed", type=int, default=1, help="seed of a new game (default 1)")
    p.add_argument("--players", type=int, default=2, help="families in a new game, 2..6 (default 2)")
    p.add_argument("--variant", choices=("castle", "mansion"), default="castle", help="rules variant of a new game")
    p.add_argument("--turns", type=int, default=0, help="play this many turns first, with a fixed sequence of choices")
    p.add_argument("--size", type=int, default=900, help="width and height of the picture in pixels (default 900)")
    p.add_argument("-o", "--output", required=True, metavar="OUT.png", help="the PNG file to write")


def snapshot_options(args):
    """(profile, engine game to start from); OptionError / ProfileError when impossible."""
    from nightboard.games.vampiring import new_game

    profile = load(args.profile)
    if args.turns < 0:
        raise OptionError("--turns: must be 0 or more (got %d)" % args.turns)
    if not 200 <= args.size <= 8000:
        raise OptionError("--size: must be 200..8000 pixels (got %d)" % args.size)
    if args.position:
        game = from_json(load_position(args.position))
        check_players(profile, "vampiring", game.families)
    else:
        check_table(profile, args.players)
        if args.seed < 0:
            raise OptionError("--seed: must be 0 or more (got %d)" % args.seed)
        game = new_game(args.seed, args.players, args.variant, True)
    return profile, game


def run_snapshot(args, out=None):
    from nightboard_host import snapshot

    out = out if out is not None else sys.stdout
    try:
        profile, game = snapshot_options(args)
    except (ProfileError, OptionError) as e:
        return fail("snapshot", e)
    played = snapshot.play_turns(game, args.turns)
    table = snapshot.table_at(profile, game)
    try:
        snapshot.render_table(table, args.size).save(args.output)
    except OSError as e:
        return fail("snapshot", "cannot write %s: %s" % (args.output, e.strerror or e))
    out.write("%s: %s, VampiRing turn %d%s (%d turns played here)\n" % (
        args.output, profile["name"], game.turn, ", game over" if game.over else "", played))
    return 0
