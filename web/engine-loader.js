// Loads the Python rules engine (qvcore) into Pyodide, from this site's own files only.
//
//   import { loadEngine } from "./engine-loader.js";
//   const pyodide = await loadEngine(({ stage, fraction, message }) => ...);
//
// build.py copies web/ to the site root, so the runtime is at ./pyodide/ and the build
// description at ./build-info.json, both relative to this module.

const RUNTIME_URL = new URL("./pyodide/", import.meta.url).href;
const BUILD_INFO_URL = new URL("./build-info.json", import.meta.url).href;

let buildInfo = null;

/**
 * Fetch build-info.json once: {build, version, wheel, wheel_sha256, pyodide, python}.
 * `wheel` is a URL relative to build-info.json. A failed fetch is retried on the next call.
 * @returns {Promise<object>}
 */
export function readBuildInfo() {
  if (buildInfo === null) {
    buildInfo = fetchBuildInfo();
    buildInfo.catch(() => { buildInfo = null; });
  }
  return buildInfo;
}

async function fetchBuildInfo() {
  const response = await fetch(BUILD_INFO_URL, { cache: "no-cache" });
  if (!response.ok) {
    throw new Error(`cannot read build-info.json (HTTP ${response.status})`);
  }
  return response.json();
}

/**
 * Start Pyodide, install the qvcore wheel and import qvcore.
 * Each call loads a new interpreter: call it once and share the result.
 * @param {(progress: {stage: string, fraction: number, message: string}) => void} [onProgress]
 *   called as loading goes on; stage is one of "build-info", "runtime", "micropip",
 *   "wheel", "import", "ready"; fraction rises from 0 to 1.
 * @returns {Promise<object>} the Pyodide instance, with qvcore importable.
 * @throws {Error} with a readable message when any step fails.
 */
export async function loadEngine(onProgress = () => {}) {
  const report = (stage, fraction, message) => onProgress({ stage, fraction, message });

  report("build-info", 0.02, "Reading the build description…");
  const info = await readBuildInfo();

  report("runtime", 0.05, `Starting Python (Pyodide ${info.pyodide})…`);
  const { loadPyodide } = await import("./pyodide/pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL: RUNTIME_URL });

  report("micropip", 0.75, "Loading the package installer…");
  const errors = [];
  await pyodide.loadPackage("micropip", {
    messageCallback: () => {},
    errorCallback: (message) => errors.push(message),
  });
  if (errors.length > 0) {
    throw new Error(`cannot load micropip: ${errors.join("; ")}`);
  }

  report("wheel", 0.85, `Installing the rules engine ${info.version}…`);
  const wheelUrl = new URL(info.wheel, BUILD_INFO_URL).href;
  const micropip = pyodide.pyimport("micropip");
  try {
    await micropip.install.callKwargs(wheelUrl, { deps: false });
  } finally {
    micropip.destroy();
  }

  report("import", 0.95, "Importing the rules engine…");
  await pyodide.runPythonAsync("import qvcore.board");

  report("ready", 1, "Ready.");
  return pyodide;
}
