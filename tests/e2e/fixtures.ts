/**
 * The browser suite's fixtures:
 * - `server`: each worker's own server (tests/e2e/e2e-server.ts); `baseURL` points at it;
 * - `site`: the society's content (content/site.ts), validated like the server validates it;
 * - `seed`: writes through the real repositories into the database the worker's server reads
 *   (DATA_DIR/site.db, DATA_DIR/uploads); every test starts with no announcements, no join applications, no members (and no
 *   session named by an Owner), no blood donors or requests,
 *   no sessions or rate-limit counters, Join Us shown, two factors required of no one, E2E_ADMIN the only admin (an enabled Owner, its password
 *   back to E2E_ADMIN's, two-factor sign-in off), no invitation or reset links, and the site's content as the server imported it at its first start (whatever an admin screen changed is put back);
 * - `signInAsAdmin()`: gives the test's browser context (or another) a live admin session (no login form involved);
 * - `anotherBrowser()`: a second person's browser (a new context at the test's width), watched like the default page;
 * - `serverClock.advanceBy(ms)`: moves the server's clock ahead (calls in one test add up); the next test starts on
 *   the real time again;
 * - a guard on every page: the test fails if the page asks any host but the site's (or one the test answers itself, see
 *   `allowedForeignRequests`), or logs an error;
 * - `page.goto()` and `page.reload()` return once React has hydrated the page.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { test as base, type BrowserContext, expect, type Locator, type Page } from "@playwright/test";
import type { Kysely } from "kysely";
import { Secret } from "otpauth";
import sharp from "sharp";
import { site as siteContent } from "#content/site.ts";
import { validateSite } from "#server/content/load-site.ts";
import type { AdminRole } from "#core/admin-roles.ts";
import type { DonationInterval } from "#core/blood/eligibility.ts";
import type { BloodGroup } from "#core/blood/groups.ts";
import { type Availability, DONOR_CONSENT } from "#core/messages/blood.ts";
import type { RegistrationQuestion } from "#core/schemas/registration.ts";
import type { ApplicationStatus } from "#core/schemas/applications.ts";
import type { SiteContent } from "#core/schemas/site-content.ts";
import { createDatabase, type DatabaseHandle } from "#server/db/database.ts";
import type { Database } from "#server/db/schema.ts";
import { newId } from "#server/db/ids.ts";
import { hashPassword } from "#server/auth/password.server.ts";
import { SESSION_COOKIE } from "#server/auth/session-cookie.server.ts";
import { sessionStore } from "#server/auth/sessions.server.ts";
import { sealTotpSecret } from "#server/auth/totp-secret.ts";
import { adminsRepo } from "#server/repos/admins.ts";
import { recoveryCodesRepo } from "#server/repos/recovery-codes.ts";
import { hashRecoveryCode, newRecoveryCode, RECOVERY_CODE_COUNT } from "#server/auth/two-factor.server.ts";
import { announcementsRepo } from "#server/repos/announcements.ts";
import { adminLinksRepo } from "#server/repos/admin-links.ts";
import { bloodDonorsRepo } from "#server/repos/blood-donors.ts";
import { bloodRequestsRepo } from "#server/repos/blood-requests.ts";
import { membersRepo } from "#server/repos/members.ts";
import { applicationsRepo, serializeAnswers } from "#server/repos/applications.ts";
import { contactMessagesRepo } from "#server/repos/contact-messages.ts";
import { registrationsRepo } from "#server/repos/registrations.ts";
import { sessionsRepo } from "#server/repos/sessions.ts";
import { CONTENT_TABLES } from "#server/repos/site-content.ts";
import { settingsRepo } from "#server/repos/settings.ts";
import { secretsKeyIn } from "#tests/shared/secrets-key.ts";
import { ticketSigner } from "#server/services/registrations/tickets.ts";
import { E2E_ADMIN, type E2eServer, startE2eServer } from "./e2e-server";
import { storeEncodedImage } from "#server/services/image-store.ts";
import { type EncodedImage, encodeImage } from "#server/images/encode-image.ts";
import { RENEWAL_WINDOW_MS, sessionOf } from "#server/services/members.ts";
import { localStorage } from "#server/storage/local-storage.ts";

const CONTENT_DIR = fileURLToPath(new URL("../../content", import.meta.url));

export interface SeededAnnouncement {
  id: string;
  description: string;
  googleFormUrl: string | null;
  createdAt: string;
}

export interface SeedAnnouncement {
  description: string;
  /** The card's link; none unless given. */
  googleFormUrl?: string;
  title?: string;
  linkLabel?: string;
  /** When it was written, and (unless `publishAt` says otherwise) published; now unless given. */
  createdAt?: Date;
  /** Null: a draft. */
  publishAt?: Date | null;
  expiresAt?: Date;
  /** The event it announces: its start, end and place. */
  event?: { startsAt: Date; endsAt?: Date; location?: string };
  /** Collects its registrations on the site: its places (none: no limit), closing time and extra questions. */
  registration?: { capacity?: number; closesAt?: Date; questions?: RegistrationQuestion[] };
  pinned?: boolean;
  /** False: a text card. */
  withImage?: boolean;
}

export interface SeedApplication {
  fullname: string;
  email?: string;
  phone?: string;
  class?: string;
  department?: string;
  sargodhaAddress?: string;
  permanentAddress?: string;
  bloodGroup?: string | null;
  /** Question and answer pairs; stored as the join form stores them. */
  answers?: { question: string; answer: string }[];
  /** Stored as is instead of `answers` (e.g. text that does not parse). */
  rawAnswers?: string;
  createdAt?: Date;
  /** Marked as the join form marks a second application from one email within 30 days. */
  possibleDuplicate?: boolean;
  /** Where the committee has got with it; "new", as every request starts, unless given. */
  status?: ApplicationStatus;
}

export interface Seed {
  /** A join application, stored as the join form stores it. Returns its id. */
  application(input: SeedApplication): Promise<string>;
  /** Stores a real JPEG through the image store (unless `withImage` is false), then the announcement row. */
  announcement(input: SeedAnnouncement): Promise<SeededAnnouncement>;
  /** The admin's Join Us switch, as the repository stores it. */
  joinUsVisible(visible: boolean): Promise<void>;
  /** A contact message, stored as the contact form stores it (unread unless `readAt` is given). Returns its id. */
  contactMessage(input: SeedContactMessage): Promise<string>;
  /** An admin account besides E2E_ADMIN, as an accepted invitation creates it. Returns its id. */
  admin(input: SeedAdmin): Promise<string>;
  /**
   * Two-factor sign-in turned on for the admin with `email` (E2E_ADMIN unless given), as a confirmed setup stores it
   * but with no code of the app used yet. Returns the app's key (base32) and the ten recovery codes.
   */
  twoFactor(email?: string): Promise<{ secret: string; recoveryCodes: string[] }>;
  /**
   * A registration for an announcement that takes them, stored as the register form stores it and, unless `status` is
   * "unconfirmed", confirmed as its link confirms it. Returns the token of its "Confirm your place" link (which works only
   * while it is unconfirmed).
   */
  registration(announcementId: string, input: SeedRegistration): Promise<string>;
  /** The ticket token of the registration named `name` for the announcement, as its link and QR code carry it. */
  ticketOf(announcementId: string, name: string): Promise<string>;
  /** Who signs certificates, as an Owner sets them. */
  certificateSignatory(signatory: { name: string; title: string }): Promise<void>;
  /** An open invitation (an Editor's) or password reset link for `email`, as the accounts service stores it. Returns its token. */
  accountLink(kind: "invitation" | "password-reset", email: string): Promise<string>;
  /**
   * A blood donor, stored as the sign-up form stores one (with the consent's current wording) and, unless `confirmed` is
   * false, confirmed as their link confirms them. Returns the token of their personal link.
   */
  bloodDonor(input: SeedBloodDonor): Promise<string>;
  /** A coordinator's emergency request, as the Blood section logs one (by E2E_ADMIN). Returns its id. */
  bloodRequest(input: SeedBloodRequest): Promise<string>;
  /**
   * The donor with `donorEmail` asked by mail for a request, as "Ask by mail" records it (unanswered unless `answer` is
   * given; `donated` marks them as having given). Returns the token of the answer link their mail would carry.
   */
  bloodAsk(requestId: string, donorEmail: string, input?: { answer?: "yes" | "no"; donated?: boolean }): Promise<string>;
  /**
   * A member, as accepting their join request makes one (by E2E_ADMIN), with the history that goes with what is given (a
   * position set, lapsed to a past member). Returns their id, and the token of their "stay a member" link when
   * `askedToStay` is given.
   */
  member(input: SeedMember): Promise<SeededMember>;
}

export interface SeedMember {
  name: string;
  email?: string;
  /** 03001234567 unless given. */
  phone?: string;
  /** 2nd Year unless given. */
  class?: string;
  /** MBBS unless given. */
  department?: string;
  /** The session the server counts as current now (no Owner has named one: the reset clears it) unless given. */
  session?: string;
  /** A committee position, set by E2E_ADMIN after the acceptance; none unless given. */
  position?: string;
  /** Current unless given; a past member lapsed a minute ago. */
  status?: "current" | "past";
  /** When they were accepted (and, a day before, applied); a minute ago unless given. */
  acceptedAt?: Date;
  /** Asked by mail to stay for this session, as starting it asks (the link works for 30 days from now). */
  askedToStay?: string;
}

export interface SeededMember {
  id: string;
  /** The token of their "stay a member" link; null unless `askedToStay` was given. */
  renewalToken: string | null;
}

export interface SeedBloodRequest {
  /** O+ unless given. */
  patientGroup?: BloodGroup;
  /** 2 unless given. */
  units?: number;
  /** Mayo Hospital unless given. */
  hospital?: string;
  /** Lahore unless given. */
  city?: string;
  /** A day from now unless given. */
  neededBy?: Date;
  contact?: string;
  note?: string;
  /** Open unless given; a closed one is closed now. */
  status?: "open" | "fulfilled" | "not-needed";
}

export interface SeedBloodDonor {
  name: string;
  email?: string;
  /** A Pakistani mobile as stored (+923001234567) unless given. */
  phone?: string;
  /** B+ unless given. */
  bloodGroup?: BloodGroup;
  /** Lahore unless given. */
  city?: string;
  /** Model Town unless given. */
  area?: string;
  /** YYYY-MM-DD; none unless given. */
  lastDonation?: string;
  /** "men" (every 90 days) unless given. */
  interval?: DonationInterval;
  /** "available" unless given; `availableFrom` goes with "from". */
  availability?: Availability;
  availableFrom?: string;
  /** Confirmed from their link unless false. */
  confirmed?: boolean;
}

export interface SeedRegistration {
  name: string;
  email?: string;
  /** Unconfirmed unless given. */
  status?: "unconfirmed" | "registered" | "waiting";
  /** The answers to the announcement's own questions. */
  answers?: { question: string; answer: string }[];
  /** Checked in at the door (by "Sara"), holding a place. */
  checkedIn?: boolean;
}

export interface SeedAdmin {
  email: string;
  password: string;
  name?: string;
  /** An Editor unless given. */
  role?: AdminRole;
}

export interface SeedContactMessage {
  name: string;
  email?: string;
  message?: string;
  createdAt?: Date;
  readAt?: Date;
}

/** What a page did that a test must not let pass: asking another host, logging an error, throwing. */
export interface PageWatch {
  foreignRequests: string[];
  errors: string[];
}

/** A mail the site sent, as the worker's SMTP catcher (tests/e2e/e2e-server.ts) received it. */
export interface CaughtMailFile {
  headers: [string, string][];
  text: string;
  envelopeTo: string[];
  /** Files sent with it (a registration's event.ics), decoded. */
  attachments: { filename: string; contentType: string; content: string }[];
}

/** RFC 2047's encoded words (`=?UTF-8?B?…?=`, how a mail's header carries Urdu) as the text they stand for. */
const decodeEncodedWords = (value: string) =>
  value.replace(/(?:=\?UTF-8\?[BQ]\?[^?]*\?=\s*)+/gi, (run) => {
    // Adjacent words join without the space between them; their bytes are decoded together (a letter may span two).
    const bytes = [...run.matchAll(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi)].map(([, encoding, text]) =>
      encoding!.toUpperCase() === "B"
        ? Buffer.from(text!, "base64")
        : Buffer.from(
            text!.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            "latin1",
          ),
    );
    return Buffer.concat(bytes).toString("utf8") + (/\s$/.test(run) ? " " : "");
  });

/** A caught mail's header (`subject`, `to`…; names in lower case), encoded words decoded. */
export const header = (mail: CaughtMailFile, name: string) => {
  const value = mail.headers.find(([key]) => key === name)?.[1];
  return value === undefined ? undefined : decodeEncodedWords(value);
};

export interface Mailbox {
  /** Waits for the first mail (since this test began) whose text contains `text`. */
  waitFor(text: string, timeoutMs?: number): Promise<CaughtMailFile>;
  /** Every mail received since this test began. */
  all(): CaughtMailFile[];
}

/** The clock of the worker's server (tests/e2e/server-clock.cjs); the test process keeps the real one. */
export interface ServerClock {
  /** The server's `Date.now()` and `new Date()` run `ms` further ahead than before; resolves once the server has it. */
  advanceBy(ms: number): Promise<void>;
}

interface TestFixtures {
  seed: Seed;
  mailbox: Mailbox;
  /** Watches a page or context the test opened itself (browser.newContext) like the default page is watched. */
  watch: (target: Page | BrowserContext) => void;
  /** Console errors a test expects, matched against "<message> (<url of the source>)"; none by default. */
  allowedConsoleErrors: RegExp[];
  /**
   * Requests to another host a test expects and answers itself with `route()` (an app's link a button opens, such as
   * wa.me), matched against the URL; none by default.
   */
  allowedForeignRequests: RegExp[];
  resetData: undefined;
  /**
   * Gives the test's browser context (or `options.context`) a live session of E2E_ADMIN (or of the admin with
   * `options.email`), as a sign-in would.
   */
  signInAsAdmin: (options?: { email?: string; context?: BrowserContext }) => Promise<void>;
  /**
   * Opens another browser (a new context at the test's width, JavaScript as the test's) and its page: a second admin,
   * or the invitee. Watched like the default page; its `goto()` and `reload()` wait for hydration as the default
   * page's do. Closed at the end of the test.
   */
  anotherBrowser: () => Promise<Page>;
  serverClock: ServerClock;
}

interface WorkerFixtures {
  server: E2eServer;
  site: SiteContent;
  database: DatabaseHandle;
  /** The content tables' rows as the worker's server imported them from content/ at its first start. */
  contentSnapshot: ContentSnapshot;
  /** E2E_ADMIN's password hashed once per worker (argon2id is deliberately slow). */
  adminPasswordHash: string;
}

type ContentTable = (typeof CONTENT_TABLES)[number];
interface ContentSnapshot {
  rows: Record<ContentTable, Record<string, unknown>[]>;
  /**
   * settings.contentVersion once the content was last as the snapshot holds it. Every change to the content raises it
   * (an admin's edit, and a test's own write to the content tables, which must raise it too for the server to see it),
   * so while it is unchanged there is nothing to put back.
   */
  restoredAt: number;
  /** The imported photos' image rows, which a test's delete or photo removal may take away. */
  images: Record<string, unknown>[];
  /** A copy of their files (DATA_DIR/uploads/content), for the same reason. */
  filesCopy: string;
  filesDir: string;
}

async function snapshotContent(db: Kysely<Database>, dataDir: string): Promise<ContentSnapshot> {
  const rows = {} as ContentSnapshot["rows"];
  for (const table of CONTENT_TABLES) rows[table] = (await db.selectFrom(table).selectAll().execute()) as Record<string, unknown>[];
  const images = (await db.selectFrom("images").selectAll().where("sourceHash", "is not", null).execute()) as Record<string, unknown>[];
  const filesDir = path.join(dataDir, "uploads", "content");
  const filesCopy = path.join(dataDir, "content-files-snapshot");
  fs.cpSync(filesDir, filesCopy, { recursive: true });
  return { rows, images, filesCopy, filesDir, restoredAt: await contentVersion(db) };
}

async function contentVersion(db: Kysely<Database>): Promise<number> {
  return (await db.selectFrom("settings").select("contentVersion").executeTakeFirstOrThrow()).contentVersion;
}

/**
 * Puts the content back as `snapshot` holds it (the tables, and the imported photos' rows and files where a test
 * removed them), and raises the content version so the server reads it again. Nothing to do when the content has not
 * changed since it was last put back: the server then keeps the pages it has drawn.
 */
async function restoreContent(db: Kysely<Database>, snapshot: ContentSnapshot): Promise<void> {
  if ((await contentVersion(db)) === snapshot.restoredAt) return;
  fs.cpSync(snapshot.filesCopy, snapshot.filesDir, { recursive: true, force: false });
  await db.transaction().execute(async (trx) => {
    for (const table of [...CONTENT_TABLES].reverse()) await trx.deleteFrom(table).execute();
    for (const image of snapshot.images) {
      await trx
        .insertInto("images")
        .values(image as never)
        .onConflict((conflict) => conflict.column("id").doNothing())
        .execute();
    }
    for (const table of CONTENT_TABLES) {
      const rows = snapshot.rows[table];
      // A few rows per statement keeps far under SQLite's bound-parameter limit.
      for (let start = 0; start < rows.length; start += 50) {
        await trx
          .insertInto(table)
          .values(rows.slice(start, start + 50) as never)
          .execute();
      }
    }
    await trx
      .updateTable("settings")
      .set((eb) => ({ contentVersion: eb("contentVersion", "+", 1) }))
      .execute();
  });
  snapshot.restoredAt = await contentVersion(db);
}

/** The society's time zone: SITE_TIMEZONE's default, which the e2e server keeps. */
const SITE_TIME_ZONE = "Asia/Karachi";

/** The hex SHA-256 the site stores of a link's token (never the token). */
const sha256 = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** A small real photo: a two-colour JPEG, so the stored variants are genuine images. */
function sampleJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 17, g: 94, b: 89 } } })
    .composite([
      { input: { create: { width: 320, height: 240, channels: 3, background: { r: 251, g: 191, b: 36 } } }, left: 160, top: 120 },
    ])
    .jpeg({ quality: 80 })
    .toBuffer();
}

let encodedSample: Promise<EncodedImage> | undefined;
/** The sample photo's variants, encoded once per worker: each announcement seeded with an image stores copies of them. */
const sampleVariants = (): Promise<EncodedImage> => (encodedSample ??= sampleJpeg().then((jpeg) => encodeImage(jpeg)));

/** Makes `page.goto()` and `page.reload()` return once React has hydrated the page (app/root.tsx marks <html>). */
function waitForHydrationOnLoad(page: Page): void {
  const hydrated = () => page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const [goto, reload] = [page.goto.bind(page), page.reload.bind(page)];
  page.goto = async (...args) => {
    const response = await goto(...args);
    await hydrated();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await hydrated();
    return response;
  };
}

function watchTarget(
  target: Page | BrowserContext,
  allowedHost: string,
  allowedErrors: RegExp[],
  allowedForeign: RegExp[],
  watch: PageWatch,
) {
  const pages = "pages" in target ? target.pages() : [target];
  const onRequest = (url: string) => {
    const parsed = new URL(url);
    // data: and blob: URLs never leave the page; anything fetched over the network must come from the site.
    if (!["http:", "https:", "ws:", "wss:"].includes(parsed.protocol)) return;
    if (parsed.host !== allowedHost && !allowedForeign.some((pattern) => pattern.test(url))) watch.foreignRequests.push(url);
  };
  const attach = (page: Page) => {
    page.on("request", (request) => onRequest(request.url()));
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const text = `${message.text()} (${message.location().url})`;
      if (!allowedErrors.some((pattern) => pattern.test(text))) watch.errors.push(`console error: ${text}`);
    });
    page.on("pageerror", (error) => watch.errors.push(`page error: ${error.message}`));
  };
  pages.forEach(attach);
  if ("pages" in target) target.on("page", attach);
}

/**
 * Brings the page to rest for axe: motion off (cards that fade in on scroll show as they finally will, instead of
 * being caught half-faded while axe measures contrast), then waits for finite transitions to end.
 */
async function atRest(page: Page): Promise<void> {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    const timeout = new Promise((resolve) => setTimeout(resolve, 3_000));
    await Promise.race([Promise.allSettled(finite.map((animation) => animation.finished)), timeout]);
  });
}

/**
 * axe-core, the copy @axe-core/playwright depends on (so the version is the one it was built for), minified: the same
 * code in half the bytes, parsed in half the time in every page the catalogue checks.
 */
const AXE_SOURCE: string = fs.readFileSync(
  createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright")).resolve("axe-core/axe.min.js"),
  "utf8",
);

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[]; html: string }[];
}

/** What axe-core finds on the page once it is at rest, one line per rule with the elements that break it. */
export async function axeViolations(page: Page): Promise<string[]> {
  await atRest(page);
  // axe runs in the page itself (as @axe-core/playwright's legacy mode does), put there once per document: a second
  // check of the same page (narrowed to another width) reuses it, and only the violations are gathered in full. It
  // does not look into frames, so a page with a frame fails here until this check is made to reach it.
  expect(await page.locator("iframe").count(), "a frame this check does not look into").toBe(0);
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } };
    const results = await axe.run(document, { resultTypes: ["violations"] });
    return results.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map(({ target, html }) => ({ target, html })),
    }));
  });
  return violations.map(
    (v) => `${v.id} (${v.impact ?? "?"}): ${v.help} ${v.nodes.map((n) => `\n    ${n.target.join(" ")}: ${n.html.slice(0, 160)}`).join("")}`,
  );
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  server: [
    async ({}, use) => {
      const server = await startE2eServer();
      await use(server);
      await server.stop();
    },
    { scope: "worker", timeout: 60_000 },
  ],

  baseURL: async ({ server }, use) => {
    await use(server.origin);
  },

  site: [
    async ({}, use) => {
      await use(validateSite(siteContent, CONTENT_DIR));
    },
    { scope: "worker" },
  ],

  database: [
    async ({ server }, use) => {
      const database = createDatabase({ engine: "sqlite", file: path.join(server.dataDir, "site.db") });
      await use(database);
      await database.close();
    },
    { scope: "worker" },
  ],

  // Taken before the worker's first test changes anything (resetData, which every test uses, needs it).
  contentSnapshot: [
    async ({ database, server }, use) => {
      await use(await snapshotContent(database.db, server.dataDir));
    },
    { scope: "worker" },
  ],

  adminPasswordHash: [
    async ({}, use) => {
      await use(await hashPassword(E2E_ADMIN.password));
    },
    { scope: "worker" },
  ],

  // Every test starts from the same data, whatever ran before it.
  resetData: [
    async ({ database, server, adminPasswordHash, contentSnapshot }, use) => {
      const { db } = database;
      await restoreContent(db, contentSnapshot);
      // One transaction: one write to the disk, not twenty.
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom("registrations").execute();
        await trx.deleteFrom("announcements").execute();
        // Browsers subscribed to push notifications ("Get notified"); their pushes went with the announcements.
        await trx.deleteFrom("pushSubscriptions").execute();
        // The announcements' images; the content's photos (imported on the first start, sourceHash set) stay.
        await trx.deleteFrom("images").where("sourceHash", "is", null).execute();
        // Members (accepting a request makes one; every email is one member at most), with their history.
        await trx.deleteFrom("memberActivity").execute();
        await trx.deleteFrom("members").execute();
        await trx.updateTable("settings").set({ memberSession: null }).execute();
        await trx.deleteFrom("applications").execute();
        await trx.deleteFrom("bloodRequestAsks").execute();
        await trx.deleteFrom("bloodRequests").execute();
        await trx.deleteFrom("bloodDonors").execute();
        await trx.deleteFrom("sessions").execute();
        await trx.deleteFrom("rateLimits").execute();
        // The audit log an earlier test's changes wrote (the catalogue seeds an entry of its own).
        await trx.deleteFrom("auditLog").execute();
        // The accounts a test invited or seeded, and every invitation and reset link, go; E2E_ADMIN is an Owner again, signing in with its password alone.
        await trx.deleteFrom("adminLinks").execute();
        await trx.deleteFrom("admins").where("email", "!=", E2E_ADMIN.email).execute();
        await trx
          .updateTable("admins")
          .set({
            passwordHash: adminPasswordHash,
            mustChangePassword: 0,
            role: "owner",
            bloodCoordinator: 0,
            disabledAt: null,
            name: null,
            lastSignInAt: null,
            totpSecret: null,
            totpEnabledAt: null,
            totpLastStep: null,
          })
          .where("email", "=", E2E_ADMIN.email)
          .execute();
        await trx.deleteFrom("recoveryCodes").execute();
        await settingsRepo(trx).setJoinUsVisible(true);
        // Left required by a test, two factors would send every later test's admin to a setup screen first.
        await settingsRepo(trx).setTwoFactorRequired(false);
        await trx.deleteFrom("mailOutbox").execute();
        await trx.deleteFrom("contactMessages").execute();
      });
      for (const file of fs.readdirSync(server.mailDir)) fs.rmSync(path.join(server.mailDir, file), { force: true });
      fs.rmSync(path.join(server.dataDir, "uploads", "announcements"), { recursive: true, force: true });
      await use(undefined);
    },
    { auto: true },
  ],

  seed: async ({ database, server }, use) => {
    const { db } = database;
    const storage = localStorage(path.join(server.dataDir, "uploads"));
    await use({
      async announcement({ description, googleFormUrl, createdAt = new Date(), withImage = true, ...more }) {
        const image = withImage ? await storeEncodedImage({ db, storage }, await sampleVariants(), "announcements") : undefined;
        const id = newId();
        const at = createdAt.toISOString();
        await announcementsRepo(db).create(
          id,
          {
            title: more.title ?? null,
            description,
            imageId: image?.id ?? null,
            linkUrl: googleFormUrl ?? null,
            linkLabel: more.linkLabel ?? null,
            publishAt: more.publishAt === undefined ? at : more.publishAt && more.publishAt.toISOString(),
            expiresAt: more.expiresAt?.toISOString() ?? null,
            event: more.event
              ? {
                  startsAt: more.event.startsAt.toISOString(),
                  endsAt: more.event.endsAt?.toISOString() ?? null,
                  location: more.event.location ?? null,
                }
              : null,
            registration: more.registration
              ? {
                  capacity: more.registration.capacity ?? null,
                  closesAt: more.registration.closesAt?.toISOString() ?? null,
                  questions: more.registration.questions ?? [],
                }
              : null,
            pinned: more.pinned ?? false,
          },
          at,
        );
        return { id, description, googleFormUrl: googleFormUrl ?? null, createdAt: at };
      },
      async joinUsVisible(visible) {
        await settingsRepo(db).setJoinUsVisible(visible);
      },
      async application(input) {
        const id = newId();
        await applicationsRepo(db).create({
          id,
          fullname: input.fullname,
          class: input.class ?? "2nd Year",
          department: input.department ?? "MBBS",
          sargodhaAddress: input.sargodhaAddress ?? "12 College Road",
          permanentAddress: input.permanentAddress ?? "House 4, Street 9, Lahore",
          email: input.email ?? `${input.fullname.toLowerCase().replace(/[^a-z]+/g, ".")}@example.org`,
          phone: input.phone ?? "03001234567",
          bloodGroup: input.bloodGroup === undefined ? "B+" : input.bloodGroup,
          answers: input.rawAnswers ?? serializeAnswers(input.answers ?? []),
          submissionKey: null,
          createdAt: (input.createdAt ?? new Date()).toISOString(),
          possibleDuplicate: input.possibleDuplicate ? 1 : 0,
          status: input.status ?? "new",
        });
        return id;
      },
      async contactMessage(input) {
        const id = newId();
        await contactMessagesRepo(db).create({
          id,
          name: input.name,
          email: input.email ?? `${input.name.toLowerCase().replace(/[^a-z]+/g, ".")}@example.org`,
          message: input.message ?? "When is the next study circle?",
          submissionKey: null,
          createdAt: (input.createdAt ?? new Date()).toISOString(),
          readAt: input.readAt?.toISOString() ?? null,
        });
        return id;
      },
      async admin(input) {
        const admin = await adminsRepo(db).create({
          email: input.email,
          name: input.name ?? null,
          role: input.role ?? "editor",
          passwordHash: await hashPassword(input.password),
        });
        return admin.id;
      },
      async twoFactor(email = E2E_ADMIN.email) {
        const admin = await adminsRepo(db).findByEmail(email);
        if (!admin) throw new Error(`no admin ${email}: the e2e server creates ${E2E_ADMIN.email}, seed.admin() the others`);
        const secret = new Secret({ size: 20 }).base32;
        const at = new Date().toISOString();
        await adminsRepo(db).setPendingTotpSecret(admin.id, sealTotpSecret(secretsKeyIn(server.dataDir), admin.id, secret));
        // Step 0: no code of the app has been used, so the current one signs in.
        await adminsRepo(db).enableTotp(admin.id, at, 0);
        const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
        await recoveryCodesRepo(db).replace(admin.id, recoveryCodes.map(hashRecoveryCode), at);
        return { secret, recoveryCodes };
      },
      async registration(announcementId, { name, email, status = "unconfirmed", answers = [], checkedIn = false }) {
        const id = newId();
        const token = crypto.randomBytes(32).toString("base64url");
        await registrationsRepo(db).create({
          id,
          announcementId: announcementId,
          name,
          email: email ?? `${name.toLowerCase().replace(/[^a-z]+/g, ".")}@example.org`,
          phone: "03001234567",
          class: "2nd Year",
          answers: JSON.stringify(answers),
          submissionKey: null,
          createdAt: new Date().toISOString(),
          confirmTokenHash: sha256(token),
          confirmExpiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString(),
        });
        if (status !== "unconfirmed") await registrationsRepo(db).confirm(id, announcementId, status);
        if (checkedIn) await registrationsRepo(db).checkIn(id, new Date().toISOString(), "Sara");
        return token;
      },
      async certificateSignatory(signatory) {
        await settingsRepo(db).setCertificateSignatory(signatory);
      },
      async ticketOf(announcementId, name) {
        const registration = (await registrationsRepo(db).listFor(announcementId)).find((registration) => registration.name === name);
        if (!registration) throw new Error(`no registration of ${name}`);
        return ticketSigner(secretsKeyIn(server.dataDir)).token(registration);
      },
      async accountLink(kind, email) {
        const owner = await adminsRepo(db).findByEmail(E2E_ADMIN.email);
        const admin = kind === "password-reset" ? await adminsRepo(db).findByEmail(email) : undefined;
        if (kind === "password-reset" && !admin) throw new Error(`no admin ${email} to reset the password of`);
        const token = crypto.randomBytes(32).toString("base64url");
        const now = new Date();
        await adminLinksRepo(db).create({
          id: newId(),
          kind,
          tokenHash: sha256(token),
          email,
          role: kind === "invitation" ? "editor" : null,
          adminId: admin?.id ?? null,
          createdBy: kind === "invitation" ? owner!.id : null,
          createdAt: now.toISOString(),
          expiresAt: new Date(now.getTime() + 30 * 60 * 1000).toISOString(),
        });
        return token;
      },
      async bloodDonor(input) {
        const token = crypto.randomBytes(32).toString("base64url");
        const at = new Date().toISOString();
        const city = input.city ?? "Lahore";
        const stored = await bloodDonorsRepo(db).insert({
          id: newId(),
          name: input.name,
          email: input.email ?? `${input.name.toLowerCase().replace(/[^a-z]+/g, ".")}@example.org`,
          phone: input.phone ?? "+923001234567",
          bloodGroup: input.bloodGroup ?? "B+",
          city,
          cityKey: city.toLocaleLowerCase("en"),
          area: input.area ?? "Model Town",
          lastDonationOn: input.lastDonation ?? null,
          donationInterval: input.interval ?? "men",
          availability: input.availability ?? "available",
          availableFrom: input.availableFrom ?? null,
          consentVersion: DONOR_CONSENT.version,
          consentAt: at,
          linkTokenHash: sha256(token),
          confirmedAt: input.confirmed === false ? null : at,
          willingAt: at,
          remindedAt: null,
          submissionKey: null,
          createdAt: at,
        });
        if (!stored) throw new Error(`a blood donor with the email of ${input.name} is already stored`);
        return token;
      },
      async bloodRequest(input) {
        const owner = await adminsRepo(db).findByEmail(E2E_ADMIN.email);
        const id = newId();
        const at = new Date().toISOString();
        const city = input.city ?? "Lahore";
        const status = input.status ?? "open";
        await bloodRequestsRepo(db).create({
          id,
          patientGroup: input.patientGroup ?? "O+",
          units: input.units ?? 2,
          hospital: input.hospital ?? "Mayo Hospital",
          city,
          cityKey: city.toLocaleLowerCase("en"),
          neededBy: (input.neededBy ?? new Date(Date.now() + 24 * 60 * 60 * 1000)).toISOString(),
          contact: input.contact ?? "Ward 3 nurse, 0300 7654321",
          note: input.note ?? null,
          status,
          closedAt: status === "open" ? null : at,
          createdBy: owner!.id,
          createdAt: at,
        });
        return id;
      },
      async bloodAsk(requestId, donorEmail, { answer, donated = false } = {}) {
        const owner = await adminsRepo(db).findByEmail(E2E_ADMIN.email);
        const donor = await db.selectFrom("bloodDonors").select("id").where("email", "=", donorEmail).executeTakeFirst();
        if (!donor) throw new Error(`no blood donor ${donorEmail}: seed.bloodDonor() them first`);
        const token = crypto.randomBytes(32).toString("base64url");
        const at = new Date().toISOString();
        await bloodRequestsRepo(db).recordAsk({
          requestId,
          donorId: donor.id,
          channel: "mail",
          askedBy: owner!.id,
          askedAt: at,
          answer: answer ?? null,
          answeredAt: answer ? at : null,
          donated: donated ? 1 : 0,
          answerTokenHash: sha256(token),
        });
        return token;
      },
      async member(input) {
        const repo = membersRepo(db);
        const id = newId();
        const acceptedAt = input.acceptedAt ?? new Date(Date.now() - 60_000);
        const session = input.session ?? sessionOf(new Date(), SITE_TIME_ZONE);
        const status = input.status ?? "current";
        const renewalToken = input.askedToStay ? crypto.randomBytes(32).toString("base64url") : null;
        const lapsedAt = status === "past" ? new Date(Math.max(acceptedAt.getTime() + 1000, Date.now() - 60_000)) : null;
        await repo.create({
          id,
          applicationId: null,
          name: input.name,
          email: input.email ?? `${input.name.toLowerCase().replace(/[^a-z]+/g, ".")}@example.org`,
          phone: input.phone ?? "03001234567",
          class: input.class ?? "2nd Year",
          department: input.department ?? "MBBS",
          session,
          position: input.position ?? null,
          status,
          appliedAt: new Date(acceptedAt.getTime() - 24 * 60 * 60 * 1000).toISOString(),
          acceptedAt: acceptedAt.toISOString(),
          lapsedAt: lapsedAt?.toISOString() ?? null,
          renewalTokenHash: renewalToken && sha256(renewalToken),
          renewalSession: input.askedToStay ?? null,
          renewalDeadline: input.askedToStay ? new Date(Date.now() + RENEWAL_WINDOW_MS).toISOString() : null,
        });
        const by = E2E_ADMIN.email;
        await repo.record({ memberId: id, at: acceptedAt.toISOString(), kind: "accepted", detail: session, adminEmail: by });
        if (input.position) {
          const at = new Date(acceptedAt.getTime() + 500).toISOString();
          await repo.record({ memberId: id, at, kind: "position", detail: input.position, adminEmail: by });
        }
        if (lapsedAt) await repo.record({ memberId: id, at: lapsedAt.toISOString(), kind: "lapsed", detail: session, adminEmail: null });
        return { id, renewalToken };
      },
    });
  },

  signInAsAdmin: async ({ database, context, baseURL }, use) => {
    await use(async ({ email = E2E_ADMIN.email, context: target = context } = {}) => {
      const admin = await adminsRepo(database.db).findByEmail(email);
      if (!admin) throw new Error(`no admin ${email}: the e2e server creates ${E2E_ADMIN.email}, seed.admin() the others`);
      const { token } = await sessionStore(sessionsRepo(database.db)).create(admin.id);
      await target.addCookies([{ name: SESSION_COOKIE, value: token, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
    });
  },

  anotherBrowser: async ({ browser, baseURL, viewport, isMobile, hasTouch, userAgent, javaScriptEnabled, watch }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async () => {
      const context = await browser.newContext({ baseURL, viewport, isMobile, hasTouch, userAgent, javaScriptEnabled });
      contexts.push(context);
      watch(context);
      const page = await context.newPage();
      if (javaScriptEnabled !== false) waitForHydrationOnLoad(page);
      return page;
    });
    for (const context of contexts) await context.close();
  },

  serverClock: async ({ server }, use) => {
    let offsetMs = 0;
    await use({
      async advanceBy(ms) {
        offsetMs += ms;
        await server.setClockOffset(offsetMs);
      },
    });
    if (offsetMs !== 0) await server.setClockOffset(0);
  },

  mailbox: async ({ server }, use) => {
    const dir = server.mailDir;
    const all = () =>
      fs
        .readdirSync(dir)
        .sort()
        .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as CaughtMailFile);
    await use({
      all,
      async waitFor(text, timeoutMs = 10_000) {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const mail = all().find((m) => m.text.includes(text));
          if (mail) return mail;
          if (Date.now() > deadline) throw new Error(`no mail containing ${JSON.stringify(text)} within ${timeoutMs} ms`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      },
    });
  },

  allowedConsoleErrors: [[], { option: true }],

  allowedForeignRequests: [[], { option: true }],

  watch: async ({ baseURL, allowedConsoleErrors, allowedForeignRequests }, use) => {
    const allowedHost = new URL(baseURL!).host;
    const watch: PageWatch = { foreignRequests: [], errors: [] };
    await use((target) => watchTarget(target, allowedHost, allowedConsoleErrors, allowedForeignRequests, watch));
    expect(watch.foreignRequests, `the page asked a host other than ${allowedHost}`).toEqual([]);
    expect(watch.errors, "the page logged errors").toEqual([]);
  },

  // A control that needs JavaScript does nothing until React has hydrated the page (app/root.tsx then marks <html>):
  // every full page load waits for that mark, so no click lands on a page that cannot answer it yet.
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) waitForHydrationOnLoad(page);
    await use(page);
  },

  context: async ({ context, watch }, use) => {
    watch(context);
    await use(context);
  },
});

export { expect };

/**
 * The tag of a test (or describe) whose behaviour or layout depends on the width: the phone project (375 px) runs only
 * these; the desktop project runs every test (playwright.config.ts, docs/decisions/025-one-width-for-width-independent-flows.md).
 */
export const BOTH_WIDTHS = "@both-widths";

/**
 * The tag of a test that holds a time budget: `npm run test:e2e` runs these after every other test, so that the other
 * worker's load is not in the time they measure (package.json).
 */
export const ALONE = "@alone";

/** The phone project's viewport (playwright.config.ts). */
export const PHONE_VIEWPORT = { width: 375, height: 740 } as const;

/** Phone and desktop differ only in how the menu is reached and how many columns fit. */
export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;

/**
 * The home page's contact form once React runs it: its code arrives as the visitor nears it
 * (app/components/home/contact-form-when-near.tsx), so a test scrolls to it and waits, as a click before then would
 * post the form as without JavaScript.
 */
export async function readyContactForm(page: Page): Promise<Locator> {
  const form = page.getByRole("form", { name: "Contact form" });
  await form.scrollIntoViewIfNeeded();
  await expect(form).toHaveAttribute("data-hydrated", "");
  return form;
}
