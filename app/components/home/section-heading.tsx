import type { ReactNode } from "react";

export function SectionHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h2 id={id} className="text-center text-3xl font-extrabold text-brand-900 sm:text-4xl">
      {children}
    </h2>
  );
}
