import { href, Link } from "react-router";
import { type MemberFilter, memberFilterQuery } from "#core/schemas/members.ts";
import { FilterField, ListFilterForm } from "#app/components/admin/list-filter-form.tsx";
import { Pager } from "#app/components/admin/pager.tsx";
import { inputClass, Options } from "#app/components/ui/field.tsx";
import type { Route } from "../../../routes/admin/members/+types/index";

type MemberPage = Route.ComponentProps["loaderData"]["page"];

/** One of the filters beside Search: "All" or one of the values members have. */
function Choice({ name, label, value, choices }: { name: string; label: string; value: string | undefined; choices: string[] }) {
  const id = `members-${name}`;
  return (
    <FilterField id={id} label={label}>
      <select id={id} name={name} defaultValue={value ?? ""} className={inputClass}>
        <option value="">All</option>
        <Options values={choices} />
      </select>
    </FilterField>
  );
}

/** The members list: search and filters (a GET form, in the address), 25 a page, the CSV of what the filters show. */
export function MemberList({ page, filter }: { page: MemberPage; filter: MemberFilter }) {
  const { sessions, classes, positions } = page.choices;
  const filtered = Boolean(filter.q || filter.session || filter.class || filter.position || filter.status !== "current");
  const base = href("/admin/members");
  return (
    <section aria-labelledby="member-list-heading">
      <h2 id="member-list-heading" className="text-xl font-bold text-brand-900">
        {filter.status === "past" ? "Past members" : filter.status === "all" ? "All members" : "Current members"}
      </h2>
      <ListFilterForm
        action={base}
        label="Filter members"
        idPrefix="members"
        q={filter.q}
        placeholder="Name, email or phone"
        filtered={filtered}
        exportHref={`${href("/admin/members.csv")}${memberFilterQuery({ ...filter, page: 1 })}`}
        className="grid sm:grid-cols-2 lg:grid-cols-3"
      >
        <Choice name="session" label="Session" value={filter.session} choices={sessions} />
        <Choice name="class" label="Class" value={filter.class} choices={classes} />
        <Choice name="position" label="Position" value={filter.position} choices={positions} />
        <FilterField id="members-status" label="Members">
          <select id="members-status" name="status" defaultValue={filter.status} className={inputClass}>
            <option value="current">Current</option>
            <option value="past">Past</option>
            <option value="all">All</option>
          </select>
        </FilterField>
      </ListFilterForm>
      <p className="mt-4 text-slate-800" role="status">
        {page.matching === 0 ? "No member matches." : `Showing ${page.members.length} of ${page.matching} (${page.total} in all).`}
      </p>
      {page.members.length > 0 && (
        <ul className="mt-3 flex flex-col divide-y divide-brand-100 rounded-xl border border-brand-100 bg-white" aria-label="Members">
          {page.members.map((member) => (
            <li key={member.id} className="flex flex-col gap-1 px-4 py-3">
              <Link to={href("/admin/members/:id", { id: member.id })} className="font-bold text-brand-800 underline">
                {member.name}
              </Link>
              <p className="text-sm text-slate-800">
                {[
                  member.email,
                  member.phone,
                  member.class,
                  member.department,
                  member.session,
                  member.position,
                  member.status === "past" ? "Past member" : null,
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page.page} pages={page.pages} label="Member pages" href={(n) => `${base}${memberFilterQuery({ ...filter, page: n })}`} />
    </section>
  );
}
