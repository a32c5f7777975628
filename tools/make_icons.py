"""Draw the app icons: web/icons/icon.svg (the source) and PNGs rendered from it by Chromium.

    .venv/bin/python tools/make_icons.py

The icon is original artwork made of simple shapes: a gold laurel wreath around a question
mark on imperial purple. Two variants: "any" (rounded square) and "maskable" (full bleed, the motif
inside the central safe zone of 80 %). The PNGs are committed; run this again only to change
the design. Needs Playwright and Chromium (as the browser tests do), no network.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.chromium import chromium_path  # noqa: E402

ICONS = ROOT / "web" / "icons"
BACKGROUND = "#5a2d6e"  # the page's imperial purple (style.css --purple, meta theme-color)
PARCHMENT = "#f3ead6"
GOLD = "#d1a83a"
GOLD_DARK = "#a97f1c"
VIEW = 512


def fmt(x: float) -> str:
    """A coordinate with at most one decimal."""
    return f"{x:.1f}".rstrip("0").rstrip(".")


def branch(side: int, cx: float, cy: float, r: float) -> list[str]:
    """One half of the wreath: a stem along the circle and leaves on both sides of it.

    side is -1 for the left branch, +1 for the right; angles run from the bottom (0) upwards.
    """
    parts: list[str] = []
    start, end = 18.0, 150.0

    def point(deg: float, radius: float) -> tuple[float, float]:
        a = math.radians(deg)
        return cx + side * radius * math.sin(a), cy + radius * math.cos(a)

    x0, y0 = point(start, r)
    x1, y1 = point(end, r)
    sweep = 1 if side < 0 else 0
    parts.append(f'<path d="M{fmt(x0)} {fmt(y0)} A{fmt(r)} {fmt(r)} 0 0 {sweep} '
                 f'{fmt(x1)} {fmt(y1)}" fill="none" stroke="{GOLD_DARK}" stroke-width="7" '
                 'stroke-linecap="round"/>')
    steps = 7
    for i in range(steps):
        deg = start + 8 + i * (end - start - 14) / (steps - 1)
        size = 1.0 - 0.35 * i / (steps - 1)
        for offset in (-1, 1):
            x, y = point(deg + 5, r + offset * 19 * size)
            # along the stem towards the tip, the outer leaves tilted out, the inner ones in
            a = math.radians(deg)
            dx, dy = side * math.cos(a), -math.sin(a)
            angle = math.degrees(math.atan2(dy, dx)) - offset * side * 28
            parts.append(f'<ellipse cx="{fmt(x)}" cy="{fmt(y)}" rx="{fmt(30 * size)}" '
                         f'ry="{fmt(11 * size)}" transform="rotate({fmt(angle)} {fmt(x)} '
                         f'{fmt(y)})" fill="{GOLD}"/>')
    return parts


def icon_svg(*, maskable: bool) -> str:
    """The icon as SVG text."""
    scale = 0.8 if maskable else 1.0
    motif = [
        *branch(-1, 256, 256, 178),
        *branch(1, 256, 256, 178),
        # the question mark: a hook and a dot
        f'<path d="M196 206a60 60 0 1 1 92 51c-22 14-32 28-32 52v14" fill="none" '
        f'stroke="{PARCHMENT}" stroke-width="40" stroke-linecap="round" '
        'stroke-linejoin="round"/>',
        f'<circle cx="256" cy="384" r="25" fill="{PARCHMENT}"/>',
    ]
    background = (f'<rect width="{VIEW}" height="{VIEW}" fill="{BACKGROUND}"/>' if maskable else
                  f'<rect width="{VIEW}" height="{VIEW}" rx="96" fill="{BACKGROUND}"/>')
    inner = "\n  ".join(motif)
    offset = VIEW * (1 - scale) / 2
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {VIEW} {VIEW}" '
            f'width="{VIEW}" height="{VIEW}">\n'
            "  <title>Quo Vadis?</title>\n"
            f"  {background}\n"
            f'  <g transform="translate({fmt(offset)} {fmt(offset)}) scale({scale})">\n'
            f"  {inner}\n"
            "  </g>\n"
            "</svg>\n")


def render(svg: str, size: int, out: Path) -> None:
    """Render SVG text to a size x size PNG with headless Chromium."""
    html = ("<!doctype html><style>html,body{margin:0;background:transparent}"
            f"svg{{display:block;width:{size}px;height:{size}px}}</style>{svg}")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(),
                                    args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": size, "height": size})
        page.set_content(html)
        page.locator("svg").screenshot(path=str(out), omit_background=True)
        browser.close()


def main() -> None:
    """Write icon.svg, icon-maskable.svg and the PNGs the manifest lists."""
    ICONS.mkdir(parents=True, exist_ok=True)
    plain, maskable = icon_svg(maskable=False), icon_svg(maskable=True)
    (ICONS / "icon.svg").write_text(plain, encoding="utf-8")
    for size in (192, 512):
        render(plain, size, ICONS / f"icon-{size}.png")
    render(maskable, 512, ICONS / "icon-maskable-512.png")
    for path in sorted(ICONS.iterdir()):
        print(f"{path.relative_to(ROOT)}: {path.stat().st_size} bytes")


if __name__ == "__main__":
    main()
