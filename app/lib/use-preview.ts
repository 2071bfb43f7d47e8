import { useCallback, useEffect, useRef, useState } from "react";

/** A local preview of the chosen file; each address is released when the file changes or the form goes. */
export function usePreview(): [string | undefined, (file: Blob | undefined) => void] {
  const [url, setUrl] = useState<string>();
  const current = useRef<string | undefined>(undefined);
  const show = useCallback((file: Blob | undefined) => {
    if (current.current) URL.revokeObjectURL(current.current);
    current.current = file ? URL.createObjectURL(file) : undefined;
    setUrl(current.current);
  }, []);
  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current);
    },
    [],
  );
  return [url, show];
}
