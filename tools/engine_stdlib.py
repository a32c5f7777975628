"""The standard library the pages load: only the modules Python imports to start and to import the
engine's pages and workers, not Pyodide's whole ``python_stdlib.zip`` (0.7 MB against 2.5 MB).
Node runs the site's own runtime with the whole library, imports ``ENGINE_IMPORTS`` and lists
every module that came from the library's zip; those files are zipped again, byte for byte the
same on every build. The snapshot is made with this zip too (``tools/snapshot.py``): Python's
import system remembers a zip's table of contents, so the page must load the very zip the
snapshot was made with. A module of the whole library that a page imports later (none does
today) is found by ``web/boot/stdlib-rest.js``, which fetches the whole zip then.
"""

from __future__ import annotations

import io
import json
import tempfile
import zipfile
from pathlib import Path

from tools.shell import BuildError, run_node
from tools.snapshot import SNAPSHOT_IMPORTS

#: Pyodide's whole standard library, one of the runtime's files
WHOLE_STDLIB = "python_stdlib.zip"
#: every engine module a page or a bots' worker imports: the snapshot's, and the Palatinus
#: page's bridge (palatinus/engine.js)
ENGINE_IMPORTS = (*SNAPSHOT_IMPORTS, "qvcore.palatinus.jsapi")
#: a fixed date for every member, so that the same files make the same zip
ZIP_DATE = (1980, 1, 1, 0, 0, 0)

LIST_SCRIPT = """
process.argv.splice(1);
const { readFileSync, writeFileSync } = await import("node:fs");
const { pathToFileURL } = await import("node:url");
const runtime = process.env.QV_RUNTIME;
const { loadPyodide } = await import(pathToFileURL(`${runtime}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${runtime}/` });
pyodide.FS.writeFile("/lib/qvcore.whl", new Uint8Array(readFileSync(process.env.QV_WHEEL)));
pyodide.globals.set("imports", JSON.parse(process.env.QV_IMPORTS));
writeFileSync(process.env.QV_LIST, pyodide.runPython(`
import importlib, json, sys
sys.path.insert(0, "/lib/qvcore.whl")
for name in imports:
    importlib.import_module(name)
prefix = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/"
origins = [getattr(getattr(m, "__spec__", None), "origin", None) or ""
           for m in list(sys.modules.values())]
json.dumps(sorted({origin[len(prefix):] for origin in origins if origin.startswith(prefix)}))
`));
"""


def imported_files(runtime_dir: Path, wheel: Path) -> list[str]:
    """The members of the whole library's zip that Python has imported once it has started and
    imported ENGINE_IMPORTS (Node, the site's own runtime)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "imported.json"
        run_node(LIST_SCRIPT, {"QV_RUNTIME": str(runtime_dir.resolve()),
                               "QV_WHEEL": str(wheel.resolve()), "QV_LIST": str(out),
                               "QV_IMPORTS": json.dumps(list(ENGINE_IMPORTS))},
                 out, "listing the standard library the engine imports")
        files: list[str] = json.loads(out.read_text(encoding="utf-8"))
    return files


def subset_zip(whole: bytes, members: list[str]) -> bytes:
    """A zip of ``members`` of the zip ``whole``, in its order, deflated, dated ZIP_DATE."""
    source = zipfile.ZipFile(io.BytesIO(whole))
    names = set(source.namelist())
    missing = sorted(set(members) - names)
    if missing:
        raise BuildError(f"{WHOLE_STDLIB} lacks modules Python imported from it: {missing}")
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as target:
        for name in sorted(members):
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            target.writestr(info, source.read(name))
    return out.getvalue()


def top_level_names(whole: bytes) -> str:
    """The top-level modules and packages of the zip ``whole``, sorted and space-separated
    (stdlib-rest.js looks for these only)."""
    names = {name.split("/")[0].removesuffix(".py")
             for name in zipfile.ZipFile(io.BytesIO(whole)).namelist()}
    return " ".join(sorted(name for name in names if name.isidentifier()))


def engine_stdlib(runtime_dir: Path, wheel: Path) -> bytes:
    """The zip of the standard library the pages load (module docstring)."""
    whole = (runtime_dir / WHOLE_STDLIB).read_bytes()
    return subset_zip(whole, imported_files(runtime_dir, wheel))
