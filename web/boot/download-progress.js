// How much of a visit's large downloads has arrived, so that a slow link shows a bar that moves
// rather than "Starting Python…" for half a minute. The loader counts the bytes of the
// runtime's WebAssembly, the standard library and the wheel as they arrive (`counted` reads a
// copy of each response's body), and the snapshot's as its worker reports them, against the sizes
// the build stamped. The bytes are the files' own (a gzipped response counts as much as its
// file), so the part is the share of the files' bytes, not of the time left.
//
//   const downloads = new DownloadProgress((part) => show(part));
//   downloads.expect("wasm", bytes);
//   const response = downloads.counted("wasm", await fetch(url));  // the same response

/** The least time between two reports (ms), but for the last. */
const INTERVAL_MS = 150;

export class DownloadProgress {
  /**
   * @param {(part: number) => void} onChange told the part that has arrived (0 to 1, never
   *   less than told before: a download expected later waits until the part catches up)
   * @param {() => number} [now] the clock (ms)
   */
  constructor(onChange, now = () => performance.now()) {
    this.onChange = onChange;
    this.now = now;
    /** @type {Map<string, {expected: number, received: number}>} */
    this.files = new Map();
    this.told = 0;
    this.toldAt = -Infinity;
  }

  /**
   * Count a file of `bytes` bytes among the downloads.
   * @param {string} name @param {number} bytes
   */
  expect(name, bytes) {
    if (!(bytes > 0) || this.files.has(name)) return;
    this.files.set(name, { expected: bytes, received: 0 });
  }

  /**
   * The bytes of `name` that have arrived so far (a file not expected is not counted).
   * @param {string} name @param {number} received
   */
  arrived(name, received) {
    const file = this.files.get(name);
    if (!file) return;
    file.received = Math.min(Math.max(received, file.received), file.expected);
    this.tell();
  }

  /** The part of the expected bytes that has arrived. */
  part() {
    let expected = 0;
    let received = 0;
    for (const file of this.files.values()) {
      expected += file.expected;
      received += file.received;
    }
    return expected > 0 ? received / expected : 0;
  }

  tell() {
    const part = Math.max(this.part(), this.told);
    const time = this.now();
    if (part === this.told || (part < 1 && time - this.toldAt < INTERVAL_MS)) return;
    this.told = part;
    this.toldAt = time;
    this.onChange(part);
  }

  /**
   * Count `name`'s bytes as they arrive, from a copy of the response's body (the response
   * itself is returned untouched, so that the browser still hands its body to the WebAssembly
   * compiler natively: passing it through a stream of this page's made a first visit at 4x CPU
   * 4 to 8% slower). A failed response, or one without a body, is not counted.
   * @param {string} name @param {Response} response @returns {Response}
   */
  counted(name, response) {
    if (!response.ok || !response.body || !this.files.has(name)) return response;
    const reader = response.clone().body?.getReader();
    if (!reader) return response;
    (async () => {
      let received = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        received += value.byteLength;
        this.arrived(name, received);
      }
    })().catch(() => {});
    return response;
  }
}
