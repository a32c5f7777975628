"""Tests of what build.py runs (tools/): the wheel, the assembled site and the server (no
browser needed)."""

from __future__ import annotations

import base64
import gzip
import hashlib
import io
import json
import posixpath
import re
import struct
import subprocess
import sys
import tarfile
import urllib.request
import zipfile
from pathlib import Path

import pytest

from qvcore.board import board_data
from tests.browser.sites import expand_diff, expand_sparse, snapshot_memory
from tools import wheel_backend
from tools.digests import sha256_file, subresource_integrity
from tools.engine_stdlib import (
    ENGINE_IMPORTS,
    WHOLE_STDLIB,
    ZIP_DATE,
    subset_zip,
    top_level_names,
)
from tools.memory_image import (
    DIFF_MAGIC,
    SPARSE_MAGIC,
    SPARSE_PAGE,
    memory_diff,
    sparse_memory,
    wasm_data_segments,
)
from tools.paths import (
    BOARD_JSON,
    BUILD_INFO,
    CACHE,
    PRECACHE_JSON,
    ROOT,
    RUNTIME_DIR,
    SNAPSHOT_DIR,
    WEB,
)
from tools.pins import PYODIDE_VERSION, RUNTIME_FILES
from tools.server import CSP_HEADER, DEFAULT_CACHE_CONTROL, RUNTIME_CACHE_CONTROL, serving
from tools.shell import BuildError, run_node
from tools.site_assembly import list_files
from tools.snapshot import SNAPSHOT_IMPORTS, SNAPSHOT_WHEEL_FILE
from tools.stamps import (
    BUILD_ID_PLACEHOLDER,
    CONTENT_SECURITY_POLICY,
    CSP_PLACEHOLDER,
    DESKTOP,
    MEDIA_QUERIES,
    PHONE,
    STAMPED_SUFFIXES,
    TABLET_LANDSCAPE,
    stamp_build_id,
)

WHEEL_NAME = re.compile(r"^[a-z0-9_]+-[0-9][0-9a-z.+!]*-py3-none-any\.whl$")


def test_wheel_is_valid_and_reproducible(tmp_path: Path) -> None:
    first = wheel_backend.write_wheel(tmp_path / "a")
    second = wheel_backend.write_wheel(tmp_path / "b")
    assert WHEEL_NAME.match(first.name)
    assert first.read_bytes() == second.read_bytes()
    with zipfile.ZipFile(first) as zf:
        names = zf.namelist()
        assert "qvcore/board.py" in names
        assert "qvcore/palatinus/jsapi.py" in names  # the second game ships in the same wheel
        record = zf.read(next(n for n in names if n.endswith(".dist-info/RECORD"))).decode()
        for line in record.splitlines():
            name, digest, size = line.rsplit(",", 2)
            if digest:
                data = zf.read(name)
                expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
                assert digest == "sha256=" + expected.decode()
                assert int(size) == len(data)
        assert set(names) == {line.rsplit(",", 2)[0] for line in record.splitlines()}


def test_pip_builds_the_same_wheel_as_the_site(tmp_path: Path) -> None:
    """pyproject.toml's backend is build.py's wheel code: `pip wheel .` gives the same bytes."""
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
         "--disable-pip-version-check", "--wheel-dir", str(tmp_path / "pip"), str(ROOT)],
        capture_output=True, text=True, check=False, timeout=300)
    assert done.returncode == 0, done.stderr
    ours = wheel_backend.write_wheel(tmp_path / "ours")
    assert (tmp_path / "pip" / ours.name).read_bytes() == ours.read_bytes()


def test_a_wheel_built_from_the_sdist_is_the_same_wheel(tmp_path: Path) -> None:
    """`python -m build` makes the sdist first, then the wheel from it: the bytes must agree."""
    sdist = wheel_backend.write_sdist(tmp_path / "dist")
    assert sdist.read_bytes() == wheel_backend.write_sdist(tmp_path / "again").read_bytes()
    with tarfile.open(sdist) as tar:
        tar.extractall(tmp_path / "src", filter="data")
    (tree,) = (tmp_path / "src").iterdir()
    from_sdist = wheel_backend.write_wheel(tmp_path / "from-sdist", tree)
    assert from_sdist.read_bytes() == wheel_backend.write_wheel(tmp_path / "ours").read_bytes()


def test_the_wheel_declares_the_test_extra() -> None:
    """`pip install -e .[test]` (build.py test) needs the extra in the wheel's metadata."""
    text = wheel_backend.metadata_text(wheel_backend.read_project())
    assert "Provides-Extra: test" in text
    assert 'Requires-Dist: pytest==' in text and '; extra == "test"' in text


def test_site_has_what_the_page_needs(built_site: Path) -> None:
    info = json.loads((built_site / BUILD_INFO).read_text())
    assert info["pyodide"] == PYODIDE_VERSION
    wheel = built_site / info["wheel"]
    assert wheel.is_file()
    assert sha256_file(wheel) == info["wheel_sha256"]
    for name in RUNTIME_FILES:
        assert (built_site / RUNTIME_DIR / name).is_file()
    assert json.loads((built_site / BOARD_JSON).read_text()) == board_data()


def test_sparse_memory_leaves_out_zero_pages_and_expands_back() -> None:
    page = SPARSE_PAGE
    memory = bytes(page) + b"\x01" * page + bytes(page) + b"tail\x00"
    sparse = sparse_memory(memory)
    assert sparse[:4] == SPARSE_MAGIC
    assert len(sparse) == 16 + 1 + page + 5  # header, bitmap, two pages kept of four
    assert expand_sparse(sparse) == memory
    assert expand_sparse(sparse_memory(bytes(3 * page))) == bytes(3 * page)


def leb128(value: int) -> bytes:
    """An unsigned LEB128 number (the test's WebAssembly modules)."""
    out = bytearray()
    while True:
        byte, value = value & 0x7F, value >> 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def sleb128(value: int) -> bytes:
    """A signed LEB128 number (an i32.const)."""
    out = bytearray()
    while True:
        byte, value = value & 0x7F, value >> 7
        if (value == 0 and not byte & 0x40) or (value == -1 and byte & 0x40):
            return bytes(out + bytes([byte]))
        out.append(byte | 0x80)


def wasm_with_data(segments: list[tuple[int, bytes]]) -> bytes:
    """A WebAssembly module with only a data section (active segments at constant addresses)."""
    body = leb128(len(segments)) + b"".join(
        b"\0\x41" + sleb128(address) + b"\x0b" + leb128(len(data)) + data
        for address, data in segments)
    return b"\0asm\x01\0\0\0" + b"\x0b" + leb128(len(body)) + body


def test_memory_diff_keeps_only_pages_unlike_the_runtimes_initial_memory() -> None:
    page = SPARSE_PAGE
    base = 64  # where the runtime's memory starts in the snapshot (after Pyodide's header)
    static = bytes(range(256)) * 40  # 10240 bytes of the runtime's data, pages 0 to 2
    wasm = wasm_with_data([(0, static), (3 * page, b"tail")])
    assert wasm_data_segments(wasm) == [(0, static), (3 * page, b"tail")]
    memory = bytearray(5 * page)
    memory[4:8] = struct.pack("<I", base)
    memory[base:base + len(static)] = static
    memory[base + 3 * page:base + 3 * page + 4] = b"tail"
    memory[2 * page + 100] ^= 0xFF  # Python changed one byte of the static data
    diff = memory_diff(bytes(memory), wasm)
    assert diff[:4] == DIFF_MAGIC
    # the header page (it holds Pyodide's header) and the changed page only
    assert diff[20] == 0b101
    assert len(diff) == 20 + 1 + 2 * page
    assert expand_diff(diff, wasm) == bytes(memory)


def test_the_snapshot_has_imported_every_bots_workers_bridge() -> None:
    """A bots' worker restores the build's snapshot: the bridge it starts (worker-host.js
    startHost) must be imported there already, or its first answer waits for the import."""
    started = {match for path in WEB.rglob("bot-worker.js")
               for match in re.findall(r'startHost\("([\w.]+)"\)', path.read_text())}
    assert started == {"qvcore.bots.bridge", "qvcore.palatinus.botbridge"}
    assert started <= set(SNAPSHOT_IMPORTS)


def test_the_snapshot_holds_the_finder_of_the_rest_of_the_standard_library(
        built_site: Path) -> None:
    """A restored page only installs the finder of stdlib-rest.js: its class is defined in the
    snapshot already (compiling it cost a first visit about 30 ms on the critical path)."""
    module = re.search(r'FINDER_MODULE = "(\w+)"', (WEB / "boot" / "stdlib-rest.js").read_text())
    assert module is not None
    memory = snapshot_memory(built_site)
    assert module.group(1).encode() in memory
    assert b"WholeStdlibFinder" in memory


def test_the_pages_standard_library_is_listed_from_every_engine_module_the_pages_import(
) -> None:
    """The build lists the standard library Python needs by importing ENGINE_IMPORTS: every
    engine module the pages' and workers' JavaScript names must be one of them, or the pages'
    zip could lack what it imports (fetched then on demand, stdlib-rest.js)."""
    named = {match for path in WEB.rglob("*.js")
             for match in re.findall(r"\bqvcore(?:\.[A-Za-z_]+)+", path.read_text())}
    modules = {name if (ROOT / (name.replace(".", "/") + ".py")).is_file()
               else name.rsplit(".", 1)[0] for name in named}  # qvcore.jsapi.Table: its module
    assert modules == set(ENGINE_IMPORTS)


def test_a_runtime_with_a_start_function_is_refused() -> None:
    """The page lays the runtime's first memory out by instantiating it (memory-image.js): a
    start function would run code there, so the build refuses such a runtime."""
    wasm = wasm_with_data([(0, b"data")])
    assert wasm_data_segments(wasm) == [(0, b"data")]
    with pytest.raises(BuildError, match="start function"):
        wasm_data_segments(wasm[:8] + b"\x08\x01\x00" + wasm[8:])


def test_the_shipped_snapshot_is_smaller_than_its_sparse_form(built_site: Path) -> None:
    memory = snapshot_memory(built_site)
    info = json.loads((built_site / BUILD_INFO).read_text())
    shipped = (built_site / info["snapshot"]).stat().st_size
    sparse = len(gzip.compress(sparse_memory(memory), compresslevel=6, mtime=0))
    assert shipped < 0.85 * sparse


def test_the_builds_python_snapshot_is_stamped_and_holds_no_path_of_the_build(
    built_site: Path,
) -> None:
    info = json.loads((built_site / BUILD_INFO).read_text())
    snapshot = built_site / info["snapshot"]
    assert info["snapshot"] == f"{SNAPSHOT_DIR}/python-{info['build']}.bin.gz"
    assert sha256_file(snapshot) == info["snapshot_sha256"]
    precache = json.loads((built_site / PRECACHE_JSON).read_text())
    assert info["snapshot"] in precache["files"]
    loader = (built_site / "boot" / "python-snapshot.js").read_text()
    assert subresource_integrity(snapshot.read_bytes()) in loader
    assert info["snapshot"] in loader
    # the memory's length, which the page gives the runtime before the snapshot has arrived
    assert f'SNAPSHOT_MEMORY = Number("{len(snapshot_memory(built_site))}")' in loader
    # the page writes the wheel where the snapshot imported it from
    assert f'"{SNAPSHOT_WHEEL_FILE}"' in (built_site / "boot" / "engine-loader.js").read_text()
    assert SNAPSHOT_WHEEL_FILE not in (ROOT / "web" / "boot" / "engine-loader.js").read_text()
    memory = snapshot_memory(built_site)
    assert memory[:4] == b"\x00snp"  # Pyodide's mark of a memory snapshot
    assert str(ROOT).encode() not in memory
    assert str(CACHE).encode() not in memory


def test_the_pages_load_a_standard_library_of_the_engines_imports_only(built_site: Path) -> None:
    """Python's start and the engine's imports need a third of Pyodide's standard library: the
    build zips those modules (tools/engine_stdlib.py) under a name that carries its content,
    the snapshot is made with it, and the loader and both pages' preloads name it."""
    info = json.loads((built_site / BUILD_INFO).read_text())
    stdlib = built_site / info["stdlib"]
    data = stdlib.read_bytes()
    digest = hashlib.sha256(data).hexdigest()[:16]
    assert info["stdlib"] == f"{RUNTIME_DIR}/python_stdlib-{digest}.zip"
    whole = zipfile.ZipFile(built_site / RUNTIME_DIR / WHOLE_STDLIB)
    members = zipfile.ZipFile(stdlib).namelist()
    # what Python starts with, what the engine imports (json, hashlib), and no more
    assert {"encodings/__init__.py", "encodings/utf_8.py", "_pyodide/_base.py", "json/__init__.py",
            "hashlib.py", "random.py", "dataclasses.py"} <= set(members)
    assert not [name for name in members if name.startswith(("email/", "unittest/", "xml/"))]
    assert set(members) < set(whole.namelist())
    assert len(data) < (built_site / RUNTIME_DIR / WHOLE_STDLIB).stat().st_size / 2
    for member in members:
        assert zipfile.ZipFile(stdlib).read(member) == whole.read(member)
    loader = (built_site / "boot" / "engine-loader.js").read_text()
    assert f'STDLIB_PATH = "{info["stdlib"]}"' in loader
    for page in ("index.html", "palatinus.html"):
        assert f'<link rel="preload" href="{info["stdlib"]}"' in (built_site / page).read_text()
    names = (built_site / "boot" / "stdlib-rest.js").read_text()
    whole_bytes = (built_site / RUNTIME_DIR / WHOLE_STDLIB).read_bytes()
    assert f'STDLIB_NAMES = "{top_level_names(whole_bytes)}"' in names


def test_a_standard_library_subset_is_the_same_bytes_every_time_and_refuses_a_missing_member(
) -> None:
    source = io.BytesIO()
    with zipfile.ZipFile(source, "w") as whole:
        for name in ("os.py", "json/__init__.py", "json/decoder.py", "email/__init__.py",
                     "_pyodide/_base.py", "encodings/utf_8.py", "README.txt"):
            whole.writestr(name, f"# {name}\n")
    subset = subset_zip(source.getvalue(), ["json/decoder.py", "json/__init__.py"])
    assert subset == subset_zip(source.getvalue(), ["json/__init__.py", "json/decoder.py"])
    read = zipfile.ZipFile(io.BytesIO(subset))
    assert read.namelist() == ["json/__init__.py", "json/decoder.py"]
    assert {info.date_time for info in read.infolist()} == {ZIP_DATE}
    assert read.read("json/decoder.py") == b"# json/decoder.py\n"
    with pytest.raises(BuildError, match="lacks modules"):
        subset_zip(source.getvalue(), ["json/__init__.py", "tomllib/__init__.py"])
    assert top_level_names(source.getvalue()) == "_pyodide email encodings json os"


def test_a_node_script_that_fails_or_writes_nothing_stops_the_build(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    with pytest.raises(BuildError, match=r"listing things with Node failed \(exit code 3\)"):
        run_node("process.exit(3);", {}, out, "listing things")
    with pytest.raises(BuildError, match=r"exit code 0"):
        run_node("console.log('nothing written');", {}, out, "listing things")
    run_node("const { writeFileSync } = await import('node:fs');\n"
             "writeFileSync(process.env.QV_OUT, process.env.QV_WORD);",
             {"QV_OUT": str(out), "QV_WORD": "written"}, out, "listing things")
    assert out.read_text() == "written"


def test_lock_file_trusts_the_shipped_micropip(built_site: Path) -> None:
    runtime = built_site / RUNTIME_DIR
    lock = json.loads((runtime / "pyodide-lock.json").read_text())
    entry = lock["packages"]["micropip"]
    assert entry["sha256"] == sha256_file(runtime / entry["file_name"])


def test_precache_lists_every_file_and_build_id_is_stamped(built_site: Path) -> None:
    precache = json.loads((built_site / PRECACHE_JSON).read_text())
    files = list_files(built_site)
    assert precache["files"] == [f for f in files if f != PRECACHE_JSON]
    for name in precache["files"]:
        assert precache["sha256"][name] == sha256_file(built_site / name)
    info = json.loads((built_site / BUILD_INFO).read_text())
    assert precache["build"] == info["build"]
    for name in files:
        if Path(name).suffix in STAMPED_SUFFIXES:
            assert BUILD_ID_PLACEHOLDER not in (built_site / name).read_text()


def test_build_id_placeholder_is_replaced(tmp_path: Path) -> None:
    (tmp_path / "sw.js").write_text('const CACHE = "qv-__BUILD_ID__";\n')
    (tmp_path / "data.bin").write_bytes(b"__BUILD_ID__")
    stamp_build_id(tmp_path, ["sw.js", "data.bin"], {BUILD_ID_PLACEHOLDER: "abc123"})
    assert (tmp_path / "sw.js").read_text() == 'const CACHE = "qv-abc123";\n'
    assert (tmp_path / "data.bin").read_bytes() == b"__BUILD_ID__"


def test_server_sends_the_right_types(tmp_path: Path) -> None:
    for name in ("a.mjs", "b.js", "c.wasm", "d.json", "e.webmanifest", "pyodide/f.wasm"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_bytes(b"x")
    with serving(tmp_path) as url:
        def head(name: str) -> tuple[str, str]:
            with urllib.request.urlopen(url + name) as response:
                return response.headers["Content-Type"], response.headers["Cache-Control"]

        assert head("a.mjs")[0].startswith("text/javascript")
        assert head("b.js")[0].startswith("text/javascript")
        assert head("c.wasm") == ("application/wasm", DEFAULT_CACHE_CONTROL)
        assert head("d.json")[0] == "application/json"
        assert head("e.webmanifest")[0] == "application/manifest+json"
        assert head("pyodide/f.wasm") == ("application/wasm", RUNTIME_CACHE_CONTROL)


def test_server_gzips_what_github_pages_gzips_and_not_the_snapshot(tmp_path: Path) -> None:
    text = b"let x = 1;\n" * 1000
    for name in ("a.js", "b.wasm", "c.json", "index.html", "s.bin.gz", "w.whl"):
        (tmp_path / name).write_bytes(text)
    with serving(tmp_path) as url:
        def get(name: str, encoding: str = "gzip, deflate, br") -> tuple[str | None, bytes]:
            request = urllib.request.Request(url + name, headers={"Accept-Encoding": encoding})
            with urllib.request.urlopen(request) as response:
                return response.headers["Content-Encoding"], response.read()

        for name in ("a.js", "b.wasm", "c.json", ""):
            encoding, body = get(name)
            assert encoding == "gzip", name
            assert gzip.decompress(body) == text
        # the snapshot keeps its own gzip (the page unzips it), zips are not compressed
        assert get("s.bin.gz") == (None, text)
        assert get("w.whl") == (None, text)
        # a client that does not ask for gzip gets the file as it is
        assert get("a.js", "identity") == (None, text)


def test_index_html_carries_the_servers_content_security_policy(built_site: Path) -> None:
    """GitHub Pages sends no headers: the page's <meta> policy is the one the server sends,
    written once in tools/stamps.py and stamped into the page."""
    source = (ROOT / "index.html").read_text(encoding="utf-8")
    assert f'content="{CSP_PLACEHOLDER}"' in source
    assert "script-src" not in source
    html = (built_site / "index.html").read_text(encoding="utf-8")
    assert f'content="{CONTENT_SECURITY_POLICY}"' in html
    assert CSP_HEADER.startswith(CONTENT_SECURITY_POLICY)


STATIC_IMPORT = re.compile(r'^\s*import\s[^;]*?from\s+"(\.{1,2}/[^"]+\.js)"', re.M)
DYNAMIC_IMPORT = re.compile(r'import\(\s*"(\.{1,2}/[^"]+\.js)"\s*\)')


def module_graph(entry: str) -> set[str]:
    """The page's own modules that ``entry`` imports, statically or with import("./x.js")."""
    seen: set[str] = set()
    todo = [entry]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        text = (ROOT / "web" / name).read_text(encoding="utf-8")
        folder = Path(name).parent
        for found in STATIC_IMPORT.findall(text) + DYNAMIC_IMPORT.findall(text):
            todo.append(posixpath.normpath((folder / found).as_posix()))
    return seen


def test_index_preloads_every_module_the_game_imports() -> None:
    """index.html requests the UI's modules flat (no waterfall of imports): a module added to
    the game without its modulepreload line would quietly slow the start down."""
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    preloaded = set(re.findall(r'<link rel="modulepreload" href="([^"]+\.js)">', html))
    needed = module_graph("app.js") - {"app.js"}
    assert {"ui.js", "board/board-svg.js", "words/i18n.js"} <= needed  # the graph is followed
    assert sorted(needed - preloaded) == []


def test_the_layouts_are_written_once_and_stamped(built_site: Path) -> None:
    """board-svg.js draws no strip of players where style.css puts the players' panel beside
    the board, and turn.js knows a phone as style.css does: each layout's media query is
    written once (tools/stamps.py, MEDIA_QUERIES) and stamped into both, so they cannot drift
    apart."""
    sources = {name: (WEB / name).read_text(encoding="utf-8")
               for name in ("style.css", "board/board-svg.js", "turn/turn.js")}
    for query in (PHONE, TABLET_LANDSCAPE, DESKTOP):
        assert not [name for name, text in sources.items() if query in text], query
    built = {name: (built_site / name).read_text(encoding="utf-8") for name in sources}
    beside = MEDIA_QUERIES["__MEDIA_PANELS_BESIDE_BOARD__"]
    assert f"@media {beside} {{" in built["style.css"]
    assert f'const WIDE_QUERY = "{beside}";' in built["board/board-svg.js"]
    assert f"@media {PHONE} {{" in built["style.css"]
    assert f'const NARROW = "{PHONE}";' in built["turn/turn.js"]
    for name in list_files(built_site):
        if Path(name).suffix in STAMPED_SUFFIXES:
            assert "__MEDIA_" not in (built_site / name).read_text(encoding="utf-8"), name
