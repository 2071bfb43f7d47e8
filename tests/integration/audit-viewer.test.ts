import { beforeAll, describe, expect, test } from "vitest";
import { secretsKeyIn } from "../shared/secrets-key";
import { testEngines } from "../shared/test-database";
import { ADMIN, getPage, post, signIn } from "./helpers/admin";
import type { TestServer } from "./helpers/test-server";
import { useTestServer } from "./helpers/use-test-server";

/** The Owners' audit log over HTTP: sign-ins and changes with who, when and a code for the network, filtered. */
describe.each(testEngines())("the audit log viewer on %s", (engine) => {
  const setup = useTestServer(engine, { env: { TRUST_PROXY: "loopback" } });
  let server: TestServer;
  beforeAll(() => void (server = setup.server));

  test("a sign-in from a network shows under its code (the address is nowhere); entries filter by action and admin", async () => {
    const login = await post(server, "/admin/login", ADMIN, { headers: { "x-forwarded-for": "203.0.113.7" } });
    const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
    await post(server, "/admin/join-us", { visible: "false" }, { cookie, headers: { "x-forwarded-for": "203.0.113.9" } });

    const code = secretsKeyIn(server.dataDir).auditNetworkCode("203.0.113.0/24").slice(0, 8);
    const page = await (await getPage(server, "/admin/audit", cookie)).text();
    expect(page).toContain("login.success");
    expect(page).toContain("join-us.toggle");
    expect(page).toContain(`Network ${code}`);
    expect(page).not.toContain("203.0.113");
    expect(JSON.stringify(await server.database.db.selectFrom("audit_log").selectAll().execute())).not.toContain("203.0.113");

    const onlyToggles = await (await getPage(server, "/admin/audit?action=join-us.toggle", cookie)).text();
    expect(onlyToggles).toContain("join-us.toggle");
    expect(onlyToggles).not.toContain("login.success ");
    expect(onlyToggles).toContain("Entries (1)");
    const adminId = (await server.database.db.selectFrom("admins").select("id").where("email", "=", ADMIN.email).executeTakeFirstOrThrow())
      .id;
    expect(await (await getPage(server, `/admin/audit?admin=${adminId}`, cookie)).text()).toContain("login.success");
    expect(await (await getPage(server, "/admin/audit?admin=cli", cookie)).text()).toContain("No entries match.");
  });

  test("failed sign-ins from one network show as one entry with their count", async () => {
    for (const ip of ["198.51.100.7", "198.51.100.8", "198.51.100.9"]) {
      const refused = await post(
        server,
        "/admin/login",
        { email: ADMIN.email, password: "not the password" },
        { headers: { "x-forwarded-for": ip } },
      );
      expect(refused.status).toBe(401);
    }
    const cookie = await signIn(server);
    const page = await (await getPage(server, "/admin/audit?action=login.failure", cookie)).text();
    expect(page).toContain("Entries (1)");
    expect(page).toContain("3 times within 10 minutes");
  });

  test("an Editor is refused", async () => {
    const owner = await signIn(server);
    expect((await getPage(server, "/admin/audit", owner)).status).toBe(200);
    await server.database.db.updateTable("admins").set({ role: "editor" }).where("email", "=", ADMIN.email).execute();
    expect((await getPage(server, "/admin/audit", owner)).status).toBe(403);
    await server.database.db.updateTable("admins").set({ role: "owner" }).where("email", "=", ADMIN.email).execute();
  });
});
