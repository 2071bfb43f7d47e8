import { useSyncExternalStore } from "react";

const noSubscription = () => () => undefined;

/** False on the server and while the page hydrates, true once scripts run it: what works without them renders first. */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
