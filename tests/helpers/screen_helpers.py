"""The terminal view as tests read it: the rendered screen's cells and text (plain or styled), the picture's pixels."""

import io

from rich.console import Console

from nightboard_host.terminal.view import HALF_BLOCK, TABLE_TOP


def screen_cells(renderable, width=80, height=24):
    """The rendered screen as rows of (char, style), plus its plain text, as a width x height console shows it."""
    console = Console(record=True, width=width, height=height, color_system="truecolor", force_terminal=True,
                      file=io.StringIO())
    console.print(renderable)
    text = console.export_text()
    lines = console.render_lines(renderable, console.options.update_width(width), pad=False)
    rows = []
    for line in lines:
        row = []
        for seg in line:
            for ch in seg.text:
                row.append((ch, seg.style))
        rows.append(row)
    return rows, text


def picture_pixels(rows, pic):
    """{(x, y): (r, g, b)} of the picture area, two pixels per half-block cell."""
    px = {}
    for r in range(pic.rows):
        for c in range(pic.cols):
            ch, style = rows[r][c]
            if ch != HALF_BLOCK:  # a label's letter: only in a cell no LED shows, on the table's colour
                assert ch.isprintable() and ch != " ", "cell (%d, %d) of the picture is %r" % (c, r, ch)
                px[(c, 2 * r)] = px[(c, 2 * r + 1)] = tuple(style.bgcolor.get_truecolor())
                continue
            px[(c, 2 * r)] = tuple(style.color.get_truecolor())
            px[(c, 2 * r + 1)] = tuple(style.bgcolor.get_truecolor())
    return px


def expected_pixels(pic, rgb):
    want = {}
    for x in range(pic.cols):
        for y in range(pic.height):
            want[(x, y)] = TABLE_TOP
    for led in sorted(pic.pixel):
        x, y = pic.pixel[led]
        for dy in range(pic.dot):
            for dx in range(pic.dot):
                want[(x + dx, y + dy)] = (rgb[3 * led], rgb[3 * led + 1], rgb[3 * led + 2])
    return want


def styled_screen(view):
    """The terminal's words and picture at 100x30, as text with its styles written in."""
    c = Console(width=100, height=30, record=True, file=io.StringIO(), color_system="truecolor")
    c.print(view.render(100, 30))
    return c.export_text(styles=True)
