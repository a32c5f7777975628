"""Fixtures shared by all tests."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tools.paths import SITE
from tools.site_assembly import build_site


@pytest.fixture(scope="session")
def built_site() -> Path:
    """The built static site; rebuilt unless `build.py test` has just built it."""
    if os.environ.get("QV_SITE_BUILT") != "1":
        build_site()
    return SITE
