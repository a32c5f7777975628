// When the page does a piece of work: in a task of its own, so that no single task of the main
// thread grows long (a long task delays the next click, the next frame and the bots' answers).

/** @type {{postTask?: (callback: () => void, options?: {priority?: string}) => Promise<void>}
 *   | undefined} */
const scheduler = /** @type {any} */ (globalThis).scheduler;
const channel = typeof MessageChannel === "function" ? new MessageChannel() : null;
/** @type {(() => void)[]} callbacks waiting for the channel's next message */
const queue = [];
if (channel) channel.port1.onmessage = () => queue.shift()?.();
// the browser's own frame and timer functions, as this module loads: a clock a test installs
// on the page later (Playwright's, paused or moved on by hand) must not hold the table's drawing
const frame = globalThis.requestAnimationFrame?.bind(globalThis);
const timeout = globalThis.setTimeout.bind(globalThis);
const cancelTimeout = globalThis.clearTimeout.bind(globalThis);

/** Run `callback` in a new task, soon: ahead of timers and other background work where the
 * browser has a task scheduler, else as a message (not clamped as a timer is). */
export function nextTask(callback) {
  if (scheduler?.postTask) {
    scheduler.postTask(callback, { priority: "user-blocking" }).catch((error) => {
      timeout(() => { throw error; }, 0);  // reported as an uncaught error, as a task's would be
    });
  } else if (channel) {
    queue.push(callback);
    channel.port2.postMessage(null);
  } else {
    timeout(callback, 0);
  }
}

/** Run `callback` in a new task after the page's next frame (its style, layout and paint), so
 * that the work done before is laid out in that frame, not at once by the callback's first
 * read of the layout. A hidden page paints no frame: then as nextTask, and never later than
 * `wait` ms. */
export function afterFrame(callback, wait = 100) {
  if (document.hidden || !frame) {
    nextTask(callback);
    return;
  }
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    cancelTimeout(timer);
    nextTask(callback);
  };
  const timer = timeout(run, wait);
  frame(run);
}
