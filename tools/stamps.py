"""The values stamped into the copied site sources: the placeholders' names, the values written
once here (the Content-Security-Policy, the layouts' media queries) and the stamping itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

BUILD_ID_PLACEHOLDER = "__BUILD_ID__"
WHEEL_PATH_PLACEHOLDER = "__WHEEL_PATH__"
WHEEL_INTEGRITY_PLACEHOLDER = "__WHEEL_INTEGRITY__"
SNAPSHOT_PATH_PLACEHOLDER = "__SNAPSHOT_PATH__"
SNAPSHOT_INTEGRITY_PLACEHOLDER = "__SNAPSHOT_INTEGRITY__"
#: the standard library the pages load (tools/engine_stdlib.py), its path in the site
STDLIB_PATH_PLACEHOLDER = "__STDLIB_PATH__"
#: the whole standard library's top-level names (stdlib-rest.js)
STDLIB_NAMES_PLACEHOLDER = "__STDLIB_NAMES__"
#: the sizes of the files whose downloads the page's progress counts (engine-loader.js), JSON
DOWNLOAD_BYTES_PLACEHOLDER = "__DOWNLOAD_BYTES__"
#: the snapshot file's size (python-snapshot.js weighs the rest of its download against
#: starting Python)
SNAPSHOT_BYTES_PLACEHOLDER = "__SNAPSHOT_BYTES__"
#: the length of the memory it rebuilds (the runtime is made that size while it downloads)
SNAPSHOT_MEMORY_PLACEHOLDER = "__SNAPSHOT_MEMORY__"
#: values written once, here, and stamped into the copied sources before the build id is taken
CSP_PLACEHOLDER = "__CONTENT_SECURITY_POLICY__"
WHEEL_FILE_PLACEHOLDER = "__WHEEL_FILE__"
#: the page's layouts (media queries), for style.css's @media rules and the modules that ask
#: matchMedia: a phone (the turn panel below the board), a tablet upright (board across the
#: top), a tablet on its side (board beside the panels), a desktop (panels | board | log)
PHONE = "(max-width: 759px)"
TABLET_PORTRAIT = "(min-width: 700px) and (max-aspect-ratio: 1/1)"
TABLET_LANDSCAPE = "(min-width: 760px) and (min-aspect-ratio: 1/1)"
DESKTOP = "(min-width: 1280px)"
MEDIA_QUERIES = {
    "__MEDIA_PHONE__": PHONE,
    "__MEDIA_TABLET_PORTRAIT__": TABLET_PORTRAIT,
    "__MEDIA_TABLET_LANDSCAPE__": TABLET_LANDSCAPE,
    "__MEDIA_DESKTOP__": DESKTOP,
    # where the players' panel stands beside the board (the board then draws no strip)
    "__MEDIA_PANELS_BESIDE_BOARD__": f"{DESKTOP}, {TABLET_LANDSCAPE}",
}
#: copied source files in which the placeholders are replaced
STAMPED_SUFFIXES = frozenset({".js", ".mjs", ".html", ".css", ".webmanifest"})


#: the page's Content-Security-Policy: only this site's scripts and WebAssembly. It is stamped
#: into index.html's <meta> tag too (GitHub Pages sets no headers); frame-ancestors works only
#: as a header.
CONTENT_SECURITY_POLICY = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; "
                           "object-src 'none'; base-uri 'none'; img-src 'self' data:")


def stamp_build_id(root: Path, names: Sequence[str], values: Mapping[str, str]) -> None:
    """Replace the placeholders (__BUILD_ID__, ...) in the copied text files that can hold
    them."""
    for name in names:
        path = root / name
        if path.suffix in STAMPED_SUFFIXES:
            text = original = path.read_text(encoding="utf-8")
            for placeholder, value in values.items():
                text = text.replace(placeholder, value)
            if text != original:
                path.write_text(text, encoding="utf-8")
