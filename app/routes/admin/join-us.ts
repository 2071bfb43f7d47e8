import { z } from "zod";
import { buttonAnswer, readForm } from "~/lib/forms.server";
import { requireAdmin } from "~/lib/require-admin.server";
import type { Route } from "./+types/join-us";
import { servicesContext } from "~/context";

const toggleSchema = z.object({ visible: z.enum(["true", "false"]) });

/** Stores the switch's new value and answers with what is now stored. */
export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = await requireAdmin(request, context);
  const parsed = toggleSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return buttonAnswer({ ok: false, error: 'visible must be "true" or "false"' }, 400);
  const joinUsVisible = await context.get(servicesContext).settings.setJoinUsVisible(parsed.data.visible === "true", admin.id);
  return buttonAnswer({ ok: true, joinUsVisible });
}
