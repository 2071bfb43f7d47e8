import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { createRepos } from "#server/repos/index.ts";
import { AUDIT_ACTOR, AUDIT_RETENTION_MS, type AuditFilter, OLD_NETWORK_CODE_PREFIX } from "#server/repos/audit-log.ts";
import { formatSiteTime } from "#server/site-time.ts";

export const AUDIT_PAGE_SIZE = 50;

/** One entry as the Owners' viewer shows it. */
export interface AuditLine {
  id: string;
  /** In the site's time zone. */
  when: string;
  who: string;
  action: string;
  detail: string | null;
  /**
   * The first 8 characters of the network's keyed code: the same network reads the same. A code made with an earlier key
   * says so ("(older code)"): it matches only other codes of that key. Null outside a request.
   */
  network: string | null;
  /** How many times it happened; more than 1 for failed sign-ins counted in one entry per 10 minutes. */
  occurrences: number;
}

const NAMED_ACTORS: Record<string, string> = {
  [AUDIT_ACTOR.anonymous]: "Someone not signed in",
  [AUDIT_ACTOR.cli]: "The command line",
  [AUDIT_ACTOR.system]: "The site",
};

function networkLabel(code: string): string {
  return code.startsWith(OLD_NETWORK_CODE_PREFIX)
    ? `${code.slice(OLD_NETWORK_CODE_PREFIX.length, OLD_NETWORK_CODE_PREFIX.length + 8)} (older code)`
    : code.slice(0, 8);
}

/** The audit log for Owners: who did what, when, from which network; by admin and action; entries kept a year. */
export function auditService({ db, timeZone }: { db: Kysely<Database>; timeZone: string }) {
  const repos = createRepos(db);
  return {
    async page(filter: AuditFilter, page: number) {
      const [total, admins, actions] = await Promise.all([repos.auditLog.count(filter), repos.admins.list(), repos.auditLog.actions()]);
      const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
      const current = Math.min(Math.max(1, page), pages);
      const entries = await repos.auditLog.listRecent(AUDIT_PAGE_SIZE, filter, (current - 1) * AUDIT_PAGE_SIZE);
      const names = new Map(admins.map((admin) => [admin.id, admin.name ?? admin.email]));
      const lines: AuditLine[] = entries.map((entry) => ({
        id: entry.id,
        when: formatSiteTime(new Date(entry.at), timeZone),
        who: NAMED_ACTORS[entry.actor] ?? names.get(entry.actor) ?? "A removed admin",
        action: entry.action,
        detail: entry.detail,
        network: entry.addressHash ? networkLabel(entry.addressHash) : null,
        occurrences: entry.occurrences,
      }));
      return {
        lines,
        total,
        page: current,
        pages,
        admins: admins.map((admin) => ({ id: admin.id, label: admin.name ? `${admin.name} (${admin.email})` : admin.email })),
        actions,
      };
    },

    /** Housekeeping: entries older than a year go. */
    deleteExpired: (now = new Date()) => repos.auditLog.deleteOlderThan(new Date(now.getTime() - AUDIT_RETENTION_MS).toISOString()),
  };
}
