// Service worker: keeps the whole site (page, scripts, the ~14 MB Pyodide runtime, the qvcore
// wheel) in Cache Storage so later visits work with the network off.
//
// - install: precaches every file listed in precache.json (written by build.py), checking each
//   against its sha256; files unchanged since the build already cached are copied, not
//   downloaded again.
// - activate: deletes the caches of older builds of this site (only this site's: several
//   GitHub Pages projects share one origin, and so one Cache Storage), then controls the open
//   page (clients.claim), so the first visit is cached and controlled without a reload.
// - fetch: same-origin GETs are answered from this build's cache, but only while that cache is
//   whole (every file precache.json lists is in it): a file missing from the cache is
//   downloaded again and checked against the build's sha256; if that fails, the cache is not
//   used at all and everything comes from the network, so a page never mixes a newer file
//   with the old build. Each navigation checks again. With the network down, the cache answers
//   whatever it holds, whole or not (it is all of one build): a navigation gets the cached
//   index.html, and a file the copy lacks gets a 503 that names it (a navigation: a short page
//   saying what is missing), never the browser's error page. The page then says in its own
//   words what it could not load (a language's wording, a module).
// - message {type: "qv-offline-status"}: answers {build, files, missing, complete} on the
//   given MessagePort (offline.js asks this before it marks the page offline-ready).
// - message {type: "qv-activate"}: a new build's worker waits (it does not skipWaiting by
//   itself), so a page that is still loading never gets files of two builds. offline.js sends
//   this once its page has loaded: if that page is the site's only one, the waiting worker
//   takes over and answers {activated: true}; the next load is all the new build.
//
// build.py replaces the build id placeholder below with the site's content hash, so every new
// build changes this file's bytes, which makes the browser install the new worker.
// All URLs are relative to this file, so the site works under any sub-path (/repo-name/).

/**
 * The parts of a service worker's global scope and events this file uses (the checker's
 * libraries type `self` as a window's).
 * @typedef {{claim(): Promise<void>, matchAll(o?: {type?: string, includeUncontrolled?: boolean}):
 *   Promise<{postMessage(message: unknown): void}[]>}} Clients
 * @typedef {{clients: Clients, registration: {waiting: unknown}, serviceWorker?: {state: string},
 *   skipWaiting(): Promise<void>, location: Location,
 *   addEventListener(type: string, listener: (event: any) => void): void}} WorkerScope
 * @typedef {Event & {waitUntil(promise: Promise<unknown>): void}} ExtendableEvent
 * @typedef {ExtendableEvent & {request: Request,
 *   respondWith(response: Response | Promise<Response>): void}} FetchEvent
 * @typedef {MessageEvent & {waitUntil(promise: Promise<unknown>): void}} ExtendableMessageEvent
 */
const worker = /** @type {WorkerScope} */ (/** @type {unknown} */ (self));

const BUILD_ID = "__BUILD_ID__";
const SITE = new URL("./", self.location.href).href;
const CACHE_PREFIX = `quo-vadis ${SITE} `;
const CACHE_NAME = CACHE_PREFIX + BUILD_ID;
const PRECACHE_URL = new URL("precache.json", SITE).href;
const INDEX_URL = new URL("index.html", SITE).href;

worker.addEventListener("install", (/** @type {ExtendableEvent} */ event) => {
  event.waitUntil(precache().catch(async (error) => {
    // Tell the open pages why (offline.js shows it), then fail the install: the browser tries
    // again on a later visit, and the older worker, if any, stays in charge.
    await caches.delete(CACHE_NAME);
    const message = error instanceof Error ? error.message : String(error);
    for (const client of await worker.clients.matchAll({ includeUncontrolled: true })) {
      client.postMessage({ type: "qv-offline-error", build: BUILD_ID, message });
    }
    throw error;
  }));
});

worker.addEventListener("activate", (/** @type {ExtendableEvent} */ event) => {
  event.waitUntil(deleteOldCaches().then(() => worker.clients.claim()));
});

worker.addEventListener("fetch", (/** @type {FetchEvent} */ event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.href.startsWith(SITE)) return;
  event.respondWith(respond(request, url));
});

worker.addEventListener("message", (/** @type {ExtendableMessageEvent} */ event) => {
  const data = event.data;
  const port = event.ports[0];
  if (!port || !data) return;
  if (data.type === "qv-offline-status") {
    event.waitUntil(cacheStatus().then(
      (answer) => port.postMessage(answer),
      (error) => port.postMessage({ build: BUILD_ID, complete: false, error: String(error) }),
    ));
  } else if (data.type === "qv-activate") {
    event.waitUntil(activateIfAlone().then(
      (activated) => port.postMessage({ build: BUILD_ID, activated }),
      (error) => port.postMessage({ build: BUILD_ID, activated: false, error: String(error) }),
    ));
  }
});

/** Take over from the older worker if just one page of the site is open (the asking one). */
async function activateIfAlone() {
  // only a waiting worker (installed, not yet active) has anyone to take over from
  const me = worker.serviceWorker;
  if (!worker.registration.waiting || (me && me.state !== "installed")) return false;
  const pages = await worker.clients.matchAll({ type: "window", includeUncontrolled: true });
  if (pages.length > 1) return false;
  worker.skipWaiting();  // activation follows once the old worker is idle; claim() then
  return true;         // hands the asking page over
}

/** The cache key of a request URL: no fragment, and a directory means its index.html. */
function cacheKey(url) {
  const key = new URL(url.href);
  key.hash = "";
  if (key.pathname.endsWith("/")) key.pathname += "index.html";
  return key.href;
}

let whole = null;  // Promise<boolean>: this build's cache holds every file it lists

/** Whether the cache is whole, repairing it from the network when the same files are there. */
function cacheIsWhole(recheck = false) {
  if (whole === null || recheck) {
    whole = checkWhole();
    whole.catch(() => { whole = null; });
  }
  return whole;
}

async function checkWhole() {
  const cache = await caches.open(CACHE_NAME);
  const listResponse = await cache.match(PRECACHE_URL);
  if (!listResponse) return false;  // not installed (yet): nothing is served from it
  const list = await listResponse.json();
  const keys = new Set((await cache.keys()).map((request) => request.url));
  const missing = list.files.filter((name) => !keys.has(new URL(name, SITE).href));
  if (!missing.length) return true;
  try {
    await Promise.all(missing.map(async (name) => {
      const url = new URL(name, SITE).href;
      await cache.put(url, await download(url, list.sha256 ? list.sha256[name] : undefined));
    }));
    return true;
  } catch (error) {
    console.warn(`the offline copy of build ${BUILD_ID} misses ${missing.join(", ")} and cannot ` +
      `be repaired (${error instanceof Error ? error.message : error}): it is not used`);
    return false;
  }
}

async function respond(request, url) {
  const navigation = request.mode === "navigate";
  const usable = await cacheIsWhole(navigation);
  const cache = await caches.open(CACHE_NAME);
  if (usable) {
    // A navigation may carry a query (?seed=...) that the static files do not depend on.
    const cached = await cache.match(cacheKey(url), { ignoreSearch: navigation })
      // gone since the last check? check again (and repair) before going to the network
      ?? (await cacheIsWhole(true) ? await cache.match(cacheKey(url)) : undefined);
    if (cached) return cached;
  }
  try {
    return await fetch(request);
  } catch (error) {
    // No network. An incomplete copy is still all of this build (nothing newer can come now):
    // the page starts from what it has, and a file it lacks is answered in words, never with
    // the browser's error page.
    const cached = await cache.match(cacheKey(url), { ignoreSearch: navigation })
      ?? (navigation ? await cache.match(INDEX_URL) : undefined);
    if (cached) return cached;
    return missingResponse(url, navigation, error);
  }
}

/** What a file missing from the offline copy is answered with, the network being down: a
 * short page for a navigation, else a 503 whose status text names the file. */
function missingResponse(url, navigation, error) {
  const file = url.href.startsWith(SITE) ? url.pathname.slice(new URL(SITE).pathname.length)
    : url.pathname;
  const reason = error instanceof Error ? error.message : String(error);
  console.warn(`offline: ${file} is not in the offline copy of build ${BUILD_ID} (${reason})`);
  if (!navigation) {
    return new Response(`${file} is not in this browser's offline copy of Quo Vadis?, and the ` +
      "network cannot be reached.", { status: 503, statusText: "Not in the offline copy",
      headers: { "Content-Type": "text/plain; charset=utf-8", "X-Qv-Missing": file } });
  }
  const text = "Quo Vadis? cannot start without the network: this browser's offline copy of " +
    `the game lacks ${file || "index.html"}. Connect to the network and reload the page; the ` +
    "copy is then made whole again.";
  const html = "<!doctype html><html lang=\"en\" data-offline=\"missing\"><meta charset=\"utf-8\">" +
    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">" +
    "<title>Quo Vadis? is offline</title><h1>Quo Vadis? is offline</h1><p data-testid=\"offline-missing\">" +
    text.replace(/&/g, "&amp;").replace(/</g, "&lt;") + "</p></html>";
  return new Response(html, { status: 503, statusText: "Not in the offline copy",
    headers: { "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": "default-src 'none'" } });
}

/** Fetch precache.json from the network and check it belongs to this worker's build. */
async function readPrecacheList() {
  const response = await fetch(PRECACHE_URL, { cache: "no-store" });
  if (!response.ok) throw new Error(`precache.json: HTTP ${response.status}`);
  const list = await response.clone().json();
  // A mismatch means the site changed under us (a deploy in progress): fail the install, and
  // the browser tries again with the next sw.js.
  if (BUILD_ID !== "__" + "BUILD_ID__" && list.build !== BUILD_ID) {
    throw new Error(`precache.json is for build ${list.build}, this worker for ${BUILD_ID}`);
  }
  return { list, response };
}

async function precache() {
  const { list, response } = await readPrecacheList();
  const cache = await caches.open(CACHE_NAME);
  const reusable = await previousFiles();
  await Promise.all(list.files.map(async (name) => {
    const url = new URL(name, SITE).href;
    const hash = list.sha256 ? list.sha256[name] : undefined;
    const old = hash ? reusable.get(`${url} ${hash}`) : undefined;
    if (old) {
      const copy = await old.cache.match(url);
      if (copy) {
        await cache.put(url, copy);
        return;
      }
    }
    await cache.put(url, await download(url, hash));
  }));
  // The list goes in last: a cache holding it is complete.
  await cache.put(PRECACHE_URL, response);
}

/** Download one file, bypassing the HTTP cache's freshness but not its validators. */
async function download(url, hexSha256) {
  /** @type {RequestInit} */
  const init = { cache: "no-cache" };
  if (hexSha256) init.integrity = "sha256-" + hexToBase64(hexSha256);
  let response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    // a failed integrity check lands here too (the file is not the one the build listed)
    throw new Error(`cannot cache ${url}: ${error instanceof Error ? error.message : error}`,
                    { cause: error });
  }
  if (!response.ok) throw new Error(`cannot cache ${url}: HTTP ${response.status}`);
  // A redirected response may not answer a navigation; store a plain copy.
  if (!response.redirected) return response;
  return new Response(await response.blob(), {
    status: response.status, statusText: response.statusText, headers: response.headers,
  });
}

function hexToBase64(hex) {
  let binary = "";
  for (let i = 0; i < hex.length; i += 2) binary += String.fromCharCode(parseInt(hex.slice(i, i + 2), 16));
  return btoa(binary);
}

/** Files of older complete builds of this site, keyed by "url sha256", with their cache. */
async function previousFiles() {
  const found = new Map();
  for (const name of await caches.keys()) {
    if (!name.startsWith(CACHE_PREFIX) || name === CACHE_NAME) continue;
    const cache = await caches.open(name);
    const listResponse = await cache.match(PRECACHE_URL);
    if (!listResponse) continue;
    try {
      const list = await listResponse.json();
      for (const [file, hash] of Object.entries(list.sha256 || {})) {
        found.set(`${new URL(file, SITE).href} ${hash}`, { cache });
      }
    } catch {
      // an unreadable list: download everything instead
    }
  }
  return found;
}

async function deleteOldCaches() {
  const names = await caches.keys();
  await Promise.all(names
    .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME)
    .map((name) => caches.delete(name)));
}

async function cacheStatus() {
  const cache = await caches.open(CACHE_NAME);
  const listResponse = await cache.match(PRECACHE_URL);
  if (!listResponse) return { build: BUILD_ID, complete: false };
  const list = await listResponse.json();
  const keys = new Set((await cache.keys()).map((request) => request.url));
  const missing = list.files.filter((name) => !keys.has(new URL(name, SITE).href));
  return {
    build: BUILD_ID, files: list.files.length, missing: missing.length,
    complete: missing.length === 0,
  };
}
