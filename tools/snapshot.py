"""The Python snapshot: Node runs the site's own Pyodide runtime, imports the engine from the site's
wheel and saves the memory, which ships as its diff from the runtime's memory, gzipped
(``tools/memory_image.py``).
"""

from __future__ import annotations

import gzip
import shutil
import tempfile
from pathlib import Path

from tools.memory_image import memory_diff
from tools.paths import WEB
from tools.pins import RUNTIME_WASM
from tools.shell import run_node

#: Node runs the site's own runtime, writes the wheel where the page writes it and imports the
#: engine from it as the page does (engine-loader.js, WHEEL_FILE and IMPORT_ENGINE) with the
#: bots' bridges (SNAPSHOT_IMPORTS), defines the finder of the rest of the standard library
#: (stdlib-rest.js defineFinder: a restored page only installs it), then writes Pyodide's
#: memory snapshot to $QV_SNAPSHOT.
#: argv is cut to the program's name first, so that Python's sys.executable and $_ in the
#: snapshot are the browser's ("./this.program"), not a path of the building machine.
SNAPSHOT_WHEEL_FILE = "/lib/qvcore.whl"
#: what Python has imported in the snapshot: the pages' engine (engine-loader.js IMPORT_ENGINE)
#: and the bots' bridges of both games (worker-host.js startHost), which a bots' worker would
#: otherwise import from the zip before its first answer (0.5 to 0.65 s); they add 20 to 30 kB
#: to the 4.7 MB file
SNAPSHOT_IMPORTS = ("qvcore.jsapi", "qvcore.bots.bridge", "qvcore.palatinus.botbridge")
_IMPORTED = ", ".join(SNAPSHOT_IMPORTS)
#: the module whose defineFinder the snapshot runs
STDLIB_REST = WEB / "boot" / "stdlib-rest.js"
SNAPSHOT_SCRIPT = f"""
process.argv.splice(1);
const {{ readFileSync, writeFileSync }} = await import("node:fs");
const {{ pathToFileURL }} = await import("node:url");
const runtime = process.env.QV_RUNTIME;
const {{ loadPyodide }} = await import(pathToFileURL(`${{runtime}}/pyodide.mjs`).href);
const pyodide = await loadPyodide({{ indexURL: `${{runtime}}/`, stdLibURL: process.env.QV_STDLIB,
                                    _makeSnapshot: true }});
pyodide.FS.writeFile("{SNAPSHOT_WHEEL_FILE}", new Uint8Array(readFileSync(process.env.QV_WHEEL)));
pyodide.runPython('import sys\\nsys.path.insert(0, "{SNAPSHOT_WHEEL_FILE}")\\nimport {_IMPORTED}');
const {{ defineFinder }} = await import(pathToFileURL(process.env.QV_STDLIB_REST).href);
defineFinder(pyodide);
writeFileSync(process.env.QV_SNAPSHOT, pyodide.makeMemorySnapshot());
"""


def make_snapshot(runtime_dir: Path, wheel: Path, stdlib: Path) -> bytes:
    """Python's memory right after importing SNAPSHOT_IMPORTS, made with Node from the site's own
    runtime, standard library (the pages' zip: tools/engine_stdlib.py) and wheel, as its
    difference from the runtime's initial memory (memory_diff) and gzipped: the page restores
    it instead of starting Python (and importing the engine) itself. Pyodide checks that a
    snapshot matches its runtime."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "python.snapshot"
        # an ES module Node loads as one whatever the folder's package.json says
        finder = Path(tmp) / "stdlib-rest.mjs"
        shutil.copyfile(STDLIB_REST, finder)
        run_node(SNAPSHOT_SCRIPT, {"QV_RUNTIME": str(runtime_dir.resolve()),
                                   "QV_WHEEL": str(wheel.resolve()), "QV_SNAPSHOT": str(out),
                                   "QV_STDLIB": str(stdlib.resolve()),
                                   "QV_STDLIB_REST": str(finder)},
                 out, "making the Python snapshot")
        diff = memory_diff(out.read_bytes(), (runtime_dir / RUNTIME_WASM).read_bytes())
        return gzip.compress(diff, compresslevel=6, mtime=0)
