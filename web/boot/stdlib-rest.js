// The rest of Python's standard library, for an import the build's zip cannot answer.
//
// The pages load only the standard library's modules that Python imports to start and to import
// the engine (tools/engine_stdlib.py: 0.7 MB, where Pyodide's whole python_stdlib.zip is
// 2.5 MB). The engine imports nothing the zip leaves out, but should Python import such a
// module (one imported only inside a function, an error shown in full), the finder, last on
// sys.meta_path, fetches the whole zip then (once, and synchronously: an import cannot wait),
// adds it to sys.path and finds the module there. It looks only for a module of the whole
// library (STDLIB_NAMES), so a probe for a module that exists nowhere (`try: import _winapi`)
// fetches nothing.
//
//   import { findRestOnDemand } from "./stdlib-rest.js";
//   findRestOnDemand(pyodide);  // once Python runs
//
// The finder's class lives in a module of its own (FINDER_MODULE), which the build's snapshot
// holds already (tools/snapshot.py runs defineFinder): a restored page only installs it, where
// compiling its Python cost a first visit about 30 ms of its critical path.

/** The whole library, as Pyodide ships it (tools/pins.py RUNTIME_FILES). */
const WHOLE_URL = new URL("../pyodide/python_stdlib.zip", import.meta.url).href;
/** Where Python finds it once fetched. */
const WHOLE_FILE = "/lib/python_stdlib_whole.zip";
/** The top-level modules and packages of the whole library, space-separated (stamped by the
 * build: tools/engine_stdlib.py). */
const STDLIB_NAMES = "__STDLIB_NAMES__";
const BUILT = STDLIB_NAMES !== "__" + "STDLIB_NAMES__";

/** The module that holds the finder (sys.modules). */
export const FINDER_MODULE = "_qv_stdlib_rest";

/** The finder's module: its class, and the function that installs it. */
const FINDER = `
import sys
from importlib.machinery import PathFinder

class WholeStdlibFinder:
    """Finds a module of the whole standard library the site's zip leaves out, in the whole
    zip, fetched the first time one is imported (web/boot/stdlib-rest.js)."""

    def __init__(self, names, fetch, whole):
        self.names = frozenset(names)
        self.fetch = fetch
        self.whole = whole
        self.part = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
        self.fetched = False

    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] not in self.names:
            return None
        if not self.fetched:
            try:
                self.fetch()
            except Exception:
                self.names = frozenset()  # no network: the import fails as it would have
                return None
            self.fetched = True
            sys.path.append(self.whole)
        if path is not None:
            # a module of a package that came from the site's zip: the same place in the whole
            path = [self.whole + entry[len(self.part):] for entry in path
                    if entry.startswith(self.part)]
            if not path:
                return None
        return PathFinder.find_spec(name, path, target)

def install(names, fetch, whole):
    sys.meta_path.append(WholeStdlibFinder(list(names), fetch, whole))
`;

/** Python that makes FINDER's module from its source and registers it. */
const DEFINE = `
import sys, types
module = types.ModuleType("${FINDER_MODULE}")
exec(source, module.__dict__)
sys.modules["${FINDER_MODULE}"] = module
`;

/**
 * Define the finder's module (FINDER_MODULE) in Python; the build's snapshot has it already.
 * @param {{runPython: (code: string, options?: object) => any, globals: {get: (name: string)
 *   => any}}} pyodide
 */
export function defineFinder(pyodide) {
  const scope = pyodide.globals.get("dict")();
  try {
    scope.set("source", FINDER);
    pyodide.runPython(DEFINE, { globals: scope });
  } finally {
    scope.destroy();
  }
}

/**
 * Fetch the whole library into Python's file system, synchronously. A window's synchronous
 * request cannot ask for bytes, so it asks for text that keeps each byte in a character (a
 * worker does the same: one way, tested in the page).
 * @param {{FS: {writeFile: (path: string, data: Uint8Array) => void}}} pyodide
 */
function fetchWhole(pyodide) {
  const request = new XMLHttpRequest();
  request.open("GET", WHOLE_URL, false);
  request.overrideMimeType("text/plain; charset=x-user-defined");
  request.send();
  if (request.status !== 200) throw new Error(`${WHOLE_URL}: HTTP ${request.status}`);
  pyodide.FS.writeFile(WHOLE_FILE,
    Uint8Array.from(request.responseText, (char) => char.charCodeAt(0) & 0xff));
}

/**
 * Let Python find a module of the whole standard library that the site's zip leaves out (see
 * above). Nothing to do on an unbuilt site, which loads the whole library.
 * @param {{runPython: (code: string, options?: object) => any, globals: {get: (name: string)
 *   => any}, pyimport: (name: string) => any,
 *   FS: {writeFile: (path: string, data: Uint8Array) => void}}} pyodide
 */
export function findRestOnDemand(pyodide) {
  if (!BUILT) return;
  const sys = pyodide.pyimport("sys");
  const modules = sys.modules;
  let module = null;
  try {
    if (!modules.has(FINDER_MODULE)) defineFinder(pyodide);  // a start, not a restore
    module = modules.get(FINDER_MODULE);
    module.install(STDLIB_NAMES.split(" "), () => fetchWhole(pyodide), WHOLE_FILE);
  } finally {
    module?.destroy();
    modules.destroy();
    sys.destroy();
  }
}
