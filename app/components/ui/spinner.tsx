import { LoaderCircle } from "lucide-react";
import { clsx } from "clsx";

/** A turning circle, decorative: the button or text beside it says what is going on. */
export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle className={clsx("size-5 animate-spin motion-reduce:animate-none", className)} aria-hidden />;
}
