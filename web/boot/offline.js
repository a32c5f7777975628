// Offline support: registers the service worker (sw.js, next to this file) and shows how far it
// got on <html data-offline="...">, which tests and benchmarks wait on:
//
//   "waiting"      registration is held back until the engine has loaded (see below)
//   "installing"   the worker is registered and is caching the site
//   "ready"        the whole site is cached: later visits work with the network off
//   "unsupported"  no service workers here (an insecure origin, a private window, ...)
//   "error"        registration or caching failed; the message is in data-offline-error
//
// Once ready, <html data-offline-build> holds the build id of the cached site.
//
// Updates: once the engine has loaded, the browser is asked whether sw.js changed (a new
// build). If so, the new worker caches the new build beside the old one and waits: it takes
// over only when asked by a page that has finished loading and is the site's only open page,
// so no page ever loads files of two builds (the page loads nothing after its engine is
// ready). This script asks. Then <html data-offline-build> becomes the new build and
// <html data-offline-update="ready"> says that a reload shows it; while other pages of the
// site are open the new build waits and <html data-offline-update="waiting"> says so.
//
// Every change is also sent as a "qv:offline" event on window, with {state, build, update}.
//
// Registration waits until <html data-engine> leaves "loading" (ready or error), so the worker
// downloads the runtime after the page has (mostly from the HTTP cache), not in competition
// with it. Pages without data-engine register on the load event.

const PAGE_BUILD = "__BUILD_ID__";
const SCRIPT_URL = new URL("../sw.js", import.meta.url).href;
const SCOPE = new URL("../", import.meta.url).href;
const STATUS_TIMEOUT_MS = 10_000;
const root = document.documentElement;

function report(state, extra = {}) {
  if (state !== null) root.dataset.offline = state;
  if (extra.error) root.dataset.offlineError = extra.error;
  else if (state !== null) delete root.dataset.offlineError;
  if (extra.build) root.dataset.offlineBuild = extra.build;
  if (extra.update) root.dataset.offlineUpdate = extra.update;
  window.dispatchEvent(new CustomEvent("qv:offline", {
    detail: { state: root.dataset.offline, build: root.dataset.offlineBuild ?? null,
              update: root.dataset.offlineUpdate ?? null },
  }));
}

/** Resolves when the engine has finished loading (either way), or on load without an engine. */
function pageSettled() {
  return new Promise(/** @param {(value?: unknown) => void} resolve */ (resolve) => {
    const settled = () => root.dataset.engine !== undefined && root.dataset.engine !== "loading";
    if (root.dataset.engine === undefined) {
      if (document.readyState === "complete") resolve();
      else window.addEventListener("load", () => resolve(), { once: true });
      return;
    }
    if (settled()) {
      resolve();
      return;
    }
    const observer = new MutationObserver(() => {
      if (settled()) {
        observer.disconnect();
        resolve();
      }
    });
    observer.observe(root, { attributes: true, attributeFilter: ["data-engine"] });
  });
}

/** Send a worker a message and wait for its answer on a MessageChannel. */
function ask(worker, message) {
  return new Promise((resolve, reject) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => reject(new Error("the service worker did not answer")),
      STATUS_TIMEOUT_MS);
    channel.port1.onmessage = (event) => {
      clearTimeout(timer);
      resolve(event.data);
    };
    worker.postMessage(message, [channel.port2]);
  });
}

/** Mark the page ready once the active worker says its cache is complete. */
async function reportActive(registration) {
  const answer = await ask(registration.active, { type: "qv-offline-status" });
  if (!answer.complete) {
    report("error", { error: answer.error || `the offline copy is incomplete ` +
      `(${answer.missing ?? "?"} of ${answer.files ?? "?"} files missing)` });
    return;
  }
  const build = String(answer.build);
  // a newer build than this page's took over: a reload shows it
  const newer = build !== PAGE_BUILD && PAGE_BUILD !== "__" + "BUILD_ID__";
  report("ready", { build, update: newer ? "ready" : undefined });
}

/** Rejects when the first worker's install fails (no active worker to fall back on). */
function installFailure(registration) {
  const failure = new Promise((_, reject) => {
    const base = "caching the site for offline use failed";
    const fail = (reason) => {
      if (!registration.active) reject(new Error(reason));
    };
    navigator.serviceWorker.addEventListener("message", (event) => {
      if (event.data?.type === "qv-offline-error") fail(`${base}: ${event.data.message}`);
    });
    const worker = registration.installing ?? registration.waiting;
    worker?.addEventListener("statechange", () => {
      // The worker's message, sent just before it failed, says why: give it time to arrive.
      if (worker.state === "redundant") setTimeout(() => fail(base), 1000);
    });
  });
  failure.catch(() => {});  // only the race below listens
  return failure;
}

/** Let a new build that has finished caching take over, if this is the site's only page. */
function adoptUpdates(registration) {
  const adopt = async () => {
    const worker = registration.waiting;
    if (!worker || !registration.active) return;
    const answer = await ask(worker, { type: "qv-activate" });
    if (!answer.activated) report(null, { update: "waiting" });
    // else the worker activates, claims this page and controllerchange reports it
  };
  /** @param {ServiceWorker | null} worker */
  const watch = (worker) => {
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed") adopt().catch(fail);
    });
  };
  adopt().catch(fail);
  // start() asked for sw.js before this runs: a new worker may be installing already, its
  // updatefound gone by (a busy machine once left the update unreported so)
  watch(registration.installing);
  registration.addEventListener("updatefound", () => watch(registration.installing));
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    navigator.serviceWorker.ready.then(reportActive).catch(fail);
  });
}

async function start() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) {
    report("unsupported");
    return;
  }
  report("waiting");
  await pageSettled();
  const registration = await navigator.serviceWorker.register(SCRIPT_URL, { scope: SCOPE });
  if (!registration) {
    report("unsupported");  // e.g. blocked by the browser's automation
    return;
  }
  if (registration.active) {
    // register() does not look for a new sw.js when one is registered already: ask for it
    registration.update().catch(() => {});  // offline, or the server is gone: no update
  } else {
    report("installing");
  }
  const ready = await Promise.race([navigator.serviceWorker.ready, installFailure(registration)]);
  await reportActive(ready);
  adoptUpdates(registration);
}

function fail(error) {
  console.error("offline support:", error);
  report("error", { error: error instanceof Error ? error.message : String(error) });
}

start().catch(fail);
