// Download a gzip file, check it against its Subresource Integrity, and unzip it as it arrives.

/**
 * @param {string} url
 * @param {string} integrity "sha256-<base64>"
 * @returns {Promise<ArrayBuffer>} the unzipped bytes
 * @throws {Error} saying what failed (HTTP status, integrity, corrupt gzip)
 */
export async function fetchUnzipped(url, integrity) {
  const response = await fetch(url, { integrity });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const unzipped = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Response(unzipped).arrayBuffer();
}
