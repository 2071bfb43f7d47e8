import { beforeEach, describe, expect, test } from "vitest";
import { answerTestEngines } from "#tests/shared/test-database.ts";
import { ADMIN, getPage, post, postToPage, seedApplication } from "./helpers/admin";
import type { TestServer } from "./helpers/test-server";
import { useTestServer } from "./helpers/use-test-server";

const ELEVEN_MINUTES_AGO = () => new Date(Date.now() - 11 * 60 * 1000).toISOString();

/**
 * Sensitive changes (accounts, two factors, retention, erasure, bulk deletes) ask for the password again when it was
 * entered in the session more than 10 minutes ago; other changes do not.
 */
describe.each(answerTestEngines())("confirming it's you before a sensitive change on %s", (engine) => {
  const setup = useTestServer(engine, { signedIn: true });
  let server: TestServer;
  let cookie: string;
  beforeEach(async () => {
    ({ server, cookie } = setup);
    // The password was entered at sign-in, 11 minutes ago.
    await server.database.db.updateTable("sessions").set({ createdAt: ELEVEN_MINUTES_AGO(), authenticatedAt: null }).execute();
  });

  const requestExists = async (id: string) =>
    (await server.database.db.selectFrom("applications").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;

  // Which writes ask for the password again, and how each kind of client is told, is access-control.test.ts's table.
  test("'Confirm it's you' refuses a wrong password at its field, takes the right one and leads back; the change then goes through", async () => {
    const id = await seedApplication(server, { fullname: "Kept Applicant", email: "kept@example.org" });
    expect((await post(server, "/admin", { intent: "delete-selected", "ids[0]": id }, { cookie })).status).toBe(403);
    expect(await (await getPage(server, "/admin/reauthenticate?next=%2Fadmin", cookie)).text()).toContain("Confirm it&#x27;s you");
    const wrong = await post(server, "/admin/reauthenticate?next=%2Fadmin", { password: "not my password" }, { cookie });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors?.password).toBe("That is not your password or a current code");
    const confirmed = await post(server, "/admin/reauthenticate?next=%2Fadmin", { password: ADMIN.password }, { cookie });
    expect([confirmed.status, confirmed.headers.get("location")]).toEqual([302, "/admin"]);

    expect((await postToPage(server, "/admin", { intent: "delete-selected", "ids[0]": id }, { cookie })).status).toBe(200);
    expect(await requestExists(id)).toBe(false);
  });

  test("an admin the Owners require to set up two factors confirms it's you and starts the setup, with no loop", async () => {
    await server.database.db.updateTable("settings").set({ twoFactorRequired: 1 }).execute();
    try {
      const fromSecurityPage = { cookie, headers: { accept: "text/html", referer: `${server.url}/admin/security` } };
      const start = await post(server, "/admin/security", { intent: "start-two-factor" }, fromSecurityPage);
      expect(start.status).toBe(303);
      expect(start.headers.get("location")).toBe("/admin/reauthenticate?next=%2Fadmin%2Fsecurity");

      const page = await getPage(server, "/admin/reauthenticate?next=%2Fadmin%2Fsecurity", cookie);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Confirm it&#x27;s you");
      const confirmed = await post(server, "/admin/reauthenticate?next=%2Fadmin%2Fsecurity", { password: ADMIN.password }, { cookie });
      expect(confirmed.status).toBe(302);
      expect(confirmed.headers.get("location")).toBe("/admin/security");

      expect((await post(server, "/admin/security", { intent: "start-two-factor" }, fromSecurityPage)).status).toBe(200);
      expect(await (await getPage(server, "/admin/security", cookie)).text()).toContain('data-testid="two-factor-secret"');
      // The rest of the admin area still waits for the setup.
      expect((await getPage(server, "/admin", cookie)).headers.get("location")).toBe("/admin/security");
    } finally {
      await server.database.db.updateTable("settings").set({ twoFactorRequired: 0 }).execute();
    }
  });
});
