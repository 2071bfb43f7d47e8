import { beforeAll, describe, expect, test } from "vitest";
import { secretsKeyIn } from "#tests/shared/secrets-key.ts";
import { answerTestEngines } from "#tests/shared/test-database.ts";
import { ADMIN, getPage, post } from "./helpers/admin";
import type { TestServer } from "./helpers/test-server";
import { useTestServer } from "./helpers/use-test-server";

/** The Owners' audit log over HTTP: sign-ins and changes with who, when and a code for the network, filtered. */
describe.each(answerTestEngines())("the audit log viewer on %s", (engine) => {
  const setup = useTestServer(engine, { env: { TRUST_PROXY: "loopback" } });
  let server: TestServer;
  beforeAll(() => void (server = setup.server));

  test("a sign-in from a network shows under its code (the address is nowhere); failures counted; entries filter by action and admin", async () => {
    for (const ip of ["203.0.113.5", "203.0.113.6"]) {
      const wrong = { email: ADMIN.email, password: "not the password" };
      expect((await post(server, "/admin/login", wrong, { headers: { "x-forwarded-for": ip } })).status).toBe(401);
    }
    const login = await post(server, "/admin/login", ADMIN, { headers: { "x-forwarded-for": "203.0.113.7" } });
    const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
    await post(server, "/admin/join-us", { visible: "false" }, { cookie, headers: { "x-forwarded-for": "203.0.113.9" } });

    const code = secretsKeyIn(server.dataDir).auditNetworkCode("203.0.113.0/24").slice(0, 8);
    const page = await (await getPage(server, "/admin/audit", cookie)).text();
    expect(page).toContain("login.success");
    expect(page).toContain("join-us.toggle");
    expect(page).toContain(`Network ${code}`);
    expect(page).toContain("2 times within 10 minutes");
    expect(page).not.toContain("203.0.113");

    const onlyToggles = await (await getPage(server, "/admin/audit?action=join-us.toggle", cookie)).text();
    expect(onlyToggles).toContain("Entries (1)");
    expect(onlyToggles).not.toContain("login.success ");
    const adminId = (await server.database.db.selectFrom("admins").select("id").where("email", "=", ADMIN.email).executeTakeFirstOrThrow())
      .id;
    expect(await (await getPage(server, `/admin/audit?admin=${adminId}`, cookie)).text()).toContain("login.success");
    expect(await (await getPage(server, "/admin/audit?admin=cli", cookie)).text()).toContain("No entries match.");
  });
});
