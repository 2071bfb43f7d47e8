import { useOnDemand } from "#app/lib/on-demand.ts";
import { toastLibrary } from "./toasts";

/**
 * Where toasts appear: bottom right, with the library's own durations (4 s, success 2 s, loading until replaced)
 * and limit (20), which are the spec's. Renders nothing until the first toast has loaded the library.
 */
export function ToastRegion() {
  const library = useOnDemand(toastLibrary);
  if (!library) return null;
  return <library.Toaster position="bottom-right" />;
}
