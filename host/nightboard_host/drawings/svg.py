"""SVG text for Nightboard's drawings: a tiny writer (integers only, so output is the same everywhere),
the shared style, and schematic symbols (ground, net flag, push button, diode, resistor, capacitor).
Used by diagram.py (the wiring diagram) and topview.py (the table from above)."""

from xml.sax.saxutils import escape, quoteattr

STYLE = """
text { font-family: DejaVu Sans, Helvetica, Arial, sans-serif; font-size: 12px; fill: #222; }
.title { font-size: 24px; font-weight: bold; }
.h2 { font-size: 17px; font-weight: bold; }
.small { font-size: 10px; fill: #555; }
.note { font-size: 12px; fill: #444; }
.pinname { font-size: 11px; fill: #e8f5e9; }
.pinname.used { fill: #ffe14d; }
.pinnum { font-size: 9px; fill: #a5d6a7; }
.used { font-weight: bold; }
.board { fill: #1f6f3f; stroke: #0d3b20; stroke-width: 2; }
.boardtext { fill: #e8f5e9; }
.pad { fill: #d4af37; stroke: #7a5c00; }
.w { stroke: #333; stroke-width: 2; fill: none; }
.w-led { stroke: #e67e22; stroke-width: 2.5; fill: none; }
.w-button { stroke: #2563eb; stroke-width: 2; fill: none; }
.w-row { stroke: #7c3aed; stroke-width: 2; fill: none; }
.w-col { stroke: #0f766e; stroke-width: 2; fill: none; }
.w-5v { stroke: #dc2626; stroke-width: 2.5; fill: none; }
.w-gnd { stroke: #111; stroke-width: 2.5; fill: none; }
.part { fill: #fff; stroke: #333; stroke-width: 1.5; }
.chip { fill: #2b2b2b; stroke: #000; }
.chiptext { fill: #fff; font-size: 11px; }
.dot { fill: #333; }
.flag { fill: #fff; stroke-width: 1.5; }
.led { stroke: #333; stroke-width: 1; }
.ledtext { font-size: 8px; fill: #111; }
.arrow { stroke: #333; stroke-width: 2; fill: none; marker-end: url(#arrow); }
"""

KIND_CLASS = {"led": "w-led", "button": "w-button", "row": "w-row", "col": "w-col"}
KIND_STROKE = {"w-led": "#e67e22", "w-button": "#2563eb", "w-row": "#7c3aed", "w-col": "#0f766e",
               "w-5v": "#dc2626", "w-gnd": "#111", "w": "#333"}


class Svg:
    """A list of SVG elements; integers only, so the text is the same everywhere."""

    def __init__(self):
        self.out = []

    def raw(self, s):
        self.out.append(s)

    def line(self, x1, y1, x2, y2, cls="w"):
        self.raw('<line x1="%d" y1="%d" x2="%d" y2="%d" class="%s"/>' % (x1, y1, x2, y2, cls))

    def poly(self, pts, cls="w"):
        self.raw('<polyline points="%s" class="%s"/>' % (" ".join("%d,%d" % p for p in pts), cls))

    def rect(self, x, y, w, h, cls="part", rx=0, extra=""):
        self.raw('<rect x="%d" y="%d" width="%d" height="%d" rx="%d" class="%s"%s/>' % (x, y, w, h, rx, cls, extra))

    def circle(self, x, y, r, cls="dot", extra=""):
        self.raw('<circle cx="%d" cy="%d" r="%d" class="%s"%s/>' % (x, y, r, cls, extra))

    def text(self, x, y, s, cls="", anchor="start"):
        c = ' class="%s"' % cls if cls else ""
        a = ' text-anchor="%s"' % anchor if anchor != "start" else ""
        self.raw('<text x="%d" y="%d"%s%s>%s</text>' % (x, y, c, a, escape(s)))

    def open(self, cls, **data):
        attrs = "".join(' data-%s=%s' % (k, quoteattr(str(v))) for k, v in sorted(data.items()))
        self.raw('<g class="%s"%s>' % (cls, attrs))

    def title(self, s):
        self.raw("<title>%s</title>" % escape(s))

    def close(self):
        self.raw("</g>")

    def document(self, width, height, label):
        head = ('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
                'role="img" aria-label=%s>' % (width, height, width, height, quoteattr(label)))
        defs = ('<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" '
                'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#333"/></marker></defs>')
        return "\n".join(['<?xml version="1.0" encoding="UTF-8"?>', head, "<style>%s</style>" % STYLE, defs,
                          '<rect x="0" y="0" width="%d" height="%d" fill="#ffffff"/>' % (width, height)]
                         + self.out + ["</svg>", ""])


def hex_colour(c):
    return "#%02x%02x%02x" % (c[0], c[1], c[2])


# --- symbols -------------------------------------------------------------------------------------

def gnd(svg, x, y):
    """A ground symbol hanging from (x, y)."""
    svg.line(x, y, x, y + 8, "w-gnd")
    svg.line(x - 9, y + 8, x + 9, y + 8, "w-gnd")
    svg.line(x - 6, y + 12, x + 6, y + 12, "w-gnd")
    svg.line(x - 3, y + 16, x + 3, y + 16, "w-gnd")


def flag(svg, x, y, label, cls, right=True, width=None):
    """A net label: a tag at (x, y) pointing right (or left) with `label` in it."""
    w = width or 10 + 7 * len(label)
    d = 1 if right else -1
    x2 = x + d * w
    pts = [(x, y - 10), (x2 - d * 8, y - 10), (x2, y), (x2 - d * 8, y + 10), (x, y + 10), (x, y - 10)]
    svg.raw('<polygon points="%s" class="flag" stroke="%s"/>' % (" ".join("%d,%d" % p for p in pts),
                                                                   KIND_STROKE.get(cls, "#333")))
    svg.text(x + d * 6 if right else x2 + 10, y + 4, label, "small", "start")
    return x2


def switch(svg, x1, x2, y, cls):
    """A push button between x1 and x2 on a horizontal wire at y."""
    a, b = min(x1, x2), max(x1, x2)
    svg.circle(a + 4, y, 3, "part")
    svg.circle(b - 4, y, 3, "part")
    svg.line(a + 4, y - 8, b - 4, y - 8, cls)
    svg.line((a + b) // 2, y - 8, (a + b) // 2, y - 14, cls)


def diode_down(svg, x, y1, y2, cls):
    """A diode on a vertical wire, anode at y1 (top), cathode band at y2 (bottom)."""
    m = (y1 + y2) // 2
    svg.line(x, y1, x, m - 6, cls)
    svg.raw('<polygon points="%d,%d %d,%d %d,%d" fill="#fff" stroke="#333" stroke-width="1.5"/>'
            % (x - 7, m - 6, x + 7, m - 6, x, m + 6))
    svg.line(x - 7, m + 6, x + 7, m + 6, "w")
    svg.line(x, m + 6, x, y2, cls)


def resistor(svg, x1, x2, y, label):
    svg.line(x1, y, x1 + 10, y, "w-led")
    svg.rect(x1 + 10, y - 7, x2 - x1 - 20, 14, "part")
    svg.line(x2 - 10, y, x2, y, "w-led")
    svg.text((x1 + x2) // 2, y - 12, label, "small", "middle")


def capacitor_down(svg, x, y1, y2, label, polar=True):
    m = (y1 + y2) // 2
    svg.line(x, y1, x, m - 4, "w-5v")
    svg.line(x - 12, m - 4, x + 12, m - 4, "w")
    svg.line(x - 12, m + 4, x + 12, m + 4, "w")
    svg.line(x, m + 4, x, y2, "w-gnd")
    if polar:
        svg.text(x - 16, m - 6, "+", "small", "middle")
    svg.text(x + 16, m + 4, label, "small")
