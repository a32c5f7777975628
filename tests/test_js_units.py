"""The page's pure modules under Node's own test runner (``node:test``): ``tests/js/*.test.mjs``.

A board click's meaning (``web/turn/clicks.js``, R4-R8) is decided from the view's choices alone,
so it is tested without a browser; this runs those tests in pytest and fails when one does.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
JS_TESTS = sorted((ROOT / "tests" / "js").glob("*.test.mjs"))
NODE = shutil.which("node")


@pytest.mark.skipif(NODE is None, reason="Node.js is not on the path")
@pytest.mark.parametrize("script", JS_TESTS, ids=[p.name for p in JS_TESTS])
def test_node_unit_tests_pass(script: Path) -> None:
    assert NODE is not None
    done = subprocess.run([NODE, "--test", str(script)], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "# fail 0" in done.stdout and "# pass 0" not in done.stdout, done.stdout


def test_there_are_node_unit_tests() -> None:
    assert JS_TESTS, "tests/js/*.test.mjs are missing"
