import { Form, href } from "react-router";
import { countOf } from "#core/count-of.ts";
import { filterQuery } from "#core/schemas/list-filter.ts";
import { Pager } from "#app/components/admin/pager.tsx";
import { SettingsPage, SettingsSection } from "#app/components/admin/settings-section.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { inputClass, Options } from "#app/components/ui/field.tsx";
import type { Route } from "./+types/index";
import { servicesContext } from "#app/context.ts";
import { unlistedPageMeta } from "#app/lib/page-meta.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const filter = { actor: params.get("admin") || undefined, action: params.get("action") || undefined };
  const page = Number.parseInt(params.get("page") ?? "1", 10) || 1;
  return { ...(await context.get(servicesContext).audit.page(filter, page)), filter };
}

export const meta = () => unlistedPageMeta("Audit log");

/** Who did what in the admin area, when and from which network; by admin and by action. */
export default function AuditPage({ loaderData }: Route.ComponentProps) {
  const { lines, total, page, pages, admins, actions, filter } = loaderData;
  const query = (to: number) => `${href("/admin/audit")}${filterQuery({ admin: filter.actor, action: filter.action }, to)}`;
  return (
    <SettingsPage
      title="Audit log"
      intro="Every sign-in and every change in the admin area: who, what, when, and from which network (shown as a code: the same network has the same code; the address itself is not kept). Failed sign-ins to one account (or to unknown emails) from one network are one entry per 10 minutes, with how many there were. Entries are kept for a year."
    >
      <SettingsSection id="audit-filter" title="Show">
        <Form method="get" className="flex flex-wrap items-end gap-4" aria-label="Filter the audit log">
          <label className="flex flex-col gap-1 font-semibold text-slate-900">
            Admin
            <select name="admin" defaultValue={filter.actor ?? ""} className={inputClass}>
              <option value="">Everyone</option>
              {admins.map((admin) => (
                <option key={admin.id} value={admin.id}>
                  {admin.label}
                </option>
              ))}
              <option value="anonymous">Someone not signed in</option>
              <option value="cli">The command line</option>
              <option value="system">The site</option>
            </select>
          </label>
          <label className="flex flex-col gap-1 font-semibold text-slate-900">
            Action
            <select name="action" defaultValue={filter.action ?? ""} className={inputClass}>
              <option value="">Every action</option>
              <Options values={actions} />
            </select>
          </label>
          <Button type="submit" variant="outline">
            Show
          </Button>
        </Form>
      </SettingsSection>
      <SettingsSection id="audit-entries" title={`Entries (${total})`}>
        {lines.length === 0 ? (
          <p className="text-slate-700">No entries match.</p>
        ) : (
          <ol className="flex flex-col divide-y divide-brand-100" aria-label="Audit entries">
            {lines.map((line) => (
              <li key={line.id} className="flex flex-col gap-0.5 py-2 text-sm" data-testid="audit-entry">
                <p>
                  <span className="font-semibold text-slate-900">{line.who}</span>
                  <span className="text-slate-700">{` · ${line.when}`}</span>
                </p>
                <p className="font-mono text-slate-900">
                  {line.action}
                  {line.detail && <span className="text-slate-700">{` ${line.detail}`}</span>}
                </p>
                {line.occurrences > 1 && (
                  <p
                    className="text-slate-700"
                    data-testid="audit-occurrences"
                  >{`${countOf(line.occurrences, "time")} within 10 minutes`}</p>
                )}
                <p className="text-slate-700">{line.network ? `Network ${line.network}` : "Not from a request"}</p>
              </li>
            ))}
          </ol>
        )}
        <Pager page={page} pages={pages} href={query} label="Audit log pages" />
      </SettingsSection>
    </SettingsPage>
  );
}
