// Whether a first visit should restore the build's Python snapshot or start Python itself.
//
// The snapshot spares the visit Python's start and the engine's import (seconds of main-thread
// work, more on a slow or busy CPU) but adds its download (a few MB): on a slow link starting
// is faster. So the page asks for the snapshot only once the runtime's own downloads prove it
// faster than the start (python-snapshot.js), weighing:
// - the link: how fast the runtime's files arrived (linkRate: the browser's Resource Timing of
//   the finished ones, a lower bound while others still download: once it says the snapshot
//   is faster, it is asked for at once, beside the rest of the runtime; once the runtime's
//   WebAssembly is in, the measure is whole, and a snapshot still slower is never asked for);
// - the CPU: a fixed piece of work timed on the main thread (cpuSlowness: a slow phone, DevTools'
//   throttling) and in a longer burst (burstSlowness: how much of a core a long task gets on a
//   busy machine), the slower of the two;
// - navigator.connection's saveData (a visitor who asked to save data gets no snapshot).
// When Python could start (the board painted, the runtime compiled), a snapshot asked for is
// weighed again with its own rate (unzip-worker.js): one that does not answer is dropped.
// chooseRoute weighs them: the snapshot unless the rest of its download (and its unzipping)
// takes more than HEDGE times the start it spares, or HEDGE_SECONDS more (a start chosen
// wrongly on a busy machine costs far more than the measures say, on a fast link).

/** Python's start and the engine's import on the reference machine, and a restore, in s. */
export const START_SECONDS = 2.6;
export const RESTORE_SECONDS = 0.4;
/** Unzipping and rebuilding the snapshot's memory once its last bytes are in (a worker). */
export const REBUILD_SECONDS = 0.3;
/** How much longer the snapshot may take than the start it spares, by the measures. On a
 * machine busy with other work Python's start ran 4 to 25 times slower than on the reference
 * machine while the probes said 1 to 5 (bench/first_visit.py: most of the start is cold
 * WebAssembly, which the probes do not run), so a start chosen wrongly there costs tens of
 * seconds; the snapshot chosen wrongly on an idle machine costs at most twice the start. */
export const HEDGE = 3;
/** ...and at most this much longer (s): where the probes already said the CPU was slow, the
 * start took what they said (8 s at 1.6 Mbit/s on a machine at load average 22 to 27, the
 * probes saying 3.6x or more), and the snapshot's 24 s download cost 16 s more. */
export const HEDGE_SECONDS = 8;
/** The probe's time on the reference machine, in ms. */
const PROBE_REFERENCE_MS = 2.0;
/** The probe's text: parsing JSON is native code, so its time does not depend on which of
 * the JavaScript engine's compilers happens to run it. */
const PROBE_TEXT = `[${'{"office":12,"senators":[1,2,3],"name":"Caesar"},'.repeat(6000)}0]`;

function probeOnce() {
  const start = performance.now();
  if (JSON.parse(PROBE_TEXT).length !== 6001) throw new Error("the CPU probe is broken");
  return performance.now() - start;
}

/** How many probes one burst runs: about 20 ms of work on the reference machine. */
const BURST_ROUNDS = 10;

/**
 * How much slower than the reference machine a burst of probes runs. A burst is long enough
 * that a busy machine's scheduler gives it no more than its share of a core, as it gives
 * Python's start (a short probe after a wait runs at full speed on a busy machine, and so
 * misses how busy it is). The page runs it while the runtime downloads, and the snapshot's
 * worker (unzip-worker.js) when Python could start.
 * @returns {number}
 */
export function burstSlowness() {
  let total = 0;
  for (let round = 0; round < BURST_ROUNDS; round += 1) total += probeOnce();
  return total / BURST_ROUNDS / PROBE_REFERENCE_MS;
}

/** How many probes the main thread runs when the route is chosen (the median counts). */
const PROBE_ROUNDS = 5;

/**
 * How much slower than the reference machine the page's main thread runs now (a slow phone,
 * DevTools' CPU throttling): the median of a few short probes, about 10 ms of work.
 * @returns {number}
 */
export function cpuSlowness() {
  const times = [];
  for (let round = 0; round < PROBE_ROUNDS; round += 1) times.push(probeOnce());
  times.sort((a, b) => a - b);
  return times[PROBE_ROUNDS >> 1] / PROBE_REFERENCE_MS;
}

/** Downloads smaller than this are left out of the link's measure (their time is latency). */
const MEASURED_BYTES = 64_000;

/**
 * How fast the page's files arrived, in bytes per second on the wire: the bytes of every
 * download of at least MEASURED_BYTES that has finished, over the time any of them was
 * arriving (from its first byte to its last), so that downloads side by side count once.
 * Infinity when they came all at once, 0 when none has finished yet (or all came from a
 * cache).
 * @param {string} prefix only the files whose URL starts with it (the site's)
 * @param {number} [smallest] only the downloads of at least this many bytes
 * @returns {number}
 */
export function linkRate(prefix, smallest = MEASURED_BYTES) {
  const entries = typeof performance.getEntriesByType === "function"
    ? /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType("resource")) : [];
  const spans = [];
  let bytes = 0;
  for (const entry of entries) {
    if (!entry.name.startsWith(prefix) || !(entry.transferSize >= smallest)) continue;
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
  if (spans.length === 0) return 0;  // nothing measured yet
  return busy >= 50 ? (bytes * 1000) / busy : Infinity;
}

/**
 * The faster way to a running engine on a first visit.
 * @param {{rate: number, cpu: number, remaining: number, saveData?: boolean}} measured
 *   rate in bytes/s on the wire; cpu: the slower of cpuSlowness and burstSlowness;
 *   remaining: the bytes of the snapshot's file still to download
 * @returns {{route: "build"|"start", download: number, spared: number}} "build" restores the
 *   snapshot (when download < HEDGE * spared and download < spared + HEDGE_SECONDS); download
 *   is the estimated time until it can be
 *   restored, spared the start it spares (s)
 */
export function chooseRoute({ rate, cpu, remaining, saveData = false }) {
  const download = remaining / rate + cpu * REBUILD_SECONDS;
  const spared = cpu * (START_SECONDS - RESTORE_SECONDS);
  const worth = Math.min(HEDGE * spared, spared + HEDGE_SECONDS);
  const route = remaining <= 0 || (!saveData && download < worth) ? "build" : "start";
  return { route, download: Math.round(download * 100) / 100,
    spared: Math.round(spared * 100) / 100 };
}
