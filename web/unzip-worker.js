// @ts-nocheck -- its JSDoc types are not complete yet: remove this line once `build.py lint` passes without it
// Downloads and unzips the Python snapshot off the page's main thread (engine-loader.js):
// unzipping 31 MB there would hold back the board's first paint.
//
//   worker.postMessage({ url, integrity });   // a gzip file and its Subresource Integrity
//   worker.onmessage = ({ data }) => ...       // {bytes: ArrayBuffer} or {error: string}

import { fetchUnzipped } from "./unzip.js";

self.onmessage = async ({ data }) => {
  try {
    const bytes = await fetchUnzipped(data.url, data.integrity);
    self.postMessage({ bytes }, [bytes]);
  } catch (error) {
    self.postMessage({ error: String(error?.message ?? error) });
  }
};
