// Whether a first visit should restore the build's Python snapshot or start Python itself.
//
// The snapshot spares the visit Python's start and the engine's import (seconds of main-thread
// work, more on a slow or busy CPU) but adds its download (a few MB): on a slow link starting
// is faster. So the page never lets the snapshot slow the start: it downloads the snapshot only
// once the runtime's WebAssembly has arrived (the start needs all of the link until then), and
// decides only when Python could start (the board painted, the runtime compiled), from what
// it knows by then (python-snapshot.js):
// - how much of the snapshot is still to come (none, on a fast link);
// - the link: how fast the page's files arrived, from the browser's Resource Timing (linkRate:
//   megabytes of runtime measured as they came, so a burst of a few buffered bytes weighs
//   little);
// - the CPU: a short fixed piece of work timed on the main thread now and then while the files
//   download (cpuProbe), averaged, so that the time a busy machine gives other work counts;
// - navigator.connection's saveData (a visitor who asked to save data gets no snapshot).
// chooseRoute weighs them: the snapshot when the rest of its download (and its unzipping)
// takes less time than the start it spares.

/** Python's start and the engine's import on the reference machine, and a restore, in s. */
export const START_SECONDS = 2.6;
export const RESTORE_SECONDS = 0.4;
/** Unzipping and rebuilding the snapshot's memory once its last bytes are in (a worker). */
export const REBUILD_SECONDS = 0.3;
/** The probe's time on the reference machine, in ms. */
const PROBE_REFERENCE_MS = 2.0;
/** The probe's text: parsing JSON is native code, so its time does not depend on which of
 * the JavaScript engine's compilers happens to run it. */
const PROBE_TEXT = `[${'{"office":12,"senators":[1,2,3],"name":"Caesar"},'.repeat(6000)}0]`;
/** How often the probe runs while the page waits for its files, and how many times at most. */
const PROBE_EVERY_MS = 120;
const PROBE_ROUNDS = 16;

function probeOnce() {
  const start = performance.now();
  if (JSON.parse(PROBE_TEXT).length !== 6001) throw new Error("the CPU probe is broken");
  return performance.now() - start;
}

/**
 * Time the main thread now and then (every PROBE_EVERY_MS, PROBE_ROUNDS times at most) from
 * now on. `slowness()` says how much slower than the reference machine this one runs: the
 * mean of the rounds, not their median, since a busy machine that holds the page back during a
 * few rounds holds back Python's long start as often.
 * @returns {{slowness: () => number, stop: () => void}}
 */
export function cpuProbe() {
  const times = [];
  let timer = null;
  const round = () => {
    times.push(probeOnce());
    timer = times.length < PROBE_ROUNDS ? setTimeout(round, PROBE_EVERY_MS) : null;
  };
  timer = setTimeout(round, 0);
  const stop = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return {
    slowness() {
      if (times.length < 3) times.push(probeOnce(), probeOnce());
      const mean = times.reduce((sum, time) => sum + time, 0) / times.length;
      return Math.min(Math.max(mean / PROBE_REFERENCE_MS, 0.25), 16);
    },
    stop,
  };
}

/** Downloads smaller than this are left out of the link's measure (their time is latency). */
const MEASURED_BYTES = 64_000;

/**
 * How fast the page's files arrived, in bytes per second on the wire: the bytes of every
 * download of at least MEASURED_BYTES that has finished, over the time any of them was
 * arriving (from its first byte to its last), so that downloads side by side count once.
 * Infinity when nothing was measured (the files came from a cache, or all at once).
 * @param {string} prefix only the files whose URL starts with it (the site's)
 * @returns {number}
 */
export function linkRate(prefix) {
  const entries = typeof performance.getEntriesByType === "function"
    ? /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType("resource")) : [];
  const spans = [];
  let bytes = 0;
  for (const entry of entries) {
    if (!entry.name.startsWith(prefix) || !(entry.transferSize >= MEASURED_BYTES)) continue;
    if (!(entry.responseEnd > entry.responseStart) || entry.responseStart <= 0) continue;
    bytes += entry.transferSize;
    spans.push([entry.responseStart, entry.responseEnd]);
  }
  spans.sort((a, b) => a[0] - b[0]);
  let busy = 0;
  let reach = -Infinity;
  for (const [start, end] of spans) {
    if (end <= reach) continue;
    busy += end - Math.max(start, reach);
    reach = end;
  }
  return busy >= 50 ? (bytes * 1000) / busy : Infinity;
}

/**
 * The faster way to a running engine on a first visit.
 * @param {{rate: number, cpu: number, remaining: number, saveData?: boolean}} measured
 *   rate in bytes/s on the wire (linkRate); cpu from cpuProbe; remaining: the bytes of the
 *   snapshot's file still to download
 * @returns {{route: "build"|"start", download: number, spared: number}} "build" restores the
 *   snapshot; download is the estimated time until it can be restored, spared the start it
 *   spares (s)
 */
export function chooseRoute({ rate, cpu, remaining, saveData = false }) {
  const download = remaining / rate + REBUILD_SECONDS;
  const spared = cpu * (START_SECONDS - RESTORE_SECONDS);
  const route = remaining <= 0 || (!saveData && download < spared) ? "build" : "start";
  return { route, download: Math.round(download * 100) / 100,
    spared: Math.round(spared * 100) / 100 };
}
