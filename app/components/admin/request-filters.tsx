import { REQUEST_STATUS_LABELS, REQUEST_STATUSES, type RequestFilter, requestFilterQuery } from "#core/schemas/requests";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";

/** How long the search waits after the last key before it asks the server. */
const SEARCH_DELAY_MS = 300;

/**
 * The request list's search, status and submitted-between filters: a GET form on /admin, so the filtered view is in
 * the address bar (a bookmark opens it again) and it works without JavaScript (Apply). With JavaScript the list
 * follows as the admin types (after a pause) or picks. "Export CSV" downloads exactly what the filters show.
 */
export function RequestFilters({ filter }: { filter: RequestFilter }) {
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /**
   * Lists what the form says. Only the filters in use go in the address (`?q=khan`, not `?q=khan&status=&from=&to=`),
   * as the Export CSV link and the pages write it. A change of a field replaces the entry in the history rather than
   * adding one (each keystroke would otherwise be a step back); Apply adds one.
   */
  const apply = ({ replace = true } = {}) => {
    clearTimeout(timer.current);
    if (!form.current) return;
    const query = new URLSearchParams();
    for (const [name, value] of new FormData(form.current)) if (typeof value === "string" && value.trim()) query.append(name, value);
    void submit(query, { method: "get", action: "/admin", replace, preventScrollReset: true });
  };
  const [status, setStatus] = useState(filter.status ?? "");
  const [from, setFrom] = useState(filter.from ?? "");
  const [to, setTo] = useState(filter.to ?? "");
  useEffect(() => () => clearTimeout(timer.current), []);
  // Back, forward and Clear change the address: the fields show what it now says (the search box unless the admin is
  // typing in it, where the answer to an earlier keystroke may arrive).
  useEffect(() => {
    if (search.current && document.activeElement !== search.current) search.current.value = filter.q ?? "";
  }, [filter.q]);
  const shownFilter = `${filter.status}|${filter.from}|${filter.to}`;
  const [drawnFilter, setDrawnFilter] = useState(shownFilter);
  if (drawnFilter !== shownFilter) {
    setDrawnFilter(shownFilter);
    setStatus(filter.status ?? "");
    setFrom(filter.from ?? "");
    setTo(filter.to ?? "");
  }

  const filtered = Boolean(filter.q || filter.status || filter.from || filter.to);
  const exportQuery = requestFilterQuery({ ...filter, page: 1 });
  return (
    <Form
      ref={form}
      method="get"
      action="/admin"
      role="search"
      aria-label="Filter requests"
      onSubmit={(event) => {
        // Without JavaScript the browser sends every field; with it, the address gets the clean query.
        event.preventDefault();
        apply({ replace: false });
      }}
      className="mt-6 grid grid-cols-1 gap-3 rounded-xl border border-brand-100 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto]"
    >
      <div className="flex flex-col gap-1">
        <label htmlFor="requests-search" className="font-semibold text-slate-900">
          Search
        </label>
        <input
          ref={search}
          id="requests-search"
          name="q"
          type="search"
          defaultValue={filter.q ?? ""}
          placeholder="Name, email, phone, class or department"
          className={inputClass}
          onChange={() => {
            clearTimeout(timer.current);
            timer.current = setTimeout(apply, SEARCH_DELAY_MS);
          }}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="requests-status" className="font-semibold text-slate-900">
          Status
        </label>
        <select
          id="requests-status"
          name="status"
          value={status}
          className={inputClass}
          onChange={(event) => {
            setStatus(event.target.value);
            apply();
          }}
        >
          <option value="">All</option>
          {REQUEST_STATUSES.map((status) => (
            <option key={status} value={status}>
              {REQUEST_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="requests-from" className="font-semibold text-slate-900">
          Submitted from
        </label>
        <input
          id="requests-from"
          name="from"
          type="date"
          value={from}
          className={inputClass}
          onChange={(event) => {
            setFrom(event.target.value);
            apply();
          }}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="requests-to" className="font-semibold text-slate-900">
          Submitted to
        </label>
        <input
          id="requests-to"
          name="to"
          type="date"
          value={to}
          className={inputClass}
          onChange={(event) => {
            setTo(event.target.value);
            apply();
          }}
        />
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <Button type="submit" variant="outline">
          Apply
        </Button>
        {filtered && (
          <Button asChild variant="outline">
            <Link to="/admin" replace>
              Clear
            </Link>
          </Button>
        )}
        <Button asChild>
          {/* A plain link: the browser downloads the file; React Router must not fetch it as a page. */}
          <a href={`/admin/requests.csv${exportQuery}`} download>
            Export CSV
          </a>
        </Button>
      </div>
    </Form>
  );
}
