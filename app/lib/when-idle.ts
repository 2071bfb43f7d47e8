/**
 * Runs queued work one piece per idle period of the main thread, in order. A page of many sliders starts them
 * this way: each start (render every slide, measure, listen) is its own short task instead of one long task
 * that blocks taps and scrolling on a slow phone.
 */
const queue: (() => void)[] = [];
let scheduled = false;

function schedule() {
  if (scheduled || queue.length === 0) return;
  scheduled = true;
  const run = () => {
    scheduled = false;
    queue.shift()?.();
    schedule();
  };
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(run, { timeout: 1000 });
  else setTimeout(run, 1);
}

/** Queues `work`; returns a function that takes it out of the queue if it has not run yet. */
export function whenIdle(work: () => void): () => void {
  queue.push(work);
  schedule();
  return () => {
    const index = queue.indexOf(work);
    if (index >= 0) queue.splice(index, 1);
  };
}
