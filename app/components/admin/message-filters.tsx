import { type MessageFilter, messageFilterQuery } from "#core/schemas/messages.ts";
import { href } from "react-router";
import { ListFilterForm } from "./list-filter-form";

/** The inbox's search (see ListFilterForm). */
export function MessageFilters({ filter }: { filter: MessageFilter }) {
  return (
    <ListFilterForm
      action={href("/admin/messages")}
      label="Search messages"
      idPrefix="messages"
      q={filter.q}
      placeholder="Name, email or message"
      filtered={Boolean(filter.q)}
      exportHref={`${href("/admin/messages.csv")}${messageFilterQuery({ q: filter.q })}`}
      className="flex flex-col sm:flex-row sm:items-end"
    />
  );
}
