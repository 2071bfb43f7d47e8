import { useEffect, useRef } from "react";

/** Calls `onResult` once for each new answer an action brings back (a fetcher's data), not again on a re-render. */
export function useActionResult<T>(answer: T | undefined, onResult: (answer: T) => void): void {
  const handled = useRef<T | undefined>(undefined);
  useEffect(() => {
    if (answer === undefined || answer === handled.current) return;
    handled.current = answer;
    onResult(answer);
  });
}
