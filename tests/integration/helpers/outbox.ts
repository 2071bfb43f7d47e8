import { waitFor } from "./forms";
import type { TestServer } from "./test-server";

/**
 * Waits until every delivery attempt of the mails whose payload contains `tag` has ended, without guessing a time a
 * late duplicate would need to arrive. Each claim of a job adds one to its `attempts` before anything is sent, and
 * ends in one of: the job marked sent, a logged failure, or a logged "sent after its lease passed". So once every
 * job is sent and the attempts add up to those outcomes, no delivery is still on its way, and the mails caught are
 * all the mails there will be. Claims that never end (a job claimed twice and still sending) time this out.
 */
export async function waitForEveryDeliveryAttempt(servers: TestServer[], tag: string): Promise<void> {
  const { db } = servers[0]!.database;
  await waitFor(async () => {
    const rows = await db.selectFrom("mailOutbox").select(["id", "status", "attempts"]).where("payload", "like", `%${tag}%`).execute();
    if (rows.some((row) => row.status !== "sent")) return false;
    const ids = new Set(rows.map((row) => row.id));
    const ended = servers
      .flatMap((server) => server.output().split("\n"))
      .filter((line) => /mail delivery failed; will retry|mail sent after its lease passed/.test(line))
      .filter((line) => ids.has(/"jobId":"([^"]+)"/.exec(line)?.[1] ?? ""));
    return rows.reduce((sum, row) => sum + Number(row.attempts), 0) === rows.length + ended.length;
  }, 30_000);
}
