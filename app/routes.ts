import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("announcement", "routes/announcement.tsx"),
  route("events-and-activities", "routes/events-and-activities.tsx"),
  route("explore-smc", "routes/explore-smc.tsx"),
  route("join", "routes/join.tsx"),
  route("contact", "routes/contact.tsx"),
  route("admin", "routes/admin/panel.tsx"),
  route("admin-announcement", "routes/admin/announcements.tsx"),
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/logout", "routes/admin/logout.ts"),
  route("admin/password", "routes/admin/password.ts"),
  route("admin/join-us", "routes/admin/join-us.ts"),
  route("admin/requests/:id/delete", "routes/admin/delete-request.ts"),
  route("admin/announcements", "routes/admin/create-announcement.ts"),
  route("admin/announcements/:id/delete", "routes/admin/delete-announcement.ts"),
  route("robots.txt", "routes/robots-txt.ts"),
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("manifest.webmanifest", "routes/manifest-webmanifest.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
