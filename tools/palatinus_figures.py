"""Draw the figures of the Palatinus rules pages (web/palatinus/rules/{en,it,fr,es}.html).

    python3 tools/palatinus_figures.py           # rewrite the figures in every page
    python3 tools/palatinus_figures.py --check   # exit 1 if a page's figure is out of date

As tools/rules_figures.py does for Quo Vadis: each page holds a figure as
`<!--figure:NAME-->…<!--/figure-->`, and this script puts the same inline SVG between the
markers in every language; the page words it in a `figcaption` whose id `cap-NAME` labels the
SVG. The drawings come from the engine's own data (qvcore.palatinus: the board's geometry,
the tiles' springs, the scoring), so they cannot say other than the rules do, and carry no
words: a letter names a hill, digits are influence, shapes are kinds (square merchant, circle
farmer). Classes are styled in web/palatinus/rules/figures.css (CSP style-src 'self').
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: the engine is beside it
    sys.path.insert(0, str(ROOT))

from qvcore.palatinus import facts  # noqa: E402
from qvcore.palatinus.geometry import (  # noqa: E402
    COORDS,
    NEIGHBOURS,
    cell_of,
    is_hill,
    slot_of,
    terrain_side,
)
from qvcore.palatinus.scoring import Placed, score  # noqa: E402
from tools import figure_pages  # noqa: E402

RULES = ROOT / "web" / "palatinus" / "rules"
LANGUAGES = figure_pages.LANGUAGES
SIZE = 34  # a hex's centre to corner, as the page's board draws it
COLOUR_CLASS = {0: "dg-red", 1: "dg-blue", 2: "dg-gold"}
#: the seed's worked example of hill C (P6b), on slot 1 of the board: red 0, blue 1, yellow 2;
#: the springs of tile C as printed (ruling 1: its terrains 8, 9 and 11; a review saw the figure
#: draw two where the tile has three) and one of the tile beside it (1)
HILL_C_SPRINGS = frozenset({1} | {cell_of(1, k) for k in range(1, 7)
                                  if terrain_side(k, 0) in facts.SPRINGS["C"]})
HILL_C_PIECES: tuple[tuple[int, int, str], ...] = (
    (10, 2, facts.FARMER), (12, 0, facts.FARMER), (9, 0, facts.MERCHANT),
    (11, 1, facts.FARMER), (1, 1, facts.MERCHANT), (20, 1, facts.MERCHANT),
    (43, 1, facts.MERCHANT), (44, 1, facts.MERCHANT))
#: the inhabitants whose influence the example states (8, 4 and 3)
HILL_C_SHOWN = (10, 12, 9)


def centre(cell: int, shift: tuple[float, float] = (0, 0)) -> tuple[float, float]:
    """A cell's centre in SVG units (pointy-top hexes, as the page's board)."""
    q, r = COORDS[cell]
    return SIZE * math.sqrt(3) * (q + r / 2) + shift[0], SIZE * 1.5 * r + shift[1]


def hexagon(x: float, y: float, cls: str) -> str:
    points = " ".join(f"{x + (SIZE - 1) * math.cos(math.radians(60 * i - 30)):.1f},"
                      f"{y + (SIZE - 1) * math.sin(math.radians(60 * i - 30)):.1f}"
                      for i in range(6))
    return f'<polygon class="{cls}" points="{points}"/>'


def spring(x: float, y: float, occupied: bool = False) -> str:
    """A spring: two waves across the terrain (one below the inhabitant on it)."""
    return "".join(f'<path class="pf-spring" d="M{x - 15:.1f},{y + dy:.1f} q7.5,-7 15,0 '
                   f't15,0"/>' for dy in ((22,) if occupied else (-5, 7)))


def piece(x: float, y: float, owner: int, kind: str) -> str:
    """An inhabitant: a square merchant or a round farmer of its owner's colour."""
    cls = COLOUR_CLASS[owner]
    if kind == facts.MERCHANT:
        return f'<rect class="{cls}" x="{x - 13:.1f}" y="{y - 13:.1f}" width="26" height="26"/>'
    return f'<circle class="{cls}" cx="{x:.1f}" cy="{y:.1f}" r="14"/>'


def svg(name: str, box: tuple[float, float, float, float], body: list[str]) -> str:
    """The figure's SVG (box: x, y, width, height), labelled by the caption."""
    x, y, width, height = box
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x:.0f} {y:.0f} {width:.0f} '
            f'{height:.0f}" role="img" aria-labelledby="cap-{name}" focusable="false">'
            + "".join(body) + "</svg>")


def tile(letter: str, rotation: int, shift: tuple[float, float]) -> list[str]:
    """A tile laid on the middle place turned by ``rotation``: its hill and springs (ruling 1)."""
    body: list[str] = []
    for k in range(7):
        x, y = centre(cell_of(0, k), shift)
        body.append(hexagon(x, y, "pf-hill" if k == 0 else "pf-terrain"))
        if k == 0:
            body.append(f'<text class="pf-letter" x="{x:.1f}" y="{y:.1f}">{letter}</text>')
        elif terrain_side(k, rotation) in facts.SPRINGS[letter]:
            body.append(spring(x, y))
    return body


def figure_tile() -> str:
    """Tile C as printed, and turned by a sixth: its springs turn with it (P1, P3)."""
    body = tile("C", 0, (110, 100))
    body.append('<path class="pf-turn" d="M215,100 L265,100"/>'
                '<path class="pf-turnhead" d="M0,0 L-14,-8 L-14,8 Z" '
                'transform="translate(272,100)"/>')
    body += tile("C", 1, (380, 100))
    return svg("tile", (0, 0, 490, 200), body)


def figure_hill_c() -> str:
    """The seed's worked example of hill C: the farmers' 8 and 4, the merchant's 3 (P6b)."""
    board: dict[int, Placed] = {t: (o, o, k, n) for n, (t, o, k) in enumerate(HILL_C_PIECES)}
    letters = ["A", "C", "B", "D", "E", "F", "G"]
    outcome = score(board, HILL_C_SPRINGS, letters, [6, 3, 4, 4, 5, 5, 3], 3)
    parts = {p["terrain"]: p["points"] for st in outcome.steps
             if st["step"] == "influence" and st.get("hill") == "C" for p in st["parts"]}
    ring = [cell_of(1, k) for k in range(7)]
    around = sorted({n for c in ring for n in NEIGHBOURS[c]} - set(ring))
    cells = ring + around
    xs = [centre(c)[0] for c in cells]
    ys = [centre(c)[1] for c in cells]
    shift = (SIZE + 6 - min(xs), SIZE + 6 - min(ys))
    body: list[str] = []
    for cell in cells:
        x, y = centre(cell, shift)
        other = slot_of(cell) != 1
        body.append(hexagon(x, y, ("pf-hill" if is_hill(cell) else "pf-terrain")
                            + (" pf-other" if other else "")))
        if cell == cell_of(1, 0):
            body.append(f'<text class="pf-letter" x="{x:.1f}" y="{y:.1f}">C</text>')
        if cell in HILL_C_SPRINGS:
            body.append(spring(x, y, occupied=cell in board))
    for cell, owner, kind in HILL_C_PIECES:
        if cell in cells:
            x, y = centre(cell, shift)
            body.append(piece(x, y - 4, owner, kind))
    for cell in HILL_C_SHOWN:
        x, y = centre(cell, shift)
        body.append(f'<circle class="pf-badge" cx="{x + 17:.1f}" cy="{y - 17:.1f}" r="12"/>'
                    f'<text class="pf-badge-text" x="{x + 17:.1f}" y="{y - 17:.1f}">'
                    f'{parts[cell]}</text>')
    width = max(xs) - min(xs) + 2 * SIZE + 12
    height = max(ys) - min(ys) + 2 * SIZE + 12
    return svg("hill-c", (0, 0, width, height), body)


FIGURES: dict[str, Callable[[], str]] = {"tile": figure_tile, "hill-c": figure_hill_c}


def filled(text: str) -> str:
    """The page text with every figure between its markers redrawn."""
    return figure_pages.fill(text, FIGURES)


def main(argv: list[str]) -> int:
    return figure_pages.stamp(RULES, FIGURES, argv, "tools/palatinus_figures.py")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
