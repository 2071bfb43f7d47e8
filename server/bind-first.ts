/** `fn` with its first argument given: how a service or repository module's functions become the methods of its object. */
export function bindFirst<D, A extends unknown[], R>(first: D, fn: (first: D, ...args: A) => R): (...args: A) => R {
  return (...args) => fn(first, ...args);
}
