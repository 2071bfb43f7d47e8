import type { ReactNode } from "react";
import { href, Link } from "react-router";

/** An account page (forgot password, reset, invitation, the sign-in code, confirming it is you): its heading, what it is for, one card. */
export function AccountPage({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <main className="mx-auto flex max-w-md flex-col gap-6 px-4 py-8">
      <div>
        <h1 className="text-3xl font-extrabold text-brand-900">{title}</h1>
        <p className="mt-2 text-slate-700">{intro}</p>
      </div>
      <div className="flex flex-col gap-4 rounded-xl border border-brand-100 bg-white p-6 shadow-sm">{children}</div>
      <p>
        <Link to={href("/admin")} className="font-semibold text-brand-800 underline">
          Back to the login
        </Link>
      </p>
    </main>
  );
}
