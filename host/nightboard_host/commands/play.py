"""`nightboard play` and `nightboard snapshot`: options, profiles, the start of the table.

Every mistake in the options (an unknown profile, a broken one, more players
than the table seats, a bad position file, an option of another game than the
one chosen) exits 2 with one clear line on stderr, never a traceback.
"""

import os
import sys
from pathlib import Path

from nightboard.games import index
from nightboard.games.errors import GameError
from nightboard.prng import SEED_MAX, draw_seed
from nightboard.table.profile import ProfileError, check_players, load_profile_file
from nightboard_host import hooks, resources
from nightboard_host.jsonfile import JsonFileError, load_json

GAMES = tuple(index.names())
DEFAULT_PROFILE = "ring4"
PROFILE_DIRS = tuple(resources.profile_dirs())  # the checkout's hardware/profiles, else the installed package's


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
        if p.is_dir():
            raise ProfileError("profile: %s is a directory, not a file" % given)
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
        return load_profile_file(str(path))  # the board's own loader: the same limits, the same messages
    except ProfileError as e:
        raise ProfileError("%s: %s" % (path, e))


def check_table(profile, players, game=None, options=None):
    facts = index.tools(game or index.default())
    lo, hi = facts["players"]
    if not isinstance(players, int) or isinstance(players, bool) or not lo <= players <= hi:
        raise OptionError("--players: %s is for %d to %d %s (got %s)" % (
            facts["called"], lo, hi, facts["seat_words"][1], players))
    check_players(profile, facts, players, options)


def load_position(path, game=None):
    """A game's position (or saved state) from a JSON file, checked by the engine; (game, its JSON)."""
    obj = _read_json(path)
    if isinstance(obj, dict) and isinstance(obj.get("position"), dict):
        obj = obj["position"]  # {"game": ..., "position": {...}} as Table start options
    name = game or (obj.get("game") if isinstance(obj, dict) else None) or index.default()
    try:
        return index.module(name).from_json(obj)
    except (GameError, ValueError) as e:
        raise OptionError("--position: %s: %s" % (path, e))


def new_seed():
    """A wide seed (62 bits from os.urandom), as the board draws one: nobody can search it."""
    return draw_seed(os.urandom(8))


def check_seed(seed):
    if not 0 <= seed <= SEED_MAX:
        raise OptionError("--seed: must be 0..2**62 (got %d)" % seed)


def fail(command, err):
    print("nightboard %s: %s" % (command, err), file=sys.stderr)
    return 2


# --- play -------------------------------------------------------------------------

def add_play_arguments(p):
    p.add_argument("game", nargs="?", default=index.default(), choices=GAMES,
                   help="the game (default %s)" % index.default())
    p.add_argument("--players", type=int, default=None, help="players: %s (default 2, or the game's least)" % "; ".join(
        "%s %d..%d %s" % (n, f["players"][0], f["players"][1], f["seat_words"][1]) for n, f in _all_facts()))
    p.add_argument("--seed", type=int, help="seed of the game (default: a random one from os.urandom, printed when "
                   "the game is over if the game hides anything)")
    _add_option_arguments(p)
    p.add_argument("--profile", default=None, help="a shipped profile name (%s) or a profile file (default: the "
                   "game's own, %s)" % (", ".join(shipped_profiles()), ", ".join(
                       "%s for %s" % (f["profile"], n) for n, f in _all_facts())))
    p.add_argument("--menu", action="store_true", help="start at the table's start menu instead of a game")


def _all_facts():
    return [(n, index.tools(n)) for n in index.names()]


def _flag(facts, opt, values):
    """An option's command-line flag: the game's own ("flags"), else --<option>, or --no-<option> for a switch
    whose default is true."""
    flag = facts["flags"].get(opt)
    if flag is None:
        flag = ("--no-" if values[0] is True else "--") + opt if isinstance(values[0], bool) else "--" + opt
    return flag


def _flags():
    """Every game's options as command-line flags: [(flag, option, values, games)], one per flag."""
    out = []
    for name, f in _all_facts():
        for opt, values in f["options"]:
            flag = _flag(f, opt, values)
            for entry in out:
                if entry[0] == flag:
                    entry[3].append(name)
                    for v in values:
                        if v not in entry[2]:
                            entry[2].append(v)
                    break
            else:
                out.append((flag, opt, list(values), [name]))
    return out


def players_of(args, game):
    """--players, or 2 when it is left out (the game's least number when that is more)."""
    if getattr(args, "players", None) is not None:
        return args.players
    return max(2, index.tools(game)["players"][0])


def _dest(flag):
    return flag[2:].replace("-", "_")


def _add_option_arguments(p):
    for flag, opt, values, games in _flags():
        if isinstance(values[0], bool):
            p.add_argument(flag, action="store_true", help="%s: %s" % (", ".join(games), flag[2:].replace("-", " ")))
            continue
        kinds = set(type(v) for v in values)
        # strings: the game's words; numbers: any, the game and the table say which they take; games that
        # share a flag with different kinds of value (--board: a count, "last", "2,3") read it as words,
        # each game's own kind in game_options
        choices = sorted(values) if kinds == {str} else None
        if len(games) == 1:
            words = "%s: %s (%s; default %s)" % (games[0], opt, _listed(games[0], opt, values), _default(opt, values))
        else:  # each game its own values and default: one game's are no help for another
            words = "; ".join("%s: %s (%s; default %s)" % (n, opt, _listed(n, opt, vs), _default(opt, vs))
                              for n, vs in _values_of(flag, games))
        p.add_argument(flag, type=type(values[0]) if len(kinds) == 1 else str, choices=choices,
                       default=None, help=words)


def _default(opt, values):
    """An option's default as --help says it: a count of the board's seats in words, like the seats themselves."""
    return "none" if opt == "board" and values[0] == 0 else values[0]


def _listed(game, opt, values):
    """An option's values for --help, and what else the game takes for it (its TOOLS "more")."""
    facts = index.tools(game)
    if opt == "board" and isinstance(values[0], int):  # counted in the game, named on the command line
        return facts.get("more", {}).get(opt, "")
    more = facts.get("more", {}).get(opt)
    return ", ".join(str(v) for v in values) + (", " + more if more else "")


def _values_of(flag, games):
    """[(game, its values)] for a flag several games share."""
    out = []
    for name in games:
        f = index.tools(name)
        for opt, values in f["options"]:
            if f["flags"].get(opt, "--" + opt) == flag:
                out.append((name, values))
    return out


def game_options(args, game):
    """The game's options from the flags given, its defaults for the others."""
    facts = index.tools(game)
    out = {}
    for opt, values in facts["options"]:
        flag = _flag(facts, opt, values)
        given = getattr(args, _dest(flag), None)
        if isinstance(values[0], bool):
            out[opt] = (not values[0]) if given else values[0]
        elif given is None:
            out[opt] = values[0]
        elif opt == "board" and isinstance(values[0], int):
            out[opt] = board_count(str(given), players_of(args, game), flag)
        else:
            out[opt] = _of_kind(given, values, flag)
    return out


def board_count(given, players, flag="--board"):
    """--board in a game whose board plays a number of the last seats (its option is a count): `--board` names
    seats in every game, by colour or number from 0 ("yellow,green", "2,3"), or says none / last / others / all;
    here they must be the last ones, and the count they make is the game's option. A single number that could
    be read either way (`--board 2`: seat 2, or two seats?) is refused with both spellings, never guessed."""
    from nightboard.table.palette import SEAT_NAMES

    names = SEAT_NAMES[:players]
    words = {"none": [], "last": [players - 1], "others": list(range(1, players)), "all": list(range(players))}
    w = given.strip().lower()
    if w in words:
        return len(words[w])
    if w.isdigit() and 0 < int(w) <= players and not (int(w) == 1 and players == 2):
        n = int(w)
        alone = ", or %s (%d) for %s alone" % (names[n], n, names[n]) if n == players - 1 else ""
        raise OptionError("%s %s: name the seats the board plays: %s (%s) for the last %d%s" % (
            flag, w, ",".join(names[players - n:]), ",".join(str(i) for i in range(players - n, players)), n, alone))
    seats = []
    for w in given.split(","):
        w = w.strip().lower()
        if w.isdigit() and int(w) < players:
            seats.append(int(w))
        elif w in names:
            seats.append(SEAT_NAMES.index(w))
        else:
            raise OptionError("%s: %r is no seat of %d (0 to %d, or %s; or none, last, others, all)" % (
                flag, w, players, players - 1, ", ".join(names)))
    seats = sorted(set(seats))
    last = list(range(players - len(seats), players))
    if seats != last:
        raise OptionError("%s: in this game the board plays the last seats, so %s cannot be its alone; "
                          "the last %d are %s%s" % (flag, ", ".join(SEAT_NAMES[s] for s in seats), len(seats),
                                                    ",".join(SEAT_NAMES[s] for s in last),
                                                    "; none for no seat" if given.strip() == "0" else ""))
    return len(seats)


def check_own_options(args, game):
    """OptionError when a flag of another game's option is given: the game would leave it unused. The message
    names the options the game takes (its declared facts)."""
    facts = index.tools(game)
    own = [_flag(facts, opt, values) for opt, values in facts["options"]]
    given = [flag for flag, _opt, _values, _games in _flags()
             if flag not in own and getattr(args, _dest(flag), None) is not None
             and getattr(args, _dest(flag)) is not False]
    if given:
        raise OptionError("%s: %s of %s (its options: %s)" % (
            ", ".join(given), "not an option" if len(given) == 1 else "not options", game,
            ", ".join(own) or "none"))


def _of_kind(given, values, flag):
    """A flag's value as the kind the game takes (a shared flag is read as words): an integer where the game's
    values are integers; a word or a list ("2,3") as it is, for the game to check."""
    if isinstance(given, str) and isinstance(values[0], int):
        try:
            return int(given)
        except ValueError:
            raise OptionError("%s: must be a number (%s), not %r" % (flag, ", ".join(str(v) for v in values), given))
    return given


def _profile_of(args):
    given = getattr(args, "profile", None)
    if given:
        return given
    game = getattr(args, "game", None)
    return index.tools(game)["profile"] if game in GAMES else DEFAULT_PROFILE


def play_options(args):
    """(profile, Table start options or None for the menu); OptionError / ProfileError when impossible."""
    profile = load(_profile_of(args))
    if args.menu:  # the menu chooses the game, its players and options: a flag for them would go unused
        given = [flag for flag, _opt, _values, _games in _flags() if getattr(args, _dest(flag), None) not in (None, False)]
        given += [f for f, v in (("--seed", args.seed), ("--players", getattr(args, "players", None))) if v is not None]
        if given:
            raise OptionError("--menu starts at the start menu, where the game, its players and options are chosen "
                              "with the buttons: %s would go unused" % ", ".join(given))
        return profile, None
    game = getattr(args, "game", None) or index.default()
    check_own_options(args, game)
    options = game_options(args, game)
    players = players_of(args, game)
    check_table(profile, players, game, options)
    seed = args.seed if args.seed is not None else new_seed()
    check_seed(seed)
    start = {"game": game, "players": players}
    start.update(options)
    start["seed"] = seed
    return profile, start


def seed_secret(args, start):
    """True when the seed of this game must not be shown before it is over: the tool drew it (no --seed)
    and the game hides something (its facts' "hides")."""
    return start is not None and args.seed is None and bool(index.facts(start["game"]).get("hides", True))


def replay_hint(profile, start, with_seed=True):
    """The command that plays this game again; without its seed (a new one each time) when with_seed is
    False: the seed of an unfinished game with hidden facts would give its secrets away."""
    facts = index.tools(start["game"])
    words = ["nightboard play %s --players %d" % (start["game"], start["players"])]
    if with_seed:
        words.append("--seed %d" % start["seed"])
    for opt, values in facts["options"]:
        flag = facts["flags"].get(opt)
        v = start.get(opt, values[0])
        if isinstance(values[0], bool):
            if v != values[0]:
                words.append(flag or ("--no-" if values[0] else "--") + opt)
        else:
            words.append("%s %s" % (flag or "--" + opt, v))
    words.append("--profile %s" % profile["name"])
    return " ".join(words)


def _headline(profile, start, secret=False):
    facts = index.tools(start["game"])
    n = start["players"]
    parts = ["%s on %s" % (facts["title"], profile["name"]),
             "%d %s" % (n, facts["seat_words"][0 if n == 1 else 1])]
    for opt, values in facts["options"]:
        if not isinstance(values[0], bool):
            parts.append("%s %s" % (opt, start[opt]))
    parts.append(SEED_LATER if secret else "seed %d" % start["seed"])
    return ", ".join(parts)


SEED_LATER = "seed shown when the game is over"


def run_play(args, stdin=None, out=None):
    from nightboard.hal.sim import RealClock, make_sim_hal
    from nightboard.table.app import Table
    from nightboard_host.terminal import view as terminal

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
    secret = seed_secret(args, start)
    try:
        table = Table(profile, hal, start)
    except ValueError as e:
        return fail("play", e)
    table.seed_secret = secret  # the table's describe() tells the seed once the game is over
    if start is None:
        title, sub = "Nightboard", "%s, start menu" % profile["name"]
    else:
        facts = index.tools(start["game"])
        title = "Nightboard - %s" % facts["title"]
        sub = "%s, %d %s, %s" % (profile["name"], start["players"], facts["seat_words"][1],
                                 SEED_LATER if secret else "seed %d" % start["seed"])
        out.write(_headline(profile, start, secret) + "\n")
        out.flush()
    code = terminal.run(table, terminal.KeyMap.for_table(table), clock, stdin=stdin, title=title, subtitle=sub,
                         start=start)
    if start is not None:
        shown = not table.seed_secret or table.shown_seed() is not None  # the last game played is over
        out.write("Play this game again: %s\n" % replay_hint(profile, start, shown))
        if not shown:
            out.write("(its seed is not shown: the game was not over, and the seed would tell its hidden facts)\n")
    return code


# --- snapshot ---------------------------------------------------------------------

def add_snapshot_arguments(p):
    p.add_argument("--game", choices=GAMES, default=index.default(), help="the game (default %s)" % index.default())
    p.add_argument("--profile", default=None, help="a shipped profile name (%s) or a profile file (default: the "
                   "game's own)" % ", ".join(shipped_profiles()))
    p.add_argument("--position", help="a position (JSON file) of the game instead of a new game")
    p.add_argument("--seed", type=int, default=1, help="seed of a new game (default 1)")
    p.add_argument("--players", type=int, default=None, help="players in a new game (default 2, or the game's least)")
    _add_option_arguments(p)
    p.add_argument("--turns", type=int, default=0, help="play this many turns (or rounds) first, with a fixed "
                                                       "sequence of choices")
    p.add_argument("--size", type=int, default=900, help="width and height of the picture in pixels (default 900)")
    p.add_argument("--look", default=None, metavar="SEAT",
                   help="that seat holds look, by its number from 0 or its colour (red, blue, ...): its own panel "
                        "shows what only its player may see (a picture for that player only)")
    p.add_argument("-o", "--output", required=True, metavar="OUT.png", help="the PNG file to write")


def snapshot_options(args):
    """(profile, engine game to start from); OptionError / ProfileError when impossible."""
    profile = load(_profile_of(args))
    if args.turns < 0:
        raise OptionError("--turns: must be 0 or more (got %d)" % args.turns)
    if not 200 <= args.size <= 8000:
        raise OptionError("--size: must be 200..8000 pixels (got %d)" % args.size)
    name = getattr(args, "game", None) or index.default()
    check_own_options(args, name)
    mod = index.module(name)
    if args.position:
        game = load_position(args.position, name)
        options = {}
        for opt, _values in mod.GAME["options"]:
            if opt in game.to_json():
                options[opt] = game.to_json()[opt]
        side = mod.GAME["surface"][1]
        if mod.GAME["surface"][0] == "grid" and isinstance(side, str) and side not in options:
            options = max(game.map.width, game.map.height)  # a map sized by an option the position leaves out
        check_players(profile, mod.GAME, game.players_count(), options)
        return profile, game
    options = game_options(args, name)
    players = players_of(args, name)
    check_table(profile, players, name, options)
    check_seed(args.seed)
    try:
        return profile, mod.new_game(args.seed, players, **options)
    except GameError as e:
        raise OptionError(str(e))


def _read_json(path):
    try:
        return load_json(path)
    except JsonFileError as e:
        raise OptionError("--position: %s" % e)


def run_snapshot(args, out=None):
    from nightboard_host.drawings import snapshot

    out = out if out is not None else sys.stdout
    try:
        profile, game = snapshot_options(args)
    except (ProfileError, OptionError) as e:
        return fail("snapshot", e)
    facts = index.tools(game.to_json()["game"])
    play_turns = hooks.hook(facts["name"], "snapshot_turns")
    assert play_turns is not None  # a hook with a default: never None
    played = play_turns(game, args.turns)
    look = getattr(args, "look", None)
    seats = min(game.players_count(), profile["max_players"])
    if look is not None:
        from nightboard.table.palette import SEAT_NAMES

        word = str(look).strip().lower()
        if word.isascii() and word.isdigit():
            look = int(word)
        elif word in SEAT_NAMES:
            look = SEAT_NAMES.index(word)
        else:
            return fail("snapshot", "--look: %r is neither a seat's number nor its colour (%s)"
                        % (str(look), ", ".join(SEAT_NAMES[:seats])))
        if not 0 <= look < seats:
            return fail("snapshot", "--look: seat %d (%s) is not at this table (seats 0..%d play: %s)"
                        % (look, SEAT_NAMES[look] if look < len(SEAT_NAMES) else "no colour", seats - 1,
                           ", ".join(SEAT_NAMES[:seats])))
    try:
        table = snapshot.table_at(profile, game)
    except ValueError as e:
        return fail("snapshot", e)
    if look is not None:
        snapshot.hold_look(table, look)
    try:
        snapshot.render_table(table, args.size).save(args.output)
    except OSError as e:
        return fail("snapshot", "cannot write %s: %s" % (args.output, e.strerror or e))
    word = facts["turn_words"]
    out.write("%s: %s, %s %s %d%s (%d %s played here)\n" % (
        args.output, profile["name"], facts["title"], word[0], game.turn, ", game over" if game.over else "", played,
        word[1]))
    return 0
