import { href } from "react-router";
import type { Messages } from "#core/i18n/en.ts";
import { englishPath, type Locale, localizedPath } from "#core/i18n/locale.ts";

const ADMIN_ROUTES = new Set([href("/admin"), href("/admin-announcement")]);
const SHORT_ROUTES = new Set(["/announcement", "/events-and-activities", "/explore-smc"]);

/** Which top bar a route shows (SPEC 2, "Top bar"); every admin page beneath /admin shows the admin's, as /admin does. */
export function topBarVariant(pathname: string): "full" | "short" | "admin" {
  const path = englishPath(pathname).replace(/\/+$/, "") || "/";
  if (ADMIN_ROUTES.has(path) || path.startsWith(`${href("/admin")}/`)) return "admin";
  // An event's or activity's own page is part of /events-and-activities.
  if (SHORT_ROUTES.has(path) || path.startsWith("/events-and-activities/")) return "short";
  return "full";
}

export interface NavLinkItem {
  label: string;
  to: string;
}

/** A public menu entry: its words in the catalogue's `nav` group, its English path. */
export interface NavEntry {
  key: keyof Messages["nav"];
  to: string;
}

/** The entries in the page's language: its words, and its path in that language. */
export const inLanguage = (entries: readonly NavEntry[], nav: Messages["nav"], locale: Locale): NavLinkItem[] =>
  entries.map(({ key, to }) => ({ label: nav[key], to: localizedPath(to, locale) }));

export const SHORT_LINKS: NavEntry[] = [
  { key: "home", to: "/" },
  { key: "announcement", to: "/announcement" },
  { key: "eventsAndActivities", to: "/events-and-activities" },
  { key: "exploreSmc", to: "/explore-smc" },
];

export const ADMIN_LINKS: NavLinkItem[] = [
  { label: "Admin", to: href("/admin") },
  { label: "See your announcements", to: href("/admin-announcement") },
];
