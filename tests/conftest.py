"""Fixtures shared by all tests."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import build


@pytest.fixture(scope="session")
def built_site() -> Path:
    """The built static site; rebuilt unless `build.py test` has just built it."""
    if os.environ.get("QV_SITE_BUILT") != "1":
        build.build_site()
    return build.SITE
