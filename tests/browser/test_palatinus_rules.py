"""The Palatinus rules pages with their figures: each figure is an image a screen reader names
by its caption, and axe finds no serious violation, in each language."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page

from tools.pins import fetch_axe


@pytest.fixture
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """The axe audit's script is injected: the page's CSP must not refuse it (tests only)."""
    return {**browser_context_args, "bypass_csp": True}


@pytest.mark.parametrize("lang", ["en", "it", "fr", "es"])
def test_the_rules_figures_are_named_and_axe_clean(page: Page, site_url: str, lang: str) -> None:
    page.goto(site_url + f"palatinus/rules/{lang}.html")
    for name, section in (("tile", "p1"), ("hill-c", "p6")):
        caption = page.locator(f"#cap-{name}").inner_text()
        figure = page.locator(f"section#{section}").get_by_role("img", name=caption)
        assert figure.count() == 1, (lang, name)
        box = figure.bounding_box()
        assert box is not None and box["width"] > 200  # drawn, styled by figures.css
    page.add_script_tag(path=str(fetch_axe()))
    result = page.evaluate("""async () => {
        const r = await axe.run(document, { resultTypes: ["violations"] });
        return r.violations.map((v) => ({ id: v.id, impact: v.impact,
            nodes: v.nodes.slice(0, 4).map((n) => n.target.join(" ")) }));
    }""")
    bad = [v for v in result if v["impact"] in ("serious", "critical")]
    assert not bad, json.dumps(bad, indent=1)
