import { useSyncExternalStore } from "react";

/**
 * A module the page does without until it is wanted (a dialog's code, the toast library): fetched on the first
 * `load()`, shared by every caller after that, and fetched again by the next `load()` if the fetch failed.
 */
export interface OnDemand<M> {
  /** Starts the fetch unless it is under way or done; resolves with the module, or null if the fetch failed. */
  load(): Promise<M | null>;
  /** The module once it has arrived; null before. */
  current(): M | null;
  /** Called once, when the module arrives. */
  subscribe(listener: () => void): () => void;
}

export function onDemand<M>(fetchModule: () => Promise<M>, what: string): OnDemand<M> {
  let module: M | null = null;
  let loading: Promise<M | null> | null = null;
  const listeners = new Set<() => void>();
  return {
    load() {
      loading ??= fetchModule().then(
        (arrived) => {
          module = arrived;
          for (const listener of listeners) listener();
          return arrived;
        },
        (error: unknown) => {
          // Offline, or a new build replaced the files under an open page: the next load() tries again.
          loading = null;
          console.error(`Could not load ${what}`, error);
          return null;
        },
      );
      return loading;
    },
    current: () => module,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The module in a component: null until it has arrived (and always while rendering on the server or hydrating). */
export function useOnDemand<M>(source: OnDemand<M>): M | null {
  return useSyncExternalStore(source.subscribe, source.current, () => null);
}
