"""Where things are: the repository's folders, and the names of what the build generates inside
``_site/``.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".cache"
SITE = ROOT / "_site"
WEB = ROOT / "web"
INDEX_HTML = ROOT / "index.html"
VENV = ROOT / ".venv"


#: where things land inside _site/
RUNTIME_DIR = "pyodide"
WHEEL_DIR = "wheels"
BUILD_INFO = "build-info.json"
BOARD_JSON = "board.json"
PRECACHE_JSON = "precache.json"
SNAPSHOT_DIR = "snapshot"
GENERATED = frozenset({RUNTIME_DIR, WHEEL_DIR, BUILD_INFO, BOARD_JSON, PRECACHE_JSON,
                       SNAPSHOT_DIR})
