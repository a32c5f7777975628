// Download a gzip file, check it against its Subresource Integrity, and unzip it as it arrives.

/** The bytes of a sha256 Subresource Integrity ("sha256-<base64>"), or null for another form. */
function sha256Of(integrity) {
  const match = /^sha256-([A-Za-z0-9+/]+=*)$/.exec(integrity);
  return match ? Uint8Array.from(atob(match[1]), (c) => c.charCodeAt(0)) : null;
}

/** Every byte of a stream, in one array, telling `onBytes` (if given) the count as they arrive. */
export async function readAll(stream, onBytes = undefined) {
  const chunks = [];
  let length = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.length;
    onBytes?.(length);
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

/**
 * @param {string} url
 * @param {string} integrity "sha256-<base64>"
 * @param {{priority?: "high"|"low"|"auto", onBytes?: (count: number) => void}} [options]
 *   priority: the fetch's priority hint; onBytes: told the bytes downloaded so far (zipped)
 *   as they arrive. The browser checks an integrity only once the whole file is in, and gives
 *   none of its bytes before: with onBytes the sha256 is checked here instead (where the
 *   browser can: else no count is told).
 * @returns {Promise<ArrayBuffer>} the unzipped bytes
 * @throws {Error} saying what failed (HTTP status, integrity, corrupt gzip)
 */
export async function fetchUnzipped(url, integrity, { priority = "auto", onBytes } = {}) {
  const expected = sha256Of(integrity);
  const counted = Boolean(onBytes && expected && globalThis.crypto?.subtle);
  const init = counted ? { priority } : { integrity, priority };
  const response = await fetch(url, /** @type {RequestInit} */ (init));
  if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
  if (!counted) {
    return new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
  }
  const [zipped, checked] = response.body.tee();
  const unzipped = new Response(zipped.pipeThrough(new DecompressionStream("gzip")))
    .arrayBuffer();
  unzipped.catch(() => {});  // the integrity's failure says more: it is thrown first
  const bytes = await readAll(checked, onBytes);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  if (digest.length !== expected.length || digest.some((byte, i) => byte !== expected[i])) {
    throw new Error(`Failed to fetch: its sha256 is not the integrity ${integrity}`);
  }
  return unzipped;
}
