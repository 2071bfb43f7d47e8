export interface InTurnOptions {
  /** At most this many tasks wait for a turn; one more is refused at once with `whenFull()`'s error. Default: no bound. */
  maxWaiting?: number;
  whenFull?: () => Error;
}

/**
 * A queue that runs tasks at most `concurrency` at a time, in arrival order: for work that would otherwise take every
 * core at once (password hashes, photo encodes) while pages must keep answering.
 */
export function inTurnQueue(concurrency: number, { maxWaiting = Number.POSITIVE_INFINITY, whenFull }: InTurnOptions = {}) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function inTurn<T>(task: () => Promise<T>): Promise<T> {
    if (running < concurrency) running += 1;
    else if (waiting.length >= maxWaiting) throw whenFull?.() ?? new Error("Too many tasks waiting for a turn");
    else await new Promise<void>((resolve) => waiting.push(resolve)); // a finishing task hands its turn over
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
