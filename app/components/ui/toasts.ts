import type * as HotToast from "react-hot-toast";
import { onDemand } from "#app/lib/on-demand.ts";

/**
 * Toasts without react-hot-toast in every page: the library is fetched on the first toast, and `<ToastRegion />`
 * (root.tsx) mounts its Toaster then. Toasts asked for before it arrives show once it has, in the order asked, so a
 * loading toast and the success that replaces it (same id) behave as with the library itself.
 */
export const toastLibrary = onDemand(() => import("react-hot-toast"), "the toasts");

type ToastModule = typeof HotToast;
type Kind = "blank" | "success" | "error" | "loading" | "dismiss";
type Options = Pick<HotToast.ToastOptions, "id">;

/** Toasts asked for before the library arrived, in the order asked. */
const pending: ((library: ToastModule) => void)[] = [];
let nextId = 0;

function show(kind: Kind, message: string, options: Options = {}): string {
  // The id is ours, known at once: a caller replaces a loading toast by it before the library may have arrived.
  const id = options.id ?? `toast-${++nextId}`;
  const deliver = ({ default: toast }: ToastModule) => {
    if (kind === "blank") toast(message, { id });
    else if (kind === "dismiss") toast.dismiss(id);
    else toast[kind](message, { id });
  };
  const library = toastLibrary.current();
  // While toasts asked for earlier still wait (the library has just arrived and they are about to be shown), this one
  // waits behind them: shown first, it would be replaced by the loading toast it was meant to replace.
  if (library && pending.length === 0) {
    deliver(library);
    return id;
  }
  pending.push(deliver);
  if (pending.length === 1) {
    void toastLibrary.load().then((arrived) => {
      // If the fetch failed, the waiting toasts are dropped: they would be stale by the time a later toast loads it.
      const waiting = pending.splice(0);
      if (arrived) for (const waitingDeliver of waiting) waitingDeliver(arrived);
    });
  }
  return id;
}

/** Fetches the library ahead of a toast that is about to be needed (say, while a form is being filled in). */
export const preloadToasts = (): void => void toastLibrary.load();

/** The spec's toasts; each call returns the toast's id, which `options.id` of a later call replaces. */
export const showToast = {
  message: (message: string, options?: Options) => show("blank", message, options),
  success: (message: string, options?: Options) => show("success", message, options),
  error: (message: string, options?: Options) => show("error", message, options),
  loading: (message: string, options?: Options) => show("loading", message, options),
  /** Takes the toast `id` away (a loading toast whose outcome says nothing). */
  dismiss: (id: string) => void show("dismiss", "", { id }),
};
