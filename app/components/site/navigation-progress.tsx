import { useNavigation } from "react-router";

/** While a page's data loads after a click, a bar runs along the top and screen readers hear "Loading". */
export function NavigationProgress() {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && !navigation.formMethod;
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 top-0 z-[60] h-1">
      {loading && (
        <>
          <div className="h-full w-1/3 animate-pulse bg-accent-400 motion-safe:animate-[loading-bar_1s_ease-in-out_infinite]" />
          <span className="sr-only">Loading</span>
        </>
      )}
    </div>
  );
}
