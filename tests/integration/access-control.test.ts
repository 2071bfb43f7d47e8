import crypto from "node:crypto";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { ServerBuild } from "react-router";
import { ADMIN_ACCESS_MESSAGES } from "#core/messages/admin-access.ts";
import { sessionStore } from "#server/auth/sessions.server.ts";
import { newId, nowIso } from "#server/db/ids.ts";
import { createRepos } from "#server/repos/index.ts";
import { certificateNumberFrom } from "#core/certificates.ts";
import { SMALL_SITE_VIDEO } from "#tests/shared/small-content.ts";
import { testEngines } from "#tests/shared/test-database.ts";
import { type BuiltRoute, routesWithPaths } from "#server/http/route-paths.ts";
import type { RouteHandle } from "#core/route-handle.ts";
import { adminsRepo } from "#server/repos/admins.ts";
import { publishedAnnouncement } from "#tests/shared/announcement-values.ts";
import { announcementsRepo } from "#server/repos/announcements.ts";
import { imagesRepo } from "#server/repos/images.ts";
import { sessionsRepo } from "#server/repos/sessions.ts";
import { videoUploadsRepo } from "#server/repos/video-uploads.ts";
import { videoPartKey } from "#server/services/video-editor.ts";
import { ADMIN, ADMIN_ENV, clearRateLimits, seedApplication, seedContactMessage } from "./helpers/admin";
import { describeChanges, diffRows, type Row, snapshotRows, snapshotTable } from "./helpers/rows";
import { seedBloodRequest, seedMember, seedRegistration } from "./helpers/seed";
import { expectCleanServerLog } from "./helpers/server-log";
import { useSmallContent } from "./helpers/small-content";
import { siteOrigin, startTestServer, type TestServer } from "./helpers/test-server";

/**
 * Access control driven by the route manifest of the build the server runs (build/server/index.js). Every
 * route is either public (named below, on purpose), an admin entry point that answers without a session
 * (named below, with the reason), or protected: then anonymous, expired, idle, revoked and forged sessions
 * get no data and change nothing, on every method the route answers, as a page and as a `.data` request.
 * A route added later that is in neither list is checked as protected, so it fails here until it either
 * calls requireAdmin or is added to a list by someone who means it.
 */

/** Public by design (SPEC 2 and 6): anyone may read these, and post to the join and contact forms. */
const PUBLIC_ROUTES: Record<string, string> = {
  root: "the layout: the site's chrome (menus, the Join Us switch's value)",
  "routes/home": "/",
  "routes/announcement": "/announcement",
  "routes/announcement-page": "/announcement/<id>: a live announcement's page",
  "routes/announcement-feed": "/announcement/feed.xml: the live announcements as RSS",
  "routes/announcement-calendar": "/announcement/<id>/calendar.ics: a live announcement's event, for a calendar",
  "routes/announcement-register": "/announcement/<id>/register: the registration form of a live announcement that collects them",
  "routes/announcement-confirm": "/announcement/<id>/confirm?token=: a registrant confirms their place with the mailed single-use link",
  "routes/events-and-activities": "/events-and-activities",
  "routes/gallery": "/events-and-activities/<slug>: an event's or activity's page",
  "routes/explore-smc": "/explore-smc",
  "routes/join": "/join: the join application (its page is where Join Us leads without JavaScript)",
  "routes/contact": "/contact: the contact form (its page is where the form lands without JavaScript)",
  "routes/blood-donors": "/blood-donors: becoming a blood donor, a new personal link by email, and the public counts (never under 3)",
  "routes/blood-donor-link": "/blood-donors/me?token=: a donor's own details, opened only by their personal link",
  "routes/member-renewal": "/members/renew?token=: a member stays for a new session with the mailed link",
  "routes/ticket": "/ticket?token=: a registrant's ticket, opened by its mailed link or its QR code",
  "routes/door": "/door?token=: one event's check-in screen, opened by a door link an admin made for a volunteer",
  "routes/certificate":
    "/certificates/<number>: whether a certificate is genuine and valid, opened by its QR code (404 for a number that is none)",
  "routes/door-list": "/door/list?token=: the list of a door link's event that its phone keeps, to check tickets offline",
  "routes/blood-donor-answer": "/blood-donors/answer?token=: a donor asked by mail answers for that request with the mailed link",
  "routes/robots-txt": "/robots.txt",
  "routes/sitemap-xml": "/sitemap.xml",
  "routes/manifest-webmanifest": "/manifest.webmanifest",
  "routes/maskable-icon": "/icon-maskable.png: the home-screen icon the manifest names, made from the logo",
  "routes/notifications": "POST /notifications: a browser's push subscription stored (Get notified) or deleted",
  "routes/not-found": "any other path: the 404 page",
  // The same pages in Urdu (app/routes.ts, inEnglishAndUrdu).
  "routes/home-ur": "/ur",
  "routes/announcement-ur": "/ur/announcement",
  "routes/announcement-page-ur": "/ur/announcement/<id>",
  "routes/announcement-register-ur": "/ur/announcement/<id>/register",
  "routes/announcement-confirm-ur": "/ur/announcement/<id>/confirm?token=",
  "routes/events-and-activities-ur": "/ur/events-and-activities",
  "routes/gallery-ur": "/ur/events-and-activities/<slug>",
  "routes/explore-smc-ur": "/ur/explore-smc",
  "routes/join-ur": "/ur/join",
  "routes/contact-ur": "/ur/contact",
  "routes/ticket-ur": "/ur/ticket?token=: a ticket in Urdu, opened by an Urdu registrant's mailed link",
};

/** Admin routes that must answer without a session. */
const ADMIN_ENTRY_ROUTES: Record<string, string> = {
  "routes/admin/sign-in/login": "POST /admin/login starts the session",
  "routes/admin/sign-in/forgot-password":
    "/admin/forgot-password mails a reset link to an account's address (the same answer for any address)",
  "routes/admin/sign-in/reset-password": "/admin/reset-password?token= sets a new password with a mailed single-use link",
  "routes/admin/sign-in/accept-invitation": "/admin/invitation?token= creates the invited account with a mailed single-use link",
  "routes/admin/sign-in/login-code": "/admin/login/code takes the second factor of a sign-in whose password was right",
};

/**
 * Admin pages shown without a session, whose writes are protected: their pages are probed by the entry points' test
 * below, their writes with every protected route's.
 */
const OPEN_PAGES: Record<string, string> = {
  "routes/admin/requests/index":
    "/admin is the login form without a session (its loader then reads nothing else); its writes are the panel's",
};

/** The Blood section: an Editor without the Blood coordinator permission is refused there with 403. */
const BLOOD_ROUTES = new Set(["routes/admin/blood/index", "routes/admin/blood/request"]);

/** A blood donor's number: no refused request may show it. */
const DONOR_PHONE = "+923009998877";

/** Owners only (accounts, mail settings, retention, erasure): an Editor's session is refused there with 403. */
const OWNER_ROUTES = new Set([
  "routes/admin/accounts/index",
  "routes/admin/audit/index",
  "routes/admin/mail/index",
  "routes/admin/mail/send-test",
  "routes/admin/personal-data/index",
  "routes/admin/certificates/index",
]);

interface ManifestRoute {
  id: string;
  /** The URL path, `:params` left in. */
  path: string;
  hasLoader: boolean;
  hasAction: boolean;
  /** Its `handle` declares that its writes ask for a recent password: every one, or those of the intents named (core/route-handle.ts). */
  recentPassword: RouteHandle["recentPassword"];
}

async function loadManifest(): Promise<ManifestRoute[]> {
  const file = path.join(fileURLToPath(new URL("../..", import.meta.url)), "build/server/index.js");
  const build = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as ServerBuild;
  // A pathless layout (the admin area's, the guards') answers no URL of its own, nor does a layout with neither a loader
  // nor an action (the site content screens' tabs), whose address its index route answers: the routes beneath are probed.
  const pathless = (route: { id: string; path?: string; index?: boolean }) =>
    route.id !== "root" && route.path === undefined && !route.index;
  const serverless = (route: BuiltRoute) => typeof route.module.loader !== "function" && typeof route.module.action !== "function";
  return routesWithPaths(build.routes)
    .filter(({ route }) => !pathless(route) && !serverless(route))
    .map(({ route, path: urlPath }) => ({
      id: route.id,
      path: urlPath,
      hasLoader: typeof route.module.loader === "function",
      hasAction: typeof route.module.action === "function",
      recentPassword: (route.module.handle as RouteHandle | undefined)?.recentPassword,
    }));
}

/** The `.data` URL React Router's client uses for a route's loader or action. */
const dataUrl = (urlPath: string): string => (urlPath === "/" ? "/_root.data" : `${urlPath}.data`);

type SessionState =
  | "anonymous"
  | "forged token"
  | "unknown token"
  | "expired"
  | "idle for 3 hours"
  | "revoked at logout"
  | "revoked by a password change"
  | "one-time password not changed"
  | "second factor still to come";
const SESSION_STATES: SessionState[] = [
  "second factor still to come",
  "anonymous",
  "forged token",
  "unknown token",
  "expired",
  "idle for 3 hours",
  "revoked at logout",
  "revoked by a password change",
  "one-time password not changed",
];
/**
 * The states every protected route is probed with: no cookie, a dead session's (deleted on sight), and the two sign-in
 * stages. The other dead or forged cookies reach the same lookup, which finds no session (sessions.server.test.ts
 * covers each), so they are probed at two routes only, one with a loader and one with an action alone: six requests
 * in ten, for no rule unchecked.
 */
const EVERY_ROUTE_STATES: SessionState[] = ["second factor still to come", "anonymous", "expired", "one-time password not changed"];
/**
 * On PostgreSQL every route is probed with a dead session's cookie only, and the two routes above with every state:
 * what differs between the engines is the session's lookup and its deletion on sight. Which sign-in stage a route
 * refuses is the same code on both, swept on SQLite.
 */
const EVERY_ROUTE_STATES_ON_POSTGRES: SessionState[] = ["expired"];

/** Routes an admin still holding a one-time password may use (to change it, or to leave). */
const ALLOWED_WITH_ONE_TIME_PASSWORD = new Set(["routes/admin/sign-in/password", "routes/admin/sign-in/logout"]);
/** Routes a session still waiting for its second factor may use (to leave; the code screen is an entry point). */
const ALLOWED_WITH_SECOND_FACTOR_PENDING = new Set(["routes/admin/sign-in/logout"]);

/** What never appears in an answer to someone without a live session. */
const SECRETS = [
  "Secret Applicant Zainab",
  "zainab.secret@example.org",
  "Secret Sender Hira",
  "hira.secret@example.org",
  "waiting.secret@example.org",
  ADMIN.email,
];

/** Where a refused browser is sent: the login, maybe saying the session ended and naming the page to return to. */
const LOGIN = /^\/admin(\?(ended=1)?&?(next=%2Fadmin[^&]*)?|\/login\/code)?$/;
describe.each(testEngines())("access control from the route manifest on %s", (engine) => {
  let server: TestServer;
  let manifest: ManifestRoute[];
  let adminId: string;
  let pendingAdminId: string;
  /** An Editor: refused at the Owners' routes. */
  let editorId: string;
  /** An account the accounts page's actions act on (a live session could remove it). */
  let targetAdminId: string;
  let originalAdmin: Row;
  let image: Buffer;
  let applicationId: string;
  /** Another request, for the delete of several (so the routes of the first still find it after). */
  let otherApplicationId: string;
  /** A contact message for the routes of one, and another for the delete (so the first is still there after). */
  let messageId: string;
  let registrationId: string;
  let registeredAnnouncementId: string;
  let certificateId: string;
  let otherMessageId: string;
  let announcementId: string;
  /** Goals of the site's content: the delete route gets the last one, the move route the first. */
  let goalIds: string[];
  /** A real gallery and one of its photos, so an upload or an alt text with a live session succeeds. */
  let galleryId: string;
  let galleryPhotoId: string;
  /** A video upload with no part yet (for the part route), and one with its one part stored (for the join). */
  let videoUploadId: string;
  let finishableUploadId: string;
  /** That gallery's public page: /events-and-activities/<slug>. */
  let gallerySlug: string;
  /** An open emergency request, and a confirmed donor who matches it. */
  let bloodRequestId: string;
  let bloodDonorId: string;
  /** A current member, for the routes of one. */
  let memberId: string;

  beforeAll(async () => {
    manifest = await loadManifest();
    server = await startTestServer(engine, ADMIN_ENV);
    await useSmallContent(server);
    const admins = adminsRepo(server.database.db);
    const admin = (await admins.findByEmail(ADMIN.email))!;
    adminId = admin.id;
    originalAdmin = (await server.database.db.selectFrom("admins").selectAll().where("id", "=", adminId).executeTakeFirstOrThrow()) as Row;
    pendingAdminId = (await admins.create({ email: "pending@example.org", passwordHash: admin.passwordHash, mustChangePassword: true })).id;
    editorId = (await admins.create({ email: "editor@example.org", passwordHash: admin.passwordHash, role: "editor" })).id;
    image = await sharp({ create: { width: 48, height: 32, channels: 3, background: "#2a7" } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await server?.stop();
  });
  beforeEach(async () => {
    await clearRateLimits(server);
    await server.database.db.updateTable("settings").set({ joinUsVisible: 1 }).execute();
    const { id: _id, ...columns } = originalAdmin;
    await server.database.db.updateTable("admins").set(columns).where("id", "=", adminId).execute();
    await server.database.db.deleteFrom("admins").where("email", "=", "target@example.org").execute();
    targetAdminId = (await adminsRepo(server.database.db).create({ email: "target@example.org", passwordHash: "x", role: "editor" })).id;
    // An open invitation: the accounts page lists its address, which no refused request may show.
    const invitationId = newId();
    await server.database.db
      .insertInto("adminLinks")
      .values({
        id: invitationId,
        kind: "invitation",
        tokenHash: invitationId,
        email: "waiting.secret@example.org",
        role: "editor",
        adminId: null,
        createdBy: adminId,
        createdAt: nowIso(),
        expiresAt: new Date(Date.now() + 3600_000).toISOString(),
        usedAt: null,
      })
      .execute();
    applicationId = await seedApplication(server, { fullname: "Secret Applicant Zainab", email: "zainab.secret@example.org" });
    otherApplicationId = await seedApplication(server, { fullname: "Secret Applicant Maryam", email: "maryam.secret@example.org" });
    // Erased by email with a live session (the other two are still needed by the routes after).
    await seedApplication(server, { fullname: "Secret Applicant Sana", email: "erasable.secret@example.org" });
    messageId = await seedContactMessage(server, { name: "Secret Sender Hira", email: "hira.secret@example.org" });
    otherMessageId = await seedContactMessage(server, { name: "Secret Sender Maryam", email: "maryam.secret@example.org" });
    const imageId = newId();
    await imagesRepo(server.database.db).create({
      id: imageId,
      storageKey: `announcements/${imageId}`,
      width: 48,
      height: 32,
      variants: [],
      createdAt: nowIso(),
    });
    // An event's photo: its gallery has a public page too.
    const photo = await server.database.db
      .selectFrom("galleryPhotos")
      .innerJoin("galleries", "galleries.id", "galleryPhotos.galleryId")
      .select(["galleryPhotos.id", "galleryPhotos.galleryId", "galleries.slug"])
      .where("galleries.kind", "=", "event")
      .executeTakeFirstOrThrow();
    [galleryId, galleryPhotoId, gallerySlug] = [photo.galleryId, photo.id, photo.slug];
    // A goal more than the content holds: once the delete route has taken the last, the first can still move down.
    await server.database.db
      .insertInto("contentGoals")
      .values({ id: newId(), position: 1000, title: "Seeded goal", description: "The last of the list." })
      .execute();
    goalIds = (await server.database.db.selectFrom("contentGoals").select("id").orderBy("position").execute()).map((g) => g.id);
    const videoUploads = videoUploadsRepo(server.database.db);
    [videoUploadId, finishableUploadId] = [await videoUploads.start(), await videoUploads.start()];
    await server.storage.put(videoPartKey(finishableUploadId, 0), SMALL_SITE_VIDEO, "application/octet-stream");
    await videoUploads.partStored(finishableUploadId, 0);
    announcementId = newId();
    await announcementsRepo(server.database.db).create(
      announcementId,
      publishedAnnouncement({
        description: "Seeded announcement",
        linkUrl: "https://forms.gle/x",
        imageId,
        // An event, so its calendar file is there too, and registrations taken here, so its form is.
        event: { startsAt: "2099-12-01T05:00:00.000Z", endsAt: null, location: null },
        registration: { capacity: 10, closesAt: null, questions: [] },
      }),
      nowIso(),
    );
    ({ announcementId: registeredAnnouncementId, registrationId } = await seedRegistration(server, { name: "Secret Applicant Zainab" }));
    certificateId = newId();
    await createRepos(server.database.db).certificates.create({
      id: certificateId,
      number: certificateNumberFrom(crypto.randomBytes(18)),
      announcementId: registeredAnnouncementId,
      registrationId,
      name: "Secret Applicant Zainab",
      email: "zainab@example.org",
      eventTitle: "Camp",
      eventStartsAt: nowIso(),
      role: null,
      hours: null,
      signatoryName: "Dr Hina Shah",
      signatoryTitle: "President",
      signatureKey: null,
      status: "valid",
      issuedAt: nowIso(),
      issuedBy: null,
      endedAt: null,
    });
    ({ requestId: bloodRequestId, donorId: bloodDonorId } = await seedBloodRequest(server, { phone: DONOR_PHONE }));
    memberId = await seedMember(server, { name: "Secret Member Sana" });
  });

  const store = () => sessionStore(sessionsRepo(server.database.db));
  const cookieFor = (token: string) => `session=${token}`;

  /** A cookie in the given state, and the session row it names (if any) that using it may remove. */
  async function cookieIn(state: SessionState): Promise<{ cookie?: string; sessionId?: string }> {
    const { db } = server.database;
    switch (state) {
      case "anonymous":
        return {};
      case "forged token":
        return { cookie: "session=admin; __Host-session=1; role=admin" };
      case "unknown token":
        return { cookie: cookieFor("A".repeat(43)) };
      case "expired": {
        const { token, session } = await store().create(adminId);
        await db
          .updateTable("sessions")
          .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
          .where("id", "=", session.id)
          .execute();
        return { cookie: cookieFor(token), sessionId: session.id };
      }
      case "idle for 3 hours": {
        const { token, session } = await store().create(adminId);
        await db
          .updateTable("sessions")
          .set({ lastSeenAt: new Date(Date.now() - 3 * 3600_000).toISOString() })
          .where("id", "=", session.id)
          .execute();
        return { cookie: cookieFor(token), sessionId: session.id };
      }
      case "revoked at logout": {
        const { token } = await store().create(adminId);
        const logout = await fetch(`${server.url}/admin/logout`, {
          method: "POST",
          headers: { ...siteOrigin(server.publicUrl), cookie: cookieFor(token) },
        });
        expect(logout.status).toBe(200);
        return { cookie: cookieFor(token) };
      }
      case "revoked by a password change": {
        const { token } = await store().create(adminId);
        await store().revokeAllForAdmin(adminId);
        return { cookie: cookieFor(token) };
      }
      case "one-time password not changed": {
        const { token } = await store().create(pendingAdminId);
        return { cookie: cookieFor(token) };
      }
      case "second factor still to come": {
        const { token } = await store().create(adminId, { secondFactorPending: true });
        return { cookie: cookieFor(token) };
      }
    }
  }

  /** The URL of a route with its params filled: a real row for the delete routes, so a slip would delete it. */
  function urlOf(route: ManifestRoute): string {
    if (route.path.includes("/certificates/:certificateId")) {
      return route.path.replace(":id", registeredAnnouncementId).replace(":certificateId", certificateId);
    }
    if (route.path.includes("/registrations")) {
      // An announcement of their own: the announcements page's delete, checked before them, takes the other one.
      return route.path.replace(":id", registeredAnnouncementId).replace(":registrationId", registrationId);
    }
    if (route.path === "/admin/content/video/uploads/:id/:index") return `/admin/content/video/uploads/${videoUploadId}/0`;
    if (route.path === "/admin/blood/:id") return `/admin/blood/${bloodRequestId}`;
    if (route.path === "/admin/members/:id") return `/admin/members/${memberId}`;
    if (route.path.startsWith("/admin/content/:list/:id/")) {
      return `/admin/content/goals/${route.path.endsWith("/delete") ? goalIds.at(-1)! : goalIds[0]!}/${route.path.split("/").at(-1)!}`;
    }
    return route.path.replace(/:(\w+)/g, () =>
      route.path.includes("/requests/")
        ? applicationId
        : route.path.includes("/messages/")
          ? messageId
          : route.path.includes("/announcements/")
            ? announcementId
            : route.path.includes("/galleries/")
              ? galleryId
              : newId(),
    );
  }

  /** A body that would succeed with a live session, so "changes nothing" means something. */
  async function bodyFor(route: ManifestRoute, intent?: string): Promise<{ body: FormData | URLSearchParams | Blob }> {
    if (route.id === "routes/admin/announcements/index") return { body: new URLSearchParams({ intent: "delete", id: announcementId }) };
    if (route.id === "routes/admin/registrations/index") return { body: new URLSearchParams({ intent: "delete", registrationId }) };
    if (route.id === "routes/admin/announcements/save") {
      const form = new FormData();
      form.append("image", new Blob([new Uint8Array(image)], { type: "image/png" }), "poster.png");
      form.append("description", "Blood donation camp on Saturday");
      form.append("url", "https://forms.gle/camp");
      return { body: form };
    }
    if (route.id === "routes/admin/sign-in/password") {
      return {
        body: new URLSearchParams({
          currentPassword: ADMIN.password,
          newPassword: "a brand new secret",
          confirmPassword: "a brand new secret",
        }),
      };
    }
    // The home details' version as stored now: the live-session saves of these forms each raise it.
    const detailsVersion = async () =>
      String((await server.database.db.selectFrom("siteDetails").select("version").executeTakeFirstOrThrow()).version);
    if (route.id === "routes/admin/content/home") {
      const form = new FormData();
      form.append("intent", "president");
      form.append("name", "Seeded President");
      form.append("title", "President");
      form.append("message", "A message a forged session must not set.");
      form.append("version", await detailsVersion());
      form.append("photo", new Blob([new Uint8Array(image)], { type: "image/png" }), "photo.png");
      return { body: form };
    }
    if (route.id === "routes/admin/content/save-video") {
      return { body: new URLSearchParams({ version: await detailsVersion(), upload: finishableUploadId, parts: "1" }) };
    }
    if (route.id === "routes/admin/content/store-video-part") return { body: new Blob([new Uint8Array(SMALL_SITE_VIDEO)]) };
    if (route.id === "routes/admin/content/goals") {
      return { body: new URLSearchParams({ intent: "save", title: "Seeded goal", description: "A goal a forged session must not add." }) };
    }
    if (route.id === "routes/admin/content/move-item") return { body: new URLSearchParams({ direction: "down" }) };
    if (route.id === "routes/admin/blood/index") {
      return {
        body: new URLSearchParams({
          intent: "create",
          patientGroup: "O+",
          units: "1",
          hospital: "A hospital a forged session must not log",
          city: "Sargodha",
          neededBy: "2099-01-01T10:00",
          contact: "Ward 4",
        }),
      };
    }
    if (route.id === "routes/admin/members/index") return { body: new URLSearchParams({ intent: "start-session", session: "2099–00" }) };
    if (route.id === "routes/admin/members/member") {
      return { body: new URLSearchParams({ intent: "set-position", position: "A position a forged session must not set" }) };
    }
    if (route.id === "routes/admin/blood/request") {
      return { body: new URLSearchParams({ intent: "reveal", donorId: bloodDonorId, channel: "number" }) };
    }
    if (route.id === "routes/admin/requests/index") {
      if (intent === "delete-selected") return { body: new URLSearchParams({ intent, "ids[0]": otherApplicationId }) };
      return { body: new URLSearchParams({ intent: "set-status", "ids[0]": applicationId, status: "accepted" }) };
    }
    // A page's action does one thing per intent; its guards run before any: one body of each page is probed.
    if (route.id === "routes/admin/mail/index")
      return {
        body: new URLSearchParams({
          intent: "confirmation",
          subject: "A subject a forged session must not set",
          text: "A text a forged session must not set",
        }),
      };
    if (route.id === "routes/admin/personal-data/index")
      return { body: new URLSearchParams({ intent: "erase", email: "erasable.secret@example.org" }) };
    if (route.id === "routes/admin/accounts/index") return { body: new URLSearchParams({ intent: "delete", adminId: targetAdminId }) };
    if (route.id === "routes/admin/security/index") {
      // Starting the setup asks for a recent password; signing out the admin's other sessions would show as a change.
      return { body: new URLSearchParams({ intent: intent ?? "revoke-other-sessions" }) };
    }
    if (route.id === "routes/admin/messages/index") {
      return {
        body: new URLSearchParams(
          intent === "delete" ? { intent, "ids[0]": otherMessageId } : { intent: intent ?? "mark-read", id: messageId },
        ),
      };
    }
    const photoForms: Record<string, Record<string, string>> = {
      "routes/admin/content/team": { intent: "save", name: "Seeded Member", title: "A member a forged session must not add" },
      "routes/admin/content/collaborators": {
        intent: "save",
        name: "Seeded Partner",
        description: "A partner a forged session must not add",
      },
      "routes/admin/content/resources": {
        intent: "save",
        title: "Seeded Notes",
        menuLabel: "Seeded",
        url: "https://drive.example.org/seeded",
      },
    };
    if (route.id === "routes/admin/content/galleries") {
      return { body: new URLSearchParams({ intent: "save", name: "Seeded Gallery", kind: "event" }) };
    }
    if (route.id === "routes/admin/content/gallery") {
      const alt = "An alt text a forged session must not set";
      return { body: new URLSearchParams({ intent: "save", id: galleryPhotoId, version: "1", alt }) };
    }
    if (route.id === "routes/admin/content/upload-gallery-photo") {
      const form = new FormData();
      form.append("photo", new Blob([new Uint8Array(image)], { type: "image/png" }), "photo.png");
      return { body: form };
    }
    if (route.id in photoForms) {
      const form = new FormData();
      for (const [name, value] of Object.entries(photoForms[route.id]!)) form.append(name, value);
      form.append("photo", new Blob([new Uint8Array(image)], { type: "image/png" }), "photo.png");
      return { body: form };
    }
    return { body: new URLSearchParams({ visible: "false" }) };
  }

  interface Probe {
    method: string;
    url: string;
    data: boolean;
  }

  /** Every way to reach a route: its loader (GET, HEAD) and its action (POST, PUT, PATCH, DELETE), as a page and as data. */
  function probesFor(route: ManifestRoute): Probe[] {
    const url = urlOf(route);
    const probes: Probe[] = [];
    for (const data of [false, true]) {
      const target = data ? dataUrl(url) : url;
      if (!(route.id in OPEN_PAGES)) for (const method of ["GET", "HEAD"]) probes.push({ method, url: target, data });
      for (const method of route.hasAction ? ["POST", "PUT", "PATCH", "DELETE"] : ["POST"]) probes.push({ method, url: target, data });
    }
    return probes;
  }

  async function request(route: ManifestRoute, probe: Probe, cookie?: string) {
    const write = probe.method !== "GET" && probe.method !== "HEAD";
    const response = await fetch(`${server.url}${probe.url}`, {
      method: probe.method,
      redirect: "manual",
      headers: { ...(write ? siteOrigin(server.publicUrl) : {}), ...(cookie ? { cookie } : {}) },
      ...(write ? await bodyFor(route) : {}),
      signal: AbortSignal.timeout(15_000),
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  }

  const protectedRoutes = () => manifest.filter((route) => !(route.id in PUBLIC_ROUTES) && !(route.id in ADMIN_ENTRY_ROUTES));

  test("the manifest is read, every admin path is either protected or a named entry, and the lists name only routes that exist", () => {
    expect(manifest.length).toBeGreaterThan(10);
    const ids = manifest.map((route) => route.id);
    for (const id of [...Object.keys(PUBLIC_ROUTES), ...Object.keys(ADMIN_ENTRY_ROUTES), ...Object.keys(OPEN_PAGES)])
      expect(ids).toContain(id);
    for (const route of manifest.filter((r) => r.path.startsWith("/admin"))) expect(Object.keys(PUBLIC_ROUTES)).not.toContain(route.id);
    // At least today's admin area (so a manifest read wrong cannot pass by checking nothing); a route added later
    // lands in protectedRoutes() by itself.
    expect(protectedRoutes().map((route) => route.path)).toEqual(
      expect.arrayContaining([
        "/admin-announcement",
        "/admin/announcements",
        "/admin/announcements/:id/registrations",
        "/admin/announcements/:id/registrations.csv",
        "/admin/join-us",
        "/admin/logout",
        "/admin/password",
        "/admin",
        "/admin/messages",
        "/admin/messages.csv",
        "/admin/content",
        "/admin/content/home",
        "/admin/content/goals",
        "/admin/content/video",
        "/admin/content/video/uploads",
        "/admin/content/video/uploads/:id/:index",
        "/admin/content/team",
        "/admin/content/collaborators",
        "/admin/content/resources",
        "/admin/content/galleries",
        "/admin/content/galleries/:id",
        "/admin/content/galleries/:id/photos",
        "/admin/content/:list/:id/delete",
        "/admin/content/:list/:id/move",
      ]),
    );
    // The routes whose handle asks for a recent password: at least today's (so a manifest read wrong cannot pass by
    // checking none); a route that declares it later is checked by itself.
    expect(
      protectedRoutes()
        .filter((route) => route.recentPassword)
        .map((route) => route.path),
    ).toEqual(expect.arrayContaining(["/admin/security", "/admin/accounts", "/admin/personal-data", "/admin", "/admin/messages"]));
  });

  test("every protected route, on every method, as a page and as data, refuses dead or forged sessions and unfinished sign-ins, and changes nothing", async () => {
    const checked: string[] = [];
    // Each probe's rows before are the last probe's rows after, but for the sessions its cookie made (the only table
    // cookieIn writes): half the reads. Anything else that moved meanwhile would still show as a change, not hide one.
    let lastAfter = await snapshotRows(server);
    // The sessions a probe's cookie made go once it is checked: thousands left behind would make every read slower.
    const seededSessions = [...lastAfter.sessions.keys()];
    const everyRouteStates = engine === "sqlite" ? EVERY_ROUTE_STATES : EVERY_ROUTE_STATES_ON_POSTGRES;
    const everyStateAt = new Set([
      protectedRoutes().find((route) => route.hasLoader && route.hasAction && !(route.id in OPEN_PAGES))!.id,
      protectedRoutes().find((route) => !route.hasLoader && route.hasAction)!.id,
    ]);
    for (const route of protectedRoutes()) {
      for (const probe of probesFor(route)) {
        for (const state of everyStateAt.has(route.id) ? SESSION_STATES : everyRouteStates) {
          if (state === "one-time password not changed" && ALLOWED_WITH_ONE_TIME_PASSWORD.has(route.id)) continue;
          if (state === "second factor still to come" && ALLOWED_WITH_SECOND_FACTOR_PENDING.has(route.id)) continue;
          const { cookie, sessionId } = await cookieIn(state);
          const before = { ...lastAfter, sessions: await snapshotTable(server, "sessions") };
          const answer = await request(route, probe, cookie);
          lastAfter = await snapshotRows(server);
          const changes = diffRows(before, lastAfter);
          const context = `${probe.method} ${probe.url} with ${state} answered ${answer.status} ${answer.text.slice(0, 200)}`;

          // Refused: a redirect to the login (pages), 202 + a redirect to it (data), or a 4xx. React Router answers a
          // GET or HEAD `.data` request to a route without a loader with the root's public data only: 200 without
          // this route's id in it (the route's own code never runs).
          const location = answer.headers.get("location");
          // (A HEAD request gets the same 202 without the body that names the target.)
          const singleFetchRedirect =
            answer.status === 202 && (probe.method === "HEAD" || /"redirect","\/admin(\?[^"]*|\/login\/code)?"/.test(answer.text));
          const rootDataOnly =
            probe.data &&
            (probe.method === "GET" || probe.method === "HEAD") &&
            !route.hasLoader &&
            answer.status === 200 &&
            !answer.text.includes(`"${route.id}"`);
          const refused =
            (answer.status >= 300 && answer.status < 400 && location !== null && LOGIN.test(location)) ||
            singleFetchRedirect ||
            (answer.status >= 400 && answer.status < 500) ||
            rootDataOnly;
          expect(refused, context).toBe(true);
          for (const secret of SECRETS) expect(answer.text, context).not.toContain(secret);

          // Nothing changes, but for the dead session itself, which is deleted on sight.
          const removedSessions = changes.sessions?.removed.map((row) => row.id) ?? [];
          if (sessionId && removedSessions.length > 0) expect(removedSessions, context).toEqual([sessionId]);
          const { sessions: _sessions, ...rest } = changes;
          expect(describeChanges(rest), context).toBe("");
          expect(changes.sessions?.added ?? [], context).toEqual([]);
          expect(changes.sessions?.changed ?? [], context).toEqual([]);
          checked.push(context);
          const leftovers = server.database.db.deleteFrom("sessions");
          await (seededSessions.length > 0 ? leftovers.where("id", "not in", seededSessions) : leftovers).execute();
        }
      }
    }
    expect(checked.length).toBeGreaterThan(300);
    for (const state of SESSION_STATES)
      expect(
        checked.some((context) => context.includes(` with ${state} answered`)),
        state,
      ).toBe(true);
    // Some 2,800 probes on SQLite and 850 on PostgreSQL, each reading every watched table once.
  }, 600_000);

  /** Where a browser refused for want of a recent password is sent: "Confirm it's you", maybe naming the page to return to. */
  const REAUTHENTICATE = /^\/admin\/reauthenticate(\?next=%2Fadmin[^&"]*)?$/;

  /**
   * A session whose password is 11 minutes old, at a route whose handle asks for a recent password: every write, from a
   * script, from a page and as the app's data request, is refused ("Confirm it's you") and changes nothing.
   */
  async function expectRecentPasswordAsked(route: ManifestRoute, cookie: string) {
    const url = urlOf(route);
    const probes: { method: string; url: string; accept?: string }[] = ["POST", "PUT", "PATCH", "DELETE"].flatMap((method) => [
      { method, url },
      { method, url: dataUrl(url) },
    ]);
    probes.push({ method: "POST", url, accept: "text/html" });
    // Every write of the route, or each intent it names, each with the body that would otherwise do it.
    const intents = route.recentPassword === true ? [undefined] : (route.recentPassword ?? []);
    for (const probe of intents.flatMap((intent) => probes.map((each) => ({ ...each, intent })))) {
      const before = await snapshotRows(server);
      const response = await fetch(`${server.url}${probe.url}`, {
        method: probe.method,
        redirect: "manual",
        headers: { ...siteOrigin(server.publicUrl), cookie, ...(probe.accept ? { accept: probe.accept } : {}) },
        ...(await bodyFor(route, probe.intent)),
        signal: AbortSignal.timeout(15_000),
      });
      const text = await response.text();
      const context = `${probe.method} ${probe.url}${probe.intent ? ` (${probe.intent})` : ""}${probe.accept ? " from a page" : ""} with a password 11 minutes old answered ${response.status} ${text.slice(0, 200)}`;
      if (probe.url.endsWith(".data")) {
        // The app's data request: told to go to "Confirm it's you".
        expect(response.status, context).toBe(202);
        expect(/"redirect","([^"]*)"/.exec(text)?.[1], context).toMatch(REAUTHENTICATE);
      } else if (probe.accept) {
        expect(response.status, context).toBe(303);
        expect(response.headers.get("location"), context).toMatch(REAUTHENTICATE);
      } else if (route.hasLoader) {
        // A page's action: the page's error page says why.
        expect(response.status, context).toBe(403);
        expect(text, context).toContain(ADMIN_ACCESS_MESSAGES.reauthenticationRequired);
      } else {
        expect(response.status, context).toBe(403);
        expect(JSON.parse(text), context).toEqual({
          error: ADMIN_ACCESS_MESSAGES.reauthenticationRequired,
          reauthenticate: expect.stringMatching(REAUTHENTICATE),
        });
      }
      const { sessions: _sessions, ...rest } = diffRows(before, await snapshotRows(server));
      expect(describeChanges(rest), context).toBe("");
    }
  }

  test("and with a live session the same requests get through (so the refusals above are the session's doing); with a password entered 11 minutes ago too, but where the route's handle asks for a recent password: there every write is refused until the password is entered again", async () => {
    const elevenMinutesAgo = new Date(Date.now() - 11 * 60_000).toISOString();
    const asked: string[] = [];
    for (const route of protectedRoutes()) {
      const { token, session } = await store().create(adminId);
      // Signed in (and the password last entered) 11 minutes ago, active now.
      await server.database.db
        .updateTable("sessions")
        .set({ createdAt: elevenMinutesAgo, authenticatedAt: elevenMinutesAgo })
        .where("id", "=", session.id)
        .execute();
      if (route.recentPassword) {
        await expectRecentPasswordAsked(route, cookieFor(token));
        asked.push(route.path);
        // "Confirm it's you": the password entered again now.
        await server.database.db.updateTable("sessions").set({ authenticatedAt: nowIso() }).where("id", "=", session.id).execute();
      }
      const probe: Probe = route.hasLoader
        ? { method: "GET", url: urlOf(route), data: false }
        : { method: "POST", url: urlOf(route), data: false };
      const answer = await request(route, probe, cookieFor(token));
      // Logout ends the session and sends the browser back to the login.
      expect(answer.status, `${probe.method} ${probe.url}: ${answer.text.slice(0, 200)}`).toBe(
        route.id === "routes/admin/sign-in/logout" ? 302 : 200,
      );
    }
    expect(asked.length).toBeGreaterThan(0);
  });

  test("an Editor is refused at every Owner's route, on every method, and changes nothing; admitted at the others", async () => {
    const { token } = await store().create(editorId);
    const owners = protectedRoutes().filter((route) => OWNER_ROUTES.has(route.id));
    expect(owners.map((route) => route.id).sort()).toEqual([...OWNER_ROUTES].sort());
    for (const route of owners) {
      for (const probe of probesFor(route).filter((p) => !(p.data && !route.hasLoader && (p.method === "GET" || p.method === "HEAD")))) {
        const before = await snapshotRows(server);
        const answer = await request(route, probe, cookieFor(token));
        const context = `${probe.method} ${probe.url} as an Editor answered ${answer.status} ${answer.text.slice(0, 200)}`;
        // A page: 403 with the reason; the app's data request: 403 too; a method the route has no handler for: 405.
        expect([403, 405], context).toContain(answer.status);
        const { sessions: _sessions, ...rest } = diffRows(before, await snapshotRows(server));
        expect(describeChanges(rest), context).toBe("");
        for (const secret of ["Secret Applicant Zainab", "waiting.secret@example.org"]) expect(answer.text, context).not.toContain(secret);
      }
      const page = await request(route, { method: route.hasLoader ? "GET" : "POST", url: urlOf(route), data: false }, cookieFor(token));
      expect(page.status).toBe(403);
      expect(page.text).toContain("Only an Owner can open this page or make this change.");
    }
    for (const route of protectedRoutes().filter(
      (r) => !OWNER_ROUTES.has(r.id) && !BLOOD_ROUTES.has(r.id) && r.hasLoader && !r.path.includes(":"),
    )) {
      const answer = await request(route, { method: "GET", url: urlOf(route), data: false }, cookieFor(token));
      expect(answer.status, `GET ${route.path} as an Editor`).toBe(200);
    }
  });

  test("an Editor is refused at every Blood route, on every method, and sees no donor's number; a blood coordinator Editor gets through", async () => {
    const { token } = await store().create(editorId);
    const blood = protectedRoutes().filter((route) => BLOOD_ROUTES.has(route.id));
    expect(blood.map((route) => route.id).sort()).toEqual([...BLOOD_ROUTES].sort());
    for (const route of blood) {
      for (const probe of probesFor(route).filter((p) => !(p.data && !route.hasLoader && (p.method === "GET" || p.method === "HEAD")))) {
        const before = await snapshotRows(server);
        const answer = await request(route, probe, cookieFor(token));
        const context = `${probe.method} ${probe.url} as an Editor answered ${answer.status} ${answer.text.slice(0, 200)}`;
        expect([403, 405], context).toContain(answer.status);
        const { sessions: _sessions, ...rest } = diffRows(before, await snapshotRows(server));
        expect(describeChanges(rest), context).toBe("");
        expect(answer.text, context).not.toContain(DONOR_PHONE);
      }
      const page = await request(route, { method: "GET", url: urlOf(route), data: false }, cookieFor(token));
      expect(page.status).toBe(403);
      expect(page.text).toContain("Only an Owner or a blood coordinator can open this page or make this change.");
    }
    await server.database.db.updateTable("admins").set({ bloodCoordinator: 1 }).where("id", "=", editorId).execute();
    try {
      for (const route of blood) {
        const page = await request(route, { method: "GET", url: urlOf(route), data: false }, cookieFor(token));
        expect(page.status, `GET ${urlOf(route)} as a blood coordinator`).toBe(200);
      }
      const reveal = blood.find((route) => route.id === "routes/admin/blood/request")!;
      const revealed = await request(reveal, { method: "POST", url: dataUrl(urlOf(reveal)), data: true }, cookieFor(token));
      expect(revealed.status).toBe(200);
      expect(revealed.text).toContain(DONOR_PHONE);
      // The donation intervals stay an Owner's to set.
      const list = blood.find((route) => route.id === "routes/admin/blood/index")!;
      const intervals = await fetch(`${server.url}${dataUrl(urlOf(list))}`, {
        method: "POST",
        redirect: "manual",
        headers: { ...siteOrigin(server.publicUrl), cookie: cookieFor(token) },
        body: new URLSearchParams({ intent: "set-intervals", men: "60", women: "80" }),
      });
      expect(intervals.status).toBe(403);
      const settings = await server.database.db.selectFrom("settings").select(["bloodIntervalMenDays", "bloodIntervalWomenDays"]).execute();
      expect(settings).toEqual([{ bloodIntervalMenDays: null, bloodIntervalWomenDays: null }]);
    } finally {
      await server.database.db.updateTable("admins").set({ bloodCoordinator: 0 }).where("id", "=", editorId).execute();
    }
  });

  test("the admin entry points give nothing away without a session: /admin is the login form, as a page and as data", async () => {
    for (const state of SESSION_STATES) {
      const { cookie } = await cookieIn(state);
      for (const url of ["/admin", "/admin.data"]) {
        const answer = await fetch(`${server.url}${url}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
        const text = await answer.text();
        const context = `${url} with ${state}`;
        if (state === "second factor still to come") {
          // Sent on to the code screen, as a page or as the app's data request.
          expect([302, 202], context).toContain(answer.status);
          expect(answer.headers.get("location") ?? text, context).toContain("/admin/login/code");
          expect(text, context).not.toContain("Secret Applicant Zainab");
          continue;
        }
        expect(answer.status, context).toBe(200);
        for (const secret of SECRETS) if (state !== "one-time password not changed") expect(text, context).not.toContain(secret);
        expect(text, context).not.toContain("Secret Applicant Zainab");
        expect(text, context).not.toContain("applications");
      }
    }
  });

  test("the public routes answer anyone; a link's page (a donor's, a member's renewal, a ticket, a door, a certificate) only with its token or number (404 without)", async () => {
    const linkPages = new Set([
      "routes/blood-donor-link",
      "routes/blood-donor-answer",
      "routes/member-renewal",
      "routes/ticket",
      "routes/ticket-ur",
      "routes/door",
      "routes/door-list",
      "routes/certificate",
    ]);
    for (const route of manifest.filter((r) => r.id in PUBLIC_ROUTES && r.hasLoader)) {
      const url = route.path === "/*" ? "/no-such-page" : route.path.replace(":slug", gallerySlug).replace(":id", announcementId);
      const answer = await fetch(`${server.url}${url}`, { redirect: "manual" });
      expect(answer.status, url).toBe(route.id === "routes/not-found" || linkPages.has(route.id) ? 404 : 200);
      const text = await answer.text();
      for (const secret of ["Secret Applicant Zainab", "Secret Donor Nadia", DONOR_PHONE, "Secret Member Sana"])
        expect(text, url).not.toContain(secret);
    }
  });

  test("an upload refused for want of a session still gets its answer, not a reset connection", async () => {
    const big = "x".repeat(2 * 1024 * 1024);
    for (let i = 0; i < 12; i++) {
      const response = await fetch(`${server.url}/admin/announcements`, {
        method: "POST",
        headers: siteOrigin(server.publicUrl),
        body: new URLSearchParams({ description: big }),
        signal: AbortSignal.timeout(15_000),
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: "Your session has ended. Please log in again.", login: "/admin?ended=1" });
    }
  });

  test("the server logged no error, unhandled rejection or stack trace", () => {
    expectCleanServerLog(server);
  });
});
