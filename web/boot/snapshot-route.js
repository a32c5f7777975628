// Whether a first visit should download the build's Python snapshot or start Python itself.
//
// The snapshot spares the visit Python's start and the engine's import (seconds of main-thread
// work, more on a slow CPU) but adds its download (a few MB): on a slow link starting is
// faster. The page measures what it can before it decides:
// - the CPU: a fixed piece of work timed on the main thread (cpuSlowness, 1 = the machine
//   the costs below were measured on, bench/first_visit.py);
// - the link: how fast the runtime's WebAssembly arrives (watchDownload, in unzip-worker.js),
//   which the page downloads first on every route, so measuring it costs nothing;
// - navigator.connection's saveData (a visitor who asked to save data gets no snapshot).
// chooseRoute weighs them: the snapshot when its download takes less time than the start it
// spares.

/** Python's start and the engine's import on the reference machine, and a restore, in s. */
export const START_SECONDS = 2.6;
export const RESTORE_SECONDS = 0.4;
/** The probe's time on the reference machine, in ms. */
const PROBE_REFERENCE_MS = 2.0;
const PROBE_ROUNDS = 5;
/** The probe's text: parsing JSON is native code, so its time does not depend on which of
 * the JavaScript engine's compilers happens to run it. */
const PROBE_TEXT = `[${'{"office":12,"senators":[1,2,3],"name":"Caesar"},'.repeat(6000)}0]`;

/** How much slower than the reference machine this one runs now (the median of five rounds,
 * so that a machine busy with other work counts as slower: it is, for Python's start). */
export function cpuSlowness() {
  const times = [];
  for (let round = 0; round < PROBE_ROUNDS; round += 1) {
    const start = performance.now();
    if (JSON.parse(PROBE_TEXT).length !== 6001) throw new Error("the CPU probe is broken");
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return Math.min(Math.max(times[PROBE_ROUNDS >> 1] / PROBE_REFERENCE_MS, 0.25), 16);
}

/** The share of the link the runtime's WebAssembly gets while the other runtime files
 * download beside it: the link is that much faster than the rate measured on it (measured
 * with DevTools' throttling at 1.6, 10 and 40 Mbit/s: 0.4 to 0.6, bench/first_visit.py). */
const LINK_SHARE = 0.5;

/** How many bytes arrive before the link is measured, and for how long it is measured. */
const SETTLE_MS = 60;
const WINDOW_MS = 700;
const WINDOW_BYTES = 2_000_000;

/**
 * Read a download to its end, and measure how fast it arrives meanwhile.
 * The first bytes are left out of the measure (a preloaded file arrives in a burst of what the
 * browser had already), then bytes are counted for WINDOW_MS or WINDOW_BYTES.
 * @param {ReadableStream<Uint8Array>} stream
 * @param {number} wireRatio bytes on the wire per byte read (a gzip-encoded response is
 *   smaller on the wire than read)
 * @returns {{rate: Promise<number>, bytes: Promise<Uint8Array>, cancel: () => void}}
 *   rate: bytes per second on the wire (Infinity when it all came at once)
 */
export function watchDownload(stream, wireRatio = 1) {
  const reader = stream.getReader();
  let settleRate;
  const rate = new Promise((resolve) => { settleRate = resolve; });
  const bytes = (async () => {
    const chunks = [];
    let length = 0;
    let first = null;
    let base = null;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        const now = performance.now();
        if (done) {
          if (base !== null && now - base.at >= SETTLE_MS) {
            settleRate(((length - base.length) * wireRatio * 1000) / (now - base.at));
          }
          break;
        }
        chunks.push(value);
        length += value.length;
        if (first === null) first = now;
        if (base === null && now - first >= SETTLE_MS) base = { at: now, length };
        if (base !== null && (now - base.at >= WINDOW_MS || length - base.length >= WINDOW_BYTES)) {
          settleRate(((length - base.length) * wireRatio * 1000) / Math.max(now - base.at, 1));
        }
      }
    } finally {
      settleRate(Infinity);  // all of it before it could be measured: a fast link
    }
    const all = new Uint8Array(length);
    let offset = 0;
    for (const chunk of chunks) {
      all.set(chunk, offset);
      offset += chunk.length;
    }
    return all;
  })();
  bytes.catch(() => {});
  return { rate, bytes, cancel: () => { reader.cancel().catch(() => {}); } };
}

/**
 * The faster way to a running engine on a first visit.
 * @param {{rate: number, cpu: number, snapshotBytes: number, saveData?: boolean}} measured
 *   rate in bytes/s on the wire; cpu from cpuSlowness
 * @returns {{route: "build"|"start", download: number, spared: number}} "build" fetches the
 *   snapshot; download is its estimated time, spared the start it spares (s)
 */
export function chooseRoute({ rate, cpu, snapshotBytes, saveData = false }) {
  const download = (snapshotBytes * LINK_SHARE) / rate;
  const spared = cpu * (START_SECONDS - RESTORE_SECONDS);
  const route = !saveData && download < spared ? "build" : "start";
  return { route, download: Math.round(download * 100) / 100, spared: Math.round(spared * 100) / 100 };
}
