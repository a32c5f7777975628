"""The local server for ``_site/``: the MIME types, cache headers and Content-Security-Policy header
the page needs, gzip where GitHub Pages compresses; ``serving`` runs it in a background thread
for tests and benches.
"""

from __future__ import annotations

import contextlib
import email.utils
import functools
import gzip
import http
import http.server
import io
import os
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tools.paths import RUNTIME_DIR, SITE
from tools.stamps import CONTENT_SECURITY_POLICY

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".gz": "application/gzip",
}
#: the policy as a header (tools/stamps.py has the page's <meta> one): frame-ancestors works only
#: as a header
CSP_HEADER = CONTENT_SECURITY_POLICY + "; frame-ancestors 'none'"
#: the pinned runtime never changes under its URL; everything else is revalidated
RUNTIME_CACHE_CONTROL = "public, max-age=86400"
DEFAULT_CACHE_CONTROL = "no-cache"


#: what GitHub Pages sends gzip-compressed to a browser that accepts it: text types and
#: WebAssembly; zips, wheels, images and the snapshot's .gz go as they are (README)
GZIP_SUFFIXES = frozenset({".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".svg",
                           ".wasm"})
_gzipped: dict[tuple[str, int, int], bytes] = {}
_gzipped_lock = threading.Lock()


def gzipped(path: Path) -> bytes:
    """A file's content gzip-compressed (level 6, as a host would), kept while the file is
    unchanged."""
    stat = path.stat()
    key = (str(path.resolve()), stat.st_mtime_ns, stat.st_size)
    with _gzipped_lock:
        found = _gzipped.get(key)
    if found is None:
        found = gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)
        with _gzipped_lock:
            _gzipped[key] = found
    return found


def precompress(directory: Path) -> None:
    """Compress every file the server would send gzipped, so that no timed request waits for
    it (benchmarks call this before they measure)."""
    for path in directory.rglob("*"):
        if path.is_file() and path.suffix.lower() in GZIP_SUFFIXES:
            gzipped(path)


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a directory with the MIME types and cache headers the page needs, compressed
    where GitHub Pages compresses (GZIP_SUFFIXES)."""

    quiet = False

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        """The MIME type by file suffix, ours first (Python 3.11 calls .js application/...)."""
        return MIME_TYPES.get(Path(path).suffix.lower()) or super().guess_type(path)

    def send_head(self) -> Any:
        """The file gzip-compressed when the browser accepts it and the host would compress
        it; otherwise as the standard handler sends it."""
        accepted = self.headers.get("Accept-Encoding", "")
        if "gzip" not in [part.split(";")[0].strip() for part in accepted.split(",")]:
            return super().send_head()
        path = Path(self.translate_path(self.path))
        if self.path.split("?")[0].endswith("/"):
            path = path / "index.html"
        if path.suffix.lower() not in GZIP_SUFFIXES or not path.is_file():
            return super().send_head()
        modified = int(path.stat().st_mtime)
        since = self.headers.get("If-Modified-Since")
        if since:
            with contextlib.suppress(TypeError, ValueError, IndexError, OverflowError):
                if email.utils.parsedate_to_datetime(since).timestamp() >= modified:
                    self.send_response(http.HTTPStatus.NOT_MODIFIED)
                    self.end_headers()
                    return None
        body = gzipped(path)
        self.send_response(http.HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Last-Modified", self.date_time_string(modified))
        self.end_headers()
        return io.BytesIO(body)

    def end_headers(self) -> None:
        """Add Cache-Control and the Content-Security-Policy to every response."""
        runtime = self.path.startswith(f"/{RUNTIME_DIR}/")
        self.send_header("Cache-Control",
                         RUNTIME_CACHE_CONTROL if runtime else DEFAULT_CACHE_CONTROL)
        self.send_header("Content-Security-Policy", CSP_HEADER)
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        """Log requests unless the server is quiet (as in tests)."""
        if not self.quiet:
            super().log_message(format, *args)


class QuietSiteHandler(SiteHandler):
    """SiteHandler without request logging."""

    quiet = True


class SiteServer(http.server.ThreadingHTTPServer):
    """A threading HTTP server that takes a browser dropping a download (a closed tab, a
    cancelled fetch) calmly: no traceback for a connection the other side closed."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        """Report errors, except a connection the client closed."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(
    directory: Path, host: str = "127.0.0.1", port: int = 0, *, quiet: bool = False
) -> http.server.ThreadingHTTPServer:
    """An HTTP server for directory; port 0 picks a free port."""
    handler = functools.partial(QuietSiteHandler if quiet else SiteHandler,
                                directory=str(directory))
    return SiteServer((host, port), handler)


def server_url(server: http.server.ThreadingHTTPServer) -> str:
    """The base URL (with a trailing slash) a server answers on."""
    host, port = server.server_address[:2]
    return f"http://{host!s}:{port}/"


@contextlib.contextmanager
def serving(
    directory: Path = SITE, host: str = "127.0.0.1", port: int = 0, *, quiet: bool = True
) -> Iterator[str]:
    """Serve directory in a background thread; yield its base URL, stop on exit."""
    server = make_server(directory, host, port, quiet=quiet)
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    try:
        yield server_url(server)
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
