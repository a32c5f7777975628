"""The Palatinus rules pages' figures (tools/palatinus_figures.py): the same SVG in every
language, up to date with the engine it is drawn from, each labelled by its caption."""

from __future__ import annotations

import re
from pathlib import Path

from tools import palatinus_figures

RULES = Path(__file__).resolve().parent.parent / "web" / "palatinus" / "rules"


def test_every_page_has_the_figures_drawn_and_up_to_date() -> None:
    for lang in palatinus_figures.LANGUAGES:
        text = (RULES / f"{lang}.html").read_text(encoding="utf-8")
        for name in palatinus_figures.FIGURES:
            assert f"<!--figure:{name}--><svg" in text, (lang, name)
            assert f'aria-labelledby="cap-{name}"' in text and f'id="cap-{name}"' in text
        assert palatinus_figures.filled(text) == text, f"run tools/palatinus_figures.py ({lang})"
        assert 'href="figures.css"' in text


def test_the_hill_c_figure_shows_the_seed_s_worked_example() -> None:
    """P6b, as the seed's example says: farmers of 8 and 4, a merchant of 3 (the numbers come
    from the engine's scoring of the drawn position)."""
    figure = palatinus_figures.figure_hill_c()
    badges = re.findall(r'class="pf-badge-text"[^>]*>(\d+)<', figure)
    assert badges == ["8", "4", "3"]
    # tile C's three springs as printed (ruling 1: 8, 9 and 11; 8 free, so two waves) and
    # one of the tile beside it (1); the others have an inhabitant on their lower wave
    assert figure.count('class="pf-spring"') == 2 + 3


def test_the_tile_figure_turns_its_springs_with_it() -> None:
    """Ruling 1 and P3: tile C's three springs, as printed and turned by a sixth."""
    figure = palatinus_figures.figure_tile()
    assert figure.count('class="pf-spring"') == 2 * 2 * 3  # two waves, three springs, twice
