"""`nightboard diagram`: wiring diagram, top view and build sheet of a profile (and the files under
hardware/ made from every shipped profile). `add_diagram_command(sub)` sets up its arguments.

Every mistake (an unknown or broken profile, a pin the diagram does not know, an unwritable file)
exits 2 with one line on stderr naming what is wrong; nothing is written then.
"""

import sys
from pathlib import Path

from nightboard.table.profile import ProfileError
from nightboard_host.drawings import bom, diagram, template
from nightboard_host.commands import play
from nightboard_host.drawings.wiring import DiagramError

HARDWARE = Path(__file__).resolve().parents[3] / "hardware"
KINDS = ("wiring", "layout", "sheet", "template")


def outputs(profile):
    """{file name: text} of a profile's folder under hardware/."""
    return {
        "wiring.svg": diagram.wiring_svg(profile),
        "layout.svg": diagram.layout_svg(profile),
        "README.md": bom.sheet(profile),
        "template.svg": template.template_svg(profile),
    }


def render(profile, kind):
    if kind == "layout":
        return diagram.layout_svg(profile)
    if kind == "sheet":
        return bom.sheet(profile)
    if kind == "template":
        return template.template_svg(profile)
    return diagram.wiring_svg(profile)


def shipped(hardware=HARDWARE):
    return sorted(p.stem for p in (hardware / "profiles").glob("*.json"))


def stale_files(hardware=HARDWARE):
    """[(path, text it should have)] of generated files under hardware/ that are missing or out of date."""
    out = []
    for name in shipped(hardware):
        prof = play.load(str(hardware / "profiles" / (name + ".json")))
        for fname, text in sorted(outputs(prof).items()):
            path = hardware / name / fname
            if not path.is_file() or path.read_text(encoding="utf-8") != text:
                out.append((path, text))
    return out


def add_diagram_command(sub):
    d = sub.add_parser("diagram", help="wiring diagram (SVG), top view or build sheet of a board profile",
                       description="Draw a board profile's wiring diagram as SVG (default), the table seen from"
                                   " above (--layout), or print its build sheet: Pico pins, LED chain, key matrix,"
                                   " parts, power, dimensions and cost (--sheet, Markdown), or a printable 1:1"
                                   " template to build it on (--template, SVG in mm). --all writes all four for"
                                   " every shipped profile under hardware/.")
    d.add_argument("profile", nargs="?", help="a shipped profile name (%s) or a profile file"
                   % ", ".join(play.shipped_profiles()))
    what = d.add_mutually_exclusive_group()
    what.add_argument("--layout", dest="kind", action="store_const", const="layout",
                      help="the table from above: LEDs, card 0, clockwise, the seats (SVG)")
    what.add_argument("--sheet", "--bom", "--wiring-table", dest="kind", action="store_const", const="sheet",
                      help="the build sheet: wiring table, LED chain, key matrix, parts list, power, dimensions, "
                      "cost (Markdown)")
    what.add_argument("--template", dest="kind", action="store_const", const="template",
                      help="a printable template at 1:1: every LED, the cards, the panels, the buttons and the box, "
                      "in mm, on A4 pages to tape together (SVG)")
    d.add_argument("-o", "--output", metavar="OUT", help="write to this file instead of printing")
    d.add_argument("--all", action="store_true",
                   help="write wiring.svg, layout.svg, template.svg and README.md of every shipped profile to "
                   "hardware/<name>/")
    d.add_argument("--check", action="store_true",
                   help="with --all: write nothing, list the files that are missing or out of date (exit 1 if any)")
    d.set_defaults(func=run_diagram, kind="wiring")


def fail(msg):
    print("nightboard diagram: %s" % msg, file=sys.stderr)
    return 2


def run_diagram(args, out=None):
    out = out if out is not None else sys.stdout
    if args.all:
        if args.profile or args.output or args.kind != "wiring":
            return fail("--all makes every file of every shipped profile: give no profile, -o, --layout, --sheet or "
                        "--template")
        return _all(args.check, out)
    if args.check:
        return fail("--check goes with --all")
    if not args.profile:
        return fail("which profile? give a shipped name (%s) or a profile file" % ", ".join(play.shipped_profiles()))
    try:
        prof = play.load(args.profile)
        text = render(prof, args.kind)
    except (ProfileError, DiagramError) as e:
        return fail(e)
    if not args.output:
        out.write(text if text.endswith("\n") else text + "\n")
        return 0
    try:
        Path(args.output).write_text(text, encoding="utf-8")
    except OSError as e:
        return fail("cannot write %s: %s" % (args.output, e.strerror or e))
    out.write("%s: %s of %s\n" % (args.output, args.kind, prof["name"]))
    return 0


def _all(check, out):
    try:
        stale = stale_files()
    except (ProfileError, DiagramError) as e:
        return fail(e)
    if check:
        for path, _text in stale:
            out.write("out of date: %s\n" % path)
        if stale:
            out.write("run `nightboard diagram --all` to bring them up to date\n")
            return 1
        out.write("every generated file under %s is up to date\n" % HARDWARE)
        return 0
    for path, text in stale:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        except OSError as e:
            return fail("cannot write %s: %s" % (path, e.strerror or e))
        out.write("wrote %s\n" % path)
    if not stale:
        out.write("every generated file under %s is up to date\n" % HARDWARE)
    return 0
