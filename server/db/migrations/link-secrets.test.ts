import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openTestDatabase, type TestDatabase, testEngines } from "#tests/shared/test-database.ts";
import { type OutboxPayload, renderMail } from "#server/mail/messages.ts";
import { down, up } from "./2026-12-02T10-00-00_link-secrets";

const TOKENS: Record<"waiting" | "sent", string> = {
  waiting: "Q2r1Yb0v9tW3nL7kX5pZ8cJ4mH6dF2sA1gE0uR9iO3y",
  sent: "a8Kd0Lw2Pq5Rt7Yu9Io1Pa3Sd5Fg7Hj9Kl1Zx3Cv5Bn",
};
const textWith = (token: string) =>
  `Choose a new password here. The link works once:\nhttps://society.example/admin/reset-password?token=${token}\n\nIf you did not ask for this, ignore this mail.`;

describe.each(testEngines())("the link-secrets migration on %s", (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
    await down(database.db.withoutPlugins() as Kysely<unknown>);
  });
  afterEach(async () => {
    await database?.destroy();
  });

  test("account mails queued before it keep their link apart to send; those already sent lose it; both name their link", async () => {
    const db = database.db;
    const at = "2026-11-30T10:00:00.000Z";
    for (const status of ["waiting", "sent"] as const) {
      const token = TOKENS[status];
      await db
        .insertInto("adminLinks")
        .values({
          id: `link-${status}`,
          kind: "password-reset",
          tokenHash: crypto.createHash("sha256").update(token).digest("hex"),
          email: "sana@example.org",
          role: null,
          adminId: null,
          createdBy: null,
          createdAt: at,
          expiresAt: "2026-11-30T10:30:00.000Z",
          usedAt: null,
        })
        .execute();
      const payload = { kind: "account", to: { name: "Sana", address: "sana@example.org" }, subject: "Reset", text: textWith(token) };
      // The table as it was before: without the two new columns.
      await db
        .insertInto("mailOutbox")
        .values({
          id: `mail-${status}`,
          kind: "account",
          payload: JSON.stringify(payload),
          status,
          attempts: 0,
          nextAttemptAt: at,
          createdAt: at,
        })
        .execute();
    }
    await up(db.withoutPlugins() as Kysely<unknown>);
    const rows = await db.selectFrom("mailOutbox").selectAll().orderBy("id").execute();
    expect(rows.map(({ id, status, secretLink, adminLinkId }) => ({ id, status, secretLink, adminLinkId }))).toEqual([
      {
        id: "mail-sent",
        status: "sent",
        secretLink: null,
        adminLinkId: "link-sent",
      },
      {
        id: "mail-waiting",
        status: "waiting",
        secretLink: `https://society.example/admin/reset-password?token=${TOKENS.waiting}`,
        adminLinkId: "link-waiting",
      },
    ]);
    expect(JSON.stringify(rows.map((row) => row.payload))).not.toMatch(new RegExp(`${TOKENS.waiting}|${TOKENS.sent}`));
    const waiting = rows.find((row) => row.id === "mail-waiting")!;
    expect(renderMail(JSON.parse(waiting.payload) as OutboxPayload, undefined, waiting.secretLink).text).toBe(
      `${textWith(TOKENS.waiting)}\n`,
    );
  });
});
