/**
 * An admin's role. An Owner runs everything; an Editor runs the site's content, announcements, requests and messages,
 * but not the accounts, the settings (mail), how long personal data is kept, or erasing it.
 */
export const ADMIN_ROLES = ["owner", "editor"] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const ROLE_LABELS: Record<AdminRole, string> = { owner: "Owner", editor: "Editor" };

/** Who opens the Blood section and donors' contact details: every Owner, and an admin an Owner made a blood coordinator. */
export const mayCoordinateBlood = (admin: { role: AdminRole; bloodCoordinator: boolean }): boolean =>
  admin.role === "owner" || admin.bloodCoordinator;

export const isAdminRole = (value: unknown): value is AdminRole => (ADMIN_ROLES as readonly unknown[]).includes(value);
