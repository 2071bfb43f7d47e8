import { type ReactNode, useEffect, useRef } from "react";
import { Form, Link, useSubmit } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { inputClass } from "#app/components/ui/field.tsx";

/** How long the search waits after the last key before it asks the server. */
const SEARCH_DELAY_MS = 300;

/**
 * An admin list's filters: a GET form on the list's page, so the filtered view is in the address bar (a bookmark opens
 * it again) and it works without JavaScript (Apply). With JavaScript the list follows as the admin types in Search
 * (after a pause) or changes another field; only the filters in use go in the address. Clear shows everything;
 * "Export CSV" downloads exactly what the filters show.
 */
export function ListFilterForm({
  action,
  label,
  idPrefix,
  q,
  placeholder,
  filtered,
  exportHref,
  className,
  children,
}: {
  action: string;
  /** The form's accessible name ("Filter requests"). */
  label: string;
  idPrefix: string;
  q: string | undefined;
  placeholder: string;
  /** Whether any filter is in use (Clear shows then). */
  filtered: boolean;
  exportHref: string;
  className: string;
  /** The fields beside Search: a change of any of them lists at once. */
  children?: ReactNode;
}) {
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** Lists what the form says now; `replace` (the default) replaces the history entry instead of adding one. */
  const apply = ({ replace = true } = {}) => {
    clearTimeout(timer.current);
    if (!form.current) return;
    const query = new URLSearchParams();
    for (const [name, value] of new FormData(form.current)) if (typeof value === "string" && value.trim()) query.append(name, value);
    void submit(query, { method: "get", action, replace, preventScrollReset: true });
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  // Back, forward and Clear change the address: the box shows what it now says, unless the admin is typing in it (where
  // the answer to an earlier keystroke may arrive).
  useEffect(() => {
    if (search.current && document.activeElement !== search.current) search.current.value = q ?? "";
  }, [q]);

  return (
    <Form
      ref={form}
      method="get"
      action={action}
      role="search"
      aria-label={label}
      onChange={(event) => {
        // Any field but Search (which waits for a pause in the typing) lists what it now says.
        if ((event.target as EventTarget) !== search.current) apply();
      }}
      onSubmit={(event) => {
        // Without JavaScript the browser sends every field; with it, the address gets the clean query.
        event.preventDefault();
        apply({ replace: false });
      }}
      className={`mt-6 gap-3 rounded-xl border border-brand-100 bg-white p-4 shadow-sm ${className}`}
    >
      <div className="flex grow flex-col gap-1">
        <label htmlFor={`${idPrefix}-search`} className="font-semibold text-slate-900">
          Search
        </label>
        <input
          ref={search}
          id={`${idPrefix}-search`}
          name="q"
          type="search"
          defaultValue={q ?? ""}
          placeholder={placeholder}
          className={inputClass}
          onChange={() => {
            clearTimeout(timer.current);
            timer.current = setTimeout(apply, SEARCH_DELAY_MS);
          }}
        />
      </div>
      {children}
      <div className="flex flex-wrap items-end gap-2">
        <Button type="submit" variant="outline">
          Apply
        </Button>
        {filtered && (
          <Button asChild variant="outline">
            <Link to={action} replace>
              Clear
            </Link>
          </Button>
        )}
        <Button asChild>
          {/* A plain link, which React Router leaves to the browser: the answer says it is a file to save (an ended session
              answers with the login instead, which the browser then shows). */}
          <a href={exportHref}>Export CSV</a>
        </Button>
      </div>
    </Form>
  );
}

/** One of the filters beside Search: its label over its control (`id` is the control's). */
export function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-semibold text-slate-900">
        {label}
      </label>
      {children}
    </div>
  );
}
