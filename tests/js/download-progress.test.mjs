// How much of a visit's large downloads has arrived (web/boot/download-progress.js): the bytes
// read from counted responses and reported by the snapshot's worker, against the sizes
// expected, told at most every 150 ms but for the last, and never less than told before.
// Run by tests/test_js_units.py (`node --test`).

import { test } from "node:test";
import assert from "node:assert/strict";

import { DownloadProgress } from "../../web/boot/download-progress.js";

/** A progress on a clock the test moves, and the parts it told. */
function watched() {
  const clock = { now: 0 };
  const told = [];
  const progress = new DownloadProgress((part) => told.push(part), () => clock.now);
  return { clock, told, progress };
}

test("the part is the bytes arrived over the bytes expected, files together", () => {
  const { clock, told, progress } = watched();
  progress.expect("wasm", 300);
  progress.expect("wheel", 100);
  progress.arrived("wasm", 100);
  clock.now = 200;
  progress.arrived("wheel", 100);
  assert.deepEqual(told, [0.25, 0.5]);
  assert.equal(progress.part(), 0.5);
});

test("reports come at most every 150 ms, but the whole is always told", () => {
  const { clock, told, progress } = watched();
  progress.expect("wasm", 100);
  progress.arrived("wasm", 10);
  clock.now = 100;
  progress.arrived("wasm", 50);  // too soon after the first
  clock.now = 149;
  progress.arrived("wasm", 100);  // the whole: told at once
  assert.deepEqual(told, [0.1, 1]);
});

test("a download expected later never makes the part go back", () => {
  const { clock, told, progress } = watched();
  progress.expect("wasm", 100);
  progress.arrived("wasm", 100);
  progress.expect("snapshot", 300);  // asked for once the runtime proved it faster
  clock.now = 500;
  progress.arrived("snapshot", 100);  // 200 of 400: less than told
  clock.now = 1000;
  progress.arrived("snapshot", 300);
  assert.deepEqual(told, [1]);  // the bar stayed full: nothing less was told
  assert.equal(progress.part(), 1);
});

test("bytes of a file not expected, or past its size, or fewer than before, count as nothing more", () => {
  const { told, progress } = watched();
  progress.expect("wasm", 100);
  progress.expect("wasm", 900);  // expected once
  progress.arrived("lock", 50);
  progress.arrived("wasm", 40);
  progress.arrived("wasm", 20);
  assert.equal(progress.part(), 0.4);
  progress.arrived("wasm", 500);
  assert.equal(progress.part(), 1);
  assert.deepEqual(told, [0.4, 1]);
});

test("a counted response is returned as it is, its bytes counted as they arrive", async () => {
  const { clock, told, progress } = watched();
  progress.expect("wasm", 8);
  const bytes = [0, 97, 115, 109, 1, 0, 0, 0];
  const source = new Response(new Uint8Array(bytes),
    { status: 200, headers: { "Content-Type": "application/wasm" } });
  clock.now = 1000;
  const counted = progress.counted("wasm", source);
  assert.equal(counted, source);
  assert.deepEqual([...new Uint8Array(await counted.arrayBuffer())], bytes);
  while (told.length === 0) await new Promise((resolve) => { setTimeout(resolve, 1); });
  assert.deepEqual(told, [1]);
  // a failed response, and a file not expected, are not read
  const missing = new Response("no", { status: 404 });
  assert.equal(progress.counted("wasm", missing), missing);
  assert.equal(missing.bodyUsed, false);
  const other = new Response("text");
  assert.equal(progress.counted("lock", other), other);
  assert.equal(await other.text(), "text");
});
