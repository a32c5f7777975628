// Download a gzip file, check it against its Subresource Integrity, and unzip it as it arrives.

/**
 * @param {string} url
 * @param {string} integrity "sha256-<base64>"
 * @param {{priority?: "high"|"low"|"auto", onBytes?: (count: number) => void}} [options]
 *   priority: the fetch's priority hint; onBytes: told the bytes downloaded so far (zipped)
 *   as they arrive
 * @returns {Promise<ArrayBuffer>} the unzipped bytes
 * @throws {Error} saying what failed (HTTP status, integrity, corrupt gzip)
 */
export async function fetchUnzipped(url, integrity, { priority = "auto", onBytes } = {}) {
  const response = await fetch(url, /** @type {RequestInit} */ ({ integrity, priority }));
  if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
  let body = response.body;
  if (onBytes) {
    let count = 0;
    body = body.pipeThrough(new TransformStream({
      transform(chunk, controller) {
        count += chunk.length;
        onBytes(count);
        controller.enqueue(chunk);
      },
    }));
  }
  return new Response(body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
}
