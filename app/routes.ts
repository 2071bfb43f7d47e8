import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("announcement", "routes/announcement.tsx"),
  route("events-and-activities", "routes/events-and-activities.tsx"),
  route("explore-smc", "routes/explore-smc.tsx"),
  route("join", "routes/join.ts"),
  route("contact", "routes/contact.ts"),
  route("robots.txt", "routes/robots-txt.ts"),
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("manifest.webmanifest", "routes/manifest-webmanifest.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
