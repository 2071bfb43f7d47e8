import { href } from "react-router";

const ADMIN_ROUTES = new Set([href("/admin"), href("/admin-announcement")]);
const SHORT_ROUTES = new Set(["/announcement", "/events-and-activities", "/explore-smc"]);

/** Which top bar a route shows (SPEC 2, "Top bar"); every admin page beneath /admin shows the admin's, as /admin does. */
export function topBarVariant(pathname: string): "full" | "short" | "admin" {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (ADMIN_ROUTES.has(path) || path.startsWith(`${href("/admin")}/`)) return "admin";
  // An event's or activity's own page is part of /events-and-activities.
  if (SHORT_ROUTES.has(path) || path.startsWith("/events-and-activities/")) return "short";
  return "full";
}

export interface NavLinkItem {
  label: string;
  to: string;
}

export const SHORT_LINKS: NavLinkItem[] = [
  { label: "Home", to: "/" },
  { label: "Announcement", to: "/announcement" },
  { label: "Events & Activities", to: "/events-and-activities" },
  { label: "Explore SMC", to: "/explore-smc" },
];

export const ADMIN_LINKS: NavLinkItem[] = [
  { label: "Admin", to: href("/admin") },
  { label: "See your announcements", to: href("/admin-announcement") },
];
