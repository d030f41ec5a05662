"""`nightboard play --script KEYS`: the simulated table without a terminal, for scripts, pipes and tests.

KEYS are the keys of the interactive table, typed in order (player 0: q w e r for mode, move, look, ok;
player 1: a s d f; ...; a capital is a long press). A "." lets one second pass; spaces and newlines are
ignored. Each key is pressed and released as the terminal does it, on a simulated clock, and the table
is given time after each until its animation is over, so a script does not need to wait by itself.
At the end the table's own description and the log in words are printed, the same lines the
terminal's side panel shows.
"""

import sys

SETTLE_FRAMES = 6000  # at most 100 s of simulated table time after a key, for an animation to end
WAIT_KEY = "."
IGNORED = " \t\r\n"


class ScriptError(ValueError):
    """A key in the script that the table has no button for; the message names it."""


def read_keys(spec, stdin=None):
    """The script's text: the argument itself, or stdin when it is "-"."""
    if spec == "-":
        return (stdin if stdin is not None else sys.stdin).read()
    return spec


def check_keys(keys, keymap):
    """ScriptError for the first key the table has no button for (and nothing is played)."""
    for i in range(len(keys)):
        ch = keys[i]
        if ch in IGNORED or ch == WAIT_KEY or keymap.lookup(ch) is not None:
            continue
        rows = " ".join("".join(r) for r in keymap.rows)
        raise ScriptError("--script: key %r (character %d) is not a button of this table (keys: %s; capitals "
                          "for a long press, %r to wait a second)" % (ch, i + 1, rows, WAIT_KEY))


def _frames(table, feeder, clock, n):
    for _ in range(n):
        clock.advance(table.frame_ms)
        feeder.update()
        table.tick()


def _animating(table):
    play = getattr(table, "play", None)
    check = getattr(play, "animating", None)
    return bool(check and check())


def play_keys(table, keymap, clock, keys):
    """Feed the keys to the table; returns the number of frames that passed."""
    from nightboard_host.terminal.view import KeyFeeder

    feeder = KeyFeeder(table.hal.buttons, keymap, clock)
    frames = 0
    for ch in keys:
        if ch in IGNORED:
            continue
        if ch == WAIT_KEY:
            n = max(1, 1000 // table.frame_ms)
            _frames(table, feeder, clock, n)
            frames += n
            continue
        feeder.key(ch)
        _frames(table, feeder, clock, 1)
        frames += 1
        for _ in range(SETTLE_FRAMES):
            if not feeder.settling() and not _animating(table):
                break
            _frames(table, feeder, clock, 1)
            frames += 1
        _frames(table, feeder, clock, 2)  # the table reacts to a release on the next frames
        frames += 2
    return frames


def report(table, keymap, title, out):
    """The table's description and the log in words, as plain lines."""
    from nightboard_host.terminal.view import TerminalView

    view = TerminalView(table, keymap, title)
    for line in table.describe():
        out.write(line + "\n")
    shown = None
    word = view._turn_word()  # "round" where the game counts rounds, as the terminal's log says
    for turn, words in view.events():
        if turn != shown:
            out.write(("%s %d:\n" % (word, turn)) if turn >= 1 else "earlier:\n")
            shown = turn
        out.write(" " + words + "\n")


def run(table, keymap, clock, spec, title, out, stdin=None):
    """Play the script and print the outcome; 0, or 2 with a message on stderr for a bad script."""
    keys = read_keys(spec, stdin)
    try:
        check_keys(keys, keymap)
    except ScriptError as e:
        print("nightboard play: %s" % e, file=sys.stderr)
        return 2
    frames = play_keys(table, keymap, clock, keys)
    out.write("%d keys played in %d frames (%.1f s of table time)\n"
              % (sum(1 for c in keys if c not in IGNORED and c != WAIT_KEY), frames, frames * table.frame_ms / 1000.0))
    report(table, keymap, title, out)
    return 0


def run_play_script(args, out=None, stdin=None):
    """`nightboard play ... --script KEYS`: the table on a simulated clock, the outcome printed."""
    from nightboard.hal.sim import SimClock, make_sim_hal
    from nightboard.table.app import Table
    from nightboard.table.profile import ProfileError
    from nightboard_host.commands import play
    from nightboard_host.terminal import view as terminal

    out = out if out is not None else sys.stdout
    try:
        profile, start = play.play_options(args)
    except (ProfileError, play.OptionError) as e:
        return play.fail("play", e)
    clock = SimClock()
    hal = make_sim_hal(profile, clock=clock)
    try:
        table = Table(profile, hal, start)
    except ValueError as e:
        return play.fail("play", e)
    if start is None:
        out.write("the start menu on %s\n" % profile["name"])
    else:
        secret = play.seed_secret(args, start)  # a drawn seed of a game with secrets: told only at its end
        table.seed_secret = secret
        out.write("%s on %s: %s\n" % (start["game"], profile["name"], ", ".join(
            (play.SEED_LATER if secret else "seed %d" % start[k]) if k == "seed" else "%s %s" % (k, start[k])
            for k in sorted(start) if k != "game")))
    return run(table, terminal.KeyMap.for_table(table), clock, args.script, "Nightboard", out, stdin=stdin)
