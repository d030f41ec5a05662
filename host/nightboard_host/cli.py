"""The `nightboard` command: play, replay, snapshot, flash, monitor, web, party, bench."""

import argparse
import os
import sys

from nightboard import VERSION


def _replay(args):
    from nightboard.games import index
    from nightboard.games.record import RecordError
    from nightboard_host.commands import replay

    from nightboard_host import resources

    shipped = resources.example(args.record)
    if shipped is not None:  # the README's `nightboard replay docs/examples/...` from any directory
        args.record = str(shipped)
    try:
        dump = _monitor_dump_game(replay.load_record(args.record))
        if dump == "":
            raise RecordError("%s is a monitor dump (a board's state, written by `nightboard monitor`), not a game "
                              "record, and no game was running when it was written: nothing to replay" % args.record)
        if dump is not None:
            raise RecordError(
                "%s is a monitor dump (a board's state, written by `nightboard monitor`), not a game record, "
                "so it has no turns to replay. Draw its position with `nightboard snapshot --position %s%s "
                "-o board.png`, or put it back on a board with `nightboard monitor --load %s`"
                % (args.record, args.record, " --game " + dump if dump != index.default() else "", args.record))
        return replay.run(args.record, as_json=args.json)
    except RecordError as e:
        hint = ""
        if not os.path.exists(args.record) and resources.examples():
            hint = " (the examples that come with the tool: %s)" % ", ".join(resources.examples())
        print("nightboard replay: %s%s" % (e, hint), file=sys.stderr)
        return 2


def _docs(args):
    """`nightboard docs`: where the documents and the examples are; `nightboard docs NAME`: one document."""
    from nightboard_host import resources

    pages = resources.docs()
    if args.name is None:
        for name, path in pages.items():
            print("%-28s %s" % (name, path))
        print("\nexample records (`nightboard replay NAME`):")
        for name, path in resources.examples().items():
            print("%-28s %s" % (name, path))
        return 0
    name = args.name[5:] if args.name.startswith("docs/") else args.name
    name = name[:-3] if name.endswith(".md") else name
    if name not in pages:
        print("nightboard docs: no document %r (the documents: %s)" % (args.name, ", ".join(pages)), file=sys.stderr)
        return 2
    sys.stdout.write(pages[name].read_text(encoding="utf-8"))
    return 0


def _monitor_dump_game(obj):
    """The game named in a monitor dump ("" when none was running), or None when obj is no dump."""
    from nightboard_host.terminal.monitor import DUMP_FORMAT

    if isinstance(obj, dict) and obj.get("format") == DUMP_FORMAT:
        return obj.get("game") or ""
    return None


def _play(args):
    from nightboard.table.profile import ProfileError
    from nightboard_host.commands import play

    if args.script is not None:
        from nightboard_host.commands import play_script

        return play_script.run_play_script(args)
    try:
        play.play_options(args)  # a wrong option is said first, terminal or not
    except (ProfileError, play.OptionError) as e:
        return play.fail("play", e)
    for name, stream in (("stdin", sys.stdin), ("stdout", sys.stdout)):
        if not stream.isatty():
            return play.fail("play", "needs a terminal to show the table and read the players' keys, and its %s is "
                                     "not one: run it in a terminal, or give --script KEYS to play the keys KEYS "
                                     "without one and print the outcome (`nightboard snapshot` draws a position "
                                     "to a PNG)" % name)
    return play.run_play(args)


def _snapshot(args):
    from nightboard_host.commands import play

    return play.run_snapshot(args)


def build_parser():
    p = argparse.ArgumentParser(prog="nightboard", description="Nightboard host tool (version %s)" % VERSION)
    p.add_argument("--version", action="version", version="nightboard " + VERSION)
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    from nightboard_host.commands import play

    pl = sub.add_parser("play", help="play on the simulated table in this terminal (keys are the buttons)")
    play.add_play_arguments(pl)
    pl.add_argument("--script", metavar="KEYS", help="play without a terminal: KEYS are the table's keys in order "
                    "(q w e r for red's mode, move, look, ok; a s d f for blue; ...; a capital is a long press; "
                    "'.' waits a second; '-' reads them from stdin), then the table and its log are printed")
    pl.set_defaults(func=_play)

    sn = sub.add_parser("snapshot", help="draw a position on the table to a PNG picture")
    play.add_snapshot_arguments(sn)
    sn.set_defaults(func=_snapshot)

    r = sub.add_parser("replay", help="replay a game record and print each turn's events")
    r.add_argument("record", help="a record file (JSON; its format: `nightboard docs records`), or the name of an "
                   "example that comes with the tool (`nightboard docs` lists them)")
    r.add_argument("--json", action="store_true", help="print the final state as JSON instead")
    r.set_defaults(func=_replay)

    d = sub.add_parser("docs", help="list the documents and example records that come with the tool, or print one")
    d.add_argument("name", nargs="?", help="a document to print (flashing, records, table, ...: `nightboard docs` lists them)")
    d.set_defaults(func=_docs)

    from nightboard_host.terminal.monitor import add_monitor_command
    add_monitor_command(sub)

    from nightboard_host.drawings.hardware import add_diagram_command
    add_diagram_command(sub)
    from nightboard_host.commands.selftest import add_selftest_command
    add_selftest_command(sub)

    from nightboard_host.flashing.command import add_flash_command, add_reset_command
    add_flash_command(sub)
    add_reset_command(sub)
    from nightboard_host.emulation.virtual_board import add_virtual_board_command
    add_virtual_board_command(sub)

    from nightboard_host.web.serve import add_web_command
    add_web_command(sub)
    from nightboard_host.web.party import add_party_command
    add_party_command(sub)
    from nightboard_host.bench.costs import add_bench_command
    add_bench_command(sub)
    from nightboard_host.commands.run_pi import add_run_command; add_run_command(sub)  # noqa: E702  (one line: the Pi's `run`)
    return p


def main(argv=None):
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    needs = _needs_checkout(args)
    if needs:
        print("nightboard %s: %s works on a checkout of the repository, and this nightboard is installed "
              "from a package: run it in a clone (`make setup`, then %s)" % (args.command, needs[0], needs[1]),
              file=sys.stderr)
        return 2
    try:
        code = args.func(args)
        sys.stdout.flush()  # inside the try: a pipe closed early fails here, not at the interpreter's exit
        return code
    except BrokenPipeError:
        # the reader went away (`nightboard replay ... | head`): stop quietly, for every command
        _silence_stdout()
        return 1
    except KeyboardInterrupt:
        print("nightboard %s: interrupted" % args.command, file=sys.stderr)
        return 130


def _needs_checkout(args):
    """(what, how to run it) for the commands that measure or rewrite the repository itself, when the tool
    is not running from a checkout; else None."""
    from nightboard_host import resources

    if resources.in_checkout():
        return None
    if args.command == "bench":
        return "the bench (it measures the repository's firmware with the test tools)", "`make bench`"
    if args.command == "diagram" and getattr(args, "all", False):
        return "--all (it writes the generated files under hardware/)", "`nightboard diagram --all`"
    return None


def _silence_stdout():
    """Point stdout at the null device, so that the interpreter's last flush cannot fail again."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


if __name__ == "__main__":
    sys.exit(main())
