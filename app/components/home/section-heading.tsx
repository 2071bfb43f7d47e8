import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

export function SectionHeading({ id, children, className }: { id?: string; children: ReactNode; className?: string }) {
  return (
    <h2 id={id} className={cn("text-center text-3xl font-extrabold text-brand-900 sm:text-4xl", className)}>
      {children}
    </h2>
  );
}
