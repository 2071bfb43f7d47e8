import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { site } from "#content/site.ts";
import { announcementsRepo } from "#server/repos/announcements.ts";
import { settingsRepo } from "#server/repos/settings.ts";
import { s3Storage } from "#server/storage/s3-storage.ts";
import { smallSite } from "#tests/shared/small-content.ts";
import { startTestS3Server, type TestS3Server } from "#tests/shared/test-s3-server.ts";
import {
  ADMIN,
  ADMIN_ENV,
  auditActions,
  getPage,
  imageForm,
  post,
  postLoginWhenLetIn,
  postToPage,
  seedApplication,
  signIn,
} from "./helpers/admin";
import { freshIp, joinApplication, postForm, waitFor } from "./helpers/forms";
import { waitForEveryDeliveryAttempt } from "./helpers/outbox";
import { type SmtpCatcher, smtpCatcher } from "./helpers/smtp-catcher";
import { sampleJpeg } from "./helpers/seed";
import { useSmallContent } from "./helpers/small-content";
import { uploadVideo } from "./helpers/video";
import { freePort, startTestServer, type TestServer } from "./helpers/test-server";

const APPLICATIONS = 40;
const CONCURRENCY = 8;

/** Runs `task` for 0..count-1 with at most `limit` running at once. */
async function inParallel(count: number, limit: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

/**
 * Two server processes behind one (imagined) load balancer: one PostgreSQL database, one bucket, and each its
 * own DATA_DIR. Whatever one instance does, the other must see: applications, sessions, limits, the Join Us
 * switch, uploaded images, mail.
 */
// PostgreSQL only: skipped without TEST_DATABASE_URL. .ci/run sets it, and with CI=true a missing database fails the run.
describe.skipIf(!process.env.TEST_DATABASE_URL)("two instances on one PostgreSQL database", () => {
  let smtp: SmtpCatcher;
  let bucket: TestS3Server;
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    smtp = smtpCatcher(await freePort());
    await smtp.start();
    bucket = await startTestS3Server();
    const env = {
      ...ADMIN_ENV,
      ...bucket.env,
      TRUST_PROXY: "loopback",
      MAIL_TRANSPORT: "smtp",
      SMTP_URL: smtp.url,
      MAIL_FROM: "Website <website@society.test>",
      MAIL_TO: "office@society.test",
      OUTBOX_POLL_MS: "100",
    };
    const storage = () => s3Storage(bucket.location);
    first = await startTestServer("postgres", env, { storage });
    second = await startTestServer("postgres", env, { shareDatabaseOf: first, storage });
  });
  const details = () => first.database.db.selectFrom("siteDetails").selectAll().executeTakeFirstOrThrow();
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
    await smtp?.stop();
    await bucket?.destroy();
  });

  test("each application sent to both at once is stored once and mailed exactly once", async () => {
    const acknowledged = new Map<string, number>();
    await inParallel(APPLICATIONS, CONCURRENCY, async (i) => {
      // The same submission (a retry through the other instance) arrives at both at the same moment.
      const application = joinApplication({ fullname: `Twin ${i}` });
      const answers = await Promise.all([first, second].map((server) => postForm(server, "/join", application, freshIp())));
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(await answer.text()).toContain("Thank you for joining us, we will contact you soon!");
        acknowledged.set(application.fullname as string, (acknowledged.get(application.fullname as string) ?? 0) + 1);
      }
    });

    const rows = await first.database.db
      .selectFrom("applications")
      .select(["id", "fullname"])
      .where("fullname", "like", "Twin %")
      .execute();
    expect(rows).toHaveLength(APPLICATIONS);
    // Both instances acknowledged each application, and it is stored once.
    for (const row of rows) expect(acknowledged.get(row.fullname)).toBe(2);

    await waitFor(async () => smtp.mails.filter((mail) => /Name: Twin \d+/.test(mail.text)).length >= APPLICATIONS || undefined, 30_000);
    // Fails when both instances deliver a job: two claims for one sent job, or a second mail.
    await waitForEveryDeliveryAttempt([first, second], "Twin ");
    const mailed = smtp.mails.map((mail) => /Name: (Twin \d+)/.exec(mail.text)?.[1]).filter(Boolean);
    expect(mailed).toHaveLength(APPLICATIONS);
    expect(new Set(mailed).size).toBe(APPLICATIONS);
  });

  test("a session made on one instance works on the other, and signing out on one ends it on both", async () => {
    const cookie = await signIn(first);
    const panel = await (await getPage(second, "/admin", cookie)).text();
    expect(panel).toContain("Admin Panel - All Requests");
    expect(panel).toContain("Mail is sent by SMTP.");
    expect((await post(second, "/admin/logout", {}, { cookie })).status).toBeLessThan(400);
    expect(await (await getPage(first, "/admin", cookie)).text()).toContain("Admin Login");
  });

  test("admin actions on both at once: every delete lands once, and the Join Us switch holds everywhere", async () => {
    const cookie = await signIn(first);
    const ids = await Promise.all(Array.from({ length: 10 }, (_, i) => seedApplication(first, { fullname: `Removable ${i}` })));
    const answers = await Promise.all(
      ids.map((id, i) => postToPage(i % 2 ? second : first, "/admin", { intent: "delete", id }, { cookie })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(ids.map(() => 200));
    const left = await first.database.db.selectFrom("applications").select("id").where("id", "in", ids).execute();
    expect(left).toEqual([]);
    expect(
      (await auditActions(first)).filter((entry) => entry.action === "application.delete" && ids.some((id) => entry.detail?.includes(id))),
    ).toHaveLength(10);

    // Hidden through one instance: the other refuses applications at once.
    expect((await post(first, "/admin/join-us", { visible: "false" }, { cookie })).body).toMatchObject({ ok: true, joinUsVisible: false });
    expect((await postForm(second, "/join", joinApplication(), freshIp())).status).toBe(403);
    expect((await post(second, "/admin/join-us", { visible: "true" }, { cookie })).body).toMatchObject({ ok: true, joinUsVisible: true });
    expect((await settingsRepo(first.database.db).get()).joinUsVisible).toBe(true);
    expect((await postForm(first, "/join", joinApplication(), freshIp())).status).toBe(200);
  });

  test("an account's login limit counts attempts on both instances: of 50 guesses at once, 5 are checked; then both refuse the right password", async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        postLoginWhenLetIn(i % 2 ? second : first, { email: ADMIN.email, password: `wrong-${i}` }, freshIp()),
      ),
    );
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(45);
    expect((await postLoginWhenLetIn(second, ADMIN, freshIp())).status).toBe(429);
    expect((await postLoginWhenLetIn(first, ADMIN, freshIp())).status).toBe(429);
    await first.database.db.deleteFrom("rateLimits").execute();
  }, 120_000);

  test("an address prefix's login limit counts attempts on both instances: an IPv6 client's /64, whichever address it uses", async () => {
    const fromTheSame64 = (i: number) => `2001:db8:5:7::${(i + 1).toString(16)}`;
    for (let i = 0; i < 10; i++) {
      const answer = await postLoginWhenLetIn(
        i % 2 ? second : first,
        { email: `guess-${i}@example.org`, password: "wrong-guess" },
        fromTheSame64(i),
      );
      expect(answer.status).toBe(401);
    }
    for (const server of [first, second]) {
      const refused = await postLoginWhenLetIn(server, ADMIN, "2001:db8:5:7:abcd::1");
      expect(refused.status).toBe(429);
      expect(refused.body.error).toMatch(/^Too many login attempts\. Please try again in a minute\.$/);
    }
    // Another /64 is another client.
    expect((await postLoginWhenLetIn(second, ADMIN, "2001:db8:5:8::1")).status).toBe(302);
    await first.database.db.deleteFrom("rateLimits").execute();
  });

  test("an image uploaded through one instance is served by the other, and deleting it there removes it from the bucket", async () => {
    const cookie = await signIn(first);
    const form = imageForm({
      files: [{ body: await sampleJpeg(), name: "poster.jpg", type: "image/jpeg" }],
      description: "Shared bucket poster",
    });
    const created = await post(first, "/admin/announcements", form, { cookie });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const variants = (await announcementsRepo(first.database.db).findById(created.body.id as string))!.image!.variants;

    expect(await (await getPage(second, "/announcement")).text()).toContain(`/uploads/${variants[0]!.key}`);
    for (const variant of variants) {
      const image = await getPage(second, `/uploads/${variant.key}`);
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toBe(`image/${variant.format}`);
    }

    expect((await postToPage(second, "/admin-announcement", { intent: "delete", id: created.body.id as string }, { cookie })).status).toBe(
      200,
    );
    for (const variant of variants) {
      expect(await first.storage.get(variant.key)).toBeUndefined();
      expect((await getPage(first, `/uploads/${variant.key}`)).status).toBe(404);
    }
  });

  test("a video uploaded through one instance plays from the other by ranges, out of the bucket", async () => {
    const cookie = await signIn(first);
    const film = fs.readFileSync(path.join(import.meta.dirname, "../../content/video/documentary.webm"));
    // Its parts go through one instance, the join through the other: the parts wait in the bucket.
    const answer = await uploadVideo(first, cookie, film, (await details()).version, { joinThrough: second });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const key = (await details()).documentaryVideo!;

    expect(await (await getPage(second, "/")).text()).toContain(`/media/${key}`);
    const part = await fetch(`${second.url}/media/${key}`, { headers: { range: "bytes=1000-1999" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 1000-1999/${film.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(film.subarray(1000, 2000))).toBe(true);

    expect(
      (await postToPage(second, "/admin/content/home", { intent: "remove-video", version: String((await details()).version) }, { cookie }))
        .status,
    ).toBe(200);
    expect(await first.storage.stat(key)).toBeUndefined();
    expect((await getPage(first, `/media/${key}`)).status).toBe(404);
  });

  test("content replaced through one instance's database and bucket shows on both at their next request, photos too", async () => {
    const pages = [first, second];
    // Both have drawn the home page, so both hold it in their page cache.
    for (const server of pages) expect(await (await getPage(server, "/")).text()).toContain(escapeHtml(site.tagline));

    await useSmallContent(first);

    for (const server of pages) {
      const html = await (await getPage(server, "/")).text();
      expect(html).toContain(smallSite().tagline);
      expect(html).not.toContain(escapeHtml(site.tagline));
      const logo = /<img[^>]+src="(\/uploads\/content\/[^"]+)"/.exec(html)?.[1];
      expect(logo).toBeTruthy();
      expect((await getPage(server, logo!)).status).toBe(200);
    }
  });
});

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#x27;");
