import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * A public page in both languages (core/i18n/locale.ts): English at `path`, Urdu at the same path under /ur, drawn by
 * the same module, which reads the language from the address.
 */
const inEnglishAndUrdu = (path: string, file: string) => [
  path === "" ? index(file) : route(path, file),
  route(path === "" ? "ur" : `ur/${path}`, file, { id: `${file.replace(/\.tsx?$/, "")}-ur` }),
];

export default [
  ...inEnglishAndUrdu("", "routes/home.tsx"),
  ...inEnglishAndUrdu("announcement", "routes/announcement.tsx"),
  route("announcement/feed.xml", "routes/announcement-feed.ts"),
  ...inEnglishAndUrdu("announcement/:id", "routes/announcement-page.tsx"),
  route("announcement/:id/calendar.ics", "routes/announcement-calendar.ts"),
  ...inEnglishAndUrdu("announcement/:id/register", "routes/announcement-register.tsx"),
  ...inEnglishAndUrdu("announcement/:id/confirm", "routes/announcement-confirm.tsx"),
  ...inEnglishAndUrdu("events-and-activities", "routes/events-and-activities.tsx"),
  ...inEnglishAndUrdu("events-and-activities/:slug", "routes/gallery.tsx"),
  ...inEnglishAndUrdu("explore-smc", "routes/explore-smc.tsx"),
  ...inEnglishAndUrdu("join", "routes/join.tsx"),
  ...inEnglishAndUrdu("contact", "routes/contact.tsx"),
  route("blood-donors", "routes/blood-donors.tsx"),
  route("blood-donors/me", "routes/blood-donor-link.tsx"),
  route("blood-donors/answer", "routes/blood-donor-answer.tsx"),
  route("members/renew", "routes/member-renewal.tsx"),
  ...inEnglishAndUrdu("ticket", "routes/ticket.tsx"),
  route("door", "routes/door.tsx"),
  route("door/list", "routes/door-list.ts"),
  route("certificates/:number", "routes/certificate.tsx"),
  ...inEnglishAndUrdu("offline", "routes/offline.tsx"),
  route("notifications", "routes/notifications.ts"),
  // The admin area: never stored by a browser, and the admin navigation once signed in (routes/admin/layout.tsx).
  layout("routes/admin/layout.tsx", [
    // Open without a session, or before the sign-in is complete: each checks what it needs itself.
    route("admin", "routes/admin/requests/index.tsx"),
    route("admin/login", "routes/admin/sign-in/login.tsx"),
    route("admin/login/code", "routes/admin/sign-in/login-code.tsx"),
    route("admin/logout", "routes/admin/sign-in/logout.ts"),
    route("admin/password", "routes/admin/sign-in/password.ts"),
    route("admin/forgot-password", "routes/admin/sign-in/forgot-password.tsx"),
    route("admin/reset-password", "routes/admin/sign-in/reset-password.tsx"),
    route("admin/invitation", "routes/admin/sign-in/accept-invitation.tsx"),
    route("admin/reauthenticate", "routes/admin/sign-in/reauthenticate.tsx"),
    route("admin/security", "routes/admin/security/index.tsx"),
    // Every other admin route: a complete sign-in, checked once by the layout; Owners only in the inner one.
    layout("routes/admin/signed-in-layout.ts", [
      route("admin-announcement", "routes/admin/announcements/index.tsx"),
      route("admin/join-us", "routes/admin/requests/join-us.ts"),
      route("admin/requests.csv", "routes/admin/requests/csv.ts"),
      route("admin/requests/:id", "routes/admin/requests/details.ts"),
      route("admin/messages", "routes/admin/messages/index.tsx"),
      route("admin/messages.csv", "routes/admin/messages/csv.ts"),
      route("admin/members", "routes/admin/members/index.tsx"),
      route("admin/members.csv", "routes/admin/members/csv.ts"),
      route("admin/members/:id", "routes/admin/members/member.tsx"),
      route("admin/announcements", "routes/admin/announcements/save.ts"),
      route("admin/announcements/:id/registrations", "routes/admin/registrations/index.tsx"),
      route("admin/announcements/:id/registrations.csv", "routes/admin/registrations/csv.ts"),
      route("admin/announcements/:id/check-in", "routes/admin/registrations/check-in.tsx"),
      route("admin/announcements/:id/check-in/list", "routes/admin/registrations/check-in-list.ts"),
      route("admin/announcements/:id/certificates/:certificateId.pdf", "routes/admin/registrations/certificate-pdf.ts"),
      route("admin/content", "routes/admin/content/layout.tsx", [
        index("routes/admin/content/index.tsx"),
        route("home", "routes/admin/content/home.tsx"),
        route("goals", "routes/admin/content/goals.tsx"),
        route("team", "routes/admin/content/team.tsx"),
        route("collaborators", "routes/admin/content/collaborators.tsx"),
        route("resources", "routes/admin/content/resources.tsx"),
        route("galleries", "routes/admin/content/galleries.tsx"),
        route("galleries/:id", "routes/admin/content/gallery.tsx"),
      ]),
      route("admin/content/galleries/:id/photos", "routes/admin/content/upload-gallery-photo.ts"),
      route("admin/content/video", "routes/admin/content/save-video.ts"),
      route("admin/content/video/uploads", "routes/admin/content/start-video-upload.ts"),
      route("admin/content/video/uploads/:id/:index", "routes/admin/content/store-video-part.ts"),
      route("admin/content/:list/:id/delete", "routes/admin/content/delete-item.ts"),
      route("admin/content/:list/:id/move", "routes/admin/content/move-item.ts"),
      // Owners and blood coordinators only.
      layout("routes/admin/blood/layout.ts", [
        route("admin/blood", "routes/admin/blood/index.tsx"),
        route("admin/blood/:id", "routes/admin/blood/request.tsx"),
      ]),
      layout("routes/admin/owners-layout.ts", [
        route("admin/accounts", "routes/admin/accounts/index.tsx"),
        route("admin/audit", "routes/admin/audit/index.tsx"),
        route("admin/mail", "routes/admin/mail/index.tsx"),
        route("admin/mail/test", "routes/admin/mail/send-test.ts"),
        route("admin/certificates", "routes/admin/certificates/index.tsx"),
        route("admin/personal-data", "routes/admin/personal-data/index.tsx"),
      ]),
    ]),
  ]),
  route("robots.txt", "routes/robots-txt.ts"),
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("manifest.webmanifest", "routes/manifest-webmanifest.ts"),
  route("icon-maskable.png", "routes/maskable-icon.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
