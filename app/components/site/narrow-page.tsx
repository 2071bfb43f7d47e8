import type { ReactNode } from "react";

/** A page of one narrow column under its heading: a line that says it all (`text`), or a form and what goes with it. */
export function NarrowPage({ title, text, children }: { title: string; text?: string; children?: ReactNode }) {
  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8">
      <h1 className="text-3xl font-extrabold text-brand-900">{title}</h1>
      {text && <p className="text-slate-800">{text}</p>}
      {children}
    </main>
  );
}
