"""The `nightboard` command: play, replay, snapshot, flash, monitor, bench."""

import argparse
import sys

from nightboard import VERSION


def _replay(args):
    from nightboard.games.record import RecordError
    from nightboard_host import replay

    try:
        return replay.run(args.record, as_json=args.json)
    except RecordError as e:
        print("nightboard replay: %s" % e, file=sys.stderr)
        return 2


def _play(args):
    from nightboard_host import play

    return play.run_play(args)


def _snapshot(args):
    from nightboard_host import play

    return play.run_snapshot(args)


def build_parser():
    p = argparse.ArgumentParser(prog="nightboard", description="Nightboard host tool (version %s)" % VERSION)
    p.add_argument("--version", action="version", version="nightboard " + VERSION)
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    from nightboard_host import play

    pl = sub.add_parser("play", help="play on the simulated table in this terminal (keys are the buttons)")
    play.add_play_arguments(pl)
    pl.set_defaults(func=_play)

    sn = sub.add_parser("snapshot", help="draw a position on the table to a PNG picture")
    play.add_snapshot_arguments(sn)
    sn.set_defaults(func=_snapshot)

    r = sub.add_parser("replay", help="replay a game record and print each turn's events")
    r.add_argument("record", help="a record file (JSON): see docs/records.md")
    r.add_argument("--json", action="store_true", help="print the final state as JSON instead")
    r.set_defaults(func=_replay)

    from nightboard_host.monitor import add_monitor_command
    add_monitor_command(sub)

    from nightboard_host.hardware import add_diagram_command
    add_diagram_command(sub)
    from nightboard_host.selftest_cli import add_selftest_command
    add_selftest_command(sub)

    from nightboard_host.flash import add_flash_command, add_reset_command
    add_flash_command(sub)
    add_reset_command(sub)
    from nightboard_host.virtual_board import add_virtual_board_command
    add_virtual_board_command(sub)

    from nightboard_host.bench import add_bench_command
    add_bench_command(sub)
    from nightboard_host.run_pi import add_run_command; add_run_command(sub)  # noqa: E702  (one line: the Pi's `run`)
    return p


def main(argv=None):
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
