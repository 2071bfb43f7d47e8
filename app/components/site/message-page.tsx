import { Link } from "react-router";

interface MessagePageProps {
  title: string;
  text: string;
  /** The one way on: its words and where it leads. */
  link: { label: string; to: string; reloadDocument?: boolean };
}

/** A page that is one message and one way on: the error pages, and the offline page. */
export function MessagePage({ title, text, link }: MessagePageProps) {
  return (
    <main className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <title>{title}</title>
      <h1 className="text-3xl font-bold text-brand-900">{title}</h1>
      <p className="text-slate-700">{text}</p>
      <Link
        to={link.to}
        reloadDocument={link.reloadDocument}
        className="rounded-md bg-brand-800 px-5 py-3 font-semibold text-white hover:bg-brand-900"
      >
        {link.label}
      </Link>
    </main>
  );
}
