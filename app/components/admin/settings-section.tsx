import type { ReactNode } from "react";

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
