import { href } from "react-router";

/** A section of the admin area, as the admin navigation lists it. */
export interface AdminSection {
  label: string;
  to: string;
  /** The pages beneath it, reached from it (a request's details, an announcement's registrations, a content screen). */
  beneath?: string;
  /** Shown to Owners only: an Editor is refused there (the owners' layout, app/routes.ts). */
  ownersOnly?: true;
  /** Shown to Owners and blood coordinators only (the Blood layout, app/routes.ts). */
  bloodOnly?: true;
}

/** Every section, in the navigation's order. */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { label: "Requests", to: href("/admin"), beneath: `${href("/admin")}/requests/` },
  { label: "Messages", to: href("/admin/messages") },
  { label: "Members", to: href("/admin/members"), beneath: `${href("/admin/members")}/` },
  { label: "Announcements", to: href("/admin-announcement"), beneath: `${href("/admin")}/announcements/` },
  { label: "Site content", to: href("/admin/content"), beneath: `${href("/admin/content")}/` },
  { label: "Blood", to: href("/admin/blood"), beneath: `${href("/admin/blood")}/`, bloodOnly: true },
  { label: "Accounts", to: href("/admin/accounts"), ownersOnly: true },
  { label: "Security", to: href("/admin/security") },
  { label: "Mail", to: href("/admin/mail"), ownersOnly: true },
  { label: "Certificates", to: href("/admin/certificates"), ownersOnly: true },
  { label: "Personal data", to: href("/admin/personal-data"), ownersOnly: true },
  { label: "Audit log", to: href("/admin/audit"), ownersOnly: true },
];

/** The sections an admin of this role (and with or without the Blood coordinator permission) is shown. */
export function sectionsFor(isOwner: boolean, bloodCoordinator = false): AdminSection[] {
  return ADMIN_SECTIONS.filter((section) => (isOwner || !section.ownersOnly) && (isOwner || bloodCoordinator || !section.bloodOnly));
}

/**
 * Where `pathname` stands in a section: "page" on the section's own page, "beneath" on a page reached from it, undefined
 * elsewhere. Letters in any case and a trailing slash name the same page, as React Router matches them.
 */
export function placeIn(section: AdminSection, pathname: string): "page" | "beneath" | undefined {
  const path = pathname.toLowerCase().replace(/\/+$/, "") || "/";
  if (path === section.to) return "page";
  return section.beneath && path.startsWith(section.beneath) ? "beneath" : undefined;
}
