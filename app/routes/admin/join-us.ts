import { z } from "zod";
import { readForm, reply, textFields } from "~/lib/admin-api.server";
import { requireAdmin } from "~/lib/admin.server";
import { setJoinUsVisible } from "~/lib/admin.server";
import type { Route } from "./+types/join-us";

const toggleSchema = z.object({ visible: z.enum(["true", "false"]) });

/** Stores the switch's new value and answers with what is now stored. */
export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = await requireAdmin(request, context);
  const parsed = toggleSchema.safeParse(textFields(await readForm(request), ["visible"]));
  if (!parsed.success) return reply({ ok: false, error: "Failed to toggle" }, 400);
  const stored = await setJoinUsVisible(context.db, parsed.data.visible === "true", admin.id);
  return reply({ ok: true, joinUsVisible: stored.joinUsVisible });
}
