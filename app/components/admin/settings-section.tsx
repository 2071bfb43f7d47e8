import type { ReactNode } from "react";

/** A settings page of the admin area (Mail, Personal data): its heading, what it is for, then its sections. */
export function SettingsPage({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-8">
      <div>
        <h1 className="text-3xl font-extrabold text-brand-900">{title}</h1>
        <p className="mt-2 text-slate-700">{intro}</p>
      </div>
      {children}
    </main>
  );
}

/** One card of a settings page (Mail, Personal data): its heading, what it is for, and its form. */
export function SettingsSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-xl border border-brand-100 bg-white p-6 shadow-sm">
      <h2 id={`${id}-heading`} className="text-xl font-bold text-brand-900">
        {title}
      </h2>
      {typeof description === "string" ? (
        <p className="mt-1 text-slate-700">{description}</p>
      ) : (
        description && <div className="mt-1 text-slate-700">{description}</div>
      )}
      <div className="mt-4">{children}</div>
    </section>
  );
}
