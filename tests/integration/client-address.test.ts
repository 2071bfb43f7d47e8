import crypto from "node:crypto";
import { afterEach, describe, expect, test } from "vitest";
import { formBody, joinApplication } from "./helpers/forms";
import { siteOrigin, startTestServer, type TestServer } from "./helpers/test-server";

/** The join form's per-address limit: 30 applications per 10 minutes. */
const JOIN_LIMIT = 30;
/** What JOIN_LIMIT + 1 applications from one client get. */
const LIMITED = [...Array<number>(JOIN_LIMIT).fill(200), 429];

const forgedAddress = () => `203.0.113.${crypto.randomInt(1, 255)}`;

async function submitWithForwardedFor(server: TestServer, forwardedFor: string): Promise<number> {
  const response = await fetch(`${server.url}/join`, {
    method: "POST",
    headers: { ...siteOrigin(server.publicUrl), "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": forwardedFor },
    body: formBody("/join", joinApplication()),
  });
  await response.arrayBuffer();
  return response.status;
}

/**
 * Where the client address comes from is Express's "trust proxy" logic, the same on both engines, so these
 * run on SQLite only; the limits themselves are tested on PostgreSQL elsewhere.
 */
describe("a forged X-Forwarded-For does not move the rate limits", () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  test("without TRUST_PROXY the header is ignored: the connection's address is limited", async () => {
    server = await startTestServer("sqlite");
    const statuses = [];
    for (let i = 0; i <= JOIN_LIMIT; i++) statuses.push(await submitWithForwardedFor(server, forgedAddress()));
    expect(statuses).toEqual(LIMITED);
  });

  test.each([
    ["a hop count", "1"],
    ["the proxy's address", "127.0.0.1"],
  ])("behind one proxy (TRUST_PROXY as %s) only the address the proxy appended counts", async (_, trustProxy) => {
    server = await startTestServer("sqlite", { TRUST_PROXY: trustProxy });
    // The proxy appends the address it saw (198.51.100.7) to whatever the client claimed.
    const statuses = [];
    for (let i = 0; i <= JOIN_LIMIT; i++) statuses.push(await submitWithForwardedFor(server, `${forgedAddress()}, 198.51.100.7`));
    expect(statuses).toEqual(LIMITED);
    // Another real client behind the same proxy has its own allowance.
    expect(await submitWithForwardedFor(server, `${forgedAddress()}, 198.51.100.8`)).toBe(200);
  });
});
