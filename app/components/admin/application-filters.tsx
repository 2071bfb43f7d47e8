import {
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUSES,
  type ApplicationFilter,
  applicationFilterQuery,
} from "#core/schemas/applications.ts";
import { useState } from "react";
import { href } from "react-router";
import { inputClass, Options } from "#app/components/ui/field.tsx";
import { FilterField, ListFilterForm } from "./list-filter-form";

/** The request list's search, status and submitted-between filters (see ListFilterForm). */
export function ApplicationFilters({ filter }: { filter: ApplicationFilter }) {
  const [status, setStatus] = useState(filter.status ?? "");
  const [from, setFrom] = useState(filter.from ?? "");
  const [to, setTo] = useState(filter.to ?? "");
  // Back, forward and Clear change the address: the fields show what it now says.
  const shownFilter = `${filter.status}|${filter.from}|${filter.to}`;
  const [drawnFilter, setDrawnFilter] = useState(shownFilter);
  if (drawnFilter !== shownFilter) {
    setDrawnFilter(shownFilter);
    setStatus(filter.status ?? "");
    setFrom(filter.from ?? "");
    setTo(filter.to ?? "");
  }

  return (
    <ListFilterForm
      action={href("/admin")}
      label="Filter requests"
      idPrefix="requests"
      q={filter.q}
      placeholder="Name, email, phone, class or department"
      filtered={Boolean(filter.q || filter.status || filter.from || filter.to)}
      exportHref={`${href("/admin/requests.csv")}${applicationFilterQuery({ ...filter, page: 1 })}`}
      className="grid grid-cols-1 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto]"
    >
      <FilterField id="requests-status" label="Status">
        <select
          id="requests-status"
          name="status"
          value={status}
          className={inputClass}
          onChange={(event) => setStatus(event.target.value)}
        >
          <option value="">All</option>
          <Options values={APPLICATION_STATUSES} labels={APPLICATION_STATUS_LABELS} />
        </select>
      </FilterField>
      <FilterField id="requests-from" label="Submitted from">
        <input
          id="requests-from"
          name="from"
          type="date"
          value={from}
          className={inputClass}
          onChange={(event) => setFrom(event.target.value)}
        />
      </FilterField>
      <FilterField id="requests-to" label="Submitted to">
        <input id="requests-to" name="to" type="date" value={to} className={inputClass} onChange={(event) => setTo(event.target.value)} />
      </FilterField>
    </ListFilterForm>
  );
}
