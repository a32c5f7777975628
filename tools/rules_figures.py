"""Draw the how-to-play diagrams into the rules pages (web/rules/{en,it,fr,es}.html).

    python3 tools/rules_figures.py           # rewrite the figures in every page
    python3 tools/rules_figures.py --check   # exit 1 if a page's figure is out of date

Each page holds a figure as `<!--figure:NAME-->…<!--/figure-->`; this script puts the same
inline SVG between the markers in every language. The drawings carry no words (letters stand
for the players, Roman numerals for laurels): each page words them in its `figcaption`, whose
id `cap-NAME` labels the SVG for screen readers. Classes are styled in web/rules/rules.css, so
the pages need no inline style (CSP style-src 'self'). Original drawings made of simple shapes.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: tools/ is a package of the repository
    sys.path.insert(0, str(ROOT))

from tools import figure_pages  # noqa: E402

RULES = ROOT / "web" / "rules"
LANGUAGES = figure_pages.LANGUAGES


def octagon(cx: float, cy: float, r: float) -> str:
    """The points of a senator's octagon around (cx, cy)."""
    points = []
    for k in range(8):
        angle = math.radians(22.5 + 45 * k)
        points.append(f"{cx + r * math.cos(angle):.1f},{cy + r * math.sin(angle):.1f}")
    return " ".join(points)


def senator(cx: float, cy: float, colour: str, letter: str, r: float = 26) -> str:
    """A senator: an octagon of the family's colour with the player's initial."""
    dark = " dark" if colour == "gold" else ""
    return (f'<polygon class="dg-{colour}" points="{octagon(cx, cy, r)}"/>'
            f'<text class="dg-senator-text{dark}" x="{cx}" y="{cy}">{letter}</text>')


def seat(cx: float, cy: float, r: float = 30) -> str:
    """An empty seat of an office."""
    return f'<circle class="dg-seat" cx="{cx}" cy="{cy}" r="{r}"/>'


def office(x: float, y: float, w: float, h: float) -> str:
    """An office's outline."""
    return f'<rect class="dg-office" x="{x}" y="{y}" width="{w}" height="{h}" rx="16"/>'


def laurel(cx: float, cy: float, value: str, text_dx: float = 0) -> str:
    """A laurel space (a diamond) with the token's value on it (moved by text_dx)."""
    points = f"{cx},{cy - 32} {cx + 32},{cy} {cx},{cy + 32} {cx - 32},{cy}"
    return (f'<polygon class="dg-laurel" points="{points}"/>'
            f'<text class="dg-laurel-text" x="{cx + text_dx}" y="{cy}">{value}</text>')


def caesar(cx: float, cy: float, r: float = 30) -> str:
    """Caesar's disc, as on the board: gold, with a C."""
    return (f'<circle class="dg-caesar" cx="{cx}" cy="{cy}" r="{r}"/>'
            f'<text class="dg-caesar-text" x="{cx}" y="{cy}">C</text>')


def arrow(d: str, tip: tuple[float, float], angle: float) -> str:
    """A dashed move along the path d, with an arrowhead at tip pointing at angle (degrees)."""
    x, y = tip
    head = "M0,0 L-18,-9 L-18,9 Z"
    return (f'<path class="dg-move" d="{d}"/>'
            f'<path class="dg-arrowhead" d="{head}" '
            f'transform="translate({x},{y}) rotate({angle})"/>')


def tick(x: float, y: float) -> str:
    """A check mark: this senator consents."""
    return f'<path class="dg-yes" d="M{x},{y} l10,12 l22,-28"/>'


def cross(x: float, y: float) -> str:
    """A cross: no way here."""
    return f'<path class="dg-no" d="M{x - 14},{y - 14} l28,28 M{x + 14},{y - 14} l-28,28"/>'


def reward(cx: float, cy: float) -> str:
    """An I token from the reward pool."""
    return (f'<circle class="dg-reward" cx="{cx}" cy="{cy}" r="22"/>'
            f'<text class="dg-laurel-text" x="{cx}" y="{cy}">I</text>')


def svg(name: str, box: tuple[int, int, int, int], body: list[str]) -> str:
    """The figure's SVG (box: x, y, width, height of the drawing), labelled by the caption."""
    x, y, width, height = box
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x} {y} {width} {height}" '
            f'role="img" aria-labelledby="cap-{name}" focusable="false">'
            + "".join(body) + "</svg>")


def figure_consent() -> str:
    """A 3-seat office: Anna moves up with Bruno's consent, takes the III, Bruno gets an I."""
    return svg("consent", (136, 6, 470, 356), [
        office(270, 16, 100, 76), seat(320, 54),
        '<path class="dg-path" d="M320,92 L320,250"/>',
        laurel(320, 170, "III"),
        office(150, 250, 340, 100), seat(220, 300), seat(320, 300), seat(420, 300),
        senator(220, 300, "red", "A"), senator(320, 300, "blue", "B"),
        tick(348, 236),
        arrow("M222,268 C222,190 262,120 296,78", (300, 72), -55),
        reward(570, 190),
        arrow("M548,204 L372,284", (364, 288), 155),
    ])


def figure_caesar() -> str:
    """A lone senator in a 3-seat office: blocked on one path, free where Caesar stands."""
    return svg("caesar", (90, 6, 460, 356), [
        office(100, 16, 100, 76), seat(150, 54),
        office(440, 16, 100, 76), seat(490, 54),
        '<path class="dg-path" d="M270,250 L150,92"/>',
        '<path class="dg-path" d="M370,250 L490,92"/>',
        laurel(210, 171, "IV"), cross(150, 190),
        laurel(448, 172, "III", text_dx=12), caesar(412, 166, r=26),
        office(200, 250, 240, 100), seat(260, 300), seat(320, 300), seat(380, 300),
        senator(260, 300, "red", "A"),
        arrow("M282,272 Q360,110 466,95", (472, 94), -9),
    ])


def figure_senate() -> str:
    """The Senate filling in arrival order; the fifth senator ends the game (R9)."""
    body = ['<rect class="dg-senate" x="40" y="24" width="400" height="230" rx="22"/>']
    seats = [(140, 96), (240, 96), (340, 96), (190, 196), (290, 196)]
    for order, (x, y) in enumerate(seats, start=1):
        body.append(seat(x, y, 32))
        body.append(f'<text class="dg-small dg-order" x="{x}" y="{y - 46}">{order}</text>')
    taken = [("blue", "B"), ("red", "A"), ("gold", "D"), ("blue", "B")]
    for (x, y), (colour, letter) in zip(seats[:4], taken, strict=True):
        body.append(senator(x, y, colour, letter))
    body.append(senator(290, 336, "red", "A"))
    body.append(arrow("M290,306 L290,244", (290, 236), -90))
    scores = [("blue", "B", "21"), ("red", "A", "21"), ("gold", "D", "17"), ("green", "E", "30")]
    for row, (colour, letter, total) in enumerate(scores):
        y = 60 + row * 74
        body.append(senator(510, y, colour, letter, r=20))
        body.append(f'<text class="dg-label" x="572" y="{y}">{total}</text>')
    body.append('<rect class="dg-yes" x="482" y="30" width="120" height="60" rx="12"/>')
    body.append('<path class="dg-no" d="M548,282 L598,282"/>')
    return svg("senate", (30, 10, 590, 360), body)


FIGURES: dict[str, Callable[[], str]] = {
    "consent": figure_consent,
    "caesar": figure_caesar,
    "senate": figure_senate,
}


def filled(text: str) -> str:
    """The page text with every figure between its markers redrawn."""
    return figure_pages.fill(text, FIGURES)


def main(argv: list[str]) -> int:
    return figure_pages.stamp(RULES, FIGURES, argv, "tools/rules_figures.py")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
